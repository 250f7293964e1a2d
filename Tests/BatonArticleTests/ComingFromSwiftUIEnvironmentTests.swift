import Baton
import BatonTesting
import Observation
import Testing

// The article "Coming from SwiftUI's environment and @Observable": its Baton declarations, then
// each block run as a test that checks what the article says of it.

private struct Item: Identifiable, Hashable {
    let id: Int
    var title: String
    static let samples = [Item(id: 1, title: "Milk"), Item(id: 2, title: "Bread")]
}

private enum SortOrder: String, Hashable {
    case byName, byDate
}

@Observable
private final class ItemStore {
    var items: [Item]
    init(items: [Item]) { self.items = items }
}

private final class DetailScreen: ScreenModel {
    let item: Item

    init(item: Item) {
        self.item = item
        super.init()
    }
}

// MARK: - Environment values become context values

private extension ContextValues {
    var sortOrder: ContextEntry<SortOrder> { .init(default: .byName) }
}

// MARK: - An @Observable model in the environment becomes a dependency

private extension ContextValues {
    var store: ContextEntry<ItemStore> { .init(default: ItemStore(items: Item.samples)) }
}

private final class ListScreen: ScreenModel {
    var items: [Item] { context[\.store].items }
}

// MARK: - State in views becomes state in screens

@Observable
private final class CounterScreen: ScreenModel {
    var count = 0
    func increment() { count += 1 }
}

/// The same screen without `@Observable`: its own properties are not tracked.
private final class PlainCounterScreen: ScreenModel {
    var count = 0
}

// MARK: - A sheet that returns a value becomes an awaited result

private final class SortScreen: ScreenModel {
    func choose(_ order: SortOrder) { finish(with: order) }
}

// MARK: - Testing

private extension ContextValues {
    var userName: ContextEntry<String?> { .init() }
}

private extension ListScreen {
    var userName: String? { context[\.userName] }
}

private final class LoginScreen: ScreenModel {
    func logIn(as name: String) { finish(with: name) }
}

private final class StartupScreen: HoppingScreen {
    override var mainRoute: (any ScreenRoute)? { Route.list }

    override func run() async throws {
        context[\.userName] = try await hop(to: LoginScreen(), returning: String.self)
    }
}

private enum Route: ScreenRoute {
    case startup, list

    func makeScreen() throws -> ScreenModel {
        switch self {
        case .startup: StartupScreen()
        case .list: ListScreen()
        }
    }
}

@MainActor
@Suite(.isolatedBaton)
struct ComingFromSwiftUIEnvironmentTests {
    @Test func aValueSetOnTheListIsReadByTheDetailPushedFromIt() throws {
        let window = ScreenWindow()
        let list = ListScreen(name: "list")
        let stack = try StackScreen(root: list, name: "items")
        try window.setRoot(stack)
        let detail = DetailScreen(item: Item.samples[0])
        try stack.push(detail)

        #expect(detail.context[\.sortOrder] == .byName)  // the default
        list.context.set(.byDate, for: \.sortOrder)
        let order = detail.context[\.sortOrder]  // .byDate: the detail was pushed from the list
        #expect(order == .byDate)
        #expect(stack.context[\.sortOrder] == .byName)  // not the screens before the list
        #expect(list.context.dump().contains("sortOrder = byDate"))  // the member's name
    }

    @Test func aValueSetOnTheWindowIsReadByEveryScreenOfTheWindow() throws {
        let window = ScreenWindow()
        let first = ListScreen(name: "first")
        let second = ListScreen(name: "second")
        try window.setRoot(TabScreen(tabs: [first, second], name: "tabs"))
        window.context.set(.byDate, for: \.sortOrder)
        #expect(first.context[\.sortOrder] == .byDate)
        #expect(second.context[\.sortOrder] == .byDate)
    }

    @Test func theStoreIsTheDefaultUnlessTheWindowSetsOne() throws {
        let shown = ScreenWindow()
        let live = ListScreen(name: "live")
        try shown.setRoot(live)
        #expect(live.items == Item.samples)

        let window = ScreenWindow()
        window.context.set(ItemStore(items: []), for: \.store)
        let list = ListScreen(name: "list")
        try window.setRoot(list)
        #expect(list.items == [])
        #expect(live.items == Item.samples)
    }

    @Test func anObservableScreensOwnStateIsTrackedAndAPlainOnesIsNot() {
        let counter = CounterScreen(name: "counter")
        let changes = trackChanges { _ = counter.count }
        counter.increment()
        #expect(counter.count == 1)
        #expect(changes.count == 1)

        let plain = PlainCounterScreen(name: "plain")
        let plainChanges = trackChanges { _ = plain.count }
        plain.count += 1
        #expect(plainChanges.count == 0)
    }

    @Test func aStackPushesAScreenMadeWithWhatItNeedsUnderTheOneBelowIt() throws {
        let item = Item.samples[1]
        let list = ListScreen()
        let stack = try StackScreen(root: list)
        try stack.push(DetailScreen(item: item))
        let detail = try #require(stack.screens.last as? DetailScreen)
        #expect(detail.item == item)
        #expect(detail.context.parent === list.context)
    }

    @Test func aStackPopsWhatWasPushed() throws {
        let item = Item.samples[1]
        let stack = try StackScreen(root: ListScreen())
        try stack.push(DetailScreen(item: item))
        stack.pop()
        #expect(stack.screens.count == 1)
        #expect(stack.screens.first is ListScreen)
    }

    @Test func theListAwaitsTheOrderTheSortScreenFinishesWith() async throws {
        let window = ScreenWindow()
        let list = ListScreen(name: "list")
        try window.setRoot(list)
        window.makeVisible()
        let sorting = Task {
            let order = try await list.present(SortScreen(), returning: SortOrder.self)
            return order
        }
        try await window.next(SortScreen.self).choose(.byDate)
        #expect(try await sorting.value == .byDate)
        #expect(list.presentedScreen == nil)
    }

    @Test func swipingTheSheetDownEndsTheAwaitWithCancelled() async throws {
        let window = ScreenWindow()
        let list = ListScreen(name: "list")
        try window.setRoot(list)
        window.makeVisible()
        let sorting = Task { try await list.present(SortScreen(name: "sort"), returning: SortOrder.self) }
        let sheet = try await window.next(SortScreen.self)
        sheet.dismiss()  // what ScreenView does when the sheet is swiped down
        let error = await #expect(throws: ScreenError.self) { try await sorting.value }
        guard case .cancelled(let screen, _) = error else {
            Issue.record("not a cancellation: \(String(describing: error))")
            return
        }
        #expect(screen == "sort")
    }

    @Test func loggingInShowsTheList() async throws {
        let window = ScreenWindow()
        #expect(window.launch(Route.startup) == [])
        window.makeVisible()  // Baton starts the flow's run()
        try await window.next(LoginScreen.self).logIn(as: "ada")
        #expect(try await window.next(ListScreen.self).userName == "ada")
    }

    @Test func theListIsMadeByItsRouteUnderTheFlow() async throws {
        let window = ScreenWindow()
        #expect(window.launch(Route.startup) == [])
        window.makeVisible()
        try await window.next(LoginScreen.self).logIn(as: "ada")
        _ = try await window.next(ListScreen.self)
        #expect(try window.screenTree(Route.self)?.description == "startup(list)")
    }
}
