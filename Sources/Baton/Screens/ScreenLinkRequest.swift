/// What a link shows when it is tapped, and how: the decisions behind BatonSwiftUI's
/// `ScreenLink`, made in the core so that they are tested without a UI.
///
/// A link in a screen that is on a stack pushes through the stack's navigation path: the UI
/// appends the request's `identity` (adapter SPI) to the path (SwiftUI's `NavigationLink(value:)`), and
/// `StackScreen.followNavigationPath(_:sender:)` (adapter SPI) turns that into a Baton push of a screen made
/// then, with the link's identifier, sender and wiring, so that transition resolvers see them.
/// A push link with no stack around it is refused with ``ScreenError/noEnclosingStack(screen:pushed:containers:presenter:)``
/// instead of being shown some other way. A present link presents from the screen. A link made
/// with a result type delivers what the shown screen finishes with (``Screen/finish(with:)``),
/// or its cancellation.
///
/// ```swift
/// let link = ScreenLinkRequest(identifier: "showItem", sender: item) { ItemScreen() }
/// try link.perform(from: list)            // pushes onto list's stack
/// list.enclosingStack?.navigationPath     // [link.identity]
/// ```
@MainActor
public final class ScreenLinkRequest: Hashable {
    /// How a link shows its screen.
    ///
    /// ```swift
    /// ScreenLinkRequest(action: .present) { SettingsScreen() }
    /// ```
    public enum Action: Sendable, Hashable {
        /// Pushed on the stack that encloses the link's screen; a link with no stack around it
        /// is refused.
        ///
        /// ```swift
        /// ScreenLinkRequest(action: .push) { DetailScreen() }
        /// ```
        case push
        /// Presented by the link's screen.
        ///
        /// ```swift
        /// ScreenLinkRequest(action: .present) { SettingsScreen() }
        /// ```
        case present
    }

    /// How the link shows its screen.
    ///
    /// ```swift
    /// link.action   // .push
    /// ```
    public let action: Action
    /// The transition's identifier, which ``DependencyResolver/transition(identifier:fileID:line:_:)``
    /// resolvers match.
    ///
    /// ```swift
    /// link.identifier   // "showItem"
    /// ```
    public let identifier: String?
    /// The transition's sender, which transition resolvers receive.
    ///
    /// ```swift
    /// link.sender as? Item
    /// ```
    public let sender: Any?
    /// How the shown screen's context is wired to the link's screen's.
    ///
    /// ```swift
    /// link.wiring   // .inherit
    /// ```
    public let wiring: ContextWiring
    /// The value a navigation path holds for this link until, and while, its screen is shown.
    ///
    /// ```swift
    /// stack.followNavigationPath(stack.navigationPath + [link.identity])   // pushes its screen
    /// ```
    @_spi(Adapters) public var identity: ScreenIdentity {
        // Only a link whose identity was handed out can be named by a path: a link made by a
        // view's body that is never followed through a path (a presentation, a button) costs no
        // registration.
        if !isRegistered {
            isRegistered = true
            Self.register(self)
        }
        return ScreenIdentity(object: ObjectIdentifier(self), serial: serial, name: "link")
    }
    private var isRegistered = false
    /// The link's serial number, which its identity holds: a link made at a freed one's address
    /// never takes its identity.
    private let serial = IdentitySerial.next()
    /// The screen the link showed last, while it is alive.
    ///
    /// ```swift
    /// link.shownScreen?.screenName   // "item"
    /// ```
    public private(set) weak var shownScreen: ScreenModel?

    private let destination: Destination
    /// Makes the waiter of a link that awaits a result; `nil` for one that does not.
    private let makeWaiter: (@MainActor (String) -> ResultWaiter)?

    /// A link that shows the screen `destination` makes, when it is followed.
    ///
    /// ```swift
    /// ScreenLinkRequest(identifier: "showItem", sender: item) { ItemScreen() }
    /// ```
    ///
    /// - Parameters:
    ///   - action: Push (the default) or present.
    ///   - identifier: The transition's identifier.
    ///   - sender: The transition's sender.
    ///   - wiring: How the new screen's context joins the link's screen's; `.inherit` by default.
    ///   - destination: Makes the screen to show, each time the link is followed.
    public init(
        action: Action = .push, identifier: String? = nil, sender: Any? = nil, wiring: ContextWiring = .inherit,
        destination: @escaping @MainActor () -> ScreenModel
    ) {
        self.action = action
        self.identifier = identifier
        self.sender = sender
        self.wiring = wiring
        self.destination = .screen(destination)
        self.makeWaiter = nil
    }

