/// A container that shows one self-contained screen at a time and hops between them, for
/// start-up, onboarding and login flows (CLHoppingViewController).
///
/// Each step finishes by calling ``Screen/finish()`` (or CLHoppingViewController's
/// ``Screen/unhop()``) and knows nothing of the others; the flow lives in one place:
///
/// ```swift
/// final class StartupScreen: HoppingScreen {
///     private var started = false
///     override func didAppear() {
///         guard !started else { return }   // didAppear runs again whenever the container reappears
///         started = true
///         do {
///             try hop(toNamed: "splash") { [unowned self] () throws(ScreenError) in
///                 try self.hop(toNamed: "main", then: nil)   // a failure is thrown out of the splash's unhop
///             }
///         } catch {
///             showStartupError(error)   // the message names the step and what failed
///         }
///     }
/// }
/// ```
///
/// or, awaiting each step:
///
/// ```swift
/// try await startup.hop(to: SplashScreen())
/// if isFirstUse { try await startup.hop(to: OnboardingScreen()) }
/// let user = try await startup.hop(to: LoginScreen(), returning: User.self)
/// try startup.hop(to: MainScreen(user: user), then: nil)
/// ```
///
/// Lifecycle order of a hop: the old screen's will-disappear, the new screen's will-appear, the
/// ``transitionHook`` (a cross-fade, in UIKit), the old screen's did-disappear, the new screen's
/// did-appear.
@MainActor
open class HoppingScreen: ScreenModel {
    private enum State {
        case empty
        case showing(ScreenModel, PendingUnhop)
    }

    private var state = State.empty
    /// The task that runs ``run()`` once Baton started it (it runs once).
    private(set) var runTask: Task<Void, Never>?
    /// Whether the flow has shown its main screen once: from then on links and restoration
    /// apply at once.
    private var reachedMainRoute = false

    /// The registry that ``hop(toNamed:then:)`` makes screens from.
    ///
    /// ```swift
    /// startup.registry = myRegistry
    /// ```
    public final var registry: ScreenRegistry

    /// Called for every hop between the will- and did- lifecycle callbacks, to animate the
    /// change; it must call `complete` once, when done. `nil` (the default) completes at once.
    ///
    /// ```swift
    /// startup.transitionHook = { transition, complete in
    ///     crossFade(from: transition.source, to: transition.destination, completion: complete)
    /// }
    /// ```
    public final var transitionHook:
        (@MainActor (ScreenTransition, _ complete: @escaping @MainActor () -> Void) -> Void)?

    /// Makes a hopping container.
    ///
    /// ```swift
    /// let startup = HoppingScreen(name: "startup", registry: registry)
    /// ```
    ///
    /// - Parameters:
    ///   - name: A name for registries, logs, graphs and named scopes.
    ///   - context: The container's context.
    ///   - registry: Where screens hopped to by name are made; ``ScreenRegistry/main`` by default.
    public init(name: String? = nil, context: ScreenContext? = nil, registry: ScreenRegistry = .main) {
        self.registry = registry
        super.init(name: name, context: context)
    }

    /// The screen shown now.
    ///
    /// ```swift
    /// startup.currentScreen?.screenName   // "splash"
    /// ```
    public final var currentScreen: ScreenModel? {
        observedState.track()
        if case .showing(let screen, _) = state { return screen }
        return nil
    }

    /// Whether a continuation or an awaiting flow waits for the current screen to unhop.
    ///
    /// ```swift
    /// startup.isWaitingForUnhop   // true after hop(to:then:) with a block
    /// ```
    public final var isWaitingForUnhop: Bool {
        guard case .showing(_, let pending) = state else { return false }
        return pending.isWaiting
    }

    override var containedScreens: [ScreenModel] { currentScreen.map { [$0] } ?? [] }
    override var visibleChildren: [ScreenModel] { containedScreens }

    // MARK: - A start-up flow

