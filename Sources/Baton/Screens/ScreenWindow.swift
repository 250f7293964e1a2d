/// The top of a screen tree: holds the root screen, the app-wide context, and the logs of
/// transitions and lifecycle callbacks (UIKit's `UIWindow`).
///
/// ```swift
/// let window = ScreenWindow()                       // context named "app"
/// try window.setRoot(startup)
/// window.makeVisible()                        // startup and its visible children appear
/// window.transitionLog.map(\.description)     // ["replaceRoot: → startup", …]
/// ```
@MainActor
public final class ScreenWindow {
    /// The app-wide context; the root screen's context becomes its child.
    ///
    /// ```swift
    /// window.context.set(model, for: SharedModel.self)
    /// ```
    public let context: ScreenContext

    /// The root screen.
    ///
    /// ```swift
    /// window.rootScreen === startup
    /// ```
    public var rootScreen: ScreenModel? {
        observedState.track()
        return root
    }

    private var root: ScreenModel?
    private var observedState = ObservedState()

    /// The root, without Observation tracking.
    var currentRoot: ScreenModel? { root }

    /// Screen tree assignments that wait for a start-up flow to reach its main screen, in the
    /// order they were requested.
    var waitingNavigations: [WaitingNavigation] = []

    /// Whether the window is visible; screens appear only in a visible window.
    ///
    /// ```swift
    /// window.makeVisible()
    /// window.isVisible   // true
    /// ```
    public private(set) var isVisible = false

    /// The newest transitions performed in this window, oldest first: at most
    /// ``transitionLogLimit`` of them, so that a long-running app does not grow without bound.
    ///
    /// Each read makes a copy; ``flowGraph(format:includeResolvers:)`` still counts the
    /// transitions dropped from it.
    ///
    /// ```swift
    /// window.transitionLog.last?.description   // "push: list → detail"
    /// ```
    public var transitionLog: [TransitionRecord] { transitions.elements }

    /// How many transitions ``transitionLog`` keeps; the oldest are dropped beyond it. 10,000 by
    /// default; lowering it drops the oldest at once, and 0 keeps none.
    ///
    /// ```swift
    /// window.transitionLogLimit = 100
    /// ```
    public var transitionLogLimit: Int {
        get { transitions.limit }
        set { transitions.limit = newValue }
    }

    /// Whether lifecycle callbacks are recorded in ``lifecycleLog``; off by default.
    ///
    /// ```swift
    /// window.recordsLifecycle = true
    /// ```
    public var recordsLifecycle: Bool {
        get { recordsLifecycleCallbacks }
        set { recordsLifecycleCallbacks = newValue }
    }

    /// ``recordsLifecycle``'s storage, read on every lifecycle callback; no user code runs during
    /// an access, so the run-time exclusivity checks are skipped.
    @exclusivity(unchecked) private var recordsLifecycleCallbacks = false

    /// The newest lifecycle callbacks fired in this window while ``recordsLifecycle`` is on,
    /// oldest first: at most ``lifecycleLogLimit`` of them. Each read makes a copy.
    ///
    /// ```swift
    /// window.lifecycleLog.map(\.description)   // ["detail.willAppear", …]
    /// ```
    public var lifecycleLog: [LifecycleRecord] { lifecycle.elements }

    /// How many lifecycle callbacks ``lifecycleLog`` keeps; the oldest are dropped beyond it.
    /// 10,000 by default; lowering it drops the oldest at once, and 0 keeps none.
    ///
    /// ```swift
    /// window.lifecycleLogLimit = 1_000
    /// ```
    public var lifecycleLogLimit: Int {
        get { lifecycle.limit }
        set { lifecycle.limit = newValue }
    }

    private var transitions = RecentRecords<TransitionRecord>(limit: 10_000)
    /// The observer, streams and log of ``NavigationEvent``s; `nil` until one is asked for.
    /// Read on every transition and lifecycle callback; no user code runs during an access.
    @exclusivity(unchecked) var navigationEventHub: NavigationEventHub?
    private var lifecycle = RecentRecords<LifecycleRecord>(limit: 10_000)
    /// What ``flowGraph(format:includeResolvers:)`` draws of the transitions: each distinct
    /// transition once, with how often it happened, also after the log dropped it.
    private(set) var flowEdges = FlowEdges()

    /// The screen shown on top: the root's visible leaf, or the topmost presented screen.
    ///
    /// ```swift
    /// window.topScreen?.screenName   // "detail"
    /// ```
    public var topScreen: ScreenModel? {
        guard var current = rootScreen else { return nil }
        while true {
            if let presented = current.visiblePresentation {
                current = presented
            } else if let child = current.visibleChildren.last {
                current = child
            } else {
                return current
            }
        }
    }

