/// What a UI adapter reports about how it draws screens from their routes: a screen made from its
/// route that no registration draws, and a route (or route type) registered twice. The decisions
/// behind each report are core code (`RouteDrawings`), so that Linux tests reach them; BatonSwiftUI
/// sends a report when the view it concerns appears.
///
/// A report goes to ``reporter``, in any build (the default reporter prints in debug builds and is
/// `nil` in release builds). Under BatonTesting's `.isolatedBaton` each one fails the test.
///
/// ```swift
/// ScreenScene(root: Route.main)
///     .screen(Route.settings) { settings in SettingsView(settings) }
/// // Route.profile has no view, so its screen shows its name and Baton prints:
/// // Baton: profile (ScreenModel), made by Route.profile, has no view: no screen(Route.profile) or
/// // screen(for: Route.self) registration above its ScreenView draws it, and no screenContent(_:) does,
/// // so it shows its name. Draw its route on the scene: .screen(for: Route.self) { route, screen in
/// // switch route { … } }, or make its screen a ViewScreen.
/// ```
public enum ScreenDrawingReport: Sendable, Hashable, CustomStringConvertible {
    /// A screen made from its route is drawn by its name: neither its type (as a `ViewScreen` or a
    /// container), nor a registration of its route, nor `screenContent(_:)` gives it a view.
    ///
    /// ```swift
    /// case .screenWithoutView(screen: "profile (ScreenModel)", route: "Route.profile", routeType: "Route")
    /// ```
    case screenWithoutView(screen: String, route: String, routeType: String)
    /// A route, or a route type, is registered again inside a registration of the same route or
    /// type, or of its type and one of its values: the inner one draws, the outer one never does.
    /// `route` is the route (`Route.settings`) or, for `screen(for:)`, the type (`Route`);
    /// `registered` and `again` are the two registrations as written.
    ///
    /// ```swift
    /// case .duplicateRegistration(route: "Route.settings", registered: "screen(Route.settings)", again: "screen(Route.settings)")
    /// ```
    case duplicateRegistration(route: String, registered: String, again: String)

    /// The report, with the fix.
    ///
    /// ```swift
    /// print(report)
    /// ```
    public var description: String {
        switch self {
        case .screenWithoutView(let screen, let route, let routeType):
            "\(screen), made by \(route), has no view: no screen(\(route)) or screen(for: \(routeType).self)"
                + " registration above its ScreenView draws it, and no screenContent(_:) does, so it shows its name."
                + " Draw its route on the scene: .screen(for: \(routeType).self) { route, screen in switch route"
                + " { … } }, or make its screen a ViewScreen."
        case .duplicateRegistration(let route, let registered, let again):
            "\(route) is drawn by two registrations: \(again) inside \(registered); the inner one draws its screens"
                + " and the outer one never does. Keep one: draw a route type with one screen(for:) switch, or each"
                + " of its routes with one screen(_:), once per scene."
        }
    }

    /// Receives each report, in the current task and the tasks it creates. In debug builds the
    /// default prints it (`Baton: ` and the ``description``); in release builds it is `nil`. Under
    /// BatonTesting's `.isolatedBaton` each one fails the test; `nil` turns the reports off.
    ///
    /// ```swift
    /// ScreenDrawingReport.$reporter.withValue({ report in log.warning("\(report)") }) {
    ///     // drawing here reports to the log
    /// }
    /// ```
    @TaskLocal public static var reporter: (@Sendable (ScreenDrawingReport) -> Void)? = {
        #if DEBUG
            return { report in print("Baton: \(report)") }
        #else
            return nil
        #endif
    }()

    /// Sends this report to the ``reporter`` in effect. Adapter plumbing (SPI): an adapter calls it
    /// when the view the report concerns appears.
    ///
    /// ```swift
    /// Text(name).onAppear { report?.send() }
    /// ```
    @_spi(Adapters) public func send() {
        Self.reporter?(self)
    }
}

