@_spi(Adapters) import Baton
import BatonTesting
import Foundation
import Testing

/// The routes of a UIKit app in these tests: a tab bar controller `main` with a navigation
/// controller `feed` (rooted at `list`) and `settings`.
enum UIRoute: ScreenRoute {
    case main, feed, list, item(Int), settings, share, login, note(Int), startup, splash

    func makeScreen() throws -> ScreenModel { throw RefusedRoute(route: "\(self) in a model window") }
}

struct RefusedRoute: Error, CustomStringConvertible {
    let route: String
    var description: String { "no \(route)" }
}

/// The app's route → controller factory, and what its controllers saw.
@MainActor
final class UIKitRouteFactory {
    let uikit: UIKitModel
    var refused: Set<UIRoute> = []
    private(set) var made: [String] = []
    /// "name phase" for each appearance callback of a controller this factory made.
    var appearances: [String] = []
    /// Called when a made controller gets an appearance callback.
    var onAppearance: ((ModelViewController, LifecyclePhase) -> Void)?

    init(_ uikit: UIKitModel) { self.uikit = uikit }

    func make(_ route: UIRoute) throws -> ModelViewController {
        if refused.contains(route) { throw RefusedRoute(route: "\(route)") }
        made.append("\(route)")
        let controller: ModelViewController
        switch route {
        case .main:
            controller = ModelTabBarController(
                viewControllers: [try make(.feed), try make(.settings)], storyboardIdentifier: "main", uikit: uikit)
        case .feed:
            controller = ModelNavigationController(
                rootViewController: try make(.list), storyboardIdentifier: "feed", uikit: uikit)
        case .list:
            controller = ListViewController(storyboardIdentifier: "list", uikit: uikit)
        case .item(let id):
            controller = DetailViewController(storyboardIdentifier: "item(\(id))", uikit: uikit)
        case .startup:
            controller = ModelHoppingViewController(storyboardIdentifier: "startup", uikit: uikit)
        case .settings, .share, .login, .note, .splash:
            controller = ModelViewController(storyboardIdentifier: "\(route)", uikit: uikit)
        }
        controller.recordedScreenRoute = route
        controller.onAppearance = { [weak self, weak controller] phase in
            guard let self, let controller else { return }
            appearances.append("\(controller.screenName) \(phase)")
            onAppearance?(controller, phase)
        }
        return controller
    }
}

/// Assigning a screen tree to UIKit containers on the model of UIKit: UIKit's own calls, once
/// each, atomically, with the controllers that stay kept.
@MainActor
@Suite(.lenientMisuse)
struct UIKitNavigationTests {
    typealias Tree = ScreenTree<UIRoute>

    private func inUIKit(
        _ behaviour: UIKitModel.Behaviour = .init(), installed: Bool = true,
        _ body: (UIKitModel, UIKitRouteFactory, ModelWindow) throws -> Void
    ) throws {
        let uikit = UIKitModel(behaviour, isInstalled: installed)
        try UIKitModel.$current.withValue(uikit) {
            let window = ModelWindow(uikit: uikit)
            window.makeKeyAndVisible()
            try body(uikit, UIKitRouteFactory(uikit), window)
        }
    }

    @discardableResult
    private func navigate(
        _ window: ModelWindow, to tree: Tree, _ factory: UIKitRouteFactory, animated: Bool = false
    ) throws(NavigationError) -> NavigationOutcome {
        let outcome = try UIKitNavigation.navigate(window, to: tree, animated: animated) { try factory.make($0) }
        factory.uikit.runLoop()
        return outcome
    }

    private func read(_ window: ModelWindow) throws -> String {
        try UIKitNavigation.screenTree(in: window, as: UIRoute.self).map(\.description) ?? "nil"
    }

    private func start(_ window: ModelWindow, _ factory: UIKitRouteFactory, _ tree: Tree) throws {
        try navigate(window, to: tree, factory)
        factory.uikit.calls = []
        factory.appearances = []
        window.baton.clearLogs()
    }

    private static let feed42: Tree = .tabs(.main, [.stack(.feed, [.list, .item(42)]), Tree(.settings)], selected: 0)

    private func controller(_ window: ModelWindow, _ path: Int...) -> ModelViewController? {
        var current: ModelViewController? = window.rootViewController
        for index in path { current = current?.children[index] }
        return current
    }

    // MARK: - Reading

