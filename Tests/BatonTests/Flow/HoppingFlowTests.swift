import Baton
import BatonTesting
import Testing

/// The app's persistent state in the CLHoppingViewController tutorial.
@MainActor
final class StartupState {
    var isFirstUse = true
    var session: String?
}

/// The splash screen loads and unhops; it knows no other screen.
@MainActor
final class SplashScreen: ScreenModel {
    func loadingFinished() { try? unhop() }
}

/// Onboarding unhops when the user is done.
@MainActor
final class OnboardingScreen: ScreenModel {
    func onboardingFinished() { try? unhop() }
}

/// A login step that returns the user's session.
@MainActor
final class LoginScreen: ScreenModel {
    func loggedIn(as user: String) { finish(with: user) }
}

/// The tutorial's start-up container: splash → onboarding on first use → main.
@MainActor
final class MyStartupScreen: HoppingScreen {
    let state: StartupState

    init(state: StartupState, registry: ScreenRegistry) {
        self.state = state
        super.init(name: "startup", registry: registry)
    }

    func start() throws {
        try hop(toNamed: "splash") { [unowned self] in
            self.conditionalHopToOnboarding {
                try? self.hop(toNamed: "main", then: nil)
            }
        }
    }

    private func conditionalHopToOnboarding(_ next: @escaping @MainActor () -> Void) {
        if state.isFirstUse {
            state.isFirstUse = false
            try? hop(toNamed: "onboarding", then: next)
        } else {
            next()
        }
    }
}

@MainActor
@Suite(.lenientMisuse)
struct HoppingFlowTests {
    private func makeRegistry() throws -> ScreenRegistry {
        let registry = ScreenRegistry()
        try registry.register(named: "splash") { SplashScreen() }
        try registry.register(named: "onboarding") { OnboardingScreen() }
        try registry.register(named: "login") { LoginScreen() }
        try registry.register(named: "main") { try! StackScreen(root: ScreenModel(name: "home")) }
        return registry
    }

    // MARK: - The tutorial, with callbacks

