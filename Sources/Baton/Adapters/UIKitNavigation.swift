/// A UIKit window's screen tree as a value: read from its view controllers, and assigned with
/// UIKit's own calls, each made once (`setViewControllers(_:animated:)` per stack that changes,
/// one tab selection per tab bar controller, `present` and `dismiss` per presentation that comes
/// or goes, `rootViewController =` for a new root).
///
/// BatonUIKit's `UIWindow.screenTree(_:)` and `UIWindow.navigate(to:animated:)` call these entry
/// points; the Linux tests call them on the UIKit behaviour model, so that every decision is
/// tested where UIKit does not exist.
///
/// Reading follows UIKit's containers: a navigation controller's `viewControllers` are a stack, a
/// tab bar controller's are tabs with the selected one, a ``HopFlowContainer`` shows its current
/// step, and a presented controller belongs to the controller `present` was called on (UIKit's
/// `presentingViewController` is the presentation context instead, `UIViewController.h:211-212`).
///
/// ```swift
/// let tree = try UIKitNavigation.screenTree(in: window, as: AppRoute.self)
/// try UIKitNavigation.navigate(window, to: tree!, animated: false) { route in try route.makeViewController() }
/// ```
@_spi(Adapters)
@MainActor
public enum UIKitNavigation {
    /// The window's screen tree as routes; `nil` for a window without a root.
    ///
    /// ```swift
    /// try UIKitNavigation.screenTree(in: window, as: AppRoute.self)   // main{*feed[list, item(id: 42)], settings}
    /// ```
    ///
    /// - Parameters:
    ///   - window: The UIKit window.
    ///   - type: The app's route type.
    /// - Returns: The tree, or `nil`.
    /// - Throws: ``NavigationError/viewControllersWithoutRoute(_:routeType:)`` naming every controller
    ///   without a route of this type, by its path.
    public static func screenTree<Route: ScreenRoute>(in window: any UIKitWindow, as type: Route.Type)
        throws(NavigationError) -> ScreenTree<Route>?
    {
        guard let root = window.currentRoot else { return nil }
        if let tree = tree(of: root, as: type) { return tree }
        var missing: [String] = []
        _ = tree(of: root, at: "", as: type, missing: &missing)
        throw .viewControllersWithoutRoute(missing, routeType: TypeNames.name(of: Route.self))
    }

    /// Saves the window's tree, keeping every part that can be saved: a controller without a
    /// route (an alert, a share sheet, a controller pushed or presented by hand) is left out with
    /// what it holds, as ``ScreenWindow/saveScreenTree(_:)`` does for model screens, and reported
    /// in ``SavedScreenTree/leftOut``; `nil` for a window without a root.
    ///
    /// ```swift
    /// let saved = try UIKitNavigation.saveScreenTree(in: window, as: AppRoute.self)
    /// for part in saved?.leftOut ?? [] { print(part) }
    /// ```
    ///
    /// - Parameters:
    ///   - window: The UIKit window.
    ///   - type: The app's route type.
    /// - Returns: The saved tree, or `nil`.
    /// - Throws: ``NavigationError/viewControllersWithoutRoute(_:routeType:)`` when the root controller
    ///   has no route, ``NavigationError/notSaved(path:reason:)`` when its route cannot be encoded.
    public static func saveScreenTree<Route: ScreenRoute>(in window: any UIKitWindow, as type: Route.Type)
        throws(NavigationError) -> SavedScreenTree?
    {
        guard let root = window.currentRoot else { return nil }
        let walk = SavingWalk<any Screen, Route>(
            route: { route(of: $0) as? Route },
            name: { TypeNames.name(of: Swift.type(of: $0)) },
            shape: { screen in
                switch content(of: screen) {
                case .plain: .plain
                case .stack(let screens): .stack(screens)
                case .tabs(let tabs, let selected): .tabs(tabs, selected: selected)
                case .hop(let step): .hop(step)
                }
            },
            presented: { presented(by: $0) })
        var leftOut: [NavigationError] = []
        guard let tree = walk.routedPart(of: root, prefix: { "" }, leftOut: &leftOut) else {
            throw .viewControllersWithoutRoute(
                ["\(root.screenName) (\(TypeNames.name(of: Swift.type(of: root))))"],
                routeType: TypeNames.name(of: Route.self))
        }
        return try SavedScreenTree(tree, leftOut: leftOut)
    }

