extension ScreenWindow {
    // MARK: - A window for one screen

    /// A visible window that shows `screen`, with `coordinator` resolving it and every screen
    /// shown from it: what a SwiftUI preview needs so that the screen's resolvers run and its
    /// links work (BatonSwiftUI's `ScreenPreview` shows one), and a one-line start for a test.
    ///
    /// Unless `inStack` is `false`, the screen is the root of a `StackScreen` named `"preview"`,
    /// so that its push links have a stack to push on, as in the app. The window's root is set by
    /// a ``TransitionKind/replaceRoot`` transition from no screen, so the coordinator's resolvers
    /// run for the screen as for an app's first screen (``DependencyResolver/destination(fileID:line:_:)``,
    /// ``DependencyResolver/consumer(fileID:line:_:)``, ``DependencyResolver/initial(fileID:line:_:)``).
    ///
    /// ```swift
    /// let window = try ScreenWindow(showing: ItemScreen(item: .sample), coordinator: .app)
    /// window.topScreen   // the item screen, resolved
    /// ```
    ///
    /// - Parameters:
    ///   - screen: The screen to show.
    ///   - coordinator: The app's dependency coordinator, with its resolvers registered.
    ///   - inStack: Whether the screen is shown on a stack; `true` by default.
    ///   - context: The app-wide context; by default a new context named `"app"`.
    /// - Throws: ``ScreenError/alreadyInHierarchy(screen:container:)`` when `screen` is shown
    ///   elsewhere, and the error of a resolver that throws (``ScreenError/dependencies(_:)``);
    ///   nothing is shown then.
    public convenience init(
        showing screen: ScreenModel, coordinator: DependencyCoordinator, inStack: Bool = true,
        context: ScreenContext = ScreenContext(name: "app")
    ) throws(ScreenError) {
        self.init(context: context)
        dependencyCoordinator = coordinator
        makeVisible()
        try setRoot(inStack ? StackScreen(root: screen, name: "preview") : screen)
    }
}
