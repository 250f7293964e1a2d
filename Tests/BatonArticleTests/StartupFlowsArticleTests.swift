import Baton
import BatonTesting
import Testing

// The article "Start-up flows with the hopping container": its steps and flows, then each block
// run as a test that checks what the article says of it. The article shows `StartupScreen` three
// times (with continuations, with a login step, awaiting each step) and `LoginScreen` twice; each
// version lives in an enum of its own here.

// MARK: - Write the steps

private final class SplashScreen: ScreenModel {
    /// Called when the cached state has been reloaded.
    func loadingFinished() {
        try? unhop()  // done: the flow decides what comes next
    }
}

private final class OnboardingScreen: ScreenModel {
    /// Called when the user taps "I'm done".
    func doneTapped() {
        try? unhop()
    }
}

private final class HomeScreen: ScreenModel {}

// MARK: - Write the flow with continuations

@MainActor
private final class AppState {
    var isFirstUse = true
}

private enum Continuations {
    final class StartupScreen: HoppingScreen {
        let state: AppState

        init(state: AppState, registry: ScreenRegistry) {
            self.state = state
            super.init(name: "startup", registry: registry)
        }

        func start() throws {
            try hop(toNamed: "splash") { [unowned self] in
                self.hopToOnboardingIfFirstUse {
                    try? self.hop(toNamed: "main", then: nil)
                }
            }
        }

        private func hopToOnboardingIfFirstUse(then next: @escaping @MainActor () -> Void) {
            if state.isFirstUse {
                state.isFirstUse = false
                try? hop(toNamed: "onboarding", then: next)
            } else {
                next()
            }
        }
    }
}

// MARK: - Add a login step

private enum CurrentUser: ContextKey { typealias Value = String }

private final class LoginScreen: ScreenModel {
    func loggedIn(as user: String) throws {
        try context.set(user, for: CurrentUser.self, in: "app")
        try unhop()
    }
}

private enum WithLogin {
    final class StartupScreen: HoppingScreen {
        let state: AppState

        init(state: AppState, registry: ScreenRegistry) {
            self.state = state
            super.init(name: "startup", registry: registry)
        }

        func start() throws {
            try hop(toNamed: "splash") { [unowned self] in
                self.hopToOnboardingIfFirstUse {
                    self.hopToLoginIfSignedOut {
                        try? self.hop(toNamed: "main", then: nil)
                    }
                }
            }
        }

        private func hopToOnboardingIfFirstUse(then next: @escaping @MainActor () -> Void) {
            if state.isFirstUse {
                state.isFirstUse = false
                try? hop(toNamed: "onboarding", then: next)
            } else {
                next()
            }
        }

        private func hopToLoginIfSignedOut(then next: @escaping @MainActor () -> Void) {
            if context[CurrentUser.self] == nil {
                try? hop(toNamed: "login", then: next)
            } else {
                next()
            }
        }
    }
}

// MARK: - Await each step

private enum Awaiting {
    final class LoginScreen: ScreenModel {
        func loggedIn(as user: String) {
            finish(with: user)
        }
    }

    final class StartupScreen: HoppingScreen {
        let state: AppState

        init(state: AppState, registry: ScreenRegistry) {
            self.state = state
            super.init(name: "startup", registry: registry)
        }

        func runSteps() async throws {
            try await hop(to: registry.makeScreen(named: "splash"))
            if state.isFirstUse {
                try await hop(to: registry.makeScreen(named: "onboarding"))
                state.isFirstUse = false
            }
            if context[CurrentUser.self] == nil {
                let user = try await hop(to: registry.makeScreen(named: "login"), returning: String.self)
                try context.set(user, for: CurrentUser.self, in: "app")
            }
            try hop(toNamed: "main", then: nil)
        }
    }
}

// MARK: - Unhop from any descendant

private final class PasswordScreen: ScreenModel {
    func signedIn(as user: String) {
        finish(with: user)  // the sign-in stack's root → sign-in stack → startup
    }
}

@MainActor
@Suite(.isolatedBaton)
struct StartupFlowsArticleTests {
    private func registryOfTheSteps() throws -> ScreenRegistry {
        let registry = ScreenRegistry()
        try registry.register(named: "splash") { SplashScreen() }
        try registry.register(named: "onboarding") { OnboardingScreen() }
        try registry.register(named: "main") { HomeScreen() }
        return registry
    }

    // MARK: - Run the flow

