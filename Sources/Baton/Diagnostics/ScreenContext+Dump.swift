/// The formats a ``ScreenContext`` chain can be dumped in.
///
/// ```swift
/// print(form.dump())                 // text, like ControllerContext's dumpToConsole
/// let json = form.dump(format: .json)
/// ```
public enum DumpFormat: Sendable, Hashable, CaseIterable {
    /// Lines of `level:key = value` under a `level:--- name ---` header per context, `level:[empty]`
    /// for a context that stores nothing and `<null>` for an explicit nil, as ControllerContext's
    /// `dumpToConsole` prints them.
    ///
    /// ```swift
    /// print(form.dump(format: .text))
    /// ```
    case text
    /// A JSON object `{"contexts":[{"name":…,"level":…,"values":{…}}]}`, nearest context first.
    ///
    /// ```swift
    /// let json = form.dump(format: .json)
    /// ```
    case json
}

extension ScreenContext {
    /// Describes the whole chain, from this context to the root: each context's name, its level
    /// (0 for the root) and its `key = value` pairs, sorted by key name.
    ///
    /// ```swift
    /// print(form.dump())
    /// // ---------------
    /// // 1:--- form ---
    /// // 1:Color = Blue
    /// // 1:Size = Large
    /// // 0:--- app ---
    /// // 0:UserID = 12345
    /// // ---------------
    /// ```
    ///
    /// As in ControllerContext, a context that stores nothing prints `level:[empty]` and an explicit
    /// nil prints as `<null>`. In JSON, values that are `Bool`, `Int`, finite `Double` or
    /// `String` keep their JSON type, explicit nils are `null`, and anything else is its
    /// description as a string.
    ///
    /// - Parameter format: ``DumpFormat/text`` (the default) or ``DumpFormat/json``.
    /// - Returns: The dump.
    public final func dump(format: DumpFormat = .text) -> String {
        var chain: [ScreenContext] = []
        var current: ScreenContext? = self
        while let context = current {
            chain.append(context)
            current = context.parent
        }
        switch format {
        case .text:
            let rule = "---------------"
            var lines = [rule]
            for (index, context) in chain.enumerated() {
                let level = chain.count - 1 - index
                lines.append("\(level):--- \(context.label) ---")
                let slots = context.sortedSlots
                if slots.isEmpty { lines.append("\(level):[empty]") }
                for slot in slots {
                    lines.append("\(level):\(AnyContextKey(slot.key).name) = \(slot.box?.debugText ?? "<null>")")
                }
            }
            lines.append(rule)
            return lines.joined(separator: "\n")
        case .json:
            let contexts = chain.enumerated().map { index, context in
                let values = context.sortedSlots.map { slot in
                    "\(JSONText.quoted(AnyContextKey(slot.key).name)):\(slot.box?.jsonText ?? "null")"
                }
                let name = context.name.map(JSONText.quoted) ?? "null"
                return
                    "{\"name\":\(name),\"level\":\(chain.count - 1 - index),\"values\":{\(values.joined(separator: ","))}}"
            }
            return "{\"contexts\":[\(contexts.joined(separator: ","))]}"
        }
    }
}