    /// Shows `tree` in the window with the fewest UIKit calls, atomically: controllers whose route
    /// is unchanged stay (the same objects, with their contexts); every new controller is made by
    /// `make`, wired and resolved before UIKit is called, so that when a factory or a resolver
    /// throws, nothing changed and no UIKit method was called.
    ///
    /// Requested while a transition runs (from a resolver or a lifecycle callback of another
    /// assignment), it runs right after it, as every nested transition does (<doc:Reentrancy>),
    /// and returns ``NavigationOutcome/queued``; a failure then posts ``NavigationDidFail`` on the
    /// window's context.
    /// While UIKit runs a transition in the window (a presentation or dismissal, a navigation
    /// controller's animated push or pop, the user's swipe back), or a start-up flow has not
    /// reached its main screen, it waits and returns ``NavigationOutcome/waiting(for:)`` naming
    /// what it waits for. A window that observes navigation gets one event per assignment with
    /// its outcome, and another when a waiting one runs.
    ///
    /// ```swift
    /// try UIKitNavigation.navigate(window, to: .stack(.feed, [.list, .item(id: 42)]), animated: false) { route in
    ///     try route.makeViewController()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - window: The UIKit window.
    ///   - tree: The tree to show.
    ///   - animated: Whether UIKit animates its calls.
    ///   - make: Makes a new controller for a route.
    /// - Returns: ``NavigationOutcome/applied``, ``NavigationOutcome/queued`` or
    ///   ``NavigationOutcome/waiting(for:)``.
    /// - Throws: ``NavigationError`` naming the step that could not be made; nothing changed.
    @inlinable @discardableResult
    public static func navigate<Route: ScreenRoute>(
        _ window: any UIKitWindow, to tree: ScreenTree<Route>, animated: Bool,
        making make: @escaping @MainActor (Route) throws -> any UIKitScreen
    ) throws(NavigationError) -> NavigationOutcome {
        // Converted here, where the app's route type is known (see ErasedScreenTree): the
        // assignment itself is not generic, and looks up no metadata of types built from `Route`.
        try navigate(window, to: ErasedScreenTree(tree), animated: animated, making: erased(make))
    }

    /// The app's factory for routes of any type; a route of another type is an invalid tree.
    @inlinable
    static func erased<Route: ScreenRoute>(
        _ make: @escaping @MainActor (Route) throws -> any UIKitScreen
    ) -> ErasedFactory {
        { route in
            guard let route = route as? Route else {
                throw NavigationError.invalidTree(step: String(describing: route), reason: "not a \(Route.self)")
            }
            return try make(route)
        }
    }

    /// A factory of controllers whose route type is erased.
    @usableFromInline
    typealias ErasedFactory = @MainActor (any ScreenRoute) throws -> any UIKitScreen

    /// ``navigate(_:to:animated:making:)`` for a tree whose route type is erased.
    @usableFromInline
    static func navigate(
        _ window: any UIKitWindow, to tree: ErasedScreenTree, animated: Bool, making make: @escaping ErasedFactory
    ) throws(NavigationError) -> NavigationOutcome {
        // Its transitions, also those that run later, report the cause of the request.
        try NavigationContext.with(NavigationContext.cause ?? .assignment) { () throws(NavigationError) in
            try navigateCaused(window, to: tree, animated: animated, making: make)
        }
    }

    private static func navigateCaused(
        _ window: any UIKitWindow, to tree: ErasedScreenTree, animated: Bool, making make: @escaping ErasedFactory
    ) throws(NavigationError) -> NavigationOutcome {
        let baton = window.batonWindow
        if TransitionEngine.isBusy,
            baton.deferNavigation(
                "navigation to \(tree)",
                { [weak window] () throws(NavigationError) in
                    guard let window else { return }
                    _ = try assign(tree, to: window, animated: animated, making: make)
                })
        {
            if baton.observesNavigation { baton.emit(NavigationWatch().navigation(to: "\(tree)", outcome: .queued)) }
            return .queued
        }
        return try TransitionEngine.exclusively(while: "navigation to \(tree)") { () throws(NavigationError) in
            try assign(tree, to: window, animated: animated, making: make)
        }
    }