    /// A link that shows the screen `route` makes (``ScreenRoute/screen()``), when it is followed:
    /// the screen knows its route, so that the window's tree can be read, saved and restored with
    /// it. Each link is its own place in a navigation path, so a route twice on a stack is two
    /// screens, each drawn at its place.
    ///
    /// ```swift
    /// ScreenLinkRequest(route: AppRoute.item(id: 42))
    /// ```
    ///
    /// - Parameters:
    ///   - route: The route of the screen to show.
    ///   - action: Push (the default) or present.
    ///   - identifier: The transition's identifier.
    ///   - sender: The transition's sender.
    ///   - wiring: How the new screen's context joins the link's screen's; the route's
    ///     ``ScreenRoute/wiring`` by default, as a tree assignment wires it.
    public init<Route: ScreenRoute>(
        route: Route, action: Action = .push, identifier: String? = nil, sender: Any? = nil,
        wiring: ContextWiring? = nil
    ) {
        self.action = action
        self.identifier = identifier
        self.sender = sender
        self.wiring = wiring ?? route.wiring
        self.destination = .route(route)
        self.makeWaiter = nil
    }

    /// A link whose screen returns a result: `onResult` receives what it finishes with
    /// (``Screen/finish(with:)``), or the ``ScreenError`` that ended the wait
    /// (``ScreenError/cancelled(screen:reason:)`` when it was swiped away or went back, a failed
    /// transition's error).
    ///
    /// ```swift
    /// ScreenLinkRequest(action: .present, returning: SortOrder.self) { SortScreen() } onResult: { result in
    ///     if case .success(let order) = result { list.order = order }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - action: Push (the default) or present.
    ///   - identifier: The transition's identifier.
    ///   - sender: The transition's sender.
    ///   - wiring: How the new screen's context joins the link's screen's.
    ///   - resultType: The type of result awaited.
    ///   - destination: Makes the screen to show, each time the link is followed.
    ///   - onResult: Receives the result, once per time the link is followed.
    public init<Result>(
        action: Action = .push, identifier: String? = nil, sender: Any? = nil, wiring: ContextWiring = .inherit,
        returning resultType: Result.Type, destination: @escaping @MainActor () -> ScreenModel,
        onResult: @escaping @MainActor (Swift.Result<Result, ScreenError>) -> Void
    ) {
        self.action = action
        self.identifier = identifier
        self.sender = sender
        self.wiring = wiring
        self.destination = .screen(destination)
        self.makeWaiter = { name in ResultWaiter.calling(for: name, Result.self, handler: onResult) }
    }

    /// Equal when both are the same link.
    ///
    /// ```swift
    /// link == link   // true
    /// ```
    public nonisolated static func == (lhs: ScreenLinkRequest, rhs: ScreenLinkRequest) -> Bool { lhs === rhs }

    /// Hashes the link's identity.
    ///
    /// ```swift
    /// let links: Set = [link]
    /// ```
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    // MARK: - Deciding and following

    /// Where the link shows its screen, from a link placed in `screen`.
    ///
    /// ```swift
    /// switch try link.route(from: list) {
    /// case .navigationPath(let stack): NavigationLink(value: …)   // a push through the stack's path
    /// case .presentation: Button { … }
    /// }
    /// ```
    public enum Route {
        /// Pushed through the navigation path of `stack`, the stack that encloses the link's
        /// screen.
        ///
        /// ```swift
        /// case .navigationPath(let stack)
        /// ```
        case navigationPath(StackScreen)
        /// Presented by the link's screen.
        ///
        /// ```swift
        /// case .presentation
        /// ```
        case presentation
    }

    /// Where a link placed in `screen` shows its screen.
    ///
    /// ```swift
    /// try link.route(from: list)   // .navigationPath(stack)
    /// ```
    ///
    /// - Parameter screen: The screen that shows the link.
    /// - Returns: The route.
    /// - Throws: ``ScreenError/noEnclosingStack(screen:pushed:containers:presenter:)`` for a push link in a screen that no
    ///   stack encloses. SwiftUI's `NavigationLink` outside a `NavigationStack` does nothing, so
    ///   this never stops the program, in any build: the error is the report.
    public func route(from screen: ScreenModel) throws(ScreenError) -> Route {
        switch action {
        case .present:
            return .presentation
        case .push:
            guard let stack = screen.enclosingStack else {
                // Not a misuse that stops: SwiftUI treats such a link as a no-op (DESIGN rule 38).
                throw screen.noEnclosingStack(pushing: pushed)
            }
            return .navigationPath(stack)
        }
    }

    /// Follows the link from `screen`, as a tap does: pushes its screen onto the stack that
    /// encloses `screen`, or presents it from `screen`.
    ///
    /// ```swift
    /// try link.perform(from: list)
    /// ```
    ///
    /// - Parameter screen: The screen that shows the link.
    /// - Throws: ``ScreenError/noEnclosingStack(screen:pushed:containers:presenter:)``, and the errors of the push or the
    ///   presentation (a resolver that throws); nothing is shown then.
    public func perform(from screen: ScreenModel) throws(ScreenError) {
        switch try route(from: screen) {
        case .navigationPath(let stack): try push(on: stack)
        case .presentation: try present(from: screen)
        }
    }

