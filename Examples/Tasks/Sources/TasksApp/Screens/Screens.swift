import Baton
import Observation

/// The start-up flow: splash while the items load, onboarding on the first run, login; then Baton
/// shows the main screen.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
final class StartupScreen: HoppingScreen {
    override var mainRoute: (any ScreenRoute)? { Route.main }

    override func run() async throws {
        try hop(to: Route.splash.screen(), then: nil)
        await context[\.store].load()
        if !context[\.preferences].hasSeenOnboarding {
            try await hop(to: Route.onboarding.screen())
            context[\.preferences].hasSeenOnboarding = true
        }
        if context[\.preferences].user == nil {
            context[\.preferences].user = try await hop(to: LoginScreen(name: "login"), returning: User.self)
        }
    }
}

/// Logs in and returns the user to the start-up flow.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
final class LoginScreen: ScreenModel {
    func logIn(email: String, password: String) async throws {
        finish(with: try await context[\.accounts].logIn(email, password))
    }
}

/// The items, in the chosen order; a tap shows one, the toolbar opens the settings sheet.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
final class ItemListScreen: ScreenModel {
    var items: [Item] { context[\.sortOrder].sorted(context[\.store].items) }

    func chooseOrder() async throws {
        context[\.sortOrder] = try await present(Route.settings.screen(), returning: SortOrder.self)
    }
}

/// Edits one item in the store, where the list reads it.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
final class ItemDetailScreen: ScreenModel, Observable {
    let id: Int

    init(id: Int) {
        self.id = id
        super.init(name: "item \(id)")
    }

    var item: Item? {
        get { context[\.store][id] }
        set { context[\.store][id] = newValue }
    }
}

#if canImport(SwiftUI)
    import BatonSwiftUI
    import SwiftUI

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension View {
        /// Draws the screens that are only a view, by their route.
        public func tasksScreens() -> some View {
            screen(Route.splash) { _ in ProgressView("Loading your tasks…") }
                .screen(Route.onboarding) { onboarding in WelcomeView { onboarding.finish() } }
                .screen(Route.settings) { settings in
                    NavigationStack { SortPicker(current: settings.context[\.sortOrder]) { settings.finish(with: $0) } }
                }
                .screen(Route.profile, tabLabel: Label("Profile", systemImage: "person")) { profile in
                    UserCard(user: profile.context[\.preferences].user)
                }
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension LoginScreen: ViewScreen {
        var body: some View { NavigationStack { LoginForm(logIn: logIn) } }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension ItemListScreen: ViewScreen {
        var body: some View {
            List(items) { item in
                ScreenLink(value: Route.item(id: item.id)) { ItemRow(item: item) }
            }
            .navigationTitle("Tasks")
            .toolbar { Button("Sort") { self.task(self.chooseOrder) } }
        }
        var tabLabel: some View { Label("Items", systemImage: "checklist") }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension ItemDetailScreen: ViewScreen {
        var body: some View {
            if let item = Binding(Bindable(self).item) { ItemEditorForm(item: item) }
        }
    }
#endif
