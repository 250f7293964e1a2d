#if canImport(SwiftUI)
    @_spi(Adapters) import Baton
    import SwiftUI

    /// SwiftUI's `NavigationLink` for Baton screens: shows a new screen from the screen it is in,
    /// pushed on the enclosing stack or presented, wired and resolved by Baton.
    ///
    /// In a stack shown by ``StackView`` (or ``ScreenView``), a push link is a
    /// `NavigationLink(value:)`, with its chevron, pressed state and accessibility; the screen is
    /// made when the link is tapped and pushed through the stack's path, so it is wired to the
    /// source's context (`.inherit`, `.share` or `.isolate`) and resolved, with the link's
    /// `identifier` and `sender` for ``DependencyResolver/transition(identifier:sender:fileID:line:_:)``
    /// resolvers, before it appears. A link to a route, `ScreenLink(value: route)`, is the
    /// `NavigationLink(value: route)` of Baton screens: its screen is the route's, made when the
    /// link is tapped, so that the window's tree is read, saved and restored with its route; a
    /// route twice on a stack is two screens, each drawn at its place. (SwiftUI's own
    /// `NavigationLink(value: route)` in a Baton stack does nothing: the stack's path holds Baton's
    /// items, and no `navigationDestination(for:)` of the route's type is there.) A present link
    /// is a button. A push link that no stack encloses shows nothing: the tap is refused with
    /// ``ScreenError/noEnclosingStack(screen:pushed:containers:presenter:)``, a misuse, never turned into a sheet. Every
    /// failure of a tap (a resolver that throws) shows nothing and is posted as ``TransitionDidFail``.
    ///
    /// ```swift
    /// ScreenLink(item.title, value: Route.item(id: item.id))
    /// ScreenLink("Item", identifier: "showItem", sender: item) { ItemScreen() }
    /// ScreenLink("Sort", action: .present, returning: SortOrder.self) { SortScreen() } onResult: { result in
    ///     if case .success(let order) = result { self.order = order }
    /// }
    /// ```
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @MainActor
    public struct ScreenLink<Label: View>: View {
        /// How a ``ScreenLink`` shows its screen: `.push` (the default) or `.present`.
        ///
        /// ```swift
        /// ScreenLink("Settings", action: .present) { SettingsScreen() }
        /// ```
        public typealias Action = ScreenLinkRequest.Action

        @Environment(\.batonScreen) private var screen
        @Environment(\.batonPathStack) private var pathStack
        private let link: ScreenLinkRequest
        private let label: Label

        /// A link with a custom label.
        ///
        /// ```swift
        /// ScreenLink(identifier: "showItem", sender: item) { ItemScreen() } label: {
        ///     Label(item.title, systemImage: "doc")
        /// }
        /// ```
        ///
        /// - Parameters:
        ///   - action: Push (the default) or present.
        ///   - identifier: The transition's identifier, which transition resolvers match.
        ///   - sender: The transition's sender, which transition resolvers receive.
        ///   - wiring: How the new screen's context joins the source's; `.inherit` by default.
        ///   - destination: Makes the screen to show, when the link is tapped.
        ///   - label: The link's label.
        public init(
            action: Action = .push, identifier: String? = nil, sender: Any? = nil, wiring: ContextWiring = .inherit,
            destination: @escaping @MainActor () -> ScreenModel, @ViewBuilder label: () -> Label
        ) {
            self.link = ScreenLinkRequest(
                action: action, identifier: identifier, sender: sender, wiring: wiring, destination: destination)
            self.label = label()
        }

        /// A link to the screen `route` makes, with a custom label: in a stack, SwiftUI's
        /// `NavigationLink(value:)` for a Baton screen.
        ///
        /// ```swift
        /// ScreenLink(value: Route.item(id: item.id)) { ItemRow(item: item) }
        /// ```
        ///
        /// - Parameters:
        ///   - route: The route of the screen to show, made when the link is tapped.
        ///   - action: Push (the default) or present.
        ///   - label: The link's label.
        public init<Route: ScreenRoute>(value route: Route, action: Action = .push, @ViewBuilder label: () -> Label) {
            self.link = ScreenLinkRequest(route: route, action: action)
            self.label = label()
        }

        /// A link with a custom label whose screen returns a result: `onResult` receives what the
        /// screen finishes with (``Screen/finish(with:)``), or the ``ScreenError`` that ended the
        /// wait (``ScreenError/cancelled(screen:reason:)`` when it was swiped down or went back).
        ///
        /// ```swift
        /// ScreenLink(action: .present, returning: SortOrder.self) { SortScreen() } label: {
        ///     Label("Sort", systemImage: "arrow.up.arrow.down")
        /// } onResult: { result in
        ///     if case .success(let order) = result { self.order = order }
        /// }
        /// ```
        ///
        /// - Parameters:
        ///   - action: Push (the default) or present.
        ///   - identifier: The transition's identifier, which transition resolvers match.
        ///   - sender: The transition's sender, which transition resolvers receive.
        ///   - wiring: How the new screen's context joins the source's; `.inherit` by default.
        ///   - resultType: The type of the result.
        ///   - destination: Makes the screen to show, when the link is tapped.
        ///   - label: The link's label.
        ///   - onResult: Receives the result, once per tap that showed the screen.
        public init<Result>(
            action: Action = .push, identifier: String? = nil, sender: Any? = nil, wiring: ContextWiring = .inherit,
            returning resultType: Result.Type, destination: @escaping @MainActor () -> ScreenModel,
            @ViewBuilder label: () -> Label,
            onResult: @escaping @MainActor (Swift.Result<Result, ScreenError>) -> Void
        ) {
            self.link = ScreenLinkRequest(
                action: action, identifier: identifier, sender: sender, wiring: wiring, returning: resultType,
                destination: destination, onResult: onResult)
            self.label = label()
        }

        /// A `NavigationLink(value:)` in the stack's path, or a button.
        public var body: some View {
            if let screen, let stack = link.pathStack(from: screen), pathStack == ObjectIdentifier(stack) {
                NavigationLink(value: ScreenItem(link: link)) { label }
            } else {
                // Outside any ScreenView there is no screen to show from: disabled, as a
                // NavigationLink outside a NavigationStack is.
                Button {
                    if let screen { link.follow(from: screen) }
                } label: {
                    label
                }
                .disabled(screen == nil)
            }
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension ScreenLink where Label == Text {
        /// A link labelled with a title.
        ///
        /// ```swift
        /// ScreenLink("Sign up", wiring: .share) { SignupScreen() }
        /// ScreenLink("Item", identifier: "showItem", sender: item) { ItemScreen() }
        /// ```
        ///
        /// - Parameters:
        ///   - title: The link's title.
        ///   - action: Push (the default) or present.
        ///   - identifier: The transition's identifier, which transition resolvers match.
        ///   - sender: The transition's sender, which transition resolvers receive.
        ///   - wiring: How the new screen's context joins the source's; `.inherit` by default.
        ///   - destination: Makes the screen to show, when the link is tapped.
        public init(
            _ title: String, action: Action = .push, identifier: String? = nil, sender: Any? = nil,
            wiring: ContextWiring = .inherit, destination: @escaping @MainActor () -> ScreenModel
        ) {
            self.init(
                action: action, identifier: identifier, sender: sender, wiring: wiring, destination: destination
            ) { Text(title) }
        }

        /// A link to the screen `route` makes, labelled with a title: in a stack, SwiftUI's
        /// `NavigationLink(_:value:)` for a Baton screen.
        ///
        /// ```swift
        /// List(items) { item in ScreenLink(item.title, value: Route.item(id: item.id)) }
        /// ```
        ///
        /// - Parameters:
        ///   - title: The link's title.
        ///   - route: The route of the screen to show, made when the link is tapped.
        ///   - action: Push (the default) or present.
        public init<Route: ScreenRoute>(_ title: String, value route: Route, action: Action = .push) {
            self.init(value: route, action: action) { Text(title) }
        }

        /// A link labelled with a title whose screen returns a result.
        ///
        /// ```swift
        /// ScreenLink("Sort", action: .present, returning: SortOrder.self) { SortScreen() } onResult: { result in
        ///     if case .success(let order) = result { self.order = order }
        /// }
        /// ```
        ///
        /// - Parameters:
        ///   - title: The link's title.
        ///   - action: Push (the default) or present.
        ///   - identifier: The transition's identifier, which transition resolvers match.
        ///   - sender: The transition's sender, which transition resolvers receive.
        ///   - wiring: How the new screen's context joins the source's; `.inherit` by default.
        ///   - resultType: The type of the result.
        ///   - destination: Makes the screen to show, when the link is tapped.
        ///   - onResult: Receives the result, once per tap that showed the screen.
        public init<Result>(
            _ title: String, action: Action = .push, identifier: String? = nil, sender: Any? = nil,
            wiring: ContextWiring = .inherit, returning resultType: Result.Type,
            destination: @escaping @MainActor () -> ScreenModel,
            onResult: @escaping @MainActor (Swift.Result<Result, ScreenError>) -> Void
        ) {
            self.init(
                action: action, identifier: identifier, sender: sender, wiring: wiring, returning: resultType,
                destination: destination, label: { Text(title) }, onResult: onResult)
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension EnvironmentValues {
        /// The stack whose `NavigationStack` path holds ``ScreenItem``s, set by ``StackView``, so
        /// that a ``ScreenLink`` in it can be a `NavigationLink(value:)`.
        var batonPathStack: ObjectIdentifier? {
            get { self[PathStackKey.self] }
            set { self[PathStackKey.self] = newValue }
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    private struct PathStackKey: EnvironmentKey {
        static let defaultValue: ObjectIdentifier? = nil
    }
#endif