    @Test func firstUseGoesSplashOnboardingMain() throws {
        let state = StartupState()
        let startup = MyStartupScreen(state: state, registry: try makeRegistry())
        let window = try makeVisibleWindow(root: startup)
        try startup.start()
        (startup.currentScreen as! SplashScreen).loadingFinished()
        (startup.currentScreen as! OnboardingScreen).onboardingFinished()
        #expect(startup.currentScreen?.screenName == "main")
        #expect(
            window.transitionLog.map(\.description) == [
                "hop: → splash (splash)", "hop: splash → onboarding (onboarding)",
                "hop: onboarding → main (main)",
            ])
        #expect(window.topScreen?.screenName == "home")
    }

    @Test func laterUsesSkipOnboarding() throws {
        let state = StartupState()
        state.isFirstUse = false
        let startup = MyStartupScreen(state: state, registry: try makeRegistry())
        _ = try makeVisibleWindow(root: startup)
        try startup.start()
        (startup.currentScreen as! SplashScreen).loadingFinished()
        #expect(startup.currentScreen?.screenName == "main")
    }

    @Test func loginStepBetweenOnboardingAndMainWithCallbacks() throws {
        let state = StartupState()
        let registry = try makeRegistry()
        let startup = HoppingScreen(name: "startup", registry: registry)
        _ = try makeVisibleWindow(root: startup)
        let login = LoginScreen(name: "login")
        try startup.hop(toNamed: "splash") {
            try? startup.hop(toNamed: "onboarding") {
                try? startup.hop(to: login) {
                    state.session = "user-1"
                    try? startup.hop(toNamed: "main", then: nil)
                }
            }
        }
        try startup.unhopCurrentScreen()
        try startup.unhopCurrentScreen()
        login.loggedIn(as: "user-1")
        #expect(state.session == "user-1")
        #expect(startup.currentScreen?.screenName == "main")
    }

    @Test func hopToNamedThenToNamedUsesNamesForBothSteps() throws {
        let startup = HoppingScreen(name: "startup", registry: try makeRegistry())
        try startup.hop(toNamed: "splash", thenToNamed: "main")
        #expect(startup.currentScreen?.screenName == "splash")
        try startup.currentScreen!.unhop()
        #expect(startup.currentScreen?.screenName == "main")
        #expect(throws: ScreenError.unknownName("mian", known: ["login", "main", "onboarding", "splash"])) {
            try startup.hop(toNamed: "splash", thenToNamed: "mian")
        }
        #expect(startup.currentScreen?.screenName == "main")
    }

    // MARK: - The tutorial, awaiting each step

    @Test(.timeLimit(.minutes(1))) func startUpFlowReadsAsStraightLineCode() async throws {
        let state = StartupState()
        let startup = HoppingScreen(name: "startup", registry: try makeRegistry())
        let window = try makeVisibleWindow(root: startup)
        let splash = SplashScreen(name: "splash")
        let onboarding = OnboardingScreen(name: "onboarding")
        let login = LoginScreen(name: "login")
        let flow = Task { @MainActor in
            try await startup.hop(to: splash)
            if state.isFirstUse { try await startup.hop(to: onboarding) }
            let user = try await startup.hop(to: login, returning: String.self)
            try startup.hop(to: ScreenModel(name: "main"), then: nil)
            return user
        }
        // Each step is taken once the flow waits on it: a single `Task.yield()` does not promise
        // that the flow's task has run that far when many tests share the main actor.
        while startup.currentScreen !== splash || !startup.isWaitingForUnhop { await Task.yield() }
        splash.loadingFinished()
        while startup.currentScreen !== onboarding || !startup.isWaitingForUnhop { await Task.yield() }
        onboarding.onboardingFinished()
        while startup.currentScreen !== login || !startup.isWaitingForUnhop { await Task.yield() }
        login.loggedIn(as: "ada")
        #expect(try await flow.value == "ada")
        #expect(
            window.transitionLog.map(\.description) == [
                "hop: → splash", "hop: splash → onboarding", "hop: onboarding → login",
                "hop: login → main",
            ])
    }

    @Test(.timeLimit(.minutes(1))) func cancellingTheAwaitingTaskThrowsAndKeepsTheScreen() async throws {
        let startup = HoppingScreen(name: "startup", registry: ScreenRegistry())
        let splash = SplashScreen(name: "splash")
        let flow = Task { @MainActor in try await startup.hop(to: splash) }
        while startup.currentScreen == nil { await Task.yield() }
        flow.cancel()
        await #expect(throws: ScreenError.cancelled(screen: "splash", reason: .taskCancelled)) {
            try await flow.value
        }
        #expect(startup.currentScreen === splash)
        #expect(!startup.isWaitingForUnhop)
        try splash.unhop()  // nothing waits any more: ignored
    }

    @Test(.timeLimit(.minutes(1))) func aHopThatSupersedesAnAwaitedOneEndsItWithAnError() async throws {
        let startup = HoppingScreen(name: "startup", registry: ScreenRegistry())
        let flow = Task { @MainActor in try await startup.hop(to: ScreenModel(name: "login")) }
        while startup.currentScreen == nil { await Task.yield() }
        try startup.hop(to: ScreenModel(name: "main"), then: nil)
        let expected = ScreenError.cancelled(
            screen: "login",
            reason: .transition(TransitionRecord(kind: .hop, source: "login", destination: "main", identifier: nil)))
        await #expect(throws: expected) { try await flow.value }
        #expect(
            expected.description
                == "The await for login's result ended without one: hop: login → main took it out of the screen tree"
                + " before login finished.")
    }

    @Test(.timeLimit(.minutes(1))) func finishingWithTheWrongResultTypeEndsTheAwaitWithAMismatch() async throws {
        let startup = HoppingScreen(name: "startup", registry: ScreenRegistry())
        let login = LoginScreen(name: "login")
        let flow = Task { @MainActor in try await startup.hop(to: login, returning: String.self) }
        while startup.currentScreen == nil { await Task.yield() }
        login.finish(with: 42)
        login.finish(with: "ada")  // ignored: the step has finished
        await #expect(throws: ScreenError.resultTypeMismatch(screen: "login", expected: "String", actual: "Int")) {
            try await flow.value
        }
        #expect(!startup.isWaitingForUnhop)
    }

    @Test(.timeLimit(.minutes(1))) func unhopEndsAnAwaitedHopAsFinishDoes() async throws {
        let startup = HoppingScreen(name: "startup", registry: ScreenRegistry())
        let splash = SplashScreen(name: "splash")
        let flow = Task { @MainActor in try await startup.hop(to: splash, returning: Void.self) }
        while startup.currentScreen == nil { await Task.yield() }
        try splash.unhop()
        try await flow.value
    }

    @Test(.timeLimit(.minutes(1)))
    func anAwaitedFlowEndsWhenItsContainerLeavesTheTree() async throws {
        let window = ScreenWindow()
        weak var weakStartup: HoppingScreen?
        let flow: Task<Void, any Error>
        do {
            let startup = HoppingScreen(name: "startup", registry: ScreenRegistry())
            weakStartup = startup
            try window.setRoot(startup)
            flow = Task { @MainActor in try await startup.hop(to: ScreenModel(name: "login")) }
            while startup.currentScreen == nil { await Task.yield() }
        }
        try window.setRoot(ScreenModel(name: "main"))
        let expected = ScreenError.cancelled(
            screen: "login",
            reason: .transition(
                TransitionRecord(kind: .replaceRoot, source: "startup", destination: "main", identifier: nil)))
        await #expect(throws: expected) { try await flow.value }
        #expect(weakStartup == nil)
    }

    @Test func aFailedSecondHopOfHopToThenToIsThrownFromTheUnhop() throws {
        let registry = ScreenRegistry()
        let shared = ScreenModel(name: "shared")
        let elsewhere = try StackScreen(root: shared)
        try registry.register(named: "splash") { ScreenModel() }
        try registry.register(named: "main") { shared }
        let startup = HoppingScreen(name: "startup", registry: registry)
        try startup.hop(toNamed: "splash", thenToNamed: "main")
        #expect(throws: ScreenError.alreadyInHierarchy(screen: "shared", container: elsewhere.screenName)) {
            try startup.currentScreen!.unhop()
        }
    }

    @Test func aContinuationThatHopsWithTryThrowsItsFailureOutOfTheStepsUnhop() throws {
        let shared = ScreenModel(name: "shared")
        let elsewhere = try StackScreen(root: shared)
        let startup = HoppingScreen(name: "startup", registry: ScreenRegistry())
        let splash = ScreenModel(name: "splash")
        try startup.hop(to: splash) { [unowned startup] () throws(ScreenError) in
            try startup.hop(to: shared, then: nil)
        }
        #expect(throws: ScreenError.alreadyInHierarchy(screen: "shared", container: elsewhere.screenName)) {
            try splash.unhop()
        }
        #expect(startup.currentScreen === splash)
        #expect(!startup.isWaitingForUnhop)
    }

    @Test func aContinuationThatHopsWithTryPostsItsFailureWhenTheStepFinishes() throws {
        let shared = ScreenModel(name: "shared")
        let elsewhere = try StackScreen(root: shared)
        let startup = HoppingScreen(name: "startup", registry: ScreenRegistry())
        let window = try makeVisibleWindow(root: startup)
        var reports: [String] = []
        window.context.observe(TransitionDidFail.self, owner: window) { _, failure in
            reports.append(failure.description)
        }
        let splash = ScreenModel(name: "splash")
        try startup.hop(to: splash) { [unowned startup] () throws(ScreenError) in
            try startup.hop(to: shared, then: nil)
        }
        splash.finish()
        let error = ScreenError.alreadyInHierarchy(screen: "shared", container: elsewhere.screenName)
        #expect(
            reports == [
                "the continuation of startup after splash finished, deferred until finish of splash completed, "
                    + "failed: \(error.description)"
            ])
        #expect(startup.currentScreen === splash)
    }

    @Test func aNestedHoppingStepUnhopsItsParentFlowThroughItsParent() throws {
        let startup = HoppingScreen(name: "startup", registry: ScreenRegistry())
        let onboarding = HoppingScreen(name: "onboarding", registry: ScreenRegistry())
        var finished = false
        var pageDone = false
        try startup.hop(to: onboarding) { finished = true }
        try onboarding.hop(to: ScreenModel(name: "page1")) { pageDone = true }
        // As CLHoppingViewController's category, a hopping container is its own hoppingScreen:
        // onboarding.unhop() unhops onboarding's step, and its parent unhops onboarding.
        try onboarding.unhop()
        #expect(pageDone)
        #expect(!finished)
        try onboarding.parentScreen?.unhop()
        #expect(finished)
    }

    // MARK: - Unhop rules

    @Test func unhopRunsTheContinuationOnceAndASecondUnhopIsIgnored() throws {
        let startup = HoppingScreen(name: "startup", registry: ScreenRegistry())
        let splash = ScreenModel(name: "splash")
        var runs = 0
        try startup.hop(to: splash) { runs += 1 }
        #expect(startup.isWaitingForUnhop)
        try splash.unhop()
        try splash.unhop()
        #expect(runs == 1)
        #expect(!startup.isWaitingForUnhop)
    }

    @Test func unhoppingAFinalStepIsAMisuseThatSaysHowToFinishIt() throws {
        let startup = HoppingScreen(name: "startup", registry: ScreenRegistry())
        let splash = ScreenModel(name: "splash")
        try startup.hop(to: splash, then: nil)
        #expect(throws: ScreenError.noPendingContinuation(hopping: "startup", screen: "splash")) {
            try splash.unhop()
        }
        #expect(
            ScreenError.noPendingContinuation(hopping: "startup", screen: "splash").description
                == "splash called unhop, but startup has no continuation for it: the step was hopped to without one "
                + "(a final step), or splash is not in the current step. Pass a continuation, even {}, to a step that "
                + "may finish.")
    }

    @Test func unhopFromADescendantWalksUpToTheHoppingScreen() throws {
        let startup = HoppingScreen(name: "startup", registry: ScreenRegistry())
        let inner = ScreenModel(name: "inner")
        let stack = try StackScreen(root: inner, name: "stack")
        var ran = false
        try startup.hop(to: stack) { ran = true }
        #expect(inner.hoppingScreen === startup)
        try inner.unhop()
        #expect(ran)
    }

    @Test func unhopWithoutAHoppingContainerDoesNothing() throws {
        let lonely = ScreenModel(name: "lonely")
        #expect(lonely.hoppingScreen == nil)
        try lonely.unhop()
        lonely.finish(with: 1)
    }

    @Test func unhopFromAScreenThatWasHoppedAwayDoesNothing() throws {
        let startup = HoppingScreen(name: "startup", registry: ScreenRegistry())
        let old = ScreenModel(name: "old")
        try startup.hop(to: old) {}
        let current = ScreenModel(name: "current")
        try startup.hop(to: current) {}
        #expect(old.hoppingScreen == nil)
        try old.unhop()
        #expect(startup.isWaitingForUnhop)
    }

    @Test func interleavedHookCompletionsLeaveEveryScreenInOneState() throws {
        let startup = HoppingScreen(name: "startup", registry: ScreenRegistry())
        _ = try makeVisibleWindow(root: startup)
        var completions: [@MainActor () -> Void] = []
        startup.transitionHook = { _, complete in completions.append(complete) }
        let a = ScreenModel(name: "a")
        let b = ScreenModel(name: "b")
        let c = ScreenModel(name: "c")
        try startup.hop(to: a, then: nil)
        completions.removeFirst()()
        try startup.hop(to: b, then: nil)
        try startup.hop(to: c, then: nil)  // before the hop to b completed
        completions.removeLast()()  // c's hop completes first
        completions.removeLast()()  // then b's, late
        #expect(a.appearance == .disappeared)
        #expect(b.appearance == .disappeared)
        #expect(c.appearance == .appeared)
        #expect(c.isOnScreen)
        #expect(!b.isOnScreen)
    }

    @Test func customTransitionHookRunsBetweenWillAndDid() throws {
        let startup = HoppingScreen(name: "startup", registry: ScreenRegistry())
        let window = try makeVisibleWindow(root: startup)
        var pending: (@MainActor () -> Void)?
        startup.transitionHook = { transition, complete in
            #expect(transition.kind == .hop)
            pending = complete
        }
        try startup.hop(to: ScreenModel(name: "splash"), then: nil)
        #expect(window.lifecycleLog.map(\.description) == ["splash.willAppear"])
        #expect(window.transitionLog.isEmpty)
        pending?()
        pending?()  // a second completion does nothing
        #expect(window.lifecycleLog.map(\.description) == ["splash.willAppear", "splash.didAppear"])
        #expect(window.transitionLog.map(\.description) == ["hop: → splash"])
    }
}