    /// The route of the flow's main screen, for a start-up flow: when ``run()`` returns, Baton
    /// hops to the screen this route makes, as the final step.
    ///
    /// Declaring it makes the flow a start-up flow that cannot be wired wrong:
    /// - Baton starts ``run()`` once, the first time the flow appears: no `didAppear` to override,
    ///   no `Task` to keep;
    /// - the main screen is made by its route, so that links keep it and restoration saves it;
    /// - links and restored screens wait until the flow shows its main screen, whatever its
    ///   steps await (and again once the app hops it to another step, a logout back to the
    ///   login), and then apply under the flow: a link's tree whose root is the main route
    ///   (or any route but the flow's own) becomes the flow's step, so no link skips the login;
    /// - an error ``run()`` throws is reported with the flow named (``ScreenTaskFailure``), and
    ///   the run is cancelled when the flow leaves the screen tree;
    /// - a main route that cannot make its screen (or whose hop fails) is reported as the route's
    ///   failure: ``NavigationError/factoryFailed(step:route:reason:)`` (or
    ///   ``NavigationError/transitionFailed(step:route:error:)``) naming the route and its error,
    ///   posted in the window as ``NavigationDidFail`` (or, when nothing there observes it, sent
    ///   to ``ScreenTaskFailure/reporter``: reported once); the links that waited for the main
    ///   screen fail with the same error, each posted as ``NavigationDidFail``; the flow stays on
    ///   its last step.
    ///
    /// ```swift
    /// final class StartupScreen: HoppingScreen {
    ///     override var mainRoute: (any ScreenRoute)? { Route.main }
    ///     override func run() async throws {
    ///         try await hop(to: SplashScreen())
    ///         user = try await hop(to: LoginScreen(), returning: User.self)
    ///     }
    /// }
    /// ```
    ///
    /// `nil` (the default) for a hopping container that an app drives itself.
    open var mainRoute: (any ScreenRoute)? { nil }

    /// The steps of a start-up flow before its main screen (``mainRoute``): Baton calls it once,
    /// as a task of the flow (``ScreenModel/task(_:)``), the first time the flow appears, and
    /// hops to the main screen when it returns. It does nothing by default.
    ///
    /// ```swift
    /// override func run() async throws {
    ///     try await hop(to: SplashScreen())
    ///     if isFirstRun { try await hop(to: OnboardingScreen()) }
    /// }
    /// ```
    ///
    /// - Throws: What a step throws; the flow then stays on that step, and the error is
    ///   reported with the flow named.
    open func run() async throws {}

    /// Whether the flow shows its main screen (a start-up flow: it hopped to the screen of its
    /// ``mainRoute`` and not to another step since; a container without one: it shows a step
    /// that no one awaits), so that screen tree assignments apply now instead of waiting.
    var hasReachedMainScreen: Bool {
        if mainRoute != nil { return reachedMainRoute }
        return currentScreen != nil && !isWaitingForUnhop
    }

    override func didAppearInTree() {
        guard runTask == nil, mainRoute != nil else { return }
        runTask = task { [weak self] in
            try await self?.run()
            // Cancelled as the flow left the screen tree, a run that swallowed the cancellation
            // returns: the flow then stays where it is.
            guard !Task.isCancelled, let self, let mainRoute, !reachedMainRoute else { return }
            try hopToMainScreen(of: mainRoute)
        }
    }

    /// The final hop of a start-up flow, to the screen `route` makes. A route that cannot make
    /// its screen, or a hop that fails (a resolver, a wiring conflict), is that route's failure,
    /// not a step's: it is posted in the window as ``NavigationDidFail`` (where SwiftUI's
    /// `onFailure` and an app's navigation observers look), and thrown to the task reporter only
    /// when nothing observes that, so that an app sees it once; the links that waited for the
    /// main screen fail with it; the flow stays on its last step.
    private func hopToMainScreen(of route: any ScreenRoute) throws(NavigationError) {
        let step = "the main screen of \(screenName)"
        let failure: NavigationError
        do {
            let screen = try route.screen()
            do throws(ScreenError) {
                try hop(to: screen, then: nil)
                return
            } catch {
                failure = .transitionFailed(step: step, route: NavigationPlan.describe(route), error: error)
            }
        } catch {
            failure = .factoryFailed(step: step, route: NavigationPlan.describe(route), reason: UnderlyingError(error))
        }
        guard let window else { throw failure }
        // Reported once: where something observes NavigationDidFail (SwiftUI's onFailure), not
        // also to the task reporter; where nothing does, to the task reporter alone.
        let observed = window.context.hasLiveObserver(of: NavigationDidFail.self)
        window.context.post(
            NavigationDidFail.self,
            NavigationFailure(
                request: "\(screenName)'s hop to its main route", waitedFor: "\(screenName)'s run()", error: failure),
            reach: .local)
        // The links that waited for the main screen would wait forever: they fail with the error.
        window.flowFailedToReachMainScreen(self, with: failure)
        if !observed { throw failure }
    }

