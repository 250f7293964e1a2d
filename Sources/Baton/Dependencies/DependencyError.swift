/// A failure of the dependency coordinator: a resolver that threw, or two resolvers that
/// conflict.
///
/// ```swift
/// do {
///     try stack.push(detail)
/// } catch .dependencies(let error) {
///     print(error)
///     // Resolver direct: ListScreen → DetailScreen (App.swift:12) failed for push: list → detail:
///     // no contact selected. The transition was not performed; …
/// }
/// ```
public enum DependencyError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A resolver threw; the transition was not performed and the destination's context was
    /// unwired. Resolvers listed in `alreadyRan` had run before it. `reason` is what the resolver
    /// threw, typed: cast it, or read ``underlying``.
    ///
    /// ```swift
    /// DependencyError.resolverFailed(
    ///     resolver: "…", transition: "push: a → b", reason: UnderlyingError(LookupFailure.offline), alreadyRan: [])
    /// ```
    case resolverFailed(resolver: String, transition: String, reason: UnderlyingError, alreadyRan: [String])
    /// A resolver of the same kind for the same source and destination types (and transition
    /// identifier) is already registered on this coordinator.
    ///
    /// ```swift
    /// try coordinator.register(.direct { (s: List, d: Detail) in … })   // throws the second time
    /// ```
    case conflictingResolver(existing: String, new: String, coordinator: String)

    /// What the resolver threw, as it was thrown; `nil` for a conflict.
    ///
    /// ```swift
    /// if case .dependencies(let error) = failure, error.underlying is LookupFailure { … }
    /// ```
    public var underlying: (any Error)? {
        guard case .resolverFailed(_, _, let reason, _) = self else { return nil }
        return reason.error
    }

    /// The diagnostic message.
    ///
    /// ```swift
    /// print(error.description)
    /// ```
    public var description: String {
        switch self {
        case .resolverFailed(let resolver, let transition, let reason, let alreadyRan):
            let ran = alreadyRan.isEmpty ? "none" : alreadyRan.joined(separator: "; ")
            return "Resolver \(resolver) failed for \(transition): \(reason). The transition was not performed"
                + " and the destination's context was unwired. Resolvers that had already run: \(ran)."
        case .conflictingResolver(let existing, let new, let coordinator):
            return "Resolver \(new) conflicts with \(existing) in coordinator \(coordinator): both resolve the same"
                + " source and destination types. Merge them into one resolver, or register one on a child coordinator."
        }
    }
}
