import Baton
import Foundation

@testable import TasksApp

extension ScreenWindow {
    /// Waits until the window's top screen is a `Screen` and returns it. (Until BatonTesting has
    /// its own.)
    func next<S: ScreenModel>(_ type: S.Type) async -> S? {
        let transitions = context.events(TransitionDidComplete.self)
        if let screen = topScreen as? S { return screen }
        for await _ in transitions {
            if let screen = topScreen as? S { return screen }
        }
        return nil
    }
}

/// An app on test services: the sample items, the demo accounts, onboarding already seen.
@MainActor
func makeApp(items: [Item] = Item.samples, seenOnboarding: Bool = true) -> (TasksApp, ItemStore) {
    let store = ItemStore(items)
    let preferences = Preferences(defaults: nil)
    preferences.hasSeenOnboarding = seenOnboarding
    return (TasksApp(services: Services(store: store, accounts: .demo, preferences: preferences)), store)
}
