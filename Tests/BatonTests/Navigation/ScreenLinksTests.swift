import Baton
import BatonTesting
import Testing

/// Routes with fields, for links.
enum LinkRoute: ScreenRoute {
    case home
    case item(id: Int)
    case position(latitude: Double, longitude: Double)
    case search(query: String)

    func makeScreen() throws -> ScreenModel {
        switch self {
        case .home: StackScreen(name: "home")
        case .item(let id): ScreenModel(name: "item \(id)")
        case .position: ScreenModel(name: "position")
        case .search: ScreenModel(name: "search")
        }
    }

    static let links = ScreenLinks<LinkRoute>([
        LinkPattern("geo:{latitude},{longitude}", .position(latitude: 0, longitude: 0)),
        LinkPattern("myapp://item/{id}", .item(id: 0)),
        LinkPattern("myapp://search?q={query}", .search(query: "")),
        LinkPattern("myapp://home", .home),
    ]) { route in
        route == .home ? .stack(.home, [ScreenTree<LinkRoute>]()) : .stack(.home, [route])
    }
}

@MainActor
@Suite(.isolatedBaton)
struct ScreenLinksTests {
    @Test func aURLParsesToItsRoute() throws {
        #expect(try LinkRoute.links.route(for: "geo:48.8584,2.2945") == .position(latitude: 48.8584, longitude: 2.2945))
        #expect(try LinkRoute.links.route(for: "GEO:-33.5,151") == .position(latitude: -33.5, longitude: 151))
        #expect(try LinkRoute.links.route(for: "myapp://item/42") == .item(id: 42))
        #expect(
            try LinkRoute.links.route(for: "myapp://search?q=caf%C3%A9%20au%20lait") == .search(query: "café au lait"))
        #expect(try LinkRoute.links.route(for: "myapp://home") == .home)
    }

    @Test func aRouteAndATreePrintTheirURL() throws {
        #expect(try LinkRoute.links.url(for: .position(latitude: 48.8584, longitude: 2.2945)) == "geo:48.8584,2.2945")
        #expect(
            try LinkRoute.links.url(for: .search(query: "café au lait")) == "myapp://search?q=caf%C3%A9%20au%20lait")
        #expect(try LinkRoute.links.url(for: .stack(.home, [.item(id: 7)])) == "myapp://item/7")
    }

    @Test func openingAURLShowsItsTree() throws {
        let window = ScreenWindow()
        try window.open("myapp://item/42", with: LinkRoute.links)
        #expect(try window.screenTree(LinkRoute.self)?.description == "home[item(id: 42)]")
        try window.open("geo:1.5,2", with: LinkRoute.links)
        #expect(try window.screenTree(LinkRoute.self)?.description == "home[position(latitude: 1.5, longitude: 2.0)]")
        #expect(window.transitionLog.map(\.description) == ["replaceRoot: → home", "setStack: item 42 → position"])
    }

    @Test func anUnknownURLListsThePatterns() {
        #expect(
            throws: NavigationError.unknownLink(
                "myapp://nowhere",
                known: ["geo:{latitude},{longitude}", "myapp://item/{id}", "myapp://search?q={query}", "myapp://home"])
        ) {
            try LinkRoute.links.route(for: "myapp://nowhere")
        }
    }

    @Test func aWrongPartIsNamed() {
        #expect(
            throws: NavigationError.malformedLink(
                "geo:north,2", part: "north",
                reason: "latitude is not valid (not a finite Double: \"north\" at position.latitude)")
        ) {
            try LinkRoute.links.route(for: "geo:north,2")
        }
        #expect(
            throws: NavigationError.malformedLink(
                "myapp://item/%zz", part: "%zz", reason: "id has a malformed % escape")
        ) {
            try LinkRoute.links.route(for: "myapp://item/%zz")
        }
    }

    @Test func aPatternWithAnUnknownFieldSaysSo() {
        let links = ScreenLinks<LinkRoute>([LinkPattern("myapp://item/{identifier}", .item(id: 0))]) {
            .stack(.home, [$0])
        }
        #expect(
            throws: NavigationError.invalidLinkPattern(
                "myapp://item/{identifier}", reason: "item(id: 0) has no field identifier; its fields: item.id")
        ) {
            try links.route(for: "myapp://item/1")
        }
    }
}