    @Test func theFlowWithContinuationsShowsOnboardingOnFirstUseOnly() throws {
        typealias StartupScreen = Continuations.StartupScreen

        let registry = ScreenRegistry()
        try registry.register(named: "splash") { SplashScreen() }
        try registry.register(named: "onboarding") { OnboardingScreen() }
        try registry.register(named: "main") { HomeScreen() }

        let startup = StartupScreen(state: AppState(), registry: registry)
        let window = ScreenWindow()
        try window.setRoot(startup)
        window.makeVisible()
        try startup.start()  // shows the splash

        #expect(startup.currentScreen is SplashScreen)
        #expect(startup.currentScreen?.screenName == "splash")  // named after its identifier
        weak let splash = startup.currentScreen

        (startup.currentScreen as? SplashScreen)?.loadingFinished()
        (startup.currentScreen as? OnboardingScreen)?.doneTapped()
        let log = window.transitionLog.map(\.description)
        // ["replaceRoot: → startup", "hop: → splash (splash)",
        //  "hop: splash → onboarding (onboarding)", "hop: onboarding → main (main)"]

        #expect(
            log == [
                "replaceRoot: → startup", "hop: → splash (splash)",
                "hop: splash → onboarding (onboarding)", "hop: onboarding → main (main)",
            ])
        #expect(startup.currentScreen is HomeScreen)
        #expect(splash == nil)  // every hop releases the screen it hides
        #expect(startup.currentScreen?.context.parent === startup.context)
        #expect(!startup.isWaitingForUnhop)  // main is the final step

