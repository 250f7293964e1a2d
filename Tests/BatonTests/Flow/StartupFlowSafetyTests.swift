import BatonTesting
import Testing

@testable import Baton

/// A start-up flow that declares its main route cannot be wired wrong (issue 30, S1, S2, S4 and
/// the start-once rule): Baton runs its steps once, makes the main screen by its route, applies
/// links and restored screens under the flow once it shows the main screen, whatever its last
/// step looks like, and reports what its steps throw.
@MainActor
@Suite(.isolatedBaton, .timeLimit(.minutes(1)))
struct StartupFlowSafetyTests {
    enum Route: ScreenRoute {
        case startup, awaitingStartup, failingStartup, main, items, list, profile, item(id: Int)

        func makeScreen() throws -> ScreenModel {
            switch self {
            case .startup: Startup(name: "startup")
            case .awaitingStartup: AwaitingStartup(name: "startup")
            case .failingStartup: FailingStartup(name: "startup")
            case .main: try TabScreen(tabs: [Route.items.screen(), Route.profile.screen()], name: "main")
            case .items: try StackScreen(root: Route.list.screen(), name: "items")
            case .list: ScreenModel(name: "list")
            case .profile: ProfileScreen(name: "profile")
            case .item(let id): ItemScreen(name: "item \(id)")
            }
        }

        /// S2's shape: the link's tree has the main screen at its top, not the start-up flow.
        static let links = ScreenLinks<Route>([LinkPattern("app://item/{id}", .item(id: 0))]) { item in
            .tabs(.main, [.stack(.items, [.list, item]), ScreenTree(.profile)], selected: 0)
        }
    }

    final class SplashScreen: ScreenModel {}
    final class LoginScreen: ScreenModel {}
    final class ItemScreen: ScreenModel {}
    final class ProfileScreen: ScreenModel {
        var user: String? { context[\.flowUser] }
    }

    /// The recommended shape: steps in `run()`, the main screen declared as a route.
    final class Startup: HoppingScreen {
        override var mainRoute: (any ScreenRoute)? { Route.main }
        override func run() async throws {
            try await hop(to: SplashScreen(name: "splash"))
            context[\.flowUser] = try await hop(to: LoginScreen(name: "login"), returning: String.self)
        }
    }

    /// S1: the last step is an awaited hop to the main screen, which never finishes.
    final class AwaitingStartup: HoppingScreen {
        override var mainRoute: (any ScreenRoute)? { Route.main }
        override func run() async throws {
            try await hop(to: SplashScreen(name: "splash"))
            try await hop(to: Route.main.screen())
        }
    }

    struct LoginServiceDown: Error {}

    final class FailingStartup: HoppingScreen {
        override var mainRoute: (any ScreenRoute)? { Route.main }
        override func run() async throws {
            try await hop(to: SplashScreen(name: "splash"))
            throw LoginServiceDown()
        }
    }

    private func launched(_ root: Route) throws -> ScreenWindow {
        let window = ScreenWindow()
        #expect(window.launch(root) == [])
        window.makeVisible()
        return window
    }

    private func tree(_ window: ScreenWindow) throws -> String? {
        try window.screenTree(Route.self)?.description
    }

    // MARK: - Start once, end on the main route

