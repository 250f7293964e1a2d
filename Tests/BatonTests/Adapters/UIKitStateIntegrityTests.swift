@_spi(Adapters) import Baton
import Testing

/// What would have trapped or corrupted the context tree on a device (the adapters review's
/// section A), on the model of UIKit. The suite runs in the default misuse mode (strict in debug
/// builds), as an app's debug build does: a misuse on a path UIKit drives must not trap. Tests
/// that depend on an undocumented UIKit behaviour run under every setting of its switch.
@MainActor
@Suite struct UIKitStateIntegrityTests {
    private func transitions(_ window: ModelWindow) -> [String] { window.baton.transitionLog.map(\.description) }

    /// Runs `body` in a process with `behaviour`.
    private func inUIKit(
        _ behaviour: UIKitModel.Behaviour = .init(), _ body: (UIKitModel) throws -> Void
    ) rethrows {
        let uikit = UIKitModel(behaviour)
        try UIKitModel.$current.withValue(uikit) { try body(uikit) }
    }

    /// A key window showing `root`, with both logs emptied.
    private func makeKeyWindow(root: ModelViewController, _ uikit: UIKitModel) -> ModelWindow {
        let window = ModelWindow(uikit: uikit)
        window.setRootViewController(root)
        window.makeKeyAndVisible()
        uikit.runLoop()
        window.baton.clearLogs()
        return window
    }

    // MARK: - A1. Unwind segues

    @Test(arguments: UIKitModel.Behaviour.all)
    func unwindToAnEarlierScreenOfTheStackPopsWithoutWiringAnything(behaviour: UIKitModel.Behaviour) {
        inUIKit(behaviour) { uikit in
            let list = ListViewController(storyboardIdentifier: "list")
            let navigation = ModelNavigationController(rootViewController: list, storyboardIdentifier: "nav")
            let window = makeKeyWindow(root: navigation, uikit)
            let detail = DetailViewController(storyboardIdentifier: "detail")
            navigation.pushViewController(detail, animated: true)
            uikit.runLoop()
            window.baton.clearLogs()

            detail.performUnwind("unwindToList", to: list)
            uikit.runLoop()

            #expect(uikit.errors.isEmpty)
            #expect(list.context.parent === navigation.context)
            #expect(detail.context.parent == nil)
            #expect(transitions(window) == ["pop: detail → list"])
            #expect(list.isOnScreen)
        }
    }

    @Test(arguments: UIKitModel.Behaviour.all)
    func unwindOutOfAFullScreenModalKeepsTheDestinationInTheAppContext(behaviour: UIKitModel.Behaviour) {
        inUIKit(behaviour) { uikit in
            let list = ListViewController(storyboardIdentifier: "list")
            let navigation = ModelNavigationController(rootViewController: list, storyboardIdentifier: "nav")
            let window = makeKeyWindow(root: navigation, uikit)
            let form = ModelViewController(storyboardIdentifier: "form")
            let modal = ModelNavigationController(rootViewController: form, storyboardIdentifier: "modal")
            navigation.present(modal, animated: true)
            uikit.runLoop()
            window.baton.clearLogs()

            form.performUnwind("unwindToList", to: list)
            uikit.runLoop()

            #expect(uikit.errors.isEmpty)
            #expect(list.context.parent === navigation.context)
            #expect(navigation.context.parent === window.baton.context)
            #expect(modal.context.parent == nil)
            #expect(transitions(window) == ["dismiss: modal → nav"])
            #expect(list.isOnScreen)
        }
    }

    // MARK: - A2. Transitions whose callbacks never came

