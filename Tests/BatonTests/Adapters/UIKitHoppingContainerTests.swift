@_spi(Adapters) import Baton
import Testing

/// BatonUIKit's `HoppingViewController`, as the model runs it with the real default (a 0.3 s
/// cross-dissolve): a step that finishes while it loads (the second review's N-A2, probe P1) and
/// a late unhop from the step being animated away (A6, probe P2). The suite runs in the default
/// misuse mode (strict in debug builds), as an app's debug build does.
@MainActor
@Suite struct UIKitHoppingContainerTests {
    private func transitions(_ window: ModelWindow) -> [String] { window.baton.transitionLog.map(\.description) }

    /// A key window showing a hopping container, with both logs emptied.
    private func startupOnScreen(_ uikit: UIKitModel) -> (ModelHoppingViewController, ModelWindow) {
        let startup = ModelHoppingViewController(storyboardIdentifier: "startup", uikit: uikit)
        let window = ModelWindow(uikit: uikit)
        window.setRootViewController(startup)
        window.makeKeyAndVisible()
        uikit.runLoop()
        window.baton.clearLogs()
        return (startup, window)
    }

    // MARK: - N-A2. A step that finishes while it loads

    @Test func aSecondStepThatUnhopsInItsViewDidLoadLeavesNoStrandedStepAndTheNextOneIsShown() throws {
        let uikit = UIKitModel()
        try UIKitModel.$current.withValue(uikit) {
            let (startup, window) = startupOnScreen(uikit)
            weak var weakSplash: ModelViewController?
            weak var weakLogin: ModelViewController?
            let main = ModelViewController(storyboardIdentifier: "main")
            do {
                let splash = ModelViewController(storyboardIdentifier: "splash")
                let login = ModelViewController(storyboardIdentifier: "login")
                (weakSplash, weakLogin) = (splash, login)
                login.onViewDidLoad = { [unowned login] in try? login.unhop() }  // a cached session
                try startup.hop(to: splash) { [unowned startup] in
                    try? startup.hop(to: login) { [unowned startup] in try? startup.hop(to: main, then: nil) }
                }
                uikit.runLoop()
                window.baton.clearLogs()

                try splash.unhop()
                uikit.runLoop()

                #expect(startup.children.map(\.screenName) == ["main"])
                #expect(splash.context.parent == nil && login.context.parent == nil)
                #expect(!splash.isOnScreen && !login.isOnScreen)
            }
            #expect(startup.currentViewController === main)
            #expect(main.isOnScreen)
            #expect(main.context.parent === startup.context)
            #expect(transitions(window) == ["hop: splash → login", "hop: login → main"])
            #expect(weakSplash == nil && weakLogin == nil)
            #expect(uikit.errors.isEmpty)
        }
    }

