import Baton
import BatonTesting
import Observation
import Testing

// The article "Passing data between screens: which tool for which job": its declarations, then
// each block run as a test that checks what the article says of it.

private struct Item: Identifiable, Hashable {
    let id: Int
    var title: String
    static let samples = [Item(id: 1, title: "Milk"), Item(id: 2, title: "Bread")]
}

private struct User: Hashable {
    let name: String
}

private enum SortOrder: Hashable {
    case byName, byDate
}

@Observable
private final class ItemStore {
    var items: [Item]
    init(items: [Item]) { self.items = items }
}

// MARK: - A value down: the initializer

private final class DetailScreen: ScreenModel {
    let item: Item

    init(item: Item) {
        self.item = item
        super.init()
    }
}

// MARK: - A value down to every later screen

private extension ContextValues {
    var user: ContextEntry<User?> { .init() }
}

// MARK: - A result up

private final class SortScreen: ScreenModel {
    func choose(_ order: SortOrder) {
        finish(with: order)
    }
}

private final class EditScreen: ScreenModel {
    var draft = Item(id: 3, title: "Eggs")
    func saveTapped() { finish(with: draft) }
    func cancelTapped() { dismiss() }
}

// MARK: - A dependency

private extension ContextValues {
    var store: ContextEntry<ItemStore> { .init(default: ItemStore(items: Item.samples)) }
}

@Observable
private final class ListScreen: ScreenModel {
    var items: [Item] { context[\.store].items }
    var edited: Set<Int> = []
}

// MARK: - An event

private enum ItemsDidChange: ContextEvent { typealias Payload = [Int] }

@MainActor
@Suite(.isolatedBaton)
struct PassingDataArticleTests {
    /// A window showing a stack whose root is a list: what most examples start from.
    private func listInAStack() throws -> (ScreenWindow, StackScreen, ListScreen) {
        let window = ScreenWindow()
        let list = ListScreen(name: "list")
        let stack = try StackScreen(root: list, name: "items")
        try window.setRoot(stack)
        window.makeVisible()
        return (window, stack, list)
    }

    @Test func theInitializerGivesThePushedScreenItsValue() throws {
        let (_, stack, _) = try listInAStack()
        let item = Item.samples[1]
        try stack.push(DetailScreen(item: item))
        let detail = try #require(stack.screens.last as? DetailScreen)
        #expect(detail.item == Item(id: 2, title: "Bread"))
        #expect(detail.appearance == .appeared)
    }

    @Test func aContextValueSetOnAScreenIsReadByEveryScreenShownAfterIt() throws {
        let window = ScreenWindow()
        let startup = ScreenModel(name: "startup")
        let stack = try StackScreen(root: startup, name: "flow")
        try window.setRoot(stack)
        let middle = ScreenModel(name: "middle")
        try stack.push(middle)
        let profile = ScreenModel(name: "profile")
        try stack.push(profile)
        let user = User(name: "Ada")
        startup.context.set(user, for: \.user)  // the start-up flow learned it
        let name = profile.context[\.user]?.name  // a screen shown after it reads it
        #expect(name == "Ada")
        // Not the screens before it: the stack itself and the window read the default.
        #expect(stack.context[\.user] == nil)
        #expect(window.context[\.user] == nil)
    }

    @Test func aContextValueReadIsTrackedByObservation() throws {
        let (window, stack, _) = try listInAStack()
        let profile = ScreenModel(name: "profile")
        try stack.push(profile)
        let changes = trackChanges { _ = profile.context[\.user] }
        window.context.set(User(name: "Ada"), for: \.user)
        #expect(changes.count == 1)
        #expect(profile.context[\.user]?.name == "Ada")
    }

    @Test func aPresentedScreenReturnsTheValueItFinishesWith() async throws {
        let (window, _, list) = try listInAStack()
        let sorting = Task {
            let order = try await list.present(SortScreen(), returning: SortOrder.self)
            return order
        }
        try await window.next(SortScreen.self).choose(.byDate)
        #expect(try await sorting.value == .byDate)
        #expect(list.presentedScreen == nil)
    }

