import BatonTesting
import Testing

@_spi(Adapters) @testable import Baton

/// A window's navigation events: each with its cause, resolutions, result and outcome.
@MainActor
@Suite(.isolatedBaton)
struct NavigationEventTests {
    /// The events `window` reports from now on, in order.
    @MainActor private final class Recorder {
        var events: [NavigationEvent] = []
        var transitions: [NavigationEvent] {
            events.filter { if case .lifecycle = $0.action { false } else { true } }
        }
        init(_ window: ScreenWindow) {
            window.onNavigation = { [unowned self] event in events.append(event) }
        }
    }

    private func stackWindow() throws -> (ScreenWindow, StackScreen, ScreenModel) {
        let window = ScreenWindow()
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        try window.setRoot(stack)
        window.makeVisible()
        return (window, stack, list)
    }

    // MARK: - Transitions

    @Test func aPushIsACallByItsSourceWithTheResolversItRanAndItsLifecycle() throws {
        let (window, stack, _) = try stackWindow()
        let coordinator = DependencyCoordinator(name: "app")
        let resolver = DependencyResolver.destination { (_: ScreenModel) in }
        try coordinator.register(resolver)
        window.dependencyCoordinator = coordinator
        let recorder = Recorder(window)

        try stack.push(ScreenModel(name: "detail"))

        #expect(
            recorder.events == [
                NavigationEvent(.lifecycle(.willDisappear), to: "list", cause: .call(screen: "list")),
                NavigationEvent(.lifecycle(.willAppear), to: "detail", cause: .call(screen: "list")),
                NavigationEvent(.lifecycle(.didDisappear), to: "list", cause: .call(screen: "list")),
                NavigationEvent(.lifecycle(.didAppear), to: "detail", cause: .call(screen: "list")),
                NavigationEvent(
                    .transition(.push), from: "list", to: "detail", cause: .call(screen: "list"),
                    resolutions: [resolver.summary]),
            ])
        #expect(
            recorder.events.last?.description == "push: list → detail (call by list) resolved by [\(resolver.summary)]")
    }

    @Test func aFinishedScreenDeliversItsResultWithThePopItCauses() async throws {
        let (window, stack, _) = try stackWindow()
        let recorder = Recorder(window)
        let sort = SortScreen(name: "sort")
        async let order = stack.push(sort, returning: String.self)
        _ = try await window.next(SortScreen.self)
        recorder.events = []

        sort.finish(with: "byDate")

        #expect(try await order == "byDate")
        #expect(
            recorder.transitions == [
                NavigationEvent(
                    .transition(.pop), from: "sort", to: "list", cause: .call(screen: "sort"), result: "byDate",
                    resultType: "String")
            ])
        #expect(recorder.transitions.first?.description == "pop: sort → list (call by sort) result String")
    }

    @Test func aPopReportedBySwiftUIsPathBindingIsTheUsersGesture() throws {
        let (window, stack, _) = try stackWindow()
        try stack.push(ScreenModel(name: "detail"))
        let recorder = Recorder(window)

        stack.followNavigationPath([])  // the back button or the swipe back

        #expect(
            recorder.transitions == [
                NavigationEvent(.transition(.pop), from: "detail", to: "list", cause: .gesture(.navigationPath))
            ])
        #expect(recorder.transitions.first?.description == "pop: detail → list (gesture navigationPath)")
    }

    @Test func aSheetSwipedDownInSwiftUIIsTheUsersGesture() throws {
        let (window, _, list) = try stackWindow()
        try list.present(ScreenModel(name: "sheet"))
        let recorder = Recorder(window)

        list.followPresentation(nil, shown: list.presentedIdentity)

        #expect(
            recorder.transitions == [
                NavigationEvent(.transition(.dismiss), from: "sheet", to: "list", cause: .gesture(.sheetSwipe))
            ])
    }

    @Test func aSwipeBackThroughUIKitIsTheUsersGesture() throws {
        let list = ModelViewController(storyboardIdentifier: "list")
        let navigation = ModelNavigationController(rootViewController: list, storyboardIdentifier: "nav")
        navigation.pushViewController(ModelViewController(storyboardIdentifier: "detail"), animated: true)
        UIKitModel.current.runLoop()
        let window = ModelWindow()
        window.setRootViewController(navigation)
        window.makeKeyAndVisible()
        UIKitModel.current.runLoop()
        let recorder = Recorder(window.baton)

        navigation.interactivePop(cancelledHalfway: false)

        #expect(
            recorder.transitions == [
                NavigationEvent(.transition(.pop), from: "detail", to: "list", cause: .gesture(.swipeBack))
            ])
    }

    @Test func aSheetSwipedDownInUIKitIsTheUsersGesture() throws {
        let main = ModelViewController(storyboardIdentifier: "main")
        let window = ModelWindow()
        window.setRootViewController(main)
        window.makeKeyAndVisible()
        UIKitModel.current.runLoop()
        let sheet = ModelViewController(storyboardIdentifier: "sheet")
        main.present(sheet, style: .pageSheet)
        let recorder = Recorder(window.baton)

        sheet.swipeDownSheet(releasedEarly: false)

        #expect(
            recorder.transitions == [
                NavigationEvent(.transition(.dismiss), from: "sheet", to: "main", cause: .gesture(.sheetSwipe))
            ])
    }

    @Test func aBackButtonThroughUIKitIsACallNotAGesture() throws {
        let list = ModelViewController(storyboardIdentifier: "list")
        let navigation = ModelNavigationController(rootViewController: list, storyboardIdentifier: "nav")
        navigation.pushViewController(ModelViewController(storyboardIdentifier: "detail"), animated: true)
        UIKitModel.current.runLoop()
        let window = ModelWindow()
        window.setRootViewController(navigation)
        window.makeKeyAndVisible()
        UIKitModel.current.runLoop()
        let recorder = Recorder(window.baton)

        navigation.popViewController(animated: false)
        UIKitModel.current.runLoop()

        #expect(
            recorder.transitions == [
                NavigationEvent(.transition(.pop), from: "detail", to: "list", cause: .call(screen: "detail"))
            ])
    }

    // MARK: - Links, restoration and assignments

    @Test func aLinkDuringStartUpWaitsAndItsTransitionsCarryItsURL() throws {
        let window = ScreenWindow()
        try window.navigate(to: ScreenTree(StartupLinkRoute.startup))
        let startup = try #require(window.rootScreen as? HoppingScreen)
        window.makeVisible()
        try startup.hop(to: ScreenModel(name: "splash")) {
            try? startup.hop(to: StartupLinkRoute.home.screen(), then: nil)
        }
        let recorder = Recorder(window)

        try window.open("myapp://item/42", with: StartupLinkRoute.links)
        #expect(
            recorder.events == [
                NavigationEvent(
                    .navigation(to: "startup(home[item(id: 42)])"), cause: .link(url: "myapp://item/42"),
                    outcome: .waiting(for: "startup"))
            ])
        recorder.events = []
        try startup.unhopCurrentScreen()

        #expect(
            recorder.transitions == [
                NavigationEvent(.transition(.hop), from: "splash", to: "home", cause: .call(screen: "splash")),
                NavigationEvent(.transition(.push), from: "home", to: "item 42", cause: .link(url: "myapp://item/42")),
                NavigationEvent(.navigation(to: "startup(home[item(id: 42)])"), cause: .link(url: "myapp://item/42")),
            ])
        #expect(
            recorder.transitions.map(\.description) == [
                "hop: splash → home (call by splash)",
                "push: home → item 42 (link myapp://item/42)",
                "navigation to startup(home[item(id: 42)]) (link myapp://item/42)",
            ])
    }

    @Test func anUnreadableLinkIsAFailedNavigation() throws {
        let window = ScreenWindow()
        let recorder = Recorder(window)
        #expect(throws: NavigationError.self) { try window.open("myapp://nowhere", with: StartupLinkRoute.links) }
        let expected = try #require(
            { () -> NavigationError? in
                do throws(NavigationError) {
                    _ = try StartupLinkRoute.links.tree(for: "myapp://nowhere")
                    return nil
                } catch { return error }
            }())
        #expect(
            recorder.events == [
                NavigationEvent(
                    .navigation(to: "myapp://nowhere"), cause: .link(url: "myapp://nowhere"),
                    outcome: .failed(expected.description))
            ])
    }

    @Test func aRestorationIsItsOwnCause() throws {
        let source = ScreenWindow()
        try source.navigate(to: ScreenTree.stack(StartupLinkRoute.home, [.item(id: 7)]))
        let saved = try #require(try source.saveScreenTree(StartupLinkRoute.self))

        let window = ScreenWindow()
        let recorder = Recorder(window)
        try window.restoreScreenTree(saved, as: StartupLinkRoute.self)

        #expect(
            recorder.transitions == [
                NavigationEvent(.transition(.replaceRoot), to: "home", cause: .restoration),
                NavigationEvent(.navigation(to: "home[item(id: 7)]"), cause: .restoration),
            ])
    }

    @Test func aFailedAssignmentChangesNothingAndSaysWhy() throws {
        let window = ScreenWindow()
        try window.navigate(to: ScreenTree<StartupLinkRoute>.stack(.home, [StartupLinkRoute]()))
        let recorder = Recorder(window)
        let tree = ScreenTree<StartupLinkRoute>.stack(.home, [ScreenTree(.broken)])

        var thrown: NavigationError?
        do throws(NavigationError) {
            try window.navigate(to: tree)
        } catch {
            thrown = error
        }

        let error = try #require(thrown)
        #expect(
            recorder.events == [
                NavigationEvent(
                    .navigation(to: "home[broken]"), cause: .assignment, outcome: .failed(error.description))
            ])
        #expect(recorder.events.first?.description == "navigation to home[broken] (assignment) failed: \(error)")
    }

    // MARK: - Off, streams, bounds

    @Test func withNothingObservingNoEventIsKept() throws {
        let (window, stack, _) = try stackWindow()
        try stack.push(ScreenModel(name: "detail"))
        #expect(window.recentNavigationEvents.isEmpty)
        #expect(window.onNavigation == nil)
    }

    @Test func theRecentEventsAreBounded() throws {
        let (window, stack, _) = try stackWindow()
        window.recordsNavigationEvents = true
        window.navigationEventLimit = 3
        for index in 0..<100 {
            try stack.push(ScreenModel(name: "s\(index)"))
            stack.pop()
        }
        #expect(window.recentNavigationEvents.count == 3)
        #expect(window.recentNavigationEvents.last?.description == "pop: s99 → list (call by s99)")
    }

    @Test func aStreamReceivesTheSameEventsAsTheObserver() async throws {
        let (window, stack, _) = try stackWindow()
        let recorder = Recorder(window)
        var iterator = window.navigationEvents().makeAsyncIterator()
        try stack.push(ScreenModel(name: "detail"))
        var streamed: [NavigationEvent] = []
        for _ in recorder.events { streamed.append(try #require(await iterator.next())) }
        #expect(streamed == recorder.events)
    }

    @Test func anObserverThatNavigatesSeesItsOwnNavigationAfterTheOneItObserved() throws {
        let (window, stack, _) = try stackWindow()
        var seen: [String] = []
        window.onNavigation = { event in
            guard case .transition = event.action else { return }
            seen.append(event.description)
            if event.destination == "detail" { stack.pop() }
        }
        try stack.push(ScreenModel(name: "detail"))
        #expect(seen == ["push: list → detail (call by list)", "pop: detail → list (call by detail)"])
        #expect(stack.topScreen?.screenName == "list")
    }

    @Test func theWindowIsFreedWithAnObserverAndAStream() throws {
        weak var freed: ScreenWindow?
        var stream: AsyncStream<NavigationEvent>?
        do {
            let (window, stack, _) = try stackWindow()
            window.onNavigation = { _ in }
            stream = window.navigationEvents()
            try stack.push(ScreenModel(name: "detail"))
            freed = window
        }
        #expect(freed == nil)
        #expect(stream != nil)
    }

    /// Awaited to its end: a stream that outlived its window would hang until the time limit.
    @Test(.timeLimit(.minutes(1))) func aStreamEndsWhenItsWindowIsFreedAfterTheEventsBeforeIt() async throws {
        weak var freed: ScreenWindow?
        let events: AsyncStream<NavigationEvent>
        do {
            let (window, stack, _) = try stackWindow()
            events = window.navigationEvents()
            try stack.push(ScreenModel(name: "detail"))
            freed = window
        }
        #expect(freed == nil)
        var received: [String] = []
        for await event in events where event.isTransition { received.append(event.description) }
        #expect(received == ["push: list → detail (call by list)"])
    }

    @Test(.timeLimit(.minutes(1))) func everyStreamOfAWindowEndsWhenItIsFreedAlsoOneNeverRead() async throws {
        weak var freed: ScreenWindow?
        var streams: [AsyncStream<NavigationEvent>] = []
        do {
            let (window, _, _) = try stackWindow()
            window.onNavigation = { _ in }
            for _ in 0..<3 { streams.append(window.navigationEvents(buffering: 1)) }
            freed = window
        }
        #expect(freed == nil)
        var counts: [Int] = []
        for stream in streams {
            var count = 0
            for await _ in stream { count += 1 }
            counts.append(count)
        }
        #expect(counts == [0, 0, 0])
    }
}

extension NavigationEvent {
    /// Whether the event is a transition, not a lifecycle step or a navigation.
    fileprivate var isTransition: Bool {
        if case .transition = action { true } else { false }
    }
}

/// The inspector's pages: recording while a page stream is read, and only then.
@MainActor
@Suite(.isolatedBaton)
struct InspectorPageTests {
    @Test func anInspectorRecordsWhileItsPagesAreReadWithoutTurningRecordingOn() async throws {
        let window = ScreenWindow()
        let stack = try StackScreen(root: ScreenModel(name: "list"), name: "stack")
        try window.setRoot(stack)
        window.makeVisible()
        var pages = window.inspectorPages(events: 5).makeAsyncIterator()
        let first = try #require(await pages.next())
        #expect(first.hasSuffix("events:\n  none yet"))
        try stack.push(ScreenModel(name: "detail"))
        let second = try #require(await pages.next())
        #expect(second.contains("push: list → detail"))
        #expect(window.recentNavigationEvents.contains { $0.description.hasPrefix("push: list → detail") })
        #expect(window.recordsNavigationEvents == false)
    }

    @Test func aPushRebuildsThePageOnceNotOncePerLifecycleStep() async throws {
        let window = ScreenWindow()
        let stack = try StackScreen(root: ScreenModel(name: "list"), name: "stack")
        try window.setRoot(stack)
        window.makeVisible()
        var pages = window.inspectorPages(events: 5).makeAsyncIterator()
        _ = await pages.next()
        // Five events: four lifecycle steps and the push.
        try stack.push(ScreenModel(name: "detail"))
        let page = try #require(await pages.next())
        #expect(page.contains("push: list → detail"))
        #expect(window.recentNavigationEvents.count == 5)
        #expect(window.navigationEventHub?.inspectorRefreshes == 1)
    }

    @Test func transitionsRequestedTogetherRebuildThePageOnceWithTheirLastEvent() async throws {
        let window = ScreenWindow()
        let stack = try StackScreen(root: ScreenModel(name: "list"), name: "stack")
        try window.setRoot(stack)
        window.makeVisible()
        var pages = window.inspectorPages(events: 1).makeAsyncIterator()
        _ = await pages.next()
        for index in 0..<100 {
            try stack.push(ScreenModel(name: "s\(index)"))
            stack.pop()
        }
        let page = try #require(await pages.next())
        #expect(page.hasSuffix("pop: s99 → list (call by s99)"))
        #expect(window.navigationEventHub?.inspectorRefreshes == 1)
    }

    /// Awaited to its end: pages that outlived their window would hang until the time limit.
    @Test(.timeLimit(.minutes(1))) func thePagesEndWhenTheWindowIsFreed() async throws {
        weak var freed: ScreenWindow?
        let pages: AsyncStream<String>
        do {
            let window = ScreenWindow()
            try window.setRoot(ScreenModel(name: "list"))
            pages = window.inspectorPages(events: 5)
            freed = window
        }
        #expect(freed == nil)
        var count = 0
        for await page in pages {
            #expect(page.hasSuffix("events:\n  none yet"))
            count += 1
        }
        #expect(count == 1)
    }
}

/// A screen that finishes with a sort order.
final class SortScreen: ScreenModel {}

/// Routes with links, a start-up flow and a route whose screen cannot be made.
enum StartupLinkRoute: ScreenRoute {
    case startup
    case home
    case item(id: Int)
    case broken

    struct Unavailable: Error, CustomStringConvertible {
        var description: String { "the broken screen cannot be made" }
    }

    func makeScreen() throws -> ScreenModel {
        switch self {
        case .startup: HoppingScreen(name: "startup", registry: ScreenRegistry())
        case .home: StackScreen(name: "home")
        case .item(let id): ScreenModel(name: "item \(id)")
        case .broken: throw Unavailable()
        }
    }

    static let links = ScreenLinks<StartupLinkRoute>([LinkPattern("myapp://item/{id}", .item(id: 0))]) { route in
        .hopping(.startup, to: .stack(.home, [route]))
    }
}
