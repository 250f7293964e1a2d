extension ScreenWindow {
    // MARK: - Navigation events

    /// The window's synchronous observer of ``NavigationEvent``s: what analytics and crash
    /// reporting set once, when the window is made. It runs on the main actor right after each
    /// step, in order; a navigation it requests runs after the step it observes. `nil` (the
    /// default) makes no events.
    ///
    /// ```swift
    /// window.onNavigation = { event in
    ///     guard case .transition = event.action, let screen = event.destination else { return }
    ///     analytics.track("screen", ["name": screen, "cause": event.cause.description])
    /// }
    /// ```
    ///
    /// The window keeps the closure: capture the window weakly in it (`[weak window]`), or the
    /// window and its screens are never freed.
    public var onNavigation: (@MainActor (NavigationEvent) -> Void)? {
        get { navigationEventHub?.observer }
        set { hub.observer = newValue }
    }

    /// A stream of the window's ``NavigationEvent``s from now on, for code that awaits them (a
    /// crash reporter's breadcrumbs). It ends when the window is freed or the task that iterates
    /// it is cancelled; beyond `buffering` events not yet read, the oldest are dropped.
    ///
    /// Make the stream before the task, so that the task holds the stream and not the window: a
    /// task that holds the window keeps it alive, and the stream never ends.
    ///
    /// ```swift
    /// let events = window.navigationEvents()
    /// Task {
    ///     for await event in events { breadcrumbs.add(event.description) }
    /// }
    /// ```
    ///
    /// - Parameter buffering: How many unread events the stream keeps; 1,000 by default.
    /// - Returns: The stream.
    public func navigationEvents(buffering: Int = 1_000) -> AsyncStream<NavigationEvent> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: NavigationEvent.self, bufferingPolicy: .bufferingNewest(max(buffering, 1)))
        let hub = self.hub
        let id = hub.add(continuation)
        // Weak here, in the closure the stream keeps: `[weak hub]` on the inner task alone made
        // this closure hold the hub strongly, and the hub holds the continuation, so a hub, its
        // streams and their closures kept each other alive after the window was freed.
        continuation.onTermination = { [weak hub] _ in
            Task { @MainActor [hub] in hub?.removeContinuation(id) }
        }
        return stream
    }

    /// Whether the window keeps its newest ``NavigationEvent``s in ``recentNavigationEvents``;
    /// off by default. An inspector turns it on.
    ///
    /// ```swift
    /// window.recordsNavigationEvents = true
    /// ```
    public var recordsNavigationEvents: Bool {
        get { navigationEventHub?.records ?? false }
        set { hub.records = newValue }
    }

    /// The inspector's page (``inspectorText(events:)``) now and after navigation events, for a
    /// view that shows it: while a stream is iterated, the window records its events, and when
    /// the last one ends (its task cancelled: the view gone) it stops, unless
    /// ``recordsNavigationEvents`` was turned on for itself. The page is rebuilt once for all the
    /// events of one main-actor turn (a push, its four lifecycle steps and whatever else ran
    /// with it), when that turn ends. The stream ends when the window is freed.
    /// BatonSwiftUI's `WindowInspectorView` shows it.
    ///
    /// ```swift
    /// let pages = window.inspectorPages()
    /// Task {
    ///     for await page in pages { label.text = page }
    /// }
    /// ```
    ///
    /// - Parameter events: How many of the newest events each page lists.
    /// - Returns: The pages, the newest one only when the reader is behind.
    public func inspectorPages(events: Int = 50) -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(1))
        let hub = self.hub
        let id = hub.addInspector(
            refresh: { [weak self] in
                guard let self else { return }
                continuation.yield(self.inspectorText(events: events))
            },
            finish: { continuation.finish() })
        continuation.yield(inspectorText(events: events))
        // Weak in the closure the stream keeps, as in `navigationEvents(buffering:)`.
        continuation.onTermination = { [weak hub] _ in
            Task { @MainActor [hub] in hub?.removeInspector(id) }
        }
        return stream
    }

    /// The newest navigation events while ``recordsNavigationEvents`` is on, oldest first: at
    /// most ``navigationEventLimit`` of them, so that a long session stays flat in memory.
    ///
    /// ```swift
    /// window.recentNavigationEvents.last?.description   // "pop: detail → list (gesture swipeBack)"
    /// ```
    public var recentNavigationEvents: [NavigationEvent] { navigationEventHub?.log.elements ?? [] }

    /// How many events ``recentNavigationEvents`` keeps; 1,000 by default. Lowering it drops
    /// the oldest at once; 0 keeps none.
    ///
    /// ```swift
    /// window.navigationEventLimit = 200
    /// ```
    public var navigationEventLimit: Int {
        get { navigationEventHub?.log.limit ?? NavigationEventHub.defaultLimit }
        set { hub.log.limit = newValue }
    }

    private var hub: NavigationEventHub {
        if let navigationEventHub { return navigationEventHub }
        let hub = NavigationEventHub()
        navigationEventHub = hub
        return hub
    }

    /// Whether anyone wants events: checked before any event is made.
    var observesNavigation: Bool { navigationEventHub?.isOn ?? false }

    /// Delivers `event` to the log, the observer and the streams.
    func emit(_ event: NavigationEvent) {
        navigationEventHub?.emit(event)
    }
}