    @Test(arguments: UIKitModel.Behaviour.all)
    func twoUnanimatedPushesInOneTurnThenBackKeepTheMiddleControllerWired(behaviour: UIKitModel.Behaviour) {
        inUIKit(behaviour) { uikit in
            let list = ListViewController(storyboardIdentifier: "list")
            let navigation = ModelNavigationController(rootViewController: list, storyboardIdentifier: "nav")
            let window = makeKeyWindow(root: navigation, uikit)
            let middle = ModelViewController(storyboardIdentifier: "middle")
            let top = ModelViewController(storyboardIdentifier: "top")

            navigation.pushViewController(middle, animated: false)
            navigation.pushViewController(top, animated: false)
            uikit.runLoop()
            navigation.tapBackButton()
            uikit.runLoop()

            #expect(middle.context.parent === list.context)
            #expect(middle.isOnScreen)
            #expect(ExternalTransition.inFlight(to: middle) == nil)
            let log = transitions(window)
            #expect(log.prefix(2) == ["push: list → middle", "push: middle → top"])
            if behaviour.backButtonCallsPublicPop { #expect(log.last == "pop: top → middle") }
            #expect(top.context.parent == nil)
        }
    }

    @Test(arguments: UIKitModel.Behaviour.all)
    func aControllerWhoseViewDidAppearSkipsSuperStaysWiredWhenItDisappears(behaviour: UIKitModel.Behaviour) {
        inUIKit(behaviour) { uikit in
            let list = ListViewController(storyboardIdentifier: "list")
            let navigation = ModelNavigationController(rootViewController: list, storyboardIdentifier: "nav")
            let window = makeKeyWindow(root: navigation, uikit)
            let detail = DetailViewController(storyboardIdentifier: "detail")
            detail.skipsSuper = [.didAppear]
            navigation.pushViewController(detail, animated: true)
            uikit.runLoop()

            // The whole navigation controller leaves the screen: detail disappears.
            window.setRootViewController(ModelViewController(storyboardIdentifier: "main"))
            uikit.runLoop()

            #expect(detail.context.parent === list.context)
            #expect(transitions(window).first == "push: list → detail")
            #expect(ExternalTransition.inFlight(to: detail) == nil)
        }
    }

    @Test func aControllerWhoseViewWillAppearSkipsSuperIsStillOnScreen() {
        inUIKit { uikit in
            let list = ListViewController(storyboardIdentifier: "list")
            let navigation = ModelNavigationController(rootViewController: list, storyboardIdentifier: "nav")
            _ = makeKeyWindow(root: navigation, uikit)
            let detail = DetailViewController(storyboardIdentifier: "detail")
            detail.skipsSuper = [.willAppear]
            var answered: [Int] = []
            _ = try? detail.context.provide(ProvidedRow.self, owner: detail, if: .whileOnScreen(detail)) { _ in 7 }

            navigation.pushViewController(detail, animated: true)
            uikit.runLoop()
            if let row = try? detail.context.request(ProvidedRow.self) { answered.append(row) }

            #expect(detail.isOnScreen)
            #expect(answered == [7])
        }
    }

    @Test func aPresentationUIKitRefusedIsGivenUpWhenTheControllerIsPresentedFromElsewhere() throws {
        try inUIKit { uikit in
            let main = ModelViewController(storyboardIdentifier: "main")
            let window = makeKeyWindow(root: main, uikit)
            var resolvedFrom: [String] = []
            try window.baton.dependencyCoordinator.register(
                .direct { (source: ModelViewController, _: SignUpViewController) in
                    resolvedFrom.append(source.screenName)
                })
            let sheet = ModelViewController(storyboardIdentifier: "sheet")
            let cached = SignUpViewController(storyboardIdentifier: "signUp")
            main.present(sheet, style: .pageSheet)
            main.present(cached)  // UIKit refuses: main already presents the sheet
            #expect(main.presentedViewController === sheet)

            sheet.present(cached)  // presented from the sheet instead

            #expect(cached.context.parent === sheet.context)
            #expect(resolvedFrom == ["main", "sheet"])
            #expect(transitions(window) == ["present: main → sheet", "present: sheet → signUp"])
            #expect(ExternalTransition.inFlight(to: cached) == nil)
        }
    }

    // MARK: - A3. setViewControllers and the old top's disappearance

    @Test(arguments: UIKitModel.Behaviour.all)
    func setViewControllersKeepsTheOldTopWiredThroughItsDisappearance(behaviour: UIKitModel.Behaviour) throws {
        enum Draft: ContextKey { typealias Value = String }
        try inUIKit(behaviour) { uikit in
            let main = ModelViewController(storyboardIdentifier: "main")
            let navigation = ModelNavigationController(rootViewController: main, storyboardIdentifier: "nav")
            _ = makeKeyWindow(root: navigation, uikit)
            let signUp = SignUpViewController(storyboardIdentifier: "signUp")
            try navigation.push(signUp, wiring: .share)
            uikit.runLoop()
            var written: [LifecyclePhase] = []
            signUp.onAppearance = { [unowned signUp] phase in
                guard phase == .willDisappear || phase == .didDisappear else { return }
                signUp.context.set("ada \(phase)", for: Draft.self)
                written.append(phase)
            }

            navigation.setViewControllers([main], animated: true)
            uikit.runLoop()

            #expect(written == [.willDisappear, .didDisappear])
            #expect(main.context[Draft.self] == "ada didDisappear")
            #expect(signUp.context !== main.context)  // it left the tree afterwards
        }
    }

    // MARK: - A4. A step that finishes while it is being shown

    @Test func aStepThatUnhopsInItsViewDidAppearRunsTheContinuation() throws {
        try inUIKit { uikit in
            let startup = ModelHoppingViewController(storyboardIdentifier: "startup")
            _ = makeKeyWindow(root: startup, uikit)
            let splash = ModelViewController(storyboardIdentifier: "splash")
            splash.onAppearance = { [unowned splash] phase in if phase == .didAppear { try? splash.unhop() } }
            var continued = 0

            try startup.hop(to: splash) { continued += 1 }

            #expect(continued == 1)
            #expect(!startup.hopFlow.isWaitingForUnhop)
        }
    }

    @Test func aStepThatUnhopsInItsViewDidLoadIsReplacedByTheNextStep() throws {
        try inUIKit { uikit in
            let startup = ModelHoppingViewController(storyboardIdentifier: "startup")
            let window = makeKeyWindow(root: startup, uikit)
            let splash = ModelViewController(storyboardIdentifier: "splash")
            let main = ModelViewController(storyboardIdentifier: "main")
            splash.onViewDidLoad = { [unowned splash] in try? splash.unhop() }  // cached data: done at once

            try startup.hop(to: splash) { [unowned startup] in try? startup.hop(to: main, then: nil) }
            uikit.runLoop()

            #expect(startup.currentViewController === main)
            #expect(startup.children.map(\.screenName) == ["main"])
            #expect(main.isOnScreen && !splash.isOnScreen)
            #expect(splash.context.parent == nil)
            #expect(transitions(window) == ["hop: → splash", "hop: splash → main"])
        }
    }

    @Test func aStepThatHopsFromItsViewDidAppearIsNotOverwrittenByTheHopThatShowedIt() throws {
        try inUIKit { uikit in
            let startup = ModelHoppingViewController(storyboardIdentifier: "startup")
            _ = makeKeyWindow(root: startup, uikit)
            let splash = ModelViewController(storyboardIdentifier: "splash")
            let main = ModelViewController(storyboardIdentifier: "main")
            var mainFinished = 0
            splash.onAppearance = { [unowned startup] phase in
                if phase == .didAppear { try? startup.hop(to: main) { mainFinished += 1 } }
            }

            try startup.hop(to: splash, then: nil)
            uikit.runLoop()
            try main.unhop()

            #expect(startup.currentViewController === main)
            #expect(mainFinished == 1)
        }
    }

    // MARK: - A5. Awaited flows whose container leaves the tree

    @Test(.timeLimit(.minutes(1))) func anAwaitedFlowEndsWhenTheWindowReplacesItsContainer() async throws {
        let uikit = UIKitModel()
        await UIKitModel.$current.withValue(uikit) {
            weak var weakStartup: ModelHoppingViewController?
            let window = ModelWindow(uikit: uikit)
            let flow: Task<String, any Error>
            do {
                let startup = ModelHoppingViewController(storyboardIdentifier: "startup")
                weakStartup = startup
                window.setRootViewController(startup)
                window.makeKeyAndVisible()
                flow = Task {
                    try await startup.hop(
                        to: ModelViewController(storyboardIdentifier: "login"), returning: String.self)
                }
            }
            await Task.yield()
            window.setRootViewController(ModelViewController(storyboardIdentifier: "main"))  // log-out, say
            uikit.runLoop()

            await #expect {
                _ = try await flow.value
            } throws: { error in
                (error as? ScreenError)?.description
                    == "The await for login's result ended without one: its container startup left the screen tree"
                    + " before login finished."
            }
            #expect(weakStartup == nil)
        }
    }

