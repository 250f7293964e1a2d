@_spi(Adapters) import Baton
import BatonTesting
import Testing

/// What BatonUIKit did wrong on a device without trapping (the adapters review's section B), on
/// the model of UIKit, one test per scenario.
@MainActor
@Suite(.lenientMisuse)
struct UIKitBehaviourTests {
    private func transitions(_ window: ModelWindow) -> [String] { window.baton.transitionLog.map(\.description) }

    private func inUIKit(
        _ behaviour: UIKitModel.Behaviour = .init(), installed: Bool = true, _ body: (UIKitModel) throws -> Void
    ) rethrows {
        let uikit = UIKitModel(behaviour, isInstalled: installed)
        try UIKitModel.$current.withValue(uikit) { try body(uikit) }
    }

    private func makeKeyWindow(root: ModelViewController, _ uikit: UIKitModel) -> ModelWindow {
        let window = ModelWindow(uikit: uikit)
        window.setRootViewController(root)
        window.makeKeyAndVisible()
        uikit.runLoop()
        window.baton.clearLogs()
        return window
    }

    // MARK: - B1. Segues whose prepare(for:sender:) override skips super

    @Test func aSegueWhosePrepareOverrideSkipsSuperStillReachesItsResolverWithTheSender() throws {
        try inUIKit { uikit in
            let list = ListViewController(storyboardIdentifier: "list")
            let navigation = ModelNavigationController(rootViewController: list, storyboardIdentifier: "nav")
            let window = makeKeyWindow(root: navigation, uikit)
            try window.baton.dependencyCoordinator.register(
                .transition(identifier: "showDetail") {
                    (transition, _: ListViewController, detail: DetailViewController) in
                    detail.row = transition.sender as? Int
                })
            let detail = DetailViewController(storyboardIdentifier: "detail")
            list.prepareOverride = .skipsSuper  // Xcode's template

            list.performSegue(withIdentifier: "showDetail", sender: 3, destination: detail)
            uikit.runLoop()

            #expect(detail.seenInViewWillAppear == 3)
            #expect(list.preparedSegues == ["showDetail"])
            #expect(transitions(window) == ["push: list → detail (showDetail)"])
        }
    }

    @Test func aSegueInterfaceBuilderTriggersPastAnOverrideThatSkipsSuperHasNoSender() throws {
        try inUIKit { uikit in
            let list = ListViewController(storyboardIdentifier: "list")
            let navigation = ModelNavigationController(rootViewController: list, storyboardIdentifier: "nav")
            let window = makeKeyWindow(root: navigation, uikit)
            var senders: [String] = []
            try window.baton.dependencyCoordinator.register(
                .transition(identifier: "showDetail") { (transition, _: ListViewController, _: DetailViewController) in
                    senders.append(transition.sender.map { "\($0)" } ?? "nil")
                })
            list.prepareOverride = .skipsSuper

            list.triggerSegue(
                "showDetail", sender: 3, destination: DetailViewController(storyboardIdentifier: "detail"))
            uikit.runLoop()

            #expect(senders == ["nil"])  // the documented limit: call super.prepare(for:sender:)
            #expect(transitions(window) == ["push: list → detail (showDetail)"])
        }
    }

    // MARK: - B2. Child containment

    @Test func aChildAddedToAShownContainerIsWiredAndResolvedBeforeItAppears() throws {
        try inUIKit { uikit in
            let dashboard = ModelViewController(storyboardIdentifier: "dashboard")
            let window = makeKeyWindow(root: dashboard, uikit)
            var resolved: [String] = []
            try window.baton.dependencyCoordinator.register(
                .destination { (chart: DetailViewController) in
                    resolved.append(chart.screenName)
                    chart.row = 5
                })
            let chart = DetailViewController(storyboardIdentifier: "chart")

            dashboard.addChild(chart)
            chart.appearanceCallback(.willAppear)  // its view joins the dashboard's, in the window
            chart.appearanceCallback(.didAppear)
            chart.didMove(toParent: dashboard)

            #expect(chart.context.parent === dashboard.context)
            #expect(resolved == ["chart"])
            #expect(chart.seenInViewWillAppear == 5)
            #expect(transitions(window) == ["embed: dashboard → chart"])
        }
    }

