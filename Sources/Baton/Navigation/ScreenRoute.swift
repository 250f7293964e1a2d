/// The data that recreates a screen: its kind and its parameters, such as `.item(id: 42)`.
///
/// An app declares one route type, usually an enum with a case per screen type, and says once,
/// in ``makeScreen()``, how each route makes its screen. A window's whole screen tree can then
/// be read, assigned, saved, restored and opened from a URL as a ``ScreenTree`` of routes.
///
/// ```swift
/// enum AppRoute: ScreenRoute {
///     case feed
///     case item(id: Int)
///     case settings
///
///     func makeScreen() throws -> ScreenModel {
///         switch self {
///         case .feed: try StackScreen(root: AppRoute.item(id: 1).screen(), name: "feed")
///         case .item(let id): ItemScreen(id: id)
///         case .settings: SettingsScreen()
///         }
///     }
/// }
/// ```
///
/// A screen knows its route when it was made by ``screen()`` (and by every tree assignment,
/// which calls it), or when its type adopts ``RoutedScreen``.
public protocol ScreenRoute: Hashable, Codable, Sendable {
    /// Makes a new screen for this route. Baton calls it (through ``screen()``) for every screen
    /// a tree assignment needs; call ``screen()`` yourself, not this, so that the screen knows
    /// its route.
    ///
    /// A container's route makes the container with what it shows by default (a stack's root, a
    /// tab container's tabs); an assignment then changes what the tree asks to change.
    ///
    /// ```swift
    /// func makeScreen() throws -> ScreenModel {
    ///     switch self {
    ///     case .item(let id): ItemScreen(id: id)
    ///     case .settings: SettingsScreen()
    ///     }
    /// }
    /// ```
    ///
    /// - Returns: A new screen, not shown anywhere yet.
    /// - Throws: Any error; an assignment that needs the screen then fails with
    ///   ``NavigationError/factoryFailed(step:route:reason:)`` and changes nothing.
    @MainActor func makeScreen() throws -> ScreenModel

    /// How a tree assignment wires the context of a screen made for this route to the screen
    /// before it: ``ContextWiring/inherit`` unless overridden, as for a push or a presentation.
    ///
    /// ```swift
    /// var wiring: ContextWiring { self == .editName ? .share : .inherit }
    /// ```
    var wiring: ContextWiring { get }
}

extension ScreenRoute {
    /// ``ContextWiring/inherit``.
    ///
    /// ```swift
    /// AppRoute.settings.wiring   // .inherit
    /// ```
    public var wiring: ContextWiring { .inherit }

    /// Makes the screen for this route with ``makeScreen()`` and records the route on it, so that
    /// reading the tree finds it. Use it wherever you make a routed screen yourself: a push, the
    /// tabs a container's route makes.
    ///
    /// ```swift
    /// try stack.push(AppRoute.item(id: 42).screen())
    /// case .main: try TabScreen(tabs: [AppRoute.feed.screen(), AppRoute.settings.screen()])
    /// ```
    ///
    /// - Returns: The new screen.
    /// - Throws: What ``makeScreen()`` throws.
    @MainActor public func screen() throws -> ScreenModel {
        let screen = try makeScreen()
        screen.madeForRoute = self
        return screen
    }
}

/// A screen type that knows its own route, for screens made without ``ScreenRoute/screen()``
/// (with their initializer, in a push), or whose route follows their state.
///
/// ```swift
/// final class ItemScreen: ScreenModel, RoutedScreen {
///     let id: Int
///     init(id: Int) { self.id = id; super.init() }
///     var route: AppRoute { .item(id: id) }
/// }
/// try stack.push(ItemScreen(id: 42))   // read back as .item(id: 42)
/// ```
@MainActor
public protocol RoutedScreen: ScreenModel {
    /// The app's route type.
    associatedtype Route: ScreenRoute

    /// The route that recreates this screen as it is now.
    ///
    /// ```swift
    /// var route: AppRoute { .item(id: id) }
    /// ```
    var route: Route { get }
}

extension ScreenModel {
    /// This screen's route of type `Route`: the one its type declares (``RoutedScreen``), else the
    /// one it was made for (``ScreenRoute/screen()``); `nil` when it has neither.
    ///
    /// ```swift
    /// detail.route(as: AppRoute.self)   // .item(id: 42)
    /// ```
    ///
    /// - Parameter type: The app's route type.
    /// - Returns: The route, or `nil`.
    public final func route<Route: ScreenRoute>(as type: Route.Type) -> Route? {
        if declaresRoute, let routed = self as? any RoutedScreen, let route = routed.route as? Route { return route }
        return madeForRoute as? Route
    }

    /// This screen's route of any type: the one its type declares (``RoutedScreen``), else the
    /// one it was made for (``ScreenRoute/screen()``); `nil` when it has neither. Adapter
    /// plumbing (SPI).
    ///
    /// ```swift
    /// detail.anyRoute   // AppRoute.item(id: 42)
    /// ```
    @_spi(Adapters) public final var anyRoute: (any ScreenRoute)? {
        if declaresRoute, let routed = self as? any RoutedScreen { return routed.route }
        return madeForRoute
    }
}
