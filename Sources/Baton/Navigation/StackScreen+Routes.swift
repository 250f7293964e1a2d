extension StackScreen {
    // MARK: - A navigation path of routes

    /// The routes of the screens above the root: the path a SwiftUI `NavigationStack(path:)`
    /// binds to, so that `NavigationLink(value: route)` pushes a Baton screen. `nil` when a
    /// screen on the stack has no route of this type.
    ///
    /// A read inside an Observation tracking scope is tracked like ``screens``.
    ///
    /// ```swift
    /// stack.routePath(AppRoute.self)   // [.item(id: 42)]
    /// ```
    ///
    /// - Parameter type: The app's route type.
    /// - Returns: The routes, bottom first, without the root's.
    public final func routePath<Route: ScreenRoute>(_ type: Route.Type) -> [Route]? {
        var routes: [Route] = []
        for screen in screens.dropFirst() {
            guard let route = screen.route(as: type) else { return nil }
            routes.append(route)
        }
        return routes
    }

    /// Brings the screens above the root in line with a path of routes, as a tree assignment
    /// does: the screens up to the first route that differs stay, the others are popped, and the
    /// routes after it are made, wired and resolved as pushes (one transition in all).
    ///
    /// ```swift
    /// // In a NavigationStack's path binding:
    /// try stack.setRoutePath([AppRoute.item(id: 42)])
    /// ```
    ///
    /// - Parameter path: The routes above the root, bottom first.
    /// - Throws: The errors of ``ScreenWindow/navigate(to:)``; nothing changed then.
    public final func setRoutePath<Route: ScreenRoute>(_ path: [Route]) throws(NavigationError) {
        let request = "a route path for \(screenName)"
        if let window,
            window.deferNavigation(
                request,
                { [weak self] () throws(NavigationError) in
                    do throws(NavigationError) {
                        try self?.assignRoutePath(path)
                    } catch {
                        // A view that showed the path it wrote reads the stack's again.
                        self?.observedState.publish()
                        throw error
                    }
                })
        {
            return
        }
        try TransitionEngine.exclusively(while: request) { () throws(NavigationError) in try assignRoutePath(path) }
    }

    /// Brings the screens above the root in line with a path of routes that a UI framework
    /// wrote, such as a `NavigationStack(path:)` after `NavigationLink(value:)`, the back button
    /// or the swipe back, as ``setRoutePath(_:)`` does. A write that fails (a factory or a
    /// resolver throws) changes nothing, is posted as ``NavigationDidFail`` in the window, and
    /// tells every view that read the stack's path to read it again, so that the UI framework's
    /// stack goes back to the stack's screens instead of showing a route Baton never pushed.
    ///
    /// ```swift
    /// // In a NavigationStack's path binding:
    /// set: { path in stack.followRoutePath(path) }
    /// ```
    ///
    /// - Parameter path: The routes the UI framework now shows above the root, bottom first.
    /// - Returns: The failure, also posted; `nil` when the stack follows the path (or will,
    ///   after the running transition).
    @discardableResult
    @_spi(Adapters) public final func followRoutePath<Route: ScreenRoute>(_ path: [Route]) -> NavigationError? {
        do {
            try setRoutePath(path)
            return nil
        } catch {
            let failure = NavigationFailure(
                request: "a route path for \(screenName) written by the UI framework",
                waitedFor: "nothing", error: error)
            window?.context.post(NavigationDidFail.self, failure, reach: .local)
            observedState.publish()
            return error
        }
    }

    private func assignRoutePath<Route: ScreenRoute>(_ path: [Route]) throws(NavigationError) {
        guard let root = stackedScreens.first else {
            throw .invalidTree(step: screenName, reason: "the stack has no root to put the path on")
        }
        guard let stackRoute = route(as: Route.self), let rootRoute = root.route(as: Route.self) else {
            throw .screensWithoutRoute(
                [self, root].filter { $0.route(as: Route.self) == nil }.map(\.screenName),
                routeType: TypeNames.name(of: Route.self))
        }
        // The root stays as it is; the path's screens are plain screens or containers as made.
        let tree = ScreenTree.stack(stackRoute, [ScreenTree(rootRoute)] + path.map { ScreenTree($0) })
        let plan = NavigationPlan(window: window)
        do {
            try plan.prepare(keeping: self, tree)
        } catch {
            if case .error(let error, _) = error { throw error }
            return
        }
        plan.apply()
    }
}
