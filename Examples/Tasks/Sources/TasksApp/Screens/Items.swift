import Baton

#if canImport(SwiftUI)
    import BatonSwiftUI
    import SwiftUI
#endif

/// The list's sort order, kept in its context so that its view follows it.
enum SortOrderKey: ContextKey { typealias Value = SortOrder }

/// The items, in the chosen order; a tap shows one, the toolbar opens the settings sheet.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
final class ItemListScreen: ScreenModel {
    let store: ItemStore

    init(store: ItemStore) {
        self.store = store
        super.init(name: "list")
    }

    var order: SortOrder {
        get { context[SortOrderKey.self] ?? .title }
        set { context.set(newValue, for: SortOrderKey.self) }
    }
    var items: [Item] { order.sorted(store.items) }

    func show(_ id: Int) throws {
        try (parentScreen as? StackScreen)?.push(ItemDetailScreen(id: id, store: store))
    }

    func chooseOrder() async throws {
        order = try await present(SettingsScreen(current: order), returning: SortOrder.self)
    }
}

/// Edits one item in the store, where the list reads it.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
final class ItemDetailScreen: ScreenModel {
    let id: Int
    let store: ItemStore

    init(id: Int, store: ItemStore) {
        self.id = id
        self.store = store
        super.init(name: "item \(id)")
    }

    var item: Item? {
        get { store[id] }
        set { newValue.map(store.update) }
    }
}

/// The settings sheet: chooses the list's sort order.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
final class SettingsScreen: ScreenModel {
    let current: SortOrder

    init(current: SortOrder) {
        self.current = current
        super.init(name: "settings")
    }

}

#if canImport(SwiftUI)
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension ItemListScreen: ViewScreen {
        var body: some View {
            List(items) { item in
                Button { [unowned self] in
                    try? show(item.id)
                } label: {
                    ItemRow(item: item)
                }
            }
            .navigationTitle("Tasks")
            .toolbar {
                Button { [unowned self] in
                    Task { try? await chooseOrder() }
                } label: {
                    Label("Sort", systemImage: "arrow.up.arrow.down")
                }
            }
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension ItemDetailScreen: ViewScreen {
        var body: some View {
            if let item {
                ItemEditorForm(
                    item: Binding {
                        item
                    } set: { [unowned self] in
                        self.item = $0
                    }
                )
                .navigationTitle(item.title)
            }
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension SettingsScreen: ViewScreen {
        var body: some View {
            NavigationStack { SortPicker(current: current) { [unowned self] in finish(with: $0) } }
        }
    }
#endif
