import Baton
import BatonTesting
import Observation
import Testing

// The article "Coming from TCA and swift-navigation": its Baton declarations, then each block
// run as a test that checks what the article says of it.

private struct Item: Identifiable, Hashable {
    let id: Int
    var title: String
    static let samples = [Item(id: 1, title: "Milk"), Item(id: 2, title: "Bread")]
}

private enum SortOrder: Hashable {
    case byName, byDate
}

private final class DetailScreen: ScreenModel {
    let item: Item

    init(item: Item) {
        self.item = item
        super.init()
    }
}

// MARK: - A feature becomes a screen

@Observable
private final class ListScreen: ScreenModel {
    var items: [Item] = []
    var order = SortOrder.byName

    func itemTapped(_ item: Item) throws {
        try push(DetailScreen(item: item))
    }
}

// MARK: - A presented child that returns a value

private final class SortScreen: ScreenModel {
    func choose(_ order: SortOrder) { finish(with: order) }
}

@MainActor
@Suite(.isolatedBaton)
struct ComingFromTCAAndSwiftNavigationTests {
    @Test func tappingAnItemPushesItsDetail() throws {
        let item = Item.samples[0]
        let list = ListScreen()
        let stack = try StackScreen(root: list)
        try list.itemTapped(item)
        let depth = stack.screens.count  // 2
        #expect(depth == 2)
        #expect((stack.screens.last as? DetailScreen)?.item == item)
        #expect(stack.screens.last?.context.parent === list.context)
    }

    @Test func theListsStateIsObserved() {
        let list = ListScreen()
        let changes = trackChanges { _ = list.order }
        list.order = .byDate
        #expect(changes.count == 1)
    }

    @Test func theParentAwaitsTheChildsValue() async throws {
        let window = ScreenWindow()
        let list = ListScreen(name: "list")
        try window.setRoot(list)
        window.makeVisible()
        let sorting = Task {
            list.order = try await list.present(SortScreen(), returning: SortOrder.self)
        }
        try await window.next(SortScreen.self).choose(.byDate)
        try await sorting.value
        #expect(list.order == .byDate)
    }

    @Test func aSwipeDownEndsTheAwaitWithCancelled() async throws {
        let window = ScreenWindow()
        let list = ListScreen(name: "list")
        try window.setRoot(list)
        window.makeVisible()
        let sorting = Task {
            list.order = try await list.present(SortScreen(name: "sort"), returning: SortOrder.self)
        }
        try await window.next(SortScreen.self).dismiss()
        let error = await #expect(throws: ScreenError.self) { try await sorting.value }
        guard case .cancelled(let screen, _) = error else {
            Issue.record("not a cancellation: \(String(describing: error))")
            return
        }
        #expect(screen == "sort")
        #expect(list.order == .byName)
    }

    @Test func sortingAppliesTheChosenOrder() async throws {
        let window = ScreenWindow()
        let list = ListScreen(name: "list")
        try window.setRoot(list)
        window.makeVisible()
        let recorder = FlowRecorder(window, exhaustive: true)
        let sorting = Task { try await list.present(SortScreen(name: "sort"), returning: SortOrder.self) }
        try await window.next(SortScreen.self).choose(.byDate)
        #expect(try await sorting.value == .byDate)
        recorder.expect(
            transitions: ["present: list → sort", "dismiss: sort → list"],
            // A sheet: the list stays on screen and gets no callbacks, as under SwiftUI's sheet.
            lifecycle: ["sort.willAppear", "sort.didAppear", "sort.willDisappear", "sort.didDisappear"])
    }
}
