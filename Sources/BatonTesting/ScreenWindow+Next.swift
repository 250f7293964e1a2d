import Baton

extension ScreenWindow {
    /// Waits until a screen of type `type` is shown in this window (in ``ScreenWindow/shownScreens``)
    /// and returns it, typed: a test drives a flow step by step without polling or casts.
    ///
    /// Each screen is returned once: a screen of that type already shown, that no earlier `next`
    /// returned, is returned at once; otherwise the call waits for the transitions the flow
    /// performs (it is woken by each ``TransitionDidComplete``, never by a timer) until one shows
    /// a new one.
    ///
    /// ```swift
    /// Task { await startup.run() }
    /// let login = try await window.next(LoginScreen.self)
    /// login.finish(with: User(name: "ada"))
    /// let home = try await window.next(HomeScreen.self)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The screen's type: a class, or a protocol screens adopt.
    ///   - timeout: How long to wait before failing; a safety net for a flow that never gets
    ///     there, not a measure of speed.
    /// - Returns: The screen.
    /// - Throws: ``NextScreenTimeout`` naming the type, what is shown instead and the
    ///   transitions performed while waiting; `CancellationError` when the test's task is
    ///   cancelled.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    public func next<Shown>(_ type: Shown.Type, timeout: Duration = .seconds(5)) async throws -> Shown {
        try await next(
            NextScreenWaiter<Shown>(window: self, timeout: timeout, awaited: String(describing: Shown.self)) {
                $0 as? Shown
            })
    }

    /// Waits until a screen made for `route` is shown in this window and returns it: a screen
    /// that is only a view has no class of its own to wait for.
    ///
    /// Each screen is returned once, as when waiting for a type.
    ///
    /// ```swift
    /// try await window.next(Route.settings).finish(with: SortOrder.newest)
    /// ```
    ///
    /// - Parameters:
    ///   - route: The route the screen was made for (``ScreenRoute/screen()``), or that its type
    ///     declares (``RoutedScreen``).
    ///   - timeout: How long to wait before failing; a safety net, not a measure of speed.
    /// - Returns: The screen.
    /// - Throws: ``NextScreenTimeout`` naming the route, what is shown instead and the
    ///   transitions performed while waiting; `CancellationError` when the test's task is
    ///   cancelled.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    public func next<Route: ScreenRoute>(_ route: Route, timeout: Duration = .seconds(5)) async throws -> ScreenModel {
        try await next(
            NextScreenWaiter<ScreenModel>(window: self, timeout: timeout, awaited: "\(route)") {
                $0.route(as: Route.self) == route ? $0 : nil
            })
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    private func next<Shown>(_ waiter: NextScreenWaiter<Shown>) async throws -> Shown {
        if let found = waiter.take() { return found }
        let handed = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                waiter.start(continuation)
            }
        } onCancel: {
            Task { @MainActor in waiter.end(.failure(CancellationError())) }
        }
        return handed.screen
    }
}

/// A screen handed from the window's transition to the awaiting test. Both run on the main
/// actor, which the compiler cannot see through the continuation.
private struct ShownScreen<Shown>: @unchecked Sendable {
    let screen: Shown
}

/// `next` waited longer than its timeout for a screen of the type asked for.
///
/// ```swift
/// // No LoginScreen was shown within 5 seconds. Shown now: startup → splash.
/// // Transitions while waiting: none. Is the flow running, and does it reach LoginScreen?
/// ```
public struct NextScreenTimeout: Error, Hashable, Sendable, CustomStringConvertible {
    /// The type asked for.
    ///
    /// ```swift
    /// timeout.awaited   // "LoginScreen"
    /// ```
    public let awaited: String
    /// The names of the screens shown when the wait ended, outermost first.
    ///
    /// ```swift
    /// timeout.shown   // ["startup", "splash"]
    /// ```
    public let shown: [String]
    /// The transitions performed while waiting, oldest first.
    ///
    /// ```swift
    /// timeout.transitions   // ["hop: → splash"]
    /// ```
    public let transitions: [String]
    /// How long it waited, as written.
    ///
    /// ```swift
    /// timeout.waited   // "5.0 seconds"
    /// ```
    public let waited: String
    /// The window's snapshot when the wait ended (``Baton/WindowSnapshot/text``): its screens,
    /// their values and how each was shown.
    ///
    /// ```swift
    /// timeout.snapshot   // "window app\nstartup (StartupScreen) appeared\n…"
    /// ```
    public let snapshot: String

