@_spi(Testing) import Baton
import Dispatch
import Testing

/// Records what a `ScreenWindow` does from now on — its transitions and the lifecycle callbacks
/// of its screens — as arrays of readable strings to compare exactly in a test.
///
/// Making a recorder turns the window's `ScreenWindow.recordsLifecycle` on; the window keeps
/// recording after the recorder is gone. A recorder reads the window's logs, which keep the
/// newest `ScreenWindow.transitionLogLimit` transitions and `ScreenWindow.lifecycleLogLimit`
/// callbacks: past those limits it keeps recording, and shows the newest ones; what
/// `ScreenWindow.clearLogs()` empties is not shown.
///
/// ```swift
/// let recorder = FlowRecorder(window)
/// try stack.push(detail)
/// #expect(recorder.transitions == ["push: list → detail"])
/// #expect(recorder.lifecycle == ["list.willDisappear", "detail.willAppear", "list.didDisappear", "detail.didAppear"])
/// ```
///
/// An exhaustive recorder fails the test on anything it was not told to expect: each
/// ``expect(transitions:lifecycle:sourceLocation:)`` must list every transition and lifecycle
/// callback since the previous one, and what happens after the last one fails the test when the
/// recorder goes away (at the end of the test).
///
/// ```swift
/// let recorder = FlowRecorder(window, exhaustive: true)
/// try stack.push(detail)
/// recorder.expect(
///     transitions: ["push: list → detail"],
///     lifecycle: ["list.willDisappear", "detail.willAppear", "list.didDisappear", "detail.didAppear"])
/// ```
@MainActor
public final class FlowRecorder {
    /// The recorded window.
    ///
    /// ```swift
    /// recorder.window.topScreen?.screenName   // "detail"
    /// ```
    public let window: ScreenWindow
    /// Whether the recorder fails the test on transitions and lifecycle callbacks it was not told
    /// to expect.
    ///
    /// ```swift
    /// FlowRecorder(window, exhaustive: true).isExhaustive   // true
    /// ```
    public let isExhaustive: Bool
    private var transitionStart: Int
    private var lifecycleStart: Int
    /// Where the recorder was made, for the report of what nobody expected.
    private let sourceLocation: SourceLocation

    /// Starts recording `window`: what it did before is not recorded.
    ///
    /// ```swift
    /// let recorder = FlowRecorder(window)
    /// let strict = FlowRecorder(window, exhaustive: true)
    /// ```
    ///
    /// - Parameters:
    ///   - window: The window to record.
    ///   - exhaustive: Whether to fail the test on every transition and lifecycle callback that
    ///     no ``expect(transitions:lifecycle:sourceLocation:)`` lists.
    ///   - sourceLocation: Where a failure of what happened after the last expectation is reported
    ///     (filled in for you).
    public init(_ window: ScreenWindow, exhaustive: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) {
        self.window = window
        self.isExhaustive = exhaustive
        self.sourceLocation = sourceLocation
        window.recordsLifecycle = true
        transitionStart = window.transitionsLogged
        lifecycleStart = window.lifecycleCallbacksLogged
        DispatchQueue.main.setSpecific(key: Self.mainQueue, value: true)
    }

    /// Marks the main queue, which runs the main actor's jobs, so that `deinit` can tell that it
    /// runs there.
    private nonisolated static let mainQueue = DispatchSpecificKey<Bool>()