    /// Restores a saved tree, keeping every part that still fits, as
    /// ``ScreenWindow/restoreScreenTree(_:as:)`` does for model screens.
    ///
    /// ```swift
    /// let dropped = try UIKitNavigation.restoreScreenTree(saved, as: AppRoute.self, in: window, animated: false) {
    ///     try $0.makeViewController()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - saved: The saved tree.
    ///   - type: The app's route type.
    ///   - window: The UIKit window.
    ///   - animated: Whether UIKit animates its calls.
    ///   - make: Makes a new controller for a route.
    /// - Returns: What was left out, as ``NavigationError/dropped(path:reason:)`` values.
    /// - Throws: The ``NavigationError`` of the root when not even the root can be restored.
    @discardableResult
    public static func restoreScreenTree<Route: ScreenRoute>(
        _ saved: SavedScreenTree, as type: Route.Type, in window: any UIKitWindow, animated: Bool,
        making make: @escaping @MainActor (Route) throws -> any UIKitScreen
    ) throws(NavigationError) -> [NavigationError] {
        // Its transitions and its navigation events report a restoration.
        try NavigationContext.with(.restoration) { () throws(NavigationError) in
            try restoreCaused(saved, as: type, in: window, animated: animated, making: make)
        }
    }

    private static func restoreCaused<Route: ScreenRoute>(
        _ saved: SavedScreenTree, as type: Route.Type, in window: any UIKitWindow, animated: Bool,
        making make: @escaping @MainActor (Route) throws -> any UIKitScreen
    ) throws(NavigationError) -> [NavigationError] {
        let (tree, dropped) = saved.validPart(as: type)
        guard let tree else {
            let error = dropped.first ?? .unreadable(reason: "it has no tree")
            let baton = window.batonWindow
            if baton.observesNavigation {
                baton.emit(NavigationWatch().navigation(to: "a saved tree", outcome: .failed(error.description)))
            }
            throw error
        }
        // Described only when a wait or a report needs it: describing a tree costs more than assigning it.
        func request() -> String { "restoration of \(tree)" }
        let restore = { [weak window] () throws(NavigationError) -> [NavigationError] in
            guard let window else { return dropped }
            return try restoreNow(tree, dropped: dropped, in: window, animated: animated, making: make)
        }
        if window.batonWindow.deferNavigation(request(), { () throws(NavigationError) in _ = try restore() }) {
            return dropped
        }
        return try TransitionEngine.exclusively(while: request(), restore)
    }

    /// Restores `tree` now, or makes it wait; its navigation event, when the window is observed,
    /// says which: completed, waiting for what, or failed with the error.
    private static func restoreNow<Route: ScreenRoute>(
        _ tree: ScreenTree<Route>, dropped: [NavigationError], in window: any UIKitWindow, animated: Bool,
        making make: @escaping @MainActor (Route) throws -> any UIKitScreen
    ) throws(NavigationError) -> [NavigationError] {
        let baton = window.batonWindow
        let watch = baton.observesNavigation ? NavigationWatch() : nil
        var waitsFor: String?
        do {
            let result = try restoreParts(
                tree, dropped: dropped, in: window, animated: animated, making: make, waitsFor: &waitsFor)
            if let watch {
                baton.emit(watch.navigation(to: "\(tree)", outcome: waitsFor.map { .waiting(for: $0) } ?? .completed))
            }
            return result
        } catch {
            if let watch { baton.emit(watch.navigation(to: "\(tree)", outcome: .failed(error.description))) }
            throw error
        }
    }

