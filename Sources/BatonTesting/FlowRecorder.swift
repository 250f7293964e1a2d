import Baton

/// Records what a `ScreenWindow` does from now on — its transitions and the lifecycle callbacks
/// of its screens — as arrays of readable strings to compare exactly in a test.
///
/// Making a recorder turns the window's `ScreenWindow.recordsLifecycle` on; the window keeps
/// recording after the recorder is gone. Records dropped by the window's
/// `ScreenWindow.transitionLogLimit` are not seen.
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
    public let window: ScreenWindow
    private var transitionStart: Int
    private var lifecycleStart: Int

    /// Starts recording `window`: what it did before is not recorded.
    ///
    /// ```swift
    /// let recorder = FlowRecorder(window)
    /// ```
    ///
    /// - Parameter window: The window to record.
    public init(_ window: ScreenWindow) {
        self.window = window
        window.recordsLifecycle = true
        transitionStart = window.transitionLog.count
        lifecycleStart = window.lifecycleLog.count
    }

    /// The transitions performed since recording started (or since ``reset()``), oldest first,
    /// as `TransitionRecord.description`s.
    ///
    /// ```swift
    /// recorder.transitions   // ["push: list → detail", "pop: detail → list"]
    /// ```
    public var transitions: [String] {
        window.transitionLog.dropFirst(transitionStart).map(\.description)
    }

    /// The lifecycle callbacks fired since recording started (or since ``reset()``), in order, as
    /// `LifecycleRecord.description`s (`screen.phase`).
    ///
    /// ```swift
    /// recorder.lifecycle   // ["list.willDisappear", "detail.willAppear", "list.didDisappear", "detail.didAppear"]
    /// ```
    public var lifecycle: [String] {
        window.lifecycleLog.dropFirst(lifecycleStart).map(\.description)
    }

    /// Forgets what was recorded so far; later reads start from now.
    ///
    /// ```swift
    /// recorder.reset()
    /// recorder.transitions   // []
    /// ```
    public func reset() {
        transitionStart = window.transitionLog.count
        lifecycleStart = window.lifecycleLog.count
    }
}
