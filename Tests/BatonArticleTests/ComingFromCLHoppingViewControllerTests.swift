import Baton
import BatonTesting
import Testing

// The Baton code of the article "Coming from CLHoppingViewController", run: each of its blocks,
// and what its prose says of them.

private final class SplashScreen: ScreenModel {}

private final class OnboardingScreen: ScreenModel {
    func doneTapped() throws {
        try unhop()  // CLHoppingViewController: [self.hoppingViewController unhop];
    }
}

private final class LoginScreen: ScreenModel {}

private final class MainScreen: ScreenModel {
    var user: String? { context[\.user] }

    init() { super.init(name: "main") }
}

extension ContextValues {
    fileprivate var user: ContextEntry<String?> { .init() }
}

private final class MyStartupScreen: HoppingScreen {
    var isFirstUse = true

    override var mainRoute: (any ScreenRoute)? { Route.main }

    override func run() async throws {
        try await hop(to: registry.makeScreen(named: "splash"))
        if isFirstUse {
            isFirstUse = false
            try await hop(to: registry.makeScreen(named: "onboarding"))
        }
        context[\.user] = try await hop(to: registry.makeScreen(named: "login"), returning: String.self)
    }
}

private enum Route: ScreenRoute {
    case startup, main

    func makeScreen() throws -> ScreenModel {
        switch self {
        case .startup: MyStartupScreen(name: "startup")
        case .main: MainScreen()  // reads context[\.user]
        }
    }
}

/// What the transition hooks of the article saw, in order.
@MainActor private var animations: [String] = []

@MainActor private func fade(
    from source: (any Screen)?, to destination: any Screen, completion: @escaping @MainActor () -> Void
) {
    animations.append("fade \(source?.screenName ?? "nil") → \(destination.screenName)")
    completion()
}

@MainActor private func slideUp(to destination: any Screen, completion: @escaping @MainActor () -> Void) {
    animations.append("slide up → \(destination.screenName)")
    completion()
}

@MainActor private final class Windows {
    var all: [ScreenWindow] = []
}

@Suite(.isolatedBaton, .serialized) @MainActor struct ComingFromCLHoppingViewControllerTests {
    /// The windows the tests show, kept alive until the test ends.
    private let windows = Windows()

    private func shown(_ startup: HoppingScreen) throws -> ScreenWindow {
        let window = ScreenWindow()
        try window.setRoot(startup)
        window.makeVisible()
        windows.all.append(window)
        return window
    }

    private func registry() throws -> ScreenRegistry {
        let registry = ScreenRegistry()
        try registry.register(named: "splash") { SplashScreen() }
        try registry.register(named: "onboarding") { OnboardingScreen() }
        try registry.register(named: "main") { MainScreen() }
        return registry
    }

    // MARK: - Hop to a screen, unhop

