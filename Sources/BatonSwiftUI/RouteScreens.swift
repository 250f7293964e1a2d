#if canImport(SwiftUI)
    @_spi(Adapters) import Baton
    import SwiftUI

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension View {
        /// Draws the screens made from routes of type `Route` with `content`, as SwiftUI's
        /// `navigationDestination(for:destination:)` draws a value: a switch over the route draws
        /// each case, whatever its associated values (`.item(id:)` for every id).
        ///
        /// A screen that is only a view needs no class of its own: its route makes a plain
        /// `ScreenModel` (`case .settings: ScreenModel(name: "settings")`), which finishes, presents
        /// and reads its context as any screen; `content` receives the route and the screen.
        /// ``ScreenView`` draws containers and ``ViewScreen`` bodies first, so the routes of those
        /// screens never reach `content`. Presented screens and tabs inherit it.
        ///
        /// Switch over every case, with no `default:`: list the routes whose screens draw
        /// themselves in a case of their own (`case .startup, .tabs: EmptyView()`). A route added
        /// later then fails to compile until it is drawn; a `default:` would draw it in silence,
        /// often as a blank `EmptyView()`, and Baton cannot tell that from a view you meant.
        ///
        /// Each route is drawn by one registration: a second `screen(for:)` of the same type, or a
        /// `screen(_:content:)` of one of its routes, inside this one is reported
        /// (``Baton/ScreenDrawingReport/duplicateRegistration(route:registered:again:)``); so is a
        /// screen made from a route that nothing draws, which shows its name
        /// (``Baton/ScreenDrawingReport/screenWithoutView(screen:route:routeType:)``).
        ///
        /// ```swift
        /// ScreenScene(root: Route.startup, links: Route.links)
        ///     .screen(for: Route.self) { route, screen in
        ///         switch route {
        ///         case .splash: ProgressView("Loading…")
        ///         case .item(let id): ItemView(id: id) { screen.finish() }
        ///         case .startup, .tabs: EmptyView()   // a HoppingScreen and a TabScreen draw themselves
        ///         }
        ///     }
        /// ```
        ///
        /// - Parameters:
        ///   - type: The route type whose screens `content` draws.
        ///   - content: Makes the view of a screen, from its route and the screen.
        /// - Returns: The view with `content` in its environment.
        public func screen<Route: ScreenRoute, Content: View>(
            for type: Route.Type, @ViewBuilder content: @escaping @MainActor (Route, ScreenModel) -> Content
        ) -> some View {
            screen(for: type, tabLabel: { _ in nil as Text? }, content: content)
        }

        /// Draws the screens made from routes of type `Route` with `content`, and labels their tab
        /// in a ``TabsView`` with what `tabLabel` returns for their route (their name when it
        /// returns `nil`).
        ///
        /// ```swift
        /// ScreenScene(root: Route.main)
        ///     .screen(for: Route.self, tabLabel: { $0 == .profile ? Label("Profile", systemImage: "person") : nil }) {
        ///         route, screen in
        ///         if route == .profile { UserCard(user: screen.context[\.user]) }
        ///     }
        /// ```
        ///
        /// - Parameters:
        ///   - type: The route type whose screens `content` draws.
        ///   - tabLabel: The label of a route's tab, or `nil`.
        ///   - content: Makes the view of a screen, from its route and the screen.
        /// - Returns: The view with `content` and `tabLabel` in its environment.
        public func screen<Route: ScreenRoute, Content: View, TabLabel: View>(
            for type: Route.Type, tabLabel: @escaping @MainActor (Route) -> TabLabel?,
            @ViewBuilder content: @escaping @MainActor (Route, ScreenModel) -> Content
        ) -> some View {
            modifier(
                RouteRegistration { drawings in
                    drawings.registering(
                        for: type,
                        content: { route in { screen in AnyView(content(route, screen)) } },
                        tabLabel: { route in tabLabel(route).map { AnyView($0) } })
                })
        }

        /// Draws the screens made for `route` alone with `content`: the short form for a route
        /// without associated values. A route type drawn this way has one `screen(_:content:)`
        /// per route, and no `screen(for:content:)`.
        ///
        /// ```swift
        /// ScreenScene(root: Route.startup, links: Route.links)
        ///     .screen(Route.splash) { _ in ProgressView("Loading…") }
        ///     .screen(Route.settings) { settings in
        ///         SortPicker(current: settings.context[\.sortOrder]) { settings.finish(with: $0) }
        ///     }
        /// ```
        ///
        /// - Parameters:
        ///   - route: The route whose screens `content` draws.
        ///   - content: Makes the view of one of its screens.
        /// - Returns: The view with `content` in its environment.
        public func screen<Route: ScreenRoute, Content: View>(
            _ route: Route, @ViewBuilder content: @escaping @MainActor (ScreenModel) -> Content
        ) -> some View {
            screen(route, tabLabel: nil as Text?, content: content)
        }

        /// Draws the screens made for `route` alone with `content`, and labels their tab in a
        /// ``TabsView`` with `tabLabel`.
        ///
        /// ```swift
        /// ScreenScene(root: Route.main)
        ///     .screen(Route.profile, tabLabel: Label("Profile", systemImage: "person")) { profile in
        ///         UserCard(user: profile.context[\.user])
        ///     }
        /// ```
        ///
        /// - Parameters:
        ///   - route: The route whose screens `content` draws.
        ///   - tabLabel: The label of their tab; the screen's name when `nil`.
        ///   - content: Makes the view of one of its screens.
        /// - Returns: The view with `content` and `tabLabel` in its environment.
        public func screen<Route: ScreenRoute, Content: View, TabLabel: View>(
            _ route: Route, tabLabel: TabLabel?, @ViewBuilder content: @escaping @MainActor (ScreenModel) -> Content
        ) -> some View {
            modifier(
                RouteRegistration { drawings in
                    drawings.registering(
                        route, content: { screen in AnyView(content(screen)) }, tabLabel: tabLabel.map { AnyView($0) })
                })
        }
    }

    /// The views registered for routes, as BatonSwiftUI keeps them: a closure that draws a screen,
    /// and a tab label.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    typealias RouteViews = RouteDrawings<@MainActor (ScreenModel) -> AnyView, AnyView>

    /// Adds a registration to the routes drawn in its content, and sends the core's report of a
    /// registration it replaces when the content appears. It is made in `View`'s nonisolated
    /// methods; only its body runs on the main actor (`ViewModifier.body(content:)`,
    /// SwiftUI.swiftinterface:3149 of the iOS 17.0 SDK). The environment it reads holds the
    /// registrations of the modifiers around it, not its own (`View.environment(_:_:)`, :7450).
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    private struct RouteRegistration: ViewModifier {
        let register: @MainActor (RouteViews) -> (drawings: RouteViews, duplicate: ScreenDrawingReport?)
        @Environment(\.batonRouteScreens) private var drawings

        @MainActor func body(content: Content) -> some View {
            let registered = register(drawings)
            content
                .environment(\.batonRouteScreens, registered.drawings)
                .onAppear { registered.duplicate?.send() }
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension EnvironmentValues {
        /// The routes drawn with `screen(_:content:)` and `screen(for:content:)`.
        var batonRouteScreens: RouteViews {
            get { self[RouteScreensKey.self] }
            set { self[RouteScreensKey.self] = newValue }
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    private struct RouteScreensKey: EnvironmentKey {
        static var defaultValue: RouteViews { RouteViews() }
    }
#endif
