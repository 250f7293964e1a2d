import Baton
import BatonTesting
import Foundation
import PropertyBased
import Testing

/// Routes whose factories do what an app's can: a stack made with its first screen, a screen
/// with a required dependency, one object returned for every place.
enum OddRoute: ScreenRoute, CustomStringConvertible {
    case feed, list, item(Int), needs, shared

    var description: String {
        switch self {
        case .feed: "feed"
        case .list: "list"
        case .item(let id): "item(\(id))"
        case .needs: "needs"
        case .shared: "shared"
        }
    }

    func makeScreen() throws -> ScreenModel {
        switch self {
        case .feed: try StackScreen(root: OddRoute.list.screen(), name: "feed")
        case .list: ScreenModel(name: "list")
        case .item(let id): ScreenModel(name: "item(\(id))")
        case .needs: NeedsStore(name: "needs")
        case .shared: OddFactory.current.shared
        }
    }
}

/// A screen that cannot be shown without its store.
final class NeedsStore: ScreenModel {
    @Resolved var store: String
}

/// The object `OddRoute.shared` returns every time, for the test that runs.
@MainActor
final class OddFactory {
    @TaskLocal static var current = OddFactory()
    let shared = ScreenModel(name: "shared")
}

/// A tree that asks for what no window can show (an empty stack where the route makes one with a
/// screen, the same object in two places, a screen whose required dependency no resolver sets)
/// is refused with a typed error, and nothing changes: no trap, no `.applied`.
@MainActor
@Suite(.isolatedBaton, .lenientMisuse)
struct NavigationPlanInputTests {
    typealias Tree = ScreenTree<OddRoute>

    private func makeWindow(showing tree: Tree? = nil) throws -> ScreenWindow {
        let window = ScreenWindow()
        window.makeVisible()
        if let tree { try window.navigate(to: tree) }
        window.clearLogs()
        return window
    }

    private static let emptyFeedError = NavigationError.doesNotFit(
        step: "feed", route: "feed", expected: "an empty stack", found: "feed with 1 screen")

    // MARK: - Empty stacks

    @Test func anEmptyStackWhoseRouteMakesAScreenIsRefusedInAnEmptyWindow() throws {
        let window = try makeWindow()
        #expect(throws: Self.emptyFeedError) { try window.navigate(to: Tree.stack(.feed, [Tree]())) }
        #expect(window.rootScreen == nil)
        #expect(window.transitionLog.isEmpty)
    }

    @Test func anEmptyStackWhoseRouteMakesAScreenIsRefusedOverAShownStack() throws {
        let shown = Tree.stack(.feed, [.list, .item(1)])
        let window = try makeWindow(showing: shown)
        #expect(throws: Self.emptyFeedError) { try window.navigate(to: Tree.stack(.feed, [Tree]())) }
        #expect(try window.screenTree(OddRoute.self) == shown)
        #expect(window.transitionLog.isEmpty)
    }

    @Test func savedTextWithAnEmptyStackIsRefusedInAnEmptyWindowAndOverAShownStack() throws {
        let shown = Tree.stack(.feed, [.list, .item(1)])
        let json = try #require(try makeWindow(showing: shown).saveScreenTree(OddRoute.self)).json
        let emptied = try #require(json.range(of: #""stack":["#)).upperBound
        let closing = try #require(json[emptied...].lastIndex(of: "]"))
        let text = String(json[..<emptied] + json[closing...])
        #expect(text.contains(#""stack":[]"#), "\(text)")
        let saved = try SavedScreenTree(json: text)
        let empty = try makeWindow()
        #expect(throws: Self.emptyFeedError) { try empty.restoreScreenTree(saved, as: OddRoute.self) }
        #expect(empty.rootScreen == nil)
        let showing = try makeWindow(showing: shown)
        #expect(throws: Self.emptyFeedError) { try showing.restoreScreenTree(saved, as: OddRoute.self) }
        #expect(try showing.screenTree(OddRoute.self) == shown)
        #expect(showing.transitionLog.isEmpty)
    }

