import Baton
import BatonTesting
import Foundation
import Testing

// The article "Deep links and state restoration": its blocks run as tests that check what the
// article says of them. Its SwiftUI blocks are type-checked in
// Examples/BatonSwiftUIGuide/DeepLinks.swift. Its first block is also the README's
// (ReadmeNavigationExampleTests keeps the two the same).

private enum AppRoute: ScreenRoute {
    case main, feed, list, settings
    case item(id: Int)

    func makeScreen() throws -> ScreenModel {
        switch self {
        case .main: try TabScreen(tabs: [AppRoute.feed.screen(), AppRoute.settings.screen()], name: "main")
        case .feed: try StackScreen(root: AppRoute.list.screen(), name: "feed")
        case .list, .settings: ScreenModel(name: "\(self)")
        case .item(let id): ScreenModel(name: "item \(id)")
        }
    }
}

// MARK: - Beside the app's own state: the Coordinates app's shape

/// The Coordinates app's position (CoordinatesKit's `Coordinate`, reduced to what the article uses).
private struct Coordinate: Codable, Hashable {
    var latitude: Double
    var longitude: Double
}

private struct SavedState: Codable {
    var position: Coordinate
    var screens: SavedScreenTree?  // nil in files from older versions
}

/// The Coordinates app's routes (CoordinatesApp's `Place`, with the screens the article names).
private enum Place: ScreenRoute {
    case startup, navigation, main, bearing, help
    case position(latitude: Double, longitude: Double)

    func makeScreen() throws -> ScreenModel {
        switch self {
        case .startup: HoppingScreen(name: "startup")
        case .navigation: try StackScreen(root: Place.main.screen(), name: "navigation")
        case .main, .position: ScreenModel(name: "main")
        case .bearing: ScreenModel(name: "bearing")
        case .help: ScreenModel(name: "help")
        }
    }
}

private extension Place {
    static let links = ScreenLinks<Place>([
        LinkPattern("geo:{latitude},{longitude}", .position(latitude: 0, longitude: 0)),
        LinkPattern("coordinates://bearing", .bearing),
        LinkPattern("coordinates://help", .help),
    ]) { route in
        switch route {
        case .bearing: .hopping(.startup, to: .stack(.navigation, [ScreenTree(.main), ScreenTree(.bearing)]))
        case .help: .hopping(.startup, to: .stack(.navigation, [ScreenTree(.main, presenting: ScreenTree(.help))]))
        default: .hopping(.startup, to: .stack(.navigation, [ScreenTree(.main)]))
        }
    }
}

@MainActor
@Suite(.isolatedBaton)
struct DeepLinksArticleTests {
    @Test func routesLinksAndRestorationWorkAsTheArticleSays() throws {
        enum AppRoute: ScreenRoute {
            case main, feed, list, settings
            case item(id: Int)

            func makeScreen() throws -> ScreenModel {
                switch self {
                case .main: try TabScreen(tabs: [AppRoute.feed.screen(), AppRoute.settings.screen()], name: "main")
                case .feed: try StackScreen(root: AppRoute.list.screen(), name: "feed")
                case .list, .settings: ScreenModel(name: "\(self)")
                case .item(let id): ScreenModel(name: "item \(id)")
                }
            }
        }
        let links = ScreenLinks<AppRoute>([LinkPattern("myapp://item/{id}", .item(id: 0))]) { route in
            .tabs(.main, [.stack(.feed, [.list, route]), ScreenTree(.settings)], selected: 0)
        }

        let window = ScreenWindow()
        try window.navigate(to: ScreenTree(AppRoute.main))  // the tabs, as .main makes them
        window.makeVisible()
        try window.open("myapp://item/42", with: links)  // whatever it showed: here, one push
        let tree = try window.screenTree(AppRoute.self)  // main{*feed[list, item(id: 42)], settings}
        let link = try links.url(for: tree!)  // "myapp://item/42"

        let saved = try window.saveScreenTree(AppRoute.self)!.json  // keep it with the app's state
        let relaunched = ScreenWindow()
        try relaunched.restoreScreenTree(SavedScreenTree(json: saved), as: AppRoute.self)

        #expect(tree?.description == "main{*feed[list, item(id: 42)], settings}")
        #expect(link == "myapp://item/42")
        #expect(window.transitionLog.map(\.description) == ["replaceRoot: → main", "push: list → item 42"])
        #expect(try relaunched.screenTree(AppRoute.self) == tree)

        let route = try links.route(for: "myapp://item/42")  // .item(id: 42)
        let url = try links.url(for: .item(id: 42))  // "myapp://item/42"

        #expect(route == .item(id: 42))
        #expect(url == "myapp://item/42")
    }

