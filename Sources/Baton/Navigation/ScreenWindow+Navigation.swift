/// How a screen tree assignment went.
///
/// ```swift
/// switch try window.navigate(to: tree) {
/// case .applied: break
/// case .waiting(let flow): print("applied when \(flow) reaches its main screen")
/// case .queued: break   // requested during a transition: runs right after it
/// }
/// ```
public enum NavigationOutcome: Hashable, Sendable {
    /// The window shows the tree.
    ///
    /// ```swift
    /// try window.navigate(to: tree) == .applied
    /// ```
    case applied
    /// A start-up flow (a ``HoppingScreen`` that shows no step yet, or whose step waits for an
    /// unhop) has not reached its main screen yet; the tree is assigned when it hops to a final step, in request order.
    /// In a UIKit window, also a transition UIKit runs: a presentation or dismissal ("the
    /// dismissal of share"), a navigation controller's animated push or pop ("the animated
    /// transition of feed") or the user's swipe back ("the interactive pop of feed"); the tree is
    /// assigned when its transition coordinator completes, and a failure then posts ``NavigationDidFail``.
    ///
    /// ```swift
    /// try window.navigate(to: tree)   // .waiting(for: "startup") while the splash shows
    /// ```
    case waiting(for: String)
    /// Requested while a transition ran (from a resolver or a lifecycle callback): it runs right
    /// after that transition, as every nested transition does (<doc:Reentrancy>); a failure then
    /// posts ``NavigationDidFail``.
    ///
    /// ```swift
    /// override func didAppear() { try? window?.navigate(to: tree) }   // .queued
    /// ```
    case queued
}

/// A screen tree assignment that waits for a start-up flow to reach its main screen.
@MainActor
struct WaitingNavigation {
    weak var hopping: HoppingScreen?
    let request: String
    let run: @MainActor () -> Void
}

extension ScreenWindow {
    // MARK: - Reading

    /// The window's screen tree as a value of routes: the root, what each container shows and
    /// what each screen presents. `nil` for a window without a root.
    ///
    /// Reading costs one visit per screen and changes nothing.
    ///
    /// ```swift
    /// let tree = try window.screenTree(AppRoute.self)
    /// print(tree!)   // main{*feed[list, item(id: 42)], settings}
    /// ```
    ///
    /// - Parameter type: The app's route type.
    /// - Returns: The tree, or `nil` when the window has no root.
    /// - Throws: ``NavigationError/screensWithoutRoute(_:routeType:)`` naming every screen that
    ///   has no route of this type.
    public func screenTree<Route: ScreenRoute>(_ type: Route.Type) throws(NavigationError) -> ScreenTree<Route>? {
        guard let root = currentRoot else { return nil }
        if let tree = Self.tree(of: root, as: type) { return tree }
        // Some screen has no route: walk again, naming each such screen by its path.
        var missing: [String] = []
        _ = Self.tree(of: root, at: "", as: type, missing: &missing)
        throw .screensWithoutRoute(missing, routeType: TypeNames.name(of: Route.self))
    }

    /// The tree of `screen`, or `nil` as soon as a screen has no route: one visit per screen,
    /// no text (describing a route goes through the runtime's reflection).
    private static func tree<Route: ScreenRoute>(of screen: ScreenModel, as type: Route.Type) -> ScreenTree<Route>? {
        guard let route = screen.route(as: type) else { return nil }
        func trees(_ screens: [ScreenModel]) -> [ScreenTree<Route>]? {
            var trees: [ScreenTree<Route>] = []
            trees.reserveCapacity(screens.count)
            for screen in screens {
                guard let tree = tree(of: screen, as: type) else { return nil }
                trees.append(tree)
            }
            return trees
        }
        let content: ScreenTree<Route>.Content?
        if let stack = screen as? StackScreen {
            guard let screens = trees(stack.stackedScreens) else { return nil }
            content = .stack(screens)
        } else if let tabs = screen as? TabScreen {
            guard let screens = trees(tabs.tabs) else { return nil }
            content = .tabs(screens, selected: tabs.selection)
        } else if let hopping = screen as? HoppingScreen {
            if let step = hopping.currentStep {
                guard let stepTree = tree(of: step, as: type) else { return nil }
                content = .hop(stepTree)
            } else {
                content = .hop(nil)
            }
        } else {
            content = nil
        }
        var presented: ScreenTree<Route>?
        var style: PresentationStyle?
        if let shown = screen.presented {
            guard let shownTree = tree(of: shown, as: type) else { return nil }
            presented = shownTree
            style = shown.recordedStyle
        }
        return ScreenTree(route, content: content, presenting: presented, style: style)
    }