/// The views a UI adapter registered for routes, and the decisions that follow from them: how a
/// screen is drawn (``drawing(of:ownView:hasScreenContent:)``) and how its tab is labelled
/// (``tabLabel(of:ownLabel:)``). Adapter plumbing (SPI): BatonSwiftUI keeps one in the SwiftUI
/// environment, and `View.screen(_:content:)` and `View.screen(for:content:)` add to it.
///
/// A route is drawn by the registration of its value, else by the registration of its type. Each
/// route is drawn by one registration: registering a value or a type again, or a value and its
/// type, inside one another, is reported (``ScreenDrawingReport/duplicateRegistration(route:registered:again:)``)
/// and the inner registration draws.
///
/// `Content` and `Label` are what the adapter draws (in BatonSwiftUI, a closure that makes a view,
/// and a view).
///
/// ```swift
/// let (drawings, duplicate) = RouteDrawings<String, String>()
///     .registering(for: AppRoute.self, content: { "\($0)" }, tabLabel: { _ in nil })
/// drawings.drawing(of: detail, ownView: { _ in nil as String? }, hasScreenContent: false)   // .route("item(id: 2)")
/// ```
@MainActor
@_spi(Adapters) public struct RouteDrawings<Content, Label> {
    /// A registration's drawing of one route.
    private typealias Entry = (content: Content, label: Label?)

    /// Registrations of one route value, by route.
    private var byValue: [AnyHashable: Entry] = [:]
    /// Registrations of a route type, by type: each makes the entry of a route of that type.
    private var byType: [ObjectIdentifier: @MainActor (any ScreenRoute) -> Entry?] = [:]
    /// The route types that have registrations by value, with the first one's route. A
    /// registration is written as text (``written(_:)``) only for a report, never when it is added:
    /// SwiftUI adds every registration again each time the view that holds it is drawn.
    private var valueTypes: [ObjectIdentifier: AnyHashable] = [:]

    /// No registrations.
    ///
    /// ```swift
    /// let drawings = RouteDrawings<AnyView, AnyView>()
    /// ```
    public nonisolated init() {}

    /// Whether nothing is registered.
    ///
    /// ```swift
    /// RouteDrawings<String, String>().isEmpty   // true
    /// ```
    public var isEmpty: Bool { byValue.isEmpty && byType.isEmpty }

    /// These registrations and one more, for `route` alone, with the report of the registration
    /// of the same route (or of its type) that it replaces for the views inside.
    ///
    /// ```swift
    /// let (drawings, duplicate) = RouteDrawings<String, String>()
    ///     .registering(AppRoute.settings, content: "settings view", tabLabel: nil)
    /// ```
    ///
    /// - Parameters:
    ///   - route: The route drawn.
    ///   - content: What draws its screens.
    ///   - tabLabel: The label of their tab, or `nil`.
    /// - Returns: The registrations, and the duplicate's report or `nil`.
    public func registering<Route: ScreenRoute>(_ route: Route, content: Content, tabLabel: Label?)
        -> (drawings: Self, duplicate: ScreenDrawingReport?)
    {
        let key = AnyHashable(route)
        let typeID = ObjectIdentifier(Route.self)
        var duplicate: ScreenDrawingReport?
        if byValue[key] != nil {
            duplicate = .duplicateRegistration(
                route: Self.name(of: route), registered: Self.written(route), again: Self.written(route))
        } else if byType[typeID] != nil {
            duplicate = .duplicateRegistration(
                route: Self.name(of: route), registered: Self.written(Route.self), again: Self.written(route))
        }
        var drawings = self
        drawings.byValue[key] = (content, tabLabel)
        if drawings.valueTypes[typeID] == nil { drawings.valueTypes[typeID] = key }
        return (drawings, duplicate)
    }

