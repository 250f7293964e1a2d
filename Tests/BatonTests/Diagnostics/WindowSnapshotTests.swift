import Baton
import BatonTesting
import Testing

enum SessionToken: ContextKey {
    typealias Value = String
    static var isPrivate: Bool { true }
}

enum TaskFilter: ContextKey { typealias Value = String }

extension ContextValues {
    fileprivate var apiToken: ContextEntry<String?> { .init(isPrivate: true) }
    fileprivate var pin: ContextEntry<String> { .init(default: "0000", isPrivate: true) }
    @MainActor fileprivate var signer: ContextEntry<String> {
        .init(live: "live-key", test: "test-key", isPrivate: true)
    }
    fileprivate var theme: ContextEntry<String> { .init(default: "dark") }
}

/// A window's snapshot: screens, routes, phases, values, reads, resolutions, waiting links.
@MainActor
@Suite(.isolatedBaton)
struct WindowSnapshotTests {
    private func sampleWindow() throws -> (ScreenWindow, StackScreen) {
        let window = ScreenWindow()
        window.context.set("secret-7", for: SessionToken.self)
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        try window.setRoot(stack)
        window.makeVisible()
        list.context.set("open", for: TaskFilter.self)
        let detail = ScreenModel(name: "detail")
        try stack.push(detail)
        _ = detail.context[TaskFilter.self]
        _ = detail.context[SessionToken.self]
        return (window, stack)
    }

    @Test func theTextShowsScreensValuesReadsAndHidesPrivateKeys() throws {
        let (window, _) = try sampleWindow()
        #expect(
            window.snapshot().text == """
                window app
                  holds SessionToken = <private>
                stack (StackScreen) appeared
                    shown by replaceRoot: → stack
                  list (ScreenModel) disappeared
                      holds TaskFilter = open
                      shown by replaceRoot: → stack (list inside stack)
                  detail (ScreenModel) appeared
                      reads SessionToken = <private> (from app)
                      reads TaskFilter = open (from list)
                      shown by push: list → detail
                """)
    }

    @Test func anEntryMarkedPrivateIsRedactedInTheTextAndTheJSON() throws {
        let window = ScreenWindow()
        window.context[\.apiToken] = "secret-token"
        window.context[\.pin] = "1234"
        window.context[\.signer] = "signing-key"
        window.context[\.theme] = "light"
        #expect(
            window.snapshot().text == """
                window app
                  holds apiToken = <private>
                  holds pin = <private>
                  holds signer = <private>
                  holds theme = light
                """)
        let json = window.snapshot().json
        #expect(!json.contains("secret-token") && !json.contains("1234") && !json.contains("signing-key"))
        #expect(json.contains(#"{"key":"apiToken","value":"<private>","holder":null}"#))
    }

    @Test func theJSONHasTheSameContent() throws {
        let window = ScreenWindow()
        window.context.set("secret-7", for: SessionToken.self)
        try window.setRoot(ScreenModel(name: "home"))
        #expect(
            window.snapshot().json
                == #"{"window":{"context":"app","values":[{"key":"SessionToken","value":"<private>","holder":null}]},"#
                + #""screen":{"name":"home","type":"ScreenModel","route":null,"phase":"disappeared","selectedTab":false,"#
                + #""sharesContextWith":null,"values":[],"reads":[],"#
                + #""resolvedBy":"replaceRoot: → home","awaitedBy":null,"children":[],"#
                + #""presented":null},"waitingLinks":[]}"#)
    }

    @Test func anEmptyWindowHasNoScreen() {
        let window = ScreenWindow()
        #expect(window.snapshot().text == "window app")
        #expect(window.snapshot().screen == nil)
        #expect(window.snapshot().json == #"{"window":{"context":"app","values":[]},"screen":null,"waitingLinks":[]}"#)
    }

    @Test func tabsPresentationsWaitingLinksAndAwaitedStepsAreShown() async throws {
        let window = ScreenWindow()
        try window.navigate(to: ScreenTree(StartupLinkRoute.startup))
        let startup = try #require(window.rootScreen as? HoppingScreen)
        window.makeVisible()
        let splash = ScreenModel(name: "splash")
        try startup.hop(to: splash) {}
        try window.open("myapp://item/42", with: StartupLinkRoute.links)
        let tabs = try TabScreen(tabs: [ScreenModel(name: "one"), ScreenModel(name: "two")], name: "tabs")
        try ScreenWithoutRoute.$reporter.withValue(nil) { try splash.present(tabs) }  // without a route, on purpose
        // A sheet: the startup flow and splash stay on screen under it.
        #expect(
            window.snapshot().text == """
                window app
                startup (HoppingScreen) appeared
                    shown by replaceRoot: → startup
                  splash (ScreenModel) appeared
                      shown by hop: startup → splash
                      awaited by a continuation
                    presents:
                      tabs (TabScreen) appeared
                          shown by present: splash → tabs
                        * one (ScreenModel) appeared
                            shown by present: splash → tabs (one inside tabs)
                        two (ScreenModel) disappeared
                            shown by present: splash → tabs (two inside tabs)
                waiting: navigation to startup(home[item(id: 42)])
                """)
    }

    @Test func theRecentEventsNameTheResolversThatRan() throws {
        let window = ScreenWindow()
        window.recordsNavigationEvents = true
        let coordinator = DependencyCoordinator(name: "app")
        let resolver = DependencyResolver.destination { (_: StackScreen) in }
        try coordinator.register(resolver)
        window.dependencyCoordinator = coordinator
        try window.setRoot(StackScreen(name: "stack"))
        #expect(
            window.snapshot().screen?.resolvedBy
                == "replaceRoot: → stack; resolvers \(resolver.summary)")
    }

    @Test func aSnapshotOfAThousandScreensListsEachOnce() throws {
        let window = ScreenWindow()
        let stack = StackScreen(name: "stack")
        try window.setRoot(stack)
        for index in 0..<1_000 { try stack.push(ScreenModel(name: "s\(index)")) }
        let snapshot = window.snapshot()
        #expect(snapshot.screen?.children.count == 1_000)
        #expect(snapshot.text.split(separator: "\n").filter { $0.contains("(ScreenModel)") }.count == 1_000)
    }
}