    @Test(.timeLimit(.minutes(1))) func anAwaitedFlowEndsWhenThePresentedContainerItIsInIsDismissed() async throws {
        let uikit = UIKitModel()
        await UIKitModel.$current.withValue(uikit) {
            let main = ModelViewController(storyboardIdentifier: "main")
            let window = ModelWindow(uikit: uikit)
            window.setRootViewController(main)
            window.makeKeyAndVisible()
            let onboarding = ModelHoppingViewController(storyboardIdentifier: "onboarding")
            let modal = ModelNavigationController(rootViewController: onboarding, storyboardIdentifier: "modal")
            main.present(modal)
            let flow = Task {
                try await onboarding.hop(to: ModelViewController(storyboardIdentifier: "terms"), returning: Bool.self)
            }
            await Task.yield()

            main.dismiss()

            await #expect {
                _ = try await flow.value
            } throws: { error in
                (error as? ScreenError)?.description
                    == "The await for terms's result ended without one: its container onboarding left the screen"
                    + " tree before terms finished."
            }
        }
    }

    // MARK: - A6. Misuses on paths UIKit drives

    @Test func aDoubleTapOnAFinishedStepsUnhopIsIgnoredNotTrapped() throws {
        try inUIKit { uikit in
            let startup = ModelHoppingViewController(storyboardIdentifier: "startup")
            _ = makeKeyWindow(root: startup, uikit)
            let splash = ModelViewController(storyboardIdentifier: "splash")
            var continued = 0
            try startup.hop(to: splash) { continued += 1 }
            try splash.unhop()

            #expect(MisuseMode.current == .strict)
            try splash.unhop()  // the second tap of a double tap: ignored, as UIKit ignores it
            #expect(continued == 1)
            #expect(!startup.hopFlow.isWaitingForUnhop)
        }
    }

    @Test func aWiringConflictOnAPushGoesToTheErrorHandlerInStrictMode() throws {
        try inUIKit { uikit in
            let list = ListViewController(storyboardIdentifier: "list")
            let navigation = ModelNavigationController(rootViewController: list, storyboardIdentifier: "nav")
            _ = makeKeyWindow(root: navigation, uikit)
            try list.context.provide(ProvidedRow.self, owner: list) { _ in 1 }
            let detail = DetailViewController(storyboardIdentifier: "detail")
            try detail.context.provide(ProvidedRow.self, owner: detail) { _ in 2 }

            #expect(MisuseMode.current == .strict)
            navigation.pushViewController(detail, animated: true)  // a retained controller, say
            uikit.runLoop()

            #expect(uikit.errors.count == 1)
            #expect(navigation.topViewController === detail)  // UIKit pushed it anyway
        }
    }
}

/// A value a screen provides.
enum ProvidedRow: ContextKey { typealias Value = Int }
