@_spi(Adapters) import Baton
import BatonTesting
import Testing

/// HopFlow driven by the model of BatonUIKit's HoppingViewController in UIKitModel.swift (a
/// UIKit container that shows one child at a time), named after CLHoppingViewController's
/// scenarios.
@MainActor
@Suite(.lenientMisuse)
struct HopFlowTests {
    private func makeStartup() throws -> (ModelWindow, ModelHoppingViewController) {
        let startup = ModelHoppingViewController(storyboardIdentifier: "startup")
        let window = ModelWindow()
        window.setRootViewController(startup)
        window.makeKeyAndVisible()
        window.baton.clearLogs()
        return (window, startup)
    }

    @Test func hoppingViewControllerRunsTheContinuationWhenADescendantOfTheStepUnhops() throws {
        let (window, startup) = try makeStartup()
        let field = ModelViewController(storyboardIdentifier: "field")
        let onboarding = ModelNavigationController(rootViewController: field, storyboardIdentifier: "onboarding")
        var continued = 0

        try startup.hop(to: onboarding) { continued += 1 }
        try field.unhop()

        #expect(continued == 1)
        #expect(onboarding.context.parent === startup.context)
        #expect(field.context.parent === onboarding.context)
        #expect(
            window.baton.lifecycleLog.map(\.description) == [
                "onboarding.willAppear", "field.willAppear", "onboarding.didAppear", "field.didAppear",
            ])
        #expect(window.baton.transitionLog.map(\.description) == ["hop: → onboarding"])
    }

    @Test func firstHopComesFromNoStepAndIsResolvedFromTheHoppingViewController() throws {
        let (window, startup) = try makeStartup()
        var resolved: [String] = []
        try window.baton.dependencyCoordinator.register(
            .direct { (container: ModelHoppingViewController, step: ModelViewController) in
                resolved.append("\(container.screenName) → \(step.screenName)")
            })

        try startup.hop(to: ModelViewController(storyboardIdentifier: "splash"), then: nil)

        #expect(resolved == ["startup → splash"])
        #expect(window.baton.transitionLog.map(\.description) == ["hop: → splash"])
    }

    @Test func aStepHoppedAwayButRetainedLeavesTheContextTree() throws {
        let (_, startup) = try makeStartup()
        let splash = ModelViewController(storyboardIdentifier: "splash")
        try startup.hop(to: splash, then: nil)
        #expect(splash.context.parent === startup.context)

        try startup.hop(to: ModelViewController(storyboardIdentifier: "main"), then: nil)
        #expect(splash.context.parent === startup.context)  // cross-dissolving away
        startup.uikit.runLoop()

        #expect(splash.context.parent == nil)
    }

    @Test func secondUnhopOfTheSameHopIsIgnored() throws {
        let (_, startup) = try makeStartup()
        let splash = ModelViewController(storyboardIdentifier: "splash")
        var continued = 0
        try startup.hop(to: splash) { continued += 1 }
        try splash.unhop()
        try splash.unhop()
        #expect(continued == 1)
    }

    @Test func unhopOnTheHoppingViewControllerItselfUnhopsItsStep() throws {
        let (_, startup) = try makeStartup()
        var continued = 0
        try startup.hop(to: ModelViewController(storyboardIdentifier: "splash")) { continued += 1 }
        try startup.unhop()
        #expect(continued == 1)
    }

    @Test func unhopOutsideAnyHoppingViewControllerDoesNothing() throws {
        let lonely = ModelViewController(storyboardIdentifier: "lonely")
        try lonely.unhop()
    }

    @Test func hopByStoryboardIdentifierThenToTheNextReleasesTheFirstStep() throws {
        let (window, startup) = try makeStartup()
        weak var weakSplash: ModelViewController?
        startup.storyboard = [
            "splash": {
                let splash = ModelViewController(storyboardIdentifier: "splash")
                weakSplash = splash
                return splash
            },
            "main": { ModelViewController(storyboardIdentifier: "main") },
        ]

        try startup.hop(toNamed: "splash", thenToNamed: "main")
        try weakSplash?.unhop()
        startup.uikit.runLoop()

        #expect(startup.currentViewController?.screenName == "main")
        #expect(weakSplash == nil)
        #expect(
            window.baton.transitionLog.map(\.description) == [
                "hop: → splash (splash)", "hop: splash → main (main)",
            ])
        #expect(!startup.hopFlow.isWaitingForUnhop)
    }

    @Test func hopToAnUnknownStoryboardIdentifierNamesTheKnownOnes() throws {
        let (_, startup) = try makeStartup()
        startup.storyboard = ["splash": { ModelViewController(storyboardIdentifier: "splash") }]
        #expect {
            try startup.hop(toNamed: "splash", thenToNamed: "mian")
        } throws: { error in
            (error as? ScreenError)?.description
                == "No screen is registered under the name \"mian\". Registered names: splash."
                + " Register it with register(named: \"mian\") { … }."
        }
        #expect(startup.currentViewController == nil)
    }

    @Test(.timeLimit(.minutes(1))) func awaitedHopReturnsTheTypedResultOfTheLoginStep() async throws {
        let (_, startup) = try makeStartup()
        let login = ModelViewController(storyboardIdentifier: "login")
        Task { @MainActor in
            await Task.yield()
            login.finish(with: "user-7")
        }
        let user = try await startup.hop(to: login, returning: String.self)
        #expect(user == "user-7")
    }

    @Test(.timeLimit(.minutes(1))) func awaitedHopWithAnotherResultTypeEndsWithAMismatch() async throws {
        let (_, startup) = try makeStartup()
        let login = ModelViewController(storyboardIdentifier: "login")
        Task { @MainActor in
            await Task.yield()
            login.finish(with: 42)
            login.finish(with: "user-8")  // ignored: the step has finished
        }
        await #expect(throws: ScreenError.resultTypeMismatch(screen: "login", expected: "String", actual: "Int")) {
            try await startup.hop(to: login, returning: String.self)
        }
    }

    @Test(.timeLimit(.minutes(1))) func awaitedHopEndsWhenTheContainerHopsElsewhere() async throws {
        let (_, startup) = try makeStartup()
        Task { @MainActor in
            await Task.yield()
            try startup.hop(to: ModelViewController(storyboardIdentifier: "main"), then: nil)
        }
        await #expect {
            try await startup.hop(to: ModelViewController(storyboardIdentifier: "login"), returning: String.self)
        } throws: { error in
            (error as? ScreenError)?.description
                == "The await for login's result ended without one: hop: login → main took it out of the screen tree"
                + " before login finished."
        }
    }

    @Test(.timeLimit(.minutes(1))) func awaitedHopEndsWhenTheContainerLeavesTheTree() async throws {
        let (_, startup) = try makeStartup()
        Task { @MainActor in
            await Task.yield()
            startup.hopFlow.containerLeftTree()
        }
        await #expect {
            try await startup.hop(to: ModelViewController(storyboardIdentifier: "login"), returning: String.self)
        } throws: { error in
            (error as? ScreenError)?.description
                == "The await for login's result ended without one: its container startup left the screen tree"
                + " before login finished."
        }
    }
}