/// A window's event observer, streams and log; made when the first one is asked for.
@MainActor
final class NavigationEventHub {
    static let defaultLimit = 1_000
    var observer: (@MainActor (NavigationEvent) -> Void)?
    var records = false
    var log = RecentRecords<NavigationEvent>(limit: NavigationEventHub.defaultLimit)
    private var continuations: [Int: AsyncStream<NavigationEvent>.Continuation] = [:]
    private var nextID = 0

    /// The inspectors' page streams (``ScreenWindow/inspectorPages(events:)``): each refreshes
    /// its page after an event; while any is open, the log records.
    private var inspectors: [Int: (refresh: @MainActor () -> Void, finish: @Sendable () -> Void)] = [:]

    var isOn: Bool { observer != nil || records || !continuations.isEmpty || !inspectors.isEmpty }

    /// Whether the log keeps events now: asked for, or an inspector is open.
    var isRecording: Bool { records || !inspectors.isEmpty }

    func addInspector(refresh: @escaping @MainActor () -> Void, finish: @escaping @Sendable () -> Void) -> Int {
        defer { nextID += 1 }
        inspectors[nextID] = (refresh, finish)
        return nextID
    }

    func removeInspector(_ id: Int) {
        inspectors[id] = nil
    }

    func add(_ continuation: AsyncStream<NavigationEvent>.Continuation) -> Int {
        defer { nextID += 1 }
        continuations[nextID] = continuation
        return nextID
    }

    func removeContinuation(_ id: Int) {
        continuations[id] = nil
    }

    /// How many times the open inspectors' pages were rebuilt after events.
    private(set) var inspectorRefreshes = 0
    /// Whether a rebuild of the inspectors' pages waits for the main actor's next turn.
    private var refreshIsScheduled = false

    func emit(_ event: NavigationEvent) {
        if isRecording { log.append(event) }
        for continuation in continuations.values { continuation.yield(event) }
        if !inspectors.isEmpty { scheduleInspectorRefresh() }
        // Read last: the observer may replace itself.
        observer?(event)
    }

    /// Rebuilds the inspectors' pages once the code that runs now returns: a page is a snapshot
    /// of the whole window, and a push alone makes five events (four lifecycle steps and the
    /// transition), a restoration dozens. The pages show the window after all of them.
    private func scheduleInspectorRefresh() {
        guard !refreshIsScheduled else { return }
        refreshIsScheduled = true
        Task { @MainActor [weak self] in self?.refreshInspectors() }
    }

    private func refreshInspectors() {
        refreshIsScheduled = false
        guard !inspectors.isEmpty else { return }
        inspectorRefreshes += 1
        for inspector in inspectors.values { inspector.refresh() }
    }

    deinit {
        for continuation in continuations.values { continuation.finish() }
        for inspector in inspectors.values { inspector.finish() }
    }
}

