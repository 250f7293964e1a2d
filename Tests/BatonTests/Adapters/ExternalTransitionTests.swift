@_spi(Adapters) import Baton
import BatonTesting
import Testing

enum SelectedColor: ContextKey { typealias Value = String }

/// BatonUIKit's decisions (``UIKitEvents``, ``ExternalTransition``, ``ScreenLifecycle``) driven by
/// the model of UIKit's behaviour in UIKitModel.swift, which calls them where the adapter's
/// exchanged methods do. Each test is named after the UIKit scenario it models.
@MainActor
@Suite(.lenientMisuse)
struct ExternalTransitionTests {
    private func lifecycle(_ window: ModelWindow) -> [String] { window.baton.lifecycleLog.map(\.description) }
    private func transitions(_ window: ModelWindow) -> [String] { window.baton.transitionLog.map(\.description) }

    /// A key window showing `root`, with both logs emptied.
    private func makeKeyWindow(root: ModelViewController) throws -> ModelWindow {
        let window = ModelWindow()
        window.setRootViewController(root)
        window.makeKeyAndVisible()
        UIKitModel.current.runLoop()
        window.baton.clearLogs()
        return window
    }

    /// Lets UIKit's run loop turn: deferred view transitions and animations run.
    private func runLoop() { UIKitModel.current.runLoop() }

    // MARK: - UINavigationController

