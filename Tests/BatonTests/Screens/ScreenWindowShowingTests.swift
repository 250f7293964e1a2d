@_spi(Adapters) import Baton
import BatonTesting
import Testing

/// The headless part of BatonSwiftUI's `ScreenPreview`: one call gives a screen a visible window
/// and the app's coordinator, so that its resolvers run and its links push and present.
@MainActor
@Suite(.lenientMisuse)
struct ScreenWindowShowingTests {
    final class ItemScreen: ScreenModel {
        var store: String?
    }

    final class DetailScreen: ScreenModel {
        var store: String?
    }

    struct StoreUnavailable: Error {}

    private func appCoordinator() throws -> DependencyCoordinator {
        let coordinator = DependencyCoordinator(name: "app")
        _ = try coordinator.register(.destination { (item: ItemScreen) in item.store = "items" })
        _ = try coordinator.register(
            .transition(identifier: "showDetail") { (_, item: ItemScreen, detail: DetailScreen) in
                detail.store = item.store
            })
        return coordinator
    }

    @Test func aShownScreenIsResolvedOnAStackInAVisibleWindowAndItsLinksPush() throws {
        let item = ItemScreen(name: "item")
        let window = try ScreenWindow(showing: item, coordinator: appCoordinator())
        #expect(window.isVisible)
        #expect(item.store == "items")
        #expect(window.rootScreen?.screenName == "preview")
        #expect(item.appearance == .appeared)
        let link = ScreenLinkRequest(identifier: "showDetail") { DetailScreen(name: "detail") }
        #expect(link.follow(from: item) == nil)
        let detail = try #require(window.topScreen as? DetailScreen)
        #expect(detail.store == "items")
        #expect(
            window.transitionLog.map(\.description) == ["replaceRoot: → preview", "push: item → detail (showDetail)"])
    }

    @Test func aScreenShownWithoutAStackIsTheRootAndItsPushLinksAreRefused() throws {
        let item = ItemScreen(name: "item")
        let window = try ScreenWindow(showing: item, coordinator: appCoordinator(), inStack: false)
        #expect(window.rootScreen === item)
        #expect(item.store == "items")
        let link = ScreenLinkRequest { DetailScreen(name: "detail") }
        #expect(
            link.follow(from: item)
                == .noEnclosingStack(
                    screen: "item", pushed: .link(identifier: nil, route: nil), containers: [], presenter: nil))
    }

    @Test func aResolverThatThrowsShowsNothingAndNamesItself() throws {
        let coordinator = DependencyCoordinator(name: "app")
        _ = try coordinator.register(.destination { (_: ItemScreen) in throw StoreUnavailable() })
        weak var released: ItemScreen?
        do {
            let item = ItemScreen(name: "item")
            released = item
            let error = #expect(throws: ScreenError.self) { try ScreenWindow(showing: item, coordinator: coordinator) }
            #expect(
                error?.description
                    == "Resolver destination: ItemScreen (BatonTests/ScreenWindowShowingTests.swift:59) failed for"
                    + " replaceRoot: → preview: StoreUnavailable(). The transition was not performed and the"
                    + " destination's context was unwired. Resolvers that had already run: none.")
        }
        #expect(released == nil)
    }
}
