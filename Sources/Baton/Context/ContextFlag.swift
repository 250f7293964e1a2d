/// A type that names a flag set on a ``Context`` (ProContext's `Flag.Name`).
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

extension Context {
    /// Sets `flag` on this context.
    ///
    /// Setting a flag that is already set anywhere in the tree is a logic error, as in ProContext.
    ///
    /// ```swift
    /// try context.setFlag(Onboarded.self)
    /// ```
    ///
    /// - Parameter flag: The flag to set.
    /// - Throws: ``ContextError/flagAlreadySet(flag:setIn:)`` when it is set anywhere in the tree.
    public final func setFlag<Flag: ContextFlag>(_ flag: Flag.Type) throws(ContextError) {
        let id = ObjectIdentifier(flag)
        try root.walkSubtree { context throws(ContextError) in
            if context.flags[id] != nil {
                throw misuse(ContextError.flagAlreadySet(flag: Flag.name, setIn: context.pathDescription))
            }
            return true
        }
        flags[id] = Flag.name
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
        var current: Context? = self
        while let context = current {
            if context.flags.removeValue(forKey: id) != nil { return }
            current = context.parent
        }
        throw misuse(ContextError.flagNotSet(flag: Flag.name, searched: chainLabels, setFlags: flagNamesOnChain))
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
        let id = ObjectIdentifier(flag)
        var current: Context? = self
        while let context = current {
            if context.flags[id] != nil { return true }
            current = context.parent
        }
        return false
    }

    final var flagNamesOnChain: [String] {
        var names: [String] = []
        var current: Context? = self
        while let context = current {
            names.append(contentsOf: context.flags.values)
            current = context.parent
        }
        return names.sorted()
    }
}