    /// These registrations and one more, for every route of type `Route`, with the report of the
    /// registration of that type (or of one of its routes) that it replaces for the views inside.
    ///
    /// ```swift
    /// let (drawings, duplicate) = RouteDrawings<String, String>()
    ///     .registering(for: AppRoute.self, content: { route in "\(route)" }, tabLabel: { _ in nil })
    /// ```
    ///
    /// - Parameters:
    ///   - type: The route type drawn.
    ///   - content: Makes what draws the screens of a route.
    ///   - tabLabel: Makes the label of the tab of a route's screen, or `nil`.
    /// - Returns: The registrations, and the duplicate's report or `nil`.
    public func registering<Route: ScreenRoute>(
        for type: Route.Type, content: @escaping @MainActor (Route) -> Content,
        tabLabel: @escaping @MainActor (Route) -> Label?
    ) -> (drawings: Self, duplicate: ScreenDrawingReport?) {
        let typeID = ObjectIdentifier(Route.self)
        var duplicate: ScreenDrawingReport?
        if byType[typeID] != nil {
            duplicate = .duplicateRegistration(
                route: TypeNames.name(of: Route.self), registered: Self.written(type), again: Self.written(type))
        } else if let earlier = valueTypes[typeID], let earlier = earlier.base as? any ScreenRoute {
            duplicate = .duplicateRegistration(
                route: TypeNames.name(of: Route.self), registered: Self.written(earlier), again: Self.written(type))
        }
        var drawings = self
        // The inner registration draws every route of the type, its values' registrations included.
        if duplicate != nil {
            drawings.byValue = drawings.byValue.filter { !($0.key.base is Route) }
            drawings.valueTypes[typeID] = nil
        }
        drawings.byType[typeID] = { route in (route as? Route).map { route in (content(route), tabLabel(route)) } }
        return (drawings, duplicate)
    }

    /// `Route.settings`: a route as a report names it.
    private static func name(of route: some ScreenRoute) -> String {
        "\(TypeNames.name(of: type(of: route))).\(route)"
    }

    /// `screen(Route.settings)`: the registration of one route, as written.
    private static func written(_ route: some ScreenRoute) -> String { "screen(\(name(of: route)))" }

    /// `screen(for: Route.self)`: the registration of a route type, as written.
    private static func written(_ type: (some ScreenRoute).Type) -> String {
        "screen(for: \(TypeNames.name(of: type)).self)"
    }

    /// How `screen` is drawn, in this order: a container as its container view; a screen with a
    /// view of its own (a `ViewScreen`) as that view; a screen made from a route as its route's
    /// registration draws it; else as the app's `screenContent(_:)` draws it, when there is one;
    /// else as its name. A screen made from a route that is drawn as its name carries a
    /// ``ScreenDrawingReport/screenWithoutView(screen:route:routeType:)`` report, which the
    /// adapter sends when the name appears; a screen without a route is drawn as its name silently.
    ///
    /// ```swift
    /// switch drawings.drawing(of: screen, ownView: { ($0 as? any ViewScreen)?.erasedBody }, hasScreenContent: false) {
    /// case .route(let content): content(screen)
    /// // …
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - screen: The screen to draw.
    ///   - ownView: The screen's own view, when its type has one (read only when it is no container).
    ///   - hasScreenContent: Whether the app gave a `screenContent(_:)` to draw the screens no other
    ///     view draws.
    /// - Returns: How to draw it.
    public func drawing<OwnView>(
        of screen: ScreenModel, ownView: (ScreenModel) -> OwnView?, hasScreenContent: Bool
    ) -> ScreenDrawing<OwnView, Content> {
        if let stack = screen as? StackScreen { return .stack(stack) }
        if let tabs = screen as? TabScreen { return .tabs(tabs) }
        if let hopping = screen as? HoppingScreen { return .hopping(hopping) }
        if let view = ownView(screen) { return .ownView(view) }
        let route = screen.anyRoute
        if let route, let entry = entry(of: route) { return .route(entry.content) }
        if hasScreenContent { return .screenContent }
        guard let route else { return .name(screen.screenName, report: nil) }
        let routeType = TypeNames.name(of: type(of: route))
        return .name(
            screen.screenName,
            report: .screenWithoutView(
                screen: "\(screen.screenName) (\(TypeNames.name(of: type(of: screen))))",
                route: "\(routeType).\(route)", routeType: routeType))
    }

