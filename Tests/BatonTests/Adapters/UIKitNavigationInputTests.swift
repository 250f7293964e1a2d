@_spi(Adapters) import Baton
import BatonTesting
import Testing

/// A controller that cannot be shown without its store.
final class NeedsStoreViewController: ModelViewController {
    @Resolved var store: String
}

/// A controller whose `dismiss` UIKit refuses without a word (probe P3 of the adapters' review:
/// the completion never comes).
final class RefusedDismissalViewController: ModelViewController {
    override func dismissPresentedScreen(animated: Bool, completion: @escaping @MainActor () -> Void) {}
}

/// The UIKit side of the inputs a navigation plan refuses (an empty navigation controller where
/// the route makes one with a controller, one controller in two places, a required dependency no
/// resolver sets), and assignments that meet a presentation or dismissal UIKit runs: each is
/// refused with a typed error or waits, and nothing is half shown and reported `.applied`.
@MainActor
@Suite(.isolatedBaton, .lenientMisuse)
struct UIKitNavigationInputTests {
    typealias Tree = ScreenTree<UIRoute>

    /// The app's factory, with a shared controller for `note(_:)` when `sharesNotes`, a controller
    /// with a required dependency for `settings`, and a list whose dismissals UIKit refuses when
    /// `refusesDismissal`.
    @MainActor
    final class Factory {
        let uikit: UIKitModel
        var sharesNotes = false
        var needsStore = false
        var refusesDismissal = false
        lazy var note = ModelViewController(storyboardIdentifier: "note", uikit: uikit)

        init(_ uikit: UIKitModel) { self.uikit = uikit }

        func make(_ route: UIRoute) throws -> ModelViewController {
            let controller: ModelViewController
            switch route {
            case .feed:
                controller = ModelNavigationController(
                    rootViewController: try make(.list), storyboardIdentifier: "feed", uikit: uikit)
            case .list:
                controller =
                    refusesDismissal
                    ? RefusedDismissalViewController(storyboardIdentifier: "list", uikit: uikit)
                    : ListViewController(storyboardIdentifier: "list", uikit: uikit)
            case .note where sharesNotes:
                controller = note
            case .settings where needsStore:
                controller = NeedsStoreViewController(storyboardIdentifier: "settings", uikit: uikit)
            default:
                controller = ModelViewController(storyboardIdentifier: "\(route)", uikit: uikit)
            }
            controller.recordedScreenRoute = route
            return controller
        }
    }

    private func inUIKit(_ body: (UIKitModel, Factory, ModelWindow) throws -> Void) throws {
        let uikit = UIKitModel()
        try UIKitModel.$current.withValue(uikit) {
            let window = ModelWindow(uikit: uikit)
            window.makeKeyAndVisible()
            try body(uikit, Factory(uikit), window)
        }
    }

    @discardableResult
    private func navigate(
        _ window: ModelWindow, to tree: Tree, _ factory: Factory, animated: Bool = false
    ) throws(NavigationError) -> NavigationOutcome {
        let outcome = try UIKitNavigation.navigate(window, to: tree, animated: animated) { try factory.make($0) }
        factory.uikit.runLoop()
        return outcome
    }

    private func show(_ tree: Tree, in window: ModelWindow, _ factory: Factory) throws {
        try navigate(window, to: tree, factory)
        factory.uikit.calls = []
        window.baton.clearLogs()
    }

    private func read(_ window: ModelWindow) throws -> Tree? {
        try UIKitNavigation.screenTree(in: window, as: UIRoute.self)
    }

    private static let emptyFeedError = NavigationError.doesNotFit(
        step: "feed", route: "feed", expected: "an empty navigation controller", found: "feed with 1 controller")

    // MARK: - Empty stacks