    @Test func stepsThatEachUnhopInTheirViewDidLoadAreAllRemovedAndTheLastIsShown() throws {
        let uikit = UIKitModel()
        try UIKitModel.$current.withValue(uikit) {
            let (startup, window) = startupOnScreen(uikit)
            let names = ["splash", "consent", "login", "sync"]
            let steps = names.map { ModelViewController(storyboardIdentifier: $0) }
            let main = ModelViewController(storyboardIdentifier: "main")
            for step in steps.dropFirst() { step.onViewDidLoad = { [unowned step] in try? step.unhop() } }
            var next: @MainActor () -> Void = { [unowned startup] in try? startup.hop(to: main, then: nil) }
            for step in steps.dropFirst().reversed() {
                let after = next
                next = { [unowned startup] in try? startup.hop(to: step, then: after) }
            }
            try startup.hop(to: steps[0], then: next)
            uikit.runLoop()

            try steps[0].unhop()
            uikit.runLoop()

            #expect(startup.children.map(\.screenName) == ["main"])
            #expect(steps.allSatisfy { $0.context.parent == nil && !$0.isOnScreen })
            #expect(main.isOnScreen)
            #expect(
                transitions(window) == [
                    "hop: → splash", "hop: splash → consent", "hop: consent → login", "hop: login → sync",
                    "hop: sync → main",
                ])
            #expect(uikit.errors.isEmpty)
        }
    }

    @Test func aFirstStepThatUnhopsInItsViewDidLoadOnScreenIsReplacedWithoutAnimation() throws {
        let uikit = UIKitModel()
        try UIKitModel.$current.withValue(uikit) {
            let (startup, window) = startupOnScreen(uikit)
            let splash = ModelViewController(storyboardIdentifier: "splash")
            let main = ModelViewController(storyboardIdentifier: "main")
            splash.onViewDidLoad = { [unowned splash] in try? splash.unhop() }

            try startup.hop(to: splash) { [unowned startup] in try? startup.hop(to: main, then: nil) }

            // No animation was needed: the splash's view never went into the container.
            #expect(startup.children.map(\.screenName) == ["main"])
            #expect(main.isOnScreen && !splash.isOnScreen)
            #expect(transitions(window) == ["hop: → splash", "hop: splash → main"])
        }
    }

    @Test func aStepThatHopsFromItsViewDidAppearIsLeftWithACrossDissolve() throws {
        let uikit = UIKitModel()
        try UIKitModel.$current.withValue(uikit) {
            let (startup, _) = startupOnScreen(uikit)
            let splash = ModelViewController(storyboardIdentifier: "splash")
            let main = ModelViewController(storyboardIdentifier: "main")
            var mainAppeared = 0
            main.onAppearance = { phase in if phase == .didAppear { mainAppeared += 1 } }
            splash.onAppearance = { [unowned startup] phase in
                if phase == .didAppear { try? startup.hop(to: main, then: nil) }
            }
            startup.hopDuration = 0  // the first step's view is added at once, in the window

            try startup.hop(to: splash, then: nil)
            uikit.runLoop()

            #expect(startup.children.map(\.screenName) == ["main"])
            #expect(main.isOnScreen && !splash.isOnScreen)
            #expect(mainAppeared == 1)
        }
    }

    // MARK: - A6. A late unhop from the step animated away

    @Test func aLateUnhopFromTheStepBeingAnimatedAwayIsIgnored() throws {
        let uikit = UIKitModel()
        try UIKitModel.$current.withValue(uikit) {
            let (startup, _) = startupOnScreen(uikit)
            weak var weakSplash: ModelViewController?
            let main = ModelViewController(storyboardIdentifier: "main")
            var continued = 0
            do {
                let splash = ModelViewController(storyboardIdentifier: "splash")
                weakSplash = splash
                try startup.hop(to: splash) { [unowned startup] in
                    continued += 1
                    try? startup.hop(to: main) {}
                }
                uikit.runLoop()

                try splash.unhop()  // "Skip"
                #expect(startup.children.map(\.screenName) == ["splash", "main"])  // cross-dissolving
                #expect(MisuseMode.current == .strict)
                try splash.unhop()  // the automatic advance, a moment later: ignored, not a misuse
                uikit.runLoop()
            }

            #expect(continued == 1)
            #expect(startup.currentViewController === main)
            #expect(startup.hopFlow.isWaitingForUnhop)  // main's continuation still waits
            #expect(startup.children.map(\.screenName) == ["main"])
            #expect(weakSplash == nil)
            #expect(uikit.errors.isEmpty)
        }
    }

    @Test func aLateFinishFromAScreenInsideTheStepBeingAnimatedAwayIsIgnored() throws {
        let uikit = UIKitModel()
        try UIKitModel.$current.withValue(uikit) {
            let (startup, _) = startupOnScreen(uikit)
            let onboarding = ModelNavigationController(
                rootViewController: ModelViewController(storyboardIdentifier: "page"), storyboardIdentifier: "pages")
            let page = try #require(onboarding.topViewController)
            let main = ModelViewController(storyboardIdentifier: "main")
            var continued = 0
            try startup.hop(to: onboarding) { [unowned startup] in
                continued += 1
                try? startup.hop(to: main) {}
            }
            uikit.runLoop()

            try page.unhop()
            try page.unhop()  // a double tap that reached the page after the hop began
            uikit.runLoop()

            #expect(continued == 1)
            #expect(startup.currentViewController === main)
            #expect(startup.hopFlow.isWaitingForUnhop)
        }
    }
}