    @Test func aScreenThatLeavesWithoutAValueEndsTheAwaitWithCancelled() async throws {
        let (window, _, list) = try listInAStack()
        let sorting = Task { try await list.present(SortScreen(name: "sort"), returning: SortOrder.self) }
        _ = try await window.next(SortScreen.self)
        list.dismiss()  // the sheet swiped down
        let error = await #expect(throws: ScreenError.self) { try await sorting.value }
        guard case .cancelled(let screen, .transition(let record)) = error else {
            Issue.record("not a cancellation by a transition: \(String(describing: error))")
            return
        }
        #expect(screen == "sort")
        #expect(record.description == "dismiss: sort → list")
    }

    @Test func aSheetWithCancelReturnsItsValueOrNil() async throws {
        let (window, _, list) = try listInAStack()
        for save in [true, false] {
            let editing = Task {
                if let edited = try await list.present(EditScreen(), returningIfFinished: Item.self) {
                    list.edited.insert(edited.id)
                }
            }
            let edit = try await window.next(EditScreen.self)
            if save { edit.saveTapped() } else { edit.cancelTapped() }
            try await editing.value
            #expect(list.edited == [3])
            #expect(list.presentedScreen == nil)
        }
    }

    @Test func aPushedEditorReturnsItsValueOrNilOnTheBackButton() async throws {
        let (window, stack, list) = try listInAStack()
        for save in [false, true] {
            let editing = Task {
                if let edited = try await list.push(EditScreen(), returningIfFinished: Item.self) {
                    list.edited.insert(edited.id)
                }
            }
            let edit = try await window.next(EditScreen.self)
            if save { edit.saveTapped() } else { stack.pop() }  // stack.pop(): the back button
            try await editing.value
            #expect(list.edited == (save ? [3] : []))
            #expect(stack.screens.count == 1)
        }
    }

    @Test func aDependencyReadsItsDefaultUnlessTheWindowSetsAnother() throws {
        let (_, _, shown) = try listInAStack()
        #expect(shown.items == Item.samples)

        let window = ScreenWindow()
        window.context.set(ItemStore(items: []), for: \.store)  // a test's store
        let list = ListScreen(name: "list")
        try window.setRoot(list)
        #expect(list.items == [])
        #expect(shown.items == Item.samples)  // another window still reads the default
    }

    @Test func anEventReachesTheScreenBelowThePoster() throws {
        let (_, stack, list) = try listInAStack()
        let item = Item.samples[0]
        let detail = DetailScreen(item: item)
        try stack.push(detail)
        let tracked = trackChanges { _ = list.edited }

        list.context.observe(ItemsDidChange.self, owner: list) { list, ids in
            list.edited.formUnion(ids)
        }
        detail.context.post(ItemsDidChange.self, [item.id])

        #expect(list.edited == [1])
        #expect(tracked.count == 1)  // @Observable: the list's view would update
    }

    @Test func anEventDoesNotReachAnotherBranchUnlessItObservesASharedContext() throws {
        let window = ScreenWindow()
        let list = ListScreen(name: "list")
        let items = try StackScreen(root: list, name: "items")
        let profile = ScreenModel(name: "profile")
        try window.setRoot(TabScreen(tabs: [items, profile], name: "tabs"))
        let detail = DetailScreen(item: Item.samples[0])
        try items.push(detail)
        var heard: [String] = []
        profile.context.observe(ItemsDidChange.self, owner: profile) { _, _ in heard.append("profile") }
        window.context.observe(ItemsDidChange.self, owner: profile) { _, _ in heard.append("window") }
        detail.context.post(ItemsDidChange.self, [1])
        #expect(heard == ["window"])
    }

    @Test func theObserverEndsWithItsOwner() throws {
        let (_, stack, _) = try listInAStack()
        let detail = DetailScreen(item: Item.samples[0])
        try stack.push(detail)
        var calls = 0
        do {
            let owner = ScreenModel(name: "owner")
            stack.context.observe(ItemsDidChange.self, owner: owner) { _, _ in calls += 1 }
            withExtendedLifetime(owner) { detail.context.post(ItemsDidChange.self, [1]) }
        }
        detail.context.post(ItemsDidChange.self, [1])
        #expect(calls == 1)
    }
}
