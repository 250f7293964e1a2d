import Baton
import BatonTesting
import Testing

@testable import TasksApp

@MainActor
@Suite(.isolatedBaton)
struct LoginTests {
    @Test func loggingInShowsTheItemsOfTheUser() async throws {
        let (app, _) = makeApp()
        Task { await app.start() }
        let login = try await app.window.next(LoginScreen.self)
        try await login.logIn(email: "ada@example.com", password: "baton")
        let list = try await app.window.next(ItemListScreen.self)
        #expect(list.items.map(\.title) == ["Book flights", "Buy milk", "Call the plumber", "Renew passport"])
        #expect(app.main?.user == User(name: "Ada", email: "ada@example.com"))
        #expect(
            app.window.transitionLog.map(\.description) == [
                "replaceRoot: → startup", "hop: → splash", "hop: splash → login", "hop: login → main",
            ])
    }

    @Test func aWrongPasswordKeepsTheLoginScreen() async throws {
        let (app, _) = makeApp()
        Task { await app.start() }
        let login = try await app.window.next(LoginScreen.self)
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
            if run == 1 { try await app.window.next(OnboardingScreen.self).finish() }
            _ = try await app.window.next(LoginScreen.self)
            #expect(app.window.transitionLog.map(\.description).contains("hop: splash → onboarding") == (run == 1))
        }
        #expect(preferences.hasSeenOnboarding)
    }
}
