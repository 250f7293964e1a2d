import Baton
import Testing

@testable import CoordinatesApp
@testable import CoordinatesKit

@MainActor
@Suite struct StartupFlowTests {
    // MARK: - Hopping flow

    @Test func firstRunHopsFromSplashToOnboardingAndWaits() async throws {
        let harness = try AppHarness()
        await harness.app.launch()
        #expect(harness.app.topScreenName == "onboarding")
        #expect(
            harness.transitions == [
                "replaceRoot: → startup", "hop: → splash (splash)", "hop: splash → onboarding (onboarding)",
            ])
    }

    @Test func continuingOnboardingHopsToTheMainStackAndRemembersIt() async throws {
        let harness = try AppHarness()
        await harness.app.launch()
        await harness.app.handle(.line("c"))
        #expect(harness.app.topScreenName == "main")
        #expect(harness.transitions.last == "hop: onboarding → navigation (navigation)")
        #expect(harness.app.model.hasCompletedOnboarding)
        #expect(harness.app.startup.isWaitingForUnhop == false)
    }

    @Test func onboardedStateSkipsOnboarding() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.app.launch()
        #expect(harness.app.topScreenName == "main")
        #expect(
            harness.transitions == [
                "replaceRoot: → startup", "hop: → splash (splash)", "hop: splash → navigation (navigation)",
            ])
    }

    @Test func splashLoadsTheSavedStateIntoTheModel() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.app.launch()
        #expect(harness.app.model.savedState == .paris)
    }

    @Test func eachStepAppearsOnceInUIKitOrder() async throws {
        let harness = try AppHarness(state: .paris)
        harness.app.window.recordsLifecycle = true
        await harness.app.launch()
        #expect(
            harness.app.window.lifecycleLog.map(\.description) == [
                "startup.willAppear", "startup.didAppear",
                "splash.willAppear", "splash.didAppear",
                "splash.willDisappear", "navigation.willAppear", "main.willAppear",
                "splash.didDisappear", "navigation.didAppear", "main.didAppear",
            ])
    }

    @Test func launchingTwiceDoesNothingMore() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.app.launch()
        await harness.app.launch()
        #expect(harness.transitions.count == 3)
    }

    @Test func releasingTheAppReleasesTheWindowAndEveryScreen() async throws {
        weak var window: ScreenWindow?
        weak var main: ScreenModel?
        do {
            let harness = try AppHarness(state: .paris)
            await harness.app.launch()
            await harness.send("d", "?")
            window = harness.app.window
            main = harness.app.window.rootScreen?.screenAndDescendants.last as? ScreenModel
        }
        await Task.yield()
        #expect(window == nil)
        #expect(main == nil)
    }

    @Test func finishedStepsAreReleased() async throws {
        let harness = try AppHarness()
        await harness.app.launch()
        weak let onboarding = harness.app.window.topScreen
        await harness.app.handle(.line("c"))
        #expect(onboarding == nil)
    }
}