    @Test func readingFollowsTheContainersAndTheControllerPresentWasCalledOn() throws {
        try inUIKit { uikit, factory, window in
            let main = try factory.make(.main)
            window.setRootViewController(main)
            let feed = try #require(main.children.first as? ModelNavigationController)
            let item = try factory.make(.item(42))
            feed.pushViewController(item, animated: false)
            uikit.runLoop()
            item.present(try factory.make(.share))
            uikit.runLoop()

            // UIKit presents from the presentation context (main), but item called present.
            #expect(main.presentedViewController?.screenName == "share")
            #expect(try read(window) == "main{*feed[list, item(42) ^ share], settings}")
            #expect(try UIKitNavigation.screenTree(in: ModelWindow(uikit: uikit), as: UIRoute.self) == nil)
        }
    }

    @Test func savingLeavesOutControllersWithoutARouteAndSavesTheRest() throws {
        try inUIKit { uikit, factory, window in
            try start(window, factory, Self.feed42)
            let feed = try #require(controller(window, 0) as? ModelNavigationController)
            // A controller pushed by hand, with a routed one above it; an alert presented from item.
            feed.pushViewController(DetailViewController(storyboardIdentifier: "detail"), animated: false)
            feed.pushViewController(try factory.make(.item(7)), animated: false)
            uikit.runLoop()
            let settings = try #require(controller(window, 1))
            settings.present(ModelViewController(storyboardIdentifier: "alert", uikit: uikit))
            uikit.runLoop()

            let saved = try #require(try UIKitNavigation.saveScreenTree(in: window, as: UIRoute.self))

            #expect(
                try JSONDecoder().decode(Tree.self, from: Data(saved.json.utf8))
                    == .tabs(.main, [.stack(.feed, [.list, .item(42)]), Tree(.settings)], selected: 0))
            #expect(
                saved.leftOut.map(\.description) == [
                    "Left out main > feed > DetailViewController when saving: it has no UIRoute route; make it with"
                        + " route.screen(), or adopt RoutedScreen in its type; the 1 screens above it are left out"
                        + " with it.",
                    "Left out main > settings ^ ModelViewController when saving: it has no UIRoute route; make it"
                        + " with route.screen(), or adopt RoutedScreen in its type.",
                ])
        }
    }

    @Test func readingNamesEveryControllerWithoutARoute() throws {
        try inUIKit { uikit, factory, window in
            try start(window, factory, Self.feed42)
            let feed = try #require(controller(window, 0) as? ModelNavigationController)
            feed.pushViewController(DetailViewController(storyboardIdentifier: "detail"), animated: false)
            uikit.runLoop()

            #expect(throws: NavigationError.self) { try read(window) }
            do throws(NavigationError) {
                _ = try UIKitNavigation.screenTree(in: window, as: UIRoute.self)
            } catch {
                #expect(
                    error
                        == .viewControllersWithoutRoute(
                            ["main > feed > detail (DetailViewController)"], routeType: "UIRoute"))
                // The UIKit fixes, not a model screen's.
                #expect(
                    error.description
                        == "These view controllers have no UIRoute route: main > feed > detail (DetailViewController)."
                        + " Make them through their routes (UIRoute.….viewController()); for a storyboard segue's"
                        + " destination, name its route in prepare(for:sender:) (segue.setDestinationRoute(UIRoute.…))."
                        + " One meant to have none (an alert, a share sheet, a controller whose isRouteless is true) is"
                        + " left out when the window's tree is saved (saveScreenTree(_:)), not when it is read.")
            }
        }
    }

    // MARK: - Assigning with UIKit's calls, once each

    @Test func aWholeTreeInAnEmptyWindowSetsTheRootOnceAndOnlyTheVisibleTopAppears() throws {
        try inUIKit { uikit, factory, window in
            var resolved: [String] = []
            try window.baton.dependencyCoordinator.register(
                .destination { (detail: DetailViewController) in resolved.append(detail.screenName) })

            #expect(try navigate(window, to: Self.feed42, factory) == .applied)

            #expect(try read(window) == "main{*feed[list, item(42)], settings}")
            // The factory's own push, the new stack set while it is not shown, then the root.
            #expect(
                uikit.calls == [
                    "push list on feed", "setViewControllers [list, item(42)] on feed", "rootViewController = main",
                ])
            // UIKit forwards the root's callbacks to the visible children only: list gets none.
            #expect(
                factory.appearances == [
                    "main willAppear", "feed willAppear", "item(42) willAppear", "main didAppear", "feed didAppear",
                    "item(42) didAppear",
                ])
            #expect(resolved == ["item(42)"])
            #expect(window.baton.transitionLog.map(\.description) == ["replaceRoot: → main"])
            let list = try #require(controller(window, 0, 0))
            let item = try #require(controller(window, 0, 1))
            #expect(item.context.parent === list.context)
            #expect(list.context.parent === controller(window, 0)?.context)
            #expect(controller(window)?.context.parent === window.baton.context)
        }
    }

    @Test func aChangedStackIsOneSetViewControllersThatKeepsTheControllersBelow() throws {
        for behaviour in UIKitModel.Behaviour.all {
            try inUIKit(behaviour) { uikit, factory, window in
                try start(window, factory, Self.feed42)
                let main = controller(window)
                let list = controller(window, 0, 0)
                weak let item42 = controller(window, 0, 1)
                var resolved: [String] = []
                try window.baton.dependencyCoordinator.register(
                    .destination { (detail: DetailViewController) in resolved.append(detail.screenName) })

                try navigate(
                    window,
                    to: .tabs(.main, [.stack(.feed, [.list, .item(7), .item(8)]), Tree(.settings)], selected: 0),
                    factory)

                #expect(try read(window) == "main{*feed[list, item(7), item(8)], settings}")
                #expect(uikit.calls == ["setViewControllers [list, item(7), item(8)] on feed"])
                #expect(controller(window) === main && controller(window, 0, 0) === list)
                // setViewControllers:animated: sends callbacks to the old and the new top only.
                #expect(
                    factory.appearances == [
                        "item(42) willDisappear", "item(8) willAppear", "item(42) didDisappear", "item(8) didAppear",
                    ])
                #expect(resolved == ["item(7)", "item(8)"])
                #expect(window.baton.transitionLog.map(\.description) == ["setStack: item(42) → item(8)"])
                #expect(controller(window, 0, 2)?.context.parent === controller(window, 0, 1)?.context)
                #expect(item42 == nil)
                #expect(uikit.errors.isEmpty)
            }
        }
    }

    @Test func popingToAKeptControllerIsOneSetViewControllersAndFreesThePopped() throws {
        try inUIKit { uikit, factory, window in
            try start(
                window, factory,
                .tabs(.main, [.stack(.feed, [.list, .item(1), .item(2), .item(3)]), Tree(.settings)], selected: 0))
            weak let item2 = controller(window, 0, 2)
            weak let item3 = controller(window, 0, 3)
            let item1 = controller(window, 0, 1)

            try navigate(
                window, to: .tabs(.main, [.stack(.feed, [.list, .item(1)]), Tree(.settings)], selected: 0), factory)

            #expect(uikit.calls == ["setViewControllers [list, item(1)] on feed"])
            #expect(controller(window, 0, 1) === item1)
            #expect(
                factory.appearances == [
                    "item(3) willDisappear", "item(1) willAppear", "item(3) didDisappear", "item(1) didAppear",
                ])
            #expect(factory.made.isEmpty == false)
            #expect(item2 == nil && item3 == nil)
        }
    }

    @Test func aTabSelectionIsOneCallAndChangesInTheNewTabComeFirst() throws {
        try inUIKit { uikit, factory, window in
            try start(
                window, factory,
                .tabs(.main, [Tree(.feed), Tree(.settings)], selected: 1))

            try navigate(window, to: Self.feed42, factory)

            #expect(try read(window) == "main{*feed[list, item(42)], settings}")
            #expect(uikit.calls == ["setViewControllers [list, item(42)] on feed", "selectedIndex = 0 on main"])
            #expect(
                factory.appearances == [
                    "settings willDisappear", "feed willAppear", "item(42) willAppear", "settings didDisappear",
                    "feed didAppear", "item(42) didAppear",
                ])
        }
    }

    @Test func eachPresentationThatComesOrGoesIsOnePresentOrDismiss() throws {
        try inUIKit { uikit, factory, window in
            try start(window, factory, Self.feed42)
            let item = controller(window, 0, 1)
            let presenting = { (route: UIRoute?) -> Tree in
                .tabs(
                    .main,
                    [
                        .stack(.feed, [Tree(.list), Tree(.item(42), presenting: route.map { Tree($0) })]),
                        Tree(.settings),
                    ],
                    selected: 0)
            }

            try navigate(window, to: presenting(.share), factory)
            #expect(uikit.calls == ["present share on item(42)"])
            #expect(try read(window) == "main{*feed[list, item(42) ^ share], settings}")
            weak let share = item?.presentedViewController
            #expect(share?.context.parent === item?.context)

            uikit.calls = []
            try navigate(window, to: presenting(.login), factory)
            #expect(uikit.calls == ["dismiss on item(42)", "present login on item(42)"])
            #expect(try read(window) == "main{*feed[list, item(42) ^ login], settings}")
            #expect(share == nil)

            uikit.calls = []
            try navigate(window, to: presenting(.login), factory)
            #expect(uikit.calls.isEmpty)

            uikit.calls = []
            try navigate(window, to: presenting(nil), factory)
            #expect(uikit.calls == ["dismiss on item(42)"])
            #expect(try read(window) == "main{*feed[list, item(42)], settings}")
            #expect(uikit.errors.isEmpty)
        }
    }

    @Test func aPresentationTheTreeAsksForAsACoverIsPresentedFullScreenAndPresentedAgainWhenItsStyleChanges() throws {
        try inUIKit { uikit, factory, window in
            try start(window, factory, Self.feed42)
            let item = controller(window, 0, 1)
            let presenting = { (style: PresentationStyle?) -> Tree in
                .tabs(
                    .main,
                    [
                        .stack(.feed, [Tree(.list), Tree(.item(42), presenting: Tree(.share), style: style)]),
                        Tree(.settings),
                    ],
                    selected: 0)
            }

            try navigate(window, to: presenting(.fullScreenCover), factory)
            weak let cover = item?.presentedViewController
            #expect(cover?.presentationStyle == .fullScreen)
            #expect(item?.isOnScreen == false)

            uikit.calls = []
            try navigate(window, to: presenting(nil), factory)
            #expect(uikit.calls.isEmpty)
            try navigate(window, to: presenting(.fullScreenCover), factory)
            #expect(uikit.calls.isEmpty)

            try navigate(window, to: presenting(.sheet), factory)
            #expect(uikit.calls == ["dismiss on item(42)", "present share on item(42)"])
            #expect(cover == nil)
            #expect(item?.presentedViewController?.presentationStyle == .pageSheet)
            #expect(item?.isOnScreen == true)
            #expect(uikit.errors.isEmpty)
        }
    }

    @Test func anAnimatedDismissalIsFollowedByThePresentationInItsCompletion() throws {
        try inUIKit { uikit, factory, window in
            try start(
                window, factory,
                .tabs(.main, [.stack(.feed, [Tree(.list, presenting: Tree(.share))]), Tree(.settings)], selected: 0))

            try UIKitNavigation.navigate(
                window,
                to: .tabs(
                    .main, [.stack(.feed, [Tree(.list, presenting: Tree(.login))]), Tree(.settings)], selected: 0),
                animated: true
            ) { try factory.make($0) }
            #expect(uikit.calls == ["dismiss on list"])
            uikit.runLoop()

            #expect(uikit.calls == ["dismiss on list", "present login on list"])
            #expect(try read(window) == "main{*feed[list ^ login], settings}")
        }
    }

    @Test func anEqualTreeMakesNoCallAndNoController() throws {
        try inUIKit { uikit, factory, window in
            try start(window, factory, Self.feed42)
            let tree = try #require(try UIKitNavigation.screenTree(in: window, as: UIRoute.self))
            let made = factory.made

            try navigate(window, to: tree, factory)

            #expect(uikit.calls.isEmpty)
            #expect(factory.made == made)
            #expect(window.baton.transitionLog.isEmpty)
        }
    }

    @Test func aNewRootReplacesTheOldOneAndDismissesWhatItPresented() throws {
        try inUIKit { uikit, factory, window in
            try start(
                window, factory,
                .tabs(.main, [.stack(.feed, [Tree(.list, presenting: Tree(.share))]), Tree(.settings)], selected: 0))
            weak let main = controller(window)
            weak let share = controller(window)?.presentedViewController

            try navigate(window, to: .stack(.feed, [.list, .item(1)]), factory)

            #expect(
                uikit.calls == [
                    "push list on feed", "setViewControllers [list, item(1)] on feed", "dismiss on list",
                    "rootViewController = feed",
                ])
            #expect(try read(window) == "feed[list, item(1)]")
            #expect(main == nil)
            #expect(share == nil)
        }
    }

    // MARK: - Atomic

    @Test func aFactoryThatThrowsLeavesEverythingAsItWasAndCallsNoUIKitMethod() throws {
        try inUIKit { uikit, factory, window in
            try start(window, factory, Self.feed42)
            let before = try read(window)
            let item42 = controller(window, 0, 1)
            factory.refused = [.item(8)]
            var made: [ModelViewController] = []
            let target: Tree = .tabs(
                .main,
                [
                    .stack(.feed, [Tree(.list), Tree(.item(7)), Tree(.item(8), presenting: Tree(.share))]),
                    Tree(.settings),
                ],
                selected: 1)

            #expect(throws: NavigationError.self) {
                try UIKitNavigation.navigate(window, to: target, animated: false) { route in
                    let controller = try factory.make(route)
                    made.append(controller)
                    return controller
                }
            }
            do throws(NavigationError) {
                try navigate(window, to: target, factory)
            } catch {
                #expect(
                    error.description
                        == "Could not make item(8) for push onto feed at main > feed: no item(8). Nothing changed.")
            }

            #expect(uikit.calls.isEmpty)
            #expect(try read(window) == before)
            #expect(controller(window, 0, 1) === item42)
            #expect(made.map(\.screenName) == ["item(7)"])
            #expect(made.first?.context.parent == nil)
            weak let item7 = made.first
            made = []
            #expect(item7 == nil)
        }
    }

    @Test func aResolverThatThrowsLeavesEverythingAsItWas() throws {
        try inUIKit { uikit, factory, window in
            try start(window, factory, Self.feed42)
            try window.baton.dependencyCoordinator.register(
                .destination { (detail: DetailViewController) in
                    if detail.screenName == "item(8)" { throw RefusedRoute(route: "item 8 for this user") }
                })

            do throws(NavigationError) {
                try navigate(
                    window,
                    to: .tabs(.main, [.stack(.feed, [.list, .item(7), .item(8)]), Tree(.settings)], selected: 0),
                    factory)
                Issue.record("the resolver did not stop the assignment")
            } catch {
                guard case .transitionFailed(let step, let route, _) = error else {
                    Issue.record("\(error)")
                    return
                }
                #expect(step == "push onto feed at main > feed")
                #expect(route == "item(8)")
            }
            #expect(uikit.calls.isEmpty)
            #expect(try read(window) == "main{*feed[list, item(42)], settings}")
        }
    }

    @Test func aFactoryThatReturnsAControllerAlreadyShownOrTwiceIsRefused() throws {
        try inUIKit { uikit, factory, window in
            try start(window, factory, Self.feed42)
            let list = try #require(controller(window, 0, 0))
            let cached = try factory.make(.item(7))
            let target: Tree = .tabs(
                .main, [.stack(.feed, [.list, .item(7), .item(7)]), Tree(.settings)], selected: 0)

            let refusal = { (controller: ModelViewController) -> String in
                do throws(NavigationError) {
                    try UIKitNavigation.navigate(window, to: target, animated: false) { _ in controller }
                    return "assigned"
                } catch {
                    return error.description
                }
            }
            #expect(
                refusal(list)
                    == "Could not make item(7) for push onto feed at main > feed: it made list, which is already shown;"
                    + " make a new controller. Nothing changed.")
            #expect(
                refusal(cached)
                    == "Could not make item(7) for push onto feed at main > feed: it made item(7), which this tree"
                    + " already shows elsewhere; make a new screen. Nothing changed.")
            #expect(uikit.calls.isEmpty)
            #expect(try read(window) == "main{*feed[list, item(42)], settings}")
        }
    }

    @Test func aContainerTheTreeDoesNotHaveIsNamedWithWhatExists() throws {
        try inUIKit { uikit, factory, window in
            try start(window, factory, Self.feed42)

            do throws(NavigationError) {
                try navigate(
                    window, to: .tabs(.main, [.stack(.feed, [.list]), .stack(.settings, [.list])], selected: 0), factory
                )
                Issue.record("assigned a stack to settings")
            } catch {
                #expect(
                    error.description
                        == "settings at main > settings cannot show what the tree asks for: expected a navigation"
                        + " controller, found settings. Nothing changed.")
            }
            do throws(NavigationError) {
                try navigate(window, to: .tabs(.main, [Tree(.feed), Tree(.login)], selected: 0), factory)
                Issue.record("assigned other tabs")
            } catch {
                #expect(
                    error.description
                        == "main at main cannot show what the tree asks for: expected a tab bar controller with the"
                        + " tabs feed, login, found main with the tabs feed, settings. Nothing changed.")
            }
            // A tab that cannot be kept makes its tab bar controller new, as in a model window: only
            // the pushes inside the two new `main`s the factory made, no call on a shown controller.
            #expect(uikit.calls == ["push list on feed", "push list on feed"])
            #expect(try read(window) == "main{*feed[list, item(42)], settings}")
        }
    }

    // MARK: - Size and leaks

    @Test func aHundredDeepStackIsOneCallAndPoppingItFreesEveryController() throws {
        try inUIKit { uikit, factory, window in
            try start(window, factory, Self.feed42)
            let deep: Tree = .tabs(
                .main, [.stack(.feed, [Tree(.list)] + (1...100).map { Tree(.item($0)) }), Tree(.settings)], selected: 0)

            try navigate(window, to: deep, factory)
            #expect(uikit.calls.count == 1)
            #expect(try UIKitNavigation.screenTree(in: window, as: UIRoute.self) == deep)
            #expect(
                factory.appearances == [
                    "item(42) willDisappear", "item(100) willAppear", "item(42) didDisappear", "item(100) didAppear",
                ])

            var weakItems: [WeakBox] = []
            for index in 1...100 { weakItems.append(WeakBox(controller(window, 0, index))) }
            uikit.calls = []
            try navigate(window, to: Self.feed42, factory)
            #expect(uikit.calls == ["setViewControllers [list, item(42)] on feed"])
            #expect(weakItems.filter { $0.object != nil }.count == 0)
            #expect(weakItems.compactMap { ($0.object as? ModelViewController)?.screenName }.prefix(3) == [])
        }
    }

    @Test func aHundredPresentationsDeepArePresentedOnceEachInOrder() throws {
        try inUIKit { uikit, factory, window in
            try start(window, factory, Self.feed42)
            var presented: Tree? = nil
            for index in stride(from: 100, through: 1, by: -1) { presented = Tree(.note(index), presenting: presented) }
            let deep: Tree = .tabs(
                .main, [.stack(.feed, [Tree(.list), Tree(.item(42), presenting: presented)]), Tree(.settings)],
                selected: 0)

            try navigate(window, to: deep, factory)
            #expect(uikit.calls.count == 100)
            #expect(uikit.calls.first == "present note(1) on item(42)")
            #expect(uikit.calls.last == "present note(100) on note(99)")
            #expect(try UIKitNavigation.screenTree(in: window, as: UIRoute.self) == deep)

            let first = controller(window, 0, 1)?.presentedViewController
            weak let last = window.rootViewController?.presentedViewController
            uikit.calls = []
            try navigate(window, to: Self.feed42, factory)
            #expect(uikit.calls == ["dismiss on item(42)"])
            #expect(first?.presentingViewController == nil)
            #expect(last == nil || last === first)
        }
    }

    // MARK: - Re-entrancy

    @Test func anAssignmentARootsDidAppearRequestsRunsAfterTheRunningOne() throws {
        try inUIKit { uikit, factory, window in
            var outcomes: [NavigationOutcome] = []
            factory.onAppearance = { controller, phase in
                guard controller.screenName == "item(42)", phase == .didAppear, outcomes.isEmpty else { return }
                outcomes.append(
                    (try? UIKitNavigation.navigate(
                        window, to: .tabs(.main, [Tree(.feed), Tree(.settings)], selected: 1), animated: false
                    ) {
                        try factory.make($0)
                    }) ?? .applied)
            }
            try navigate(window, to: .stack(.feed, [.list, .item(42)]), factory)
            // The root's callbacks come inside `rootViewController =`: the request waits for the assignment.
            #expect(outcomes == [.queued])
            #expect(try read(window) == "main{feed[list], *settings}")
        }
    }

    @Test func anAssignmentAResolverRequestsRunsAfterTheRunningOne() throws {
        try inUIKit { uikit, factory, window in
            try start(window, factory, Self.feed42)
            var outcomes: [NavigationOutcome] = []
            try window.baton.dependencyCoordinator.register(
                .destination { (detail: DetailViewController) in
                    guard detail.screenName == "item(7)" else { return }
                    outcomes.append(
                        try UIKitNavigation.navigate(
                            window,
                            to: .tabs(.main, [.stack(.feed, [.list, .item(9)]), Tree(.settings)], selected: 0),
                            animated: false
                        ) { try factory.make($0) })
                })

            try navigate(
                window, to: .tabs(.main, [.stack(.feed, [.list, .item(7)]), Tree(.settings)], selected: 0), factory)

            #expect(outcomes == [.queued])
            #expect(try read(window) == "main{*feed[list, item(9)], settings}")
            #expect(
                uikit.calls == [
                    "setViewControllers [list, item(7)] on feed", "setViewControllers [list, item(9)] on feed",
                ])
        }
    }

    // MARK: - Start-up flows

    @Test func aLinkDuringAStartUpFlowWaitsForItsMainScreenInOrder() throws {
        try inUIKit { uikit, factory, window in
            try start(window, factory, Tree(.startup))
            let startup = try #require(window.rootViewController as? ModelHoppingViewController)
            let splash = try factory.make(.splash)
            try startup.hop(to: splash) { try? startup.hop(to: factory.make(.main), then: nil) }
            uikit.runLoop()
            uikit.calls = []

            let first = try navigate(window, to: .hopping(.startup, to: Self.feed42), factory)
            let second = try navigate(
                window,
                to: .hopping(
                    .startup, to: .tabs(.main, [Tree(.feed), Tree(.settings, presenting: Tree(.share))], selected: 1)),
                factory)

            #expect(first == .waiting(for: "startup"))
            #expect(second == .waiting(for: "startup"))
            #expect(uikit.calls.isEmpty)
            #expect(try read(window) == "startup(splash)")

            try splash.unhop()
            uikit.runLoop()

            #expect(try read(window) == "startup(main{feed[list, item(42)], *settings ^ share})")
            #expect(
                uikit.calls == [
                    "push list on feed", "setViewControllers [list, item(42)] on feed", "selectedIndex = 1 on main",
                    "present share on settings",
                ])
        }
    }

    @Test func aStepThatDiffersOnceTheFlowIsAtItsMainScreenIsNamed() throws {
        try inUIKit { uikit, factory, window in
            try start(window, factory, Tree(.startup))
            let startup = try #require(window.rootViewController as? ModelHoppingViewController)
            try startup.hop(to: factory.make(.main), then: nil)
            uikit.runLoop()

            do throws(NavigationError) {
                try navigate(window, to: .hopping(.startup, to: Tree(.login)), factory)
                Issue.record("hopped")
            } catch {
                #expect(
                    error.description
                        == "startup at startup cannot show what the tree asks for: expected a hopping container showing"
                        + " login, found startup showing main (a hopping view controller changes its step only by"
                        + " hopping). Nothing changed.")
            }
        }
    }

    // MARK: - Without the adapter installed

    @Test func withoutInstallTheAssignmentStillWiresAndUnwires() throws {
        try inUIKit(installed: false) { uikit, factory, window in
            try start(window, factory, Self.feed42)
            let item42 = try #require(controller(window, 0, 1))
            #expect(item42.context.parent === controller(window, 0, 0)?.context)

            try navigate(
                window,
                to: .tabs(
                    .main, [.stack(.feed, [Tree(.list), Tree(.item(7), presenting: Tree(.share))]), Tree(.settings)],
                    selected: 0),
                factory)

            #expect(uikit.calls == ["setViewControllers [list, item(7)] on feed", "present share on item(7)"])
            #expect(try read(window) == "main{*feed[list, item(7) ^ share], settings}")
            #expect(item42.context.parent == nil)
            #expect(
                window.baton.transitionLog.map(\.description) == [
                    "setStack: item(42) → item(7)", "present: item(7) → share",
                ])
        }
    }

    // MARK: - Restoration

    @Test func restoringASavedTreeKeepsThePartThatStillFits() throws {
        try inUIKit { uikit, factory, window in
            try start(window, factory, Self.feed42)
            let saved = try SavedScreenTree(
                Tree.tabs(
                    .main, [.stack(.feed, [Tree(.list), Tree(.item(5), presenting: Tree(.share))]), Tree(.settings)],
                    selected: 0))
            factory.refused = [.share]

            let dropped = try UIKitNavigation.restoreScreenTree(saved, as: UIRoute.self, in: window, animated: false) {
                try factory.make($0)
            }
            uikit.runLoop()

            #expect(
                dropped.map(\.description) == [
                    "Left out main > feed > item(5) ^ share when restoring: Could not make share for presentation from item(5) at main > feed > item(5): no share."
                ])
            #expect(try read(window) == "main{*feed[list, item(5)], settings}")
        }
    }
}