    @Test func aChildRemovedFromItsParentLeavesTheTree() {
        inUIKit { uikit in
            let dashboard = ModelViewController(storyboardIdentifier: "dashboard")
            _ = makeKeyWindow(root: dashboard, uikit)
            let chart = ModelViewController(storyboardIdentifier: "chart")
            dashboard.addChild(chart)
            chart.didMove(toParent: dashboard)
            var received = 0
            chart.context.observe(Saved.self, owner: chart) { _, _ in received += 1 }

            chart.willMove(toParent: nil)
            chart.removeFromParent()
            dashboard.context.post(Saved.self)

            #expect(chart.context.parent == nil)
            #expect(received == 0)
        }
    }

    @Test func aTabAddedToAShownTabBarControllerIsWiredAndResolved() throws {
        try inUIKit { uikit in
            let colors = ColorsViewController(storyboardIdentifier: "colors")
            let tabs = ModelTabBarController(viewControllers: [colors], storyboardIdentifier: "tabs")
            let window = makeKeyWindow(root: tabs, uikit)
            var resolved: [String] = []
            try window.baton.dependencyCoordinator.register(
                .destination { (tab: SizesViewController) in resolved.append(tab.screenName) })
            let sizes = SizesViewController(storyboardIdentifier: "sizes")

            tabs.setViewControllers([colors, sizes])

            #expect(sizes.context.parent === tabs.context)
            #expect(resolved == ["sizes"])
        }
    }

    // MARK: - B3. Presenting through a container

    @Test func presentingFromANavigationControllerResolvesFromTheVisibleTop() throws {
        try inUIKit { uikit in
            let list = ListViewController(storyboardIdentifier: "list")
            let navigation = ModelNavigationController(rootViewController: list, storyboardIdentifier: "nav")
            let window = makeKeyWindow(root: navigation, uikit)
            let detail = DetailViewController(storyboardIdentifier: "detail")
            navigation.pushViewController(detail, animated: true)
            uikit.runLoop()
            var ran: [String] = []
            try window.baton.dependencyCoordinator.register(
                .direct { (_: DetailViewController, _: SignUpViewController) in ran.append("detail") })
            try window.baton.dependencyCoordinator.register(
                .direct { (_: ListViewController, _: SignUpViewController) in ran.append("list") })
            let signUp = SignUpViewController(storyboardIdentifier: "signUp")

            navigation.present(signUp)

            #expect(ran == ["detail"])
            #expect(signUp.context.parent === detail.context)
            #expect(transitions(window).last == "present: detail → signUp")
        }
    }

    @Test func presentingFromATabBarControllerResolvesFromTheSelectedTab() {
        inUIKit { uikit in
            let colors = ColorsViewController(storyboardIdentifier: "colors")
            let sizes = SizesViewController(storyboardIdentifier: "sizes")
            let tabs = ModelTabBarController(viewControllers: [colors, sizes], storyboardIdentifier: "tabs")
            _ = makeKeyWindow(root: tabs, uikit)
            tabs.selectTab(at: 1)
            let sheet = ModelViewController(storyboardIdentifier: "sheet")

            tabs.present(sheet, style: .pageSheet)

            #expect(sheet.context.parent === sizes.context)
        }
    }

    // MARK: - B4. presentingViewController is the presentation context

    @Test func aSheetPresentedByAStepUnhopsTheStepAndIsDismissedWhenTheContainerHopsOn() throws {
        try inUIKit { uikit in
            let startup = ModelHoppingViewController(storyboardIdentifier: "startup")
            let navigation = ModelNavigationController(rootViewController: startup, storyboardIdentifier: "nav")
            let window = makeKeyWindow(root: navigation, uikit)
            let login = ModelViewController(storyboardIdentifier: "login")
            let main = ModelViewController(storyboardIdentifier: "main")
            try startup.hop(to: login) { [unowned startup] in try? startup.hop(to: main, then: nil) }
            let signIn = ModelViewController(storyboardIdentifier: "signIn")
            login.present(signIn, style: .pageSheet)
            #expect(signIn.presentingViewController === navigation)  // UIKit's answer

            try signIn.unhop()
            uikit.runLoop()

            #expect(startup.currentViewController === main)
            #expect(navigation.presentedViewController == nil)
            #expect(transitions(window).contains("hop: login → main"))
        }
    }