        // A later launch goes straight to main.
        let later = Continuations.StartupScreen(state: startup.state, registry: registry)
        let relaunched = ScreenWindow()
        try relaunched.setRoot(later)
        relaunched.makeVisible()
        try later.start()
        (later.currentScreen as? SplashScreen)?.loadingFinished()
        #expect(
            relaunched.transitionLog.map(\.description) == [
                "replaceRoot: → startup", "hop: → splash (splash)", "hop: splash → main (main)",
            ])
    }

    @Test func aHoppingContainerUsesTheMainRegistryUnlessGivenAnother() throws {
        try ScreenRegistry.main.register(named: "splash") { SplashScreen() }
        let startup = HoppingScreen(name: "startup")
        #expect(startup.registry === ScreenRegistry.main)
        let window = ScreenWindow()
        try window.setRoot(startup)
        try startup.hop(toNamed: "splash", then: {})
        #expect(startup.currentScreen is SplashScreen)
    }

    @Test func aStepReadsWhatTheAppStoredInTheWindowsContext() throws {
        let registry = try registryOfTheSteps()
        let startup = Continuations.StartupScreen(state: AppState(), registry: registry)
        let window = ScreenWindow()
        window.context.set("ada", for: CurrentUser.self)
        try window.setRoot(startup)
        try startup.start()
        #expect(startup.currentScreen?.context[CurrentUser.self] == "ada")
    }

    // MARK: - Add a login step

    @Test func theLoginStepStoresTheUserInTheAppContextAndTheFlowGoesOnToMain() throws {
        let registry = try registryOfTheSteps()
        try registry.register(named: "login") { LoginScreen() }

        let state = AppState()
        state.isFirstUse = false
        let startup = WithLogin.StartupScreen(state: state, registry: registry)
        let window = ScreenWindow()
        try window.setRoot(startup)
        window.makeVisible()
        try startup.start()
        (startup.currentScreen as? SplashScreen)?.loadingFinished()
        try (startup.currentScreen as? LoginScreen)?.loggedIn(as: "ada")

        #expect(window.context[CurrentUser.self] == "ada")
        #expect(startup.currentScreen is HomeScreen)
        #expect(startup.currentScreen?.context[CurrentUser.self] == "ada")
        #expect(
            window.transitionLog.map(\.description) == [
                "replaceRoot: → startup", "hop: → splash (splash)", "hop: splash → login (login)",
                "hop: login → main (main)",
            ])

        // Signed in: the next launch skips the login.
        let next = WithLogin.StartupScreen(state: state, registry: registry)
        try window.setRoot(next)
        try next.start()
        (next.currentScreen as? SplashScreen)?.loadingFinished()
        #expect(next.currentScreen is HomeScreen)
    }

    // MARK: - Await each step

    @Test func theAwaitingFlowRunsTheSameStepsAsStraightLineCode() async throws {
        let registry = try registryOfTheSteps()
        try registry.register(named: "login") { Awaiting.LoginScreen() }
        let startup = Awaiting.StartupScreen(state: AppState(), registry: registry)
        let window = ScreenWindow()
        try window.setRoot(startup)
        window.makeVisible()

        let flow = Task { try await startup.runSteps() }

        try await window.next(SplashScreen.self).loadingFinished()
        try await window.next(OnboardingScreen.self).doneTapped()
        try await window.next(Awaiting.LoginScreen.self).loggedIn(as: "ada")
        try await flow.value
        #expect(startup.currentScreen is HomeScreen)
        #expect(startup.state.isFirstUse == false)
        #expect(window.context[CurrentUser.self] == "ada")
        #expect(
            window.transitionLog.map(\.description) == [
                "replaceRoot: → startup", "hop: → splash", "hop: splash → onboarding", "hop: onboarding → login",
                "hop: login → main (main)",
            ])
    }

    // MARK: - Unhop from any descendant

    @Test func finishFromTheRootOfAStepsStackEndsTheStepWithItsResult() async throws {
        let startup = HoppingScreen(name: "startup")
        let window = ScreenWindow()
        try window.setRoot(startup)
        window.makeVisible()
        let typing = Task { try await window.next(PasswordScreen.self).signedIn(as: "ada") }

        let signIn = try StackScreen(root: PasswordScreen(name: "password"), name: "sign-in")
        let user = try await startup.hop(to: signIn, returning: String.self)

        try await typing.value
        #expect(user == "ada")
        #expect(signIn.hoppingScreen === startup)
    }

    @Test func finishFromAScreenPushedInsideTheStepPopsIt() async throws {
        let startup = HoppingScreen(name: "startup")
        let window = ScreenWindow()
        try window.setRoot(startup)
        window.makeVisible()
        let email = ScreenModel(name: "email")
        let signIn = try StackScreen(root: email, name: "sign-in")
        let hop = Task { try await startup.hop(to: signIn) }
        _ = try await window.next(StackScreen.self)
        let password = PasswordScreen(name: "password")
        try signIn.push(password)
        password.signedIn(as: "ada")  // pops it: the step goes on
        #expect(signIn.screens.map(\.screenName) == ["email"])
        #expect(startup.isWaitingForUnhop)
        try email.unhop()  // unhop works from any descendant of the step
        _ = try? await hop.value
        #expect(!startup.isWaitingForUnhop)
    }

    @Test func unhopCurrentScreenUnhopsOnBehalfOfTheCurrentScreen() throws {
        let registry = try registryOfTheSteps()
        let startup = Continuations.StartupScreen(state: AppState(), registry: registry)
        let window = ScreenWindow()
        try window.setRoot(startup)
        try startup.start()
        try startup.unhopCurrentScreen()
        #expect(startup.currentScreen is OnboardingScreen)
    }

    // MARK: - Know the rules of unhop

    @Test func aContinuationRunsAtMostOnceAndASecondUnhopIsIgnored() throws {
        let registry = try registryOfTheSteps()
        let startup = HoppingScreen(name: "startup", registry: registry)
        let window = ScreenWindow()
        try window.setRoot(startup)
        var runs = 0
        try startup.hop(toNamed: "splash") { runs += 1 }
        let splash = try #require(startup.currentScreen as? SplashScreen)
        #expect(startup.isWaitingForUnhop)
        splash.loadingFinished()
        splash.loadingFinished()  // a double tap: ignored
        #expect(runs == 1)
        #expect(!startup.isWaitingForUnhop)
    }

    @Test func unhopFromAFinalStepIsAMisuseThatSaysHowToFixIt() throws {
        let registry = try registryOfTheSteps()
        let startup = HoppingScreen(name: "startup", registry: registry)
        let window = ScreenWindow()
        try window.setRoot(startup)
        try startup.hop(toNamed: "splash", then: nil)
        let splash = try #require(startup.currentScreen)
        let error = MisuseMode.$current.withValue(.lenient) {
            #expect(throws: ScreenError.noPendingContinuation(hopping: "startup", screen: "splash")) {
                try splash.unhop()
            }
        }
        #expect(
            error?.description == """
                splash called unhop, but startup has no continuation for it: the step was hopped to without \
                one (a final step), or splash is not in the current step. Pass a continuation, even {}, to a \
                step that may finish.
                """)
    }

    @Test func unhopWithoutAHoppingContainerDoesNothing() throws {
        let window = ScreenWindow()
        let splash = SplashScreen(name: "splash")
        try window.setRoot(splash)
        try splash.unhop()
        #expect(window.rootScreen === splash)
        #expect(splash.hoppingScreen == nil)
    }

    @Test func aLateUnhopFromAScreenHoppedAwayDoesNothing() throws {
        let registry = try registryOfTheSteps()
        let startup = HoppingScreen(name: "startup", registry: registry)
        let window = ScreenWindow()
        try window.setRoot(startup)
        try startup.hop(toNamed: "splash") {}
        let splash = try #require(startup.currentScreen)
        try startup.hop(toNamed: "onboarding") {}
        try splash.unhop()
        #expect(startup.currentScreen is OnboardingScreen)
        #expect(startup.isWaitingForUnhop)  // the current step keeps waiting
    }

    @Test func finishIsForgivingWhereUnhopIsStrict() throws {
        let registry = try registryOfTheSteps()
        let startup = HoppingScreen(name: "startup", registry: registry)
        let window = ScreenWindow()
        try window.setRoot(startup)
        var runs = 0
        try startup.hop(toNamed: "splash") { runs += 1 }
        let splash = try #require(startup.currentScreen)
        splash.finish()
        splash.finish()
        #expect(runs == 1)
        try startup.hop(toNamed: "main", then: nil)
        startup.currentScreen?.finish()  // from a final step: nothing
        #expect(startup.currentScreen is HomeScreen)
    }

    @Test func aResultOfAnotherTypeEndsTheAwaitWithAMismatch() async throws {
        let startup = HoppingScreen(name: "startup")
        let window = ScreenWindow()
        try window.setRoot(startup)
        window.makeVisible()
        let login = Awaiting.LoginScreen(name: "login")
        let awaiting = Task { try await startup.hop(to: login, returning: Int.self) }
        _ = try await window.next(Awaiting.LoginScreen.self)
        MisuseMode.$current.withValue(.lenient) { login.loggedIn(as: "ada") }
        await #expect(throws: ScreenError.resultTypeMismatch(screen: "login", expected: "Int", actual: "String")) {
            try await awaiting.value
        }
    }

    @Test func theContinuationRunsInsideTheUnhopCall() throws {
        let registry = try registryOfTheSteps()
        let startup = HoppingScreen(name: "startup", registry: registry)
        let window = ScreenWindow()
        try window.setRoot(startup)
        try startup.hop(toNamed: "splash") { try? startup.hop(toNamed: "main", then: nil) }
        try startup.currentScreen?.unhop()
        #expect(startup.currentScreen is HomeScreen)  // it hopped again before unhop returned
    }

    // MARK: - Handle cancellation and superseded hops

    @Test func aCancelledFlowEndsWithTaskCancelledAndTheStepStaysShown() async throws {
        let registry = try registryOfTheSteps()
        try registry.register(named: "login") { Awaiting.LoginScreen() }
        let startup = Awaiting.StartupScreen(state: AppState(), registry: registry)
        let window = ScreenWindow()
        try window.setRoot(startup)
        window.makeVisible()

        let flow = Task {
            do {
                try await startup.runSteps()
            } catch ScreenError.cancelled(_, .taskCancelled) {
                // The app is shutting down.
            } catch ScreenError.cancelled {
                // Something else took over the start-up container.
            }
        }

        let splash = try await window.next(SplashScreen.self)
        flow.cancel()
        try await flow.value  // the first catch took it
        #expect(startup.currentScreen === splash)  // the step stays shown
        #expect(!startup.isWaitingForUnhop)
        splash.finish()  // nothing waits: a late finish does nothing
        #expect(startup.currentScreen === splash)
    }

    @Test func aHopElsewhereEndsTheAwaitWithTheTransitionThatSupersededIt() async throws {
        let registry = try registryOfTheSteps()
        let startup = HoppingScreen(name: "startup", registry: registry)
        let window = ScreenWindow()
        try window.setRoot(startup)
        window.makeVisible()
        let login = Awaiting.LoginScreen(name: "login")
        let awaiting = Task { try await startup.hop(to: login, returning: String.self) }
        _ = try await window.next(Awaiting.LoginScreen.self)
        try startup.hop(toNamed: "main", then: nil)  // a deep link or a logout, say
        let error = await #expect(throws: ScreenError.self) { try await awaiting.value }
        guard case .cancelled(let screen, .transition(let record)) = error else {
            Issue.record("not a cancellation by a transition: \(String(describing: error))")
            return
        }
        #expect(screen == "login")
        #expect(record.description == "hop: login → main (main)")
        #expect(
            error?.description == """
                The await for login's result ended without one: hop: login → main (main) took it out of the screen \
                tree before login finished.
                """)
    }

    @Test func aTaskCancelledBeforeItHopsThrowsWithoutHopping() async throws {
        let startup = HoppingScreen(name: "startup")
        let window = ScreenWindow()
        try window.setRoot(startup)
        let hop = Task { try await startup.hop(to: SplashScreen(name: "splash")) }
        hop.cancel()  // before the task ran: the test has not yielded yet
        let error = await #expect(throws: ScreenError.self) { try await hop.value }
        guard case .cancelled(let screen, .taskCancelled) = error else {
            Issue.record("not a task cancellation: \(String(describing: error))")
            return
        }
        #expect(screen == "splash")
        #expect(startup.currentScreen == nil)
        #expect(window.transitionLog.map(\.description) == ["replaceRoot: → startup"])
    }

    @Test func anAwaitEndsWhenTheContainerLeavesTheTree() async throws {
        let startup = HoppingScreen(name: "startup")
        let window = ScreenWindow()
        try window.setRoot(startup)
        window.makeVisible()
        let login = Awaiting.LoginScreen(name: "login")
        let awaiting = Task { try await startup.hop(to: login, returning: String.self) }
        _ = try await window.next(Awaiting.LoginScreen.self)
        try window.setRoot(HomeScreen(name: "home"))  // a logout that replaces the whole flow
        let error = await #expect(throws: ScreenError.self) { try await awaiting.value }
        guard case .cancelled(let screen, .transition(let record)) = error else {
            Issue.record("not a cancellation by a transition: \(String(describing: error))")
            return
        }
        #expect(screen == "login")
        #expect(record.description == "replaceRoot: startup → home")
    }

    @Test func aSupersededContinuationNeverRuns() throws {
        let registry = try registryOfTheSteps()
        let startup = HoppingScreen(name: "startup", registry: registry)
        let window = ScreenWindow()
        try window.setRoot(startup)
        var runs = 0
        try startup.hop(toNamed: "splash") { runs += 1 }
        try startup.hop(toNamed: "onboarding", then: nil)
        #expect(runs == 0)
        #expect(!startup.isWaitingForUnhop)
    }

    @Test func aFailedHopThrowsAndKeepsTheCurrentScreen() throws {
        let registry = try registryOfTheSteps()
        let startup = HoppingScreen(name: "startup", registry: registry)
        let window = ScreenWindow()
        try window.setRoot(startup)
        try startup.hop(toNamed: "splash") {}
        MisuseMode.$current.withValue(.lenient) {
            #expect(throws: ScreenError.unknownName("setup", known: ["main", "onboarding", "splash"])) {
                try startup.hop(toNamed: "setup", then: nil)
            }
        }
        #expect(startup.currentScreen is SplashScreen)
    }

    // MARK: - Animate hops with a transition hook

    @Test func theArticlesCrossFadeCompletesTheHopAfterItsDelay() async throws {
        let registry = try registryOfTheSteps()
        let startup = HoppingScreen(name: "startup", registry: registry)
        let window = ScreenWindow()
        try window.setRoot(startup)
        window.makeVisible()
        let completions = window.context.events(TransitionDidComplete.self)

        startup.transitionHook = { transition, complete in
            print("cross-fading to \(transition.destination.screenName)")
            Task {
                try? await Task.sleep(nanoseconds: 300_000_000)  // the fade's duration
                complete()
            }
        }

        try startup.hop(toNamed: "splash") {}
        #expect(startup.currentScreen is SplashScreen)  // shown already
        #expect(window.transitionLog.map(\.description) == ["replaceRoot: → startup"])  // not yet logged
        for await record in completions where record.description == "hop: → splash (splash)" { break }
        #expect(window.transitionLog.map(\.description) == ["replaceRoot: → startup", "hop: → splash (splash)"])
    }

    @Test func aHookIsCalledOnlyWhileTheContainerIsVisibleAndTheDidCallbacksWaitForComplete() throws {
        let registry = try registryOfTheSteps()
        let startup = HoppingScreen(name: "startup", registry: registry)
        let window = ScreenWindow()
        try window.setRoot(startup)
        var pending: [@MainActor () -> Void] = []
        startup.transitionHook = { _, complete in pending.append(complete) }

        try startup.hop(toNamed: "splash") {}  // not visible: no hook, completes at once
        #expect(pending.isEmpty)
        #expect(window.transitionLog.count == 2)

        window.makeVisible()
        try startup.hop(toNamed: "onboarding") {}
        #expect(pending.count == 1)
        let onboarding = try #require(startup.currentScreen)
        #expect(onboarding.appearance == .appearing)  // the did- callbacks wait
        #expect(window.transitionLog.count == 2)
        pending[0]()
        #expect(onboarding.appearance == .appeared)
        #expect(window.transitionLog.last?.description == "hop: splash → onboarding (onboarding)")
    }
}
