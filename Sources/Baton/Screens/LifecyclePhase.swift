/// The appearance callbacks a screen receives, in UIKit's vocabulary.
///
/// ```swift
/// window.lifecycleLog.map(\.description)   // ["list.willDisappear", "detail.willAppear", …]
/// ```
public enum LifecyclePhase: String, Sendable, Hashable, CaseIterable {
    /// The screen is about to become visible (UIKit's `viewWillAppear`).
    ///
    /// ```swift
    /// override func willAppear() { reloadFromContext() }
    /// ```
    case willAppear
    /// The screen became visible (UIKit's `viewDidAppear`).
    ///
    /// ```swift
    /// override func didAppear() { startAnimations() }
    /// ```
    case didAppear
    /// The screen is about to be hidden (UIKit's `viewWillDisappear`).
    ///
    /// ```swift
    /// override func willDisappear() { commitEdits() }
    /// ```
    case willDisappear
    /// The screen was hidden (UIKit's `viewDidDisappear`).
    ///
    /// ```swift
    /// override func didDisappear() { stopTimers() }
    /// ```
    case didDisappear
}

/// Where a screen is in its appearance cycle.
///
/// ```swift
/// screen.appearance   // .appeared
/// ```
public enum Appearance: Sendable, Hashable {
    /// Not in the visible hierarchy.
    ///
    /// ```swift
    /// ScreenModel().appearance   // .disappeared
    /// ```
    case disappeared
    /// Between will-appear and did-appear.
    ///
    /// ```swift
    /// override func willAppear() { assert(appearance == .appearing) }
    /// ```
    case appearing
    /// Visible.
    ///
    /// ```swift
    /// override func didAppear() { assert(appearance == .appeared) }
    /// ```
    case appeared
    /// Between will-disappear and did-disappear.
    ///
    /// ```swift
    /// override func willDisappear() { assert(appearance == .disappearing) }
    /// ```
    case disappearing
}

/// One lifecycle callback as recorded by a ``ScreenWindow`` with ``ScreenWindow/recordsLifecycle`` on.
///
/// ```swift
/// window.recordsLifecycle = true
/// try stack.push(detail)
/// window.lifecycleLog.map(\.description)
/// // ["list.willDisappear", "detail.willAppear", "list.didDisappear", "detail.didAppear"]
/// ```
public struct LifecycleRecord: Hashable, Sendable, CustomStringConvertible {
    /// The screen's name.
    ///
    /// ```swift
    /// record.screen   // "detail"
    /// ```
    public let screen: String
    /// The callback.
    ///
    /// ```swift
    /// record.phase   // .willAppear
    /// ```
    public let phase: LifecyclePhase

    /// `screen.phase`, for example `detail.willAppear`.
    ///
    /// ```swift
    /// print(record)   // detail.willAppear
    /// ```
    public var description: String { "\(screen).\(phase.rawValue)" }
}
