import Baton
import BatonTesting
import Foundation
import Testing

@testable import TasksApp

/// A launched app, logged in as Ada, on the list.
@MainActor
func loggedIn(
    store: ItemStore = ItemStore(Item.samples), preferences: Preferences = Preferences(defaults: nil)
) async throws -> (window: ScreenWindow, list: ItemListScreen) {
    let window = try launch(store: store, preferences: preferences)
    if preferences.user == nil {
        try await window.next(LoginScreen.self).logIn(email: "ada@example.com", password: "baton")
    }
    return (window, try await window.next(ItemListScreen.self))
}

@MainActor
@Suite(.isolatedBaton)
struct ItemsTests {
    @Test func theSortOrderChosenInSettingsIsTheListsOrder() async throws {
        let (window, list) = try await loggedIn()
        let choosing = Task { try await list.chooseOrder() }
        weak let settings = try await window.next(Route.settings)
        #expect(settings?.context[\.sortOrder] == .title)
        settings?.finish(with: SortOrder.newest)
        try await choosing.value
        #expect(list.context[\.sortOrder] == .newest)
        #expect(list.items.map(\.id) == [4, 3, 2, 1])
        #expect(window.topScreen === list)
        #expect(settings == nil)
    }

    @Test func swipingTheSettingsSheetAwayKeepsTheOrder() async throws {
        let (window, list) = try await loggedIn()
        let choosing = Task { try await list.chooseOrder() }
        let settings = try await window.next(Route.settings)
        settings.dismiss()
        let error = await #expect(throws: ScreenError.self) { try await choosing.value }
        #expect(
            error?.description
                == "The await for settings's result ended without one: dismiss: settings → list took it out of the"
                + " screen tree before settings finished.")
        #expect(list.context[\.sortOrder] == .title)
        #expect(window.topScreen === list)
    }

    @Test func anEditInTheDetailIsShownByTheList() async throws {
        let (window, list) = try await loggedIn()
        try window.items?.push(Route.item(id: 1).screen())
        weak let detail = try await window.next(ItemDetailScreen.self)
        detail?.item?.title = "Buy oat milk"
        detail?.item?.isDone = true
        window.items?.pop()
        #expect(list.items.map(\.title) == ["Book flights", "Buy oat milk", "Call the plumber", "Renew passport"])
        #expect(list.items[1].isDone)
        #expect(detail == nil)
    }
}

@MainActor
@Suite(.isolatedBaton)
struct RestorationTests {
    @Test func aRelaunchReturnsToTheItemOfTheLastRun() async throws {
        let preferences = Preferences(defaults: nil)
        let (first, _) = try await loggedIn(preferences: preferences)
        try first.items?.push(Route.item(id: 4).screen())
        let saved = try #require(try first.saveScreenTree(Route.self)).json
        let second = try launch(preferences: preferences, restoring: saved)
        let detail = try await second.next(ItemDetailScreen.self)
        #expect(detail.id == 4)
        #expect(second.items?.screens.map(\.screenName) == ["list", "item 4"])
        #expect(
            second.transitionLog.map(\.description) == [
                "replaceRoot: → startup", "hop: → splash", "hop: splash → main", "push: list → item 4",
            ])
    }

    @Test func aRelaunchReturnsToTheProfileTab() async throws {
        let preferences = Preferences(defaults: nil)
        let (first, _) = try await loggedIn(preferences: preferences)
        first.main?.select(at: 1)
        let saved = try #require(try first.saveScreenTree(Route.self)).json
        let second = try launch(preferences: preferences, restoring: saved)
        _ = try await second.next(Route.profile)
        #expect(second.main?.selectedIndex == 1)
    }

    @Test func anUnreadableSavedTreeIsATypedErrorAndTheAppStartsAsUsual() async throws {
        #expect(throws: NavigationError.self) { try launch(restoring: "{") }
        let window = try launch()
        _ = try await window.next(LoginScreen.self)
    }
}