    /// The screens shown now, outermost first: the root and its visible children down to
    /// ``topScreen``, then each presented screen and its visible children. A sheet leaves its
    /// presenter's screens shown; a full-screen cover hides them
    /// (``PresentationStyle/fullScreenCover``).
    ///
    /// ```swift
    /// window.shownScreens.map(\.screenName)   // ["tabs", "orders", "list"]
    /// try list.present(sort)                  // a sheet
    /// window.shownScreens.map(\.screenName)   // ["tabs", "orders", "list", "sort"]
    /// try list.present(tour)                  // a full-screen cover, once sort is dismissed
    /// window.shownScreens.map(\.screenName)   // ["tour"]
    /// ```
    public var shownScreens: [ScreenModel] {
        guard let root = rootScreen else { return [] }
        var shown: [ScreenModel] = []
        for layer in root.shownPresentationLayers {
            var current = layer
            shown.append(current)
            while let child = current.visibleChildren.last {
                shown.append(child)
                current = child
            }
        }
        return shown
    }

    /// Makes a window.
    ///
    /// ```swift
    /// let window = ScreenWindow(context: ScreenContext(name: "app"))
    /// ```
    ///
    /// - Parameter context: The app-wide context; by default a new context named `"app"`.
    public init(context: ScreenContext = ScreenContext(name: "app")) {
        self.context = context
    }

    /// Takes the root's tree out of the window: awaited hops in it end with
    /// ``ScreenError/cancelled(screen:reason:)`` (``CancellationReason/released``) instead of
    /// waiting forever.
    deinit {
        ScreenModel.released(root.map { [$0] } ?? [])
    }

    /// Shows the window: the root screen and its visible children appear.
    ///
    /// ```swift
    /// window.makeVisible()
    /// ```
    public func makeVisible() {
        guard !isVisible else { return }
        isVisible = true
        guard let root = rootScreen else { return }
        // The topmost full-screen cover and the sheets over it appear, bottom first; what a
        // cover hides stays hidden.
        let shown = root.shownPresentationLayers
        // Appearing is a step like a transition's: transitions its callbacks request wait for it.
        TransitionEngine.exclusively(while: "the window appearing") {
            for layer in shown where layer.canReceive(.willAppear) { layer.apply(.willAppear, in: self) }
            for layer in shown where layer.canReceive(.didAppear) { layer.apply(.didAppear, in: self) }
        }
    }

    /// Replaces the root screen (UIKit's `rootViewController`), with a ``TransitionKind/replaceRoot``
    /// transition. The old root, and anything it presents, is released.
    ///
    /// ```swift
    /// try window.setRoot(main)
    /// ```
    ///
    /// - Parameters:
    ///   - screen: The new root.
    ///   - identifier: An optional transition identifier.
    ///   - sender: An optional sender.
    ///   - wiring: How the root's context is wired to ``context``.
    /// - Throws: Replacing the root can fail in a valid tree, so it throws; nothing changes then.
    ///   It fails when a resolver of the dependency coordinator throws
    ///   (``ScreenError/dependencies(_:)``) or the root's context cannot join the window's
    ///   (``ScreenError/contextWiring(destination:_:)``). A root shown elsewhere
    ///   (``ScreenError/alreadyInHierarchy(screen:container:)``) is a misuse. A request made while
    ///   another transition runs is queued behind it and does not throw; its failure is posted in
    ///   the window as ``TransitionDidFail``.
    public func setRoot(
        _ screen: ScreenModel, identifier: String? = nil, sender: Any? = nil, wiring: ContextWiring = .inherit
    ) throws(ScreenError) {
        if TransitionEngine.defers(
            "replacing the root with \(screen.screenName)", window: self,
            { [self] () throws(ScreenError) in
                try performSetRoot(screen, identifier: identifier, sender: sender, wiring: wiring)
            })
        {
            return
        }
        try TransitionEngine.exclusively(while: "replacing the root with \(screen.screenName)") {
            () throws(ScreenError) in
            try performSetRoot(screen, identifier: identifier, sender: sender, wiring: wiring)
        }
    }

    func performSetRoot(
        _ screen: ScreenModel, identifier: String?, sender: Any?, wiring: ContextWiring, resolves: Bool = true
    ) throws(ScreenError) {
        if screen === rootScreen { return }
        try screen.requireFree()
        let old = rootScreen
        var leaving: [ScreenModel] = []
        if let old {
            var top: ScreenModel? = old
            while let current = top {
                leaving.append(current)
                top = current.presented
            }
        }
        let transition = ScreenTransition(
            kind: .replaceRoot, source: old, destination: screen, identifier: identifier, sender: sender)
        try TransitionEngine.perform(
            transition, wiring: wiring, sourceContext: context, visible: isVisible, window: self,
            leaving: leaving, entering: [screen], resolves: resolves
        ) {
            old?.hostWindow = nil
            old?.leaveTree(by: transition)
            screen.hostWindow = self
            root = screen
        }
        observedState.publish()
    }

