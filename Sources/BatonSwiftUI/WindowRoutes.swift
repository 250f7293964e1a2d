#if canImport(SwiftUI)
    @_spi(Adapters) import Baton
    import SwiftUI
    #if canImport(os)
        import os
    #endif

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension WindowView {
        /// Shows the window's screens as routes: the first time SwiftUI makes this view, before
        /// anything appears, the window shows `root` and the screens saved in `saved` over it
        /// (``Baton/ScreenWindow/launch(_:restoring:)``); every URL the scene opens is opened with `links`
        /// (``Baton/ScreenWindow/open(_:with:)``), whether it comes before or after the first
        /// appearance; and the window's screens are saved in `saved` whenever the scene leaves the
        /// foreground.
        ///
        /// Give each scene its own window and its own storage: use it in a view that a
        /// `WindowGroup` makes per scene (each iPad window is a scene), never with a window kept by
        /// the `App`. ``ScreenScene`` is this view with both.
        ///
        /// ```swift
        /// @main struct TasksMain: App {
        ///     var body: some Scene {
        ///         WindowGroup { TasksScene() }
        ///     }
        /// }
        ///
        /// struct TasksScene: View {
        ///     @State private var window = WindowBox()   // one window per scene, made once
        ///     @SceneStorage("screens") private var saved: String?
        ///
        ///     var body: some View {
        ///         WindowView(window.window).routes(root: Route.startup, links: Route.links, savedIn: $saved)
        ///     }
        /// }
        ///
        /// @MainActor final class WindowBox {
        ///     lazy var window = ScreenWindow(context: ScreenContext(name: "app"))
        /// }
        /// ```
        ///
        /// A link or a saved tree that arrives while a start-up flow has not reached its main
        /// screen waits for it (<doc:DeepLinksAndStateRestoration>). Nothing fails silently: a
        /// root that cannot be made, a URL that matches no link, a tree that cannot be shown, the
        /// parts of a saved tree that no longer fit, and screens without a route when saving
        /// reach `onFailure`, which logs them by default (subsystem "Baton", category "navigation").
        ///
        /// - Parameters:
        ///   - root: The route of the window's root screen, shown when the window shows nothing.
        ///   - links: The app's links, or `nil` when the app opens none.
        ///   - saved: Where the window's screens are kept between launches, usually a
        ///     `@SceneStorage` string, so that each scene keeps its own; `nil` to restore nothing.
        ///   - onFailure: Called with each failure.
        /// - Returns: The window's view, showing, opening and restoring routes.
        public func routes<Route: ScreenRoute>(
            root: Route, links: ScreenLinks<Route>? = nil, savedIn saved: Binding<String?>? = nil,
            onFailure: @escaping @MainActor (NavigationError) -> Void = WindowView.log
        ) -> some View {
            modifier(WindowRoutes(window: window, root: root, links: links, saved: saved, onFailure: onFailure))
        }

        /// Logs a navigation failure: the default of ``routes(root:links:savedIn:onFailure:)``.
        ///
        /// ```swift
        /// WindowView(window).routes(root: Route.main, onFailure: WindowView.log)
        /// ```
        ///
        /// - Parameter error: The failure.
        public static func log(_ error: NavigationError) {
            #if canImport(os)
                Logger(subsystem: "Baton", category: "navigation").error("\(error.description, privacy: .public)")
            #else
                print("Baton navigation: \(error.description)")
            #endif
        }
    }

    /// Forwards a scene's events to the core's `SceneRoutes`, which decides: it is made, and
    /// launches the window, the first time this modifier's body runs, so that start-up never
    /// waits for a view to appear.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @MainActor
    struct WindowRoutes<Route: ScreenRoute>: ViewModifier {
        let window: ScreenWindow
        let root: Route
        let links: ScreenLinks<Route>?
        let saved: Binding<String?>?
        let onFailure: @MainActor (NavigationError) -> Void
        @Environment(\.scenePhase) private var phase
        @State private var box = SceneRoutesBox<Route>()

        func body(content: Content) -> some View {
            let scene = box.scene(of: window) {
                SceneRoutes(
                    window: window, root: root, links: links, restoring: saved?.wrappedValue, onFailure: onFailure)
            }
            let saved = self.saved
            content
                // Every stack below draws the app's own NavigationLink(value: route) as nothing,
                // and the scene reports it: a Baton stack's path holds screens, not routes.
                .environment(
                    \.batonRouteValueDestination,
                    RouteValueDestination { content, stack in
                        AnyView(
                            content.navigationDestination(for: Route.self) { route in
                                Color.clear.onAppear { scene.navigationLinkReached(route, in: stack) }
                            })
                    }
                )
                .onAppear { scene.appeared() }
                .onOpenURL { url in scene.open(url.absoluteString) }
                .onChange(of: phase) { _, phase in
                    scene.phaseChanged(
                        isActive: phase == .active, save: saved.map { saved in { saved.wrappedValue = $0 } })
                }
        }
    }

    /// Gives a stack's content the `navigationDestination(for:)` of a scene's route type, which
    /// reports the app's own `NavigationLink(value: route)` (`SceneRoutes.navigationLinkReached`).
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    struct RouteValueDestination {
        let install: @MainActor (AnyView, StackScreen) -> AnyView
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension EnvironmentValues {
        /// Set by `routes(root:links:savedIn:onFailure:)` for every ``StackView`` below it.
        var batonRouteValueDestination: RouteValueDestination? {
            get { self[RouteValueDestinationKey.self] }
            set { self[RouteValueDestinationKey.self] = newValue }
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    private struct RouteValueDestinationKey: EnvironmentKey {
        static let defaultValue: RouteValueDestination? = nil
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension View {
        /// Removed: a Baton stack's path holds its screens, so that screens with and without a
        /// route share one `NavigationStack`. Push a route with `ScreenLink(value: route)`; a
        /// window shown with `routes(root:links:savedIn:onFailure:)` reports an app's own
        /// `NavigationLink(value: route)` as ``Baton/NavigationError/navigationLinkToRoute(_:routeType:stack:)``.
        ///
        /// ```swift
        /// ScreenLink("Item 42", value: AppRoute.item(id: 42))
        /// ```
        ///
        /// - Parameter type: The app's route type.
        /// - Returns: Never: the method is unavailable.
        @available(*, unavailable, message: "a Baton stack pushes routes with ScreenLink(value: route)")
        public func screenRoutes<Route: ScreenRoute>(_ type: Route.Type) -> Self { self }
    }

    /// The scene's `SceneRoutes`, made once per window. SwiftUI makes a new `@State` initial
    /// value each time it makes the modifier and keeps the first: the box is what is thrown away.
    @MainActor
    final class SceneRoutesBox<Route: ScreenRoute> {
        private var made: SceneRoutes<Route>?

        func scene(of window: ScreenWindow, making make: () -> SceneRoutes<Route>) -> SceneRoutes<Route> {
            if let made, made.window === window { return made }
            let scene = make()
            made = scene
            return scene
        }
    }
#endif

#if canImport(SwiftUI)
    /// One scene's screens: a window of its own, started at `root`, opening the app's links and
    /// restored from the scene's storage. Put it in a `WindowGroup`: each scene (each iPad window)
    /// gets its own ``Baton/ScreenWindow`` and its own saved screens.
    ///
    /// ```swift
    /// @main struct TasksMain: App {
    ///     var body: some Scene {
    ///         WindowGroup { ScreenScene(root: Route.startup, links: Route.links) }
    ///     }
    /// }
    /// ```
    ///
    /// It is ``WindowView`` with ``WindowView/routes(root:links:savedIn:onFailure:)``, whose
    /// window lives in the view's `@State` and whose saved screens live in `@SceneStorage`
    /// under `storageKey`.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @MainActor
    public struct ScreenScene<Route: ScreenRoute>: View {
        @State private var scene = SceneWindow()
        @SceneStorage private var saved: String?
        private let makeWindow: () -> ScreenWindow
        private let root: Route
        private let links: ScreenLinks<Route>?
        private let onFailure: @MainActor (NavigationError) -> Void

        /// A scene whose window starts at `root`.
        ///
        /// ```swift
        /// ScreenScene(root: Route.main, links: Route.links)
        /// ```
        ///
        /// - Parameters:
        ///   - root: The route of the window's root screen.
        ///   - links: The app's links, or `nil` when the app opens none.
        ///   - storageKey: The `@SceneStorage` key of the saved screens.
        ///   - window: Makes the scene's window, once per scene: pass one whose context holds
        ///     what every screen of the scene reads.
        ///   - onFailure: Called with each navigation failure; logs it by default.
        public init(
            root: Route, links: ScreenLinks<Route>? = nil, storageKey: String = "baton.screens",
            window: @autoclosure @escaping () -> ScreenWindow = ScreenWindow(),
            onFailure: @escaping @MainActor (NavigationError) -> Void = WindowView.log
        ) {
            makeWindow = window
            _saved = SceneStorage(storageKey)
            self.root = root
            self.links = links
            self.onFailure = onFailure
        }

        /// The window's screens.
        public var body: some View {
            WindowView(scene.window(makingItWith: makeWindow))
                .routes(root: root, links: links, savedIn: $saved, onFailure: onFailure)
        }
    }

    /// The window of one scene, made the first time the scene's body asks for it. SwiftUI makes
    /// a new `ScreenScene` value (and a new `@State` initial value, which it then discards) each
    /// time the parent's body runs: the box is what is thrown away, never a window.
    @MainActor
    private final class SceneWindow {
        private var made: ScreenWindow?

        func window(makingItWith make: () -> ScreenWindow) -> ScreenWindow {
            if let made { return made }
            let window = make()
            made = window
            return window
        }
    }
#endif