    private static func restoreParts<Route: ScreenRoute>(
        _ tree: ScreenTree<Route>, dropped: [NavigationError], in window: any UIKitWindow, animated: Bool,
        making make: @escaping @MainActor (Route) throws -> any UIKitScreen, waitsFor: inout String?
    ) throws(NavigationError) -> [NavigationError] {
        try ScreenTree.assignValidPart(of: tree, dropped: dropped) { part throws(NavigationPlan.Failure) in
            if let flow = waitingFlow(in: window) {
                waitsFor = flow.screenName
                // Behind an assignment that waits for a start-up flow, this one waits too.
                wait(for: flow, in: window, "restoration of \(part)") { [weak window] () throws(NavigationError) in
                    guard let window else { return }
                    _ = try restoreNow(part, dropped: [], in: window, animated: animated, making: make)
                }
                return
            }
            func request() -> String { "restoration of \(part)" }
            let running: String?
            do throws(NavigationError) {
                running = try waitForRunningTransition(
                    in: window, request(),
                    { () throws(NavigationError) in
                        _ = try restoreNow(part, dropped: [], in: window, animated: animated, making: make)
                    })
            } catch {
                throw .error(error, at: [])
            }
            if let running {
                waitsFor = running
                return
            }
            let plan = UIKitNavigationPlan(window: window, animated: animated, making: erased(make))
            do throws(NavigationPlan.Failure) {
                try plan.prepare(ErasedScreenTree(part))
            } catch {
                guard let flow = plan.waitsFor else { throw error }
                waitsFor = flow.screenName
                wait(for: flow, in: window, "restoration of \(part)") { [weak window] () throws(NavigationError) in
                    guard let window else { return }
                    _ = try restoreNow(part, dropped: [], in: window, animated: animated, making: make)
                }
                return
            }
            do throws(NavigationError) {
                try plan.apply()
            } catch {
                throw .error(error, at: [])
            }
        }
    }

    /// Assigns `tree` now, or makes it wait; its navigation event, when the window is observed,
    /// says which: completed, waiting for what, or failed with the error.
    private static func assign(
        _ tree: ErasedScreenTree, to window: any UIKitWindow, animated: Bool, making make: @escaping ErasedFactory
    ) throws(NavigationError) -> NavigationOutcome {
        let baton = window.batonWindow
        guard baton.observesNavigation else { return try assignNow(tree, to: window, animated: animated, making: make) }
        let watch = NavigationWatch()
        do {
            let outcome = try assignNow(tree, to: window, animated: animated, making: make)
            let event: NavigationEvent.Outcome =
                switch outcome {
                case .applied: .completed
                case .queued: .queued
                case .waiting(let running): .waiting(for: running)
                }
            baton.emit(watch.navigation(to: "\(tree)", outcome: event))
            return outcome
        } catch {
            baton.emit(watch.navigation(to: "\(tree)", outcome: .failed(error.description)))
            throw error
        }
    }

    private static func assignNow(
        _ tree: ErasedScreenTree, to window: any UIKitWindow, animated: Bool, making make: @escaping ErasedFactory
    ) throws(NavigationError) -> NavigationOutcome {
        // Described only when a wait needs it: describing a tree costs more than assigning it.
        func request() -> String { "navigation to \(tree)" }
        // Weakly: a waiting assignment must not keep a closed scene's window alive. Made only
        // when the assignment waits.
        func retry() -> @MainActor () throws(NavigationError) -> Void {
            { [weak window] () throws(NavigationError) in
                guard let window else { return }
                _ = try assign(tree, to: window, animated: animated, making: make)
            }
        }
        // Links are applied in the order they came: behind one that waits, the next waits too.
        if let flow = waitingFlow(in: window) {
            wait(for: flow, in: window, request(), retry())
            return .waiting(for: flow.screenName)
        }
        if let running = try waitForRunningTransition(in: window, request(), retry()) {
            return .waiting(for: running)
        }
        let plan = UIKitNavigationPlan(window: window, animated: animated, making: make)
        do {
            try plan.prepare(tree)
        } catch {
            if let flow = plan.waitsFor {
                wait(for: flow, in: window, request(), retry())
                return .waiting(for: flow.screenName)
            }
            switch error {
            case .error(let error, _): throw error
            case .wait(let hopping):
                // Only a model `HoppingScreen` waits this way, and a UIKit window shows none.
                throw .doesNotFit(
                    step: hopping.screenName, route: hopping.screenName, expected: "a UIKit container",
                    found: "a HoppingScreen")
            }
        }
        try plan.apply()
        return .applied
    }

    // MARK: - Waiting for UIKit

