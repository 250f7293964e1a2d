@_spi(Adapters) import Baton
import BatonTesting
import Testing

/// An app's navigation controller whose `setViewControllers(_:animated:)` override does not
/// call `super`, or calls it later: the stack change a screen tree assignment began never
/// reaches UIKit. Baton says so exactly, ends the transition it began from the container's real
/// state (DESIGN rule 42), and treats the deferred call, when it comes, as the app's own.
@MainActor
@Suite(.isolatedBaton, .lenientMisuse)
struct UIKitStackOverrideTests {
    typealias Tree = ScreenTree<UIRoute>

    /// A `UINavigationController` subclass whose `setViewControllers(_:animated:)` keeps the call
    /// and runs `super` only when the app says so (never, for an override that drops it).
    final class DeferringNavigationController: ModelNavigationController {
        var deferred: [@MainActor () -> Void] = []

        override func setViewControllers(_ controllers: [ModelViewController], animated: Bool) {
            deferred.append { super.setViewControllers(controllers, animated: animated) }
        }

        func runDeferred() {
            let calls = deferred
            deferred.removeAll()
            for call in calls { call() }
        }
    }

    /// A window showing `feed[list]`, `feed` being a ``DeferringNavigationController``.
    private func inUIKit(
        _ behaviour: UIKitModel.Behaviour,
        _ body: (UIKitModel, UIKitRouteFactory, ModelWindow, DeferringNavigationController) throws -> Void
    ) throws {
        let uikit = UIKitModel(behaviour)
        try UIKitModel.$current.withValue(uikit) {
            let factory = UIKitRouteFactory(uikit)
            let navigation = DeferringNavigationController(
                rootViewController: try factory.make(.list), storyboardIdentifier: "feed", uikit: uikit)
            navigation.recordedScreenRoute = UIRoute.feed
            let window = ModelWindow(uikit: uikit)
            window.setRootViewController(navigation)
            window.makeKeyAndVisible()
            uikit.runLoop()
            uikit.calls = []
            window.baton.clearLogs()
            try body(uikit, factory, window, navigation)
        }
    }

    private func read(_ window: ModelWindow) throws -> Tree? {
        try UIKitNavigation.screenTree(in: window, as: UIRoute.self)
    }

    private static let refused = NavigationError.refusedByUIKit(
        step: "setViewControllers [list, item(6)] on feed",
        reason: "the call did not reach UINavigationController's setViewControllers(_:animated:) (an override"
            + " that does not call super, or calls it later): feed still shows [list]")

    @Test(arguments: UIKitModel.Behaviour.all)
    func anAssignmentWhoseStackChangeNeverReachesUIKitFailsExactlyAndLeavesNothingInFlight(
        behaviour: UIKitModel.Behaviour
    ) throws {
        try inUIKit(behaviour) { uikit, factory, window, navigation in
            weak var made: ModelViewController?
            #expect(throws: Self.refused) {
                try UIKitNavigation.navigate(window, to: Tree.stack(.feed, [.list, .item(6)]), animated: false) {
                    let controller = try factory.make($0)
                    if $0 == .item(6) { made = controller }
                    return controller
                }
            }
            uikit.runLoop()
            let unchanged = try read(window)
            #expect(unchanged == Tree.stack(.feed, [.list]))
            #expect(window.baton.transitionLog.isEmpty)
            #expect(uikit.errors == [])
            // The transition begun for it ended; the controller keeps the wiring every new
            // controller gets while the assignment is prepared, for the call the override holds.
            do {
                let kept = try #require(made)
                #expect(ExternalTransition.inFlight(to: kept) == nil)
                #expect(kept.context.parent === navigation.children.first?.context)
            }
            // The app never calls super: nothing keeps the controller Baton made.
            navigation.deferred.removeAll()
            #expect(made == nil)
            // Nothing waits on the change that never came: the app's next push is shown and logged.
            navigation.pushViewController(try factory.make(.item(7)), animated: true)
            uikit.runLoop()
            let pushed = try read(window)
            #expect(pushed == Tree.stack(.feed, [.list, .item(7)]))
            #expect(window.baton.transitionLog.map(\.destination) == ["item(7)"])
        }
    }

    /// The same for a pop: an assignment back to a screen below the top begins a pop, which ends
    /// cancelled from the real stack (its top is still there), so the top stays wired and on screen.
    @Test(arguments: UIKitModel.Behaviour.all)
    func anAssignmentWhosePopNeverReachesUIKitFailsExactlyAndKeepsTheTop(behaviour: UIKitModel.Behaviour) throws {
        try inUIKit(behaviour) { uikit, factory, window, navigation in
            let item = try factory.make(.item(1))
            navigation.pushViewController(item, animated: false)
            uikit.runLoop()
            window.baton.clearLogs()
            #expect(
                throws: NavigationError.refusedByUIKit(
                    step: "setViewControllers [list] on feed",
                    reason:
                        "the call did not reach UINavigationController's setViewControllers(_:animated:) (an override"
                        + " that does not call super, or calls it later): feed still shows [list, item(1)]")
            ) {
                try UIKitNavigation.navigate(window, to: Tree.stack(.feed, [.list]), animated: false) {
                    try factory.make($0)
                }
            }
            uikit.runLoop()
            let shown = try read(window)
            #expect(shown == Tree.stack(.feed, [.list, .item(1)]))
            #expect(window.baton.transitionLog.isEmpty)
            #expect(item.isOnScreen)
            #expect(item.context.parent === navigation.children.first?.context)
        }
    }

    @Test(arguments: UIKitModel.Behaviour.all)
    func aStackChangeTheOverrideMakesLaterIsTheAppsOwnAndShowsTheTree(behaviour: UIKitModel.Behaviour) throws {
        try inUIKit(behaviour) { uikit, factory, window, navigation in
            #expect(throws: Self.refused) {
                try UIKitNavigation.navigate(window, to: Tree.stack(.feed, [.list, .item(6)]), animated: false) {
                    try factory.make($0)
                }
            }
            navigation.runDeferred()
            uikit.runLoop()
            let shown = try read(window)
            #expect(shown == Tree.stack(.feed, [.list, .item(6)]))
            #expect(window.baton.transitionLog.map(\.destination) == ["item(6)"])
            #expect(uikit.errors == [])
        }
    }
}
