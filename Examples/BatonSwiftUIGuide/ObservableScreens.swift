#if canImport(SwiftUI)
    import Baton
    import BatonSwiftUI
    import Observation
    import SwiftUI

    // MARK: - Values with defaults, bound two ways

    enum SortOrder: String, CaseIterable, Hashable {
        case byName, byDate
    }

    extension ContextValues {
        var sortOrder: ContextEntry<SortOrder> { .init(default: .byName) }
        var searchText: ContextEntry<String> { .init(default: "") }
    }

    /// A value with a default reads without `nil`, and its binding writes into the view's
    /// context: the field can be typed into from the first keystroke.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    struct ListControls: View {
        @ContextValue(\.sortOrder) private var sortOrder
        @ContextValue(\.searchText) private var searchText

        var body: some View {
            TextField("Search", text: $searchText)
            Picker("Sort", selection: $sortOrder) {
                Text("Name").tag(SortOrder.byName)
                Text("Date").tag(SortOrder.byDate)
            }
        }
    }

    // MARK: - A screen that owns its state

    /// `@Observable` on a `ScreenModel` subclass: the view updates when the screen's own
    /// stored properties change, as with any `@Observable` model, and when the context values
    /// the body reads change.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Observable
    final class GroceryListScreen: ScreenModel, ViewScreen {
        var items: [String] = ["Milk", "Bread"]
        @ObservationIgnored var loadCount = 0  // not shown: no update when it changes

        var body: some View { GroceryListView(screen: self) }

        func add(_ item: String) { items.append(item) }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    struct GroceryListView: View {
        let screen: GroceryListScreen
        @ContextValue(\.sortOrder) private var sortOrder

        var body: some View {
            List(sortOrder == .byName ? screen.items.sorted() : screen.items, id: \.self) { item in
                Text(item)
            }
            .toolbar { Button("Add eggs") { screen.add("Eggs") } }
        }
    }
#endif