    // MARK: - Hopping with continuations

    /// Shows `screen` at once, releasing the previous one, and remembers `continuation` for the
    /// next ``Screen/unhop()``. With a `nil` continuation the screen is a final step: unhopping it is a
    /// misuse.
    ///
    /// ```swift
    /// try startup.hop(to: SplashScreen()) { [unowned startup] () throws(ScreenError) in
    ///     try startup.hop(to: MainScreen(), then: nil)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - screen: The screen to show.
    ///   - identifier: An optional transition identifier.
    ///   - sender: An optional sender.
    ///   - wiring: How the screen's context is wired to the container's.
    ///   - continuation: Runs once, when the screen unhops. What it throws is thrown out of the
    ///     step's ``Screen/unhop()``, or posted as ``TransitionDidFail`` in the window after
    ///     ``Screen/finish()``: write `() throws(ScreenError) in` to hop with `try` inside.
    /// - Throws: A hop can fail in a valid tree, so it throws; nothing changes then. It fails
    ///   when a resolver of the dependency coordinator throws (``ScreenError/dependencies(_:)``),
    ///   ``ScreenError/contextWiring(destination:_:)`` when the
    ///   new screen's context cannot join the lineage it is wired to (a provider, action or flag
    ///   it registered is live there already), ``ScreenError/sharedContextHasRegistrations(destination:registrations:)``
    ///   for a `.share` wiring over the screen's own registrations. Hopping to a screen that is
    ///   shown elsewhere (``ScreenError/alreadyInHierarchy(screen:container:)``) is a misuse.
    ///   A request made while another transition runs (from a resolver, a lifecycle callback or
    ///   a continuation) is queued behind it and does not throw; its failure is posted in the
    ///   window as ``TransitionDidFail``.
    public final func hop(
        to screen: ScreenModel, identifier: String? = nil, sender: Any? = nil, wiring: ContextWiring = .inherit,
        then continuation: (@MainActor () throws(ScreenError) -> Void)?
    ) throws(ScreenError) {
        try perform(
            hopTo: screen, identifier: identifier, sender: sender, wiring: wiring,
            pending: PendingUnhop(continuation))
    }

    /// Shows `screen` with a transition of its own for this hop only (CLHoppingViewController's
    /// `hopToViewController:transition:then:`), instead of ``transitionHook``, which stays as it
    /// is for the other hops.
    ///
    /// ```swift
    /// try startup.hop(to: MainScreen(), transition: { transition, complete in
    ///     slideUp(from: transition.source, to: transition.destination, completion: complete)
    /// }, then: nil)
    /// ```
    ///
    /// - Parameters:
    ///   - screen: The screen to show.
    ///   - identifier: An optional transition identifier.
    ///   - sender: An optional sender.
    ///   - wiring: How the screen's context is wired to the container's.
    ///   - transition: Called between the will- and did- lifecycle callbacks of this hop, as
    ///     ``transitionHook`` is; it must call `complete` once.
    ///   - continuation: Runs once, when the screen unhops. What it throws is thrown out of the
    ///     step's ``Screen/unhop()``, or posted as ``TransitionDidFail`` in the window after
    ///     ``Screen/finish()``: write `() throws(ScreenError) in` to hop with `try` inside.
    /// - Throws: The errors of ``hop(to:identifier:sender:wiring:then:)``.
    public final func hop(
        to screen: ScreenModel, identifier: String? = nil, sender: Any? = nil, wiring: ContextWiring = .inherit,
        transition: @escaping @MainActor (ScreenTransition, _ complete: @escaping @MainActor () -> Void) -> Void,
        then continuation: (@MainActor () throws(ScreenError) -> Void)?
    ) throws(ScreenError) {
        try perform(
            hopTo: screen, identifier: identifier, sender: sender, wiring: wiring,
            pending: PendingUnhop(continuation), hook: transition)
    }

