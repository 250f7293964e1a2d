@_spi(Adapters) import Baton
import BatonTesting
import Testing

/// A list that knows which item is selected, as a model screen or a controller.
@MainActor protocol SelectingList: AnyObject { var selection: Int { get } }
/// An item that a list → item resolver configures.
@MainActor protocol SelectedItem: AnyObject { var selected: Int? { get set } }

final class ShapeListScreen: ScreenModel, SelectingList { let selection = 7 }
final class ShapeItemScreen: ScreenModel, SelectedItem { var selected: Int? }
final class ShapeListController: ModelViewController, SelectingList { let selection = 7 }
final class ShapeItemController: ModelViewController, SelectedItem { var selected: Int? }

/// One app's routes, made as model screens (headless) or as controllers of the UIKit model, the
/// same shapes: a tab container `main` (feed, settings), a stack `feed` rooted at `list`.
enum ShapeRoute: ScreenRoute, CustomStringConvertible {
    case main, feed, list, item(Int), settings, share, login

    var description: String {
        switch self {
        case .item(let id): "item(\(id))"
        case .main: "main"
        case .feed: "feed"
        case .list: "list"
        case .settings: "settings"
        case .share: "share"
        case .login: "login"
        }
    }

    func makeScreen() throws -> ScreenModel {
        switch self {
        case .main: try TabScreen(tabs: [ShapeRoute.feed.screen(), ShapeRoute.settings.screen()], name: "main")
        case .feed: try StackScreen(root: ShapeRoute.list.screen(), name: "feed")
        case .list: ShapeListScreen(name: "list")
        case .item: ShapeItemScreen(name: description)
        case .settings, .share, .login: ScreenModel(name: description)
        }
    }

    @MainActor func makeController(_ uikit: UIKitModel) -> ModelViewController {
        let controller: ModelViewController
        switch self {
        case .main:
            controller = ModelTabBarController(
                viewControllers: [ShapeRoute.feed.makeController(uikit), ShapeRoute.settings.makeController(uikit)],
                storyboardIdentifier: "main", uikit: uikit)
        case .feed:
            controller = ModelNavigationController(
                rootViewController: ShapeRoute.list.makeController(uikit), storyboardIdentifier: "feed", uikit: uikit)
        case .list: controller = ShapeListController(storyboardIdentifier: "list", uikit: uikit)
        case .item: controller = ShapeItemController(storyboardIdentifier: description, uikit: uikit)
        case .settings, .share, .login:
            controller = ModelViewController(storyboardIdentifier: description, uikit: uikit)
        }
        controller.recordedScreenRoute = self
        return controller
    }
}

/// Routes whose notes keep their own context (`.isolate`), as model screens or controllers.
enum IsolatedNoteRoute: ScreenRoute {
    case feed, list, note(Int)

    var wiring: ContextWiring {
        if case .note = self { .isolate } else { .inherit }
    }

    var name: String {
        switch self {
        case .feed: "feed"
        case .list: "list"
        case .note(let id): "note(\(id))"
        }
    }

    func makeScreen() throws -> ScreenModel {
        switch self {
        case .feed: try StackScreen(root: IsolatedNoteRoute.list.screen(), name: name)
        case .list, .note: ScreenModel(name: name)
        }
    }

    @MainActor func makeController(_ uikit: UIKitModel) -> ModelViewController {
        let controller =
            switch self {
            case .feed:
                ModelNavigationController(
                    rootViewController: IsolatedNoteRoute.list.makeController(uikit), storyboardIdentifier: name,
                    uikit: uikit)
            case .list, .note: ModelViewController(storyboardIdentifier: name, uikit: uikit)
            }
        controller.recordedScreenRoute = self
        return controller
    }
}

/// The one navigation plan on both kinds of screens: the same pair of trees gives the same
/// result (the tree shown, or the same error) and the same resolutions, in a model window and in
/// a UIKit window.
@MainActor
@Suite(.isolatedBaton, .lenientMisuse)
struct PlanShapesTests {
    typealias Tree = ScreenTree<ShapeRoute>

    /// Records every resolution, and passes the list's selection to an item pushed right after it.
    private static func coordinator(logging log: @escaping @MainActor (String) -> Void) throws -> DependencyCoordinator
    {
        let coordinator = DependencyCoordinator(name: "app")
        try coordinator.register(
            .direct { (list: any SelectingList, item: any SelectedItem) in item.selected = list.selection })
        try coordinator.register(
            .transition { (transition: ScreenTransition, source: any Screen, destination: any Screen) in
                log("\(transition.kind) \(source.screenName) → \(destination.screenName)")
            })
        try coordinator.register(.destination { (destination: any Screen) in log("→ \(destination.screenName)") })
        return coordinator
    }