    /// The stack whose navigation path a link placed in `screen` pushes through: the stack that
    /// encloses `screen`, for a push link; `nil` for a present link, and for a push link that no
    /// stack encloses (following it then throws ``ScreenError/noEnclosingStack(screen:pushed:containers:presenter:)``).
    ///
    /// Unlike ``route(from:)``, it reports nothing, so that a view can ask it each time it is drawn
    /// (BatonSwiftUI's `ScreenLink` draws a `NavigationLink` when it is this stack's).
    ///
    /// ```swift
    /// link.pathStack(from: list) === stack   // true for a push link on list's stack
    /// ```
    ///
    /// - Parameter screen: The screen that shows the link.
    /// - Returns: The stack, or `nil`.
    @_spi(Adapters) public func pathStack(from screen: ScreenModel) -> StackScreen? {
        action == .push ? screen.enclosingStack : nil
    }

    /// Follows the link from `screen` as a tap that a UI framework cannot throw from does
    /// (``perform(from:)``): a failure shows nothing, and is posted as ``TransitionDidFail`` in
    /// `screen`'s window, as a link followed through a navigation path is; a push link with no
    /// stack around it is also reported as a misuse (``MisuseMode``).
    ///
    /// ```swift
    /// Button { link.follow(from: list) } label: { Text("Sort") }
    /// ```
    ///
    /// - Parameter screen: The screen that shows the link.
    /// - Returns: The error, or `nil` when the screen was shown.
    @discardableResult
    @_spi(Adapters) public func follow(from screen: ScreenModel) -> ScreenError? {
        do {
            try perform(from: screen)
            return nil
        } catch {
            let request =
                action == .push
                ? "push of a link's screen from \(screen.screenName)"
                : "presentation of a link's screen from \(screen.screenName)"
            Self.post(error, request: request, inProgress: "a link's tap", in: screen)
            return error
        }
    }

    /// Posts a link's failure as ``TransitionDidFail`` in the window that shows `screen`.
    static func post(_ error: ScreenError, request: String, inProgress: String, in screen: ScreenModel) {
        let failure = TransitionFailure(request: request, inProgress: inProgress, error: error)
        screen.window?.context.post(TransitionDidFail.self, failure, reach: .local)
    }

    /// Pushes the link's screen on `stack`, with the link's identity in the navigation path.
    func push(on stack: StackScreen) throws(ScreenError) {
        let screen = try makeScreen()
        screen.linkIdentity = ScreenIdentity(object: ObjectIdentifier(self), serial: serial, name: screen.screenName)
        shownScreen = screen
        do throws(ScreenError) {
            if let makeWaiter {
                try stack.push(
                    screen, identifier: identifier, sender: sender, wiring: wiring,
                    awaiting: makeWaiter(screen.screenName))
            } else {
                try stack.push(screen, identifier: identifier, sender: sender, wiring: wiring)
            }
        } catch {
            if screen.container == nil { screen.linkIdentity = nil }
            throw error
        }
    }

    private func present(from presenter: ScreenModel) throws(ScreenError) {
        let screen = try makeScreen()
        shownScreen = screen
        if let makeWaiter {
            try presenter.present(
                screen, style: nil, identifier: identifier, sender: sender, wiring: wiring,
                awaiting: makeWaiter(screen.screenName))
        } else {
            try presenter.present(screen, identifier: identifier, sender: sender, wiring: wiring)
        }
    }

    /// What a link shows: the screen a closure makes, or the screen a route makes.
    private enum Destination {
        case screen(@MainActor () -> ScreenModel)
        case route(any ScreenRoute)
    }

    /// What a push of this link pushes, for ``ScreenError/noEnclosingStack(screen:pushed:containers:presenter:)``.
    private var pushed: ScreenError.Pushed {
        guard case .route(let route) = destination else { return .link(identifier: identifier, route: nil) }
        return .link(identifier: identifier, route: NavigationPlan.describe(route))
    }

    /// Makes the screen to show, each time the link is followed.
    private func makeScreen() throws(ScreenError) -> ScreenModel {
        switch destination {
        case .screen(let make):
            return make()
        case .route(let route):
            do {
                return try route.screen()
            } catch {
                throw .routeFailed(route: NavigationPlan.describe(route), error: UnderlyingError(error))
            }
        }
    }

    // MARK: - The links a navigation path may name

    private static var links: [ObjectIdentifier: WeakLink] = [:]
    /// How many links are registered, alive or not yet compacted away.
    static var registeredCount: Int { links.count }
    private static var compactionThreshold = 64

    private static func register(_ link: ScreenLinkRequest) {
        if links.count >= compactionThreshold {
            links = links.filter { $0.value.link != nil }
            compactionThreshold = max(64, 2 * links.count)
        }
        links[ObjectIdentifier(link)] = WeakLink(link: link)
    }

    /// The live link whose identity is `identity`.
    static func link(for identity: ScreenIdentity) -> ScreenLinkRequest? {
        guard let link = links[identity.object]?.link, link.identity == identity else { return nil }
        return link
    }

    private struct WeakLink {
        weak var link: ScreenLinkRequest?
    }
}
