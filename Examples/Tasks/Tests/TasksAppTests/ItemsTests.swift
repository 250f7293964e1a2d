import Baton
import BatonTesting
import Foundation
import Testing

@testable import TasksApp

@MainActor
@Suite(.isolatedBaton)
struct ItemsTests {
    /// A started app, logged in as Ada, on the list.
    private func loggedIn() async throws -> (app: TasksApp, list: ItemListScreen, store: ItemStore) {
        let (app, store) = makeApp()
        Task { await app.start() }
        try await #require(await app.window.next(LoginScreen.self)).logIn(email: "ada@example.com", password: "baton")
        return (app, try #require(await app.window.next(ItemListScreen.self)), store)
    }

    @Test func theSortOrderChosenInSettingsIsTheListsOrder() async throws {
        let (app, list, _) = try await loggedIn()
        try list.openSettings()
        weak let settings = try #require(app.window.topScreen as? SettingsScreen)
        try settings?.choose(.newest)
        #expect(list.order == .newest)
        #expect(list.items.map(\.id) == [4, 3, 2, 1])
        #expect(app.window.topScreen === list)
        #expect(settings == nil)
    }

    @Test func anEditInTheDetailIsShownByTheList() async throws {
        let (app, list, _) = try await loggedIn()
        try list.show(1)
        weak let detail = await app.window.next(ItemDetailScreen.self)
        detail?.item?.title = "Buy oat milk"
        detail?.item?.isDone = true
        app.main?.items.pop()
        #expect(list.items.map(\.title) == ["Book flights", "Buy oat milk", "Call the plumber", "Renew passport"])
        #expect(list.items[1].isDone)
        #expect(detail == nil)
    }

    @Test func aWrongPasswordKeepsTheLoginScreen() async throws {
        let (app, _) = makeApp()
        Task { await app.start() }
        let login = try #require(await app.window.next(LoginScreen.self))
        await #expect(throws: LoginError.wrongPassword) {
            try await login.logIn(email: "ada@example.com", password: "hunter2")
        }
        #expect(app.window.topScreen === login)
    }

    @Test func onboardingIsShownOnTheFirstRunOnly() async throws {
        let preferences = Preferences(defaults: nil)
        for run in 1...2 {
            let app = TasksApp(
                services: Services(store: ItemStore(Item.samples), accounts: .demo, preferences: preferences))
            Task { await app.start() }
            if run == 1 { try #require(await app.window.next(OnboardingScreen.self)).unhop() }
            _ = try #require(await app.window.next(LoginScreen.self))
            #expect(app.window.transitionLog.map(\.description).contains("hop: splash → onboarding") == (run == 1))
        }
        #expect(preferences.hasSeenOnboarding)
    }
}

@MainActor
@Suite(.isolatedBaton)
struct RestorationTests {
    @Test func aRelaunchReturnsToTheTabAndItemOfTheLastRun() async throws {
        let (first, _) = makeApp()
        Task { await first.start() }
        try await #require(await first.window.next(LoginScreen.self)).logIn(email: "ada@example.com", password: "baton")
        try #require(await first.window.next(ItemListScreen.self)).show(4)
        let saved = try #require(first.saved)

        let (second, _) = makeApp()
        Task { await second.start(restoring: saved) }
        let detail = try #require(await second.window.next(ItemDetailScreen.self))
        #expect(detail.id == 4)
        #expect(second.main?.user == User(name: "Ada", email: "ada@example.com"))
        #expect(
            second.window.transitionLog.map(\.description) == [
                "replaceRoot: → startup", "hop: → splash", "hop: splash → main", "setStack: list → item 4",
            ])
    }

    @Test func theProfileTabIsRestored() async throws {
        let (first, _) = makeApp()
        Task { await first.start() }
        try await #require(await first.window.next(LoginScreen.self)).logIn(email: "ada@example.com", password: "baton")
        _ = await first.window.next(ItemListScreen.self)
        try #require(first.main).select(at: 1)
        let (second, _) = makeApp()
        Task { await second.start(restoring: first.saved) }
        _ = try #require(await second.window.next(ProfileScreen.self))
        #expect(second.main?.selectedIndex == 1)
    }

    @Test func unreadableSavedStateStartsAsAFirstLaunchAfterOnboarding() async throws {
        let (app, _) = makeApp()
        Task { await app.start(restoring: Data("{".utf8)) }
        _ = try #require(await app.window.next(LoginScreen.self))
    }
}