    /// Shows the screen registered under `name` in ``registry`` (as a storyboard's
    /// `instantiateViewController(withIdentifier:)` does). The name is also the hop's transition
    /// identifier.
    ///
    /// ```swift
    /// try startup.hop(toNamed: "splash") { … }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The registered name; the screen made takes it as its `name` and the hop as its
    ///     transition identifier.
    ///   - continuation: Runs once, when the screen unhops. What it throws is thrown out of the
    ///     step's ``Screen/unhop()``, or posted as ``TransitionDidFail`` in the window after
    ///     ``Screen/finish()``: write `() throws(ScreenError) in` to hop with `try` inside.
    /// - Throws: ``ScreenError/unknownName(_:known:)`` and the errors of
    ///   ``hop(to:identifier:sender:wiring:then:)``.
    public final func hop(toNamed name: String, then continuation: (@MainActor () throws(ScreenError) -> Void)?)
        throws(ScreenError)
    {
        let screen = try registry.makeScreen(named: name)
        try hop(to: screen, identifier: name, then: continuation)
    }

    /// Shows the screen registered under `name` and, when it unhops, the one registered under
    /// `nextName` (as a final step).
    ///
    /// ```swift
    /// try startup.hop(toNamed: "splash", thenToNamed: "main")
    /// ```
    ///
    /// - Parameters:
    ///   - name: The first screen's registered name.
    ///   - nextName: The registered name of the screen shown after the first unhops.
    /// - Throws: ``ScreenError/unknownName(_:known:)`` when either name is unknown; both are
    ///   checked before hopping.
    public final func hop(toNamed name: String, thenToNamed nextName: String) throws(ScreenError) {
        guard registry.contains(named: nextName) else {
            throw misuse(ScreenError.unknownName(nextName, known: registry.names))
        }
        let screen = try registry.makeScreen(named: name)
        try perform(
            hopTo: screen, identifier: name, sender: nil, wiring: .inherit,
            pending: .callback { [unowned self] () throws(ScreenError) in
                // Thrown out of the step's unhop, so a failed second hop is never silent.
                try self.hop(toNamed: nextName, then: nil)
            })
    }

    // MARK: - Awaiting

    /// Shows `screen` and returns when it finishes (``Screen/finish()``, or ``Screen/unhop()``).
    ///
    /// If the awaiting task is cancelled, this throws ``ScreenError/cancelled(screen:reason:)``
    /// with ``CancellationReason/taskCancelled`` and the screen stays shown; a later unhop from it
    /// is then a misuse, and a later finish does nothing. If the container hops elsewhere first,
    /// or leaves the screen tree (popped, dismissed, hopped away or replaced as a window's root),
    /// it throws ``ScreenError/cancelled(screen:reason:)`` with the transition that did it. The
    /// await ends exactly once.
    ///
    /// ```swift
    /// try await startup.hop(to: SplashScreen())
    /// ```
    ///
    /// - Parameters:
    ///   - screen: The screen to show.
    ///   - identifier: An optional transition identifier.
    ///   - sender: An optional sender.
    ///   - wiring: How the screen's context is wired to the container's.
    /// - Throws: ``ScreenError/cancelled(screen:reason:)``, and the errors of
    ///   ``hop(to:identifier:sender:wiring:then:)``.
    public final func hop(
        to screen: ScreenModel, identifier: String? = nil, sender: Any? = nil, wiring: ContextWiring = .inherit
    ) async throws(ScreenError) {
        _ = try await hop(to: screen, returning: Any.self, identifier: identifier, sender: sender, wiring: wiring)
    }

