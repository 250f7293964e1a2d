#if canImport(SwiftUI)
    @_spi(Adapters) import Baton
    import SwiftUI

    /// A `NavigationStack` driven by a `StackScreen`.
    ///
    /// A push or pop through Baton shows in SwiftUI; the back button and the swipe back pop the
    /// `StackScreen` (through `followNavigationPath(_:)`), with its lifecycle and transition log.
    /// Each screen on the stack is shown by ``ScreenView``, with its own context. A push
    /// ``ScreenLink`` in it, to a screen or to a route, is a `NavigationLink(value:)` that pushes
    /// through Baton.
    ///
    /// Every stack is one `NavigationStack` of one type, whatever it holds: screens made from
    /// routes and screens without one, a route twice. Each element of its path names one screen
    /// object, so SwiftUI keeps every screen's view state across any push or pop, and draws each
    /// screen at its place. Below `routes(root:links:savedIn:onFailure:)`, the app's own
    /// `NavigationLink(value: route)` (which cannot push onto this path) shows nothing and is
    /// reported as ``Baton/NavigationError/navigationLinkToRoute(_:routeType:stack:)``.
    ///
    /// ```swift
    /// let stack = try StackScreen(root: ListScreen())
    /// StackView(stack)
    /// // later, from the list:
    /// try stack.push(DetailScreen())   // wired, resolved, then shown
    /// ```
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @MainActor
    public struct StackView: View {
        private let stack: StackScreen
        @Environment(\.batonRouteValueDestination) private var routeValueDestination

        /// Shows `stack`.
        ///
        /// ```swift
        /// StackView(stack)
        /// ```
        ///
        /// - Parameter stack: The stack to show.
        public init(_ stack: StackScreen) {
            self.stack = stack
        }

        /// The navigation stack.
        public var body: some View {
            let stack = self.stack
            // Read in the body, so that every change of the stack's screens redraws the stack.
            let path = stack.screens.dropFirst().map(ScreenItem.init)
            NavigationStack(
                path: Binding(
                    get: { path },
                    set: { newPath in stack.followNavigationPath(newPath.map(\.id)) })
            ) {
                let content = Group {
                    if let root = stack.rootScreen {
                        ScreenView(root)
                    }
                }
                .navigationDestination(for: ScreenItem.self) { item in
                    if let screen = stack.destination(for: item.id, holding: item.screen) {
                        ScreenView(screen)
                    }
                }
                // In a window with routes, the app's own NavigationLink(value: route) is reported.
                if let routeValueDestination {
                    routeValueDestination.install(AnyView(content), stack)
                } else {
                    content
                }
            }
            // The path holds ScreenItems: a ScreenLink in this stack is a NavigationLink(value:).
            .environment(\.batonPathStack, ObjectIdentifier(stack))
        }
    }

    /// A `TabView` driven by a `TabScreen`.
    ///
    /// Selecting a tab in SwiftUI selects it in the `TabScreen` (a tab switch, with its
    /// lifecycle); `select(at:)` in Baton selects it in SwiftUI. Each tab is shown by
    /// ``ScreenView`` with its own context, or the container's when the tabs share it; its label
    /// is its ``ScreenStyling/tabLabel``, the one `screen(_:tabLabel:content:)` or
    /// `screen(for:tabLabel:content:)` gives its route, or (for a stack without one) its root
    /// screen's, else its name.
    ///
    /// ```swift
    /// let tabs = try TabScreen(tabs: [ColorsScreen(), SizesScreen()], sharesContext: true)
    /// TabsView(tabs)
    /// ```
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @MainActor
    public struct TabsView: View {
        private let tabs: TabScreen
        @Environment(\.batonRouteScreens) private var routeScreens

        /// Shows `tabs`.
        ///
        /// ```swift
        /// TabsView(tabs)
        /// ```
        ///
        /// - Parameter tabs: The tab container to show.
        public init(_ tabs: TabScreen) {
            self.tabs = tabs
        }

        /// The tab view.
        public var body: some View {
            let tabs = self.tabs
            let selection = tabs.selectedIndex
            TabView(
                selection: Binding(
                    get: { selection },
                    set: { index in tabs.select(at: index) })
            ) {
                ForEach(Array(tabs.tabs.enumerated()), id: \.offset) { index, tab in
                    ScreenView(tab)
                        .tabItem { Self.label(of: tab, routeScreens: routeScreens) }
                        .tag(index)
                }
            }
        }

        /// Draws the label the core chooses (`RouteDrawings.tabLabel(of:ownLabel:)`).
        @ViewBuilder private static func label(of tab: ScreenModel, routeScreens: RouteViews) -> some View {
            switch routeScreens.tabLabel(of: tab, ownLabel: { ($0 as? any ScreenStyling)?.erasedTabLabel }) {
            case .own(let label), .route(let label): label
            case .name(let name): Text(name)
            }
        }
    }
#endif
