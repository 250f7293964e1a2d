/// A value that a pushed or presented screen wrote into its own context, which died with it
/// before the screen that showed it could see it.
///
/// With the default wiring, ``ContextWiring/inherit``, a destination's context is a child of its
/// source's: the destination reads what the source set, but what it sets stays in its own
/// context and is released with it. A settings sheet that stores the chosen sort order that way
/// loses it, silently, the moment it is dismissed. In debug builds Baton watches for this: when
/// the context of a screen shown by a push or a presentation with `.inherit` is released, each
/// key the screen wrote into it after it was shown and that its source reads (the source's
/// context looked it up, or observes it) is reported to ``reporter``, which prints it by default:
///
/// ```
/// Baton: settings wrote SortOrder into its own context, which was released with it: list,
/// which reads SortOrder, never saw the value (present: list → settings wired settings with
/// .inherit). Present settings with wiring: .share, write the value into list's context with
/// set(_:for:in: "list"), or return it with finish(with:) to present(_:returning:).
/// ```
///
/// Release builds do not watch: writes cost the same as without the check.
///
/// ```swift
/// LostWrite.$reporter.withValue({ report in print("lost:", report.key, "in", report.screen) }) {
///     try list.present(settings)   // settings writes SortOrder into its own context, then is dismissed
/// }
/// ```
public struct LostWrite: Hashable, Sendable, CustomStringConvertible {
    /// The key's name.
    ///
    /// ```swift
    /// lostWrite.key   // "SortOrder"
    /// ```
    public let key: String
    /// The screen that wrote the value into its own context.
    ///
    /// ```swift
    /// lostWrite.screen   // "settings"
    /// ```
    public let screen: String
    /// The screen that showed it and reads the key.
    ///
    /// ```swift
    /// lostWrite.source   // "list"
    /// ```
    public let source: String
    /// The transition that showed the screen.
    ///
    /// ```swift
    /// lostWrite.transition   // "present: list → settings"
    /// ```
    public let transition: String
    /// The name of the source's context, for the named-scope fix; `nil` when it has none.
    ///
    /// ```swift
    /// lostWrite.sourceScope   // "list"
    /// ```
    public let sourceScope: String?

    /// Describes a lost write.
    ///
    /// ```swift
    /// LostWrite(key: "SortOrder", screen: "settings", source: "list", transition: "present: list → settings",
    ///           sourceScope: "list")
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key's name.
    ///   - screen: The screen that wrote the value.
    ///   - source: The screen that showed it.
    ///   - transition: The transition that showed it.
    ///   - sourceScope: The name of the source's context.
    public init(key: String, screen: String, source: String, transition: String, sourceScope: String?) {
        self.key = key
        self.screen = screen
        self.source = source
        self.transition = transition
        self.sourceScope = sourceScope
    }

    /// What was lost, and the three fixes.
    ///
    /// ```swift
    /// print(lostWrite)
    /// ```
    public var description: String {
        let scoped =
            sourceScope.map { "write the value into \(source)'s context with set(_:for:in: \"\($0)\")" }
            ?? "write the value into a named scope that \(source) reads"
        return "\(screen) wrote \(key) into its own context, which was released with it: \(source), which reads"
            + " \(key), never saw the value (\(transition) wired \(screen) with .inherit). Show \(screen) with"
            + " wiring: .share, \(scoped), or return it with finish(with:) to push(_:returning:) or"
            + " present(_:returning:)."
    }

    /// Receives each lost write found in the current task and the tasks it creates; `nil`, the
    /// default, turns the watch off. Debug builds only: release builds never watch.
    ///
    /// The watch is opt-in because it does not yet see reads made by the screens the writer shows
    /// with a shared context: a value that such a screen consumes is reported too. Turn it on in
    /// a test or a debug session:
    ///
    /// ```swift
    /// LostWrite.$reporter.withValue({ print("Baton: \($0)") }) {
    ///     try list.present(settings)   // watched
    /// }
    /// ```
    @TaskLocal public static var reporter: (@Sendable (LostWrite) -> Void)? = nil
}

#if DEBUG
    /// The debug-build watch on the context of a screen that a push or presentation wired with
    /// ``ContextWiring/inherit``: the keys the screen wrote into it once shown.
    @MainActor
    final class LostWriteWatch {
        let screen: String
        let source: String
        let transition: String
        weak var sourceContext: ScreenContext?
        let reporter: @Sendable (LostWrite) -> Void
        /// The keys written since the screen was shown, with their names.
        private(set) var written: [ObjectIdentifier: String] = [:]

        init(
            screen: String, source: String, transition: String, sourceContext: ScreenContext,
            reporter: @escaping @Sendable (LostWrite) -> Void
        ) {
            self.screen = screen
            self.source = source
            self.transition = transition
            self.sourceContext = sourceContext
            self.reporter = reporter
        }

        func wrote(_ id: ObjectIdentifier, name: @autoclosure () -> String) {
            if written[id] == nil { written[id] = name() }
        }

        func removed(_ id: ObjectIdentifier) {
            written[id] = nil
        }

        /// Reports the written keys the source reads; called when the watched context is released.
        func report() {
            guard let sourceContext else { return }
            for (id, name) in written.sorted(by: { $0.value < $1.value }) where sourceContext.looksUp(id) {
                reporter(
                    LostWrite(
                        key: name, screen: screen, source: source, transition: transition,
                        sourceScope: sourceContext.name))
            }
        }

        /// Watches the contexts of the screens a push or presentation with `.inherit` shows: the
        /// destination and every screen inside it, each context once.
        static func watch(_ transition: ScreenTransition, sourceContext: ScreenContext) {
            guard let reporter = LostWrite.reporter, let source = transition.source else { return }
            let description = transition.record.description
            var watched: Set<ObjectIdentifier> = [ObjectIdentifier(sourceContext)]
            for screen in transition.destination.screenAndDescendants {
                let context = screen.context
                guard watched.insert(ObjectIdentifier(context)).inserted else { continue }
                context.lostWriteWatch = LostWriteWatch(
                    screen: screen.screenName, source: source.screenName, transition: description,
                    sourceContext: sourceContext, reporter: reporter)
            }
        }
    }

    extension ScreenContext {
        /// Whether this context looked `id` up (a chain read keeps it in the read cache) or
        /// observes it.
        func looksUp(_ id: ObjectIdentifier) -> Bool {
            readCache[id] != nil || keyObservers[id]?.isEmpty == false
        }
    }
#endif