    @Test func aHopKeepsTheContinuationForTheUnhopAndReleasesTheScreenItReplaces() throws {
        let startup = HoppingScreen(name: "startup")
        let window = try shown(startup)
        try startup.hop(to: SplashScreen()) { [unowned startup] () throws(ScreenError) in
            try startup.hop(to: OnboardingScreen()) {}  // a failure is thrown out of the splash's unhop
        }
        weak let splash = startup.currentScreen
        #expect(splash is SplashScreen)
        #expect(startup.currentScreen?.context.parent === startup.context)
        try splash?.unhop()
        #expect(startup.currentScreen is OnboardingScreen)
        #expect(startup.isWaitingForUnhop)  // `{}`: its unhop does nothing, it is no misuse
        #expect(splash == nil)
        #expect(
            window.transitionLog.map(\.description) == [
                "replaceRoot: → startup", "hop: → SplashScreen", "hop: SplashScreen → OnboardingScreen",
            ])
    }

    @Test func anyScreenInsideTheStepUnhopsIt() throws {
        let startup = HoppingScreen(name: "startup")
        _ = try shown(startup)
        var finished = 0
        let stack = try StackScreen(root: SplashScreen(name: "first"))
        try startup.hop(to: stack) { finished += 1 }
        let onboarding = OnboardingScreen(name: "second")
        try stack.push(onboarding)
        #expect(onboarding.hoppingScreen === startup)
        #expect(startup.hoppingScreen === startup)
        try onboarding.doneTapped()
        try onboarding.doneTapped()  // a double tap: ignored
        #expect(finished == 1)
    }

    @Test func unhopWithoutAHoppingContainerDoesNothing() throws {
        let alone = OnboardingScreen(name: "alone")
        #expect(alone.hoppingScreen == nil)
        try alone.doneTapped()
    }

    @Test(.lenientMisuse) func aContainerThatNeverHoppedHasNothingToUnhop() {
        let startup = HoppingScreen(name: "startup")
        #expect(throws: ScreenError.noPendingContinuation(hopping: "startup", screen: "startup")) {
            try startup.unhop()
        }
        #expect(throws: ScreenError.noPendingContinuation(hopping: "startup", screen: "startup")) {
            try startup.unhopCurrentScreen()
        }
    }

    @Test func theContainerUnhopsOnBehalfOfItsStep() throws {
        let startup = HoppingScreen(name: "startup")
        _ = try shown(startup)
        var finished: [String] = []
        try startup.hop(to: SplashScreen(name: "splash")) { finished.append("splash") }
        try startup.unhop()
        try startup.hop(to: OnboardingScreen(name: "onboarding")) { finished.append("onboarding") }
        try startup.unhopCurrentScreen()
        #expect(finished == ["splash", "onboarding"])
    }

    // MARK: - The nil block

    @Test(.lenientMisuse) func aFinalStepCannotUnhopButAnEmptyContinuationCan() throws {
        let startup = HoppingScreen(name: "startup")
        _ = try shown(startup)
        try startup.hop(to: MainScreen(), then: nil)
        #expect(throws: ScreenError.noPendingContinuation(hopping: "startup", screen: "main")) {
            try startup.currentScreen?.unhop()
        }
        try startup.hop(to: SplashScreen(name: "splash")) {}
        try startup.currentScreen?.unhop()
        #expect(startup.currentScreen?.screenName == "splash")
    }

    // MARK: - Hop by storyboard identifier

    @Test func aHopByNameMakesTheScreenFromTheRegistry() throws {
        let registry = ScreenRegistry()
        try registry.register(named: "splash") { SplashScreen() }
        try registry.register(named: "onboarding") { OnboardingScreen() }
        try registry.register(named: "main") { MainScreen() }

        let startup = HoppingScreen(name: "startup", registry: registry)
        try startup.hop(toNamed: "splash") { [unowned startup] () throws(ScreenError) in  // hopTo:@"splash" then:^{ … }
            try startup.hop(toNamed: "main", then: nil)
        }
        let window = try shown(startup)
        try startup.unhop()
        #expect(startup.currentScreen is MainScreen)
        #expect(window.transitionLog.map(\.description) == ["replaceRoot: → startup", "hop: splash → main (main)"])
    }

    @Test func hopToNamedThenToNamedMakesTheSecondScreenAFinalStep() throws {
        let startup = HoppingScreen(name: "startup", registry: try registry())
        let window = try shown(startup)
        try startup.hop(toNamed: "splash", thenToNamed: "main")  // hopTo:@"splash" thenTo:@"main"
        try startup.unhop()
        #expect(startup.currentScreen is MainScreen)
        #expect(
            window.transitionLog.map(\.description) == [
                "replaceRoot: → startup", "hop: → splash (splash)", "hop: splash → main (main)",
            ])
    }

    @Test(.lenientMisuse) func hopToNamedThenToNamedChecksBothNamesBeforeItHops() throws {
        let startup = HoppingScreen(name: "startup", registry: try registry())
        _ = try shown(startup)
        #expect(throws: ScreenError.unknownName("man", known: ["main", "onboarding", "splash"])) {
            try startup.hop(toNamed: "splash", thenToNamed: "man")
        }
        #expect(startup.currentScreen == nil)
        #expect(
            ScreenError.unknownName("man", known: ["main", "onboarding", "splash"]).description
                == "No screen is registered under the name \"man\". Registered names: main, onboarding, splash."
                + " Did you mean \"main\"? Register it with register(named: \"man\") { … }.")
    }

    // MARK: - The tutorial

    @Test func theTutorialShowsOnboardingOnTheFirstUseOnlyAndEndsOnTheMainRoute() async throws {
        try ScreenRegistry.main.register(named: "splash") { SplashScreen() }
        try ScreenRegistry.main.register(named: "onboarding") { OnboardingScreen() }
        try ScreenRegistry.main.register(named: "login") { LoginScreen() }
        let window = ScreenWindow()
        windows.all.append(window)
        #expect(window.launch(Route.startup) == [])
        window.makeVisible()  // Baton runs run() once
        let startup = try #require(window.rootScreen as? MyStartupScreen)
        try await window.next(SplashScreen.self).unhop()
        try await window.next(OnboardingScreen.self).doneTapped()
        try await window.next(LoginScreen.self).finish(with: "ada")
        let main = try await window.next(MainScreen.self)
        #expect(main.user == "ada")
        #expect(startup.currentScreen === main)
        #expect(!startup.isFirstUse)
        #expect(try window.screenTree(Route.self)?.description == "startup(main)")
        #expect(
            window.transitionLog.map(\.description).filter { $0.hasPrefix("hop") } == [
                "hop: → splash", "hop: splash → onboarding", "hop: onboarding → login", "hop: login → main",
            ])
    }

    // MARK: - The cross-fade

    @Test func theHookRunsForEveryHopAndTheFirstHasNoSource() throws {
        animations = []
        let startup = HoppingScreen(name: "startup")
        _ = try shown(startup)
        startup.transitionHook = { transition, complete in
            // Your animation, for example a cross-fade in a terminal UI, then:
            fade(from: transition.source, to: transition.destination, completion: complete)
        }
        try startup.hop(to: SplashScreen(name: "splash")) {}
        try startup.hop(
            to: LoginScreen(name: "login"),
            transition: { transition, complete in
                slideUp(to: transition.destination, completion: complete)
            }, then: {})
        try startup.hop(to: SplashScreen(name: "again")) {}
        #expect(animations == ["fade nil → splash", "slide up → login", "fade login → again"])
    }
}
