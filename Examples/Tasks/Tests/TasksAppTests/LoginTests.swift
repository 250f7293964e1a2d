import Baton
import BatonTesting
import Testing

@testable import TasksApp

@MainActor
@Suite(.isolatedBaton)
struct LoginTests {
    // README login test: begin
    @Test func loggingInShowsTheItemsOfTheUser() async throws {
        let window = ScreenWindow()  // its services: each entry's test value, this test's own
        window.context[\.preferences].hasSeenOnboarding = true
        #expect(window.launch(Route.startup) == [])
        window.makeVisible()
        let login = try await window.next(LoginScreen.self)
        try await login.logIn(email: "ada@example.com", password: "baton")
        let list = try await window.next(ItemListScreen.self)
        #expect(list.items.map(\.title) == ["Book flights", "Buy milk", "Call the plumber", "Renew passport"])
        #expect(window.context[\.preferences].user == User(name: "Ada", email: "ada@example.com"))
        #expect(
            window.transitionLog.map(\.description) == [
                "replaceRoot: → startup", "hop: → splash", "hop: splash → login", "hop: login → main",
            ])
    }
    // README login test: end

    @Test func aWrongPasswordKeepsTheLoginScreen() async throws {
        let window = try launch()
        let login = try await window.next(LoginScreen.self)
        await #expect(throws: LoginError.wrongPassword) {
            try await login.logIn(email: "ada@example.com", password: "hunter2")
        }
        #expect(window.topScreen === login)
    }

    @Test func onboardingIsShownOnTheFirstRunOnly() async throws {
        let preferences = Preferences(defaults: nil)
        for run in 1...2 {
            let window = try launch(preferences: preferences, firstRun: run == 1)
            if run == 1 { try await window.next(Route.onboarding).finish() }
            _ = try await window.next(LoginScreen.self)
            #expect(window.transitionLog.map(\.description).contains("hop: splash → onboarding") == (run == 1))
        }
        #expect(preferences.hasSeenOnboarding)
    }

    @Test func theStartUpFlowRunsOnceWhenTheWindowAppearsAgainBeforeItStarted() async throws {
        let window = try launch()
        let startup = try #require(window.screen(StartupScreen.self))
        // Covered and uncovered before the flow's task ran: it appears twice.
        try startup.present(Notice(), style: .fullScreenCover)
        startup.dismiss()
        _ = try await window.next(LoginScreen.self)
        #expect(
            window.transitionLog.map(\.description).filter { $0.hasPrefix("hop:") } == [
                "hop: → splash", "hop: splash → login",
            ])
    }

    @Test func aLoggedInUserSkipsLoginOnTheNextLaunch() async throws {
        let preferences = Preferences(defaults: nil)
        preferences.user = User(name: "Ada", email: "ada@example.com")
        let window = try launch(preferences: preferences)
        _ = try await window.next(ItemListScreen.self)
        #expect(
            window.transitionLog.map(\.description) == [
                "replaceRoot: → startup", "hop: → splash", "hop: splash → main",
            ])
    }
}

/// A screen without a route, presented over everything (a sheet would leave the start-up flow on
/// screen, and it would not appear again).
@MainActor
private final class Notice: ScreenModel {
    override var isRouteless: Bool { true }
}