/// An object held weakly.
@MainActor
final class WeakBox {
    weak var object: AnyObject?
    init(_ object: AnyObject?) { self.object = object }
}

/// Random pairs of trees: assigning b over a shows b, with at most one UIKit call per container
/// and the controllers of the common part kept.
@MainActor
@Suite(.lenientMisuse)
struct UIKitNavigationPropertyTests {
    typealias Tree = ScreenTree<UIRoute>

    /// A deterministic generator (SplitMix64), so that a failure names a seed that reproduces it.
    private struct Random {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    private func presentation(_ random: inout Random) -> Tree? {
        let depth = random.next(4) == 0 ? 2 : random.next(2)
        var tree: Tree?
        for _ in 0..<depth {
            tree = Tree([UIRoute.share, .login, .note(random.next(3))][random.next(3)], presenting: tree)
        }
        return tree
    }

    private func feed(_ random: inout Random, presenting: Tree?) -> Tree {
        var screens = [Tree(.list)] + (0..<random.next(4)).map { _ in Tree(.item(random.next(4))) }
        screens[screens.count - 1].presented = presenting
        return .stack(.feed, screens)
    }

    /// A tree the factory can make: tabs `main` (feed, settings) or a `feed` stack; at most one
    /// presenter, on the visible leaf.
    private func tree(_ random: inout Random) -> Tree {
        let presented = presentation(&random)
        if random.next(3) == 0 { return feed(&random, presenting: presented) }
        let selected = random.next(2)
        let feed = feed(&random, presenting: selected == 0 ? presented : nil)
        return .tabs(.main, [feed, Tree(.settings, presenting: selected == 1 ? presented : nil)], selected: selected)
    }