    /// When UIKit runs a transition the assignment would meet, the assignment waits for it: a
    /// presentation or a dismissal on the window's chain of presented controllers (UIKit refuses
    /// `present` and `dismiss` while one runs, or makes them late: UIKit practice, the review's
    /// N-E5), or a navigation controller's animated push or pop or the user's interactive pop
    /// anywhere in the window (UIKit drops or defers a stack change made then: undocumented,
    /// N-E5). `run` runs when that transition's coordinator completes
    /// (`UIViewControllerTransitionCoordinator.h:96-97`, `:124-131`), cancelled or not, and, for a
    /// presentation, the presented controller's viewDidAppear (or viewDidDisappear) has come:
    /// UIKit may complete a presentation's coordinator before the presented controller's
    /// viewDidAppear (undocumented, the UIKit model's switch E2), while the presentation still
    /// runs (`UIViewController.h:233-241`), and refuses a dismissal made then. That wait ends at
    /// the presentation's completion at the latest (`UIViewController.h:246-249`), so an override
    /// of `viewDidAppear(_:)` that skips `super` cannot make it last for ever (DESIGN rule 42). A
    /// failure then posts ``NavigationDidFail``. Returns what it waits for, or `nil` when nothing
    /// runs.
    ///
    /// - Throws: ``NavigationError/refusedByUIKit(step:reason:)`` when one runs without a
    ///   coordinator to wait for; nothing changed.
    private static func waitForRunningTransition(
        in window: any UIKitWindow, _ request: @autoclosure () -> String,
        _ run: @autoclosure () -> @MainActor () throws(NavigationError) -> Void
    ) throws(NavigationError) -> String? {
        guard let (running, coordinator) = runningTransition(in: window) else { return nil }
        let request = request()
        guard let coordinator else {
            throw .refusedByUIKit(
                step: request,
                reason: "UIKit runs \(running), which has no transition coordinator to wait for; nothing changed")
        }
        let run = run()
        let baton = window.batonWindow
        let cause = NavigationContext.cause
        let ending = EndingTransition(from: coordinator.fromScreen, to: coordinator.toScreen)
        let afterTransition = { @MainActor [weak baton] in
            // UIKit may still vend the coordinator in its completion, and until its last callback
            // (`UIViewControllerTransitionCoordinator.h:76-78`: released "after … the last
            // callback"): the transition waited for is over, whatever it answers.
            endingTransitions.append(ending)
            defer { endingTransitions.removeLast() }
            NavigationContext.with(cause) {
                do throws(NavigationError) {
                    try run()
                } catch {
                    baton?.context.post(
                        NavigationDidFail.self, NavigationFailure(request: request, waitedFor: running, error: error),
                        reach: .local)
                }
            }
        }
        coordinator.onCompletion { _ in
            // A presented controller whose viewDidAppear is still to come: after it (or its
            // viewDidDisappear), or at the latest at the presentation's completion, which UIKit
            // calls after that viewDidAppear even when an override skips `super`
            // (``UIKitEvents/present(_:on:_:)``). Any other destination: now, since a navigation
            // controller refuses nothing once its coordinator completed, and nothing else would
            // end a wait for a viewDidAppear an override swallowed.
            guard let destination = ending.to as? any UIKitScreen, destination.parentScreen == nil,
                destination.presentingScreen != nil
            else { return afterTransition() }
            destination.screenLifecycle.whenAppeared(afterTransition)
        }
        return running
    }

    /// A transition whose coordinator's completion runs, identified by its screens (BatonUIKit's
    /// coordinators are new values on each read).
    @MainActor
    private struct EndingTransition {
        weak var from: AnyObject?
        weak var to: AnyObject?

        init(from: (any Screen)?, to: (any Screen)?) {
            self.from = from
            self.to = to
        }

        func isEnding(_ coordinator: any UIKitTransitionCoordinator) -> Bool {
            from === coordinator.fromScreen && to === coordinator.toScreen
        }
    }

    /// The transitions whose completions run now, innermost last.
    private static var endingTransitions: [EndingTransition] = []

    /// Whether `coordinator` is one that runs, not one whose completion runs now.
    static func isRunning(_ coordinator: any UIKitTransitionCoordinator) -> Bool {
        !endingTransitions.contains { $0.isEnding(coordinator) }
    }

