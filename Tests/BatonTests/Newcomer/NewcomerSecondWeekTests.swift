@_spi(Adapters) import Baton
import BatonTesting
import Observation
import Testing

/// The second week of a developer new to Baton: code written from the README, "Getting
/// started" and the guides that misuses it in ways the first probes (`NewcomerMistakesTests`)
/// did not try. Each test shows what happens: a typed error whose message names what was asked,
/// where Baton looked and what exists; the documented no-op; or a consistent state.
@MainActor
@Suite(.lenientMisuse, .isolatedBaton, .timeLimit(.minutes(1)))
struct NewcomerSecondWeekTests {
    final class SortScreen: ScreenModel {}

    private func makeList() throws -> (ScreenWindow, StackScreen, ScreenModel) {
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        let window = try makeVisibleWindow(root: stack)
        return (window, stack, list)
    }

    private func error<Failure: Error>(_ type: Failure.Type, _ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let error as Failure {
            return "\(error)"
        } catch {
            return "unexpected \(error)"
        }
    }

    private func log(_ window: ScreenWindow) -> [String] { window.transitionLog.map(\.description) }

    // MARK: - finish() twice

    @Test func finishingAPoppedScreenAgainLaterDoesNotPopWhatIsShownNow() throws {
        let (window, stack, _) = try makeList()
        let detail = ScreenModel(name: "detail")
        try stack.push(detail)
        detail.finish()
        detail.finish()
        let other = ScreenModel(name: "other")
        try stack.push(other)
        // A late completion handler of the popped detail finishes it again.
        detail.finish()
        detail.dismiss()
        #expect(stack.screens.map(\.screenName) == ["list", "other"])
        #expect(log(window) == ["push: list → detail", "pop: detail → list", "push: list → other"])
    }

