extension StackScreen {
    // MARK: - A navigation path of routes

    /// The routes of the screens above the root, bottom first: what the stack shows, as data.
    /// `nil` when a screen on the stack has no route of this type.
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
    /// try stack.setRoutePath([AppRoute.item(id: 42)])   // list > item 42, whatever was above the list
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