    @Test func anEmptyStackFitsAStackThatShowsNothingYet() throws {
        let window = ScreenWindow()
        window.makeVisible()
        let empty = ScreenTree<TestRoute>.stack(.stack("feed"), [ScreenTree<TestRoute>]())
        #expect(try window.navigate(to: empty) == .applied)
        #expect(try window.screenTree(TestRoute.self) == empty)
        try window.navigate(to: ScreenTree<TestRoute>.stack(.stack("feed"), [.screen("list")]))
        // A shown stack cannot be emptied: the tree's empty stack is a new one.
        #expect(try window.navigate(to: empty) == .applied)
        #expect(try window.screenTree(TestRoute.self) == empty)
        #expect(
            window.transitionLog.map(\.description) == [
                "replaceRoot: → feed", "push: feed → list", "replaceRoot: feed → feed",
            ])
    }

    @Test(.heavyOnTheMainActor) func randomTreesWithEmptyStacksAreShownOrRefusedWithoutATrap() async {
        var cases = 0
        var emptied = 0
        await propertyCheck(count: 200, input: ScreenTreePropertyTests.seeds, ScreenTreePropertyTests.seeds) {
            seedA, seedB in
            cases += 1
            var random = TreeRandom(seed: seedB)
            let a = Self.emptyingStacks(in: TreeGenerator.tree(seed: seedA), random: &random)
            let b = Self.emptyingStacks(in: TreeGenerator.tree(seed: seedB), random: &random)
            if a.description.contains("[]") || b.description.contains("[]") { emptied += 1 }
            let window = ScreenWindow()
            window.makeVisible()
            do {
                try window.navigate(to: a)
                #expect(try window.screenTree(TestRoute.self) == a, "seed \(seedA)")
                _ = try window.navigate(to: b)
                if ExpectedDiff(from: a, to: b).waitsFor == nil {
                    #expect(try window.screenTree(TestRoute.self) == b, "seeds \(seedA), \(seedB)")
                    if let violation = treeViolation(in: window, showing: b) {
                        Issue.record("seeds \(seedA), \(seedB): \(violation) in \(b)")
                    }
                }
                let json = try #require(try window.saveScreenTree(TestRoute.self)).json
                let restored = ScreenWindow()
                restored.makeVisible()
                #expect(try restored.restoreScreenTree(SavedScreenTree(json: json), as: TestRoute.self) == [])
            } catch {
                Issue.record("seeds \(seedA), \(seedB): \(error) for \(a) then \(b)")
            }
        }
        #expect(cases >= 200)
        #expect(emptied > cases / 4)
    }

    /// `tree` with some of its stacks emptied (a test route's stack starts empty).
    static func emptyingStacks(in tree: ScreenTree<TestRoute>, random: inout TreeRandom) -> ScreenTree<TestRoute> {
        var copy = tree
        copy.presented = tree.presented.map { emptyingStacks(in: $0, random: &random) }
        switch tree.content {
        case .stack(let screens):
            copy.content =
                Int.random(in: 0..<2, using: &random) == 0
                ? .stack([]) : .stack(screens.map { emptyingStacks(in: $0, random: &random) })
        case .tabs(let tabs, let selected):
            copy.content = .tabs(tabs.map { emptyingStacks(in: $0, random: &random) }, selected: selected)
        case .hop(let step?):
            copy.content = .hop(emptyingStacks(in: step, random: &random))
        default:
            break
        }
        return copy
    }

    @Test(arguments: [[Int](), [0], [0, 1]])
    func anEmptyStackOfARouteThatMakesScreensIsRefusedWhereverItIs(shownItems: [Int]) throws {
        let shown = Tree.stack(.feed, [Tree(.list)] + shownItems.map { Tree(.item($0)) })
        for target in [
            Tree.stack(.feed, [Tree]()),
            Tree(.list, presenting: Tree.stack(.feed, [Tree]())),
            Tree.stack(.feed, [Tree(.list, presenting: Tree.stack(.feed, [Tree]()))]),
        ] {
            let window = try makeWindow(showing: shown)
            #expect(throws: NavigationError.self, "\(target)") { try window.navigate(to: target) }
            #expect(try window.screenTree(OddRoute.self) == shown)
            #expect(window.transitionLog.isEmpty)
        }
    }

    // MARK: - The same screen twice

    @Test func aFactoryThatReturnsOneScreenForTwoPlacesIsRefused() throws {
        let shown = Tree.stack(.feed, [.list])
        let window = try makeWindow(showing: shown)
        let error = #expect(throws: NavigationError.self) {
            try window.navigate(to: Tree.stack(.feed, [.list, .shared, .item(1), .shared]))
        }
        #expect(
            error?.description
                == "Could not make shared for push onto feed at feed: it made shared, which this tree already shows"
                + " elsewhere; make a new screen. Nothing changed.")
        #expect(error.map { $0.underlying == nil } == true)  // Baton refused: no error of the app's
        #expect(try window.screenTree(OddRoute.self) == shown)
        #expect(window.transitionLog.isEmpty)
        #expect(OddFactory.current.shared.parentScreen == nil)
        #expect(OddFactory.current.shared.context.parent == nil)
        #expect(throws: NavigationError.self) {
            try window.navigate(
                to: Tree.stack(.feed, [Tree(.list, presenting: Tree(.shared, presenting: Tree(.shared)))]))
        }
        #expect(try window.screenTree(OddRoute.self) == shown)
        #expect(window.transitionLog.isEmpty)
    }

    @Test(.heavyOnTheMainActor) func randomTreesWithOneObjectInSeveralPlacesAreRefusedAndChangeNothing() async {
        var cases = 0
        var refused = 0
        await propertyCheck(count: 200, input: ScreenTreePropertyTests.seeds) { seed in
            cases += 1
            let tree = TreeGenerator.tree(seed: seed)
            let places = Self.count(of: "a", in: tree)
            let faults = NavigationFaults()
            faults.sharedNames = ["a"]
            NavigationFaults.$current.withValue(faults) {
                let window = ScreenWindow()
                window.makeVisible()
                do {
                    try window.navigate(to: tree)
                    #expect(places < 2, "seed \(seed): \(tree) was shown with one object in \(places) places")
                    #expect(try window.screenTree(TestRoute.self) == tree, "seed \(seed)")
                } catch let error as NavigationError {
                    refused += 1
                    #expect(places >= 2, "seed \(seed): \(error)")
                    guard case .factoryFailed(_, let route, let reason) = error else {
                        Issue.record("seed \(seed): \(error)")
                        return
                    }
                    // The plan's factories, or a tab container's factory that made its tabs.
                    let expected = [
                        "it made a, which this tree already shows elsewhere; make a new screen",
                        "it made \(route) with a inside, which this tree already shows elsewhere; make a new screen",
                        "it made a, which \(route) already shows; make a new screen",
                    ]
                    #expect(
                        expected.contains(reason.description) || reason.description.hasPrefix("a is already shown by ")
                            || reason.description.hasPrefix("a is listed twice in the screens given to "),
                        "seed \(seed): \(error)")
                    #expect(window.rootScreen == nil, "seed \(seed)")
                    #expect(window.transitionLog.isEmpty, "seed \(seed)")
                } catch {
                    Issue.record("seed \(seed): \(error)")
                }
            }
        }
        #expect(cases >= 200)
        #expect(refused > cases / 10)
    }

    static func count(of name: String, in tree: ScreenTree<TestRoute>) -> Int {
        (tree.route == .screen(name) ? 1 : 0) + (tree.presented.map { count(of: name, in: $0) } ?? 0)
            + tree.children.reduce(0) { $0 + count(of: name, in: $1) }
    }

    // MARK: - Required dependencies

    private static let needsReport = """
        NeedsStore.store (@Resolved String, BatonTests/NavigationPlanInputTests.swift:35) is not set by any resolver.
        needs (NeedsStore) was shown by push: item(1) → needs, resolved by coordinator app, which has no resolvers.
        Register a resolver that sets it on coordinator app, for example .destination { (screen: NeedsStore) in screen.store = … }
        """

    @Test func aScreenWhoseRequiredDependencyNoResolverSetsIsRefusedBeforeAnyChange() throws {
        let shown = Tree.stack(.feed, [.list])
        let window = try makeWindow(showing: shown)
        window.dependencyCoordinator = DependencyCoordinator(name: "app")
        let error = NavigationError.unresolvedDependency(
            step: "push onto feed at feed", route: "needs", report: Self.needsReport)
        #expect(throws: error) { try window.navigate(to: Tree.stack(.feed, [.list, .item(1), .needs])) }
        #expect(try window.screenTree(OddRoute.self) == shown)
        #expect(window.transitionLog.isEmpty)
        // The same tree, in a new stack, in a presentation and restored.
        #expect(throws: NavigationError.self) {
            try window.navigate(to: Tree(.list, presenting: .stack(.feed, [.needs])))
        }
        #expect(throws: NavigationError.self) { try window.navigate(to: Tree(.needs)) }
        #expect(try window.screenTree(OddRoute.self) == shown)
        #expect(window.transitionLog.isEmpty)
        #expect(error.description.hasPrefix("Could not show needs for push onto feed at feed: a required dependency"))
        #expect(error.description.hasSuffix("screen.store = … }\nNothing changed."))
    }

    @Test func aRestorationLeavesOutTheScreenWhoseRequiredDependencyIsNotSet() throws {
        let full = Tree.stack(.feed, [.list, .item(1), .needs])
        let coordinator = DependencyCoordinator(name: "app")
        try coordinator.register(.destination { (screen: NeedsStore) in screen.store = "store" })
        let source = try makeWindow()
        source.dependencyCoordinator = coordinator
        try source.navigate(to: full)
        let saved = try #require(try source.saveScreenTree(OddRoute.self))
        let window = try makeWindow()
        let dropped = try window.restoreScreenTree(saved, as: OddRoute.self)
        #expect(dropped.count == 1)
        #expect(try window.screenTree(OddRoute.self) == .stack(.feed, [.list, .item(1)]))
        let restored = try makeWindow()
        restored.dependencyCoordinator = coordinator
        #expect(try restored.restoreScreenTree(saved, as: OddRoute.self) == [])
        #expect(try restored.screenTree(OddRoute.self) == full)
    }

    @Test func aLinkToAScreenWhoseRequiredDependencyIsNotSetChangesNothing() throws {
        let links = ScreenLinks<OddRoute>([LinkPattern("odd://needs", .needs)]) { .stack(.feed, [.list, $0]) }
        let window = try makeWindow(showing: .stack(.feed, [.list]))
        #expect(throws: NavigationError.self) { try window.open("odd://needs", with: links) }
        #expect(try window.screenTree(OddRoute.self) == .stack(.feed, [.list]))
        #expect(window.transitionLog.isEmpty)
    }
}