    private static func tree<Route: ScreenRoute>(
        of screen: ScreenModel, at parentPath: String, as type: Route.Type, missing: inout [String]
    ) -> ScreenTree<Route>? {
        let route = screen.route(as: type)
        let name = route.map { String(describing: $0) } ?? screen.screenName
        let path = parentPath.isEmpty ? name : parentPath + " > " + name
        if route == nil { missing.append(path + " (\(TypeNames.name(of: Swift.type(of: screen))))") }
        let content: ScreenTree<Route>.Content?
        if let stack = screen as? StackScreen {
            content = .stack(stack.stackedScreens.compactMap { tree(of: $0, at: path, as: type, missing: &missing) })
        } else if let tabs = screen as? TabScreen {
            content = .tabs(
                tabs.tabs.compactMap { tree(of: $0, at: path, as: type, missing: &missing) }, selected: tabs.selection)
        } else if let hopping = screen as? HoppingScreen {
            content = .hop(hopping.currentStep.flatMap { tree(of: $0, at: path, as: type, missing: &missing) })
        } else {
            content = nil
        }
        let presented = screen.presented.flatMap { tree(of: $0, at: path + " ^", as: type, missing: &missing) }
        guard let route else { return nil }
        return ScreenTree(route, content: content, presenting: presented, style: screen.presented?.recordedStyle)
    }

    // MARK: - Assigning

    /// Shows `tree` with the fewest transitions: screens whose route is unchanged stay (the same
    /// objects, with their contexts and state); the others are dismissed, popped or replaced, and
    /// new ones are made by their routes' ``ScreenRoute/makeScreen()``, wired and resolved as the
    /// push, presentation, hop, tab selection or root change that shows them. Only what is
    /// visible at the end appears; the window's ``transitionLog`` records each change.
    ///
    /// The assignment is atomic: every screen is made, wired and resolved before the tree
    /// changes, so when a factory or a resolver throws, nothing changes.
    ///
    /// ```swift
    /// // A deep link to item 42, whatever the app shows now:
    /// try window.navigate(to: .hopping(.startup, to: .tabs(.main, [
    ///     .stack(.feed, [.list, .item(id: 42)]), ScreenTree(.settings),
    /// ], selected: 0)))
    /// ```
    ///
    /// A stack keeps its screens up to the first one that differs. A container given no
    /// ``ScreenTree/content`` keeps what it shows. While a start-up flow has not reached its main
    /// screen (its ``HoppingScreen`` shows no step yet, or a step that waits for an unhop), an assignment that would
    /// change its step waits, and runs when the flow hops to a final step (``NavigationOutcome/waiting(for:)``).
    ///
    /// - Parameter tree: The tree to show.
    /// - Returns: Whether it was applied, waits for a start-up flow, or was queued behind a
    ///   running transition.
    /// - Throws: ``NavigationError``, naming the step that could not be made; nothing changed.
    @inlinable @discardableResult
    public func navigate<Route: ScreenRoute>(to tree: ScreenTree<Route>) throws(NavigationError)
        -> NavigationOutcome
    {
        // Converted here, where the app's route type is known (see ErasedScreenTree).
        try navigate(to: ErasedScreenTree(tree))
    }

    /// ``navigate(to:)`` for a tree whose route type is erased.
    @usableFromInline
    func navigate(to tree: ErasedScreenTree) throws(NavigationError) -> NavigationOutcome {
        // Its transitions, also those that run later, report the cause of the request.
        try NavigationContext.with(NavigationContext.cause ?? .assignment) { () throws(NavigationError) in
            try navigateCaused(to: tree)
        }
    }

    private func navigateCaused(to tree: ErasedScreenTree) throws(NavigationError) -> NavigationOutcome {
        if TransitionEngine.isBusy,
            deferNavigation(
                "navigation to \(tree)",
                { [weak self] () throws(NavigationError) in
                    _ = try self?.navigateNow(tree)
                })
        {
            if observesNavigation { emit(NavigationWatch().navigation(to: "\(tree)", outcome: .queued)) }
            return .queued
        }
        return try TransitionEngine.exclusively(while: "navigation to \(tree)") { () throws(NavigationError) in
            try navigateNow(tree)
        }
    }

    private func navigateNow(_ tree: ErasedScreenTree) throws(NavigationError) -> NavigationOutcome {
        let watch = observesNavigation ? NavigationWatch() : nil
        do {
            let outcome = try assign(tree)
            if let watch { emit(watch.navigation(to: "\(tree)", outcome: .completed)) }
            return outcome
        } catch {
            switch error {
            case .error(let error, _):
                if let watch { emit(watch.navigation(to: "\(tree)", outcome: .failed(error.description))) }
                throw error
            case .wait(let hopping):
                enqueue("navigation to \(tree)", waitingFor: hopping) { [weak self] () throws(NavigationError) in
                    _ = try self?.navigateNow(tree)
                }
                if let watch { emit(watch.navigation(to: "\(tree)", outcome: .waiting(for: hopping.screenName))) }
                return .waiting(for: hopping.screenName)
            }
        }
    }

