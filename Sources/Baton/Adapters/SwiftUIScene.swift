/// What a SwiftUI scene that shows a ``ScreenWindow`` with routes decides, as one object that the
/// scene's view makes once and then only feeds with SwiftUI's events: BatonSwiftUI's
/// `ScreenScene` and `WindowView.routes` forward to it and decide nothing themselves.
///
/// - **Launch when made.** Making it launches the window (``ScreenWindow/launch(_:restoring:)``:
///   the root, then the saved screens over it) and runs the Observation check. Nothing waits
///   for a view to appear: a SwiftUI modifier on a view with no member runs for no one, so a
///   start-up that waited for `onAppear` could stay blank for good.
/// - **Appearance only shows.** ``appeared()`` makes the window visible.
/// - **A URL in any order.** ``open(_:)`` opens it in the launched window, whether SwiftUI
///   delivers it before or after the first appearance.
/// - **Saved when the scene leaves the foreground.** ``phaseChanged(isActive:save:)``.
///
/// Every failure goes to the `onFailure` it was made with, including those posted later as
/// ``NavigationDidFail`` in the window; nothing is dropped.
///
/// ```swift
/// let scene = SceneRoutes(window: ScreenWindow(), root: AppRoute.main, links: AppRoute.links,
///                         restoring: savedJSON) { failure in log(failure) }
/// scene.open("myapp://item/3")      // onOpenURL, before or after the first onAppear
/// scene.appeared()                  // onAppear
/// scene.phaseChanged(isActive: false) { savedJSON = $0 }   // onChange(of: scenePhase)
/// ```
@MainActor
@_spi(Adapters) public final class SceneRoutes<Route: ScreenRoute> {
    /// The scene's window, launched.
    ///
    /// ```swift
    /// scene.window.rootScreen   // the root, or the start-up flow
    /// ```
    public let window: ScreenWindow

    private let links: ScreenLinks<Route>?
    private let onFailure: @MainActor (NavigationError) -> Void

    /// Launches `window` at `root` and the screens `saved` holds, and runs the debug-build
    /// Observation check (``ObservationSupport/checkOnce()``).
    ///
    /// ```swift
    /// let scene = SceneRoutes(window: window, root: AppRoute.main, links: nil, restoring: nil) { _ in }
    /// ```
    ///
    /// - Parameters:
    ///   - window: The scene's window; a window that shows something keeps its root.
    ///   - root: The route of the window's root screen.
    ///   - links: The app's links, or `nil` when the app opens none.
    ///   - saved: The JSON text of the screens the last run saved, or `nil`.
    ///   - onFailure: Called with each failure, now and later.
    public init(
        window: ScreenWindow, root: Route, links: ScreenLinks<Route>?, restoring saved: String?,
        onFailure: @escaping @MainActor (NavigationError) -> Void
    ) {
        self.window = window
        self.links = links
        self.onFailure = onFailure
        ObservationSupport.checkOnce()
        // What fails later (a link that waited for the start-up flow, a stack's path written by
        // SwiftUI) is posted in the window: it reaches `onFailure` too.
        window.context.observe(NavigationDidFail.self, owner: self) { owner, failure in owner.onFailure(failure.error) }
        for failure in window.launch(root, restoring: saved) { onFailure(failure) }
    }

    /// The scene's view appeared: its window becomes visible, so that its screens receive their
    /// lifecycle callbacks.
    ///
    /// ```swift
    /// .onAppear { scene.appeared() }
    /// ```
    public func appeared() {
        window.makeVisible()
    }

    /// Opens `url` with the scene's links (``ScreenWindow/open(_:with:)``); a scene without
    /// links reports it as ``NavigationError/unknownLink(_:known:)``.
    ///
    /// ```swift
    /// .onOpenURL { url in scene.open(url.absoluteString) }
    /// ```
    ///
    /// - Parameter url: The URL the scene was asked to open.
    public func open(_ url: String) {
        guard let links else { return onFailure(.unknownLink(url, known: [])) }
        do throws(NavigationError) {
            try window.open(url, with: links)
        } catch {
            onFailure(error)
        }
    }

    /// The app's own `NavigationLink(value: route)` reached a stack of this scene (through the
    /// `navigationDestination(for: Route.self)` the adapter gives every stack): nothing is shown,
    /// and ``NavigationError/navigationLinkToRoute(_:routeType:stack:)`` is reported, naming the
    /// route and the link that pushes it.
    ///
    /// ```swift
    /// .navigationDestination(for: Route.self) { route in
    ///     Color.clear.onAppear { scene.navigationLinkReached(route, in: stack) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - route: The link's value.
    ///   - stack: The stack whose `NavigationStack` the link is in.
    public func navigationLinkReached(_ route: Route, in stack: StackScreen) {
        onFailure(
            .navigationLinkToRoute(
                String(describing: route), routeType: String(describing: Route.self), stack: stack.screenName))
    }

    /// The scene's phase changed: when it is no longer active, the window's screens are saved
    /// with `save` (`nil` when the window shows nothing). The screens that cannot be saved (no
    /// route) are left out and each is reported; a save that fails altogether is reported and
    /// writes `nil`, so that no older save restores a stale tree.
    ///
    /// ```swift
    /// .onChange(of: scenePhase) { _, phase in scene.phaseChanged(isActive: phase == .active) { saved = $0 } }
    /// ```
    ///
    /// - Parameters:
    ///   - isActive: Whether the scene is now in the foreground and interactive.
    ///   - save: Writes the saved screens' JSON text, or `nil` when the scene keeps nothing.
    public func phaseChanged(isActive: Bool, save: ((String?) -> Void)?) {
        guard !isActive, let save else { return }
        do throws(NavigationError) {
            // The part that can be saved is saved; what was left out is reported.
            let tree = try window.saveScreenTree(Route.self)
            tree?.leftOut.forEach(onFailure)
            save(tree?.json)
        } catch {
            // Not even the root can be saved: an older save would restore a stale tree.
            save(nil)
            onFailure(error)
        }
    }
}