    @Test func anEmptyStackIsRefusedInAnEmptyWindowOverAShownStackAndWhenRestored() throws {
        try inUIKit { uikit, factory, window in
            #expect(throws: Self.emptyFeedError) { try navigate(window, to: .stack(.feed, [Tree]()), factory) }
            #expect(window.currentRoot == nil)
            // Only the factory's own `init(rootViewController:)`, on a controller never shown.
            #expect(uikit.calls == ["push list on feed"])
            uikit.calls = []
            let shown = Tree.stack(.feed, [.list, .item(1)])
            try show(shown, in: window, factory)
            #expect(throws: Self.emptyFeedError) { try navigate(window, to: .stack(.feed, [Tree]()), factory) }
            #expect(
                throws: NavigationError.self,
                performing: {
                    try navigate(window, to: Tree(.settings, presenting: .stack(.feed, [Tree]())), factory)
                })
            #expect(throws: Self.emptyFeedError) {
                try UIKitNavigation.restoreScreenTree(
                    SavedScreenTree(Tree.stack(.feed, [Tree]())), as: UIRoute.self, in: window, animated: false
                ) { try factory.make($0) }
            }
            #expect(try read(window) == shown)
            #expect(uikit.calls == ["push list on feed", "push list on feed", "push list on feed"])
            #expect(window.baton.transitionLog.isEmpty)
        }
    }

    // MARK: - The same controller twice

    @Test func aFactoryThatReturnsOneControllerForTwoPlacesIsRefused() throws {
        try inUIKit { uikit, factory, window in
            factory.sharesNotes = true
            let shown = Tree.stack(.feed, [.list])
            try show(shown, in: window, factory)
            let refused = #expect(throws: NavigationError.self) {
                try navigate(window, to: .stack(.feed, [.list, .note(1), .item(3), .note(2)]), factory)
            }
            #expect(
                refused?.description
                    == "Could not make note(2) for push onto feed at feed: it made note, which this tree already shows"
                    + " elsewhere; make a new screen. Nothing changed.")
            #expect(refused.map { $0.underlying == nil } == true)  // Baton refused: no error of the app's
            #expect(throws: NavigationError.self) {
                try navigate(
                    window, to: .stack(.feed, [Tree(.list, presenting: Tree(.note(1), presenting: Tree(.note(2))))]),
                    factory)
            }
            #expect(try read(window) == shown)
            #expect(uikit.calls.isEmpty)
            #expect(factory.note.parentScreen == nil)
            #expect(factory.note.context.parent == nil)
        }
    }

    // MARK: - Required dependencies

    @Test func aControllerWhoseRequiredDependencyNoResolverSetsIsRefusedBeforeAnyUIKitCall() throws {
        try inUIKit { uikit, factory, window in
            factory.needsStore = true
            window.baton.dependencyCoordinator = DependencyCoordinator(name: "app")
            let shown = Tree.stack(.feed, [.list])
            try show(shown, in: window, factory)
            let report = """
                NeedsStoreViewController.store (@Resolved String, BatonTests/UIKitNavigationInputTests.swift:7) is not set by any resolver.
                settings (NeedsStoreViewController) was shown by present: list → settings, resolved by coordinator app, which has no resolvers.
                Register a resolver that sets it on coordinator app, for example .destination { (screen: NeedsStoreViewController) in screen.store = … }
                """
            #expect(
                throws: NavigationError.unresolvedDependency(
                    step: "presentation from list at feed > list", route: "settings", report: report)
            ) {
                try navigate(window, to: .stack(.feed, [Tree(.list, presenting: Tree(.settings))]), factory)
            }
            #expect(throws: NavigationError.self) { try navigate(window, to: Tree(.settings), factory) }
            #expect(try read(window) == shown)
            #expect(uikit.calls.isEmpty)
            try window.baton.dependencyCoordinator.register(
                .destination { (screen: NeedsStoreViewController) in screen.store = "store" })
            #expect(try navigate(window, to: Tree(.settings), factory) == .applied)
            #expect(try read(window) == Tree(.settings))
        }
    }

    // MARK: - A presentation or dismissal UIKit runs (N-B2)

    @Test func aDismissalUIKitRefusesFailsTheAssignmentAndChangesNothing() throws {
        try inUIKit { uikit, factory, window in
            factory.refusesDismissal = true
            let shown = Tree.stack(.feed, [Tree(.list, presenting: Tree(.share))])
            try show(shown, in: window, factory)
            var failures: [NavigationFailure] = []
            window.baton.context.observe(NavigationDidFail.self, owner: window.baton) { _, failure in
                failures.append(failure)
            }
            #expect(
                throws: NavigationError.refusedByUIKit(
                    step: "dismissal of share from list",
                    reason: "UIKit did not begin it, as it does while a presentation or dismissal runs; nothing changed"
                )
            ) {
                try navigate(window, to: .stack(.feed, [Tree(.list, presenting: Tree(.login))]), factory)
            }
            #expect(try read(window) == shown)
            #expect(uikit.calls == ["dismiss on list"] || uikit.calls.isEmpty)
            #expect(window.baton.transitionLog.isEmpty)
            #expect(failures.isEmpty)
        }
    }

    @Test func anAssignmentDuringAnAnimatedDismissalWaitsForItAndThenShowsTheTree() throws {
        try inUIKit { uikit, factory, window in
            let shown = Tree.stack(.feed, [Tree(.list, presenting: Tree(.share))])
            try show(shown, in: window, factory)
            let share = try #require(window.rootViewController?.children.first?.presentedViewController)
            // The user's sheet goes away with an animation; a link comes meanwhile.
            share.dismiss(animated: true)
            let target = Tree.stack(.feed, [Tree(.list, presenting: Tree(.login))])
            let outcome = try UIKitNavigation.navigate(window, to: target, animated: false) { try factory.make($0) }
            #expect(outcome == .waiting(for: "the dismissal of share"))
            #expect(uikit.calls == ["dismiss on share"])
            uikit.runLoop()
            #expect(try read(window) == target)
            #expect(uikit.calls == ["dismiss on share", "present login on list"])
        }
    }

    @Test func anAssignmentDuringAnAnimatedPresentationWaitsForIt() throws {
        try inUIKit { uikit, factory, window in
            try show(Tree.stack(.feed, [.list]), in: window, factory)
            let list = try #require(window.rootViewController?.children.first)
            list.present(try factory.make(.share), animated: true)
            let target = Tree.stack(.feed, [Tree(.list, presenting: Tree(.login))])
            let outcome = try UIKitNavigation.navigate(window, to: target, animated: true) { try factory.make($0) }
            #expect(outcome == .waiting(for: "the presentation of share"))
            uikit.runLoop()
            #expect(try read(window) == target)
            #expect(uikit.calls == ["present share on list", "dismiss on list", "present login on list"])
        }
    }

    @Test func anAnimatedAssignmentThatDismissesNestedPresentationsDismissesOnce() throws {
        try inUIKit { uikit, factory, window in
            try show(
                Tree.stack(.feed, [Tree(.list, presenting: Tree(.share, presenting: Tree(.note(1))))]), in: window,
                factory)
            let target = Tree.stack(.feed, [Tree(.list, presenting: Tree(.login))])
            #expect(try navigate(window, to: target, factory, animated: true) == .applied)
            #expect(try read(window) == target)
            #expect(uikit.calls == ["dismiss on list", "present login on list"])
        }
    }
}
