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
        finish()  // done: the flow decides what comes next
    }
}

private final class OnboardingScreen: ScreenModel {
    /// Called when the user taps "I'm done".
    func doneTapped() {
        finish()
    }
}

private final class HomeScreen: ScreenModel {}

// MARK: - Declare the flow

extension ContextValues {
    fileprivate var isFirstUse: ContextEntry<Bool> { .init(default: true) }
}

private final class StartupScreen: HoppingScreen {
    override var mainRoute: (any ScreenRoute)? { Route.main }

    override func run() async throws {
        try await hop(to: SplashScreen(name: "splash"))
        if context[\.isFirstUse] {
            try await hop(to: OnboardingScreen(name: "onboarding"))
            context[\.isFirstUse] = false
        }
    }
}

private enum Route: ScreenRoute {
    case startup, main

    func makeScreen() throws -> ScreenModel {
        switch self {
        case .startup: StartupScreen(name: "startup")
        case .main: HomeScreen(name: "main")
        }
    }
}

// MARK: - Add a login step

extension ContextValues {
    fileprivate var currentUser: ContextEntry<String?> { .init() }
}

private final class LoginScreen: ScreenModel {
    func loggedIn(as user: String) {
        finish(with: user)
    }
}

private enum WithLogin {
    final class StartupScreen: HoppingScreen {
        override var mainRoute: (any ScreenRoute)? { LoginRoute.main }

        override func run() async throws {
            try await hop(to: SplashScreen(name: "splash"))
            if context[\.isFirstUse] {
                try await hop(to: OnboardingScreen(name: "onboarding"))
                context[\.isFirstUse] = false
            }
            if context[\.currentUser] == nil {
                context[\.currentUser] = try await hop(to: LoginScreen(name: "login"), returning: String.self)
            }
        }
    }

    enum LoginRoute: ScreenRoute {
        case startup, main

        func makeScreen() throws -> ScreenModel {
            switch self {
            case .startup: WithLogin.StartupScreen(name: "startup")
            case .main: HomeScreen(name: "main")
            }
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

    @Test func theFlowShowsOnboardingOnFirstUseOnlyAndEndsOnTheMainRoute() async throws {
        let window = ScreenWindow()
        let failures = window.launch(Route.startup)  // [] when the root was made
        window.makeVisible()  // Baton starts run(): the splash shows
        #expect(failures == [])
        let startup = try #require(window.rootScreen as? StartupScreen)

        try await window.next(SplashScreen.self).loadingFinished()
        try await window.next(OnboardingScreen.self).doneTapped()
        let home = try await window.next(HomeScreen.self)
        let log = window.transitionLog.map(\.description)
        // ["replaceRoot: → startup", "hop: → splash", "hop: splash → onboarding",
        //  "hop: onboarding → main"]

        #expect(
            log == [
                "replaceRoot: → startup", "hop: → splash", "hop: splash → onboarding", "hop: onboarding → main",
            ])
        #expect(startup.currentScreen === home)
        #expect(try window.screenTree(Route.self)?.description == "startup(main)")
        #expect(home.context.parent === startup.context)
        #expect(startup.context[\.isFirstUse] == false)

        // A later launch goes straight to main.
        let relaunched = ScreenWindow()
        relaunched.context[\.isFirstUse] = false
        #expect(relaunched.launch(Route.startup) == [])
        relaunched.makeVisible()
        weak let splash = try await relaunched.next(SplashScreen.self)
        splash?.loadingFinished()
        _ = try await relaunched.next(HomeScreen.self)
        #expect(splash == nil)  // every hop releases the screen it hides
        #expect(
            relaunched.transitionLog.map(\.description) == [
                "replaceRoot: → startup", "hop: → splash", "hop: splash → main",
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

    // MARK: - Add a login step

    @Test func theLoginStepHandsTheUserToTheFlowAndTheMainScreenReadsIt() async throws {
        let window = ScreenWindow()
        window.context[\.isFirstUse] = false
        #expect(window.launch(WithLogin.LoginRoute.startup) == [])
        window.makeVisible()
        try await window.next(SplashScreen.self).loadingFinished()
        try await window.next(LoginScreen.self).loggedIn(as: "ada")
        let home = try await window.next(HomeScreen.self)

        #expect(home.context[\.currentUser] == "ada")
        #expect(window.context[\.currentUser] == nil)  // stored in the flow's context
        #expect(
            window.transitionLog.map(\.description) == [
                "replaceRoot: → startup", "hop: → splash", "hop: splash → login", "hop: login → main",
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
        let startup = HoppingScreen(name: "startup", registry: registry)
        let window = ScreenWindow()
        try window.setRoot(startup)
        try startup.hop(toNamed: "splash") { () throws(ScreenError) in try startup.hop(toNamed: "onboarding", then: nil)
        }
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
        let login = LoginScreen(name: "login")
        let awaiting = Task { try await startup.hop(to: login, returning: Int.self) }
        _ = try await window.next(LoginScreen.self)
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
        try startup.hop(toNamed: "splash") { () throws(ScreenError) in try startup.hop(toNamed: "main", then: nil) }
        try startup.currentScreen?.unhop()
        #expect(startup.currentScreen is HomeScreen)  // it hopped again before unhop returned
    }

    // MARK: - Handle cancellation and superseded hops

    @Test func aFlowThatLeavesTheTreeIsCancelledAndNeverHopsToItsMainRoute() async throws {
        let window = ScreenWindow()
        #expect(window.launch(Route.startup) == [])
        window.makeVisible()
        let startup = try #require(window.rootScreen as? StartupScreen)
        let splash = try await window.next(SplashScreen.self)
        try window.setRoot(HomeScreen(name: "home"))  // a logout that replaces the whole flow
        splash.finish()  // nothing waits any more
        await Task.yield()
        #expect(window.rootScreen?.screenName == "home")
        #expect(!startup.isWaitingForUnhop)
        #expect(window.transitionLog.map(\.description).filter { $0.hasPrefix("hop") } == ["hop: → splash"])
    }

    @Test func aHopElsewhereEndsTheAwaitWithTheTransitionThatSupersededIt() async throws {
        let registry = try registryOfTheSteps()
        let startup = HoppingScreen(name: "startup", registry: registry)
        let window = ScreenWindow()
        try window.setRoot(startup)
        window.makeVisible()
        let login = LoginScreen(name: "login")
        let awaiting = Task { try await startup.hop(to: login, returning: String.self) }
        _ = try await window.next(LoginScreen.self)
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
        let login = LoginScreen(name: "login")
        let awaiting = Task { try await startup.hop(to: login, returning: String.self) }
        _ = try await window.next(LoginScreen.self)
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
