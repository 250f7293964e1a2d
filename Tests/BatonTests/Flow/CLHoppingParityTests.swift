import Baton
import BatonTesting
import Testing

/// CLHoppingViewController's behaviour that users rely on, from its source and README.
@MainActor
@Suite(.lenientMisuse)
struct CLHoppingParityTests {
    @Test func hoppingViewControllerOfTheContainerIsTheContainer() {
        let startup = HoppingScreen(name: "startup", registry: ScreenRegistry())
        #expect(startup.hoppingScreen === startup)
    }

    @Test func unhopOnTheContainerRunsTheBlock() throws {
        let startup = HoppingScreen(name: "startup", registry: ScreenRegistry())
        var ran = 0
        try startup.hop(to: ScreenModel(name: "splash")) { ran += 1 }
        try startup.unhop()  // [startup unhop]
        #expect(ran == 1)
        try startup.unhop()  // the step finished: a second unhop is ignored
        #expect(ran == 1)
    }

    @Test func unhopOnAnEmptyContainerThrowsATypedError() throws {
        let startup = HoppingScreen(name: "startup", registry: ScreenRegistry())
        #expect(throws: ScreenError.noPendingContinuation(hopping: "startup", screen: "startup")) {
            try startup.unhop()
        }
    }

    @Test func theFirstHopsTransitionHasNoFromController() throws {
        let startup = HoppingScreen(name: "startup", registry: ScreenRegistry())
        _ = try makeVisibleWindow(root: startup)
        var sources: [String?] = []
        startup.transitionHook = { transition, complete in
            sources.append(transition.source?.screenName)
            complete()
        }
        try startup.hop(to: ScreenModel(name: "splash")) {}
        try startup.hop(to: ScreenModel(name: "main"), then: nil)
        #expect(sources == [nil, "splash"])
    }

    @Test func theFirstHopIsStillResolvedFromTheContainer() throws {
        final class Startup: HoppingScreen { var model = "model" }
        final class Splash: ScreenModel { var model: String? }
        let coordinator = DependencyCoordinator(name: "app")
        try coordinator.register(.direct { (source: Startup, destination: Splash) in destination.model = source.model })
        let startup = Startup(name: "startup", registry: ScreenRegistry())
        startup.dependencyCoordinator = coordinator
        let splash = Splash(name: "splash")
        try startup.hop(to: splash, then: nil)
        #expect(splash.model == "model")
    }

    @Test func hopToViewControllerTransitionThenUsesTheTransitionForThatHopOnly() throws {
        let startup = HoppingScreen(name: "startup", registry: ScreenRegistry())
        let window = try makeVisibleWindow(root: startup)
        var calls: [String] = []
        startup.transitionHook = { transition, complete in
            calls.append("hook → \(transition.destination.screenName)")
            complete()
        }
        var pending: (@MainActor () -> Void)?
        try startup.hop(
            to: ScreenModel(name: "splash"),
            transition: { transition, complete in
                calls.append("slide → \(transition.destination.screenName)")
                pending = complete
            }, then: {})
        #expect(window.lifecycleLog.map(\.description) == ["splash.willAppear"])
        pending?()
        #expect(window.lifecycleLog.map(\.description) == ["splash.willAppear", "splash.didAppear"])
        try startup.hop(to: ScreenModel(name: "main"), then: nil)
        #expect(calls == ["slide → splash", "hook → main"])
        #expect(startup.transitionHook != nil)
    }
}
