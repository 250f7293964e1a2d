@_spi(Adapters) import Baton
import BatonTesting
import Testing

/// The mistakes an iOS developer who has read only the README and the DocC articles makes in
/// the first week, each checked for an immediate, typed error whose message names what was
/// asked, where Baton looked and what exists instead, or for the documented no-op.
@MainActor
@Suite(.lenientMisuse, .isolatedBaton, .timeLimit(.minutes(1)))
struct NewcomerMistakesTests {
    final class SortScreen: ScreenModel {}

    private func makeList() throws -> (ScreenWindow, StackScreen, ScreenModel) {
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        let window = try makeVisibleWindow(root: stack)
        return (window, stack, list)
    }

    private func error<Failure: Error>(_ type: Failure.Type, _ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let error as Failure {
            return "\(error)"
        } catch {
            return "unexpected \(error)"
        }
    }

    // MARK: - Containers given the same screen twice

    @Test func settingAStackWithTheSameScreenTwiceThrowsAndChangesNothing() throws {
        let (window, stack, list) = try makeList()
        let detail = ScreenModel(name: "detail")
        let message = error(ScreenError.self) { try stack.setScreens([list, detail, detail]) }
        #expect(
            message
                == "detail is listed twice in the screens given to stack. A screen has one place in the tree:"
                + " make a new screen for each place.")
        #expect(stack.screens.map(\.screenName) == ["list"])
        #expect(detail.parentScreen == nil)
        #expect(window.transitionLog.isEmpty)
    }

    @Test func makingTabsWithTheSameScreenTwiceThrows() {
        weak var weakTab: ScreenModel?
        do {
            let tab = ScreenModel(name: "feed")
            weakTab = tab
            let message = error(ScreenError.self) { _ = try TabScreen(tabs: [tab, tab], name: "tabs") }
            #expect(
                message
                    == "feed is listed twice in the screens given to tabs. A screen has one place in the tree:"
                    + " make a new screen for each place.")
            #expect(tab.parentScreen == nil)
            // Its context was not left under the refused container's.
            #expect(tab.context.parent == nil)
        }
        #expect(weakTab == nil)
    }

    @Test func makingTabsWithNoTabsSaysThatItNeedsOne() {
        let message = error(ScreenError.self) { _ = try TabScreen(tabs: [], name: "tabs") }
        #expect(message == "tabs has no tabs: a tab container needs at least one. Pass the screens of its tabs.")
    }
}
