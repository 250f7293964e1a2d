import Baton
import BatonTesting
import Foundation
import PropertyBased
import Testing

/// Saving keeps every part it can, reports the rest, and writes only what reading accepts.
@MainActor
@Suite(.isolatedBaton)
struct SavingTests {
    typealias Tree = ScreenTree<TestRoute>

    /// `count` screens, each presenting the next.
    static func presentations(_ count: Int) -> Tree {
        var tree = Tree(.screen("p\(count - 1)"))
        for index in (0..<count - 1).reversed() { tree = Tree(.screen("p\(index)"), presenting: tree) }
        return tree
    }

    // MARK: - Presentation styles

    /// A saved tree holds no style: a restored screen is made by its route, and its type declares
    /// its style again (in these fixtures, a name ending in an odd digit is a full-screen cover).
    @Test(arguments: [
        ("sheet2", ["main.willAppear", "sheet2.willAppear", "main.didAppear", "sheet2.didAppear"]),
        ("cover1", ["cover1.willAppear", "cover1.didAppear"]),
    ])
    func aRestoredPresentationKeepsItsStyleAndItsLifecycle(_ presented: String, _ appeared: [String]) throws {
        let before = ScreenWindow()
        try before.navigate(to: Tree(.screen("main"), presenting: Tree(.screen(presented))))
        let saved = try #require(try before.saveScreenTree(TestRoute.self)).json
        let window = ScreenWindow()
        window.recordsLifecycle = true
        #expect(window.launch(TestRoute.screen("main"), restoring: saved).isEmpty)
        #expect(try window.screenTree(TestRoute.self) == Tree(.screen("main"), presenting: Tree(.screen(presented))))
        window.makeVisible()
        #expect(window.lifecycleLog.map(\.description) == appeared)
        #expect(try #require(window.rootScreen).isOnScreen == (presented == "sheet2"))
    }

    // MARK: - Save and read agree