    /// Assigns `tree` now, inside a running step; a failure says where in the tree it happened.
    func assign<Route: ScreenRoute>(_ tree: ScreenTree<Route>) throws(NavigationPlan.Failure)
        -> NavigationOutcome
    {
        try assign(ErasedScreenTree(tree))
    }

    /// Assigns `tree` now, inside a running step; a failure says where in the tree it happened.
    func assign(_ tree: ErasedScreenTree) throws(NavigationPlan.Failure) -> NavigationOutcome {
        let tree = underStartupFlow(tree)
        // Links are applied in the order they came: behind one that waits, the next waits too.
        if let waiting = waitingNavigations.last?.hopping, waiting.window === self {
            throw .wait(waiting)
        }
        // The flow they waited for left the window: they run now, in order, before this one.
        let stale = waitingNavigations
        waitingNavigations = []
        for entry in stale { entry.run() }
        let plan = NavigationPlan(window: self)
        try plan.prepare(tree)
        plan.apply()
        return .applied
    }

    /// `tree` as the step of the window's start-up flow, when the root is one (a
    /// ``HoppingScreen`` with a ``HoppingScreen/mainRoute``) and `tree` has another root: a link or
    /// a saved tree never replaces the flow, so it never skips its login.
    func underStartupFlow(_ tree: ErasedScreenTree) -> ErasedScreenTree {
        guard let flow = currentRoot as? HoppingScreen, flow.mainRoute != nil, let flowRoute = flow.anyRoute,
            AnyHashable(tree.route) != AnyHashable(flowRoute)
        else { return tree }
        return ErasedScreenTree(route: flowRoute, content: .hop(tree), presented: nil)
    }

    /// Keeps `run` until `hopping` reaches its main screen; a failure then posts ``NavigationDidFail``.
    func enqueue(
        _ request: String, waitingFor hopping: HoppingScreen,
        _ run: @escaping @MainActor () throws(NavigationError) -> Void
    ) {
        let waitedFor = "\(hopping.screenName) reaching its main screen"
        // It runs when the flow hops on, with the cause it was requested with (a link, say).
        let cause = NavigationContext.cause
        waitingNavigations.append(
            WaitingNavigation(hopping: hopping, request: request) { [weak self] in
                NavigationContext.with(cause) { self?.reportingFailure(of: request, waitedFor: waitedFor, run) }
            })
    }

    /// Queues `run` behind the running transition, as every nested transition is
    /// (<doc:Reentrancy>); `false` when nothing runs. A failure then posts ``NavigationDidFail``.
    func deferNavigation(
        _ request: @autoclosure () -> String, _ run: @escaping @MainActor () throws(NavigationError) -> Void
    )
        -> Bool
    {
        guard TransitionEngine.isBusy else { return false }
        let request = request()
        let waitedFor = TransitionEngine.running?() ?? "a transition"
        return TransitionEngine.defers(request, window: self) { [weak self] () throws(ScreenError) in
            self?.reportingFailure(of: request, waitedFor: waitedFor, run)
        }
    }

    private func reportingFailure(
        of request: String, waitedFor: String, _ run: @MainActor () throws(NavigationError) -> Void
    ) {
        do {
            try run()
        } catch {
            let failure = NavigationFailure(request: request, waitedFor: waitedFor, error: error)
            context.post(NavigationDidFail.self, failure, reach: .local)
        }
    }

    /// Called when `hopping`'s main route failed (`error`): the assignments that waited for it
    /// can never run; each is dropped and posts ``NavigationDidFail`` with `error`.
    func flowFailedToReachMainScreen(_ hopping: HoppingScreen, with error: NavigationError) {
        let failed = waitingNavigations.filter { $0.hopping === hopping }
        guard !failed.isEmpty else { return }
        waitingNavigations.removeAll { $0.hopping === hopping }
        let waitedFor = "\(hopping.screenName) reaching its main screen"
        for entry in failed {
            let failure = NavigationFailure(request: entry.request, waitedFor: waitedFor, error: error)
            context.post(NavigationDidFail.self, failure, reach: .local)
        }
    }

    /// Called when `hopping` hopped to a final step: the assignments that waited for it run
    /// after the running transition, in request order.
    func flowReachedMainScreen(_ hopping: HoppingScreen) {
        guard waitingNavigations.first?.hopping === hopping else { return }
        let ready = waitingNavigations
        waitingNavigations = []
        for entry in ready {
            let run = entry.run
            if !TransitionEngine.defers(entry.request, window: self, { () throws(ScreenError) in run() }) {
                TransitionEngine.exclusively(while: entry.request, run)
            }
        }
    }
}

extension HoppingScreen {
    /// The current step, without Observation tracking.
    var currentStep: ScreenModel? { containedScreens.first }
}
