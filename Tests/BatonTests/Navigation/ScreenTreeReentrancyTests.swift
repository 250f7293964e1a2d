import Baton
import BatonTesting
import Testing

/// A screen that runs a closure when it appears.
final class AppearingScreen: ScreenModel, RoutedScreen {
    var onDidAppear: (() -> Void)?
    override func didAppear() { onDidAppear?() }
    var route: TestRoute { .screen(name ?? "appearing") }
}

@MainActor
@Suite(.isolatedBaton)
struct ScreenTreeReentrancyTests {
    typealias Tree = ScreenTree<TestRoute>

    // MARK: - Nested assignments

    @Test func anAssignmentFromALifecycleCallbackRunsAfterTheRunningOne() throws {
        let window = ScreenWindow()
        window.makeVisible()
        let stack = try #require(try TestRoute.stack("feed").screen() as? StackScreen)
        try stack.push(AppearingScreen(name: "list"))
        try window.setRoot(stack)
        var outcomes: [NavigationOutcome] = []
        let detail = AppearingScreen(name: "detail")
        detail.onDidAppear = {
            outcomes.append(
                (try? window.navigate(to: Tree.stack(.stack("feed"), [.screen("list"), .screen("other")])))!)
        }
        try stack.push(detail)
        #expect(outcomes == [.queued])
        #expect(try treeText(window) == "feed[list, other]")
        #expect(
            window.transitionLog.map(\.description) == [
                "replaceRoot: → feed", "push: list → detail", "setStack: detail → other",
            ])
    }

    @Test func anAssignmentFromAResolverRunsAfterTheAssignmentThatRanIt() throws {
        let window = ScreenWindow()
        let coordinator = DependencyCoordinator(name: "nested")
        window.dependencyCoordinator = coordinator
        var outcomes: [NavigationOutcome] = []
        try coordinator.register(
            .destination { (screen: NavScreen) in
                // Once: a new subtree's screens are resolved again by the transition that shows it.
                guard screen.screenName == "item", outcomes.isEmpty else { return }
                outcomes.append(try window.navigate(to: Tree.stack(.stack("feed"), [.screen("list")])))
            })
        try window.navigate(to: Tree.stack(.stack("feed"), [.screen("list"), .screen("item")]))
        #expect(outcomes == [.queued])
        #expect(try treeText(window) == "feed[list]")
        #expect(window.transitionLog.map(\.description) == ["replaceRoot: → feed", "pop: item → list"])
    }

    @Test func aQueuedAssignmentThatFailsIsReportedOnTheWindow() throws {
        let window = ScreenWindow()
        window.makeVisible()
        try window.navigate(to: Tree.stack(.stack("feed"), [.screen("list")]))
        var failures: [String] = []
        window.context.observe(NavigationDidFail.self, owner: window) { _, failure in
            failures.append(failure.description)
        }
        let appearing = AppearingScreen(name: "appearing")
        let impossible = Tree.tabs(.tabs("main", [.screen("a")]), [Tree(.screen("a"))], selected: 3)
        appearing.onDidAppear = { _ = try? window.navigate(to: impossible) }
        try (window.rootScreen as? StackScreen)?.push(appearing)
        #expect(try treeText(window) == "feed[list, appearing]")
        #expect(
            failures == [
                "navigation to main{a}, which waited for push: list → appearing, failed: The tree cannot be shown at"
                    + " main: tab 3 is selected, but there are 1 tabs. Nothing changed."
            ])
    }

    // MARK: - Start-up flows

    /// A window whose root is a start-up flow showing a splash screen that waits for its unhop.
    static func startupWindow() throws -> (ScreenWindow, HoppingScreen) {
        let window = ScreenWindow()
        let startup = try #require(try TestRoute.hop("startup").screen() as? HoppingScreen)
        try window.setRoot(startup)
        window.makeVisible()
        try startup.hop(to: TestRoute.screen("splash").screen()) {
            try? startup.hop(to: TestRoute.stack("main").screen(), then: nil)
        }
        return (window, startup)
    }

    @Test func aLinkDuringTheStartUpFlowWaitsForTheMainScreen() throws {
        let (window, startup) = try Self.startupWindow()
        let first = Tree.hopping(.hop("startup"), to: .stack(.stack("main"), [.screen("list"), .screen("item")]))
        let second = Tree.hopping(.hop("startup"), to: .stack(.stack("main"), [.screen("list"), .screen("other")]))
        #expect(try window.navigate(to: first) == .waiting(for: "startup"))
        #expect(try window.navigate(to: second) == .waiting(for: "startup"))
        #expect(try treeText(window) == "startup(splash)")
        window.clearLogs()
        try startup.unhopCurrentScreen()
        #expect(try window.screenTree(TestRoute.self) == second)
        #expect(
            window.transitionLog.map(\.description) == [
                "hop: splash → main", "setStack: main → item", "setStack: item → other",
            ])
    }

    @Test func aLinkBeforeTheStartUpFlowShowsItsFirstStepWaitsForTheMainScreen() throws {
        let window = ScreenWindow()
        let startup = try #require(try TestRoute.hop("startup").screen() as? HoppingScreen)
        try window.setRoot(startup)
        window.makeVisible()
        let link = Tree.hopping(.hop("startup"), to: .stack(.stack("main"), [.screen("list"), .screen("item")]))
        // The flow has not started: the link must not skip its splash.
        #expect(try window.navigate(to: link) == .waiting(for: "startup"))
        #expect(try treeText(window) == "startup()")
        try startup.hop(to: TestRoute.screen("splash").screen()) {
            try? startup.hop(to: TestRoute.stack("main").screen(), then: nil)
        }
        #expect(try treeText(window) == "startup(splash)")
        try startup.unhopCurrentScreen()
        #expect(try window.screenTree(TestRoute.self) == link)
    }

    @Test func aLinkThatDoesNotTouchTheFlowIsAppliedAtOnce() throws {
        let (window, _) = try Self.startupWindow()
        #expect(try window.navigate(to: Tree.hopping(.hop("startup"), to: Tree(.screen("splash")))) == .applied)
        #expect(try window.navigate(to: Tree.stack(.stack("other"), [.screen("list")])) == .applied)
        #expect(try treeText(window) == "other[list]")
    }

    // MARK: - Trees that cannot be shown

    @Test func aRouteThatNeedsAContainerItDoesNotMakeIsNamed() throws {
        let window = ScreenWindow()
        #expect(
            throws: NavigationError.doesNotFit(step: "a", route: "a", expected: "a stack", found: "a")
        ) {
            try window.navigate(to: ScreenTree(.screen("a"), content: .stack([Tree(.screen("b"))])))
        }
        #expect(window.rootScreen == nil)
    }

    @Test func twoPresentationsFromOneContainerAreRefused() throws {
        let window = ScreenWindow()
        let tree = Tree.stack(
            .stack("feed"), [Tree(.screen("list"), presenting: Tree(.screen("x")))], presenting: Tree(.screen("y")))
        #expect(
            throws: NavigationError.invalidTree(
                step: "feed > list",
                reason:
                    "feed and feed > list both present, but a container and the screens in it present one screen at a time"
            )
        ) {
            try window.navigate(to: tree)
        }
    }

    @Test func aSelectionOutOfRangeIsRefused() throws {
        #expect(
            throws: NavigationError.invalidTree(step: "main", reason: "tab 2 is selected, but there are 1 tabs")
        ) {
            try ScreenWindow().navigate(to: Tree.tabs(.tabs("main", [.screen("a")]), [Tree(.screen("a"))], selected: 2))
        }
    }
}
