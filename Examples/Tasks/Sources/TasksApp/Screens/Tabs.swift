import Baton

#if canImport(SwiftUI)
    import BatonSwiftUI
    import SwiftUI
#endif

/// The main screen: the Items and Profile tabs of the logged-in user.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
final class MainScreen: TabScreen {
    let user: User
    let list: ItemListScreen
    let items: ItemsTab

    init(user: User, store: ItemStore) throws {
        self.user = user
        list = ItemListScreen(store: store)
        items = try ItemsTab(root: list, name: "items")
        try super.init(tabs: [items, ProfileScreen(user: user)], name: "main")
    }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
final class ItemsTab: StackScreen {}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
final class ProfileScreen: ScreenModel {
    let user: User

    init(user: User) {
        self.user = user
        super.init(name: "profile")
    }
}

#if canImport(SwiftUI)
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension ItemsTab: ScreenStyling {
        var tabLabel: some View { Label("Items", systemImage: "checklist") }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension ProfileScreen: ViewScreen {
        var tabLabel: some View { Label("Profile", systemImage: "person") }
        var body: some View {
            Form {
                LabeledContent("Name", value: user.name); LabeledContent("Email", value: user.email)
            }
        }
    }
#endif
