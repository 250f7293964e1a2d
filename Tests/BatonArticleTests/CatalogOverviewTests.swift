import Baton
import BatonTesting
import Observation
import Testing

// The screen that the catalog's landing page (Baton.md) leads with, run as a test.

private struct Item: Identifiable, Hashable {
    let id: Int
    var title: String
    var created: Int
    static let samples = [Item(id: 1, title: "Milk", created: 1), Item(id: 2, title: "Bread", created: 2)]
}

private enum SortOrder: Hashable {
    case byName, byDate
}

@Observable
private final class ItemStore {
    var items: [Item]
    init(items: [Item]) { self.items = items }

    func items(sortedBy order: SortOrder) -> [Item] {
        switch order {
        case .byName: items.sorted { $0.title < $1.title }
        case .byDate: items.sorted { $0.created < $1.created }
        }
    }
}

private final class DetailScreen: ScreenModel {
    let item: Item

    init(item: Item) {
        self.item = item
        super.init()
    }
}

private extension ContextValues {
    var store: ContextEntry<ItemStore> { .init(default: ItemStore(items: Item.samples)) }
}

@Observable
private final class ListScreen: ScreenModel {
    var order = SortOrder.byName
    var items: [Item] { context[\.store].items(sortedBy: order) }

    func open(_ item: Item) throws {
        try push(DetailScreen(item: item))
    }

    func sortTapped() async throws {
        order = try await present(SortScreen(), returning: SortOrder.self)
    }
}

private final class SortScreen: ScreenModel {
    func choose(_ order: SortOrder) { finish(with: order) }
}

@MainActor
@Suite(.isolatedBaton)
struct CatalogOverviewTests {
    @Test func theListOpensAnItemAndAppliesTheOrderTheSortScreenReturns() async throws {
        let window = ScreenWindow()
        let list = ListScreen(name: "list")
        let stack = try StackScreen(root: list, name: "items")
        try window.setRoot(stack)
        window.makeVisible()
        #expect(list.items.map(\.title) == ["Bread", "Milk"])

        let sorting = Task { try await list.sortTapped() }
        try await window.next(SortScreen.self).choose(.byDate)
        try await sorting.value
        #expect(list.order == .byDate)
        #expect(list.items.map(\.title) == ["Milk", "Bread"])

        try list.open(Item.samples[0])
        #expect((stack.screens.last as? DetailScreen)?.item.title == "Milk")
        #expect(stack.screens.last?.context[\.store] === list.context[\.store])
    }
}
