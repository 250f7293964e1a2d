import Baton
import Foundation

/// What the screens need from outside: the app's services.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
public struct Services {
    let store: ItemStore
    let accounts: Accounts
    let preferences: Preferences

    /// The services, `live` ones by default.
    public init(
        store: ItemStore = .live(), accounts: Accounts = .demo, preferences: Preferences = .init(defaults: .standard)
    ) {
        self.store = store
        self.accounts = accounts
        self.preferences = preferences
    }
}

/// Where the user is in the main screen: what a deep link opens and what restoration saves.
public struct Place: Codable, Hashable, Sendable {
    var tab = 0
    var itemID: Int?

    /// `tasks://item/<id>`, or `nil` for any other URL.
    public init?(url: URL) {
        guard url.scheme == "tasks", url.host == "item", let id = Int(url.lastPathComponent) else { return nil }
        itemID = id
    }

    init(tab: Int, itemID: Int?) {
        self.tab = tab
        self.itemID = itemID
    }
}

/// What restoration saves: who is logged in, and where they were.
struct Restoration: Codable {
    var user: User
    var place: Place
}

/// The app: one window whose root is the start-up flow.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
public final class TasksApp {
    /// The window the app's scene shows.
    public let window = ScreenWindow()
    let startup: StartupScreen
    private var pending: Place?

    /// An app on `services`.
    public init(services: Services = Services()) {
        startup = StartupScreen(services: services)
        try? window.setRoot(startup)
    }

    var main: MainScreen? { startup.currentScreen as? MainScreen }

    /// Runs the start-up flow (skipping login when `saved` has a user), then goes back to where
    /// `saved` was, and opens the link that arrived meanwhile, if any.
    public func start(restoring saved: Data? = nil) async {
        let restored = saved.flatMap { try? JSONDecoder().decode(Restoration.self, from: $0) }
        do { try await startup.run(as: restored?.user) } catch { return }
        if let place = pending ?? restored?.place { go(to: place) }
    }

    /// Where the user is now, for the next launch's ``start(restoring:)``; `nil` before login.
    public var saved: Data? {
        guard let main else { return nil }
        let place = Place(tab: main.selectedIndex, itemID: (main.items.topScreen as? ItemDetailScreen)?.id)
        return try? JSONEncoder().encode(Restoration(user: main.user, place: place))
    }

    /// Opens a `tasks://item/<id>` link now, or after login if the user has not logged in yet.
    public func open(_ url: URL) {
        guard let place = Place(url: url) else { return }
        if main == nil { pending = place } else { go(to: place) }
    }

    func go(to place: Place) {
        guard let main else { return }
        if let top = window.topScreen, top.presentingScreen != nil { top.dismiss() }
        main.select(at: place.tab)
        let detail = place.itemID.map { [ItemDetailScreen(id: $0, store: main.list.store)] } ?? []
        try? main.items.setScreens([main.list] + detail)
    }
}