    /// Shows `screen` and returns the result it finishes with (``Screen/finish(with:)``).
    ///
    /// ```swift
    /// let user = try await startup.hop(to: LoginScreen(), returning: User.self)
    /// ```
    ///
    /// - Parameters:
    ///   - screen: The screen to show.
    ///   - resultType: The type of result awaited.
    ///   - identifier: An optional transition identifier.
    ///   - sender: An optional sender.
    ///   - wiring: How the screen's context is wired to the container's.
    /// - Returns: The screen's result.
    /// - Throws: ``ScreenError/cancelled(screen:reason:)`` as ``hop(to:identifier:sender:wiring:)``
    ///   says, ``ScreenError/resultTypeMismatch(screen:expected:actual:)`` when the screen finishes
    ///   with another type, and the errors of ``hop(to:identifier:sender:wiring:then:)``.
    public final func hop<Result>(
        to screen: ScreenModel, returning resultType: Result.Type, identifier: String? = nil, sender: Any? = nil,
        wiring: ContextWiring = .inherit
    ) async throws(ScreenError) -> Result {
        try await ResultWaiter.wait(for: screen.screenName, Result.self) { waiter in
            // A failure ends the await, whether the hop runs now or, requested inside another
            // transition, after it.
            try? perform(
                hopTo: screen, identifier: identifier, sender: sender, wiring: wiring, pending: .awaiting(waiter),
                onFailure: { error in waiter.fail(error) })
        }
    }

    // MARK: - Unhopping

    /// Runs the continuation of the current hop on behalf of the current screen, as if it had
    /// called ``Screen/unhop()`` (CLHoppingViewController's `[hoppingViewController unhop]` from
    /// code that holds the container).
    ///
    /// On a hopping container, ``Screen/unhop()`` does the same; this name says so at the call
    /// site. A hopping container nested as a step of another one (a multi-page onboarding inside
    /// a start-up flow) finishes its own step in the outer flow with `try parentScreen?.unhop()`.
    ///
    /// ```swift
    /// try startup.unhopCurrentScreen()
    /// ```
    ///
    /// - Throws: ``ScreenError/noPendingContinuation(hopping:screen:)`` when this container never
    ///   hopped or its step was hopped to without a continuation, and what the continuation
    ///   throws. A second unhop of a step that already finished is ignored.
    public final func unhopCurrentScreen() throws(ScreenError) {
        try unhop(from: currentScreen ?? self, result: ())
    }

    func unhop(from screen: any Screen, result: Any) throws(ScreenError) {
        guard case .showing(let current, let pending) = state, screen === self || isWithin(screen, current) else {
            throw misuse(ScreenError.noPendingContinuation(hopping: screenName, screen: screen.screenName))
        }
        let settle = try pending.unhop(result: result, hopping: screenName, screen: screen.screenName)
        state = .showing(current, .spent)
        try settle()
    }

    /// Ends the current step on behalf of `screen`, inside it, with `result`
    /// (``Screen/finish(with:)``): runs the continuation or ends the await. A step that already
    /// finished, or that nothing waits for, is left as it is: a second finish (a double-tapped
    /// button) does nothing. A continuation's failure (the second hop of
    /// ``hop(toNamed:thenToNamed:)``) is posted as ``TransitionDidFail`` in the window.
    func finishStep(from screen: any Screen, result: Any) {
        guard case .showing(let current, let pending) = state, pending.isWaiting else { return }
        state = .showing(current, .spent)
        pending.settle(
            result: result, container: screenName, step: current.screenName, screen: screen, window: { window })
    }

    /// What waits for the current step, for a window snapshot: `nil` when nothing does.
    var waitingForStep: String? {
        guard case .showing(_, let pending) = state else { return nil }
        switch pending {
        case .callback: return "a continuation"
        case .awaiting(let waiter) where waiter.isWaiting: return "an await of \(waiter.typeName)"
        case .awaiting, .none, .spent: return nil
        }
    }

    // MARK: - Internals

