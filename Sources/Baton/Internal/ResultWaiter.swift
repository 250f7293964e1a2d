/// One await for a screen's result: a pushed, presented or hopped-to screen's
/// ``Screen/finish(with:)`` resumes it with the value; leaving the screen tree, the release of
/// what holds it, or the cancellation of the awaiting task resumes it with
/// ``ScreenError/cancelled(screen:reason:)``.
///
/// It resumes its continuation exactly once. Whoever holds it (the awaited screen, a hopping
/// container) may drop it at any time: a waiter released before it resumed ends the await with
/// ``CancellationReason/released``, so an await never hangs and never keeps screens alive.
@MainActor
final class ResultWaiter {
    typealias Outcome = Result<MainActorHandoff<Any>, ScreenError>

    /// The awaited screen's name, for errors.
    let screen: String
    /// The awaited type's name, for errors.
    let typeName: String
    private let accepts: (Any) -> Bool
    /// Resumes the await: a continuation's resume, or a link's result handler.
    private var resumeAwait: (@MainActor @Sendable (Outcome) -> Void)?

    init(
        screen: String, typeName: String, accepts: @escaping (Any) -> Bool,
        resume: @escaping @MainActor @Sendable (Outcome) -> Void
    ) {
        self.screen = screen
        self.typeName = typeName
        self.accepts = accepts
        self.resumeAwait = resume
    }

    /// An await dropped unresumed ends as released, not as a hang.
    deinit {
        guard let resume = resumeAwait else { return }
        let outcome = Outcome.failure(.cancelled(screen: screen, reason: .released))
        // `assumeIsolated` exists from iOS 17 / macOS 14; before that the task does the same later.
        if MainActorCheck.isCurrent, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
            MainActor.assumeIsolated { resume(outcome) }
        } else {
            Task { @MainActor in resume(outcome) }
        }
    }

    /// Whether the await still waits.
    var isWaiting: Bool { resumeAwait != nil }

    /// Ends the await with `value`, or with ``ScreenError/resultTypeMismatch(screen:expected:actual:)``
    /// (a misuse) when the await expects another type. Does nothing once the await has ended.
    func deliver(_ value: Any) {
        guard isWaiting else { return }
        if accepts(value) {
            resume(.success(MainActorHandoff(value)))
        } else {
            let actual = String(describing: type(of: value))
            resume(.failure(misuse(ScreenError.resultTypeMismatch(screen: screen, expected: typeName, actual: actual))))
        }
    }

    /// Ends the await with `error`. Does nothing once the await has ended.
    func fail(_ error: ScreenError) {
        resume(.failure(error))
    }

    /// Ends the await with ``ScreenError/cancelled(screen:reason:)``.
    func cancel(_ reason: CancellationReason) {
        guard isWaiting else { return }
        fail(.cancelled(screen: screen, reason: reason))
    }

    private func resume(_ outcome: Outcome) {
        guard let resume = resumeAwait else { return }
        // Settled before the awaiting code runs: a continuation's runs later, as a job of its
        // own; a link's handler runs now and may show another screen.
        resumeAwait = nil
        resume(outcome)
    }

    /// A waiter whose outcome goes to `handler` instead of an awaiting task (a link's result).
    static func calling<Value>(
        for screen: String, _ type: Value.Type, handler: @escaping @MainActor (Result<Value, ScreenError>) -> Void
    ) -> ResultWaiter {
        let box = HandlerBox(handler)
        return ResultWaiter(
            screen: screen, typeName: String(describing: Value.self), accepts: { isResult($0, of: Value.self) },
            resume: { outcome in
                switch outcome {
                case .success(let handed): box.handler(.success(handed.value as! Value))
                case .failure(let error): box.handler(.failure(error))
                }
            })
    }

    /// A handler carried into the waiter's `Sendable` resume; it is called on the main actor only.
    private final class HandlerBox<Value>: @unchecked Sendable {
        let handler: @MainActor (Result<Value, ScreenError>) -> Void
        init(_ handler: @escaping @MainActor (Result<Value, ScreenError>) -> Void) { self.handler = handler }
    }

    /// Awaits the result of `screen`: `start` receives the waiter and hands it to whoever resumes
    /// it (the transition that shows the screen). Cancelling the awaiting task ends the await
    /// with ``CancellationReason/taskCancelled`` and leaves the screen where it is.
    static func wait<Value>(
        for screen: String, _ type: Value.Type, start: (ResultWaiter) -> Void
    ) async throws(ScreenError) -> Value {
        let value = try await wait(
            for: screen, typeName: String(describing: Value.self), accepts: { isResult($0, of: Value.self) },
            start: start)
        return value as! Value
    }

    /// Awaits the result of `screen` as ``wait(for:_:start:)`` does, but ends with `nil` when the
    /// screen finishes without a value (``Screen/finish()``, or `finish(with: nil)`) or leaves
    /// the tree without finishing (a swipe, a dismiss, its presenter gone, its holder released).
    /// Only the cancellation of the awaiting task still throws
    /// (``CancellationReason/taskCancelled``): the caller asked to stop, not the user.
    static func waitIfFinished<Value>(
        for screen: String, _ type: Value.Type, start: (ResultWaiter) -> Void
    ) async throws(ScreenError) -> Value? {
        do {
            let value = try await wait(
                for: screen, typeName: String(describing: Value.self),
                accepts: { $0 is Void || Swift.type(of: $0) == Value?.self || isResult($0, of: Value.self) },
                start: start)
            return value as? Value
        } catch .cancelled(_, let reason) where reason != .taskCancelled {
            return nil
        }
    }

    /// Whether `value` is a result of type `Value`. A nil is one only of `Value`'s own Optional
    /// type: Swift's `is` lets a nil of any Optional type pass as a nil of another
    /// (`nil as Int?` is a `String?`), which would hide a `finish(with:)` of the wrong type.
    static func isResult<Value>(_ value: Any, of _: Value.Type) -> Bool {
        guard value is Value else { return false }
        if type(of: value) == Value.self { return true }
        let mirror = Mirror(reflecting: value)
        return mirror.displayStyle != .optional || !mirror.children.isEmpty
    }

    private static func wait(
        for screen: String, typeName: String, accepts: @escaping (Any) -> Bool, start: (ResultWaiter) -> Void
    ) async throws(ScreenError) -> Any {
        if Task.isCancelled { throw .cancelled(screen: screen, reason: .taskCancelled) }
        let slot = Slot()
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
                let waiter = ResultWaiter(
                    screen: screen, typeName: typeName, accepts: accepts,
                    resume: { outcome in continuation.resume(returning: outcome) })
                slot.waiter = waiter
                start(waiter)
            }
        } onCancel: {
            Task { @MainActor in slot.waiter?.cancel(.taskCancelled) }
        }
        switch outcome {
        case .success(let handed): return handed.value
        case .failure(let error): throw error
        }
    }

    /// The waiter of one await, held weakly, for the task's cancellation handler.
    @MainActor
    private final class Slot {
        weak var waiter: ResultWaiter?
    }
}
