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
        let login = try #require(await app.window.next(LoginScreen.self))
        try await login.logIn(email: "ada@example.com", password: "baton")
        let main = try #require(await app.window.next(ItemListScreen.self))
        #expect(main.items.map(\.title) == ["Book flights", "Buy milk", "Call the plumber", "Renew passport"])
        #expect(app.main?.user == User(name: "Ada", email: "ada@example.com"))
        #expect(
            app.window.transitionLog.map(\.description) == [
                "replaceRoot: → startup", "hop: → splash", "hop: splash → login", "hop: login → main",
            ])
    }
}
