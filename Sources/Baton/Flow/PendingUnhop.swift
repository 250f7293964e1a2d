/// What waits for the current step of a hopping container (a ``HoppingScreen`` or a ``HopFlow``)
/// to finish: nothing (a final step), a continuation, a flow awaiting the step's result, or
/// nothing any more (the step already finished, or the flow awaiting it ended).
///
/// Both containers keep one of these with their current step and settle it the same way: the
/// step's end is checked first, the container then records that nothing waits any more, and only
/// then does user code (the continuation or the awaiting flow) run, so that it may hop again.
@MainActor
enum PendingUnhop {
    /// A final step: nothing ever waited.
    case none
    /// What waited was settled (the step unhopped, or the awaiting flow ended): a later unhop of
    /// the same step (a double-tapped "Done") is ignored, as UIKit ignores a second tap
    /// (DESIGN rules 23 and 38).
    case spent
    case callback(@MainActor () throws(ScreenError) -> Void)
    case awaiting(ResultWaiter)

    /// A step's continuation, or a final step for `nil`.
    init(_ continuation: (@MainActor () throws(ScreenError) -> Void)?) {
        // Not `Optional.map`: a typed-throws function as a generic argument needs iOS 18's runtime.
        if let continuation { self = .callback(continuation) } else { self = .none }
    }

    /// Whether a continuation or an awaiting flow waits.
    var isWaiting: Bool {
        switch self {
        case .none, .spent: false
        case .callback: true
        case .awaiting(let waiter): waiter.isWaiting
        }
    }

    /// The awaiting flow, while it waits.
    var waiter: ResultWaiter? {
        guard case .awaiting(let waiter) = self, waiter.isWaiting else { return nil }
        return waiter
    }

    /// Checks an unhop of `screen` in the container named `hopping`.
    ///
    /// - Returns: What to run once the container has recorded that nothing waits any more; nothing
    ///   to run for a step that already finished or whose awaiting flow ended.
    /// - Throws: ``ScreenError/noPendingContinuation(hopping:screen:)`` when nothing ever waited
    ///   (a final step); nothing changes then.
    func unhop(result: Any, hopping: String, screen: String) throws(ScreenError)
        -> @MainActor () throws(ScreenError) -> Void
    {
        switch self {
        case .callback(let continuation):
            return continuation
        case .awaiting(let waiter) where waiter.isWaiting:
            return { waiter.deliver(result) }
        case .none:
            throw misuse(ScreenError.noPendingContinuation(hopping: hopping, screen: screen))
        case .spent, .awaiting:
            // A second "done" of the same step, or one after the awaiting flow ended (an await
            // that ended is spent too): ignored.
            return {}
        }
    }

    /// Settles what waited for the step `step` of the container named `container`, which
    /// `screen` finished with `result`, once the container has recorded that nothing waits any
    /// more: the awaiting flow receives the result, or the continuation runs, and its failure is
    /// posted as ``TransitionDidFail`` in the container's window (the names are made only then).
    func settle(
        result: Any, container: @autoclosure () -> String, step: @autoclosure () -> String, screen: any Screen,
        window: () -> ScreenWindow?
    ) {
        switch self {
        case .none, .spent: break
        case .awaiting(let waiter): waiter.deliver(result)
        case .callback(let continuation):
            do {
                try continuation()
            } catch {
                let failure = TransitionFailure(
                    request: "the continuation of \(container()) after \(step()) finished",
                    inProgress: "finish of \(screen.screenName)", error: error)
                window()?.context.post(TransitionDidFail.self, failure, reach: .local)
            }
        }
    }
}

/// Carries a flow's result from the finishing screen to the awaiting flow. Both run on the main
/// actor, so the value never crosses an isolation boundary, which the compiler cannot see
/// through the continuation.
struct MainActorHandoff<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
