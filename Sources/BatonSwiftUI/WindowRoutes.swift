#if canImport(SwiftUI)
    import Baton
    import SwiftUI
    #if canImport(os)
        import os
    #endif

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension WindowView {
        /// Shows the window's screens as routes: when the view first appears, the window shows
        /// `root` and the screens saved in `saved` over it (``Baton/ScreenWindow/launch(_:restoring:)``);
        /// stacks follow `NavigationLink(value:)` (``SwiftUI/View/screenRoutes(_:)``); every URL the
        /// scene opens is opened with `links` (``Baton/ScreenWindow/open(_:with:)``); and the
        /// window's screens are saved in `saved` whenever the scene leaves the foreground.
        ///
        /// ```swift
        /// @main struct TasksMain: App {
        ///     @State private var window = ScreenWindow()
        ///     @SceneStorage("screens") private var saved: String?
        ///
        ///     var body: some Scene {
        ///         WindowGroup { WindowView(window).routes(root: Route.startup, links: Route.links, savedIn: $saved) }
        ///     }
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
                .screenRoutes(Route.self)
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

    /// Launches a window at its root and saved screens, opens links in it, and saves its screens.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @MainActor
    struct WindowRoutes<Route: ScreenRoute>: ViewModifier {
        let window: ScreenWindow
        let root: Route
        let links: ScreenLinks<Route>?
        let saved: Binding<String?>?
        let onFailure: @MainActor (NavigationError) -> Void
        @Environment(\.scenePhase) private var phase
        @State private var launched = false

        func body(content: Content) -> some View {
            content
                .onAppear {
                    guard !launched else { return }
                    launched = true
                    window.launch(root, restoring: saved?.wrappedValue).forEach(onFailure)
                }
                .onOpenURL { url in
                    guard let links else { return onFailure(.unknownLink(url.absoluteString, known: [])) }
                    do throws(NavigationError) {
                        try window.open(url.absoluteString, with: links)
                    } catch {
                        onFailure(error)
                    }
                }
                .onChange(of: phase) { _, phase in
                    guard phase != .active, let saved else { return }
                    do throws(NavigationError) {
                        // The part that can be saved is saved; what was left out is reported.
                        let tree = try window.saveScreenTree(Route.self)
                        tree?.leftOut.forEach(onFailure)
                        saved.wrappedValue = tree?.json
                    } catch {
                        // Not even the root can be saved: an older save would restore a stale tree.
                        saved.wrappedValue = nil
                        onFailure(error)
                    }
                }
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