    /// What happens in a model window: the outcome, then each resolution.
    private func headless(_ a: Tree, _ b: Tree) throws -> (result: String, log: [String]) {
        var log: [String] = []
        let window = ScreenWindow()
        window.makeVisible()
        window.dependencyCoordinator = try Self.coordinator { log.append($0) }
        do throws(NavigationError) {
            try window.navigate(to: a)
        } catch {
            return ("a: \(Self.kind(of: error)) at \(Self.step(of: error))", log)
        }
        log = []
        let result: String
        do throws(NavigationError) {
            try window.navigate(to: b)
            result = try window.screenTree(ShapeRoute.self)?.description ?? "nil"
        } catch {
            result = "\(Self.kind(of: error)) at \(Self.step(of: error))"
        }
        return (result, log)
    }

    /// What happens in a UIKit window.
    private func uikit(_ a: Tree, _ b: Tree) throws -> (result: String, log: [String]) {
        let uikit = UIKitModel()
        return try UIKitModel.$current.withValue(uikit) {
            var log: [String] = []
            let window = ModelWindow(uikit: uikit)
            window.makeKeyAndVisible()
            window.baton.dependencyCoordinator = try Self.coordinator { log.append($0) }
            do throws(NavigationError) {
                try UIKitNavigation.navigate(window, to: a, animated: false) { $0.makeController(uikit) }
            } catch {
                return ("a: \(Self.kind(of: error)) at \(Self.step(of: error))", log)
            }
            uikit.runLoop()
            log = []
            let result: String
            do throws(NavigationError) {
                try UIKitNavigation.navigate(window, to: b, animated: false) { $0.makeController(uikit) }
                uikit.runLoop()
                result = try UIKitNavigation.screenTree(in: window, as: ShapeRoute.self)?.description ?? "nil"
            } catch {
                result = "\(Self.kind(of: error)) at \(Self.step(of: error))"
            }
            return (result, log)
        }
    }

    private static func kind(of error: NavigationError) -> String {
        switch error {
        case .doesNotFit: "doesNotFit"
        case .factoryFailed: "factoryFailed"
        case .transitionFailed: "transitionFailed"
        case .unresolvedDependency: "unresolvedDependency"
        case .invalidTree: "invalidTree"
        default: "other"
        }
    }

    private static func step(of error: NavigationError) -> String {
        switch error {
        case .doesNotFit(let step, _, _, _), .factoryFailed(let step, _, _), .transitionFailed(let step, _, _),
            .unresolvedDependency(let step, _, _), .invalidTree(let step, _):
            step
        default: ""
        }
    }

    @Test func aListToItemResolverConfiguresAnItemBuiltInsideANewStackInBothKindsOfWindow() throws {
        let a = Tree(.settings)
        let b = Tree.stack(.feed, [.list, .item(1)])
        let model = try headless(a, b)
        let controllers = try uikit(a, b)
        #expect(model.result == "feed[list, item(1)]")
        #expect(controllers.result == model.result)
        #expect(controllers.log == model.log)
        // The item is pushed from the list, as when the app pushes it: the list → item resolver runs.
        #expect(model.log.contains("push list → item(1)"), "\(model.log)")
        let window = ScreenWindow()
        window.makeVisible()
        window.dependencyCoordinator = try Self.coordinator { _ in }
        try window.navigate(to: b)
        #expect((window.topScreen as? ShapeItemScreen)?.selected == 7)
        try UIKitModel.$current.withValue(UIKitModel()) {
            let uikit = UIKitModel.current
            let window = ModelWindow(uikit: uikit)
            window.makeKeyAndVisible()
            window.baton.dependencyCoordinator = try Self.coordinator { _ in }
            try UIKitNavigation.navigate(window, to: b, animated: false) { $0.makeController(uikit) }
            let feed = try #require(window.rootViewController as? ModelNavigationController)
            #expect((feed.children.last as? ShapeItemController)?.selected == 7)
        }
    }

    @Test func aTabThatCannotBeKeptMakesItsTabContainerNewInBothKindsOfWindow() throws {
        let a = Tree.tabs(.main, [.stack(.feed, [.list, .item(1)]), Tree(.settings)], selected: 0)
        let b = Tree.tabs(.main, [.stack(.feed, [Tree]()), Tree(.settings)], selected: 1)
        let model = try headless(a, b)
        let controllers = try uikit(a, b)
        // A new `main` whose factory made `feed` with its list cannot show an empty feed.
        #expect(model.result == "doesNotFit at main > feed")
        #expect(controllers.result == model.result)
    }