    /// The transition UIKit runs in the window, with its coordinator when UIKit vends one: a
    /// presentation or dismissal on the chain of presented controllers first, then a navigation
    /// controller's view transition (a navigation controller vends the coordinator of its own
    /// transitions, as `transitionCoordinator` lets a container do, `UIViewControllerTransitionCoordinator.h:125-130`).
    static func runningTransition(
        in window: any UIKitWindow
    ) -> (running: String, coordinator: (any UIKitTransitionCoordinator)?)? {
        // One walk, one cast per presented level; a presentation or dismissal anywhere on the
        // chain is named before a navigation controller's transition.
        var stackTransition: (running: String, coordinator: (any UIKitTransitionCoordinator)?)?
        var current = window.currentRoot
        while let screen = current {
            if let controller = screen as? any UIKitScreen {
                if controller.isBeingDismissed, controller.activeTransitionCoordinator.map(isRunning) ?? true {
                    return ("the dismissal of \(controller.screenName)", controller.activeTransitionCoordinator)
                }
                // A presentation's coordinator has the presented controller as its destination
                // (`UITransitionContextToViewControllerKey`, `UIViewControllerTransitionCoordinator.h:56-59`);
                // a presented navigation controller also vends its own transitions' coordinators.
                if controller.presentingScreen != nil, let coordinator = controller.activeTransitionCoordinator,
                    coordinator.toScreen === controller, isRunning(coordinator)
                {
                    return ("the presentation of \(controller.screenName)", coordinator)
                }
                if stackTransition == nil { stackTransition = runningStackTransition(shownBy: controller) }
            }
            current = screen.presentedScreen
        }
        return stackTransition
    }

    /// The running view transition of a navigation controller among the controllers `screen`
    /// shows. UIKit animates only what is in a window, so only the shown path can run one, and
    /// `transitionCoordinator` asks each parent in turn (`UIViewControllerTransitionCoordinator.h:125-130`):
    /// the shown leaf's answer covers every container above it, with no walk over the hidden tabs
    /// and the stacks' lower controllers.
    private static func runningStackTransition(
        shownBy screen: any UIKitScreen
    ) -> (running: String, coordinator: (any UIKitTransitionCoordinator)?)? {
        var leaf: (any UIKitScreen)? = screen
        while let controller = leaf {
            if let shown = controller.visibleChildScreen {
                leaf = shown as? any UIKitScreen
            } else if controller.containerRole == .plain, !controller.childScreens.isEmpty,
                let step = (controller as? any HopFlowContainer)?.hopFlow.current
            {
                // A hopping container shows its step; a controller without children is none (a
                // failing cast costs more than the check).
                leaf = step as? any UIKitScreen
            } else {
                break
            }
        }
        guard let leaf, let coordinator = leaf.activeTransitionCoordinator, isRunning(coordinator) else { return nil }
        // Its navigation controller: the nearest one above the leaf.
        var owner: (any Screen)? = leaf
        while let current = owner, (current as? any UIKitScreen)?.containerRole != .navigation {
            owner = current.parentScreen
        }
        guard let navigation = owner else { return nil }
        let running =
            coordinator.isInteractive
            ? "the interactive pop of \(navigation.screenName)"
            : "the animated transition of \(navigation.screenName)"
        return (running, coordinator)
    }

    // MARK: - Waiting for a start-up flow

    /// An assignment that waits for a UIKit start-up flow (a ``HopFlowContainer``) to reach its
    /// main screen, as ``ScreenWindow/navigate(to:)`` waits for a ``HoppingScreen``.
    private struct Waiting {
        weak var flow: (any HopFlowContainer)?
        weak var window: ScreenWindow?
        let request: String
        let waitedFor: String
        let run: @MainActor () throws(NavigationError) -> Void
    }

    private static var waiting: [Waiting] = []

