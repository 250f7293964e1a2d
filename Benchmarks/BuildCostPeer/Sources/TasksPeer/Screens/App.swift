import CasePaths
import Dependencies
import Foundation
import Observation

/// Every screen of the app as data: what restoration would save.
@CasePathable
public enum Route: Hashable, Codable, Sendable {
    case startup, main, items, list, settings, profile, item(id: Int)
}

/// The app: the start-up flow (splash while the items load, onboarding on the first run, login),
/// then the main tabs; it owns the store and opens links.
@MainActor
@Observable
public final class AppModel {
    /// What the app shows.
    @CasePathable
    @dynamicMemberLookup
    public enum Destination {
        case splash
        case onboarding(OnboardingModel)
        case login(LoginModel)
        case main(MainModel)
    }

    public var destination: Destination = .splash
    public let store = ItemStore()
    @ObservationIgnored @Dependency(\.preferences) private var preferences
    private var pendingItem: Int?

    public init() {}

    /// The start-up flow: runs once, at launch.
    public func start() async {
        destination = .splash
        await store.load()
        if !preferences.hasSeenOnboarding() {
            await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
                destination = .onboarding(OnboardingModel { finished.resume() })
            }
            preferences.setHasSeenOnboarding(true)
        }
        if preferences.user() == nil {
            let user = await withCheckedContinuation { (loggedIn: CheckedContinuation<User, Never>) in
                destination = .login(LoginModel { loggedIn.resume(returning: $0) })
            }
            preferences.setUser(user)
        }
        let main = MainModel(store: store, user: preferences.user())
        destination = .main(main)
        if let pendingItem {
            self.pendingItem = nil
            main.show(item: pendingItem)
        }
    }

    /// `tasks://item/<id>` shows the item over the list in the Items tab: after login, if it comes
    /// before.
    public func open(_ url: URL) -> Bool {
        guard url.scheme == "tasks", url.host == "item", let id = Int(url.lastPathComponent) else { return false }
        if let main = destination.main {
            main.show(item: id)
        } else {
            pendingItem = id
        }
        return true
    }
}

/// The main screen: the Items tab (a navigation stack over the list) and the Profile tab.
@MainActor
@Observable
public final class MainModel {
    public enum Tab: Hashable, Sendable { case items, profile }

    public var selectedTab = Tab.items
    public let items: ItemListModel
    public let profile: ProfileModel

    init(store: ItemStore, user: User?) {
        items = ItemListModel(store: store)
        profile = ProfileModel(user: user)
    }

    /// Shows the item with identifier `id` over the list.
    func show(item id: Int) {
        selectedTab = .items
        items.path = [.item(ItemDetailModel(id: id, store: items.store))]
    }
}
