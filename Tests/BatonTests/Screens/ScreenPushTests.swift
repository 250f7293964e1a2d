import BatonTesting
import Testing

@testable @_spi(Adapters) import Baton

/// `ScreenModel.push`: a screen pushes onto the stack it is shown in, a stack onto itself, and a
/// screen that no stack encloses gets a typed error naming where it looked, never a silent no-op.
@MainActor
@Suite(.lenientMisuse)
struct ScreenPushTests {
    final class CallbackScreen: ScreenModel {
        var onDidAppear: (() -> Void)?
        override func didAppear() { onDidAppear?() }
    }

    enum Route: ScreenRoute {
        case item(id: Int), failing
        struct Unavailable: Error, CustomStringConvertible {
            var description: String { "the server is down" }
        }
        var wiring: ContextWiring { self == .item(id: 7) ? .share : .inherit }
        func makeScreen() throws -> ScreenModel {
            switch self {
            case .item(let id): ScreenModel(name: "item \(id)")
            case .failing: throw Unavailable()
            }
        }
    }

    // MARK: - Which stack

    @Test func aScreenPushesOntoTheStackItIsOn() throws {
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        let window = try makeVisibleWindow(root: stack)
        let detail = ScreenModel(name: "detail")
        try list.push(detail, identifier: "showDetail")
        #expect(stack.screens.map(\.screenName) == ["list", "detail"])
        #expect(detail.context.parent === list.context)
        #expect(window.transitionLog.map(\.description) == ["push: list → detail (showDetail)"])
        // The top pushes in turn, onto the same stack.
        try detail.push(ScreenModel(name: "more"))
        #expect(stack.screens.map(\.screenName) == ["list", "detail", "more"])
    }

    @Test func aStackPushesOntoItselfNotOntoTheStackAroundIt() throws {
        let first = ScreenModel(name: "first")
        let inner = try StackScreen(root: first, name: "inner")
        let outer = try StackScreen(root: inner, name: "outer")
        _ = try makeVisibleWindow(root: outer)
        try inner.push(ScreenModel(name: "second"))
        #expect(inner.screens.map(\.screenName) == ["first", "second"])
        #expect(outer.screens.map(\.screenName) == ["inner"])
        // A screen on the inner stack pushes onto its nearest stack, the inner one.
        try first.push(ScreenModel(name: "third"))
        #expect(inner.screens.map(\.screenName) == ["first", "second", "third"])
        // The stack around a stack is reached by asking it.
        try outer.push(ScreenModel(name: "beside"))
        #expect(outer.screens.map(\.screenName) == ["inner", "beside"])
    }

    @Test func aScreenInATabPushesOntoTheStackAroundTheTabs() throws {
        let feed = ScreenModel(name: "feed")
        let tabs = try TabScreen(tabs: [feed, ScreenModel(name: "profile")], name: "tabs")
        let stack = try StackScreen(root: tabs, name: "stack")
        _ = try makeVisibleWindow(root: stack)
        try feed.push(ScreenModel(name: "post"))
        #expect(stack.screens.map(\.screenName) == ["tabs", "post"])
    }

    // MARK: - No stack