    /// The flow the window's earlier assignments wait for, while it is still in the window.
    /// The flow the window's earlier assignments wait for. When it left the window (or is gone),
    /// they can wait no longer: they run now, in order, and there is none.
    private static func waitingFlow(in window: any UIKitWindow) -> (any HopFlowContainer)? {
        // No filtering while nothing waits, as in nearly every assignment.
        guard !waiting.isEmpty else { return nil }
        let baton = window.batonWindow
        let mine = waiting.filter { $0.window === baton }
        guard !mine.isEmpty else { return nil }
        if let flow = mine.last?.flow, ScreenWindow.containing(flow) === baton { return flow }
        waiting.removeAll { $0.window === baton || $0.window == nil }
        for entry in mine { run(entry) }
        return nil
    }

    private static func run(_ entry: Waiting) {
        do {
            try entry.run()
        } catch {
            let failure = NavigationFailure(request: entry.request, waitedFor: entry.waitedFor, error: error)
            entry.window?.context.post(NavigationDidFail.self, failure, reach: .local)
        }
    }

    private static func wait(
        for flow: any HopFlowContainer, in window: any UIKitWindow, _ request: String,
        _ run: @escaping @MainActor () throws(NavigationError) -> Void
    ) {
        waiting.removeAll { $0.window == nil }
        waiting.append(
            Waiting(
                flow: flow, window: window.batonWindow, request: request,
                waitedFor: "\(flow.screenName) reaching its main screen", run: run))
    }

    /// Called by ``UIKitEvents/windowClosed(_:)``: the assignments that wait in `window` can
    /// never run; each is dropped and posts ``NavigationDidFail`` in the window's context.
    static func windowClosed(_ window: ScreenWindow) {
        let closed = waiting.filter { $0.window === window }
        waiting.removeAll { $0.window === window || $0.window == nil }
        for entry in closed {
            let flow = entry.flow?.screenName ?? "the start-up flow"
            let error = NavigationError.transitionFailed(
                step: flow, route: entry.request,
                error: .cancelled(screen: flow, reason: .containerLeft(flow)))
            let failure = NavigationFailure(request: entry.request, waitedFor: entry.waitedFor, error: error)
            window.context.post(NavigationDidFail.self, failure, reach: .local)
        }
    }

    /// Called by ``HopFlow`` when `flow` showed a final step: the assignments that waited for it
    /// run after the running transition, in request order; a failure posts ``NavigationDidFail``.
    static func flowReachedMainScreen(_ flow: any HopFlowContainer) {
        guard waiting.contains(where: { $0.flow === flow }) else { return }
        let ready = waiting.filter { $0.flow === flow }
        waiting.removeAll { $0.flow === flow }
        for entry in ready {
            if !TransitionEngine.defers(entry.request, window: entry.window, { () throws(ScreenError) in run(entry) }) {
                TransitionEngine.exclusively(while: entry.request) { run(entry) }
            }
        }
    }

    // MARK: - Reading

    /// What a controller shows inside it, as the tree describes it.
    enum Content {
        case plain
        case stack([any Screen])
        case tabs([any Screen], selected: Int)
        case hop((any Screen)?)
    }

    static func content(of screen: any Screen) -> Content {
        guard let controller = screen as? any UIKitScreen else {
            if let container = screen as? any HopFlowContainer { return .hop(container.hopFlow.current) }
            return .plain
        }
        return content(ofController: controller)
    }

    /// ``content(of:)`` of a screen already cast to a controller: its container role decides, and
    /// only a controller that is no navigation or tab bar controller is asked whether it is a
    /// ``HopFlowContainer`` (a failing protocol cast costs more than reading the role).
    static func content(ofController controller: any UIKitScreen) -> Content {
        switch controller.containerRole {
        case .navigation:
            return .stack(controller.childScreens)
        case .tabs:
            let tabs = controller.childScreens
            let visible = controller.visibleChildScreen
            return .tabs(tabs, selected: tabs.firstIndex { $0 === visible } ?? 0)
        case .plain, .split:
            if let container = controller as? any HopFlowContainer { return .hop(container.hopFlow.current) }
            return .plain
        }
    }

    /// Whether `child` is shown by `container` as the tree describes it (not an embedded child).
    private static func isTreeChild(_ child: any Screen, of container: any Screen) -> Bool {
        switch content(of: container) {
        case .plain: false
        case .stack(let screens), .tabs(let screens, _): screens.contains { $0 === child }
        case .hop(let step): step === child
        }
    }

