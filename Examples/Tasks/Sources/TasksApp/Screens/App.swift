import Baton

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension ContextValues {
    /// The app's services: live in the app, the samples in tests (each test gets its own).
    @MainActor var store: ContextEntry<ItemStore> { .init(live: .live(), test: ItemStore(Item.samples)) }
    @MainActor var accounts: ContextEntry<Accounts> { .init(live: .demo, test: .demo) }
    @MainActor var preferences: ContextEntry<Preferences> { .init(live: .init(defaults: .standard), test: .init()) }
    /// The list's order: the list and the settings sheet read it.
    var sortOrder: ContextEntry<SortOrder> { .init(default: .title) }
}

/// Every screen of the app as the data that recreates it: what links open and restoration saves.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
public enum Route: ScreenRoute {
    case startup, splash, onboarding, main, items, list, settings, profile, item(id: Int)

    /// The screen of this route: a plain `ScreenModel` for a screen that is only a view, which
    /// the app's scene draws (`TasksMain`).
    public func makeScreen() throws -> ScreenModel {
        switch self {
        case .startup: StartupScreen(name: "startup")
        case .splash, .onboarding, .settings, .profile: ScreenModel(name: "\(self)")
        case .main: try TabScreen(tabs: [Route.items.screen(), Route.profile.screen()], name: "main")
        case .items: try StackScreen(root: Route.list.screen(), name: "Items")
        case .list: ItemListScreen(name: "list")
        case .item(let id): ItemDetailScreen(id: id)
        }
    }

    /// `tasks://item/<id>` shows the item over the list in the Items tab, under the start-up flow:
    /// after login, if it comes before.
    public static let links = ScreenLinks<Route>([LinkPattern("tasks://item/{id}", .item(id: 0))]) { item in
        .tabs(.main, [.stack(.items, [.list, item]), ScreenTree(.profile)], selected: 0)
    }
}
