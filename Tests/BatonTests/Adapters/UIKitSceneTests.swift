@_spi(Adapters) import Baton
import BatonTesting
import Testing

/// Scenes that go while Baton still waits in them (the second review's N-B6, probe P4): a
/// disconnected scene's window, its controllers and its awaited flows are freed and ended.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct UIKitSceneTests {
    typealias Tree = ScreenTree<UIRoute>

    @Test func aClosedScenesWindowAndControllersAreFreedWhileALinkWaitsForItsStartUpFlow() throws {
        let uikit = UIKitModel()
        try UIKitModel.$current.withValue(uikit) {
            let factory = UIKitRouteFactory(uikit)
            weak var weakWindow: ModelWindow?
            weak var weakStartup: ModelHoppingViewController?
            weak var weakSplash: ModelViewController?
            weak var weakBaton: ScreenWindow?
            var failures: [String] = []
            do {
                let window = ModelWindow(uikit: uikit)
                window.makeKeyAndVisible()
                (weakWindow, weakBaton) = (window, window.baton)
                try UIKitNavigation.navigate(window, to: Tree(.startup), animated: false) { try factory.make($0) }
                let startup = try #require(window.rootViewController as? ModelHoppingViewController)
                let splash = try factory.make(.splash)
                (weakStartup, weakSplash) = (startup, splash)
                try startup.hop(to: splash) { [unowned startup] in try? startup.hop(to: factory.make(.main), then: nil)
                }
                uikit.runLoop()
                let outcome = try UIKitNavigation.navigate(
                    window, to: .hopping(.startup, to: Tree(.login)), animated: false
                ) { try factory.make($0) }
                #expect(outcome == .waiting(for: "startup"))
                window.baton.context.observe(NavigationDidFail.self, owner: factory) { _, failure in
                    failures.append(failure.description)
                }

                window.disconnectScene()  // the user closed the iPad window

                #expect(startup.context.parent == nil)
                #expect(ScreenWindow.containing(splash) == nil)
            }
            #expect(weakWindow == nil && weakBaton == nil)
            #expect(weakStartup == nil && weakSplash == nil)
            #expect(
                failures == [
                    "navigation to startup(login), which waited for startup reaching its main screen, failed: Could"
                        + " not show navigation to startup(login) for startup: The await for startup's result ended"
                        + " without one: its container startup left the screen tree before startup finished."
                        + " Nothing changed."
                ])
        }
    }

    @Test func anAwaitedHopEndsWhenItsScenesWindowCloses() async throws {
        let uikit = UIKitModel()
        await UIKitModel.$current.withValue(uikit) {
            weak var weakStartup: ModelHoppingViewController?
            weak var weakLogin: ModelViewController?
            let flow: Task<String, any Error>
            do {
                let window = ModelWindow(uikit: uikit)
                let startup = ModelHoppingViewController(storyboardIdentifier: "startup", uikit: uikit)
                let login = ModelViewController(storyboardIdentifier: "login", uikit: uikit)
                (weakStartup, weakLogin) = (startup, login)
                window.setRootViewController(startup)
                window.makeKeyAndVisible()
                flow = Task { try await startup.hop(to: login, returning: String.self) }
                while startup.currentViewController == nil { await Task.yield() }

                window.disconnectScene()
            }

            await #expect {
                _ = try await flow.value
            } throws: { error in
                (error as? ScreenError)?.description
                    == "The await for login's result ended without one: its container startup left the screen tree"
                    + " before login finished."
            }
            uikit.runLoop()
            #expect(weakStartup == nil && weakLogin == nil)
        }
    }

    @Test func settingTheRootToNilTakesTheOldRootAndWhatItPresentsOutOfTheTree() {
        let uikit = UIKitModel()
        UIKitModel.$current.withValue(uikit) {
            let window = ModelWindow(uikit: uikit)
            let list = ModelViewController(storyboardIdentifier: "list", uikit: uikit)
            let navigation = ModelNavigationController(
                rootViewController: list, storyboardIdentifier: "nav", uikit: uikit)
            window.setRootViewController(navigation)
            window.makeKeyAndVisible()
            let share = ModelViewController(storyboardIdentifier: "share", uikit: uikit)
            list.present(share)
            uikit.runLoop()
            #expect(navigation.context.parent === window.baton.context)

            window.setRootViewController(nil)

            #expect(navigation.context.parent == nil)
            #expect(ScreenWindow.containing(list) == nil && ScreenWindow.containing(share) == nil)
        }
    }

    // MARK: - N-B7. Restoration when UIKit has the activity

    private static let links = ScreenLinks<UIRoute>([LinkPattern("tasks://settings", .settings)]) { _ in
        .tabs(.main, [Tree(.feed), Tree(.settings)], selected: 1)
    }
    private static let feed42: Tree = .tabs(.main, [.stack(.feed, [.list, .item(42)]), Tree(.settings)], selected: 0)

    /// A key window of a new scene, the app's factory, and the saved text of `feed42`.
    private func newScene(_ body: (UIKitModel, UIKitRouteFactory, ModelWindow, String) throws -> Void) throws {
        let uikit = UIKitModel()
        try UIKitModel.$current.withValue(uikit) {
            let window = ModelWindow(uikit: uikit)
            window.makeKeyAndVisible()
            try body(uikit, UIKitRouteFactory(uikit), window, try SavedScreenTree(Self.feed42).json)
        }
    }

    /// The window's tree, or the error that reading it gave.
    private func read(_ window: ModelWindow) -> String {
        do {
            return try UIKitNavigation.screenTree(in: window, as: UIRoute.self).map(\.description) ?? "nil"
        } catch {
            return error.description
        }
    }

    @Test func aLaunchShowsTheRootRestoresTheSavedScreensThenOpensTheLinks() throws {
        try newScene { uikit, factory, window, saved in
            let failures = UIKitLaunch.launch(
                window, root: UIRoute.main, restoring: saved, opening: ["tasks://settings"], with: Self.links
            ) { try factory.make($0) }
            uikit.runLoop()

            #expect(failures.isEmpty)
            #expect(read(window) == "main{feed[list, item(42)], *settings}")
        }
    }

    @Test func aRestorationActivityThatArrivesAfterConnectionIsRestored() throws {
        try newScene { uikit, factory, window, saved in
            // The device was locked: session.stateRestorationActivity was nil at connection.
            let atLaunch = UIKitLaunch.launch(window, root: UIRoute.main, restoring: nil, opening: [], with: Self.links)
            {
                try factory.make($0)
            }
            #expect(atLaunch.isEmpty)
            #expect(read(window) == "main{*feed[list], settings}")

            let late = UIKitLaunch.restoreLate(window, saved: saved, as: UIRoute.self) { try factory.make($0) }
            uikit.runLoop()

            #expect(late.isEmpty)
            #expect(read(window) == "main{*feed[list, item(42)], settings}")
        }
    }

    @Test func aLateRestorationAfterALaunchLinkIsLeftOutAndSaysSo() throws {
        try newScene { uikit, factory, window, saved in
            _ = UIKitLaunch.launch(
                window, root: UIRoute.main, restoring: nil, opening: ["tasks://settings"], with: Self.links
            ) { try factory.make($0) }

            let late = UIKitLaunch.restoreLate(window, saved: saved, as: UIRoute.self) { try factory.make($0) }
            uikit.runLoop()

            #expect(
                late.map(\.description) == [
                    "Left out the root when restoring: a link the scene was opened with shows instead."
                ])
            #expect(read(window) == "main{feed[list], *settings}")
        }
    }

    @Test func aLateRestorationAfterALaunchThatRestoredIsNotAppliedAgain() throws {
        try newScene { uikit, factory, window, saved in
            _ = UIKitLaunch.launch(window, root: UIRoute.main, restoring: saved, opening: [], with: Self.links) {
                try factory.make($0)
            }
            uikit.runLoop()
            try UIKitNavigation.navigate(
                window, to: Tree.tabs(.main, [Tree(.feed), Tree(.settings)], selected: 1), animated: false
            ) {
                try factory.make($0)
            }
            factory.uikit.calls = []

            let late = UIKitLaunch.restoreLate(window, saved: saved, as: UIRoute.self) { try factory.make($0) }

            #expect(late.isEmpty)
            #expect(factory.uikit.calls.isEmpty)
            #expect(read(window) == "main{feed[list, item(42)], *settings}")  // the selection stays
        }
    }

    @Test func aLaunchWhoseRootCannotBeMadeTriesNothingElse() throws {
        try newScene { _, factory, window, saved in
            factory.refused = [.main]

            let failures = UIKitLaunch.launch(
                window, root: UIRoute.main, restoring: saved, opening: ["tasks://settings"], with: Self.links
            ) { try factory.make($0) }

            #expect(
                failures.map(\.description) == [
                    "Could not make main for the root of the window: no main. Nothing changed."
                ])
            #expect(window.rootViewController == nil)
        }
    }

    // MARK: - C4 / N-C3. Split views in navigation as data, as the article documents

    @Test func aSplitViewIsOneScreenOfTheTreeAndAnAssignmentLeavesItsColumnsAlone() throws {
        try newScene { uikit, factory, window, _ in
            let list = ListViewController(storyboardIdentifier: "list", uikit: uikit)
            let detail = DetailViewController(storyboardIdentifier: "item(3)", uikit: uikit)
            let split = ModelSplitViewController(
                primary: ModelNavigationController(
                    rootViewController: list, storyboardIdentifier: "feed", uikit: uikit),
                secondary: detail, uikit: uikit)
            split.recordedScreenRoute = UIRoute.main
            window.setRootViewController(split)
            uikit.runLoop()

            #expect(read(window) == "main")
            let tree = try #require(try UIKitNavigation.screenTree(in: window, as: UIRoute.self))
            let saved = try SavedScreenTree(tree)
            #expect(!saved.json.contains("item"))  // only the split view's route is saved

            try UIKitNavigation.navigate(window, to: Tree(.main), animated: false) { try factory.make($0) }

            #expect(window.rootViewController === split)
            #expect(split.children.count == 2 && split.children[1] === detail)
        }
    }
}
