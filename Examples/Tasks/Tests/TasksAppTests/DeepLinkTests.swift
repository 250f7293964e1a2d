import Baton
import BatonTesting
import Foundation
import Testing

@testable import TasksApp

/// Where the app is when a link arrives.
enum AppState: String, CaseIterable, Sendable {
    case splash, onboarding, login, list, detail, profile, settings
}

@MainActor
@Suite(.isolatedBaton)
struct DeepLinkTests {
    /// Drives a new app to `state`; `loaded` finishes the splash's loading.
    private func app(in state: AppState) async throws -> (app: TasksApp, loaded: AsyncStream<[Item]>.Continuation) {
        let (items, loaded) = AsyncStream<[Item]>.makeStream()
        let store = ItemStore(fetch: { await items.first { _ in true } ?? [] })
        let preferences = Preferences(defaults: nil)
        preferences.hasSeenOnboarding = state != .onboarding
        let app = TasksApp(services: Services(store: store, accounts: .demo, preferences: preferences))
        Task { await app.start() }
        _ = try #require(await app.window.next(SplashScreen.self))
        if state == .splash { return (app, loaded) }
        loaded.yield(Item.samples)
        if state == .onboarding {
            _ = try #require(await app.window.next(OnboardingScreen.self))
            return (app, loaded)
        }
        let login = try #require(await app.window.next(LoginScreen.self))
        if state == .login { return (app, loaded) }
        try await login.logIn(email: "ada@example.com", password: "baton")
        let list = try #require(await app.window.next(ItemListScreen.self))
        let main = try #require(app.main)
        switch state {
        case .detail: try list.show(1)
        case .profile: try main.select(at: 1)
        case .settings: try list.openSettings()
        default: break
        }
        return (app, loaded)
    }

    /// Goes on from a state before login to the main screen.
    private func logIn(_ app: TasksApp, loaded: AsyncStream<[Item]>.Continuation, from state: AppState) async throws {
        loaded.yield(Item.samples)
        if state == .onboarding { try #require(await app.window.next(OnboardingScreen.self)).unhop() }
        let login = try #require(await app.window.next(LoginScreen.self))
        try await login.logIn(email: "ada@example.com", password: "baton")
    }

    @Test(arguments: AppState.allCases)
    func anItemLinkShowsTheItemOnTopOfTheList(from state: AppState) async throws {
        let (app, loaded) = try await app(in: state)
        app.open(try #require(URL(string: "tasks://item/3")))
        if state.isBeforeLogin { try await logIn(app, loaded: loaded, from: state) }
        let detail = try #require(await app.window.next(ItemDetailScreen.self))
        let main = try #require(app.main)
        #expect(detail.item?.title == "Book flights")
        #expect(main.selectedIndex == 0)
        #expect(main.items.screens.map(\.screenName) == ["list", "item 3"])
        #expect(main.list.presentedScreen == nil)
        #expect(app.window.topScreen === detail)
    }

    @Test func aLinkToAnotherSchemeOrPathIsIgnored() async throws {
        let (app, _) = try await app(in: .detail)
        for link in ["https://item/3", "tasks://items/3", "tasks://item/three"] {
            app.open(try #require(URL(string: link)))
        }
        #expect(app.main?.items.screens.map(\.screenName) == ["list", "item 1"])
    }
}

extension AppState {
    var isBeforeLogin: Bool { [.splash, .onboarding, .login].contains(self) }
}