    // MARK: - B5. Roots set before install, UIKit's private windows

    @Test func theRootOfAWindowShownBeforeInstallIsAdoptedAtInstall() {
        inUIKit(installed: false) { uikit in
            let main = ModelViewController(storyboardIdentifier: "main")
            let window = ModelWindow(uikit: uikit)
            window.setRootViewController(main)  // the main storyboard, before didFinishLaunching
            window.makeKeyAndVisible()

            uikit.isInstalled = true
            UIKitEvents.adoptRoot(of: window)  // what install() does for every existing window

            #expect(main.context.parent === window.baton.context)
            #expect(ScreenWindow.containing(main) === window.baton)
            #expect(transitions(window) == ["replaceRoot: → main"])
        }
    }

    @Test func theRootOfOneOfUIKitsPrivateWindowsIsLeftAlone() throws {
        try inUIKit { uikit in
            let keyboard = ModelWindow(uikit: uikit)
            keyboard.isAppWindow = false
            var resolved = 0
            try keyboard.baton.dependencyCoordinator.register(
                .destination { (_: ModelViewController) in resolved += 1 })
            let input = ModelViewController(storyboardIdentifier: "UIInputWindowController")

            keyboard.setRootViewController(input)
            keyboard.makeKeyAndVisible()

            #expect(resolved == 0)
            #expect(input.context.parent == nil)
            #expect(transitions(keyboard).isEmpty)
        }
    }

    @Test func theRootOfAWindowInstallDidNotSeeIsAdoptedWhenItAppears() {
        inUIKit(installed: false) { uikit in
            let main = ModelViewController(storyboardIdentifier: "main")
            let window = ModelWindow(uikit: uikit)
            window.setRootViewController(main)  // a window neither connectedScenes nor the delegate listed
            uikit.isInstalled = true

            window.makeKeyAndVisible()

            #expect(main.context.parent === window.baton.context)
            #expect(ScreenWindow.containing(main) === window.baton)
            #expect(transitions(window) == ["replaceRoot: → main"])
            window.setRootViewController(main)  // appearing again adopts nothing twice
            #expect(transitions(window) == ["replaceRoot: → main"])
        }
    }

    /// Where a window's class is defined (`Bundle(for:).bundlePath`) on a device, and whether
    /// it is the app's.
    nonisolated static let windowClasses: [(name: String, classIsUIWindow: Bool, bundle: String, isApp: Bool)] = [
        ("UIWindow", true, uikitCore, true),
        ("TasksWindow", false, app, true),
        ("ShakeWindow", false, app + "/Frameworks/DebugMenu.framework", true),
        ("PodWindow", false, app + "/Frameworks/Pods_Tasks.framework", true),
        ("ExtensionWindow", false, app + "/PlugIns/Share.appex", true),
        ("UIRemoteKeyboardWindow", false, uikitCore, false),
        ("UITextEffectsWindow", false, uikitCore, false),
    ]
    nonisolated static let app = "/private/var/containers/Bundle/Application/6F1D/Tasks.app"
    nonisolated static let uikitCore = "/System/Library/PrivateFrameworks/UIKitCore.framework"

