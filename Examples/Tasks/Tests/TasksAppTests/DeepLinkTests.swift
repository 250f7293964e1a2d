import Baton
import BatonTesting
import Foundation
import Testing

@testable import TasksApp

/// Where the app is when a link arrives.
enum AppState: String, CaseIterable, Sendable {
    case splash, onboarding, login, list, detail, profile, settings
}

/// A launched app driven to a state; `finishStartup` goes on from there to the main screen.
@MainActor
struct Launch {
    let app: TasksApp
    let finishStartup: () async throws -> Void

    init(in state: AppState) async throws {
        let (items, loaded) = AsyncStream<[Item]>.makeStream()
        let preferences = Preferences(defaults: nil)
        preferences.hasSeenOnboarding = state != .onboarding
        let app = TasksApp(
            services: Services(
                store: ItemStore(fetch: { await items.first { _ in true } ?? [] }), accounts: .demo,
                preferences: preferences))
        self.app = app
        Task { await app.start() }
        _ = try await app.window.next(SplashScreen.self)
        var onboarding: OnboardingScreen?
        var login: LoginScreen?
        finishStartup = {
            loaded.yield(Item.samples)
            if state == .splash { login = try await app.window.next(LoginScreen.self) }
            onboarding?.finish()
            if state == .onboarding { login = try await app.window.next(LoginScreen.self) }
            try await login?.logIn(email: "ada@example.com", password: "baton")
        }
        if state == .splash { return }
        loaded.yield(Item.samples)
        if state == .onboarding {
            onboarding = try await app.window.next(OnboardingScreen.self)
            return
        }
        login = try await app.window.next(LoginScreen.self)
        if state == .login { return }
        try await finishStartup()
        let list = try await app.window.next(ItemListScreen.self)
        switch state {
        case .detail: try list.show(1)
        case .profile: app.main?.select(at: 1)
        case .settings:
            Task { try await list.chooseOrder() }
            _ = try await app.window.next(SettingsScreen.self)
        default: break
        }
    }
}

@MainActor
@Suite(.isolatedBaton)
struct DeepLinkTests {
    @Test(arguments: AppState.allCases)
    func anItemLinkShowsTheItemOnTopOfTheList(from state: AppState) async throws {
        let launch = try await Launch(in: state)
        launch.app.open(try #require(URL(string: "tasks://item/3")))
        if [.splash, .onboarding, .login].contains(state) { try await launch.finishStartup() }
        let detail = try await launch.app.window.next(ItemDetailScreen.self)
        let main = try #require(launch.app.main)
        #expect(detail.item?.title == "Book flights")
        #expect(main.selectedIndex == 0)
        #expect(main.items.screens.map(\.screenName) == ["list", "item 3"])
        #expect(main.list.presentedScreen == nil)
        #expect(launch.app.window.topScreen === detail)
    }

    @Test func aLinkToAnotherSchemeOrPathIsIgnored() async throws {
        let launch = try await Launch(in: .detail)
        for link in ["https://item/3", "tasks://items/3", "tasks://item/three"] {
            launch.app.open(try #require(URL(string: link)))
        }
        #expect(launch.app.main?.items.screens.map(\.screenName) == ["list", "item 1"])
    }
}
