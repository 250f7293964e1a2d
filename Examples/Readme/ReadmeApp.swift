// The README's first example, word for word between the markers: `Scripts/check-ios.sh`
// type-checks this file as an iOS 17 app, and ReadmeSwiftUIExampleTests checks that README.md
// still shows it. The model and the services it uses are below the example.

// README example: begin
import Baton
import BatonSwiftUI
import Observation
import SwiftUI

extension ContextValues {
    // A dependency: the live store in the app; in a test or a preview, the value each declares.
    @MainActor var store: ContextEntry<ItemStore> { .init(live: .live, test: .empty, preview: .samples) }
    // A value passed down: every screen shown after the list reads the list's order.
    var sortOrder: ContextEntry<SortOrder> { .init(default: .title) }
}

// Every screen as the data that recreates it: for ScreenLink(value:), deep links and restoration.
enum Route: ScreenRoute {
    case items, list, sort, item(id: Int)

    func makeScreen() throws -> ScreenModel {
        switch self {
        case .items: try StackScreen(root: Route.list.screen())
        case .list: ListScreen()
        case .sort: SortScreen()
        case .item(let id): ItemScreen(id: id)
        }
    }

    // myapp://item/42 shows item 42 over the list, whatever the app shows.
    static let links = ScreenLinks<Route>([LinkPattern("myapp://item/{id}", .item(id: 0))]) { item in
        .stack(.items, [.list, item])
    }
}

final class ListScreen: ScreenModel, ViewScreen {
    var items: [Item] { context[\.sortOrder].sorted(context[\.store].items) }

    func chooseOrder() async throws {
        // A typed result back up: the order the sheet finishes with.
        context[\.sortOrder] = try await present(Route.sort.screen(), returning: SortOrder.self)
    }

    var body: some View {
        List(items) { item in ScreenLink(item.title, value: Route.item(id: item.id)) }
            .toolbar { Button("Sort") { self.task(self.chooseOrder) } }
    }
}

final class SortScreen: ScreenModel, ViewScreen {
    var body: some View {
        List(SortOrder.allCases, id: \.self) { order in
            Button(order.label) { self.finish(with: order) }
        }
    }
}

final class ItemScreen: ScreenModel, ViewScreen {
    let id: Int
    init(id: Int) {
        self.id = id
        super.init()
    }

    var body: some View { Text(context[\.store].items.first { $0.id == id }?.title ?? "") }
}

@main
struct MyApp: App {
    var body: some Scene {
        WindowGroup { ScreenScene(root: Route.items, links: Route.links) }
    }
}
// README example: end

struct Item: Identifiable, Hashable {
    var id: Int
    var title: String
}

enum SortOrder: CaseIterable {
    case title, newest

    var label: String { self == .title ? "Title" : "Newest first" }

    func sorted(_ items: [Item]) -> [Item] {
        self == .title ? items.sorted { $0.title < $1.title } : items.sorted { $0.id > $1.id }
    }
}

@MainActor
@Observable
final class ItemStore {
    var items: [Item] = []
    static let live = ItemStore()
    static var empty: ItemStore { ItemStore() }
    static var samples: ItemStore {
        let store = ItemStore()
        store.items = [Item(id: 1, title: "Buy milk")]
        return store
    }
}