    /// Empties the transition and lifecycle logs, and the transitions that
    /// ``flowGraph(format:includeResolvers:)`` draws.
    ///
    /// ```swift
    /// window.clearLogs()
    /// ```
    public func clearLogs() {
        transitions.removeAll()
        lifecycle.removeAll()
        flowEdges = FlowEdges()
    }

    func record(_ entry: LifecycleRecord) {
        lifecycle.append(entry)
    }

    /// Whether lifecycle callbacks are recorded or may be reported (``noteLifecycle(_:of:)``):
    /// the one check a callback makes while both are off.
    var notesLifecycle: Bool { recordsLifecycleCallbacks || navigationEventHub != nil }

    /// Records `phase` of `screen` in ``lifecycleLog`` and reports it as a ``NavigationEvent``,
    /// for whichever of the two is on; off, two checks.
    func noteLifecycle(_ phase: LifecyclePhase, of screen: ScreenModel) {
        if recordsLifecycle { record(LifecycleRecord(screen: screen.screenName, phase: phase)) }
        if observesNavigation {
            emit(
                NavigationEvent(
                    .lifecycle(phase), to: screen.screenName,
                    cause: NavigationContext.lifecycleCause ?? .call(screen: screen.screenName)))
        }
    }

    /// How many transitions were ever logged: a recorder's start that survives dropped and
    /// cleared entries (BatonTesting's `FlowRecorder` reads it).
    ///
    /// ```swift
    /// let start = window.transitionsLogged
    /// ```
    @_spi(Testing) public var transitionsLogged: Int { transitions.appended }

    /// The logged transitions since `sequence` (a ``transitionsLogged`` count) that the log still keeps.
    ///
    /// ```swift
    /// window.transitionLog(since: start)   // what happened since the recorder started
    /// ```
    @_spi(Testing) public func transitionLog(since sequence: Int) -> [TransitionRecord] {
        transitions.elements(since: sequence)
    }

    /// How many lifecycle callbacks were ever recorded (see ``transitionsLogged``).
    ///
    /// ```swift
    /// let start = window.lifecycleCallbacksLogged
    /// ```
    @_spi(Testing) public var lifecycleCallbacksLogged: Int { lifecycle.appended }

    /// The lifecycle callbacks recorded since `sequence` that the log still keeps.
    ///
    /// ```swift
    /// window.lifecycleLog(since: start)
    /// ```
    @_spi(Testing) public func lifecycleLog(since sequence: Int) -> [LifecycleRecord] {
        lifecycle.elements(since: sequence)
    }

    /// Logs a transition that completes as it is logged (one UIKit drove), in turn; `check` is
    /// rule 1's check, taken when the transition was asked for.
    func log(_ transition: ScreenTransition, check: RouteCheck?) {
        log(transition, at: reserveLogEntry(), check: check)
    }

    /// The sequence number of the next transition to start, for ``log(_:at:check:)``.
    private var nextLogEntry: UInt64 = 0
    /// The first sequence number not logged yet.
    private var firstUnlogged: UInt64 = 0
    /// Completed transitions (or `nil` for failed ones) that wait for earlier ones.
    private var completedOutOfOrder: [UInt64: TransitionRecord?] = [:]

    /// Reserves a transition's place in the log when it starts.
    func reserveLogEntry() -> UInt64 {
        defer { nextLogEntry &+= 1 }
        return nextLogEntry
    }

    /// Logs a completed transition (or gives up its place, with `nil`) in start order: a record
    /// waits until every transition that started before it has completed or failed.
    /// `check` is rule 1's check (make every screen through its route), taken when the
    /// transition was asked for; it runs once the screens are in the tree and reports once the
    /// log is settled.
    func log(_ transition: ScreenTransition?, at entry: UInt64, check: RouteCheck? = nil) {
        let unrouted =
            check.flatMap { check in transition.map { screensWithoutRoute(shownBy: $0, entered: check.entered) } } ?? []
        defer { if let check { for report in unrouted { check.reporter(report) } } }
        completedOutOfOrder[entry] = .some(transition?.record)
        while let ready = completedOutOfOrder.removeValue(forKey: firstUnlogged) {
            firstUnlogged &+= 1
            guard let record = ready else { continue }
            transitions.append(record)
            flowEdges.count(record, limit: transitionLogLimit)
            context.post(TransitionDidComplete.self, record, reach: .local)
        }
    }
}
