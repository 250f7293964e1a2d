#if canImport(SwiftUI)
    @_spi(Adapters) import Baton
    import SwiftUI

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension View {
        /// Draws the screens made for `route` with `content`: a screen that is only a view needs
        /// no class of its own, only its route, as a SwiftUI app's `navigationDestination(for:)`
        /// draws a value.
        ///
        /// The route makes a plain `ScreenModel` (`case .settings: ScreenModel(name: "settings")`),
        /// which finishes, presents and reads its context as any screen; `content` receives it.
        /// ``ScreenView`` draws a screen's containers and ``ViewScreen`` bodies first, then a
        /// route's content, then `screenContent(_:)`. Presented screens and tabs inherit it.
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

        /// Draws the screens made for `route` with `content`, and labels their tab in a
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
            let drawing = RouteScreenDrawing(
                content: { screen in AnyView(content(screen)) }, tabLabel: tabLabel.map { AnyView($0) })
            return transformEnvironment(\.batonRouteScreens) { $0[AnyHashable(route)] = drawing }
        }
    }

    /// How the screens of one route are drawn (`View.screen(_:content:)`).
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    struct RouteScreenDrawing {
        let content: @MainActor (ScreenModel) -> AnyView
        let tabLabel: AnyView?
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension EnvironmentValues {
        /// The routes drawn with `screen(_:content:)`, by route.
        var batonRouteScreens: [AnyHashable: RouteScreenDrawing] {
            get { self[RouteScreensKey.self] }
            set { self[RouteScreensKey.self] = newValue }
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension [AnyHashable: RouteScreenDrawing] {
        /// How `screen` is drawn, when `screen(_:content:)` gave its route a view.
        @MainActor func drawing(of screen: ScreenModel) -> RouteScreenDrawing? {
            guard !isEmpty, let route = screen.anyRoute else { return nil }
            return self[AnyHashable(route)]
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    private struct RouteScreensKey: EnvironmentKey {
        static var defaultValue: [AnyHashable: RouteScreenDrawing] { [:] }
    }
#endif
