import Baton
import BatonTesting
import Observation
import Testing

/// A screen whose own state drives its views: `@Observable` on a `ScreenModel` subclass.
@Observable
final class ObservedListScreen: ScreenModel {
    var items: [String] = []
    var filter = ""
    @ObservationIgnored var scrollOffset = 0.0

    /// What a view's body shows: it reads the screen's own state and a context value.
    var visibleItems: [String] {
        let shown = filter.isEmpty ? items : items.filter { $0.contains(filter) }
        return context[\.sortOrder] == .byName ? shown.sorted() : shown
    }
}

/// Screens are `Observable` (issue 19): a `ScreenModel` subclass marked `@Observable` is tracked
/// like any `@Observable` model, and stays a screen.
@MainActor
@Suite(.lenientMisuse)
struct ObservableScreenTests {
    @Test func aScreensOwnStoredPropertyDrivesATrackedRead() {
        let list = ObservedListScreen(name: "list")
        let change = track { _ = list.items }
        list.items.append("milk")
        #expect(change.count == 1)
        #expect(list.items == ["milk"])
    }

    @Test func aChangeOfAnotherPropertyDoesNotFireAndIgnoredOnesNeverDo() {
        let list = ObservedListScreen(name: "list")
        let change = track { _ = list.items }
        list.filter = "m"
        list.scrollOffset = 10
        #expect(change.count == 0)
    }

    @Test func aBodyThatReadsTheScreenAndItsContextUpdatesForEither() {
        let window = ScreenWindow()
        let list = ObservedListScreen(name: "list")
        list.items = ["b", "a"]
        try? window.setRoot(list)
        let byState = track { _ = list.visibleItems }
        list.filter = "a"
        let byContext = track { _ = list.visibleItems }
        window.context.set(.byDate, for: \.sortOrder)
        #expect(byState.count == 1)
        #expect(byContext.count == 1)
        #expect(list.visibleItems == ["a"])
    }

    @Test func anObservableScreenIsPushedResolvedAndReleasedLikeAnyOther() throws {
        let window = ScreenWindow()
        let root = ScreenModel(name: "root")
        let stack = try StackScreen(root: root, name: "main")
        try window.setRoot(stack)
        window.makeVisible()
        weak var released: ObservedListScreen?
        try {
            let list = ObservedListScreen(name: "list")
            released = list
            try stack.push(list)
            #expect(list.context.parent === root.context)
            #expect(list.appearance == .appeared)
        }()
        stack.pop()
        #expect(released == nil)
    }
}