    @Test func aScreenWithoutARouteIsNamedInAnError() throws {
        let window = ScreenWindow()
        try window.setRoot(StackScreen(root: ScreenModel(name: "plain"), name: "stack"))
        #expect(throws: NavigationError.self) { try window.screenTree(AppRoute.self) }
    }

    @Test func anUnchangedScreenStaysTheSameObject() throws {
        let links = ScreenLinks<AppRoute>([LinkPattern("myapp://item/{id}", .item(id: 0))]) { route in
            .tabs(.main, [.stack(.feed, [.list, route]), ScreenTree(.settings)], selected: 0)
        }
        let window = ScreenWindow()
        try window.navigate(to: ScreenTree(AppRoute.main))
        let tabs = window.rootScreen
        try window.open("myapp://item/42", with: links)
        try window.open("myapp://item/7", with: links)
        #expect(window.rootScreen === tabs)
        #expect(try window.screenTree(AppRoute.self)?.description == "main{*feed[list, item(id: 7)], settings}")
        #expect(window.transitionLog.last?.description == "setStack: item 42 → item 7")
    }

    // MARK: - What an assignment does: atomic

    @Test func aFailedAssignmentChangesNothingAndNamesTheStep() throws {
        struct MissingItem: Error, CustomStringConvertible {
            let id: Int
            var description: String { "no item \(id)" }
        }
        enum AppRoute: ScreenRoute {
            case main, feed, list, settings
            case item(id: Int)

            func makeScreen() throws -> ScreenModel {
                switch self {
                case .main: try TabScreen(tabs: [AppRoute.feed.screen(), AppRoute.settings.screen()], name: "main")
                case .feed: try StackScreen(root: AppRoute.list.screen(), name: "feed")
                case .list, .settings: ScreenModel(name: "\(self)")
                case .item(let id): throw MissingItem(id: id)
                }
            }
        }
        let window = ScreenWindow()
        try window.navigate(to: ScreenTree(AppRoute.main))
        let before = try window.screenTree(AppRoute.self)
        let tree: ScreenTree<AppRoute> = .tabs(
            .main, [.stack(.feed, [.list, .item(id: 42)]), ScreenTree(.settings)], selected: 0)

        do {
            try window.navigate(to: tree)
        } catch {
            print(error)
            // Could not make item(id: 42) for push onto feed at main > feed: no item 42. Nothing changed.
        }

        let error = #expect(throws: NavigationError.self) { try window.navigate(to: tree) }
        #expect(
            error?.description
                == "Could not make item(id: 42) for push onto feed at main > feed: no item 42. Nothing changed.")
        #expect(try window.screenTree(AppRoute.self) == before)
    }

    // MARK: - Links during a start-up flow

    @Test func aLinkThatArrivesDuringTheStartUpFlowWaitsForItsMainScreen() throws {
        let window = ScreenWindow()
        let startup = try #require(try Place.startup.screen() as? HoppingScreen)
        try window.setRoot(startup)
        window.makeVisible()
        try startup.hop(to: ScreenModel(name: "splash")) {}
        let outcome = try window.open("coordinates://bearing", with: Place.links)
        guard case .waiting = outcome else {
            Issue.record("not waiting: \(outcome)")
            return
        }
        #expect(startup.currentScreen?.screenName == "splash")
        try startup.currentScreen?.unhop()  // splash done
        try startup.hop(to: Place.navigation.screen(), then: nil)  // the flow reaches its main screen
        #expect(window.topScreen?.screenName == "bearing")
    }

    // MARK: - Links

    @Test func unknownAndMalformedLinksAreNamed() {
        let links = ScreenLinks<AppRoute>([LinkPattern("myapp://item/{id}", .item(id: 0))]) { route in
            ScreenTree(route)
        }
        #expect(throws: NavigationError.unknownLink("myapp://nothing", known: ["myapp://item/{id}"])) {
            try links.route(for: "myapp://nothing")
        }
        let error = #expect(throws: NavigationError.self) { try links.route(for: "myapp://item/abc") }
        guard case .malformedLink(let link, let part, _) = error else {
            Issue.record("not malformed: \(String(describing: error))")
            return
        }
        #expect(link == "myapp://item/abc")
        #expect(part == "abc")  // the part that is wrong
    }

    // MARK: - Saving and restoring beside the app's own state

    @Test func theCoordinatesStateKeepsItsTreeAndRestoresWhatFits() throws {
        let window = ScreenWindow()
        try window.open("coordinates://bearing", with: Place.links)
        var state = SavedState(position: Coordinate(latitude: 48.8584, longitude: 2.2945))
        var status = ""

        // On quit:
        state.screens = try window.saveScreenTree(Place.self)
        // At launch, once the start-up flow has reached its main screen:
        if let saved = state.screens {
            do {
                let dropped = try window.restoreScreenTree(saved, as: Place.self)
                if !dropped.isEmpty { status = "Restored the screens you were on, except: \(dropped)" }
            } catch {
                status = "Could not restore the screens you were on: \(error) Showing the main screen."
            }
        }

        #expect(status == "")  // everything fitted
        #expect(
            try window.screenTree(Place.self)?.description == "startup(navigation[main, bearing])")

        // The state file round-trips, and a file from before the field existed still loads.
        let file = try JSONEncoder().encode(state)
        let reloaded = try JSONDecoder().decode(SavedState.self, from: file)
        let relaunched = ScreenWindow()
        _ = try relaunched.restoreScreenTree(try #require(reloaded.screens), as: Place.self)
        #expect(try relaunched.screenTree(Place.self)?.description == "startup(navigation[main, bearing])")
        let older = try JSONDecoder().decode(
            SavedState.self, from: Data(#"{"position":{"latitude":1,"longitude":2}}"#.utf8))
        #expect(older.screens == nil)
        #expect(older.position == Coordinate(latitude: 1, longitude: 2))
    }

    @Test func theCoordinatesLinksOpenTheMainScreenOnAPositionAndEachScreen() throws {
        #expect(try Place.links.route(for: "geo:48.8584,2.2945") == .position(latitude: 48.8584, longitude: 2.2945))
        #expect(try Place.links.url(for: .bearing) == "coordinates://bearing")

        let window = ScreenWindow()
        try window.open("geo:48.8584,2.2945", with: Place.links)
        #expect(try window.screenTree(Place.self)?.description == "startup(navigation[main])")
        try window.open("coordinates://help", with: Place.links)
        let help = try window.screenTree(Place.self)?.description
        #expect(help == "startup(navigation[main ^ help])")
    }

    @Test func aScreenDeclaresTheStateTheUserExpectsBackInItsRoute() throws {
        let window = ScreenWindow()
        try window.navigate(to: ScreenTree(AtlasRoute.map(zoom: 1)))
        let map = try #require(window.rootScreen as? AtlasMap)
        map.zoom = 4
        let saved = try #require(try window.saveScreenTree(AtlasRoute.self))
        #expect(saved.leftOut == [])

        let relaunched = ScreenWindow()
        #expect(try relaunched.restoreScreenTree(SavedScreenTree(json: saved.json), as: AtlasRoute.self) == [])
        #expect((relaunched.rootScreen as? AtlasMap)?.zoom == 4)
    }
}

enum AtlasRoute: ScreenRoute {
    case map(zoom: Int)

    func makeScreen() throws -> ScreenModel { AtlasMap(zoom: zoomLevel) }

    var zoomLevel: Int {
        switch self {
        case .map(let zoom): zoom
        }
    }
}

final class AtlasMap: ScreenModel, RoutedScreen {
    var zoom: Int

    init(zoom: Int) {
        self.zoom = zoom
        super.init(name: "map")
    }

    var route: AtlasRoute { .map(zoom: zoom) }
}