    /// Reports what an exhaustive recorder saw after its last expectation, as a test failure.
    /// A recorder released off the main actor (kept by a task that outlives the test) cannot
    /// read the window, and reports nothing.
    deinit {
        guard isExhaustive, DispatchQueue.getSpecific(key: Self.mainQueue) == true else { return }
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
            MainActor.assumeIsolated { reportUnexpected() }
        }
    }

    /// The transitions performed since recording started (or since ``reset()`` or the last
    /// ``expect(transitions:lifecycle:sourceLocation:)``), oldest first, as
    /// `TransitionRecord.description`s.
    ///
    /// ```swift
    /// recorder.transitions   // ["push: list → detail", "pop: detail → list"]
    /// ```
    public var transitions: [String] {
        window.transitionLog(since: transitionStart).map(\.description)
    }

    /// The lifecycle callbacks fired since recording started (or since ``reset()`` or the last
    /// ``expect(transitions:lifecycle:sourceLocation:)``), in order, as
    /// `LifecycleRecord.description`s (`screen.phase`).
    ///
    /// ```swift
    /// recorder.lifecycle   // ["list.willDisappear", "detail.willAppear", "list.didDisappear", "detail.didAppear"]
    /// ```
    public var lifecycle: [String] {
        window.lifecycleLog(since: lifecycleStart).map(\.description)
    }

    /// Forgets what was recorded so far; later reads start from now.
    ///
    /// ```swift
    /// recorder.reset()
    /// recorder.transitions   // []
    /// ```
    public func reset() {
        transitionStart = window.transitionsLogged
        lifecycleStart = window.lifecycleCallbacksLogged
    }

    /// Fails the test unless the transitions, and the lifecycle callbacks, recorded since the
    /// previous expectation (or since recording started) are exactly these; then starts afresh
    /// from now.
    ///
    /// ```swift
    /// try stack.push(detail)
    /// recorder.expect(transitions: ["push: list → detail"], lifecycle: [
    ///     "list.willDisappear", "detail.willAppear", "list.didDisappear", "detail.didAppear",
    /// ])
    /// ```
    ///
    /// - Parameters:
    ///   - transitions: Every transition expected, oldest first.
    ///   - lifecycle: Every lifecycle callback expected, in order. `nil` does not compare them on
    ///     a recorder that is not exhaustive; on an exhaustive one, `nil` means none.
    ///   - sourceLocation: Where a failure is reported (filled in for you).
    public func expect(
        transitions: [String], lifecycle: [String]? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let recordedTransitions = self.transitions
        let recordedLifecycle = self.lifecycle
        reset()
        if recordedTransitions != transitions {
            Issue.record(
                Comment(
                    rawValue: Self.mismatch("transitions", expected: transitions, recorded: recordedTransitions)
                        + windowNow()),
                sourceLocation: sourceLocation)
        }
        guard let expectedLifecycle = lifecycle ?? (isExhaustive ? [] : nil) else { return }
        if recordedLifecycle != expectedLifecycle {
            Issue.record(
                Comment(
                    rawValue: Self.mismatch(
                        "lifecycle callbacks", expected: expectedLifecycle, recorded: recordedLifecycle)
                        + windowNow()
                ),
                sourceLocation: sourceLocation)
        }
    }

    /// Records a failure for what happened after the last expectation of an exhaustive recorder.
    private func reportUnexpected() {
        let transitions = self.transitions
        let lifecycle = self.lifecycle
        reset()
        guard !transitions.isEmpty || !lifecycle.isEmpty else { return }
        var lines = ["An exhaustive FlowRecorder saw what no expect(transitions:lifecycle:) listed:"]
        if !transitions.isEmpty { lines.append("  transitions: " + Self.list(transitions)) }
        if !lifecycle.isEmpty { lines.append("  lifecycle callbacks: " + Self.list(lifecycle)) }
        lines.append("Expect them, or end the test with recorder.expect(transitions: …, lifecycle: …).")
        Issue.record(Comment(rawValue: lines.joined(separator: "\n") + windowNow()), sourceLocation: sourceLocation)
    }

    /// The window's snapshot (``Baton/ScreenWindow/snapshot()``), indented under a heading, for a
    /// failure message: what the flow shows now, with its values and how each screen was shown.
    private func windowNow() -> String {
        "\n  the window now:\n"
            + window.snapshot().text.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")
    }

    private static func mismatch(_ what: String, expected: [String], recorded: [String]) -> String {
        var lines = ["FlowRecorder: the \(what) differ from what was expected."]
        lines.append("  expected: " + list(expected))
        lines.append("  recorded: " + list(recorded))
        let unexpected = recorded.filter { !expected.contains($0) }
        let missing = expected.filter { !recorded.contains($0) }
        if !unexpected.isEmpty { lines.append("  not expected: " + list(unexpected)) }
        if !missing.isEmpty { lines.append("  missing: " + list(missing)) }
        return lines.joined(separator: "\n")
    }

    private static func list(_ items: [String]) -> String {
        items.isEmpty ? "none" : "[" + items.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
    }
}
