import Baton

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension ContextValues {
    /// The app's services, live by default; a test or a preview sets its own on the window.
    @MainActor var store: ContextEntry<ItemStore> { .init(default: .live()) }
    @MainActor var accounts: ContextEntry<Accounts> { .init(default: .demo) }
    @MainActor var preferences: ContextEntry<Preferences> { .init(default: .init(defaults: .standard)) }
    /// The list's order: the list and the settings sheet read it.
    var sortOrder: ContextEntry<SortOrder> { .init(default: .title) }
}

/// Every screen of the app as the data that recreates it: what links open and restoration saves.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
public enum Route: ScreenRoute {
    case startup, main, items, list, settings, profile, item(id: Int)

    /// The screen of this route.
    public func makeScreen() throws -> ScreenModel {
        switch self {
        case .startup: StartupScreen(name: "startup")
        case .main: try TabScreen(tabs: [Route.items.screen(), Route.profile.screen()], name: "main")
        case .items: try StackScreen(root: Route.list.screen(), name: "Items")
        case .list: ItemListScreen(name: "list")
        case .settings: SettingsScreen(name: "settings")
        case .profile: ProfileScreen(name: "Profile")
        case .item(let id): ItemDetailScreen(id: id)
        }
    }

    /// `tasks://item/<id>` shows the item over the list in the Items tab: after login, if it
    /// comes before.
    public static let links = ScreenLinks<Route>([LinkPattern("tasks://item/{id}", .item(id: 0))]) { item in
        .hopping(.startup, to: .tabs(.main, [.stack(.items, [.list, item]), ScreenTree(.profile)], selected: 0))
    }
}
