import Baton
import BatonTesting
import Testing

@testable import TasksApp

/// What the Tasks window shows after login, as the snapshot a failing test prints.
@MainActor
@Suite(.isolatedBaton)
struct SnapshotTests {
    @Test func theSnapshotAfterLoginShowsTheTabsTheListAndWhatEachHolds() async throws {
        let window = try launch(preferences: Preferences(defaults: nil))
        try await window.next(LoginScreen.self).logIn(email: "ada@example.com", password: "baton")
        _ = try await window.next(ItemListScreen.self)
        #expect(
            window.snapshot().text == """
                window app
                  holds preferences = TasksApp.Preferences
                  holds store = TasksApp.ItemStore
                startup (StartupScreen) appeared
                    reads preferences = TasksApp.Preferences (from app)
                    reads store = TasksApp.ItemStore (from app)
                    shown by replaceRoot: → startup
                  main (TabScreen) appeared
                      shown by hop: → main
                    * Items (StackScreen) route items appeared
                        shown by hop: → main (Items inside main)
                      list (ItemListScreen) appeared
                          shown by hop: → main (list inside main)
                    profile (ScreenModel) disappeared
                        shown by hop: → main (profile inside main)
                """)
    }
}