    /// A stack's new controllers are wired each to the one below it, as a model stack's screens are,
    /// whoever begins the stack change's transition (the assignment hands its own to
    /// `UIKitEvents.setStack`): in a new stack, and below a new top pushed onto a shown one. The
    /// notes' routes ask for `.isolate`, which neither kind of window applies inside a stack.
    @Test func newControllersInAStackAreWiredToTheOneBelowInBothKindsOfWindow() throws {
        let first = ScreenTree<IsolatedNoteRoute>.stack(.feed, [.list, .note(1), .note(2)])
        let second = ScreenTree<IsolatedNoteRoute>.stack(.feed, [.list, .note(1), .note(2), .note(3), .note(4)])
        func parents(_ screens: [any Screen]) -> [String] {
            screens.map { "\($0.screenName): \($0.context.parent?.name ?? "none")" }
        }
        let window = ScreenWindow()
        window.makeVisible()
        try window.navigate(to: first)
        #expect(
            parents((window.rootScreen as? StackScreen)?.screens ?? [])
                == ["list: feed", "note(1): list", "note(2): note(1)"])
        try window.navigate(to: second)
        #expect(
            parents((window.rootScreen as? StackScreen)?.screens ?? []).prefix(4)
                == ["list: feed", "note(1): list", "note(2): note(1)", "note(3): note(2)"])
        let uikit = UIKitModel()
        try UIKitModel.$current.withValue(uikit) {
            let window = ModelWindow(uikit: uikit)
            window.makeKeyAndVisible()
            try UIKitNavigation.navigate(window, to: first, animated: false) { $0.makeController(uikit) }
            uikit.runLoop()
            let feed = try #require(window.rootViewController as? ModelNavigationController)
            #expect(parents(feed.children) == ["list: feed", "note(1): list", "note(2): note(1)"])
            try UIKitNavigation.navigate(window, to: second, animated: false) { $0.makeController(uikit) }
            uikit.runLoop()
            #expect(
                parents(feed.children).prefix(4) == [
                    "list: feed", "note(1): list", "note(2): note(1)", "note(3): note(2)",
                ])
        }
    }

    /// Random trees the factories can make: tabs `main` or a stack `feed`, items pushed, at most a
    /// presentation chain from the visible leaf, and sometimes an empty feed.
    private static func tree(_ random: inout TreeRandom) -> Tree {
        func next(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        var presented: Tree?
        for _ in 0..<(next(4) == 0 ? 2 : next(2)) {
            presented = Tree([ShapeRoute.share, .login][next(2)], presenting: presented)
        }
        func feed(presenting: Tree?) -> Tree {
            if next(8) == 0 { return .stack(.feed, [Tree]()) }
            var screens = [Tree(.list)] + (0..<next(4)).map { _ in Tree(.item(next(3))) }
            screens[screens.count - 1].presented = presenting
            return .stack(.feed, screens)
        }
        if next(3) == 0 { return feed(presenting: presented) }
        let selected = next(2)
        return .tabs(
            .main,
            [
                feed(presenting: selected == 0 ? presented : nil),
                Tree(.settings, presenting: selected == 1 ? presented : nil),
            ],
            selected: selected)
    }

    /// 100 pairs in all, in batches run one after another: the model's controllers live on the
    /// main actor, so each pair hands it on, and the suite's async tests never wait behind more
    /// than one pair.
    @Test(.heavyOnTheMainActor, arguments: 0..<4)
    func randomPairsGiveTheSameResultAndResolutionsInBothKindsOfWindow(batch: Int) async throws {
        var compared = 0
        var applied = 0
        for index in 0..<25 {
            await shareTheMainActor(at: index, every: 1)
            var random = TreeRandom(seed: batch * 1000 + index)
            let (a, b) = (Self.tree(&random), Self.tree(&random))
            let model = try headless(a, b)
            let controllers = try uikit(a, b)
            #expect(controllers.result == model.result, "\(a) then \(b)")
            #expect(controllers.log == model.log, "\(a) then \(b)")
            compared += 1
            if model.result == b.description { applied += 1 }
        }
        #expect(compared == 25)
        // Most pairs are shown, not refused, or a pass proves little.
        #expect(applied > 12, "\(applied) of 25 applied")
    }
}
