import Baton
import BatonTesting
import Foundation

@testable import TasksApp

/// Launches the app on test services (the sample items, in memory; onboarding already seen unless
/// `firstRun`), restoring `saved` if given, as the app's scene does, and returns its window, shown;
/// throws the first failure of the launch.
@MainActor
func launch(
    store: ItemStore = ItemStore(Item.samples), preferences: Preferences = Preferences(defaults: nil),
    firstRun: Bool = false, restoring saved: String? = nil
) throws -> ScreenWindow {
    preferences.hasSeenOnboarding = preferences.hasSeenOnboarding || !firstRun
    let window = ScreenWindow()
    window.context.set(store, for: \.store)
    window.context.set(preferences, for: \.preferences)
    let failures = window.launch(Route.startup, restoring: saved)
    if let failure = failures.first { throw failure }
    window.makeVisible()
    return window
}

extension ScreenWindow {
    /// The main screen's tabs, once the start-up flow has reached them.
    var main: TabScreen? { screen(TabScreen.self) }
    /// The Items tab's stack.
    var items: StackScreen? { screen(StackScreen.self) }
}
