import Baton
import BatonTesting
import Testing

/// `ScreenWindow.launch(_:restoring:)`: the root, then what the last run saved, every failure
/// returned.
@MainActor
@Suite(.isolatedBaton)
struct WindowLaunchTests {
    typealias Tree = ScreenTree<TestRoute>

    @Test func aFirstLaunchShowsTheRoot() throws {
        let window = ScreenWindow()
        #expect(window.launch(TestRoute.stack("feed")) == [])
        #expect(try treeText(window) == "feed[]")
    }

    @Test func aRelaunchRestoresTheSavedScreensOverTheRoot() throws {
        let first = ScreenWindow()
        try first.navigate(to: Tree.stack(.stack("feed"), [.screen("list"), .screen("item")]))
        let saved = try #require(try first.saveScreenTree(TestRoute.self)).json
        let second = ScreenWindow()
        #expect(second.launch(TestRoute.stack("feed"), restoring: saved) == [])
        #expect(try treeText(second) == "feed[list, item]")
    }

    @Test func anUnreadableSavedTextIsReturnedAndTheRootIsShown() throws {
        let window = ScreenWindow()
        let failures = window.launch(TestRoute.stack("feed"), restoring: "{")
        #expect(failures.map(\.description) == [try #require(Self.unreadable("{"))])
        #expect(try treeText(window) == "feed[]")
    }

    @Test func aWindowThatShowsSomethingKeepsItsRoot() throws {
        let window = ScreenWindow()
        try window.navigate(to: Tree.stack(.stack("other"), [.screen("list")]))
        #expect(window.launch(TestRoute.stack("feed")) == [])
        #expect(try treeText(window) == "other[list]")
    }

    @Test func savedScreensWaitForAStartUpFlowThatHasNotStarted() throws {
        let first = ScreenWindow()
        try first.navigate(to: Tree.hopping(.hop("startup"), to: .stack(.stack("main"), [.screen("a"), .screen("b")])))
        let saved = try #require(try first.saveScreenTree(TestRoute.self)).json
        let window = ScreenWindow()
        #expect(window.launch(TestRoute.hop("startup"), restoring: saved) == [])
        window.makeVisible()
        let startup = try #require(window.rootScreen as? HoppingScreen)
        #expect(try treeText(window) == "startup()")
        try startup.hop(to: TestRoute.screen("splash").screen()) {
            try? startup.hop(to: TestRoute.stack("main").screen(), then: nil)
        }
        #expect(try treeText(window) == "startup(splash)")
        try startup.unhopCurrentScreen()
        #expect(try treeText(window) == "startup(main[a, b])")
    }

    /// The message of reading `json` as a saved tree.
    static func unreadable(_ json: String) -> String? {
        do {
            _ = try SavedScreenTree(json: json)
            return nil
        } catch {
            return error.description
        }
    }
}
