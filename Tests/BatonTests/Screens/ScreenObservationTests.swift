@_spi(Adapters) import Baton
import BatonTesting
import Observation
import Testing

/// Container state that a SwiftUI adapter renders is tracked by Observation, and the state a
/// UI framework changes on its own (back button, swipe down) flows back into the containers.
@MainActor
@Suite(.lenientMisuse)
struct ScreenObservationTests {
    // MARK: - Tracked container state

    @Test func pushAndPopFireATrackedReadOfTheStack() throws {
        let stack = try StackScreen(root: ScreenModel(name: "list"))
        let push = track { _ = stack.navigationPath }
        try stack.push(ScreenModel(name: "detail"))
        #expect(push.count == 1)
        let pop = track { _ = stack.topScreen }
        stack.pop()
        #expect(pop.count == 1)
        let setScreens = track { _ = stack.screens }
        try stack.setScreens([ScreenModel(name: "other")])
        #expect(setScreens.count == 1)
    }

    @Test func aFailedPushDoesNotFire() throws {
        let stack = try StackScreen(root: ScreenModel(name: "list"))
        let elsewhere = try StackScreen(root: ScreenModel(name: "held"))
        let change = track { _ = stack.screens }
        #expect(throws: ScreenError.self) { try stack.push(elsewhere.rootScreen!) }
        #expect(change.count == 0)
    }

    @Test func selectingATabFiresOnlyWhenTheSelectionChanges() throws {
        let tabs = try TabScreen(tabs: [ScreenModel(name: "a"), ScreenModel(name: "b")])
        let same = track { _ = tabs.selectedIndex }
        tabs.select(at: 0)
        #expect(same.count == 0)
        tabs.select(at: 1)
        #expect(same.count == 1)
        #expect(tabs.selectedIndex == 1)
    }

    @Test func hoppingFiresATrackedReadOfTheCurrentScreen() throws {
        let hopping = HoppingScreen(name: "startup")
        let change = track { _ = hopping.currentScreen }
        try hopping.hop(to: ScreenModel(name: "splash"), then: nil)
        #expect(change.count == 1)
    }

    @Test func presentAndDismissFireATrackedReadOfThePresentedScreen() throws {
        let main = ScreenModel(name: "main")
        let present = track { _ = main.presentedIdentity }
        let signup = ScreenModel(name: "signup")
        try main.present(signup)
        #expect(present.count == 1)
        #expect(main.presentedIdentity == ScreenIdentity(signup))
        let dismiss = track { _ = main.presentedScreen }
        signup.dismiss()
        #expect(dismiss.count == 1)
    }

    @Test func settingTheWindowRootFires() throws {
        let window = ScreenWindow()
        let change = track { _ = window.rootScreen }
        try window.setRoot(ScreenModel(name: "root"))
        #expect(change.count == 1)
    }

    // MARK: - Following a navigation path