    /// The controllers of `window` by their place in the tree (`0/1`, `0/1^`), for identity checks.
    private func controllers(_ window: ModelWindow) -> [String: ObjectIdentifier] {
        var result: [String: ObjectIdentifier] = [:]
        func visit(_ screen: any Screen, _ path: String) {
            result[path] = ObjectIdentifier(screen)
            if screen is ModelNavigationController || screen is ModelTabBarController {
                for (index, child) in screen.childScreens.enumerated() { visit(child, path + "/\(index)") }
            }
            if let presented = screen.presentedScreen, ExternalTransition.presentationCaller(of: presented) === screen {
                visit(presented, path + "^")
            }
        }
        if let root = window.currentRoot { visit(root, "") }
        return result
    }

    /// The places whose routes, and the routes of every place above them, are the same in both trees.
    private func commonPlaces(_ a: Tree, _ b: Tree, _ path: String = "", into places: inout [String]) {
        guard a.route == b.route else { return }
        places.append(path)
        let (childrenA, childrenB) = (a.children, b.children)
        var stackKept = true
        for index in 0..<min(childrenA.count, childrenB.count) {
            if case .stack = a.content {
                stackKept = stackKept && childrenA[index].route == childrenB[index].route
                guard stackKept else { break }
            }
            commonPlaces(childrenA[index], childrenB[index], path + "/\(index)", into: &places)
        }
        if let presentedA = a.presented, let presentedB = b.presented {
            commonPlaces(presentedA, presentedB, path + "^", into: &places)
        }
    }