    /// How the tab of `tab` is labelled, in this order: the tab's own label (a `ScreenStyling`'s);
    /// the label its route's registration gives; for a stack, its root screen's own label, then
    /// the label its root's route registration gives; else its name.
    ///
    /// ```swift
    /// switch drawings.tabLabel(of: tab, ownLabel: { ($0 as? any ScreenStyling)?.erasedTabLabel }) {
    /// case .route(let label): label
    /// // …
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - tab: The tab's screen.
    ///   - ownLabel: A screen's own label, when its type has one.
    /// - Returns: How to label it.
    public func tabLabel<OwnLabel>(of tab: ScreenModel, ownLabel: (ScreenModel) -> OwnLabel?)
        -> TabLabelDrawing<OwnLabel, Label>
    {
        if let label = ownLabel(tab) { return .own(label) }
        if let label = routeLabel(of: tab) { return .route(label) }
        // A stack's tab is labelled by what it shows first, unless it has a label of its own.
        if let root = (tab as? StackScreen)?.rootScreen {
            if let label = ownLabel(root) { return .own(label) }
            if let label = routeLabel(of: root) { return .route(label) }
        }
        return .name(tab.screenName)
    }

    private func routeLabel(of screen: ScreenModel) -> Label? {
        guard !isEmpty, let route = screen.anyRoute else { return nil }
        return entry(of: route)?.label
    }

    private func entry(of route: any ScreenRoute) -> Entry? {
        if let registered = byValue[AnyHashable(route)] { return registered }
        return byType[ObjectIdentifier(type(of: route))]?(route)
    }
}

/// How a UI adapter draws a screen (``RouteDrawings/drawing(of:ownView:hasScreenContent:)``).
/// Adapter plumbing (SPI).
///
/// ```swift
/// if case .name(let name, let report) = drawings.drawing(of: screen, ownView: { _ in nil as String? }, hasScreenContent: false) {
///     report?.send()
/// }
/// ```
@_spi(Adapters) public enum ScreenDrawing<OwnView, Content> {
    /// A stack, as the adapter's stack view.
    ///
    /// ```swift
    /// case .stack(let stack): StackView(stack)
    /// ```
    case stack(StackScreen)
    /// A tab container, as the adapter's tab view.
    ///
    /// ```swift
    /// case .tabs(let tabs): TabsView(tabs)
    /// ```
    case tabs(TabScreen)
    /// A start-up flow, as the adapter's hopping view.
    ///
    /// ```swift
    /// case .hopping(let hopping): HoppingView(hopping)
    /// ```
    case hopping(HoppingScreen)
    /// The view of the screen's own type.
    ///
    /// ```swift
    /// case .ownView(let body): body
    /// ```
    case ownView(OwnView)
    /// The view its route's registration gives.
    ///
    /// ```swift
    /// case .route(let content): content(screen)
    /// ```
    case route(Content)
    /// The app's `screenContent(_:)`.
    ///
    /// ```swift
    /// case .screenContent: screenContent?(screen)
    /// ```
    case screenContent
    /// The screen's name, and the report to send when it appears (a screen made from a route).
    ///
    /// ```swift
    /// case .name(let name, let report): Text(name).onAppear { report?.send() }
    /// ```
    case name(String, report: ScreenDrawingReport?)
}

/// How a UI adapter labels a tab (``RouteDrawings/tabLabel(of:ownLabel:)``). Adapter plumbing (SPI).
///
/// ```swift
/// if case .name(let name) = drawings.tabLabel(of: tab, ownLabel: { _ in nil as String? }) { print(name) }
/// ```
@_spi(Adapters) public enum TabLabelDrawing<OwnLabel, Label> {
    /// The label of a screen's own type: the tab's, or its stack's root's.
    ///
    /// ```swift
    /// case .own(let label): label
    /// ```
    case own(OwnLabel)
    /// The label a route's registration gives: the tab's, or its stack's root's.
    ///
    /// ```swift
    /// case .route(let label): label
    /// ```
    case route(Label)
    /// The tab's name.
    ///
    /// ```swift
    /// case .name(let name): Text(name)
    /// ```
    case name(String)
}