    @Test func aShorterPathPopsTheScreensItDropped() throws {
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list)
        let window = try makeVisibleWindow(root: stack)
        let detail = ScreenModel(name: "detail")
        let more = ScreenModel(name: "more")
        try stack.push(detail)
        try stack.push(more)
        #expect(stack.navigationPath == [ScreenIdentity(detail), ScreenIdentity(more)])
        window.clearLogs()
        let popped = stack.followNavigationPath([])
        #expect(popped.map(\.screenName) == ["detail", "more"])
        #expect(stack.screens.map(\.screenName) == ["list"])
        #expect(window.transitionLog.map(\.description) == ["pop: more → list"])
    }

    @Test func theSamePathChangesNothing() throws {
        let stack = try StackScreen(root: ScreenModel(name: "list"))
        let detail = ScreenModel(name: "detail")
        try stack.push(detail)
        #expect(stack.followNavigationPath([ScreenIdentity(detail)]).isEmpty)
        #expect(stack.followNavigationPath([ScreenIdentity(detail), ScreenIdentity(stack)]).isEmpty)
        #expect(stack.screens.count == 2)
    }

    @Test func aPathThatDivergesPopsToWhereBothAgree() throws {
        let stack = try StackScreen(root: ScreenModel(name: "list"))
        let detail = ScreenModel(name: "detail")
        try stack.push(detail)
        try stack.push(ScreenModel(name: "more"))
        let popped = stack.followNavigationPath([ScreenIdentity(detail), ScreenIdentity(ScreenModel())])
        #expect(popped.map(\.screenName) == ["more"])
        #expect(stack.screen(for: ScreenIdentity(detail)) === detail)
    }

    @Test func poppedScreensAreFreed() throws {
        let stack = try StackScreen(root: ScreenModel(name: "list"))
        let weak = WeakScreens()
        do {
            let detail = ScreenModel(name: "detail")
            weak.track(detail, detail.context)
            try stack.push(detail)
            _ = track { _ = stack.navigationPath }
            _ = track { _ = detail.context[UserID.self] }
        }
        stack.followNavigationPath([])
        #expect(weak.aliveCount == 0)
    }

    /// What the SwiftUI guide says a departing view sees (the adapters review's B13): a screen
    /// SwiftUI's back button pops leaves the context tree at once, while SwiftUI still animates it
    /// away; a view of it redrawn then reads its own context's values and, for the rest, the
    /// chain it left (what it showed a moment before), not a key's default.
    @Test func aScreenPoppedByTheBackButtonReadsTheChainItLeftWhileSwiftUIAnimatesItAway() throws {
        enum Draft: ContextKey { typealias Value = String }
        let main = ScreenModel(name: "main")
        let stack = try StackScreen(root: main)
        _ = try makeVisibleWindow(root: stack)
        main.context.set("12345", for: UserID.self)
        let detail = ScreenModel(name: "detail")
        try stack.push(detail)
        detail.context.set("note", for: Draft.self)
        #expect(detail.context[UserID.self] == "12345")
        let redraw = track { _ = detail.context[UserID.self] }

        stack.followNavigationPath([])  // SwiftUI's back button

        #expect(redraw.count == 1)
        #expect(detail.context.parent == nil)
        #expect(detail.context[UserID.self] == "12345")
        #expect(detail.context[Draft.self] == "note")
        #expect(!detail.isOnScreen)
    }

    // MARK: - Following a presentation

    @Test func aNilItemDismissesThePresentedScreen() throws {
        let main = ScreenModel(name: "main")
        let window = try makeVisibleWindow(root: main)
        try main.present(ScreenModel(name: "sheet"))
        window.clearLogs()
        let shown = main.presentedIdentity
        #expect(main.followPresentation(shown, shown: shown) == false)
        #expect(main.followPresentation(nil, shown: shown) == true)
        #expect(main.presentedScreen == nil)
        #expect(main.followPresentation(nil, shown: shown) == false)
        #expect(window.transitionLog.map(\.description) == ["dismiss: sheet → main"])
    }

    // MARK: - Following an assigned tree (TabView(selection:), sheets and covers)

    @Test func anAssignedTreeFiresTheTrackedReadsOfTheSelectionAndThePresentation() throws {
        let window = ScreenWindow()
        let route = TestRoute.tabs("main", [.screen("feed"), .screen("settings")])
        try window.navigate(
            to: .tabs(route, [ScreenTree(.screen("feed")), ScreenTree(.screen("settings"))], selected: 0))
        window.makeVisible()
        let tabs = try #require(window.rootScreen as? TabScreen)
        // What TabsView's `TabView(selection:)` and the settings tab's sheet read in their bodies.
        let selection = track { _ = tabs.selectedIndex }
        let sheet = track { _ = tabs.tabs[1].presentedIdentity }
        try window.navigate(
            to: .tabs(
                route,
                [
                    ScreenTree(.screen("feed")),
                    ScreenTree(.screen("settings"), presenting: ScreenTree(.screen("about"))),
                ],
                selected: 1))
        #expect(selection.count == 1)
        #expect(sheet.count == 1)
        #expect(tabs.selectedIndex == 1)
        #expect(tabs.tabs[1].presentedScreen?.screenName == "about")
        // Back from SwiftUI: the sheet swiped down and the other tab tapped update the tree.
        #expect(tabs.tabs[1].followPresentation(nil, shown: tabs.tabs[1].presentedIdentity))
        tabs.select(at: 0)
        #expect(try window.screenTree(TestRoute.self)?.description == "main{*feed, settings}")
    }

    // MARK: - Data passed back (ControllerContext's sign-up example)

    @Test func aValueWrittenBackThroughASharedContextFiresTheSourcesTrackedRead() throws {
        let main = ScreenModel(name: "main")
        let stack = try StackScreen(root: main)
        _ = try makeVisibleWindow(root: stack)
        let shown = track { _ = main.context[UserID.self] }
        let signup = ScreenModel(name: "signup")
        try stack.push(signup, wiring: .share)
        #expect(shown.count == 0)
        signup.context.set("12345", for: UserID.self)
        #expect(shown.count == 1)
        stack.followNavigationPath([])
        #expect(main.context[UserID.self] == "12345")
    }
}
