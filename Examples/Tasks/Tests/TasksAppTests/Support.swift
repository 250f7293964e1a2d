import Foundation

@testable import TasksApp

/// An app on test services: the sample items, the demo accounts, onboarding already seen.
@MainActor
func makeApp(items: [Item] = Item.samples, seenOnboarding: Bool = true) -> (TasksApp, ItemStore) {
    let store = ItemStore(items)
    let preferences = Preferences(defaults: nil)
    preferences.hasSeenOnboarding = seenOnboarding
    return (TasksApp(services: Services(store: store, accounts: .demo, preferences: preferences)), store)
}