    @Test(arguments: windowClasses.indices)
    func aWindowIsTheAppsUnlessItsClassIsAPrivateSubclassInUIKitsOwnBundle(index: Int) {
        let window = Self.windowClasses[index]
        #expect(
            UIKitEvents.isAppWindow(
                classIsUIWindow: window.classIsUIWindow, classBundlePath: window.bundle,
                uikitBundlePath: Self.uikitCore) == window.isApp,
            "\(window.name) in \(window.bundle)")
    }

    // MARK: - B6. An enclosing transition's coordinator

    @Test(arguments: [false, true])
    func aPushDuringAnEnclosingSheetsCancelledDragKeepsItsWiring(coordinatorFirst: Bool) throws {
        var behaviour = UIKitModel.Behaviour()
        behaviour.coordinatorCompletesBeforeDidAppear = coordinatorFirst
        try inUIKit(behaviour, installed: false) { uikit in
            let main = ModelViewController(storyboardIdentifier: "main")
            _ = makeKeyWindow(root: main, uikit)
            let form = ModelViewController(storyboardIdentifier: "form")
            let sheet = ModelNavigationController(rootViewController: form, storyboardIdentifier: "sheet")
            main.present(sheet, style: .pageSheet)
            let detail = ModelViewController(storyboardIdentifier: "detail")

            try sheet.swipeDownSheet(releasedEarly: true) {
                try sheet.push(detail, wiring: .inherit, animated: false)  // while the user drags
            }
            uikit.runLoop()

            #expect(detail.context.parent === form.context)
            #expect(ExternalTransition.inFlight(to: detail) == nil)
        }
    }

    // MARK: - B7. showDetailViewController in a split view controller

    @Test func detailsShownFromTheDetailOfAnExpandedSplitViewAreEachWiredToThePrimaryColumn() {
        inUIKit { uikit in
            let list = ListViewController(storyboardIdentifier: "list")
            let primary = ModelNavigationController(rootViewController: list, storyboardIdentifier: "primary")
            let first = DetailViewController(storyboardIdentifier: "first")
            let split = ModelSplitViewController(primary: primary, secondary: first, uikit: uikit)
            let window = makeKeyWindow(root: split, uikit)
            let related = DetailViewController(storyboardIdentifier: "related")

            first.showDetailViewController(related, sender: nil)

            #expect(related.context.parent === primary.context)
            #expect(first.context.parent == nil)  // replaced: it left the tree
            #expect(transitions(window) == ["push: first → related"])
        }
    }

    @Test func aDetailShownInACollapsedSplitViewIsPushedFromThePrimaryTop() {
        inUIKit { uikit in
            let list = ListViewController(storyboardIdentifier: "list")
            let primary = ModelNavigationController(rootViewController: list, storyboardIdentifier: "primary")
            let split = ModelSplitViewController(primary: primary, secondary: nil, uikit: uikit)
            split.isCollapsed = true
            let window = makeKeyWindow(root: split, uikit)
            let detail = DetailViewController(storyboardIdentifier: "detail")

            list.showDetailViewController(detail, sender: 2)
            uikit.runLoop()

            #expect(detail.context.parent === list.context)
            #expect(transitions(window) == ["push: list → detail"])
        }
    }

    // MARK: - B8. An isolated push into a navigation controller being built

    @Test func anExplicitIsolatedPushIntoANavigationControllerBeingBuiltStaysIsolated() throws {
        try inUIKit { _ in
            let list = ListViewController(storyboardIdentifier: "list")
            let navigation = ModelNavigationController(rootViewController: list, storyboardIdentifier: "nav")
            let settings = ModelViewController(storyboardIdentifier: "settings")

            try navigation.push(settings, wiring: .isolate)

            #expect(settings.context.parent == nil)
        }
    }

    // MARK: - B9. An explicit root change without install

    @Test func anExplicitRootChangeOnAVisibleWindowWithoutInstallCompletes() throws {
        try inUIKit(installed: false) { uikit in
            let splash = ModelViewController(storyboardIdentifier: "splash")
            let window = makeKeyWindow(root: splash, uikit)
            let main = ModelViewController(storyboardIdentifier: "main")

            try window.setRoot(main)

            #expect(transitions(window) == ["replaceRoot: splash → main"])
            #expect(ExternalTransition.inFlight(to: main) == nil)
            #expect(splash.context.parent == nil)
        }
    }

    // MARK: - B10. Controllers wired while their container was being built

    @Test(arguments: UIKitModel.Behaviour.all)
    func aControllerPushedBeforeItsNavigationControllerWasShownLeavesTheTreeWhenPopped(
        behaviour: UIKitModel.Behaviour
    ) {
        inUIKit(behaviour) { uikit in
            let list = ListViewController(storyboardIdentifier: "list")
            let navigation = ModelNavigationController(rootViewController: list, storyboardIdentifier: "nav")
            let detail = DetailViewController(storyboardIdentifier: "detail")
            navigation.pushViewController(detail, animated: false)  // before it is shown
            let window = makeKeyWindow(root: navigation, uikit)
            var received = 0
            detail.context.observe(Saved.self, owner: detail) { _, _ in received += 1 }

            navigation.tapBackButton()
            uikit.runLoop()
            window.baton.context.post(Saved.self)

            #expect(detail.context.parent == nil)
            #expect(received == 0)
        }
    }

    @Test func aStackChangeWhoseResolverFailsLeavesNothingWired() throws {
        struct Invalid: Error {}
        try inUIKit { uikit in
            let home = ModelViewController(storyboardIdentifier: "home")
            let navigation = ModelNavigationController(rootViewController: home, storyboardIdentifier: "nav")
            let window = makeKeyWindow(root: navigation, uikit)
            try window.baton.dependencyCoordinator.register(
                .destination { (_: DetailViewController) in throw Invalid() })
            let list = ListViewController(storyboardIdentifier: "list")
            let detail = DetailViewController(storyboardIdentifier: "detail")

            #expect(throws: ScreenError.self) {
                try ExternalTransition.beginStackChange(in: navigation, from: [home], to: [list, detail])
            }
            #expect(list.context.parent == nil)
            #expect(detail.context.parent == nil)
        }
    }

    // MARK: - B11. dismiss called on a child of a presented container

    @Test func dismissCalledOnAChildOfAPresentedContainerDismissesTheContainer() {
        inUIKit { uikit in
            let store = ModelViewController(storyboardIdentifier: "store")
            let window = makeKeyWindow(root: store, uikit)
            let address = ModelViewController(storyboardIdentifier: "address")
            let checkout = ModelNavigationController(rootViewController: address, storyboardIdentifier: "checkout")
            store.present(checkout)
            let confirm = ModelViewController(storyboardIdentifier: "confirm")
            checkout.pushViewController(confirm, animated: true)
            uikit.runLoop()
            window.baton.clearLogs()

            confirm.dismiss(animated: true)
            uikit.runLoop()

            #expect(transitions(window) == ["dismiss: checkout → store"])
            #expect(checkout.context.parent == nil)
            #expect(store.presentedViewController == nil)
        }
    }

    // MARK: - B12. The hopping container's current step

    @Test func anOverlayTheHoppingContainerAddsIsNeitherTheStepNorLeftByTheNextHop() throws {
        try inUIKit { uikit in
            let startup = ModelHoppingViewController(storyboardIdentifier: "startup")
            _ = makeKeyWindow(root: startup, uikit)
            let splash = ModelViewController(storyboardIdentifier: "splash")
            try startup.hop(to: splash, then: nil)
            let overlay = ModelViewController(storyboardIdentifier: "overlay")
            startup.addChild(overlay)
            overlay.didMove(toParent: startup)

            try startup.hop(to: ModelViewController(storyboardIdentifier: "main"), then: nil)
            uikit.runLoop()

            #expect(startup.currentViewController?.screenName == "main")
            #expect(startup.children.map(\.screenName) == ["overlay", "main"])
            #expect(splash.context.parent == nil)
            #expect(overlay.context.parent === startup.context)
        }
    }

    // MARK: - C9. Names of controllers nobody named

    @Test func aGenericControllerIsNamedAfterItsTypeWithoutItsGenericArguments() {
        inUIKit { _ in
            let hosting = HostingController<[Optional<Set<Int>>]>()
            #expect(hosting.screenName == "HostingController")
            #expect(hosting.context.name == "HostingController")
            #expect(ColorsViewController().screenName == "ColorsViewController")
        }
    }
}