    @Test func threeHundredNestedPresentationsSaveThePartThatReadingAccepts() throws {
        let saved = try SavedScreenTree(Self.presentations(300))
        let read = try SavedScreenTree(json: saved.json)
        #expect(read == saved)
        let tree = try JSONDecoder().decode(Tree.self, from: Data(saved.json.utf8))
        // The envelope, the tree's node, then one level per presentation: the route of the
        // 252nd presentation ({"screen":{"_0":…}}) ends at depth 255.
        #expect(tree.count == 252)
        #expect(tree == Self.presentations(252))
        #expect(
            saved.leftOut.map(\.description) == [
                "Left out " + (0...252).map { "p\($0)" }.joined(separator: " ^ ")
                    + " when saving: it would be nested deeper than the 256 levels a saved tree holds"
                    + " (SavedScreenTree.maximumDepth)."
            ])
        #expect(SavedScreenTree.maximumDepth == 256)
    }

    @Test func aStackNestedTooDeepKeepsTheScreensBelowTheCut() throws {
        // Stacks in stacks: each level is two deeper.
        var tree = Tree(.screen("leaf"))
        for index in (0..<200).reversed() {
            tree = .stack(.stack("s\(index)"), [Tree(.screen("below\(index)")), tree])
        }
        let saved = try SavedScreenTree(tree)
        let read = try JSONDecoder().decode(Tree.self, from: Data(try SavedScreenTree(json: saved.json).json.utf8))
        // Stack 125's node is at depth 251: its route fits, a screen in it would end at 256.
        var expected = Tree.stack(.stack("s125"), [] as [Tree])
        for index in (0..<125).reversed() {
            expected = .stack(.stack("s\(index)"), [Tree(.screen("below\(index)")), expected])
        }
        #expect(read == expected)
        #expect(
            saved.leftOut.map(\.description) == [
                "Left out " + (0...125).map { "s\($0)" }.joined(separator: " > ")
                    + " > below125 when saving: it would be nested deeper than the 256 levels a saved tree holds"
                    + " (SavedScreenTree.maximumDepth); the 1 screens above it are left out with it."
            ])
    }

    @Test func textNestedDeeperThanTheLimitIsUnreadableWhateverCoderReadIt() throws {
        // Foundation's decoder reads 512 levels; the saved tree it gives must still read back.
        let deep = String(repeating: #"{"a":"#, count: 300) + "1" + String(repeating: "}", count: 300)
        let text = #"{"format":1,"tree":{"route":"# + deep + "}}"
        do {
            _ = try JSONDecoder().decode(SavedScreenTree.self, from: Data(text.utf8))
            Issue.record("read text nested 300 deep")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(
                context.debugDescription
                    == "The saved screen tree cannot be read: nesting deeper than 256. Nothing was restored.")
        }
        #expect(throws: NavigationError.unreadable(reason: "nesting deeper than 256 at byte 1298")) {
            try SavedScreenTree(json: text)
        }
    }

    @Test(.heavyOnTheMainActor) func randomShapesRoundTripOrAreCutAtTheDocumentedLimit() async {
        var cut = 0
        var whole = 0
        await propertyCheck(count: 200, input: Gen.int(in: 0...Int.max)) { seed in
            var random = TreeRandom(seed: seed)
            let tree = Self.awkwardTree(&random)
            do {
                let saved = try SavedScreenTree(tree)
                let read = try SavedScreenTree(json: saved.json)
                #expect(read == saved, "seed \(seed)")
                let decoded = try JSONDecoder().decode(Tree.self, from: Data(saved.json.utf8))
                if saved.leftOut.isEmpty {
                    whole += 1
                    #expect(decoded == tree, "seed \(seed)")
                } else {
                    cut += 1
                    #expect(decoded.count < tree.count, "seed \(seed)")
                    for part in saved.leftOut {
                        #expect(
                            part.description.hasSuffix(
                                "it would be nested deeper than the 256 levels a saved tree holds"
                                    + " (SavedScreenTree.maximumDepth).")
                                || part.description.contains("screens above it are left out with it"),
                            "seed \(seed): \(part)")
                    }
                }
            } catch {
                Issue.record("seed \(seed): \(error)")
            }
        }
        // Both outcomes must happen, or the generator proves little.
        #expect(cut > 10)
        #expect(whole > 10)
    }

    @Test(.heavyOnTheMainActor) func routeTextsWithEscapesRoundTrip() async {
        let pieces = [
            "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "e\u{301}", "😀", "\u{FFFF}", "a", " ",
        ]
        let text = Gen.int(in: 0..<pieces.count).array(of: 0...40).map { $0.map { pieces[$0] }.joined() }
        await propertyCheck(count: 500, input: text) { name in
            do {
                let tree = Tree.stack(.stack(name), [Tree(.screen(name))])
                let saved = try SavedScreenTree(tree)
                let read = try SavedScreenTree(json: saved.json)
                #expect(read == saved)
                #expect(try JSONDecoder().decode(Tree.self, from: Data(read.json.utf8)) == tree)
                // Foundation's text, with its own escapes (\u escapes, \/), reads the same.
                let foundation = String(decoding: try JSONEncoder().encode(tree), as: UTF8.self)
                #expect(try SavedScreenTree(json: foundation) == saved)
            } catch {
                Issue.record("\(name.debugDescription): \(error)")
            }
        }
    }

    /// Deep chains (presentations, stacks in stacks, start-up flows in flows), empty stacks,
    /// duplicated routes, a huge stack, or a small random tree.
    static func awkwardTree(_ random: inout TreeRandom) -> Tree {
        switch Int.random(in: 0..<7, using: &random) {
        case 0:
            return presentations(Int.random(in: 1...400, using: &random))
        case 1:
            var tree = Tree.stack(.stack("s"), [] as [Tree])
            for _ in 0..<Int.random(in: 1...200, using: &random) { tree = .stack(.stack("s"), [tree]) }
            return tree
        case 2:
            var tree = Tree.hopping(.hop("h"), to: nil)
            for _ in 0..<Int.random(in: 1...300, using: &random) { tree = .hopping(.hop("h"), to: tree) }
            return tree
        case 3:
            // Empty stacks, at the root and inside tabs.
            return .tabs(
                .tabs("t", [.stack("a"), .stack("b")]),
                [.stack(.stack("a"), [] as [Tree]), .stack(.stack("b"), [] as [Tree])],
                selected: 1, presenting: .stack(.stack("c"), [] as [Tree]))
        case 4:
            // The same route many times.
            let count = Int.random(in: 0...50, using: &random)
            return .stack(.stack("same"), Array(repeating: Tree(.screen("same")), count: count))
        case 5:
            let count = Int.random(in: 1000...5000, using: &random)
            return .stack(.stack("huge"), (0..<count).map { Tree(.screen("item\($0)")) })
        default:
            return TreeGenerator.tree(seed: Int.random(in: 0...Int.max, using: &random))
        }
    }

    // MARK: - Screens without a route (N-B1)

    @Test func screensWithoutARouteAreLeftOutAndTheRestIsSaved() throws {
        let window = ScreenWindow()
        try window.navigate(
            to: .tabs(
                .tabs("main", [.stack("feed"), .screen("settings")]),
                [.stack(.stack("feed"), [Tree(.screen("list")), Tree(.screen("item"))]), Tree(.screen("settings"))],
                selected: 0))
        let feed = try #require((window.rootScreen as? TabScreen)?.tabs.first as? StackScreen)
        // Shown without routes on purpose (what saving then does is the test): not reported.
        try ScreenWithoutRoute.$reporter.withValue(nil) {
            // A screen pushed without a route, then one with a route above it.
            try feed.push(ScreenModel(name: "sort"))
            try feed.push(TestRoute.screen("more").screen())
            // An alert presented without a route, presenting a routed screen.
            let top = try #require(feed.screens.last)
            let alert = ScreenModel(name: "alert")
            try top.present(alert)
            try alert.present(TestRoute.screen("help").screen())
        }

        let saved = try #require(try window.saveScreenTree(TestRoute.self))

        #expect(
            try JSONDecoder().decode(Tree.self, from: Data(saved.json.utf8))
                == .tabs(
                    .tabs("main", [.stack("feed"), .screen("settings")]),
                    [
                        .stack(.stack("feed"), [Tree(.screen("list")), Tree(.screen("item"))]),
                        Tree(.screen("settings")),
                    ],
                    selected: 0))
        #expect(
            saved.leftOut.map(\.description) == [
                "Left out main > feed > ScreenModel when saving: it has no TestRoute route; make it with route.screen(),"
                    + " or adopt RoutedScreen in its type; the 1 screens above it are left out with it."
            ])
        // What is saved restores, and restoring reports nothing more.
        let restored = ScreenWindow()
        #expect(try restored.restoreScreenTree(saved, as: TestRoute.self) == [])
    }

    @Test func aPresentedScreenWithoutARouteIsLeftOutWithWhatItPresents() throws {
        let window = ScreenWindow()
        try window.navigate(to: Tree.stack(.stack("feed"), [TestRoute.screen("list")]))
        let list = try #require((window.rootScreen as? StackScreen)?.screens.last)
        let share = ScreenModel(name: "share")
        // Shown without a route on purpose (what saving then does is the test): not reported.
        try ScreenWithoutRoute.$reporter.withValue(nil) {
            try list.present(share)
            try share.present(TestRoute.screen("help").screen())
        }

        let saved = try #require(try window.saveScreenTree(TestRoute.self))

        #expect(
            try JSONDecoder().decode(Tree.self, from: Data(saved.json.utf8))
                == .stack(.stack("feed"), [.screen("list")]))
        #expect(
            saved.leftOut.map(\.description) == [
                "Left out feed > list ^ ScreenModel when saving: it has no TestRoute route; make it with route.screen(),"
                    + " or adopt RoutedScreen in its type."
            ])
    }

    @Test func aRootWithoutARouteIsNamed() throws {
        let window = ScreenWindow()
        try window.setRoot(ScreenModel(name: "plain"))
        #expect(throws: NavigationError.screensWithoutRoute(["plain (ScreenModel)"], routeType: "TestRoute")) {
            try window.saveScreenTree(TestRoute.self)
        }
    }

    @Test func aRouteThatCannotBeEncodedIsLeftOutWithTheScreensAboveIt() throws {
        let tree = ScreenTree<NumberRoute>.stack(.list, [.value(1), .value(.nan), .value(3)])
        let saved = try SavedScreenTree(tree)
        #expect(
            try JSONDecoder().decode(ScreenTree<NumberRoute>.self, from: Data(saved.json.utf8))
                == .stack(.list, [.value(1)]))
        #expect(
            saved.leftOut.map(\.description) == [
                "Left out list > value(nan) when saving: its route cannot be saved: Double is not finite at"
                    + " value._0; the 1 screens above it are left out with it."
            ])
        #expect(throws: NavigationError.self) { try SavedScreenTree(ScreenTree<NumberRoute>(.value(.infinity))) }
    }
}

/// A route with a number, which may not be finite.
enum NumberRoute: ScreenRoute {
    case list
    case value(Double)

    func makeScreen() throws -> ScreenModel {
        switch self {
        case .list: StackScreen(name: "list")
        case .value: ScreenModel(name: "value")
        }
    }
}