    @Test func navigationControllerPushResolvesBeforeViewWillAppearAndLogsAfterViewDidAppear() throws {
        let list = ListViewController(storyboardIdentifier: "list")
        list.selectedRow = 7
        let navigation = ModelNavigationController(rootViewController: list, storyboardIdentifier: "nav")
        let window = try makeKeyWindow(root: navigation)
        try window.baton.dependencyCoordinator.register(
            .direct { (source: ListViewController, destination: DetailViewController) in
                destination.row = source.selectedRow
            })
        var postedWhenDetailWasOnScreen: Bool?
        let detail = DetailViewController(storyboardIdentifier: "detail")
        window.baton.context.observe(TransitionDidComplete.self, owner: detail) { detail, _ in
            postedWhenDetailWasOnScreen = detail.isOnScreen
        }

        try navigation.push(detail, identifier: "showDetail")
        runLoop()

        #expect(detail.seenInViewWillAppear == 7)
        #expect(detail.context.parent === list.context)
        #expect(
            lifecycle(window) == ["list.willDisappear", "detail.willAppear", "list.didDisappear", "detail.didAppear"])
        #expect(transitions(window) == ["push: list → detail (showDetail)"])
        #expect(postedWhenDetailWasOnScreen == true)
        #expect(ExternalTransition.inFlight(to: detail) == nil)
        #expect(detail.isOnScreen && !list.isOnScreen)
    }

    @Test func navigationControllerBackButtonPopLogsWithoutResolvingAndFreesThePoppedController() throws {
        let list = ListViewController(storyboardIdentifier: "list")
        let navigation = ModelNavigationController(rootViewController: list, storyboardIdentifier: "nav")
        let window = try makeKeyWindow(root: navigation)
        var resolutions = 0
        try window.baton.dependencyCoordinator.register(.destination { (_: ModelViewController) in resolutions += 1 })
        weak var weakDetail: DetailViewController?
        do {
            let detail = DetailViewController(storyboardIdentifier: "detail")
            weakDetail = detail
            navigation.pushViewController(detail, animated: true)
            runLoop()
        }
        #expect(resolutions == 1)
        window.baton.clearLogs()

        navigation.tapBackButton()
        runLoop()

        #expect(resolutions == 1)
        #expect(
            lifecycle(window) == ["detail.willDisappear", "list.willAppear", "detail.didDisappear", "list.didAppear"])
        #expect(transitions(window) == ["pop: detail → list"])
        #expect(weakDetail == nil)
    }

    @Test func aPoppedButRetainedControllerNoLongerReceivesTheTreesEvents() throws {
        let list = ListViewController(storyboardIdentifier: "list")
        let navigation = ModelNavigationController(rootViewController: list, storyboardIdentifier: "nav")
        let window = try makeKeyWindow(root: navigation)
        let detail = DetailViewController(storyboardIdentifier: "detail")
        var received = 0
        detail.context.observe(Saved.self, owner: detail) { _, _ in received += 1 }
        navigation.pushViewController(detail, animated: true)
        runLoop()
        window.baton.context.post(Saved.self)
        #expect(received == 1)

        navigation.tapBackButton()
        runLoop()
        window.baton.context.post(Saved.self)

        #expect(received == 1)
        #expect(detail.context.parent == nil)
        navigation.pushViewController(detail, animated: true)  // shown again, wired again
        runLoop()
        window.baton.context.post(Saved.self)
        #expect(received == 2)
    }

    /// A key with a default, as an app's dependencies are declared.
    private enum Store: ContextKeyWithDefault {
        static var defaultValue: String { "the default store" }
    }

    @Test func aPoppedControllerKeptByATaskReadsTheWindowsValueAndIsFreedWhenTheTaskEnds() async throws {
        let list = ListViewController(storyboardIdentifier: "list")
        let navigation = ModelNavigationController(rootViewController: list, storyboardIdentifier: "nav")
        let window = try makeKeyWindow(root: navigation)
        window.baton.context.set("the window's store", for: Store.self)
        weak var weakDetail: DetailViewController?
        var reading: Task<String, Never>?
        do {
            let detail = DetailViewController(storyboardIdentifier: "detail")
            weakDetail = detail
            navigation.pushViewController(detail, animated: true)
            runLoop()
            // The task runs once this test awaits, after the pop: the rest of an async action.
            reading = Task { @MainActor [detail] in detail.context[Store.self] }
            navigation.tapBackButton()
            runLoop()
            #expect(detail.context.parent == nil)
        }
        #expect(await reading?.value == "the window's store")
        reading = nil
        #expect(weakDetail == nil)
    }

    @Test func interactivePopCancelledHalfwayKeepsTheTopWiredAndLogsNoPop() throws {
        let list = ListViewController(storyboardIdentifier: "list")
        let navigation = ModelNavigationController(rootViewController: list, storyboardIdentifier: "nav")
        let detail = DetailViewController(storyboardIdentifier: "detail")
        navigation.pushViewController(detail, animated: true)
        runLoop()
        _ = try makeKeyWindow(root: navigation)
        navigation.interactivePop(cancelledHalfway: true)
        #expect(detail.context.parent === list.context)
    }

    @Test func interactivePopCancelledHalfwayKeepsTheTopAndLogsNoPop() throws {
        let list = ListViewController(storyboardIdentifier: "list")
        let navigation = ModelNavigationController(rootViewController: list, storyboardIdentifier: "nav")
        let detail = DetailViewController(storyboardIdentifier: "detail")
        navigation.pushViewController(detail, animated: true)
        runLoop()
        let window = try makeKeyWindow(root: navigation)

        navigation.interactivePop(cancelledHalfway: true)

        #expect(
            lifecycle(window) == [
                "detail.willDisappear", "list.willAppear", "list.willDisappear", "list.didDisappear",
                "detail.willAppear", "detail.didAppear",
            ])
        #expect(transitions(window).isEmpty)
        #expect(detail.isOnScreen && !list.isOnScreen)
        #expect(detail.screenLifecycle.appearance == .appeared && list.screenLifecycle.appearance == .disappeared)
        #expect(ExternalTransition.inFlight(to: list) == nil)
        #expect(navigation.topViewController === detail)
    }

    @Test func interactivePopFinishedLogsThePop() throws {
        let list = ListViewController(storyboardIdentifier: "list")
        let navigation = ModelNavigationController(rootViewController: list, storyboardIdentifier: "nav")
        navigation.pushViewController(DetailViewController(storyboardIdentifier: "detail"), animated: true)
        runLoop()
        let window = try makeKeyWindow(root: navigation)

        navigation.interactivePop(cancelledHalfway: false)

        #expect(
            lifecycle(window) == ["detail.willDisappear", "list.willAppear", "detail.didDisappear", "list.didAppear"])
        #expect(transitions(window) == ["pop: detail → list"])
    }

    @Test func navigationControllerSetViewControllersWiresEachToTheOneBelowAndLogsTheNewTop() throws {
        let navigation = ModelNavigationController(
            rootViewController: ModelViewController(storyboardIdentifier: "home"), storyboardIdentifier: "nav")
        let window = try makeKeyWindow(root: navigation)
        let list = ListViewController(storyboardIdentifier: "list")
        let detail = DetailViewController(storyboardIdentifier: "detail")

        navigation.setViewControllers([list, detail], animated: true)
        runLoop()

        #expect(list.context.parent === navigation.context)
        #expect(detail.context.parent === list.context)
        #expect(transitions(window) == ["setStack: home → detail"])
        #expect(
            lifecycle(window) == ["home.willDisappear", "detail.willAppear", "home.didDisappear", "detail.didAppear"])
    }

    @Test func navigationControllerSetViewControllersBackToAControllerOnTheStackIsAPop() throws {
        let list = ListViewController(storyboardIdentifier: "list")
        let navigation = ModelNavigationController(rootViewController: list, storyboardIdentifier: "nav")
        navigation.pushViewController(DetailViewController(storyboardIdentifier: "detail"), animated: true)
        runLoop()
        let window = try makeKeyWindow(root: navigation)
        var resolutions = 0
        try window.baton.dependencyCoordinator.register(.destination { (_: ModelViewController) in resolutions += 1 })

        navigation.setViewControllers([list], animated: true)
        runLoop()

        #expect(resolutions == 0)
        #expect(transitions(window) == ["pop: detail → list"])
    }

    @Test func navigationControllerBuiltOffscreenIsWiredThenResolvedWhenPresented() throws {
        let main = ModelViewController(storyboardIdentifier: "main")
        let window = try makeKeyWindow(root: main)
        var resolved: [String] = []
        try window.baton.dependencyCoordinator.register(
            .destination { (screen: ModelViewController) in resolved.append(screen.screenName) })
        let list = ListViewController(storyboardIdentifier: "list")
        let detail = DetailViewController(storyboardIdentifier: "detail")
        let navigation = ModelNavigationController(rootViewController: list, storyboardIdentifier: "nav")

        navigation.setViewControllers([list, detail], animated: true)
        runLoop()
        #expect(resolved.isEmpty)
        #expect(detail.context.parent === list.context)
        main.present(navigation)

        #expect(resolved == ["nav", "list", "detail"])
        #expect(list.context.parent === navigation.context)
        #expect(transitions(window) == ["present: main → nav"])
    }

    // MARK: - Storyboard segues

    @Test func storyboardSegueResolvesOnceInPrepareForSegueWithIdentifierAndSender() throws {
        let list = ListViewController(storyboardIdentifier: "list")
        let navigation = ModelNavigationController(rootViewController: list, storyboardIdentifier: "nav")
        let window = try makeKeyWindow(root: navigation)
        var seen: [String] = []
        try window.baton.dependencyCoordinator.register(
            .transition(identifier: "showDetail") {
                (transition, _: ListViewController, destination: DetailViewController) in
                seen.append("\(transition.kind.rawValue) \(transition.identifier ?? "-") \(transition.sender ?? "-")")
                destination.row = transition.sender as? Int
            })
        let detail = DetailViewController(storyboardIdentifier: "detail")

        list.prepareOverride = .callsSuperFirst
        list.performSegue(withIdentifier: "showDetail", sender: 3, destination: detail)
        runLoop()

        #expect(seen == ["segue showDetail 3"])
        #expect(list.preparedSegues == ["showDetail"])  // the app's own prepare(for:sender:) ran
        #expect(detail.seenInViewWillAppear == 3)
        #expect(transitions(window) == ["push: list → detail (showDetail)"])
    }

    @Test func storyboardSegueThatFailsToResolveWiresNothing() throws {
        struct Invalid: Error {}
        let list = ListViewController(storyboardIdentifier: "list")
        let navigation = ModelNavigationController(rootViewController: list, storyboardIdentifier: "nav")
        let window = try makeKeyWindow(root: navigation)
        try window.baton.dependencyCoordinator.register(
            .direct { (_: ListViewController, _: DetailViewController) in throw Invalid() })
        let detail = DetailViewController(storyboardIdentifier: "detail")
        let detailContext = detail.context

        let uikit = UIKitModel.current
        list.performSegue(withIdentifier: "showDetail", sender: nil, destination: detail)
        // The adapter reports the error and UIKit performs the segue anyway.
        #expect(uikit.errors.map(\.description).last?.contains("Invalid") == true)
        #expect(detailContext.parent == nil)
        #expect(ExternalTransition.inFlight(to: detail) == nil)
        #expect(transitions(window).isEmpty)
    }

    // MARK: - UITabBarController

    @Test func presentingATabBarControllerResolvesEveryTabAndTabSwitchesDoNotResolveAgain() throws {
        let main = ModelViewController(storyboardIdentifier: "main")
        let window = try makeKeyWindow(root: main)
        let colors = ColorsViewController(storyboardIdentifier: "colors")
        let sizes = SizesViewController(storyboardIdentifier: "sizes")
        let tabs = ModelTabBarController(viewControllers: [colors, sizes], storyboardIdentifier: "tabs")
        var resolved: [String] = []
        try window.baton.dependencyCoordinator.register(
            .destination { (tab: ModelViewController) in resolved.append(tab.screenName) })

        main.present(tabs)
        #expect(resolved == ["tabs", "colors", "sizes"])
        #expect(colors.context.parent === tabs.context && sizes.context.parent === tabs.context)
        window.baton.clearLogs()

        tabs.selectTab(at: 1)

        #expect(resolved == ["tabs", "colors", "sizes"])
        #expect(
            lifecycle(window) == ["colors.willDisappear", "sizes.willAppear", "colors.didDisappear", "sizes.didAppear"])
        #expect(transitions(window) == ["selectTab: colors → sizes"])
    }

    @Test func tabSelectedWhileTheTabBarControllerIsOffScreenIsNoTransition() throws {
        let main = ModelViewController(storyboardIdentifier: "main")
        let window = try makeKeyWindow(root: main)
        let tabs = ModelTabBarController(
            viewControllers: [ColorsViewController(storyboardIdentifier: "colors"), SizesViewController()],
            storyboardIdentifier: "tabs")

        tabs.selectTab(at: 1)
        main.present(tabs)
        tabs.selectTab(at: 1)

        #expect(transitions(window) == ["present: main → tabs"])
        #expect(lifecycle(window).contains("SizesViewController.willAppear"))
    }

    @Test func tabsSharingTheTabBarControllersContextReturnTheSelection() throws {
        let main = ModelViewController(storyboardIdentifier: "main")
        let window = try makeKeyWindow(root: main)
        let colors = ColorsViewController(storyboardIdentifier: "colors")
        let sizes = SizesViewController(storyboardIdentifier: "sizes")
        let tabs = ModelTabBarController(viewControllers: [colors, sizes], storyboardIdentifier: "tabs")
        colors.context = tabs.context
        sizes.context = tabs.context

        try main.present(tabs, wiring: .share)
        colors.context.set("red", for: SelectedColor.self)
        tabs.selectTab(at: 1)

        #expect(sizes.context[SelectedColor.self] == "red")
        main.dismiss()
        #expect(main.context[SelectedColor.self] == "red")
        #expect(transitions(window) == ["present: main → tabs", "selectTab: colors → sizes", "dismiss: tabs → main"])
    }

    // MARK: - Presentation

    @Test func presentingFromANavigationControllerResolvesAndWiresFromItsVisibleTop() throws {
        let list = ListViewController(storyboardIdentifier: "list")
        list.selectedRow = 4
        let navigation = ModelNavigationController(rootViewController: list, storyboardIdentifier: "nav")
        let window = try makeKeyWindow(root: navigation)
        try window.baton.dependencyCoordinator.register(
            .direct { (source: ListViewController, destination: DetailViewController) in
                destination.row = source.selectedRow
            })
        let detail = DetailViewController(storyboardIdentifier: "detail")
        let modal = ModelNavigationController(rootViewController: detail, storyboardIdentifier: "modal")

        navigation.present(modal, style: .fullScreen)

        #expect(detail.seenInViewWillAppear == 4)
        #expect(modal.context.parent === list.context)
        #expect(detail.context.parent === modal.context)
        #expect(
            lifecycle(window) == [
                "nav.willDisappear", "list.willDisappear", "modal.willAppear", "detail.willAppear",
                "nav.didDisappear", "list.didDisappear", "modal.didAppear", "detail.didAppear",
            ])
        #expect(transitions(window) == ["present: list → modal"])
    }

    // UIKit: a page sheet's presentation controller leaves the presenter's view in the window
    // (`shouldRemovePresentersView` defaults to NO, UIPresentationController.h:104-107), so the
    // presenter gets no callbacks; a full-screen one removes it. Baton follows the callbacks
    // UIKit sends: nothing in the adapter reads `modalPresentationStyle` (UIViewController.h:273).
    // The headless core gives the same orders (LifecycleOrderTests, "Sheets keep their presenter
    // on screen").

    @Test func fullScreenPresentedThenDismissedDisappearsAndReappearsThePresenterInUIKitOrder() throws {
        let main = ModelViewController(storyboardIdentifier: "main")
        let window = try makeKeyWindow(root: main)
        let cover = ModelViewController(storyboardIdentifier: "cover")
        main.present(cover, style: .fullScreen)
        #expect(
            lifecycle(window) == ["main.willDisappear", "cover.willAppear", "main.didDisappear", "cover.didAppear"])
        #expect(!main.isOnScreen)
        cover.dismiss(animated: false)
        #expect(
            lifecycle(window).suffix(4) == [
                "cover.willDisappear", "main.willAppear", "cover.didDisappear", "main.didAppear",
            ])
        #expect(main.isOnScreen)
    }

    @Test func aControllerPresentedWithoutAStyleIsAPageSheetThatLeavesThePresenterOnScreen() throws {
        let main = ModelViewController(storyboardIdentifier: "main")
        let window = try makeKeyWindow(root: main)
        let sheet = ModelViewController(storyboardIdentifier: "sheet")
        // UIViewController.h:270-271: `.automatic`, the default, resolves to a page sheet.
        main.present(sheet)
        #expect(sheet.presentationStyle == .pageSheet)
        #expect(lifecycle(window) == ["sheet.willAppear", "sheet.didAppear"])
        #expect(main.isOnScreen)
        sheet.dismiss(animated: false)
        #expect(lifecycle(window).suffix(2) == ["sheet.willDisappear", "sheet.didDisappear"])
        #expect(main.isOnScreen)
    }

    /// N-E7: a full-screen cover presented from a page sheet hides the sheet; whether it also
    /// hides the controller under the sheet is not documented. A UIKit window follows the
    /// callbacks UIKit sends under either answer; the headless core hides every layer
    /// (LifecycleOrderTests `aCoverOverASheetHidesEveryLayer…`).
    @Test(arguments: UIKitModel.Behaviour.coversOverSheets)
    func aCoverOverASheetHidesTheSheetAndTheLayerUnderItAsUIKitSays(_ behaviour: UIKitModel.Behaviour) throws {
        try UIKitModel.$current.withValue(UIKitModel(behaviour)) {
            let hidesAll = behaviour.coverHidesLayersUnderASheet
            let main = ModelViewController(storyboardIdentifier: "main")
            let window = try makeKeyWindow(root: main)
            let sheet = ModelViewController(storyboardIdentifier: "sheet")
            main.present(sheet, style: .pageSheet)
            window.baton.clearLogs()
            let cover = ModelViewController(storyboardIdentifier: "cover")
            sheet.present(cover, style: .fullScreen)
            #expect(
                lifecycle(window)
                    == (hidesAll
                        ? [
                            "main.willDisappear", "sheet.willDisappear", "cover.willAppear", "main.didDisappear",
                            "sheet.didDisappear", "cover.didAppear",
                        ]
                        : ["sheet.willDisappear", "cover.willAppear", "sheet.didDisappear", "cover.didAppear"]))
            #expect(main.isOnScreen == !hidesAll)
            #expect(main.isViewInWindow == !hidesAll)
            #expect(!sheet.isOnScreen && !sheet.isViewInWindow)
            #expect(cover.isOnScreen)
            window.baton.clearLogs()
            cover.dismiss(animated: false)
            #expect(
                lifecycle(window)
                    == (hidesAll
                        ? [
                            "cover.willDisappear", "main.willAppear", "sheet.willAppear", "cover.didDisappear",
                            "main.didAppear", "sheet.didAppear",
                        ]
                        : ["cover.willDisappear", "sheet.willAppear", "cover.didDisappear", "sheet.didAppear"]))
            #expect(main.isOnScreen && sheet.isOnScreen)
            #expect(main.isViewInWindow && sheet.isViewInWindow)
            #expect(transitions(window) == ["dismiss: cover → sheet"])
        }
    }

    @Test func pageSheetPresentedThenSwipedDownLeavesThePresenterOnScreenAndFreesTheSheet() throws {
        let main = ModelViewController(storyboardIdentifier: "main")
        let window = try makeKeyWindow(root: main)
        weak var weakSheet: ModelViewController?
        do {
            let sheet = ModelViewController(storyboardIdentifier: "sheet")
            weakSheet = sheet
            main.present(sheet, style: .pageSheet)
        }
        #expect(lifecycle(window) == ["sheet.willAppear", "sheet.didAppear"])
        #expect(main.isOnScreen)

        weakSheet?.swipeDownSheet(releasedEarly: false)

        #expect(
            lifecycle(window) == ["sheet.willAppear", "sheet.didAppear", "sheet.willDisappear", "sheet.didDisappear"])
        #expect(transitions(window) == ["present: main → sheet", "dismiss: sheet → main"])
        #expect(main.isOnScreen)
        #expect(weakSheet == nil)
    }

    @Test func pageSheetSwipeReleasedEarlyKeepsTheSheetAndLogsNoDismiss() throws {
        let main = ModelViewController(storyboardIdentifier: "main")
        let window = try makeKeyWindow(root: main)
        let sheet = ModelViewController(storyboardIdentifier: "sheet")
        main.present(sheet, style: .pageSheet)
        window.baton.clearLogs()

        sheet.swipeDownSheet(releasedEarly: true)

        #expect(lifecycle(window) == ["sheet.willDisappear", "sheet.willAppear", "sheet.didAppear"])
        #expect(transitions(window).isEmpty)
        #expect(sheet.isOnScreen && main.presentedViewController === sheet)
    }

    @Test func dismissCalledOnThePresenterOfStackedSheetsGoesFromTheTopmostSheetToIt() throws {
        let main = ModelViewController(storyboardIdentifier: "main")
        let window = try makeKeyWindow(root: main)
        let sheet = ModelViewController(storyboardIdentifier: "sheet")
        let picker = ModelViewController(storyboardIdentifier: "picker")
        main.present(sheet, style: .pageSheet)
        sheet.present(picker, style: .pageSheet)

        let transition = try #require(try ExternalTransition.beginDismissal(calledOn: main))
        #expect(transition.source === picker && transition.destination === main)
        transition.complete()
        #expect(try ExternalTransition.beginDismissal(calledOn: ModelViewController()) == nil)
        #expect(transitions(window).last == "dismiss: picker → main")
    }

    @Test func signUpPresentedWithSharedContextReturnsTheUserIDToItsPresenter() throws {
        let main = ModelViewController(storyboardIdentifier: "main")
        _ = try makeKeyWindow(root: main)
        let signUp = SignUpViewController(storyboardIdentifier: "signUp")

        try main.present(signUp, wiring: .share)
        signUp.context.set("user-42", for: UserID.self)
        main.dismiss()

        #expect(main.context[UserID.self] == "user-42")
        // Dismissed, it left the tree: it has its own context back, which reads through the
        // context it shared while that one exists; what it writes now stays its own.
        #expect(signUp.context !== main.context)
        #expect(signUp.context.parent == nil)
        #expect(signUp.context[UserID.self] == "user-42")
        signUp.context.set("user-43", for: UserID.self)
        #expect(main.context[UserID.self] == "user-42")
    }

    @Test func checkoutWorkflowReturnsTheOrderNumberToTheStoreThroughItsNamedContext() throws {
        enum ShippingAddress: ContextKey { typealias Value = String }
        enum OrderNumber: ContextKey { typealias Value = String }
        let store = ModelViewController(storyboardIdentifier: "store")
        let window = try makeKeyWindow(root: store)
        let address = ModelViewController(storyboardIdentifier: "address")
        let checkout = ModelNavigationController(rootViewController: address, storyboardIdentifier: "checkout")

        store.present(checkout)
        address.context.set("1 Infinite Loop", for: ShippingAddress.self)
        let confirm = ModelViewController(storyboardIdentifier: "confirm")
        checkout.pushViewController(confirm, animated: true)
        runLoop()
        #expect(confirm.context[ShippingAddress.self] == "1 Infinite Loop")
        try confirm.context.set("A-17", for: OrderNumber.self, in: "store")
        confirm.dismiss()  // the article's code: dismiss called on the last step

        #expect(store.context[OrderNumber.self] == "A-17")
        #expect(store.context[ShippingAddress.self] == nil)
        #expect(
            transitions(window) == [
                "present: store → checkout", "push: address → confirm", "dismiss: checkout → store",
            ])
    }

    @Test func explicitPushWithIsolateWiringLeavesTheControllersContextAlone() throws {
        let list = ListViewController(storyboardIdentifier: "list")
        let navigation = ModelNavigationController(rootViewController: list, storyboardIdentifier: "nav")
        _ = try makeKeyWindow(root: navigation)
        let settings = ModelViewController(storyboardIdentifier: "settings")
        let own = ScreenContext(name: "settings")
        settings.context = own

        try navigation.push(settings, wiring: .isolate)
        runLoop()

        #expect(settings.context === own)
        #expect(own.parent == nil)
    }

    // MARK: - UIWindow

    @Test func windowRootChangeWiresTheNewRootToTheAppContextAndFreesTheOldRoot() throws {
        let window = ModelWindow()
        weak var weakSplash: ModelViewController?
        do {
            let splash = ModelViewController(storyboardIdentifier: "splash")
            weakSplash = splash
            window.setRootViewController(splash)
        }
        window.makeKeyAndVisible()
        let main = ModelViewController(storyboardIdentifier: "main")

        window.setRootViewController(main)

        #expect(main.context.parent === window.baton.context)
        #expect(ScreenWindow.containing(main) === window.baton)
        #expect(window.baton.hostedRoot === main)
        #expect(
            lifecycle(window) == [
                "splash.willAppear", "splash.didAppear", "splash.willDisappear", "main.willAppear",
                "splash.didDisappear", "main.didAppear",
            ])
        #expect(transitions(window) == ["replaceRoot: → splash", "replaceRoot: splash → main"])
        #expect(weakSplash == nil)
    }

    // MARK: - Entry-point rules

    @Test func transitionsOutsideAKeyWindowCompleteWhenTheAdapterSaysSo() throws {
        let list = ListViewController(storyboardIdentifier: "list")
        let navigation = ModelNavigationController(rootViewController: list, storyboardIdentifier: "nav")
        let detail = DetailViewController(storyboardIdentifier: "detail")

        navigation.pushViewController(detail, animated: true)
        runLoop()

        #expect(detail.context.parent === list.context)
        #expect(!detail.isOnScreen)
        #expect(ExternalTransition.inFlight(to: detail) == nil)
    }

    @Test func aTransitionThatNeverEndsKeepsNoControllerAlive() throws {
        weak var weakDetail: ModelViewController?
        weak var weakTransition: ExternalTransition?
        let list = ModelViewController(storyboardIdentifier: "list")
        try {
            let detail = ModelViewController(storyboardIdentifier: "detail")
            weakDetail = detail
            weakTransition = try ExternalTransition.begin(.segue, from: list, to: detail, identifier: "embed")
        }()
        #expect(weakDetail == nil)
        #expect(weakTransition?.destination == nil)
    }

    @Test(.heavyOnTheMainActor) func tenThousandPushesAndBackButtonPopsLeaveNoControllerAlive() async throws {
        let list = ListViewController(storyboardIdentifier: "list")
        let navigation = ModelNavigationController(rootViewController: list, storyboardIdentifier: "nav")
        let window = try makeKeyWindow(root: navigation)
        window.baton.recordsLifecycle = false
        let pushed = WeakScreens()
        for index in 0..<10_000 {
            await shareTheMainActor(at: index, every: 15)
            do {
                let detail = DetailViewController(storyboardIdentifier: "detail")
                pushed.track(detail, detail.context)
                navigation.pushViewController(detail, animated: true)
                runLoop()
                navigation.tapBackButton()
                runLoop()
            }
        }
        #expect(pushed.aliveCount == 0)
        #expect(window.baton.transitionLog.count == 10_000)
        #expect(window.baton.transitionLog.last?.description == "pop: detail → list")
        #expect(list.context.children.isEmpty)
    }

    @Test func repeatedAppearanceCallbacksChangeNothingButStillRunTheirBody() throws {
        let screen = ModelViewController(storyboardIdentifier: "screen")
        var ran = 0
        #expect(screen.screenLifecycle.report(.willAppear, of: screen) { ran += 1 })
        #expect(!screen.screenLifecycle.report(.willAppear, of: screen) { ran += 1 })
        #expect(screen.screenLifecycle.appearance == .appearing)
        let hidden = ModelViewController(storyboardIdentifier: "hidden")
        #expect(!hidden.screenLifecycle.report(.willDisappear, of: hidden) { ran += 1 })
        #expect(ran == 3)
    }

    @Test func aCallbackThatSkipsTheOneBeforeItResynchronisesTheState() throws {
        let screen = ModelViewController(storyboardIdentifier: "screen")
        // viewWillAppear's override skipped super: viewDidAppear comes alone.
        #expect(screen.screenLifecycle.report(.didAppear, of: screen))
        #expect(screen.screenLifecycle.appearance == .appeared && screen.isOnScreen)
        // viewWillDisappear's override skipped super: viewDidDisappear comes alone.
        #expect(screen.screenLifecycle.report(.didDisappear, of: screen))
        #expect(screen.screenLifecycle.appearance == .disappeared && !screen.isOnScreen)
        #expect(!screen.screenLifecycle.report(.willDisappear, of: screen))
    }

    @Test func whileOnScreenFollowsTheReportedCallbacks() throws {
        let screen = ModelViewController(storyboardIdentifier: "screen")
        let condition = Condition.whileOnScreen(screen)
        var seen: [Bool] = []
        for phase in [LifecyclePhase.willAppear, .didAppear, .willDisappear, .didDisappear] {
            screen.screenLifecycle.report(phase, of: screen) { seen.append(condition.evaluate()) }
        }
        #expect(seen == [false, true, true, false])
    }

    @Test func aPushFromViewDidAppearIsLoggedAfterThePushThatShowedTheController() throws {
        let list = ListViewController(storyboardIdentifier: "list")
        let navigation = ModelNavigationController(rootViewController: list, storyboardIdentifier: "nav")
        let window = try makeKeyWindow(root: navigation)
        let detail = DetailViewController(storyboardIdentifier: "detail")
        let more = ModelViewController(storyboardIdentifier: "more")
        var completedWhenViewDidAppearRan: [String]?
        detail.onAppearance = { [unowned window] phase in
            guard phase == .didAppear, completedWhenViewDidAppearRan == nil else { return }
            completedWhenViewDidAppearRan = window.baton.transitionLog.map(\.description)
            navigation.pushViewController(more, animated: true)
        }

        navigation.pushViewController(detail, animated: true)
        runLoop()

        #expect(completedWhenViewDidAppearRan == ["push: list → detail"])
        #expect(transitions(window) == ["push: list → detail", "push: detail → more"])
        #expect(more.isOnScreen && !detail.isOnScreen)
    }

    @Test func aPushRequestedByAResolverIsBegunAtOnceAndBothComplete() throws {
        let list = ListViewController(storyboardIdentifier: "list")
        let navigation = ModelNavigationController(rootViewController: list, storyboardIdentifier: "nav")
        let window = try makeKeyWindow(root: navigation)
        let more = ModelViewController(storyboardIdentifier: "more")
        try window.baton.dependencyCoordinator.register(
            .destination { (_: DetailViewController) in navigation.pushViewController(more, animated: true) })
        let detail = DetailViewController(storyboardIdentifier: "detail")

        navigation.pushViewController(detail, animated: true)
        runLoop()

        // One view transition or two (E3): either way both pushes are logged.
        #expect(Set(transitions(window)) == ["push: list → more", "push: list → detail"])
        #expect(more.context.parent === list.context && detail.context.parent === list.context)
        #expect(ExternalTransition.inFlight(to: more) == nil && ExternalTransition.inFlight(to: detail) == nil)
        #expect(navigation.viewControllers.map(\.screenName) == ["list", "more", "detail"])
    }

    @Test func aPushRequestedByATransitionObserverCompletesAfterTheFirst() throws {
        let list = ListViewController(storyboardIdentifier: "list")
        let navigation = ModelNavigationController(rootViewController: list, storyboardIdentifier: "nav")
        let window = try makeKeyWindow(root: navigation)
        let detail = DetailViewController(storyboardIdentifier: "detail")
        let more = ModelViewController(storyboardIdentifier: "more")
        window.baton.context.observe(TransitionDidComplete.self, owner: more) { more, record in
            if record.destination == "detail" { navigation.pushViewController(more, animated: true) }
        }

        navigation.pushViewController(detail, animated: true)
        runLoop()

        #expect(transitions(window) == ["push: list → detail", "push: detail → more"])
        #expect(more.context.parent === detail.context)
        #expect(more.isOnScreen && !detail.isOnScreen)
    }
}
