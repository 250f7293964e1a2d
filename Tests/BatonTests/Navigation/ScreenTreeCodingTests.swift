import Baton
import BatonTesting
import Foundation
import Testing

@MainActor
@Suite(.isolatedBaton)
struct ScreenTreeCodingTests {
    typealias Tree = ScreenTree<TestRoute>

    static let tree = Tree.tabs(
        .tabs("main", [.stack("feed"), .screen("settings")]),
        [
            .stack(.stack("feed"), [Tree(.screen("list")), Tree(.screen("item"), presenting: Tree(.screen("share")))]),
            Tree(.screen("settings")),
        ],
        selected: 0)

    // MARK: - Saving

    @Test func aSavedTreeIsCompactVersionedJSON() throws {
        let saved = try SavedScreenTree(Tree.stack(.stack("feed"), [.screen("list")]))
        #expect(
            saved.json
                == #"{"format":1,"tree":{"route":{"stack":{"_0":"feed"}},"stack":[{"route":{"screen":{"_0":"list"}}}]}}"#
        )
        #expect(saved.format == 1)
    }

    @Test func aSavedTreeRestoresIntoAnEmptyWindow() throws {
        let window = ScreenWindow()
        try window.navigate(to: Self.tree)
        let saved = try #require(try window.saveScreenTree(TestRoute.self))
        let restored = ScreenWindow()
        #expect(try restored.restoreScreenTree(SavedScreenTree(json: saved.json), as: TestRoute.self) == [])
        #expect(try restored.screenTree(TestRoute.self) == Self.tree)
    }

    @Test func theTreeIsCodableWithFoundationsCoders() throws {
        let data = try JSONEncoder().encode(Self.tree)
        #expect(try JSONDecoder().decode(Tree.self, from: data) == Self.tree)
        let saved = try JSONDecoder().decode(SavedScreenTree.self, from: data)
        let window = ScreenWindow()
        try window.restoreScreenTree(saved, as: TestRoute.self)
        #expect(try window.screenTree(TestRoute.self) == Self.tree)
        // Inside an app's own state, and back.
        struct State: Codable, Equatable { var position = 42.5; var screens: SavedScreenTree }
        let state = State(screens: saved)
        #expect(try JSONDecoder().decode(State.self, from: JSONEncoder().encode(state)) == state)
    }

    @Test func aSavedTreeEqualsItselfReadBackFromAnyCoder() throws {
        let saved = try SavedScreenTree(Self.tree)
        // Coders do not keep the order of an object's keys; equality and hashing do not see it.
        let decoded = try JSONDecoder().decode(SavedScreenTree.self, from: JSONEncoder().encode(saved))
        #expect(decoded == saved)
        #expect(Set([saved, decoded]).count == 1)
        #expect(try SavedScreenTree(json: saved.json) == saved)
        #expect(try SavedScreenTree(json: #"{"format":1,"tree":{"route":{"other":{}}}}"#) != saved)
    }

    // MARK: - Bad input

    @Test func aFutureFormatIsRefusedByName() {
        #expect(throws: NavigationError.unsupportedFormat(found: 3, supported: 2)) {
            try SavedScreenTree(json: #"{"format":3,"tree":{"route":{"new":{}}}}"#)
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Tree.self, from: Data(#"{"format":3,"tree":{}}"#.utf8))
        }
    }

    @Test func truncatedJSONIsUnreadable() throws {
        let json = try SavedScreenTree(Self.tree).json
        #expect(throws: NavigationError.unreadable(reason: "unterminated string at byte 40")) {
            try SavedScreenTree(json: String(json.prefix(40)))
        }
        for length in 0..<json.count {
            #expect(throws: NavigationError.self) { try SavedScreenTree(json: String(json.prefix(length))) }
        }
    }

    @Test func hostileNestingIsRefused() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: NavigationError.unreadable(reason: "nesting deeper than 256 at byte 256")) {
            try SavedScreenTree(json: deep)
        }
    }

    @Test func anUnknownRouteKeepsTheScreensBelowIt() throws {
        let json = #"""
            {"format":1,"tree":{"route":{"stack":{"_0":"feed"}},"stack":[{"route":{"screen":{"_0":"list"}}},\#
            {"route":{"removed":{}}},{"route":{"screen":{"_0":"item"}}}]}}
            """#
        let window = ScreenWindow()
        let dropped = try window.restoreScreenTree(SavedScreenTree(json: json), as: TestRoute.self)
        #expect(try window.screenTree(TestRoute.self) == Tree.stack(.stack("feed"), [.screen("list")]))
        #expect(
            dropped.map(\.description) == [
                #"Left out feed[1] when restoring: its route {"removed":{}} is not a TestRoute: expected TestRoute at the top level: Invalid number of keys found, expected one."#,
                "Left out feed[2…] when restoring: the 1 screens above a screen left out.",
            ])
    }

    @Test func aRouteFieldOfTheWrongKindOrMissingSaysWhereItLooked() throws {
        let json = #"""
            {"format":1,"tree":{"route":{"stack":{"_0":"feed"}},"stack":[{"route":{"screen":{"_0":"list"}}},\#
            {"route":{"screen":{"_0":7}}}],"presents":{"route":{"screen":{}}}}}
            """#
        let window = ScreenWindow()
        let dropped = try window.restoreScreenTree(SavedScreenTree(json: json), as: TestRoute.self)
        #expect(try window.screenTree(TestRoute.self) == Tree.stack(.stack("feed"), [.screen("list")]))
        #expect(
            dropped.map(\.description) == [
                #"Left out feed[1] when restoring: its route {"screen":{"_0":7}} is not a TestRoute: expected String at screen._0: found a number."#,
                #"Left out feed ^ when restoring: its route {"screen":{}} is not a TestRoute: missing _0 at screen."#,
            ])
    }

    @Test func aScreenWhoseFactoryNowThrowsIsLeftOut() throws {
        let saved = try SavedScreenTree(Self.tree)
        let faults = NavigationFaults()
        faults.failingNames = ["share"]
        let window = ScreenWindow()
        let dropped = try NavigationFaults.$current.withValue(faults) {
            try window.restoreScreenTree(saved, as: TestRoute.self)
        }
        var expected = Self.tree
        expected.content = .tabs(
            [Tree.stack(.stack("feed"), [.screen("list"), .screen("item")]), Tree(.screen("settings"))], selected: 0)
        #expect(try window.screenTree(TestRoute.self) == expected)
        #expect(
            dropped.map(\.description) == [
                "Left out main > feed > item ^ share when restoring: Could not make share for presentation from item"
                    + " at main > feed > item: no share today."
            ])
    }

    @Test func aRootThatCannotBeMadeRestoresNothing() throws {
        let faults = NavigationFaults()
        faults.failingNames = ["main"]
        let window = ScreenWindow()
        NavigationFaults.$current.withValue(faults) {
            #expect(
                throws: NavigationError.factoryFailed(
                    step: "the root of the window", route: "main",
                    reason: UnderlyingError(NavigationFaults.Failure(route: "main")))
            ) {
                try window.restoreScreenTree(SavedScreenTree(Self.tree), as: TestRoute.self)
            }
        }
        #expect(window.rootScreen == nil)
    }
}
