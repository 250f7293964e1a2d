/// The appearance state of a screen whose callbacks a UI framework calls (a view controller's
/// `viewWillAppear`, …): an adapter keeps one per screen and reports every callback to it.
///
/// Reporting keeps the state Baton's other parts read (``isOnScreen`` for
/// ``Condition/whileOnScreen(_:)``), records the callback in the window's
/// ``ScreenWindow/lifecycleLog``, and ends the ``ExternalTransition``s the screen takes part in:
///
/// - its did-appear completes the transition in flight to it;
/// - its did-disappear before that ends it from the real state: a pop or dismiss back to it is
///   cancelled (an interactive pop released halfway); a forward transition to it completes when
///   it is still in its container or presented (its did-appear never came), and is cancelled
///   when it is not (an interactive presentation given up);
/// - its will-appear cancels a pop or dismiss in flight from it (it was leaving and comes back);
/// - its did-disappear completes a pop or dismiss in flight from it whose destination is still on
///   screen (a sheet's presenter, which receives no callback).
///
/// A callback repeated (a second will-appear, as a container that forwards appearance by hand may
/// send) changes nothing and is not recorded, but its body still runs: the framework called it.
/// A callback that skips the one before it (a did-appear without a will-appear, because an
/// override of `viewWillAppear(_:)` did not call `super`) resynchronises the state: the screen is
/// where the callback says it is.
///
/// ```swift
/// // In an adapter's viewWillAppear(_:):
/// lifecycle.report(.willAppear, of: self) { originalViewWillAppear(animated) }
/// ```
@_spi(Adapters) @MainActor
public final class ScreenLifecycle {
    /// Where the screen is in its appearance cycle.
    ///
    /// ```swift
    /// lifecycle.appearance   // .appeared
    /// ```
    public private(set) var appearance: Appearance = .disappeared

    /// Whether the screen is on screen: from its did-appear until its did-disappear, as
    /// ``ScreenModel/isOnScreen``.
    ///
    /// ```swift
    /// var isOnScreen: Bool { lifecycle.isOnScreen }   // a Screen conformance
    /// ```
    public var isOnScreen: Bool { appearance == .appeared || appearance == .disappearing }

    /// Makes the state of a screen that is not on screen.
    ///
    /// ```swift
    /// let lifecycle = ScreenLifecycle()
    /// ```
    public init() {}

    /// Work waiting for the did-appear of a screen that is appearing.
    private var afterAppearing: [@MainActor () -> Void] = []

    /// Runs `work` once the screen has appeared: at its next did-appear while it is appearing
    /// (UIKit may complete a presentation's transition coordinator before the presented
    /// controller's `viewDidAppear(_:)`: undocumented, the UIKit model's switch E2), else now.
    ///
    /// ```swift
    /// sheet.screenLifecycle.whenAppeared { presenter.dismissPresentedScreen(animated: false) {} }
    /// ```
    ///
    /// - Parameter work: What to run.
    public func whenAppeared(_ work: @escaping @MainActor () -> Void) {
        guard appearance == .appearing else { return work() }
        afterAppearing.append(work)
    }

    /// The window of the last reported callback.
    private weak var lastWindow: ScreenWindow?

    /// Reports one appearance callback of `screen`, in the order the framework calls them.
    ///
    /// The state changes first, then the transitions the screen takes part in end (a did-appear
    /// completes the one in flight to it, a did-disappear cancels it), then `body` runs: the
    /// framework's own callback sees the new state, as a ``ScreenModel`` subclass does, and a
    /// transition it starts is logged after the one that brought the screen.
    ///
    /// ```swift
    /// lifecycle.report(.didAppear, of: self) { originalViewDidAppear(animated) }
    /// ```
    ///
    /// - Parameters:
    ///   - phase: The callback.
    ///   - screen: The screen it is called on.
    ///   - window: The window to record it in; `nil` means ``ScreenWindow/containing(_:)``.
    ///   - body: The framework's callback, run after the state changed.
    /// - Returns: Whether the phase followed the state before it and was recorded.
    @discardableResult
    public func report(
        _ phase: LifecyclePhase, of screen: any Screen, in window: ScreenWindow? = nil, _ body: () -> Void = {}
    ) -> Bool {
        guard accepts(phase) else {
            body()
            return false
        }
        switch phase {
        case .willAppear: appearance = .appearing
        case .didAppear: appearance = .appeared
        case .willDisappear: appearance = .disappearing
        case .didDisappear: appearance = .disappeared
        }
        // A screen leaving its container or window (a popped controller, a replaced root) may no
        // longer reach the window: it still records where it last appeared.
        let window = window ?? ScreenWindow.containing(screen) ?? lastWindow
        if let window { lastWindow = window }
        if let window, window.recordsLifecycle {
            window.record(LifecycleRecord(screen: screen.screenName, phase: phase))
        }
        switch phase {
        case .willAppear:
            // Back on screen while leaving: the interactive pop or the swipe was released.
            for transition in ExternalTransition.backwardInFlight(from: screen) { transition.cancel() }
        case .didAppear:
            ExternalTransition.inFlight(to: screen)?.complete()
        case .didDisappear:
            if let arriving = ExternalTransition.inFlight(to: screen) {
                if arriving.kind.isForward { arriving.settle() } else { arriving.cancel() }
            }
            // Left for a screen that never stopped being visible (the presenter of a sheet): no
            // did-appear will come to complete the transition.
            for transition in ExternalTransition.backwardInFlight(from: screen)
            where transition.destination?.isOnScreen == true {
                transition.complete()
            }
        case .willDisappear:
            break
        }
        // Baton is settled (state, log, transitions) before the framework's callback runs, so a
        // transition the callback starts comes after this one in the log.
        body()
        if phase != .willAppear, !afterAppearing.isEmpty {
            let waiting = afterAppearing
            afterAppearing = []
            for work in waiting { work() }
        }
        return true
    }

    /// Whether `phase` moves the state: from the phase before it, or past a skipped one (a
    /// did-appear when the will-appear never came). A repeat, or a will-phase towards where the
    /// screen already is, does not.
    private func accepts(_ phase: LifecyclePhase) -> Bool {
        switch phase {
        case .willAppear: appearance == .disappeared || appearance == .disappearing
        case .didAppear: appearance != .appeared
        case .willDisappear: appearance == .appeared || appearance == .appearing
        case .didDisappear: appearance != .disappeared
        }
    }
}
