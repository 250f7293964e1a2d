import Baton
import BatonTesting
import Foundation
import Testing

@testable import TasksApp

@MainActor
@Suite(.isolatedBaton)
struct ItemsTests {
    /// A started app, logged in as Ada, on the list.
    private func loggedIn() async throws -> (app: TasksApp, list: ItemListScreen) {
        let (app, _) = makeApp()
        Task { await app.start() }
        try await app.window.next(LoginScreen.self).logIn(email: "ada@example.com", password: "baton")
        return (app, try await app.window.next(ItemListScreen.self))
    }

    @Test func theSortOrderChosenInSettingsIsTheListsOrder() async throws {
        let (app, list) = try await loggedIn()
        let choosing = Task { try await list.chooseOrder() }
        weak let settings = try await app.window.next(SettingsScreen.self)
        settings?.finish(with: SortOrder.newest)
        try await choosing.value
        #expect(list.order == .newest)
        #expect(list.items.map(\.id) == [4, 3, 2, 1])
        #expect(app.window.topScreen === list)
        #expect(settings == nil)
    }

    @Test func swipingTheSettingsSheetAwayKeepsTheOrder() async throws {
        let (app, list) = try await loggedIn()
        let choosing = Task { try await list.chooseOrder() }
        let settings = try await app.window.next(SettingsScreen.self)
        settings.dismiss()
        await #expect(throws: ScreenError.self) { try await choosing.value }
        #expect(list.order == .title)
        #expect(app.window.topScreen === list)
    }

    @Test func anEditInTheDetailIsShownByTheList() async throws {
        let (app, list) = try await loggedIn()
        try list.show(1)
        weak let detail = try await app.window.next(ItemDetailScreen.self)
        detail?.item?.title = "Buy oat milk"
        detail?.item?.isDone = true
        app.main?.items.pop()
        #expect(list.items.map(\.title) == ["Book flights", "Buy oat milk", "Call the plumber", "Renew passport"])
        #expect(list.items[1].isDone)
        #expect(detail == nil)
    }
}

@MainActor
@Suite(.isolatedBaton)
struct RestorationTests {
    /// A started app, logged in as Ada, on the list.
    private func loggedIn() async throws -> TasksApp {
        let (app, _) = makeApp()
        Task { await app.start() }
        try await app.window.next(LoginScreen.self).logIn(email: "ada@example.com", password: "baton")
        _ = try await app.window.next(ItemListScreen.self)
        return app
    }

    @Test func aRelaunchReturnsToTheItemOfTheLastRun() async throws {
        let first = try await loggedIn()
        try first.main?.list.show(4)
        let (second, _) = makeApp()
        Task { await second.start(restoring: first.saved) }
        let detail = try await second.window.next(ItemDetailScreen.self)
        #expect(detail.id == 4)
        #expect(second.main?.user == User(name: "Ada", email: "ada@example.com"))
        #expect(
            second.window.transitionLog.map(\.description) == [
                "replaceRoot: → startup", "hop: → splash", "hop: splash → main", "setStack: list → item 4",
            ])
    }

    @Test func aRelaunchReturnsToTheProfileTab() async throws {
        let first = try await loggedIn()
        first.main?.select(at: 1)
        let (second, _) = makeApp()
        Task { await second.start(restoring: first.saved) }
        _ = try await second.window.next(ProfileScreen.self)
        #expect(second.main?.selectedIndex == 1)
    }

    @Test func anUnreadableSavedStateStartsWithLogin() async throws {
        let (app, _) = makeApp()
        Task { await app.start(restoring: Data("{".utf8)) }
        _ = try await app.window.next(LoginScreen.self)
    }
}
