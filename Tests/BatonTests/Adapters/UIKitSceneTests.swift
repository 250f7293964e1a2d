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
}
