#if canImport(SwiftUI)
    @_spi(Adapters) import Baton
    import SwiftUI

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension View {
        /// Binds every stack shown below this view to its routes of type `Route`: its
        /// `NavigationStack(path:)` holds the routes of the screens above the root, so that
        /// `NavigationLink(value: route)` pushes the Baton screen `route` makes (wired and resolved),
        /// and the back button and the swipe back pop it.
        ///
        /// ```swift
        /// ScreenView(window.rootScreen!)
        ///     .screenRoutes(AppRoute.self)
        /// // in a screen's view:
        /// NavigationLink("Item 42", value: AppRoute.item(id: 42))
        /// ```
        ///
        /// A stack with a screen that has no route of this type is shown as ``StackView`` shows
        /// any stack. A route that is twice on one stack shows the screen it names first.
        ///
        /// - Parameter type: The app's route type.
        /// - Returns: The view, with stacks bound to routes.
        public func screenRoutes<Route: ScreenRoute>(_ type: Route.Type) -> some View {
            environment(\.batonRoutes, RouteBinding<Route>())
        }
    }

    /// Shows a stack with a `NavigationStack` bound to the routes of one type.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @MainActor
    protocol StackRouting: Sendable {
        /// The stack's view, or `nil` when a screen on it has no route of this binding's type.
        func view(of stack: StackScreen) -> AnyView?
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    struct RouteBinding<Route: ScreenRoute>: StackRouting {
        func view(of stack: StackScreen) -> AnyView? {
            guard stack.routePath(Route.self) != nil else { return nil }
            return AnyView(RoutedStackView<Route>(stack: stack))
        }
    }

    /// A `NavigationStack` whose path is a stack's routes.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @MainActor
    struct RoutedStackView<Route: ScreenRoute>: View {
        let stack: StackScreen

        var body: some View {
            let stack = self.stack
            // Read in the body, so that every change of the stack's routes redraws the stack.
            let path = stack.routePath(Route.self) ?? []
            NavigationStack(
                path: Binding(
                    get: { path },
                    set: { path in stack.followRoutePath(path) })
            ) {
                Group {
                    if let root = stack.rootScreen {
                        ScreenView(root)
                    }
                }
                .navigationDestination(for: Route.self) { route in
                    if let screen = stack.screens.dropFirst().first(where: { $0.route(as: Route.self) == route }) {
                        ScreenView(screen)
                    }
                }
            }
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension EnvironmentValues {
        /// How stacks below bind their paths to routes, set by ``SwiftUICore/View/screenRoutes(_:)``.
        var batonRoutes: (any StackRouting)? {
            get { self[RoutesEnvironmentKey.self] }
            set { self[RoutesEnvironmentKey.self] = newValue }
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    private struct RoutesEnvironmentKey: EnvironmentKey {
        static let defaultValue: (any StackRouting)? = nil
    }
#endif
