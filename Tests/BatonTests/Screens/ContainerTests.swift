import Baton
import BatonTesting
import Testing

@MainActor
@Suite(.lenientMisuse)
struct ContainerTests {
    // MARK: - Stack

    @Test func pushWiresTheNewContextUnderThePreviousTop() throws {
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        let detail = ScreenModel(name: "detail")
        try stack.push(detail, identifier: "showDetail")
        #expect(list.context.parent === stack.context)
        #expect(detail.context.parent === list.context)
        #expect(detail.parentScreen === stack)
        #expect(stack.childScreens.count == 2)
        #expect(stack.topScreen === detail)
        #expect(stack.rootScreen === list)
    }

    @Test func isolatedPushLeavesTheContextAlone() throws {
        let stack = try StackScreen(root: ScreenModel(name: "list"))
        let detail = ScreenModel(name: "detail")
        try stack.push(detail, wiring: .isolate)
        #expect(detail.context.parent == nil)
    }

    @Test func popOfTheLastScreenDoesNothing() throws {
        let stack = try StackScreen(root: ScreenModel(name: "list"))
        #expect(stack.pop() == nil)
        #expect(stack.popToRoot().isEmpty)
        #expect(stack.screens.count == 1)
    }

    @Test func setScreensWiresNewScreensInOrderAndReleasesRemovedOnes() throws {
        let weak = WeakScreens()
        let stack = try StackScreen(root: ScreenModel(name: "old"), name: "stack")
        do {
            weak.track(stack.screens[0])
        }
        let home = ScreenModel(name: "home")
        let list = ScreenModel(name: "list")
        let detail = ScreenModel(name: "detail")
        try stack.setScreens([home, list, detail])
        #expect(stack.screens.map(\.screenName) == ["home", "list", "detail"])
        #expect(home.context.parent === stack.context)
        #expect(list.context.parent === home.context)
        #expect(detail.context.parent === list.context)
        #expect(weak.aliveCount == 0)
        #expect(throws: ScreenError.emptyStack(container: "stack")) { try stack.setScreens([]) }
        #expect(
            ScreenError.emptyStack(container: "stack").description
                == "A stack needs at least one screen: setScreens([]) on stack. Pass the screens to show.")
    }

    @Test func setScreensKeepingTheTopChangesTheScreensBelowWithoutATransition() throws {
        let top = ScreenModel(name: "top")
        let stack = try StackScreen(root: ScreenModel(name: "old"), name: "stack")
        try stack.push(top)
        let window = try makeVisibleWindow(root: stack)
        let inserted = ScreenModel(name: "inserted")
        try stack.setScreens([inserted, top])
        #expect(stack.screens.map(\.screenName) == ["inserted", "top"])
        #expect(inserted.context.parent === stack.context)
        #expect(window.transitionLog.isEmpty)
        #expect(window.lifecycleLog.isEmpty)
        #expect(top.isOnScreen)
    }

    @Test func setScreensWiresNewScreensAboveTheScreensTheyKeep() throws {
        let home = ScreenModel(name: "home")
        let stack = try StackScreen(root: home, name: "stack")
        let list = ScreenModel(name: "list")
        let detail = ScreenModel(name: "detail")
        try stack.setScreens([home, list, detail])
        #expect(list.context.parent === home.context)
        #expect(detail.context.parent === list.context)
    }

    @Test func pushingAScreenShownElsewhereIsAMisuse() throws {
        let detail = ScreenModel(name: "detail")
        let first = try StackScreen(root: ScreenModel(name: "a"), name: "first")
        let second = try StackScreen(root: ScreenModel(name: "b"), name: "second")
        try first.push(detail)
        #expect(throws: ScreenError.alreadyInHierarchy(screen: "detail", container: "first")) {
            try second.push(detail)
        }
        #expect(
            ScreenError.alreadyInHierarchy(screen: "detail", container: "first").description
                == "detail is already shown by first. Remove it there first, or make a new screen.")
        #expect(second.screens.count == 1)
    }

    // MARK: - Tabs

    @Test func aSelectionThatNamesNoTabChangesNothingAndIsPostedNamingTheTabs() throws {
        let tabs = try TabScreen(
            tabs: [ScreenModel(name: "colors"), ScreenModel(name: "sizes")], name: "tabs")
        let window = try makeVisibleWindow(root: tabs)
        let owner = Owner()
        var failures: [String] = []
        window.context.observe(TransitionDidFail.self, owner: owner) { _, failure in
            failures.append(failure.description)
        }
        window.clearLogs()
        tabs.select(at: 2)
        tabs.select(ScreenModel(name: "stranger"))
        #expect(tabs.selectedIndex == 0)
        #expect(window.transitionLog.isEmpty)
        #expect(
            failures == [
                "selection of tab 2 of tabs failed: Tab index 2 is out of range for tabs, which has 2 tabs: colors, sizes.",
                "selection of stranger in tabs failed: stranger is not a tab of tabs. Its tabs: colors, sizes.",
            ])
        #expect(
            ScreenError.tabOutOfRange(index: 2, container: "tabs", tabs: ["colors", "sizes"]).description
                == "Tab index 2 is out of range for tabs, which has 2 tabs: colors, sizes.")
        #expect(
            ScreenError.notATab(screen: "stranger", container: "tabs", tabs: ["colors", "sizes"]).description
                == "stranger is not a tab of tabs. Its tabs: colors, sizes.")
        #expect(throws: ScreenError.tabOutOfRange(index: 0, container: "empty", tabs: [])) {
            try TabScreen(tabs: [], name: "empty")
        }
    }

    @Test func selectingTheSelectedTabDoesNothing() throws {
        let tabs = try TabScreen(tabs: [ScreenModel(name: "a"), ScreenModel(name: "b")])
        let window = try makeVisibleWindow(root: tabs)
        tabs.select(at: 0)
        #expect(window.transitionLog.isEmpty)
        #expect(tabs.selectedTab.screenName == "a")
    }

    // MARK: - Modal

    @Test func nestedPresentationAndDismissFromTheMiddle() throws {
        let main = ScreenModel(name: "main")
        let window = try makeVisibleWindow(root: main)
        let first = ScreenModel(name: "first")
        let second = ScreenModel(name: "second")
        try main.present(first)
        try first.present(second)
        #expect(window.topScreen === second)
        #expect(second.presentingScreen === first)
        #expect(second.context.parent === first.context)
        first.dismiss()  // first presents second: dismisses second only
        #expect(first.presentedScreen == nil)
        #expect(main.presentedScreen === first)
        try first.present(second)
        main.dismiss()  // dismisses first and second
        #expect(main.presentedScreen == nil)
        #expect(second.presentingScreen == nil)
        #expect(window.topScreen === main)
        #expect(main.isOnScreen)
        #expect(!first.isOnScreen)
    }

    @Test func presentationErrors() throws {
        let main = ScreenModel(name: "main")
        try main.present(ScreenModel(name: "first"))
        #expect(throws: ScreenError.alreadyPresenting(presenter: "main", presented: "first")) {
            try main.present(ScreenModel(name: "second"))
        }
        #expect(
            ScreenError.alreadyPresenting(presenter: "main", presented: "first").description
                == "main already presents first. Dismiss it first, or present from first.")
    }

    // MARK: - ScreenWindow

    @Test func windowContextIsTheAppScope() throws {
        let main = ScreenModel(name: "main")
        let window = ScreenWindow()
        try window.setRoot(main)
        try main.context.set("12345", for: UserID.self, in: "app")
        #expect(window.context[UserID.self] == "12345")
        #expect(main.window === window)
        #expect(main.context.parent === window.context)
    }

    @Test func transitionsArePostedOnTheWindowContext() throws {
        let stack = try StackScreen(root: ScreenModel(name: "list"), name: "stack")
        let window = try makeVisibleWindow(root: stack)
        let owner = Owner()
        window.context.observe(TransitionDidComplete.self, owner: owner) { owner, record in
            owner.received.append(record.description)
        }
        try stack.push(ScreenModel(name: "detail"), identifier: "showDetail", sender: 3)
        stack.pop()
        #expect(owner.received == ["push: list → detail (showDetail)", "pop: detail → list"])
    }

    @Test func theTransitionLogKeepsTheNewestEntriesUpToItsLimit() throws {
        let stack = try StackScreen(root: ScreenModel(name: "list"), name: "stack")
        let window = try makeVisibleWindow(root: stack)
        window.transitionLogLimit = 2
        try stack.push(ScreenModel(name: "a"))
        stack.pop()
        try stack.push(ScreenModel(name: "b"))
        #expect(window.transitionLog.map(\.description) == ["pop: a → list", "push: list → b"])
    }

    @Test func wiringFailureLeavesTheTreeUnchanged() throws {
        final class Provider {}
        let provider = Provider()
        let stack = try StackScreen(root: ScreenModel(name: "list"), name: "stack")
        try stack.context.provide(TotalWeight.self, owner: provider) { _ in 1 }
        let detail = ScreenModel(name: "detail")
        try detail.context.provide(TotalWeight.self, owner: provider) { _ in 2 }
        let expected = ScreenError.contextWiring(
            destination: "detail", .providerAlreadyRegistered(key: "TotalWeight", registeredIn: "stack"))
        #expect(throws: expected) { try stack.push(detail) }
        #expect(
            expected.description
                == "Could not wire the context of detail: A live provider for TotalWeight is already registered in "
                + "stack; only one live provider per key may exist on a lineage (a context, its ancestors and its "
                + "descendants). Cancel it, or let its owner go, before registering another.")
        #expect(stack.screens.count == 1)
        #expect(detail.parentScreen == nil)
    }

    @Test func aContainerWiredWithShareKeepsItsChildrenOnTheSharedContext() throws {
        let window = ScreenWindow()
        window.context.set("12345", for: UserID.self)
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        try window.setRoot(stack, wiring: .share)
        #expect(stack.context === window.context)
        #expect(list.context.parent === window.context)
        #expect(list.context[UserID.self] == "12345")

        let main = ScreenModel(name: "main")
        main.context.set("main's", for: Color.self)
        let a = ScreenModel(name: "a")
        let tabs = try TabScreen(tabs: [a, ScreenModel(name: "b")], name: "tabs")
        try main.present(tabs, wiring: .share)
        #expect(a.context.parent === main.context)
        #expect(a.context[Color.self] == "main's")
    }

    @Test func aFailedSetScreensLeavesEveryContextAsItWas() throws {
        final class Provider {}
        let provider = Provider()
        let root = ScreenModel(name: "root")
        let stack = try StackScreen(root: root, name: "stack")
        try stack.context.provide(TotalWeight.self, owner: provider) { _ in 1 }
        let x = ScreenModel(name: "x")
        let conflicting = ScreenModel(name: "conflicting")
        try conflicting.context.provide(TotalWeight.self, owner: provider) { _ in 2 }
        #expect(throws: ScreenError.self) { try stack.setScreens([root, x, conflicting, ScreenModel()]) }
        #expect(x.context.parent == nil)
        #expect(stack.screens.map(\.screenName) == ["root"])
    }

    // MARK: - Registry

    @Test func registryMakesScreensByIdentifierAndListsTheKnownOnes() throws {
        let registry = ScreenRegistry()
        try registry.register(named: "splash") { ScreenModel() }
        try registry.register(named: "onboarding") { ScreenModel() }
        try registry.register(named: "main") { ScreenModel(name: "home") }
        #expect(try registry.makeScreen(named: "splash").name == "splash")
        #expect(try registry.makeScreen(named: "main").name == "home")
        #expect(try registry.makeScreen(named: "splash").context.name == "splash")
        #expect(try registry.makeScreen(named: "main").context.name == "home")
        #expect(registry.names == ["main", "onboarding", "splash"])
        #expect(throws: ScreenError.unknownName("onbording", known: ["main", "onboarding", "splash"])) {
            try registry.makeScreen(named: "onbording")
        }
        #expect(
            ScreenError.unknownName("onbording", known: ["main", "onboarding", "splash"]).description
                == "No screen is registered under the name \"onbording\". Registered names: main, onboarding, splash. "
                + "Did you mean \"onboarding\"? Register it with register(named: \"onbording\") { … }.")
        #expect(throws: ScreenError.duplicateName("main")) {
            try registry.register(named: "main") { ScreenModel() }
        }
        #expect(
            ScreenError.duplicateName("main").description
                == "A screen is already registered under the name \"main\". Each name has one factory.")
    }

    // MARK: - Diagnostics

    @Test func flowGraphDrawsScreensAndTransitions() throws {
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        let window = try makeVisibleWindow(root: stack)
        try stack.push(ScreenModel(name: "detail"), identifier: "show")
        stack.pop()
        try stack.push(ScreenModel(name: "detail"), identifier: "show")
        #expect(
            window.flowGraph(format: .mermaid) == """
                flowchart TD
                    s0["stack"]
                    s1["list"]
                    s2["detail"]
                    s0 -.-|contains| s1
                    s0 -.-|contains| s2
                    s1 -->|push show ×2| s2
                    s2 -->|pop| s1
                """)
        #expect(
            window.flowGraph(format: .dot) == """
                digraph Baton {
                    rankdir=TB;
                    node [shape=box];
                    s0 [label="stack"];
                    s1 [label="list"];
                    s2 [label="detail"];
                    s0 -> s1 [label="contains", style=dotted, arrowhead=none];
                    s0 -> s2 [label="contains", style=dotted, arrowhead=none];
                    s1 -> s2 [label="push show ×2"];
                    s2 -> s1 [label="pop"];
                }
                """)
    }

    @Test func mermaidEscapesQuotesAndBarsInNamesAndLabels() throws {
        let window = ScreenWindow()
        let stack = try StackScreen(root: ScreenModel(name: "say \"hi\""), name: "a|b")
        try window.setRoot(stack)
        try stack.push(ScreenModel(name: "é|\""), identifier: "x|y")
        #expect(
            window.flowGraph(format: .mermaid) == """
                flowchart TD
                    s0["a#124;b"]
                    s1["say #quot;hi#quot;"]
                    s2["é#124;#quot;"]
                    s3["window"]
                    s0 -.-|contains| s1
                    s0 -.-|contains| s2
                    s3 -->|replaceRoot| s0
                    s1 -->|push x#124;y| s2
                """)
    }
}