    @Test func batonRunsTheStepsOnceAndHopsToTheMainRouteWhenTheyReturn() async throws {
        let window = try launched(.startup)
        let startup = try #require(window.rootScreen as? HoppingScreen)
        // Covered and uncovered before the steps ran: it appears twice, the steps run once.
        // A cover without a route, on purpose: not reported.
        try ScreenWithoutRoute.$reporter.withValue(nil) { try startup.present(ScreenModel(name: "cover")) }
        startup.dismiss()
        try await window.next(SplashScreen.self).finish()
        try await window.next(LoginScreen.self).finish(with: "ada")
        _ = try await window.next(TabScreen.self)
        #expect(window.screen(ProfileScreen.self)?.user == "ada")
        #expect(try tree(window) == "startup(main{*items[list], profile})")
        #expect(
            window.transitionLog.map(\.description).filter { $0.hasPrefix("hop") } == [
                "hop: → splash", "hop: splash → login", "hop: login → main",
            ])
    }

    // MARK: - S1: an awaited last step

    @Test func aLinkAppliesWhenTheFlowShowsItsMainRouteEvenIfItAwaitsIt() async throws {
        let window = try launched(.awaitingStartup)
        let splash = try await window.next(SplashScreen.self)
        #expect(try window.open("app://item/3", with: Route.links) == .waiting(for: "startup"))
        splash.finish()
        _ = try await window.next(ItemScreen.self)
        #expect(try tree(window) == "awaitingStartup(main{*items[list, item(id: 3)], profile})")
        // A later link applies at once.
        #expect(try window.open("app://item/4", with: Route.links) == .applied)
        #expect(try tree(window) == "awaitingStartup(main{*items[list, item(id: 4)], profile})")
    }

    // MARK: - S2: a link without the flow at its top

    @Test func aLinkWithoutTheFlowAtItsTopWaitsForLoginAndAppliesUnderTheFlow() async throws {
        let window = try launched(.startup)
        let splash = try await window.next(SplashScreen.self)
        #expect(try window.open("app://item/3", with: Route.links) == .waiting(for: "startup"))
        #expect(window.rootScreen?.screenName == "startup")
        splash.finish()
        try await window.next(LoginScreen.self).finish(with: "ada")
        _ = try await window.next(ItemScreen.self)
        #expect(try tree(window) == "startup(main{*items[list, item(id: 3)], profile})")
        #expect(window.screen(ProfileScreen.self)?.user == "ada")
    }

    @Test func aLinkWithoutTheFlowAtItsTopAfterLoginKeepsTheFlowAndItsMainScreen() async throws {
        let window = try launched(.startup)
        try await window.next(SplashScreen.self).finish()
        try await window.next(LoginScreen.self).finish(with: "ada")
        let main = try await window.next(TabScreen.self)
        #expect(try window.open("app://item/5", with: Route.links) == .applied)
        #expect(window.screen(TabScreen.self) === main)
        #expect(try tree(window) == "startup(main{*items[list, item(id: 5)], profile})")
    }

    // MARK: - S4: the main screen is made by its route

    @Test func theMainScreenIsMadeByItsRouteSoAWaitingLinkKeepsItAndTheWindowSaves() async throws {
        let window = try launched(.startup)
        #expect(try window.open("app://item/3", with: Route.links) == .waiting(for: "startup"))
        try await window.next(SplashScreen.self).finish()
        try await window.next(LoginScreen.self).finish(with: "ada")
        _ = try await window.next(ItemScreen.self)
        let saved = try #require(try window.saveScreenTree(Route.self)).json
        let relaunched = ScreenWindow()
        #expect(relaunched.launch(Route.startup, restoring: saved) == [])
        relaunched.makeVisible()
        try await relaunched.next(SplashScreen.self).finish()
        try await relaunched.next(LoginScreen.self).finish(with: "ada")
        _ = try await relaunched.next(ItemScreen.self)
        #expect(try tree(relaunched) == "startup(main{*items[list, item(id: 3)], profile})")
    }

    // MARK: - Failures and lifetime

    @Test func anErrorTheStepsThrowIsReportedWithTheFlowNamed() async throws {
        let (failures, reported) = AsyncStream<String>.makeStream()
        let window = try ScreenTaskFailure.$reporter.withValue({ reported.yield($0.description) }) {
            try launched(.failingStartup)
        }
        let splash = try await window.next(SplashScreen.self)
        splash.finish()
        var reports = failures.makeAsyncIterator()
        #expect(await reports.next() == "a task of startup threw LoginServiceDown: LoginServiceDown()")
        #expect(window.topScreen === splash)
    }

    @Test func aFlowThatLeavesTheWindowIsCancelledAndFreed() async throws {
        let window = try launched(.startup)
        let weak = WeakScreens()
        do {
            let splash = try await window.next(SplashScreen.self)
            weak.track(splash, try #require(window.rootScreen))
        }
        let run = (window.rootScreen as? HoppingScreen)?.runTask
        try window.setRoot(ScreenModel(name: "elsewhere"))
        await run?.value
        #expect(weak.aliveCount == 0)
    }
}

extension ContextValues {
    fileprivate var flowUser: ContextEntry<String?> { .init() }
}
