import Baton
import BatonTesting
import Foundation
import Testing

@testable import TasksApp

/// Where the app is when a link arrives.
enum AppState: String, CaseIterable, Sendable {
    case beforeLaunch, splash, onboarding, login, list, detail, profile, settings
}

/// A launched app driven to a state; `finishStartup` goes on from there to the main screen.
@MainActor
struct Launch {
    let window: ScreenWindow
    let finishStartup: () async throws -> Void

    init(in state: AppState) async throws {
        let (items, loaded) = AsyncStream<[Item]>.makeStream()
        let store = ItemStore(fetch: { await items.first { _ in true } ?? [] })
        let preferences = Preferences(defaults: nil)
        preferences.hasSeenOnboarding = state != .onboarding
        let window = ScreenWindow()
        window.context.set(store, for: \.store)
        window.context.set(preferences, for: \.preferences)
        #expect(window.launch(Route.startup) == [])
        self.window = window
        var onboarding: ScreenModel?
        var login: LoginScreen?
        finishStartup = {
            window.makeVisible()
            loaded.yield(Item.samples)
            if state == .splash || state == .beforeLaunch { login = try await window.next(LoginScreen.self) }
            onboarding?.finish()
            if state == .onboarding { login = try await window.next(LoginScreen.self) }
            try await login?.logIn(email: "ada@example.com", password: "baton")
        }
        if state == .beforeLaunch { return }
        window.makeVisible()
        _ = try await window.next(Route.splash)
        if state == .splash { return }
        loaded.yield(Item.samples)
        if state == .onboarding {
            onboarding = try await window.next(Route.onboarding)
            return
        }
        login = try await window.next(LoginScreen.self)
        if state == .login { return }
        try await finishStartup()
        let list = try await window.next(ItemListScreen.self)
        switch state {
        case .detail: try window.items?.push(Route.item(id: 1).screen())
        case .profile: window.main?.select(at: 1)
        case .settings:
            Task { try await list.chooseOrder() }
            _ = try await window.next(Route.settings)
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
        let outcome = try launch.window.open("tasks://item/3", with: Route.links)
        let startupDone = ![.beforeLaunch, .splash, .onboarding, .login].contains(state)
        #expect(outcome == (startupDone ? .applied : .waiting(for: "startup")))
        if !startupDone { try await launch.finishStartup() }
        let detail = try await launch.window.next(ItemDetailScreen.self)
        let main = try #require(launch.window.main)
        #expect(detail.item?.title == "Book flights")
        #expect(main.selectedIndex == 0)
        #expect(launch.window.items?.screens.map(\.screenName) == ["list", "item 3"])
        #expect(launch.window.items?.rootScreen?.presentedScreen == nil)
        #expect(launch.window.topScreen === detail)
        let tree = try #require(try launch.window.screenTree(Route.self))
        #expect(try Route.links.url(for: tree) == "tasks://item/3")
    }

    @Test func aLinkThatMatchesNothingIsATypedErrorAndChangesNothing() async throws {
        let launch = try await Launch(in: .detail)
        for link in ["https://item/3", "tasks://items/3"] {
            #expect(throws: NavigationError.unknownLink(link, known: ["tasks://item/{id}"])) {
                try launch.window.open(link, with: Route.links)
            }
        }
        #expect(throws: NavigationError.self) { try launch.window.open("tasks://item/three", with: Route.links) }
        #expect(launch.window.items?.screens.map(\.screenName) == ["list", "item 1"])
    }
}