    @Test func pushingFromAPoppedScreenNamesThatItIsInNoContainer() throws {
        let (window, stack, _) = try makeList()
        let detail = ScreenModel(name: "detail")
        try stack.push(detail)
        stack.pop()
        #expect(
            error(ScreenError.self) { try detail.push(ScreenModel(name: "more")) }
                == "Cannot push more from detail: no StackScreen encloses detail, which is in no container."
                + " Show detail on a StackScreen, or present more from detail.")
        #expect(log(window) == ["push: list → detail", "pop: detail → list"])
    }

    @Test func finishingWithAValueThatNobodyAwaitsPopsTheScreen() throws {
        let (window, stack, _) = try makeList()
        let sort = SortScreen(name: "sort")
        try stack.push(sort)
        sort.finish(with: 3)
        #expect(stack.screens.map(\.screenName) == ["list"])
        #expect(log(window) == ["push: list → sort", "pop: sort → list"])
    }

    @Test func unhoppingAStepThatWasHoppedAwayDoesNothing() throws {
        let startup = HoppingScreen(name: "startup")
        let window = try makeVisibleWindow(root: startup)
        let splash = ScreenModel(name: "splash")
        try startup.hop(to: splash) {}
        try startup.hop(to: ScreenModel(name: "main"), then: nil)
        #expect(throws: Never.self) { try splash.unhop() }
        #expect(startup.currentScreen?.screenName == "main")
        #expect(log(window) == ["hop: → splash", "hop: splash → main"])
    }

    // MARK: - Presenting twice without awaiting

    @Test func twoAwaitedPresentationsStartedTogetherRefuseTheSecondAndKeepTheFirst() async throws {
        let (window, _, list) = try makeList()
        let first = Task { try await list.present(SortScreen(name: "first"), returning: Int.self) }
        let sort = try await window.next(SortScreen.self)
        let second = Task { try await list.present(SortScreen(name: "second"), returning: Int.self) }
        let refused = await #expect(throws: ScreenError.self) { try await second.value }
        #expect(refused == .alreadyPresenting(presenter: "list", presented: "first"))
        sort.finish(with: 4)
        #expect(try await first.value == 4)
        #expect(log(window) == ["present: list → first", "dismiss: first → list"])
    }

    // MARK: - Navigating from inside an observer

    @Test func assigningATreeFromATransitionObserverIsQueuedAndRunsAfterTheTransition() throws {
        let window = ScreenWindow()
        try window.navigate(to: ScreenTree.stack(WeekRoute.stack, [.list]))
        window.makeVisible()
        final class Outcomes {
            var outcomes: [NavigationOutcome] = []
        }
        let outcomes = Outcomes()
        window.context.observe(TransitionDidComplete.self, owner: outcomes) { outcomes, record in
            guard record.description.hasPrefix("push") else { return }
            if let outcome = try? window.navigate(to: ScreenTree.stack(WeekRoute.stack, [.list, .item(id: 2)])) {
                outcomes.outcomes.append(outcome)
            }
        }
        let stack = try #require(window.rootScreen as? StackScreen)
        try stack.push(WeekRoute.item(id: 1))
        #expect(outcomes.outcomes == [.queued])
        #expect(try window.screenTree(WeekRoute.self)?.description == "stack[list, item(id: 2)]")
    }

    @Test func assigningATreeFromAValueObserverDuringATransitionIsQueued() throws {
        let window = ScreenWindow()
        try window.navigate(to: ScreenTree.stack(WeekRoute.stack, [.list]))
        window.makeVisible()
        final class Watcher {
            var outcomes: [NavigationOutcome] = []
        }
        let watcher = Watcher()
        window.context.onChange(of: \.weekSelection, owner: watcher) { watcher, selection in
            guard let selection else { return }
            if let outcome = try? window.navigate(
                to: ScreenTree.stack(WeekRoute.stack, [.list, .item(id: selection)]))
            {
                watcher.outcomes.append(outcome)
            }
        }
        let stack = try #require(window.rootScreen as? StackScreen)
        try stack.push(WeekRoute.selecting)
        #expect(watcher.outcomes == [.queued])
        #expect(try window.screenTree(WeekRoute.self)?.description == "stack[list, item(id: 7)]")
    }

    // MARK: - Navigating from init

    @Test func pushingFromInitSaysTheScreenIsInNoContainerYet() {
        final class Eager: ScreenModel {
            var failure: ScreenError?
            init() {
                super.init(name: "eager")
                do throws(ScreenError) {
                    try push(ScreenModel(name: "next"))
                } catch {
                    failure = error
                }
            }
        }
        #expect(
            Eager().failure?.description
                == "Cannot push next from eager: no StackScreen encloses eager, which is in no container."
                + " Show eager on a StackScreen, or present next from eager.")
    }

    /// A screen that presents in its `init` (before it is in any window) keeps the presentation:
    /// pushed, the presentation comes on screen with it, its will-appear after the pushed
    /// screen's, its did-appear last; dismissed, it disappears and is freed.
    @Test func presentingFromInitShowsThePresentationWhenTheScreenIsShown() throws {
        final class Welcoming: ScreenModel {
            weak var welcome: ScreenModel?
            init() {
                super.init(name: "welcoming")
                // Before the screen is in any window: the presentation comes with it.
                let welcome = ScreenModel(name: "welcome")
                self.welcome = welcome
                do {
                    try present(welcome)
                } catch {
                    Issue.record(error)
                }
            }
        }
        let (window, stack, _) = try makeList()
        let welcoming = Welcoming()
        weak let welcome = welcoming.welcome
        window.recordsLifecycle = true
        try stack.push(welcoming)
        #expect(welcoming.presentedScreen === welcome)
        #expect(welcome?.isOnScreen == true)
        #expect(welcoming.isOnScreen)
        #expect(window.topScreen === welcome)
        #expect(window.shownScreens.map(\.screenName) == ["stack", "welcoming", "welcome"])
        #expect(
            window.lifecycleLog.map(\.description) == [
                "list.willDisappear", "welcoming.willAppear", "welcome.willAppear", "list.didDisappear",
                "welcoming.didAppear", "welcome.didAppear",
            ])
        #expect(log(window) == ["push: list → welcoming"])
        welcome?.dismiss()
        #expect(welcome == nil)
        #expect(window.topScreen === welcoming)
        #expect(welcoming.isOnScreen)
    }

    // MARK: - One screen in two windows

    @Test func aScreenPoppedFromOneWindowAndPushedInAnotherReadsTheNewWindow() throws {
        let (first, stack, _) = try makeList()
        first.context[\.newcomerUser] = "first window"
        let second = ScreenWindow()
        second.context[\.newcomerUser] = "second window"
        let secondStack = try StackScreen(root: ScreenModel(name: "other list"), name: "other")
        try second.setRoot(secondStack)
        second.makeVisible()
        let detail = ScreenModel(name: "detail")
        try stack.push(detail)
        #expect(
            error(ScreenError.self) { try secondStack.push(detail) }
                == "detail is already shown by stack. Remove it there first, or make a new screen.")
        stack.pop()
        #expect(detail.context[\.newcomerUser] == "first window")
        try secondStack.push(detail)
        #expect(detail.context[\.newcomerUser] == "second window")
        #expect(detail.window === second)
    }

    // MARK: - A route that makes another route's screen

    /// `latest` makes `ItemScreen(id: 42)`, whose declared route is `item(id: 42)`: the tree
    /// reads back the screen's own route, and assigning `latest` again makes a new screen.
    @Test func aRouteWhoseScreenDeclaresAnotherRouteIsReadBackAsThatRoute() throws {
        let window = ScreenWindow()
        let tree = ScreenTree.stack(WeekRoute.stack, [.list, .latest])
        try window.navigate(to: tree)
        #expect(try window.screenTree(WeekRoute.self)?.description == "stack[list, item(id: 42)]")
        let first = window.topScreen
        try window.navigate(to: tree)
        #expect(window.topScreen !== first)
        #expect(try window.screenTree(WeekRoute.self)?.description == "stack[list, item(id: 42)]")
    }

    /// `cached` returns one instance every time (a screen kept in a static, as a newcomer caches
    /// a view controller): a tree that shows it twice is refused before anything changes.
    @Test func aRouteThatReturnsTheSameScreenTwiceIsRefusedNamingTheStep() throws {
        let window = ScreenWindow()
        try window.navigate(to: ScreenTree.stack(WeekRoute.stack, [.list]))
        WeekRoute.cachedScreen = ScreenModel(name: "cached")
        defer { WeekRoute.cachedScreen = nil }
        let thrown = #expect(throws: NavigationError.self) {
            try window.navigate(to: ScreenTree.stack(WeekRoute.stack, [.list, .cached, .cached]))
        }
        #expect(
            thrown?.description
                == "Could not make cached for push onto stack at stack: it made cached, which this tree already"
                + " shows elsewhere; make a new screen. Nothing changed.")
        #expect(try window.screenTree(WeekRoute.self)?.description == "stack[list]")
    }

    // MARK: - One @Observable model held by two screens

    @Test func anObservableModelHeldByTwoScreensOutlivesOneAndFreesBoth() throws {
        final class BasketScreen: ScreenModel {
            let basket: Basket
            init(name: String, basket: Basket) {
                self.basket = basket
                super.init(name: name)
            }
        }
        let (window, stack, _) = try makeList()
        weak var weakFirst: ScreenModel?
        weak var weakSecond: ScreenModel?
        weak var weakBasket: Basket?
        do {
            let basket = Basket()
            weakBasket = basket
            let first = BasketScreen(name: "first", basket: basket)
            let second = BasketScreen(name: "second", basket: basket)
            weakFirst = first
            weakSecond = second
            try stack.push(first)
            try stack.push(second)
            second.basket.count += 1
            #expect(first.basket.count == 1)
        }
        stack.pop()
        #expect(weakSecond == nil)
        #expect(weakBasket != nil)
        stack.pop()
        #expect(weakFirst == nil)
        #expect(weakBasket == nil)
        _ = window
    }

    // MARK: - Writing to a context from a deinit

    @Test func aScreenWritingToTheWindowFromItsDeinitIsSeenAfterThePop() throws {
        final class Closing: ScreenModel {
            let app: ScreenContext
            init(app: ScreenContext) {
                self.app = app
                super.init(name: "closing")
            }
            isolated deinit {
                app[\.newcomerUser] = "closed"
            }
        }
        let (window, stack, _) = try makeList()
        final class Seen {
            var values: [String?] = []
        }
        let seen = Seen()
        window.context.onChange(of: \.newcomerUser, owner: seen) { seen, value in seen.values.append(value) }
        try stack.push(Closing(app: window.context))
        stack.pop()
        #expect(window.context[\.newcomerUser] == "closed")
        #expect(seen.values == ["closed"])
        #expect(log(window) == ["push: list → closing", "pop: closing → list"])
    }
}