    /// Makes the error, as `next` does when it gives up.
    ///
    /// ```swift
    /// NextScreenTimeout(
    ///     awaited: "LoginScreen", shown: ["startup", "splash"], transitions: [], waited: "5.0 seconds",
    ///     snapshot: window.snapshot().text)
    /// ```
    ///
    /// - Parameters:
    ///   - awaited: The type asked for.
    ///   - shown: The names of the screens shown, outermost first.
    ///   - transitions: The transitions performed while waiting.
    ///   - waited: How long it waited.
    ///   - snapshot: The window's snapshot text.
    public init(awaited: String, shown: [String], transitions: [String], waited: String, snapshot: String) {
        self.awaited = awaited
        self.shown = shown
        self.transitions = transitions
        self.waited = waited
        self.snapshot = snapshot
    }

    /// The failure message.
    ///
    /// ```swift
    /// print(timeout)
    /// ```
    public var description: String {
        let shownText = shown.isEmpty ? "nothing (the window has no root)" : shown.joined(separator: " → ")
        let transitionText = transitions.isEmpty ? "none" : transitions.joined(separator: ", ")
        let returned = shown.isEmpty ? "" : " A screen that an earlier next(…) returned is not returned again."
        return "No \(awaited) was shown within \(waited). Shown now: \(shownText)."
            + " Transitions while waiting: \(transitionText).\(returned)"
            + " Is the flow running, and does it reach \(awaited)?"
            + (snapshot.isEmpty ? "" : "\nThe window now:\n\(snapshot)")
    }
}

/// One `next` call: looks at the shown screens now and after each transition of the window.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
@MainActor
private final class NextScreenWaiter<Shown> {
    private let window: ScreenWindow
    private let timeout: Duration
    private let awaited: String
    private let match: @MainActor (ScreenModel) -> Shown?
    private var continuation: CheckedContinuation<ShownScreen<Shown>, any Error>?
    private var transitions: [String] = []
    /// Cancels the timeout: a real clock's task, or a hand-fired one (``NextScreenTimeouts``).
    private var cancelTimeout: (@MainActor () -> Void)?
    private var observation: Registration?

    init(
        window: ScreenWindow, timeout: Duration, awaited: String, match: @escaping @MainActor (ScreenModel) -> Shown?
    ) {
        self.window = window
        self.timeout = timeout
        self.awaited = awaited
        self.match = match
    }

    /// A shown screen of the type that no `next` returned yet, marked as returned.
    func take() -> Shown? {
        for screen in window.shownScreens.reversed() {
            guard let found = match(screen), NextScreenLedger.claim(screen, in: window) else { continue }
            return found
        }
        return nil
    }

    func start(_ continuation: CheckedContinuation<ShownScreen<Shown>, any Error>) {
        self.continuation = continuation
        observation = window.context.observe(TransitionDidComplete.self, owner: self) { waiter, record in
            waiter.transitions.append(record.description)
            if let found = waiter.take() { waiter.end(.success(found)) }
        }
        // Holds the waiter until the wait ends, then is cancelled.
        let fire: @MainActor () -> Void = { self.end(.failure(self.timedOut())) }
        if let timeouts = NextScreenTimeouts.current {
            cancelTimeout = timeouts.schedule(timeout, fire)
        } else {
            let timeout = self.timeout
            let timer = Task { @MainActor in
                do {
                    try await Task.sleep(for: timeout)
                } catch {
                    return  // cancelled: the wait ended before its timeout
                }
                fire()
            }
            cancelTimeout = { timer.cancel() }
        }
    }

    func end(_ outcome: Result<Shown, any Error>) {
        guard let continuation else { return }
        self.continuation = nil
        observation?.cancel()
        let cancel = cancelTimeout
        cancelTimeout = nil
        cancel?()
        continuation.resume(with: outcome.map { ShownScreen(screen: $0) })
    }

