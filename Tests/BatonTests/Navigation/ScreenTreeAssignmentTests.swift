import Baton
import BatonTesting
import Testing

@MainActor
@Suite(.isolatedBaton)
struct ScreenTreeAssignmentTests {
    typealias Tree = ScreenTree<TestRoute>

    static let tabsRoute = TestRoute.tabs("main", [.stack("feed"), .screen("settings")])

    // MARK: - Reading

    @Test func anEmptyWindowHasNoTree() throws {
        #expect(try ScreenWindow().screenTree(TestRoute.self) == nil)
    }

    @Test func readingDescribesTheWholeTree() throws {
        let window = ScreenWindow()
        try window.navigate(
            to: .tabs(
                Self.tabsRoute,
                [.stack(.stack("feed"), [.screen("list"), .screen("item")]), Tree(.screen("settings"))],
                selected: 0, presenting: Tree(.screen("login"))))
        let tree = try #require(try window.screenTree(TestRoute.self))
        #expect(tree.description == "main{*feed[list, item], settings} ^ login")
        #expect(tree.count == 6)
        #expect(tree.topRoute == .screen("login"))
    }

    @Test func screensWithoutRouteAreNamed() throws {
        let stack = try StackScreen(root: ScreenModel(name: "list"), name: "feed")
        let window = ScreenWindow()
        try window.setRoot(stack)
        #expect(
            throws: NavigationError.screensWithoutRoute(
                ["feed (StackScreen)", "feed > list (ScreenModel)"], routeType: "TestRoute")
        ) {
            try window.screenTree(TestRoute.self)
        }
    }

    // MARK: - Assigning

    @Test func assigningToAnEmptyWindowMakesEveryScreen() throws {
        let window = ScreenWindow()
        let tree = Tree.stack(.stack("feed"), [.screen("list"), .screen("item")])
        #expect(try window.navigate(to: tree) == .applied)
        #expect(try window.screenTree(TestRoute.self) == tree)
        #expect(window.transitionLog.map(\.description) == ["replaceRoot: → feed"])
    }

    @Test func aNewScreenIsResolvedBeforeWhatItPresents() throws {
        let window = ScreenWindow()
        let coordinator = DependencyCoordinator(name: "order")
        window.dependencyCoordinator = coordinator
        var resolved: [String] = []
        try coordinator.register(
            .direct { (source: NavScreen, destination: NavScreen) in
                resolved.append("\(source.screenName) → \(destination.screenName)")
            })
        try window.navigate(to: Tree.stack(.stack("feed"), [.screen("list")]))
        resolved = []
        // As in an app: the item is pushed (and resolved), then it presents the share sheet.
        try window.navigate(
            to: Tree.stack(
                .stack("feed"), [Tree(.screen("list")), Tree(.screen("item"), presenting: Tree(.screen("share")))]))
        #expect(resolved == ["list → item", "item → share"])
        #expect(window.transitionLog.suffix(2).map(\.description) == ["push: list → item", "present: item → share"])
    }

    @Test func aTopThatDiffersIsOnePush() throws {
        let window = ScreenWindow()
        try window.navigate(to: Tree.stack(.stack("feed"), [.screen("list")]))
        let list = try #require((window.rootScreen as? StackScreen)?.screens.first)
        window.clearLogs()
        try window.navigate(to: Tree.stack(.stack("feed"), [.screen("list"), .screen("item")]))
        #expect(window.transitionLog.map(\.description) == ["push: list → item"])
        #expect((window.rootScreen as? StackScreen)?.screens.first === list)
        try window.navigate(to: Tree.stack(.stack("feed"), [.screen("list"), .screen("other")]))
        #expect(window.transitionLog.map(\.description) == ["push: list → item", "setStack: item → other"])
        try window.navigate(to: Tree.stack(.stack("feed"), [.screen("list")]))
        #expect(window.transitionLog.last?.description == "pop: other → list")
    }

    @Test func aFailingFactoryChangesNothing() throws {
        let window = ScreenWindow()
        try window.navigate(to: Tree.stack(.stack("feed"), [.screen("list")]))
        let before = try window.screenTree(TestRoute.self)
        let faults = NavigationFaults()
        faults.failingNames = ["broken"]
        NavigationFaults.$current.withValue(faults) {
            let error = #expect(throws: NavigationError.self) {
                try window.navigate(
                    to: Tree.stack(.stack("feed"), [.screen("list"), .screen("item"), .screen("broken")]))
            }
            #expect(
                error
                    == .factoryFailed(
                        step: "push onto feed at feed", route: "broken",
                        reason: UnderlyingError(NavigationFaults.Failure(route: "broken"))))
            #expect(
                error?.description
                    == "Could not make broken for push onto feed at feed: no broken today. Nothing changed.")
            #expect((error?.underlying as? NavigationFaults.Failure)?.route == "broken")  // the factory's own error
        }
        #expect(try window.screenTree(TestRoute.self) == before)
        #expect(window.transitionLog.count == 1)
    }

    // MARK: - A stack's route path

    @Test func aRoutePathPushesAndPopsLikeANavigationStack() throws {
        let window = ScreenWindow()
        window.makeVisible()
        try window.navigate(to: Tree.stack(.stack("feed"), [.screen("list")]))
        let stack = try #require(window.rootScreen as? StackScreen)
        #expect(stack.routePath(TestRoute.self) == [])
        // A route appended: one push, made and resolved.
        try stack.setRoutePath([TestRoute.screen("item")])
        #expect(stack.routePath(TestRoute.self) == [.screen("item")])
        let item = stack.topScreen
        try stack.setRoutePath([TestRoute.screen("item"), .screen("more")])
        #expect(stack.screens[1] === item)
        // The last route dropped: one pop.
        try stack.setRoutePath([TestRoute.screen("item")])
        try stack.setRoutePath([TestRoute]())
        #expect(
            window.transitionLog.map(\.description) == [
                "replaceRoot: → feed", "push: list → item", "push: item → more", "pop: more → item", "pop: item → list",
            ])
    }

    @Test func aRoutePathOnAStackWithoutRoutesIsRefused() throws {
        let stack = try StackScreen(root: ScreenModel(name: "list"), name: "plain")
        #expect(stack.routePath(TestRoute.self) == [])
        try stack.push(ScreenModel(name: "detail"))
        #expect(stack.routePath(TestRoute.self) == nil)
        #expect(throws: NavigationError.screensWithoutRoute(["plain", "list"], routeType: "TestRoute")) {
            try stack.setRoutePath([TestRoute.screen("item")])
        }
    }
}
