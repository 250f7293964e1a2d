import Baton
import BatonTesting
import Testing

// The article "Seeing inside your app": its blocks, run.

extension ContextValues {
    fileprivate var authToken: ContextEntry<String?> { .init(isPrivate: true) }
}

private enum AppRoute: ScreenRoute {
    case list, item(id: Int)
    func makeScreen() throws -> ScreenModel {
        switch self {
        case .list: StackScreen(name: "list")
        case .item(let id): ScreenModel(name: "item \(id)")
        }
    }
    static let links = ScreenLinks<AppRoute>([
        LinkPattern("myapp://list", .list), LinkPattern("myapp://item/{id}", .item(id: 0)),
    ]) { route in route == .list ? ScreenTree(.list) : .stack(.list, [route]) }
}

@MainActor
private final class Analytics {
    var tracked: [String] = []
    func track(_ name: String, _ properties: [String: String]) {
        tracked.append(
            name + " " + properties.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))
    }
}

@MainActor
private final class Breadcrumbs {
    var lines: [String] = []
    func append(_ line: String) { lines.append(line) }
}

@MainActor
@Suite(.isolatedBaton)
struct SeeingInsideYourAppTests {
    @Test func screenViewsGoToAnalyticsWithTheirCause() throws {
        let window = ScreenWindow()
        let analytics = Analytics()
        window.onNavigation = { event in
            guard case .transition = event.action, let screen = event.destination else { return }
            analytics.track("screen", ["name": screen, "cause": event.cause.description])
        }
        try window.open("myapp://item/7", with: AppRoute.links)
        #expect(analytics.tracked == ["screen cause=link myapp://item/7 name=list"])
    }

    @Test func aLinkIsTrackedWithItsURL() throws {
        let window = ScreenWindow()
        let analytics = Analytics()
        window.onNavigation = { event in
            if case .link(let url) = event.cause { analytics.track("opened link", ["url": url]) }
        }
        try window.open("myapp://list", with: AppRoute.links)
        #expect(analytics.tracked.first == "opened link url=myapp://list")
    }

    @Test func breadcrumbsComeFromTheStream() async throws {
        let window = ScreenWindow()
        let breadcrumbs = Breadcrumbs()
        // The article's task, which ends when the window is freed; the stream read here gets the
        // same events, so the test waits on nothing it does not control.
        Task {
            for await event in window.navigationEvents() { breadcrumbs.append(event.description) }
        }
        var events = window.navigationEvents().makeAsyncIterator()
        try window.setRoot(ScreenModel(name: "home"))
        #expect(await events.next()?.description == "replaceRoot: → home (call by home)")
    }

    @Test func theSnapshotHidesAPrivateKey() throws {
        let window = ScreenWindow()
        window.context[\.authToken] = "token"
        let list = ScreenModel(name: "list")
        try window.setRoot(try StackScreen(root: list, name: "stack"))
        window.makeVisible()
        _ = list.context[\.authToken]
        print(window.snapshot())
        // window app
        //   holds authToken = <private>
        // stack (StackScreen) appeared
        //     shown by replaceRoot: → stack
        //   list (ScreenModel) appeared
        //       reads authToken = <private> (from app)
        //       shown by replaceRoot: → stack (list inside stack)
        #expect(
            window.snapshot().text == """
                window app
                  holds authToken = <private>
                stack (StackScreen) appeared
                    shown by replaceRoot: → stack
                  list (ScreenModel) appeared
                      reads authToken = <private> (from app)
                      shown by replaceRoot: → stack (list inside stack)
                """)
    }

    @Test func everyRouteIsCovered() {
        let coverage = checkRoutes([AppRoute.list, .item(id: 7)], links: AppRoute.links)
        #expect(coverage.passed)
    }
}
