import BatonTesting
import Testing

@testable import Baton

/// A start-up flow after it reached its main screen: a logout that hops back to the login makes
/// links wait again, and a flow that left the screen tree never hops to its main screen.
@MainActor
@Suite(.isolatedBaton, .timeLimit(.minutes(1)))
struct StartupFlowAfterMainTests {
    enum Route: ScreenRoute {
        case startup, swallowingStartup, main, list, item(id: Int)

        func makeScreen() throws -> ScreenModel {
            switch self {
            case .startup: Startup(name: "startup")
            case .swallowingStartup: SwallowingStartup(name: "startup")
            case .main: try StackScreen(root: Route.list.screen(), name: "main")
            case .list: ScreenModel(name: "list")
            case .item(let id): ItemScreen(name: "item \(id)")
            }
        }

        static let links = ScreenLinks<Route>([LinkPattern("app://item/{id}", .item(id: 0))]) { item in
            .stack(.main, [.list, item])
        }
    }

    final class LoginScreen: ScreenModel {}
    final class SplashScreen: ScreenModel {}
    final class ItemScreen: ScreenModel {}

    final class Startup: HoppingScreen {
        override var mainRoute: (any ScreenRoute)? { Route.main }
        override func run() async throws {
            try await hop(to: LoginScreen(name: "login"))
        }
    }

    /// A flow whose step swallows the cancellation of its await and returns.
    final class SwallowingStartup: HoppingScreen {
        override var mainRoute: (any ScreenRoute)? { Route.main }
        override func run() async throws {
            do {
                try await hop(to: SplashScreen(name: "splash"))
            } catch {
                // Swallowed on purpose: Baton must not hop to the main screen anyway.
            }
        }
    }

    private func launched(_ root: Route) -> ScreenWindow {
        let window = ScreenWindow()
        #expect(window.launch(root) == [])
        window.makeVisible()
        return window
    }

    @Test func aLinkAfterALogoutWaitsForTheLoginAndThenAppliesUnderTheFlow() async throws {
        let window = launched(.startup)
        try await window.next(LoginScreen.self).finish()
        _ = try await window.next(StackScreen.self)
        let startup = try #require(window.rootScreen as? HoppingScreen)
        #expect(startup.hasReachedMainScreen)
        // Log out: back to the login, and to the main screen by its route once logged in.
        try startup.hop(to: LoginScreen(name: "login")) { [unowned startup] in
            do {
                try startup.hop(to: Route.main.screen(), then: nil)
            } catch {
                Issue.record(error)
            }
        }
        #expect(!startup.hasReachedMainScreen)
        #expect(try window.open("app://item/3", with: Route.links) == .waiting(for: "startup"))
        #expect(startup.currentScreen?.screenName == "login")
        try #require(window.screen(LoginScreen.self)).finish()
        #expect(try window.screenTree(Route.self)?.description == "startup(main[list, item(id: 3)])")
    }

    /// A hop that a link's tree makes (its root is not the main route, so it becomes the flow's
    /// step) is not a logout: the flow stays at its main screen, and the next link applies at once.
    @Test func aLinksTreeAppliedAsTheFlowsStepKeepsTheFlowAtItsMainScreen() async throws {
        let window = launched(.startup)
        try await window.next(LoginScreen.self).finish()
        _ = try await window.next(StackScreen.self)
        let startup = try #require(window.rootScreen as? HoppingScreen)
        let alone = ScreenLinks<Route>([LinkPattern("app://alone/{id}", .item(id: 0))]) { ScreenTree($0) }
        #expect(try window.open("app://alone/4", with: alone) == .applied)
        #expect(try window.screenTree(Route.self)?.description == "startup(item(id: 4))")
        #expect(startup.hasReachedMainScreen)
        #expect(try window.open("app://item/3", with: Route.links) == .applied)
        #expect(try window.screenTree(Route.self)?.description == "startup(main[list, item(id: 3)])")
    }

    @Test func aFlowThatLeftTheTreeDoesNotHopToItsMainScreenWhenItsRunSwallowsTheCancellation() async throws {
        let window = launched(.swallowingStartup)
        _ = try await window.next(SplashScreen.self)
        weak let startup = try #require(window.rootScreen as? HoppingScreen)
        let run = try #require(startup?.runTask)
        try window.setRoot(ScreenModel(name: "signed out"))
        await run.value
        #expect(window.transitionLog.map(\.description).filter { $0.hasPrefix("hop") } == ["hop: → splash"])
        #expect(startup == nil)
    }
}
