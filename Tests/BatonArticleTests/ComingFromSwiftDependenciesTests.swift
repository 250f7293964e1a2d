@_spi(Testing) import Baton
import BatonTesting
import Observation
import Testing

// The article "Coming from swift-dependencies": its Baton declarations, then each block run as a
// test that checks what the article says of it.

private struct Item: Identifiable, Hashable {
    let id: Int
    var title: String
    static let samples = [Item(id: 1, title: "Milk"), Item(id: 2, title: "Bread")]
}

// MARK: - Declare a dependency

private struct APIClient: Sendable {
    var fetchItems: @Sendable () async throws -> [Item]
}

private extension ContextValues {
    var apiClient: ContextEntry<APIClient> { .init(live: .live, test: .samples) }
}

private extension ContextValues {
    /// The same client without a test value.
    var liveOnlyClient: ContextEntry<APIClient> { .init(live: .live) }
}

private extension APIClient {
    /// What the app uses; here, one item that says so.
    static let live = APIClient(fetchItems: { [Item(id: 0, title: "Live")] })
    /// What tests read when they set none.
    static let samples = APIClient(fetchItems: { Item.samples })
}

// MARK: - Use it

@Observable
private final class ItemsScreen: ScreenModel {
    var items: [Item] = []

    func load() async throws {
        items = try await context[\.apiClient].fetchItems()
    }
}

@MainActor
@Suite(.isolatedBaton)
struct ComingFromSwiftDependenciesTests {
    @Test func aTestReadsTheTestValueWhereNothingIsSet() async throws {
        let window = ScreenWindow()
        let screen = ItemsScreen(name: "items")
        try window.setRoot(screen)
        try await screen.load()
        #expect(screen.items == Item.samples)
    }

    @Test func aLiveValueReadWithoutATestValueFailsTheTestNamingTheEntryAndBothFixes() async throws {
        var failures: [String] = []
        let defaults = TestDefaults { failures.append($0) }
        let read = try await TestDefaults.$current.withValue(defaults) {
            try await ScreenWindow().context[\.liveOnlyClient].fetchItems()
        }
        #expect(read.map(\.title) == ["Live"])  // it goes on with a live value
        #expect(failures.count == 1)
        #expect(
            failures.first?.hasPrefix("liveOnlyClient read its live value in a test: the test did not set it") == true)
        #expect(
            failures.first?.hasSuffix(
                "Set it on the window before launching it, `window.context[\\.liveOnlyClient] = …`,"
                    + " or declare a test value: `.init(live: …, test: …)`.") == true)
    }

    @Test func withoutTheTraitATestReadsTheLiveValue() async throws {
        let read = try await TestDefaults.$current.withValue(nil) {
            try await ScreenWindow().context[\.apiClient].fetchItems()
        }
        #expect(read.map(\.title) == ["Live"])
    }

    @Test func anOverrideOnAScreenIsReadByTheScreensShownAfterItAndNotBefore() async throws {
        let window = ScreenWindow()
        let home = ItemsScreen(name: "home")
        let archive = ItemsScreen(name: "archive")
        let stack = try StackScreen(root: home, name: "main")
        try window.setRoot(stack)
        try stack.push(archive)

        let offline = APIClient(fetchItems: { [] })
        archive.context.set(offline, for: \.apiClient)
        try archive.present(ItemsScreen())  // reads offline

        let presented = try #require(archive.presentedScreen as? ItemsScreen)
        presented.items = Item.samples
        try await presented.load()
        #expect(presented.items == [])
        try await archive.load()
        #expect(archive.items == [])
        try await home.load()
        #expect(home.items == Item.samples)  // shown before the override
    }

    @Test func anIsolatedScreenDoesNotReadTheOverride() async throws {
        let window = ScreenWindow()
        let archive = ItemsScreen(name: "archive")
        try window.setRoot(archive)
        archive.context.set(APIClient(fetchItems: { [] }), for: \.apiClient)
        let isolated = ItemsScreen(name: "isolated")
        try archive.present(isolated, wiring: .isolate)
        try await isolated.load()
        #expect(isolated.items == Item.samples)
    }

    @Test func loadsItems() async throws {
        let window = ScreenWindow()
        window.context.set(APIClient(fetchItems: { [Item(id: 1, title: "Test")] }), for: \.apiClient)
        let screen = ItemsScreen()
        try window.setRoot(screen)
        try await screen.load()
        #expect(screen.items.map(\.title) == ["Test"])
    }

    @Test func aScreenMadeBeforeItIsShownReadsTheTreeItIsShownIn() async throws {
        let screen = ItemsScreen(name: "made early")
        let window = ScreenWindow()
        window.context.set(APIClient(fetchItems: { [Item(id: 3, title: "Late")] }), for: \.apiClient)
        try window.setRoot(screen)
        try await screen.load()
        #expect(screen.items.map(\.title) == ["Late"])
    }
}
