/// How Baton reacts to a misuse, such as requesting a provider that does not exist or setting a
/// flag that is already set.
///
/// Every misuse is always reported as a typed ``ContextError`` (or the error type of the layer
/// concerned). In ``strict`` mode Baton additionally stops at the misuse with an assertion, as
/// ProContext does, so that logic errors surface during development. Assertions are compiled
/// out of optimized builds, so nothing crashes a release build.
///
/// The mode is a task-local value: it is ``strict`` by default in debug builds and ``lenient``
/// in release builds, and can be changed for a scope:
///
/// ```swift
/// MisuseMode.$current.withValue(.lenient) {
///     #expect(throws: ContextError.self) { try context.unsetFlag(Onboarded.self) }
/// }
/// ```
public enum MisuseMode: Sendable, Hashable {
    /// Throw the typed error and stop with an assertion failure first (debug builds only).
    ///
    /// ```swift
    /// MisuseMode.$current.withValue(.strict) { try? context.execute(Save.self) }   // stops here
    /// ```
    case strict
    /// Throw the typed error and let the caller handle it.
    ///
    /// ```swift
    /// MisuseMode.$current.withValue(.lenient) { try? context.execute(Save.self) }   // nil
    /// ```
    case lenient

    /// The mode in effect for the current task: ``strict`` in debug builds, ``lenient`` otherwise.
    ///
    /// ```swift
    /// if MisuseMode.current == .strict { print("misuse stops the program") }
    /// ```
    @TaskLocal public static var current: MisuseMode = {
        #if DEBUG
            return .strict
        #else
            return .lenient
        #endif
    }()
}

/// Reports a misuse according to ``MisuseMode/current`` and returns the error to throw.
func misuse<Failure: Error & CustomStringConvertible>(_ error: Failure) -> Failure {
    if MisuseMode.current == .strict {
        assertionFailure("Baton misuse: \(error.description)")
    }
    return error
}