    /// The screen of the tree that presents `presented`: the controller `present` was called on
    /// (recorded by ``ExternalTransition/recordPresentation(of:by:)``), or its nearest ancestor
    /// that the tree shows, inside the presentation context; else the presentation context
    /// itself (`presentingViewController`, `UIViewController.h:211-212`).
    static func presenter(of presented: any Screen) -> (any Screen)? {
        guard let context = presented.presentingScreen else { return nil }
        guard let caller = ExternalTransition.presentationCaller(of: presented) else { return context }
        var chain: [any Screen] = [caller]
        while let last = chain.last, last !== context {
            guard let parent = last.parentScreen else { return context }
            chain.append(parent)
        }
        var owner: any Screen = context
        for index in stride(from: chain.count - 2, through: 0, by: -1) {
            guard isTreeChild(chain[index], of: chain[index + 1]) else { break }
            owner = chain[index]
        }
        return owner
    }

    /// What `screen` presents in the tree: UIKit's `presentedViewController` ("presented by this
    /// view controller or its nearest ancestor", `UIViewController.h:208-209`) when `screen` is
    /// its presenter in the tree.
    static func presented(by screen: any Screen) -> (any Screen)? {
        guard let presented = screen.presentedScreen, presenter(of: presented) === screen else { return nil }
        return presented
    }

    static func route(of screen: any Screen) -> (any ScreenRoute)? {
        (screen as? any UIKitScreen)?.recordedScreenRoute
    }

    /// The tree of `screen`, or `nil` as soon as a controller has no route.
    private static func tree<Route: ScreenRoute>(of screen: any Screen, as type: Route.Type) -> ScreenTree<Route>? {
        guard let route = route(of: screen) as? Route else { return nil }
        func trees(_ screens: [any Screen]) -> [ScreenTree<Route>]? {
            var trees: [ScreenTree<Route>] = []
            for screen in screens {
                guard let tree = tree(of: screen, as: type) else { return nil }
                trees.append(tree)
            }
            return trees
        }
        let content: ScreenTree<Route>.Content?
        switch Self.content(of: screen) {
        case .plain: content = nil
        case .stack(let screens):
            guard let trees = trees(screens) else { return nil }
            content = .stack(trees)
        case .tabs(let tabs, let selected):
            guard let trees = trees(tabs) else { return nil }
            content = .tabs(trees, selected: selected)
        case .hop(let step):
            if let step {
                guard let stepTree = tree(of: step, as: type) else { return nil }
                content = .hop(stepTree)
            } else {
                content = .hop(nil)
            }
        }
        var presentedTree: ScreenTree<Route>?
        if let shown = presented(by: screen) {
            guard let shownTree = tree(of: shown, as: type) else { return nil }
            presentedTree = shownTree
        }
        return ScreenTree(route, content: content, presenting: presentedTree)
    }

    /// The tree of `screen`, naming in `missing` every controller without a route.
    private static func tree<Route: ScreenRoute>(
        of screen: any Screen, at parentPath: String, as type: Route.Type, missing: inout [String]
    ) -> ScreenTree<Route>? {
        let route = route(of: screen) as? Route
        let name = route.map { String(describing: $0) } ?? screen.screenName
        let path = parentPath.isEmpty ? name : parentPath + " > " + name
        if route == nil { missing.append(path + " (\(TypeNames.name(of: Swift.type(of: screen))))") }
        let content: ScreenTree<Route>.Content?
        switch Self.content(of: screen) {
        case .plain: content = nil
        case .stack(let screens):
            content = .stack(screens.compactMap { tree(of: $0, at: path, as: type, missing: &missing) })
        case .tabs(let tabs, let selected):
            content = .tabs(tabs.compactMap { tree(of: $0, at: path, as: type, missing: &missing) }, selected: selected)
        case .hop(let step):
            content = .hop(step.flatMap { tree(of: $0, at: path, as: type, missing: &missing) })
        }
        let presentedTree = presented(by: screen).flatMap { tree(of: $0, at: path + " ^", as: type, missing: &missing) }
        guard let route else { return nil }
        return ScreenTree(route, content: content, presenting: presentedTree)
    }
}
