import Baton

/// Records what a `Window` does from now on — its transitions and the lifecycle callbacks
/// of its screens — as arrays of readable strings to compare exactly in a test.
///
/// Making a recorder turns the window's `Window.recordsLifecycle` on; the window keeps
/// recording after the recorder is gone. A recorder reads the window's logs, which keep the
/// newest `Window.transitionLogLimit` transitions and `Window.lifecycleLogLimit` callbacks:
/// past those limits it keeps recording, and shows the newest ones; what `Window.clearLogs()`
/// empties is not shown.
///
/// ```swift
/// let recorder = FlowRecorder(window)
/// try stack.push(detail)
/// #expect(recorder.transitions == ["push: list → detail"])
/// #expect(recorder.lifecycle == ["list.willDisappear", "detail.willAppear", "list.didDisappear", "detail.didAppear"])
/// ```
@MainActor
public final class FlowRecorder {
    /// The recorded window.
    ///
    /// ```swift
    /// recorder.window.topScreen?.screenName   // "detail"
    /// ```
    public let window: Window
    private var transitionStart: Int
    private var lifecycleStart: Int

    /// Starts recording `window`: what it did before is not recorded.
    ///
    /// ```swift
    /// let recorder = FlowRecorder(window)
    /// ```
    ///
    /// - Parameter window: The window to record.
    public init(_ window: Window) {
        self.window = window
        window.recordsLifecycle = true
        transitionStart = window.transitionsLogged
        lifecycleStart = window.lifecycleCallbacksLogged
    }

    /// The transitions performed since recording started (or since ``reset()``), oldest first,
    /// as `TransitionRecord.description`s.
    ///
    /// ```swift
    /// recorder.transitions   // ["push: list → detail", "pop: detail → list"]
    /// ```
    public var transitions: [String] {
        window.transitionLog(since: transitionStart).map(\.description)
    }

    /// The lifecycle callbacks fired since recording started (or since ``reset()``), in order, as
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
}
