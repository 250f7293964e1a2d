/// A type that names a flag set on a ``ScreenContext`` (ProContext's `Flag.Name`).
///
/// ```swift
/// enum UserUsedTheTotalField: ContextFlag {}
///
/// try context.setFlag(UserUsedTheTotalField.self)
/// context.isSet(UserUsedTheTotalField.self)   // true
/// try context.unsetFlag(UserUsedTheTotalField.self)
/// ```
public protocol ContextFlag {
    /// A readable name used in dumps and messages; by default the flag type's name.
    ///
    /// ```swift
    /// UserUsedTheTotalField.name   // "UserUsedTheTotalField"
    /// ```
    static var name: String { get }
}

extension ContextFlag {
    /// The flag type's own name.
    ///
    /// ```swift
    /// enum Onboarded: ContextFlag {}
    /// Onboarded.name   // "Onboarded"
    /// ```
    public static var name: String { String(describing: Self.self) }
}

extension ScreenContext {
    /// Sets `flag` on this context.
    ///
    /// Setting a flag that is already set on this context's lineage is a logic error, as in
    /// ProContext: on this context or an ancestor (where ``isSet(_:)`` is `true`), or on a
    /// descendant. A flag set in a sibling branch (another tab) is not on the lineage, so
    /// ``isSet(_:)`` is `false` there and setting it succeeds.
    ///
    /// ```swift
    /// try context.setFlag(Onboarded.self)
    /// ```
    ///
    /// - Parameter flag: The flag to set.
    /// - Throws: ``ContextError/flagAlreadySet(flag:setIn:)`` when it is set on this context's
    ///   lineage.
    public final func setFlag<Flag: ContextFlag>(_ flag: Flag.Type) throws(ContextError) {
        let id = ObjectIdentifier(flag)
        if let holder = flagHolderOnLineage(of: id) {
            throw misuse(ContextError.flagAlreadySet(flag: Flag.name, setIn: holder.pathDescription))
        }
        flags[id] = flag
        KeyStamps.advance(id)
        LineageIndex.add(self, kind: .flag, id: id)
    }

    /// Unsets `flag` in the nearest context on the chain that has it set.
    ///
    /// ```swift
    /// try context.unsetFlag(Onboarded.self)
    /// ```
    ///
    /// - Parameter flag: The flag to unset.
    /// - Throws: ``ContextError/flagNotSet(flag:searched:setFlags:)`` when no context on the chain
    ///   has it set.
    public final func unsetFlag<Flag: ContextFlag>(_ flag: Flag.Type) throws(ContextError) {
        let id = ObjectIdentifier(flag)
        var current: ScreenContext? = self
        while let context = current {
            if context.flags.removeValue(forKey: id) != nil {
                context.tableChanged(id, .flag)
                return
            }
            current = context.parent
        }
        throw misuse(ContextError.flagNotSet(flag: Flag.name, searched: searchedLabels, setFlags: flagNamesOnChain))
    }

    /// Whether `flag` is set on this context or one of its ancestors.
    ///
    /// ```swift
    /// if context.isSet(Onboarded.self) { … }
    /// ```
    ///
    /// - Parameter flag: The flag to check.
    /// - Returns: `true` when a context on the chain has it set.
    public final func isSet<Flag: ContextFlag>(_ flag: Flag.Type) -> Bool {
        isFlagSet(ObjectIdentifier(flag))
    }

    /// Whether flag `id` is set on the chain: one cache lookup and a stamp compare once warm
    /// (see ``CachedHolder``; a valid entry is exact for flags). Runs no user code.
    final func isFlagSet(_ id: ObjectIdentifier) -> Bool {
        if let cached = flagHolders[id], cached.isValid { return cached.holder != nil }
        return nearestHolderThrough(id, .flag).holder != nil
    }

    final var flagNamesOnChain: [String] {
        var names: [String] = []
        var current: ScreenContext? = self
        while let context = current {
            for flag in context.flags.values { names.append(flag.name) }
            current = context.parent
        }
        return names.sorted()
    }
}