/// What a step being watched for a ``NavigationEvent`` knows when it starts: its cause, the
/// result it delivers and its start time. Made only while the window has an observer.
///
/// A class, so that the `NavigationWatch?` every transition carries is one pointer: `nil` when
/// no one observes, copied and destroyed inline. As a struct (an `Any?` and an optional enum
/// inside) each copy of the optional went through runtime value witnesses, about 3,800
/// instructions of an unobserved push + pop.
@MainActor
final class NavigationWatch {
    /// The cause it was requested with; an adapter that learns more later (a gesture) sets it.
    var cause: NavigationCause?
    let result: (text: String, type: String)?
    /// The start, a `ContinuousClock.Instant` where the system has one (iOS 16 and later).
    let start: Any?

    init() {
        cause = NavigationContext.cause
        result = NavigationContext.result
        if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
            start = ContinuousClock.now
        } else {
            start = nil
        }
    }

    /// The nanoseconds since the start; 0 without a clock.
    var elapsed: Int64 {
        guard #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *), let start = start as? ContinuousClock.Instant else {
            return 0
        }
        let (seconds, attoseconds) = start.duration(to: .now).components
        return seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000
    }

    /// The cause of `transition`: the one it was requested with, else a call by its source.
    func cause(of transition: ScreenTransition) -> NavigationCause {
        cause ?? .call(screen: transition.source?.screenName ?? transition.destination.screenName)
    }

    /// The event of a screen tree assignment.
    func navigation(to tree: String, outcome: NavigationEvent.Outcome) -> NavigationEvent {
        NavigationEvent(
            .navigation(to: tree), cause: cause ?? .assignment, outcome: outcome, nanoseconds: elapsed)
    }

    /// The event of a finished transition.
    func event(
        _ transition: ScreenTransition, resolutions: [String], outcome: NavigationEvent.Outcome = .completed
    ) -> NavigationEvent {
        NavigationEvent(
            .transition(transition.kind), from: transition.source?.screenName,
            to: transition.destination.screenName,
            cause: cause(of: transition),
            resolutions: resolutions, result: result?.text, resultType: result?.type, outcome: outcome,
            nanoseconds: elapsed)
    }
}

/// Why the navigation that runs now happens: set by the entry points that know (a link, a
/// restoration, an assignment, a gesture an adapter reports, a screen's `finish`) and carried to
/// the transitions they request, also to those deferred behind a running one.
@MainActor
enum NavigationContext {
    // Main-actor state read on every transition; no user code runs during an access (reads copy
    // a value out, writes store one), so the run-time exclusivity checks are skipped.
    /// The cause of what runs now; `nil` means a screen's own call.
    @exclusivity(unchecked) static var cause: NavigationCause?
    /// The result a finishing screen delivers with the transition that runs now.
    @exclusivity(unchecked) static var result: (text: String, type: String)?
    /// The cause of the lifecycle callbacks that run now, while a transition is watched.
    @exclusivity(unchecked) static var lifecycleCause: NavigationCause?
    /// The resolver summaries of the transition being watched, or `nil` when none is.
    @exclusivity(unchecked) static var resolutions: [String]?

    /// Sets the lifecycle cause and returns the one it replaced.
    static func replaceLifecycleCause(with cause: NavigationCause) -> NavigationCause? {
        let outer = lifecycleCause
        lifecycleCause = cause
        return outer
    }

    /// Runs `body` with `cause` (and `result`) as the cause of what it requests.
    static func with<Value, Failure: Error>(
        _ cause: NavigationCause?, result: (text: String, type: String)? = nil, _ body: () throws(Failure) -> Value
    ) throws(Failure) -> Value {
        let outer = (self.cause, self.result)
        self.cause = cause
        self.result = result
        defer { (self.cause, self.result) = outer }
        return try body()
    }

    /// `run`, made to run later with the cause of now; `run` itself when there is none.
    static func carrying(_ run: @escaping @MainActor () throws(ScreenError) -> Void)
        -> @MainActor () throws(ScreenError) -> Void
    {
        guard cause != nil || result != nil else { return run }
        let (cause, result) = (self.cause, self.result)
        return { () throws(ScreenError) in try with(cause, result: result, run) }
    }
}

extension NavigationContext {
    /// Runs `body`, a transition's resolution, and returns the summaries of the resolvers it ran.
    static func collectingResolutions(_ body: () throws(ScreenError) -> Void) throws(ScreenError) -> [String] {
        let outer = resolutions
        resolutions = []
        defer { resolutions = outer }
        try body()
        return resolutions ?? []
    }
}
