import Observation

/// The app's items: loaded once by the start-up flow, edited by the detail screen, shown by the
/// list. `Observable`, so a view that reads `items` redraws when an item changes.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
@Observable
public final class ItemStore {
    /// Every item, in no particular order; the list sorts them.
    public private(set) var items: [Item] = []
    @ObservationIgnored private let fetch: @Sendable () async -> [Item]

    /// A store that loads its items with `fetch`.
    ///
    /// - Parameter fetch: Where the items come from: a server in a real app.
    public init(fetch: @escaping @Sendable () async -> [Item]) {
        self.fetch = fetch
    }

    /// A store whose items are `items`, loaded at once: for tests and previews.
    public convenience init(_ items: [Item]) {
        self.init(fetch: { items })
    }

    /// The demo app's store: the sample items, after a short wait as if from a server.
    public static func live() -> ItemStore {
        ItemStore(fetch: {
            // The sleep throws only when the load is cancelled (its screen left): the samples are
            // then returned at once, to nobody.
            try? await Task.sleep(for: .milliseconds(600))
            return Item.samples
        })
    }

    /// Loads the items: the start-up flow does, once.
    public func load() async {
        items = await fetch()
    }

    /// The item with identifier `id`, or `nil`; setting an item stores it in place of the item
    /// with its identifier (setting `nil`, or an item with another identifier, changes nothing).
    public subscript(id: Int) -> Item? {
        get { items.first { $0.id == id } }
        set {
            guard let newValue, newValue.id == id, let index = items.firstIndex(where: { $0.id == id }) else { return }
            items[index] = newValue
        }
    }

    /// Stores an edited item in place of the item with its identifier.
    public func update(_ item: Item) {
        guard let index = items.firstIndex(where: { $0.id == item.id }) else { return }
        items[index] = item
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
