/// What waits for the current step of a hopping container (a ``HoppingScreen`` or a ``HopFlow``)
/// to unhop: nothing (a final step), a continuation, or a flow awaiting the step's result.
///
/// Both containers keep one of these with their current step and settle it the same way: an
/// unhop is checked first, the container then records that nothing waits any more, and only then
/// does user code (the continuation or the awaiting flow) run, so that it may hop again.
@MainActor
enum PendingUnhop {
    /// A final step: nothing ever waited.
    case none
    /// What waited was settled (the step unhopped, or the awaiting flow ended): a second unhop is
    /// a double-tapped button, reported but never a trap (DESIGN rules 23 and 38).
    case spent
    case callback(@MainActor () throws(ScreenError) -> Void)
    case awaiting(
        id: UInt64, typeName: String, accepts: (Any) -> Bool, resume: @MainActor (Result<Any, any Error>) -> Void)

    /// A flow awaiting a result of type `Result`, resumed through `continuation`.
    static func awaiting<Result>(
        id: UInt64, _ continuation: CheckedContinuation<MainActorHandoff<Result>, any Error>
    ) -> PendingUnhop {
        .awaiting(
            id: id, typeName: String(describing: Result.self), accepts: { $0 is Result },
            resume: { outcome in
                switch outcome {
                case .success(let value): continuation.resume(returning: MainActorHandoff(value as! Result))
                case .failure(let error): continuation.resume(throwing: error)
                }
            })
    }

    /// Whether a continuation or an awaiting flow waits.
    var isWaiting: Bool {
        switch self {
        case .none, .spent: false
        case .callback, .awaiting: true
        }
    }

    /// The awaiting flow's resume, when a flow awaits (and its id matches `id`, when given).
    func awaitingResume(id: UInt64? = nil) -> (@MainActor (Result<Any, any Error>) -> Void)? {
        guard case .awaiting(let pendingID, _, _, let resume) = self, id == nil || id == pendingID else { return nil }
        return resume
    }

    /// Checks an unhop of `screen` with `result` in the container named `hopping`.
    ///
    /// - Returns: What to run once the container has recorded that nothing waits any more.
    /// - Throws: ``ScreenError/noPendingContinuation(hopping:screen:)`` when nothing waits,
    ///   ``ScreenError/resultTypeMismatch(hopping:expected:actual:)`` when an awaiting flow expects
    ///   a result of another type; nothing changes then.
    func unhop(result: Any, hopping: String, screen: String) throws(ScreenError)
        -> @MainActor () throws(ScreenError) -> Void
    {
        switch self {
        case .none:
            throw misuse(ScreenError.noPendingContinuation(hopping: hopping, screen: screen))
        case .spent:
            throw ScreenError.noPendingContinuation(hopping: hopping, screen: screen)
        case .callback(let continuation):
            return continuation
        case .awaiting(_, let typeName, let accepts, let resume):
            guard accepts(result) else {
                throw misuse(
                    ScreenError.resultTypeMismatch(
                        hopping: hopping, expected: typeName, actual: String(describing: type(of: result))))
            }
            return { resume(.success(result)) }
        }
    }
}

/// Carries a flow's result from the unhopping screen to the awaiting flow (of a ``HoppingScreen``
/// or a ``HopFlow``). Both run on the main actor, so the value never crosses an isolation
/// boundary, which the compiler cannot see through the continuation.
struct MainActorHandoff<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