    private func timedOut() -> NextScreenTimeout {
        let components = timeout.components
        let seconds = Double(components.seconds) + Double(components.attoseconds) / 1e18
        return NextScreenTimeout(
            awaited: awaited, shown: window.shownScreens.map(\.screenName),
            transitions: transitions, waited: "\(seconds) seconds", snapshot: window.snapshot().text)
    }
}

/// Where the timeouts of ``ScreenWindow/next(_:timeout:)-(Shown.Type,_)`` come from, for a test of
/// the waiting itself: while one is ``current``, a timeout does not run on a clock but waits to be
/// fired by hand with ``fire()``, so the test of a timeout takes no real time.
///
/// ```swift
/// let timeouts = NextScreenTimeouts()
/// await NextScreenTimeouts.$current.withValue(timeouts) {
///     let waiting = Task { try await window.next(HomeScreen.self, timeout: .seconds(1)) }
///     await timeouts.untilScheduled()
///     timeouts.fire()   // `waiting` throws NextScreenTimeout
/// }
/// ```
@_spi(Testing) @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) @MainActor
public final class NextScreenTimeouts {
    /// The hand-fired timeouts `next` uses in the current task and the tasks it creates; `nil`
    /// (the default): a real clock.
    ///
    /// ```swift
    /// NextScreenTimeouts.$current.withValue(timeouts) { … }
    /// ```
    @TaskLocal public static var current: NextScreenTimeouts?

    private struct Pending {
        let id: Int
        let duration: Duration
        let fire: @MainActor () -> Void
    }

    private var pending: [Pending] = []
    private var nextID = 0
    private var scheduleWaiters: [CheckedContinuation<Void, Never>] = []

    /// Makes timeouts that fire only by hand.
    ///
    /// ```swift
    /// let timeouts = NextScreenTimeouts()
    /// ```
    public init() {}

    /// The timeouts waiting to be fired, as each `next` asked for them, oldest first; a wait
    /// that ended takes its timeout away.
    ///
    /// ```swift
    /// timeouts.scheduled   // [.milliseconds(10)]
    /// ```
    public var scheduled: [Duration] { pending.map(\.duration) }

    /// Returns once a timeout is scheduled: at once when one is, else when the next `next`
    /// starts to wait. It resumes from the call that schedules, never by polling.
    ///
    /// ```swift
    /// await timeouts.untilScheduled()
    /// ```
    public func untilScheduled() async {
        guard pending.isEmpty else { return }
        await withCheckedContinuation { scheduleWaiters.append($0) }
    }

    /// Fires every scheduled timeout, oldest first: each of their `next` calls throws
    /// `NextScreenTimeout`.
    ///
    /// ```swift
    /// timeouts.fire()
    /// ```
    public func fire() {
        let firing = pending
        pending = []
        for timeout in firing { timeout.fire() }
    }

    /// Schedules `fire` after `duration`, by hand; returns what cancels it.
    func schedule(_ duration: Duration, _ fire: @escaping @MainActor () -> Void) -> @MainActor () -> Void {
        let id = nextID
        nextID += 1
        pending.append(Pending(id: id, duration: duration, fire: fire))
        let waiters = scheduleWaiters
        scheduleWaiters = []
        for waiter in waiters { waiter.resume() }
        return { [weak self] in self?.pending.removeAll { $0.id == id } }
    }
}

/// The screens each window's `next` already returned, held weakly.
@MainActor
private enum NextScreenLedger {
    private static var returned: [Entry] = []

    private struct Entry {
        weak var window: ScreenWindow?
        weak var screen: ScreenModel?
    }

    /// Marks `screen` as returned in `window`; `false` when it already was.
    static func claim(_ screen: ScreenModel, in window: ScreenWindow) -> Bool {
        returned.removeAll { $0.window == nil || $0.screen == nil }
        if returned.contains(where: { $0.window === window && $0.screen === screen }) { return false }
        returned.append(Entry(window: window, screen: screen))
        return true
    }
}