@Observable private final class Basket {
    var count = 0
}

extension ContextValues {
    fileprivate var newcomerUser: ContextEntry<String?> { .init() }
    var weekSelection: ContextEntry<Int?> { .init() }
}

/// The routes of the second week's app: `latest` makes the screen of another route.
enum WeekRoute: ScreenRoute {
    case stack, list, item(id: Int), latest, selecting, cached

    /// What `cached` returns every time; set by the one test that uses it.
    @MainActor static var cachedScreen: ScreenModel?

    /// Writes a selection into its window while its push runs.
    final class SelectingScreen: ScreenModel {
        override func willAppear() {
            super.willAppear()
            window?.context[\.weekSelection] = 7
        }
    }

    final class ItemScreen: ScreenModel, RoutedScreen {
        let id: Int
        init(id: Int) {
            self.id = id
            super.init(name: "item \(id)")
        }
        var route: WeekRoute { .item(id: id) }
    }

    func makeScreen() throws -> ScreenModel {
        switch self {
        case .stack: try StackScreen(root: WeekRoute.list.screen(), name: "stack")
        case .list: ScreenModel(name: "list")
        case .item(let id): ItemScreen(id: id)
        case .latest: ItemScreen(id: 42)
        case .selecting: SelectingScreen(name: "selecting")
        case .cached: WeekRoute.cachedScreen ?? ScreenModel(name: "cached")
        }
    }
}
