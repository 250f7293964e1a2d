import Baton
import BatonTesting
import Testing

// The code of the article "Testing your flows", run: each of its blocks, and what its prose says
// of them.

private final class CartScreen: ScreenModel {}

private final class PayScreen: ScreenModel {
    var total = 0
}

private struct User: Hashable {
    let name: String
}

extension ContextValues {
    fileprivate var user: ContextEntry<User?> { .init() }
}

private enum AppRoute: ScreenRoute {
    case startup, home

    func makeScreen() throws -> ScreenModel {
        switch self {
        case .startup: StartupScreen(name: "startup")
        case .home: HomeScreen(name: "home")
        }
    }
}

private final class LoginScreen: ScreenModel {}

private final class HomeScreen: ScreenModel {
    var user: User? { context[\.user] }
}

// MARK: - Give each test its own default coordinator and registry

@Suite(.isolatedBaton) @MainActor struct CheckoutFlowTests {
    @Test func payScreenGetsTheOrderTotal() throws {
        try DependencyCoordinator.default.register(.destination { (d: PayScreen) in d.total = 42 })
        let window = ScreenWindow()
        window.makeVisible()
        let stack = StackScreen(name: "checkout")
        try window.setRoot(stack)
        try stack.push(CartScreen(name: "cart"))
        let pay = PayScreen(name: "pay")
        try stack.push(pay)
        #expect(pay.total == 42)
    }
}

@Suite(.isolatedBaton) @MainActor private struct CheckoutFlowIsolationTests {
    @Test func anotherTestDoesNotSeeTheResolverThatTestRegistered() throws {
        let window = ScreenWindow()
        window.makeVisible()
        let stack = StackScreen(name: "checkout")
        try window.setRoot(stack)
        let pay = PayScreen(name: "pay")
        try stack.push(pay)
        #expect(pay.total == 0)
        #expect(DependencyCoordinator.default.name == "test anotherTestDoesNotSeeTheResolverThatTestRegistered()")
    }
}

// MARK: - Remove what a test registered

@Suite(.isolatedBaton) @MainActor struct TestingYourFlowsRegistrationTests {
    @Test func cancellingARegistrationRemovesTheResolver() throws {
        let coordinator = DependencyCoordinator(name: "checkout")
        let window = ScreenWindow()
        window.dependencyCoordinator = coordinator
        window.makeVisible()
        let stack = StackScreen(name: "checkout")
        try window.setRoot(stack)
        let first = PayScreen(name: "first")
        do {
            let registration = try coordinator.register(.destination { (d: PayScreen) in d.total = 42 })
            defer { registration.cancel() }
            try stack.push(first)
        }
        let second = PayScreen(name: "second")
        try stack.push(second)
        #expect(first.total == 42)
        #expect(second.total == 0)
    }
}

// MARK: - Expect misuses instead of stopping at them

@Test(.lenientMisuse) @MainActor func aSecondResolverForTheSameScreensConflicts() throws {
    let coordinator = DependencyCoordinator(name: "checkout")
    try coordinator.register(.destination { (d: PayScreen) in d.total = 1 })
    #expect(throws: DependencyError.self) {
        try coordinator.register(.destination { (d: PayScreen) in d.total = 2 })
    }
}

// MARK: - Test a flow the way the app runs it

private final class StartupScreen: HoppingScreen {
    override var mainRoute: (any ScreenRoute)? { AppRoute.home }

    override func run() async throws {
        context[\.user] = try await hop(to: LoginScreen(name: "login"), returning: User.self)
    }
}

@Suite(.isolatedBaton) @MainActor struct LoginFlowTests {
    @Test func loggingInShowsHome() async throws {
        let window = ScreenWindow()
        #expect(window.launch(AppRoute.startup) == [])
        window.makeVisible()  // the flow starts, as in the app
        try await window.next(LoginScreen.self).finish(with: User(name: "ada"))
        let home = try await window.next(HomeScreen.self)
        #expect(home.user == User(name: "ada"))
        #expect(
            window.transitionLog.map(\.description) == ["replaceRoot: → startup", "hop: → login", "hop: login → home"])
    }
}

@Suite(.isolatedBaton) @MainActor private struct LoginFlowScreenTests {
    @Test func screenFindsAScreenInTheTreeWithoutWaiting() async throws {
        let window = ScreenWindow()
        #expect(window.launch(AppRoute.startup) == [])
        window.makeVisible()
        #expect(window.screen(HomeScreen.self) == nil)
        try await window.next(LoginScreen.self).finish(with: User(name: "ada"))
        let home = try await window.next(HomeScreen.self)

        let startup = try #require(window.screen(StartupScreen.self))
        #expect(startup.currentScreen === home)
        #expect(window.screen(LoginScreen.self) == nil)  // gone once it finished
        #expect(window.shownScreens.map(\.screenName) == ["startup", "home"])
    }

    @Test func nextReturnsEachScreenOnce() async throws {
        let window = ScreenWindow()
        let startup = HoppingScreen(name: "startup")
        try window.setRoot(startup)
        window.makeVisible()
        try startup.hop(to: LoginScreen(name: "first"), then: nil)
        #expect(try await window.next(LoginScreen.self).screenName == "first")
        try startup.hop(to: LoginScreen(name: "second"), then: nil)
        #expect(try await window.next(LoginScreen.self).screenName == "second")
    }
}

// MARK: - Record transitions and lifecycle callbacks

@Suite(.isolatedBaton) @MainActor struct TestingYourFlowsRecorderTests {
    private func checkout() throws -> (ScreenWindow, StackScreen, PayScreen) {
        let window = ScreenWindow()
        window.makeVisible()
        let stack = StackScreen(name: "checkout")
        try window.setRoot(stack)
        try stack.push(CartScreen(name: "cart"))
        return (window, stack, PayScreen(name: "pay"))
    }

    @Test func aRecorderRecordsTransitionsAndLifecycleFromWhenItIsMade() throws {
        let (window, stack, pay) = try checkout()
        let recorder = FlowRecorder(window)
        try stack.push(pay)
        #expect(recorder.transitions == ["push: cart → pay"])
        #expect(recorder.lifecycle == ["cart.willDisappear", "pay.willAppear", "cart.didDisappear", "pay.didAppear"])
        recorder.reset()  // start again from here
        #expect(recorder.transitions == [])
        #expect(recorder.lifecycle == [])
    }

    @Test func anExhaustiveRecorderPassesWhenEverythingIsExpected() throws {
        let (window, stack, pay) = try checkout()
        let recorder = FlowRecorder(window, exhaustive: true)
        try stack.push(pay)
        recorder.expect(
            transitions: ["push: cart → pay"],
            lifecycle: ["cart.willDisappear", "pay.willAppear", "cart.didDisappear", "pay.didAppear"])
    }
}