    @Test func aPresentedScreenOnNoStackIsRefusedNamingItsPresenter() throws {
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        let window = try makeVisibleWindow(root: stack)
        let form = ScreenModel(name: "form")
        try list.present(form)
        window.clearLogs()
        let expected = ScreenError.noEnclosingStack(
            screen: "form", pushed: .screen("attendee"), containers: [], presenter: "list")
        #expect(throws: expected) { try form.push(ScreenModel(name: "attendee")) }
        #expect(
            expected.description
                == "Cannot push attendee from form: no StackScreen encloses form, which is in no container and is"
                + " presented by list. Present a StackScreen(root: form) from list to push inside the presentation,"
                + " or present attendee from form.")
        #expect(stack.screens.map(\.screenName) == ["list"])
        #expect(form.presentedScreen == nil)
        #expect(window.transitionLog.isEmpty)
    }

    @Test func aScreenInContainersWithNoStackIsRefusedNamingThem() throws {
        let feed = ScreenModel(name: "feed")
        let tabs = try TabScreen(tabs: [feed], name: "tabs")
        let hopping = HoppingScreen(name: "app", registry: ScreenRegistry())
        _ = try makeVisibleWindow(root: hopping)
        try hopping.hop(to: tabs, then: nil)
        let expected = ScreenError.noEnclosingStack(
            screen: "feed", pushed: .screen("post"), containers: ["tabs", "app"], presenter: nil)
        #expect(throws: expected) { try feed.push(ScreenModel(name: "post")) }
        #expect(
            expected.description
                == "Cannot push post from feed: no StackScreen encloses feed, whose containers are tabs, app."
                + " Show app on a StackScreen, or present post from feed.")
        let sheet = ScreenModel(name: "sheet")
        let shown = try TabScreen(tabs: [sheet], name: "sheetTabs")
        try feed.present(shown)
        #expect(
            ScreenError.noEnclosingStack(
                screen: "sheet", pushed: .screen("x"), containers: ["sheetTabs"], presenter: "feed"
            )
            .description
                == "Cannot push x from sheet: no StackScreen encloses sheet, whose containers are sheetTabs"
                + " (sheetTabs is presented by feed). Present a StackScreen(root: sheetTabs) from feed to push"
                + " inside the presentation, or present x from sheet.")
        #expect(
            throws: ScreenError.noEnclosingStack(
                screen: "sheet", pushed: .screen("x"), containers: ["sheetTabs"], presenter: "feed")
        ) {
            try sheet.push(ScreenModel(name: "x"))
        }
    }

    @Test func aScreenNamedLikeALinkIsRefusedAsAScreen() throws {
        let alone = ScreenModel(name: "alone")
        let error = #expect(throws: ScreenError.self) { try alone.push(ScreenModel(name: "link editor")) }
        #expect(
            error?.description
                == "Cannot push link editor from alone: no StackScreen encloses alone, which is in no container."
                + " Show alone on a StackScreen, or present link editor from alone.")
    }

    @Test func aPushLinkIsNamedByItsIdentifierThenItsRoute() throws {
        let alone = ScreenModel(name: "alone")
        let toRoute = ScreenLinkRequest(route: Route.item(id: 42))
        let expected = ScreenError.noEnclosingStack(
            screen: "alone", pushed: .link(identifier: nil, route: "item(id: 42)"), containers: [], presenter: nil)
        #expect(throws: expected) { try toRoute.perform(from: alone) }
        #expect(
            expected.description
                == "Cannot push link to item(id: 42) from alone: no StackScreen encloses alone, which is in no"
                + " container. Show alone on a StackScreen, or make the link present (ScreenLink(…, action: .present))."
        )
        let named = ScreenLinkRequest(route: Route.item(id: 42), identifier: "showItem")
        #expect(
            throws: ScreenError.noEnclosingStack(
                screen: "alone", pushed: .link(identifier: "showItem", route: "item(id: 42)"), containers: [],
                presenter: nil)
        ) { try named.perform(from: alone) }
        #expect(
            ScreenError.Pushed.link(identifier: "showItem", route: "item(id: 42)").description == "link \"showItem\"")
    }

    @Test func aWindowsRootOutsideAnyWindowOrStackIsRefused() throws {
        let alone = ScreenModel(name: "alone")
        #expect(
            throws: ScreenError.noEnclosingStack(
                screen: "alone", pushed: .screen("next"), containers: [], presenter: nil)
        ) {
            try alone.push(ScreenModel(name: "next"))
        }
        let root = ScreenModel(name: "root")
        _ = try makeVisibleWindow(root: root)
        #expect(
            throws: ScreenError.noEnclosingStack(
                screen: "root", pushed: .screen("next"), containers: [], presenter: nil)
        ) {
            try root.push(ScreenModel(name: "next"))
        }
    }

    // MARK: - During a transition

    @Test func aPushRequestedDuringATransitionRunsAfterItOntoTheSameStack() throws {
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        _ = try makeVisibleWindow(root: stack)
        let detail = CallbackScreen(name: "detail")
        detail.onDidAppear = { [unowned detail] in
            #expect(throws: Never.self) { try detail.push(ScreenModel(name: "next")) }  // queued: does not throw
        }
        try list.push(detail)
        #expect(stack.screens.map(\.screenName) == ["list", "detail", "next"])
    }

    @Test func aQueuedPushFromAScreenThatLeftItsStackFailsAndIsPosted() throws {
        let list = CallbackScreen(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        let window = try makeVisibleWindow(root: stack)
        var reports: [String] = []
        window.context.observe(TransitionDidFail.self, owner: window) { _, failure in
            reports.append(failure.description)
        }
        weak var weakDetail: ScreenModel?
        do {
            let detail = CallbackScreen(name: "detail")
            weakDetail = detail
            // Pushed, detail asks for a pop and then a push, both queued: the pop runs first.
            detail.onDidAppear = { [unowned detail, unowned stack] in
                detail.onDidAppear = nil
                _ = stack.pop()
                try? detail.push(ScreenModel(name: "next"))  // queued: its failure is posted, below
            }
            try list.push(detail)
        }
        #expect(stack.screens.map(\.screenName) == ["list"])
        #expect(
            reports == [
                "push of next from detail, deferred until push: list → detail completed, failed: "
                    + ScreenError.noEnclosingStack(
                        screen: "detail", pushed: .screen("next"), containers: [], presenter: nil
                    )
                    .description
            ])
        #expect(weakDetail == nil)
    }

    // MARK: - By route

    @Test func aPushByRouteMakesTheScreenThroughItsRouteAndWiresAsItSays() throws {
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        _ = try makeVisibleWindow(root: stack)
        try list.push(Route.item(id: 3), identifier: "showItem")
        let three = try #require(stack.topScreen)
        #expect(three.route(as: Route.self) == .item(id: 3))
        #expect(three.context.parent === list.context)
        try three.push(Route.item(id: 7))
        #expect(stack.topScreen?.context === three.context)  // .share, as the route says
        let failure = #expect(throws: ScreenError.self) { try list.push(Route.failing) }
        #expect(failure == .routeFailed(route: "failing", error: UnderlyingError(Route.Unavailable())))
        #expect(failure?.underlying is Route.Unavailable)
        #expect(
            failure?.description
                == "Could not make the screen of route failing: the server is down. Nothing was shown.")
        #expect(stack.screens.map(\.screenName) == ["list", "item 3", "item 7"])
    }

    // MARK: - Awaiting a result

    @Test func aScreenPushesAndAwaitsTheResultOnItsStack() async throws {
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        let window = try makeVisibleWindow(root: stack)
        let waiting = Task { try await list.push(CallbackScreen(name: "sort"), returning: String.self) }
        let sort = try await window.next(CallbackScreen.self)
        #expect(stack.screens.map(\.screenName) == ["list", "sort"])
        sort.finish(with: "newest")
        #expect(try await waiting.value == "newest")
        #expect(stack.screens.map(\.screenName) == ["list"])
        let alone = ScreenModel(name: "alone")
        await #expect(
            throws: ScreenError.noEnclosingStack(
                screen: "alone", pushed: .screen("sort"), containers: [], presenter: nil)
        ) {
            try await alone.push(ScreenModel(name: "sort"), returning: String.self)
        }
    }

    // MARK: - Many

    @Test func aThousandPushesFromTheTopLeaveNoScreenAlive() throws {
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        _ = try makeVisibleWindow(root: stack)
        weak var last: ScreenModel?
        var top: ScreenModel = list
        for index in 0..<1_000 {
            let next = ScreenModel(name: "screen \(index)")
            try top.push(next)
            top = next
        }
        last = top
        top = list
        #expect(stack.screens.count == 1_001)
        _ = stack.popToRoot()
        #expect(stack.screens.map(\.screenName) == ["list"])
        #expect(last == nil)
    }

    #if DEBUG
        /// Pushes are O(1) (DESIGN): popping screens each pushed from the previous top must not
        /// walk, per popped screen, the chain of contexts above it. Counted, not timed: 2,000
        /// screens visit a few contexts each; a walk per screen of the rest would visit millions.
        @Test func poppingScreensPushedFromTheTopVisitsEachContextAFewTimes() throws {
            let list = ScreenModel(name: "list")
            let stack = try StackScreen(root: list, name: "stack")
            _ = try makeVisibleWindow(root: stack)
            var top: ScreenModel = list
            let count = 2_000
            let pushVisits = ScreenContext.subtreeVisits
            for index in 0..<count {
                let next = ScreenModel(name: "screen \(index)")
                try top.push(next)
                top = next
            }
            #expect(ScreenContext.subtreeVisits - pushVisits <= 4 * count)
            top = list
            let popVisits = ScreenContext.subtreeVisits
            #expect(stack.popToRoot().count == count)
            #expect(ScreenContext.subtreeVisits - popVisits <= 4 * count)
        }
    #endif
}