    @Test(.heavyOnTheMainActor, arguments: 0..<4)
    func assigningARandomTreeOverAnotherShowsItWithOneCallPerChange(batch: Int) async throws {
        // 100 pairs in all, in batches run one after another: the model's controllers live on the
        // main actor, so each pair hands it on, and the suite's async tests never wait behind more
        // than one pair.
        for index in 0..<25 {
            await shareTheMainActor(at: index, every: 1)
            let seed = UInt64(batch * 1000 + index)
            var random = Random(state: seed)
            let (a, b) = (tree(&random), tree(&random))
            let uikit = UIKitModel()
            try UIKitModel.$current.withValue(uikit) {
                let window = ModelWindow(uikit: uikit)
                window.makeKeyAndVisible()
                let factory = UIKitRouteFactory(uikit)
                try UIKitNavigation.navigate(window, to: a, animated: false) { try factory.make($0) }
                uikit.runLoop()
                #expect(try UIKitNavigation.screenTree(in: window, as: UIRoute.self) == a, "seed \(seed)")
                let before = controllers(window)
                uikit.calls = []

                try UIKitNavigation.navigate(window, to: b, animated: false) { try factory.make($0) }
                uikit.runLoop()

                #expect(try UIKitNavigation.screenTree(in: window, as: UIRoute.self) == b, "seed \(seed): \(a) → \(b)")
                #expect(uikit.errors.isEmpty, "seed \(seed)")
                let after = controllers(window)
                var common: [String] = []
                commonPlaces(a, b, into: &common)
                for place in common where before[place] != nil {
                    #expect(after[place] == before[place], "seed \(seed): \(a) → \(b) replaced \(place)")
                }
                if a == b { #expect(uikit.calls.isEmpty, "seed \(seed)") }
                let sets = uikit.calls.filter { $0.hasPrefix("setViewControllers") && $0.hasSuffix(" on feed") }
                #expect(sets.count <= 1, "seed \(seed): \(uikit.calls)")
                #expect(uikit.calls.filter { $0.hasPrefix("selectedIndex") }.count <= 1, "seed \(seed)")
                #expect(uikit.calls.filter { $0.hasPrefix("dismiss") }.count <= 1, "seed \(seed): \(uikit.calls)")
                #expect(uikit.calls.filter { $0.hasPrefix("rootViewController") }.count <= 1, "seed \(seed)")
            }
        }
    }
}
