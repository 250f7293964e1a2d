import Dependencies
import DependenciesMacros
import IdentifiedCollections
import Observation

/// Where the items come from: a server in a real app.
@DependencyClient
public struct ItemsClient: Sendable {
    /// Fetches every item.
    public var fetch: @Sendable () async -> [Item] = { [] }
}

extension ItemsClient: DependencyKey {
    /// The demo app's items, after a short wait as if from a server.
    public static let liveValue = ItemsClient {
        try? await Task.sleep(for: .milliseconds(600))
        return Item.samples
    }
    public static let testValue = ItemsClient { Item.samples }
}

extension DependencyValues {
    /// The item service.
    public var items: ItemsClient {
        get { self[ItemsClient.self] }
        set { self[ItemsClient.self] = newValue }
    }
}

/// The app's items: loaded once by the start-up flow, edited by the detail screen, shown by the
/// list. The app model owns it and hands it to the screens that read it.
@MainActor
@Observable
public final class ItemStore {
    /// Every item, in no particular order; the list sorts them.
    public private(set) var items: IdentifiedArrayOf<Item> = []
    @ObservationIgnored @Dependency(\.items) private var client

    /// An empty store; `load()` fills it.
    public init() {}

    /// Loads the items: the start-up flow does, once.
    public func load() async {
        items = IdentifiedArray(uniqueElements: await client.fetch())
    }

    /// The item with identifier `id`, or `nil`; setting an item stores it in place of the item
    /// with its identifier (setting `nil`, or an item with another identifier, changes nothing).
    public subscript(id: Int) -> Item? {
        get { items[id: id] }
        set {
            guard let newValue, newValue.id == id, items[id: id] != nil else { return }
            items[id: id] = newValue
        }
    }
}

extension Item {
    /// The demo app's items.
    public static let samples = [
        Item(id: 1, title: "Buy milk", notes: "Oat, two cartons"),
        Item(id: 2, title: "Call the plumber", isDone: true),
        Item(id: 3, title: "Book flights", notes: "Lisbon, in May"),
        Item(id: 4, title: "Renew passport"),
    ]
}
