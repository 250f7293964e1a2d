@_spi(Adapters) import Baton
import BatonTesting
import Testing

/// The mistakes an iOS developer who has read only the README and the DocC articles makes in
/// the first week, each checked for an immediate, typed error whose message names what was
/// asked, where Baton looked and what exists instead, or for the documented no-op.
@MainActor
@Suite(.lenientMisuse, .isolatedBaton, .timeLimit(.minutes(1)))
struct NewcomerMistakesTests {
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

    // MARK: - Containers given the same screen twice

    @Test func settingAStackWithTheSameScreenTwiceThrowsAndChangesNothing() throws {
        let (window, stack, list) = try makeList()
        let detail = ScreenModel(name: "detail")
        let message = error(ScreenError.self) { try stack.setScreens([list, detail, detail]) }
        #expect(
            message
                == "detail is listed twice in the screens given to stack. A screen has one place in the tree:"
                + " make a new screen for each place.")
        #expect(stack.screens.map(\.screenName) == ["list"])
        #expect(detail.parentScreen == nil)
        #expect(window.transitionLog.isEmpty)
    }

    @Test func makingTabsWithTheSameScreenTwiceThrows() {
        weak var weakTab: ScreenModel?
        do {
            let tab = ScreenModel(name: "feed")
            weakTab = tab
            let message = error(ScreenError.self) { _ = try TabScreen(tabs: [tab, tab], name: "tabs") }
            #expect(
                message
                    == "feed is listed twice in the screens given to tabs. A screen has one place in the tree:"
                    + " make a new screen for each place.")
            #expect(tab.parentScreen == nil)
            // Its context was not left under the refused container's.
            #expect(tab.context.parent == nil)
        }
        #expect(weakTab == nil)
    }

    @Test func makingTabsWithNoTabsSaysThatItNeedsOne() {
        let message = error(ScreenError.self) { _ = try TabScreen(tabs: [], name: "tabs") }
        #expect(message == "tabs has no tabs: a tab container needs at least one. Pass the screens of its tabs.")
    }

    // MARK: - Finishing and awaiting results

    @Test func aDoubleTappedDoneReturnsTheFirstResultOnce() async throws {
        let (window, _, list) = try makeList()
        let sorting = Task { try await list.present(SortScreen(name: "sort"), returning: Int.self) }
        weak let sort = try await window.next(SortScreen.self)
        sort?.finish(with: 1)
        sort?.finish(with: 2)
        #expect(try await sorting.value == 1)
        #expect(window.transitionLog.map(\.description) == ["present: list → sort", "dismiss: sort → list"])
        #expect(sort == nil)
    }

    @Test func awaitingTheWrongResultTypeEndsWithATypedMismatch() async throws {
        let (window, _, list) = try makeList()
        let sorting = Task { try await list.present(SortScreen(name: "sort"), returning: Int.self) }
        weak let sort = try await window.next(SortScreen.self)
        sort?.finish(with: "newest")
        let thrown = await #expect(throws: ScreenError.self) { try await sorting.value }
        #expect(
            thrown?.description
                == "sort finished with a result of type String, but its await expects Int."
                + " Finish with a Int, or await String.")
        #expect(list.presentedScreen == nil)
        #expect(sort == nil)
    }

    @Test func finishingTheWindowsRootDoesNothing() throws {
        let (window, stack, list) = try makeList()
        list.finish()
        stack.finish(with: 3)
        #expect(window.transitionLog.isEmpty)
        #expect(window.rootScreen === stack)
    }

    // MARK: - Presenting from a screen that left

    /// A screen that was popped presents an alert (from a plain `Task`, or a completion that came
    /// late): it throws at once, as `task(_:)` refuses work started after its screen left.
    @Test func presentingFromAPoppedScreenThrowsNamingThePresentation() throws {
        let (window, stack, _) = try makeList()
        weak var weakDetail: ScreenModel?
        weak var weakAlert: ScreenModel?
        do {
            let detail = ScreenModel(name: "detail")
            weakDetail = detail
            try stack.push(detail)
            stack.pop()
            let alert = ScreenModel(name: "alert")
            weakAlert = alert
            let thrown = #expect(throws: ScreenError.self) { try detail.present(alert) }
            #expect(thrown == .presenterLeftTheTree(presenter: "detail", presented: "alert"))
            #expect(
                thrown?.description
                    == "detail left the screen tree before its presentation of alert ran."
                    + " Present from a screen that is shown.")
            #expect(detail.presentedScreen == nil)
            #expect(alert.parentScreen == nil)
        }
        #expect(window.transitionLog.map(\.description) == ["push: list → detail", "pop: detail → list"])
        #expect(weakDetail == nil)
        #expect(weakAlert == nil)
    }

    @Test func awaitingAPresentationFromAPoppedScreenEndsWithTheError() async throws {
        let (window, stack, _) = try makeList()
        weak var weakDetail: ScreenModel?
        do {
            let detail = ScreenModel(name: "detail")
            weakDetail = detail
            try stack.push(detail)
            stack.pop()
            let returning = await #expect(throws: ScreenError.self) {
                _ = try await detail.present(SortScreen(name: "sort"), returning: Int.self)
            }
            #expect(returning == .presenterLeftTheTree(presenter: "detail", presented: "sort"))
            let ifFinished = await #expect(throws: ScreenError.self) {
                _ = try await detail.present(SortScreen(name: "sort"), returningIfFinished: Int.self)
            }
            #expect(ifFinished == .presenterLeftTheTree(presenter: "detail", presented: "sort"))
        }
        #expect(window.transitionLog.count == 2)
        #expect(weakDetail == nil)
    }

    @Test func aScreenPushedAgainAfterItsPopPresentsAgain() throws {
        let (window, stack, _) = try makeList()
        let detail = ScreenModel(name: "detail")
        try stack.push(detail)
        stack.pop()
        try stack.push(detail)
        try detail.present(ScreenModel(name: "alert"))
        #expect(detail.presentedScreen?.screenName == "alert")
        #expect(window.transitionLog.last?.description == "present: detail → alert")
    }

    @Test func aScreenNeverShownStillPresentsOffScreen() throws {
        let form = ScreenModel(name: "form")
        try form.present(ScreenModel(name: "picker"))
        #expect(form.presentedScreen?.screenName == "picker")
    }

    // MARK: - Showing one screen in two places

    @Test func pushingTheSameScreenTwiceOrOnTwoStacksNamesWhereItIs() throws {
        let (window, stack, _) = try makeList()
        let other = try StackScreen(root: ScreenModel(name: "other root"), name: "other")
        let detail = ScreenModel(name: "detail")
        try stack.push(detail)
        let again = "detail is already shown by stack. Remove it there first, or make a new screen."
        #expect(error(ScreenError.self) { try stack.push(detail) } == again)
        #expect(error(ScreenError.self) { try other.push(detail) } == again)
        #expect(window.transitionLog.map(\.description) == ["push: list → detail"])
    }

    @Test func aPoppedScreenCanBePushedAgain() throws {
        let (window, stack, _) = try makeList()
        let detail = ScreenModel(name: "detail")
        try stack.push(detail)
        stack.pop()
        try stack.push(detail)
        #expect(stack.topScreen === detail)
        #expect(
            window.transitionLog.map(\.description) == [
                "push: list → detail", "pop: detail → list", "push: list → detail",
            ])
    }

    @Test func presentingAPushedScreenOrPushingAPresentedOneNamesWhereItIs() throws {
        let (_, stack, list) = try makeList()
        let pushed = ScreenModel(name: "pushed")
        try stack.push(pushed)
        #expect(
            error(ScreenError.self) { try list.present(pushed) }
                == "pushed is already shown by stack. Remove it there first, or make a new screen.")
        let sheet = ScreenModel(name: "sheet")
        try pushed.present(sheet)
        #expect(
            error(ScreenError.self) { try stack.push(sheet) }
                == "sheet is already shown by pushed. Remove it there first, or make a new screen.")
    }

    @Test func presentingAScreenOnItselfOrOnWhatShowsItIsRefused() throws {
        let (_, stack, list) = try makeList()
        #expect(
            error(ScreenError.self) { try list.present(list) }
                == "list is already shown by stack. Remove it there first, or make a new screen.")
        #expect(
            error(ScreenError.self) { try list.present(stack) }
                == "stack is already shown by list. Remove it there first, or make a new screen.")
        #expect(
            error(ScreenError.self) { try stack.push(stack) }
                == "Could not wire the context of stack: Cannot attach stack to list: list is stack or one of its"
                + " descendants, which would make a cycle.")
        #expect(stack.screens.map(\.screenName) == ["list"])
    }

    @Test func aSecondPresentationWhileOneIsShownNamesTheFirst() throws {
        let (_, _, list) = try makeList()
        try list.present(ScreenModel(name: "settings"))
        #expect(
            error(ScreenError.self) { try list.present(ScreenModel(name: "share")) }
                == "list already presents settings. Dismiss it first, or present from settings.")
    }

    @Test func aStackRootShownElsewhereIsRefused() throws {
        let (window, stack, list) = try makeList()
        #expect(
            error(ScreenError.self) { _ = try StackScreen(root: list, name: "second") }
                == "list is already shown by stack. Remove it there first, or make a new screen.")
        #expect(list.parentScreen === stack)
        #expect(window.rootScreen === stack)
    }

    @Test func aRootOfOneWindowCannotBeTheRootOfAnother() throws {
        let (window, stack, _) = try makeList()
        let other = ScreenWindow()
        #expect(
            error(ScreenError.self) { try other.setRoot(stack) }
                == "stack is already shown by the window. Remove it there first, or make a new screen.")
        #expect(window.rootScreen === stack)
        #expect(other.rootScreen == nil)
    }

    // MARK: - Contexts

    @Test func providingTheSameKeyTwiceNamesWhereTheFirstIs() throws {
        let app = ScreenContext(name: "app")
        let owner = SortScreen()
        try app.provide(\.newcomerWeight, owner: owner) { _ in 1 }
        #expect(
            error(ContextError.self) { try app.provide(\.newcomerWeight, owner: owner) { _ in 2 } }
                == "A live provider for newcomerWeight is already registered in app; only one live provider per key"
                + " may exist on a lineage (a context, its ancestors and its descendants). Cancel it, or let its"
                + " owner go, before registering another.")
    }

    @Test func aMisspeltScopeListsTheNamesOnTheChain() throws {
        let (_, _, list) = try makeList()
        #expect(
            error(ContextError.self) { try list.context.set("ada", for: \.newcomerUser, in: "mian") }
                == "No context named \"mian\" on the chain of newcomerUser: searched list → stack → app."
                + " Named contexts on the chain: \"list\", \"stack\", \"app\".")
    }

    @Test func anIsolatedSheetDoesNotSeeItsPresentersValuesAndSaysSoWhenAskedByName() throws {
        let (_, _, list) = try makeList()
        list.context[\.newcomerUser] = "ada"
        let sheet = SortScreen(name: "sheet")
        try list.present(sheet, wiring: .isolate)
        #expect(sheet.context[\.newcomerUser] == nil)
        #expect(
            error(ContextError.self) { _ = try sheet.context.value(for: \.newcomerUser, in: "list") }
                == "No context named \"list\" on the chain of newcomerUser: searched sheet."
                + " Named contexts on the chain: \"sheet\".")
    }

    /// A tab asks for a value another tab provides: the message names the sibling that has one,
    /// why a request does not reach it, and the context where both would.
    @Test func requestingWhatASiblingTabProvidesNamesTheSiblingAndTheSharedContext() throws {
        let feed = ScreenModel(name: "feed")
        let profile = ScreenModel(name: "profile")
        let tabs = try TabScreen(tabs: [feed, profile], name: "tabs")
        let window = try makeVisibleWindow(root: tabs)
        try feed.context.provide(\.newcomerWeight, owner: feed) { _ in 40 }
        let thrown = #expect(throws: ContextError.self) { _ = try profile.context.request(\.newcomerWeight) }
        #expect(
            thrown
                == .providerMissing(
                    key: "newcomerWeight", searched: ["profile", "tabs", "app"], available: [], offChain: ["feed"],
                    commonAncestor: "tabs"))
        #expect(
            thrown?.description
                == "No provider for newcomerWeight: searched profile → tabs → app. Providers on the chain: none."
                + " Off this chain, feed provides newcomerWeight, but a request searches only profile and the"
                + " contexts above it. Provide it in tabs instead, above both, or register another one on this"
                + " chain with provide(\\.newcomerWeight, owner:_:).")
        _ = window
    }

    /// The same mistake the other way round: a container asks for what one of its screens
    /// provides (ProContext's "a supercontext requests a requestable added in a subcontext").
    @Test func requestingWhatAScreenBelowProvidesNamesIt() throws {
        let (window, stack, _) = try makeList()
        let detail = ScreenModel(name: "detail")
        try stack.push(detail)
        try detail.context.provide(\.newcomerWeight, owner: detail) { _ in 40 }
        #expect(
            error(ContextError.self) { _ = try stack.context.request(\.newcomerWeight) }
                == "No provider for newcomerWeight: searched stack → app. Providers on the chain: none."
                + " Off this chain, detail provides newcomerWeight below stack, but a request searches only stack"
                + " and the contexts above it. Provide it in stack instead.")
        // Expired and released providers elsewhere are not named; other windows' are not either.
        let other = try makeVisibleWindow(root: ScreenModel(name: "other"))
        #expect(
            error(ContextError.self) { _ = try other.rootScreen?.context.request(\.newcomerWeight) }
                == "No provider for newcomerWeight: searched other → app. Providers on the chain: none."
                + " Register one with provide(\\.newcomerWeight, owner:_:).")
        _ = window
    }

    @Test func requestingWhatTwoBranchesProvideNamesBothAndTheirCommonContext() throws {
        let feed = ScreenModel(name: "feed")
        let search = ScreenModel(name: "search")
        let profile = ScreenModel(name: "profile")
        let inner = try TabScreen(tabs: [feed, search], name: "inner")
        let tabs = try TabScreen(tabs: [inner, profile], name: "tabs")
        let window = try makeVisibleWindow(root: tabs)
        try search.context.provide(\.newcomerWeight, owner: search) { _ in 1 }
        try feed.context.provide(\.newcomerWeight, owner: feed) { _ in 2 }
        #expect(
            error(ContextError.self) { _ = try profile.context.request(\.newcomerWeight) }
                == "No provider for newcomerWeight: searched profile → tabs → app. Providers on the chain: none."
                + " Off this chain, feed and search provide newcomerWeight, but a request searches only profile"
                + " and the contexts above it. Provide it in tabs instead, above all of them, or register another"
                + " one on this chain with provide(\\.newcomerWeight, owner:_:).")
        // Within the branch, the nearest context above both.
        #expect(
            error(ContextError.self) { _ = try inner.context.request(\.newcomerWeight) }?.contains(
                "Off this chain, feed and search provide newcomerWeight below inner, but a request searches only"
                    + " inner and the contexts above it. Provide it in inner instead.") == true)
        _ = window
    }

    @Test func executingAnActionASiblingTabRegistersNamesTheSibling() throws {
        enum Refresh: ContextAction {}
        let feed = ScreenModel(name: "feed")
        let profile = ScreenModel(name: "profile")
        let tabs = try TabScreen(tabs: [feed, profile], name: "tabs")
        let window = try makeVisibleWindow(root: tabs)
        try feed.context.register(Refresh.self, owner: feed) { _, _ in }
        let thrown = #expect(throws: ContextError.self) { try profile.context.execute(Refresh.self) }
        #expect(
            thrown
                == .actionMissing(
                    action: "Refresh", searched: ["profile", "tabs", "app"], available: [], offChain: ["feed"],
                    commonAncestor: "tabs"))
        #expect(
            thrown?.description
                == "No action Refresh: searched profile → tabs → app. Actions on the chain: none. Off this chain,"
                + " feed registers Refresh, but an action call searches only profile and the contexts above it."
                + " Register it in tabs instead, above both, or register another one on this chain with"
                + " register(Refresh.self, owner:_:).")
        _ = window
    }

    @Test func aLiveDependencyATestDidNotSetFailsTheTestNamingTheEntry() {
        let window = ScreenWindow()
        withKnownIssue {
            _ = window.context[\.newcomerAPI]
        } matching: { issue in
            "\(issue)".contains(
                "newcomerAPI read its live value in a test: the test did not set it and the entry declares no"
                    + " test value")
        }
    }

    // MARK: - Start-up flows, registries and tests

    @Test func unhoppingAFinalStepNamesTheFix() throws {
        let startup = HoppingScreen(name: "startup")
        _ = try makeVisibleWindow(root: startup)
        let splash = ScreenModel(name: "splash")
        try startup.hop(to: splash, then: nil)
        #expect(
            error(ScreenError.self) { try splash.unhop() }
                == "splash called unhop, but startup has no continuation for it: the step was hopped to without"
                + " one (a final step), or splash is not in the current step. Pass a continuation, even {}, to a"
                + " step that may finish.")
    }

    final class LockedStartup: HoppingScreen {
        override var mainRoute: (any ScreenRoute)? { NewcomerRoute.broken }
        override func run() async throws {
            try await hop(to: SortScreen(name: "splash"))
        }
    }

    /// A start-up flow whose main route cannot make its screen: the failure names the route and
    /// its error and is reported once, in the window's `NavigationDidFail` (SwiftUI's
    /// `onFailure`), not also to the task reporter; a link that waited for the flow fails with
    /// the same error; the flow stays on its last step.
    @Test func aMainRouteThatCannotMakeItsScreenIsReportedOnceAndFailsTheWaitingLinks() async throws {
        let (reports, reported) = AsyncStream.makeStream(of: ScreenTaskFailure.self)
        let window = ScreenWindow()
        ScreenTaskFailure.$reporter.withValue({ reported.yield($0) }) {
            #expect(window.launch(NewcomerRoute.lockedStartup) == [])
            window.makeVisible()
        }
        let startup = try #require(window.rootScreen as? LockedStartup)
        let (posts, posted) = AsyncStream.makeStream(of: NavigationFailure.self)
        window.context.observe(NavigationDidFail.self, owner: window) { _, failure in posted.yield(failure) }
        let splash = try await window.next(SortScreen.self)
        let outcome = try window.navigate(to: ScreenTree(NewcomerRoute.item(id: 3)))
        #expect(outcome == .waiting(for: "startup"))
        try splash.unhop()
        var iterator = posts.makeAsyncIterator()
        let flowFailure = try #require(await iterator.next())
        // The links failed in the same main-actor job, right after: their posts are in the stream.
        posted.finish()
        var linkFailures: [NavigationFailure] = []
        while let failure = await iterator.next() { linkFailures.append(failure) }
        let linkFailure = try #require(linkFailures.first)
        #expect(linkFailures.count == 1)
        let expected = NavigationError.factoryFailed(
            step: "the main screen of startup", route: "broken", reason: UnderlyingError(NewcomerRoute.Locked()))
        #expect(flowFailure.error == expected)
        #expect(flowFailure.error.underlying is NewcomerRoute.Locked)
        #expect(
            flowFailure.description
                == "startup's hop to its main route, which waited for startup's run(), failed: Could not make broken"
                + " for the main screen of startup: the database is locked. Nothing changed.")
        #expect(linkFailure.error == expected)
        #expect(
            linkFailure.description
                == "navigation to item(id: 3), which waited for startup reaching its main screen, failed: Could not"
                + " make broken for the main screen of startup: the database is locked. Nothing changed.")
        // The run's task ended right after posting, in the same main-actor job: whatever it
        // reported is in the stream now.
        reported.finish()
        var taskReports: [String] = []
        for await report in reports { taskReports.append(report.description) }
        #expect(taskReports == [])
        #expect(window.snapshot().waitingLinks == [])
        #expect(startup.currentScreen?.screenName == "splash")
    }

    /// Where nothing observes `NavigationDidFail` (a UIKit app that did not subscribe), the main
    /// route's failure goes to the task reporter instead: reported once, never lost.
    @Test func aMainRouteFailureNobodyObservesGoesToTheTaskReporter() async throws {
        let (reports, reported) = AsyncStream.makeStream(of: ScreenTaskFailure.self)
        let startup = LockedStartup(name: "startup")
        let window = try ScreenTaskFailure.$reporter.withValue({ reported.yield($0) }) {
            try makeVisibleWindow(root: startup)
        }
        try await window.next(SortScreen.self).unhop()
        var iterator = reports.makeAsyncIterator()
        let failure = try #require(await iterator.next())
        #expect(
            failure.description
                == "a task of startup threw NavigationError: Could not make broken for the main screen of startup:"
                + " the database is locked. Nothing changed.")
        #expect(startup.currentScreen?.screenName == "splash")
    }

    @Test func hoppingToAnUnregisteredNameListsTheRegisteredOnes() throws {
        let registry = ScreenRegistry()
        try registry.register(named: "splash") { ScreenModel() }
        let startup = HoppingScreen(name: "startup", registry: registry)
        _ = try makeVisibleWindow(root: startup)
        #expect(
            error(ScreenError.self) { try startup.hop(toNamed: "splsh", then: nil) }
                == "No screen is registered under the name \"splsh\". Registered names: splash. Did you mean"
                + " \"splash\"? Register it with register(named: \"splsh\") { … }.")
        #expect(
            error(ScreenError.self) { try registry.register(named: "splash") { ScreenModel() } }
                == "A screen is already registered under the name \"splash\". Each name has one factory.")
    }

    @Test func awaitingAScreenThatNeverComesSaysWhatIsShown() async throws {
        let (window, _, _) = try makeList()
        let thrown = await #expect(throws: NextScreenTimeout.self) {
            _ = try await window.next(SortScreen.self, timeout: .zero)
        }
        #expect(
            thrown?.description.hasPrefix(
                "No SortScreen was shown within 0.0 seconds. Shown now: stack → list. Transitions while waiting:"
                    + " none.") == true)
    }

    // MARK: - Links

    @Test func aLinkThatDoesNotParseSaysWhereAndWhy() throws {
        let links = ScreenLinks<NewcomerRoute>([LinkPattern("myapp://item/{id}", .item(id: 0))]) { ScreenTree($0) }
        let window = ScreenWindow()
        try window.navigate(to: ScreenTree(NewcomerRoute.main))
        #expect(
            error(NavigationError.self) { try window.open("myapp://item/abc", with: links) }
                == "The link myapp://item/abc is wrong at \"abc\": id is not valid (not a Int: \"abc\" at item.id).")
        #expect(
            error(NavigationError.self) { try window.open("myapp://itme/4", with: links) }
                == "No link pattern matches myapp://itme/4. Known patterns: myapp://item/{id}.")
        #expect(
            error(NavigationError.self) { try window.open("myapp://item/", with: links) }
                == "The link myapp://item/ is wrong at \"\": id is empty.")
        #expect(window.rootScreen?.screenName == "main")
    }

    @Test func aPatternWhosePlaceholderIsNoFieldNamesTheFields() throws {
        let links = ScreenLinks<NewcomerRoute>([LinkPattern("myapp://item/{itemID}", .item(id: 0))]) {
            ScreenTree($0)
        }
        #expect(
            error(NavigationError.self) { _ = try links.url(for: NewcomerRoute.item(id: 4)) }
                == "The link pattern myapp://item/{itemID} cannot work: item(id: 0) has no field itemID; its"
                + " fields: item.id. Fix the pattern where the links are declared.")
    }

    @Test func launchingARootWhoseFactoryThrowsNamesTheRouteAndChangesNothing() {
        let window = ScreenWindow()
        #expect(
            window.launch(NewcomerRoute.broken).map(\.description) == [
                "Could not make broken for the root of the window: the database is locked. Nothing changed."
            ])
        #expect(window.rootScreen == nil)
    }
}

final class NewcomerAPI: Sendable {
    static let live = NewcomerAPI()
}

extension ContextValues {
    fileprivate var newcomerWeight: ContextEntry<Double?> { .init() }
    fileprivate var newcomerUser: ContextEntry<String?> { .init() }
    @MainActor fileprivate var newcomerAPI: ContextEntry<NewcomerAPI> { .init(live: .live) }
}

/// The routes of a newcomer's app: one whose screen cannot be made.
enum NewcomerRoute: ScreenRoute {
    case main, broken, lockedStartup, item(id: Int)

    struct Locked: Error, CustomStringConvertible {
        var description: String { "the database is locked" }
    }

    func makeScreen() throws -> ScreenModel {
        switch self {
        case .main: ScreenModel(name: "main")
        case .broken: throw Locked()
        case .lockedStartup: NewcomerMistakesTests.LockedStartup(name: "startup")
        case .item(let id): ScreenModel(name: "item \(id)")
        }
    }
}