    private func isWithin(_ screen: any Screen, _ current: ScreenModel) -> Bool {
        var candidate: (any Screen)? = screen
        while let step = candidate {
            if step === current { return true }
            if step === self { return false }
            candidate = step.parentScreen ?? step.presentingScreen
        }
        return false
    }

    private func perform(
        hopTo screen: ScreenModel, identifier: String?, sender: Any?, wiring: ContextWiring, pending: PendingUnhop,
        hook: (@MainActor (ScreenTransition, _ complete: @escaping @MainActor () -> Void) -> Void)? = nil,
        onFailure: (@MainActor (ScreenError) -> Void)? = nil
    ) throws(ScreenError) {
        try requestTransition("hop of \(screenName) to \(screen.screenName)") { () throws(ScreenError) in
            do throws(ScreenError) {
                try self.performHop(
                    to: screen, identifier: identifier, sender: sender, wiring: wiring, pending: pending, hook: hook)
            } catch {
                onFailure?(error)
                throw error
            }
        }
    }

    /// Where a hop comes from, which decides what it means for a start-up flow.
    enum HopOrigin {
        /// The app's own hop (its flow, a button): the flow moves to another step, and is at its
        /// main screen only when that step is its main route's (a logout back to the login is not).
        case app
        /// A screen tree assignment (a link, a restoration) applying a tree as the flow's step,
        /// once the flow is at its main screen (``NavigationPlan``): the flow stays there, whatever
        /// the tree's root. The plan made and resolved the step's screens beforehand.
        case treeStep
    }

    func performHop(
        to screen: ScreenModel, identifier: String?, sender: Any?, wiring: ContextWiring, pending: PendingUnhop,
        hook: (@MainActor (ScreenTransition, _ complete: @escaping @MainActor () -> Void) -> Void)?,
        origin: HopOrigin = .app
    ) throws(ScreenError) {
        try screen.requireFree()
        if let current = currentScreen { dismissPresentations(from: [current]) }
        let previous = currentScreen
        // The first hop comes from no screen, as CLHoppingViewController's transition block gets a
        // nil from-controller; its resolvers still take the container as the screen before it.
        var transition = ScreenTransition(
            kind: .hop, source: previous, destination: screen, identifier: identifier, sender: sender)
        transition.resolutionSource = previous ?? self
        var superseded: ResultWaiter?
        try TransitionEngine.perform(
            transition, wiring: wiring, sourceContext: context, visible: isInVisibleTree, window: window,
            leaving: previous.map { [$0] } ?? [], entering: [screen], hook: hook ?? transitionHook,
            resolves: origin == .app
        ) {
            if case .showing(let old, let oldPending) = state {
                old.container = nil
                old.leaveTree(by: transition)
                superseded = oldPending.waiter
            }
            screen.container = self
            state = .showing(screen, pending)
        }
        observedState.publish()
        superseded?.cancel(.transition(transition.record))
        // A start-up flow reached its main screen when it shows its main route's screen, however
        // it hopped there, until the app hops it to another step (a logout back to the login); a
        // tree applied as its step (a link's, a restoration's) keeps it there. A container
        // without a main route reaches it when it hops to a final step.
        if let mainRoute {
            if let route = screen.anyRoute, AnyHashable(route) == AnyHashable(mainRoute) {
                reachedMainRoute = true
            } else {
                switch origin {
                case .app: reachedMainRoute = false
                case .treeStep: break
                }
            }
        }
        // Screen tree assignments that waited for the main screen run next.
        if hasReachedMainScreen, let window, !window.waitingNavigations.isEmpty { window.flowReachedMainScreen(self) }
    }

    /// Ends a flow that awaits the current screen when this container leaves the screen tree, so
    /// that the awaiting task neither hangs nor keeps the screens alive.
    override func didLeaveHierarchy(by transition: ScreenTransition?) {
        guard case .showing(let current, let pending) = state, let waiter = pending.waiter else { return }
        state = .showing(current, .spent)
        waiter.cancel(transition.map { .transition($0.record) } ?? .released)
    }
}
