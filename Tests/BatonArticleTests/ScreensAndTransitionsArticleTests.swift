import Baton
import BatonTesting
import Testing

// The code of the article "Screens and transitions", run: each of its blocks, and what its prose
// says of them.

extension ContextValues {
    fileprivate var userID: ContextEntry<String?> { .init() }
    fileprivate var color: ContextEntry<String?> { .init() }
}
private enum Deletion { case delete, keep }

private final class MainScreen: ScreenModel {
    private(set) var userID: String?

    override func willAppear() {
        userID = context[\.userID]  // what a sign-up screen passed back
    }
}

private enum Saved: ContextEvent {}

private final class ListScreen: ScreenModel {
    private(set) var reloads = 0

    func startObserving() {
        context.observe(Saved.self, owner: self, if: .whileOnScreen(self)) { list, _ in
            list.reloads += 1  // only while the list is on screen
        }
    }
}

private final class TransitionLogger {
    var lines: [String] = []
}

@Suite(.isolatedBaton) @MainActor struct ScreensAndTransitionsArticleTests {
    // MARK: - Subclass a headless screen

    @Test func aScreensContextIsNamedAfterItAndWillAppearReadsIt() throws {
        let main = MainScreen(name: "main")  // main.context.name == "main"
        #expect(main.context.name == "main")
        #expect(MainScreen().context.name == "MainScreen")
        #expect(MainScreen().screenName == "MainScreen")
        main.context.set("12345", for: \.userID)
        let window = ScreenWindow()
        try window.setRoot(main)
        window.makeVisible()
        #expect(main.userID == "12345")
        #expect(main.window === window)
    }

    // MARK: - Show a tree in a window, use the containers

    @Test(.isolatedBaton) func anAlertReturnsTheChoiceOfTheButtonTapped() async throws {
        let list = ScreenModel(name: "list")
        let window = ScreenWindow()
        try window.setRoot(list)
        window.makeVisible()

        let confirm = ScreenAlert<Deletion>(
            "Delete?", message: "This cannot be undone.", style: .confirmationDialog,
            buttons: [.destructive("Delete", .delete), .cancel("Keep", .keep)])
        let asking = Task { try await list.present(confirm) }
        let dialog = try await window.next(AlertScreen.self)  // BatonTesting
        #expect(dialog.shows(confirm))
        try dialog.tap("Delete")
        let choice = try await asking.value  // .delete
        #expect(choice == .delete)
        #expect(window.topScreen === list)

        let again = Task { try await list.present(confirm) }
        try await window.next(AlertScreen.self).cancel()  // a tap outside the dialog
        #expect(try await again.value == .keep)
    }

    @Test func theWindowTheStackTheTabsAndAPresentation() throws {
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list, name: "stack")

        let window = ScreenWindow()
        try window.setRoot(stack)  // stack.context.parent === window.context
        window.makeVisible()  // stack, then list, appear
        try list.context.set("12345", for: \.userID, in: "app")  // window.context holds it
        #expect(stack.context.parent === window.context)
        #expect(window.context.name == "app")
        #expect(window.context[\.userID] == "12345")

        let detail = ScreenModel(name: "detail")
        try stack.push(detail, identifier: "showDetail")  // detail.context.parent === list.context
        stack.pop()  // back to list
        try stack.setScreens([list, ScreenModel(name: "settings")])
        stack.popToRoot()
        #expect(
            window.transitionLog.map(\.description).suffix(4) == [
                "push: list → detail (showDetail)", "pop: detail → list", "setStack: list → settings",
                "pop: settings → list",
            ])
        #expect(stack.screens.map(\.screenName) == ["list"])
        #expect(stack.pop() == nil)  // a stack of one screen: nothing to pop
        #expect(stack.screens.map(\.screenName) == ["list"])
        try list.push(ScreenModel(name: "about"))  // onto list's stack, as stack.push(_:) does
        #expect(stack.screens.map(\.screenName) == ["list", "about"])
        stack.popToRoot()

        let colors = ScreenModel(name: "colors")
        let sizes = ScreenModel(name: "sizes")
        let tabs = try TabScreen(tabs: [colors, sizes], sharesContext: true, name: "tabs")

        try list.present(tabs, wiring: .share)  // tabs, colors and sizes all use list's context
        colors.context.set("Blue", for: \.color)
        tabs.select(sizes)
        tabs.dismiss()  // back to list: list.context[\.color] == "Blue"
        let selected = list.context[TabScreen.SelectedTabIndex.self]  // 1, reported back
        #expect(list.context[\.color] == "Blue")
        #expect(selected == 1)
        #expect(list.presentedScreen == nil)
        #expect(
            window.transitionLog.map(\.description).suffix(3) == [
                "present: list → tabs", "selectTab: colors → sizes", "dismiss: tabs → list",
            ])

        let signup = ScreenModel(name: "signup")
        try stack.push(signup, wiring: .share)  // signup.context === list.context
        signup.context.set("67890", for: \.userID)  // list reads it when it reappears
        stack.pop()
        #expect(list.context[\.userID] == "67890")
    }

    @Test func aSharedPresentationAndASharedPushUseTheSourcesContext() throws {
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        let window = ScreenWindow()
        try window.setRoot(stack)
        window.makeVisible()
        let colors = ScreenModel(name: "colors")
        let sizes = ScreenModel(name: "sizes")
        let tabs = try TabScreen(tabs: [colors, sizes], sharesContext: true, name: "tabs")
        try list.present(tabs, wiring: .share)
        #expect(tabs.context === list.context)
        #expect(colors.context === list.context)
        #expect(sizes.context === list.context)
        tabs.dismiss()
        let signup = ScreenModel(name: "signup")
        try stack.push(signup, wiring: .share)
        #expect(signup.context === list.context)
    }

    // MARK: - Know which calls throw, and why

    @Test func backwardTransitionsTakeNoTryAndIgnoreWhatUIKitIgnores() throws {
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        let window = ScreenWindow()
        try window.setRoot(stack)
        window.makeVisible()
        let sheet = ScreenModel(name: "sheet")
        let tabs = try TabScreen(tabs: [ScreenModel(name: "colors"), ScreenModel(name: "sizes")], name: "tabs")
        try list.present(sheet)
        try sheet.present(tabs)
        tabs.dismiss()
        #expect(sheet.presentedScreen == nil)
        window.clearLogs()

        stack.pop()
        sheet.dismiss()
        tabs.select(at: 1)
        #expect(window.transitionLog.map(\.description) == ["dismiss: sheet → list"])
        #expect(tabs.selectedIndex == 1)
        sheet.dismiss()  // a second dismiss: nothing presented, ignored
        #expect(window.transitionLog.count == 1)
    }

    // MARK: - Ask whether a screen is on screen

    @Test func aWhileOnScreenObserverFiresOnlyWhileTheScreenIsOnScreen() throws {
        let list = ListScreen(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        let window = ScreenWindow()
        try window.setRoot(stack)
        list.startObserving()
        list.context.post(Saved.self)
        #expect(list.reloads == 0)
        window.makeVisible()
        list.context.post(Saved.self)
        #expect(list.reloads == 1)
        try stack.push(ScreenModel(name: "detail"))
        list.context.post(Saved.self)
        #expect(list.reloads == 1)
        #expect(stack.isOnScreen)
    }

    // MARK: - Log transitions and lifecycle callbacks

    @Test func theWindowPostsEachTransitionAndRecordsEachCallback() throws {
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        let window = ScreenWindow()
        try window.setRoot(stack)
        window.makeVisible()

        let logger = TransitionLogger()
        window.context.observe(TransitionDidComplete.self, owner: logger) { logger, record in
            logger.lines.append(record.description)  // "push: list → detail (showDetail)"
        }
        try stack.push(ScreenModel(name: "detail"), identifier: "showDetail")
        #expect(logger.lines == ["push: list → detail (showDetail)"])
        stack.pop()

        window.recordsLifecycle = true
        window.clearLogs()
        try stack.push(ScreenModel(name: "detail"))
        let callbacks = window.lifecycleLog.map(\.description)
        // ["list.willDisappear", "detail.willAppear", "list.didDisappear", "detail.didAppear"]
        #expect(callbacks == ["list.willDisappear", "detail.willAppear", "list.didDisappear", "detail.didAppear"])
        #expect(window.transitionLog.map(\.description) == ["push: list → detail"])
    }

    // MARK: - Draw the flow

    @Test func theFlowGraphDrawsTheScreensAndTheLoggedTransitions() throws {
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        let window = ScreenWindow()
        try window.setRoot(stack)
        window.makeVisible()
        window.clearLogs()

        try stack.push(ScreenModel(name: "detail"), identifier: "show")
        stack.pop()
        try stack.push(ScreenModel(name: "detail"), identifier: "show")
        print(window.flowGraph(format: .mermaid, includeResolvers: false))
        #expect(
            window.flowGraph(format: .mermaid, includeResolvers: false) == """
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
            window.flowGraph(format: .dot, includeResolvers: false) == """
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

    // MARK: - Make screens by name

    @Test(.lenientMisuse) func aRegistryMakesScreensByIdentifier() throws {
        let registry = ScreenRegistry()
        try registry.register(named: "splash") { ScreenModel() }
        try registry.register(named: "main") { MainScreen() }
        let splash = try registry.makeScreen(named: "splash")  // splash.name == "splash"
        #expect(splash.name == "splash")
        #expect(try registry.makeScreen(named: "main") is MainScreen)
        try registry.register(named: "onboarding") { ScreenModel() }
        #expect(throws: ScreenError.unknownName("onbording", known: ["main", "onboarding", "splash"])) {
            try registry.makeScreen(named: "onbording")
        }
        #expect(
            ScreenError.unknownName("onbording", known: ["main", "onboarding", "splash"]).description
                == "No screen is registered under the name \"onbording\". Registered names: main, onboarding, splash."
                + " Did you mean \"onboarding\"? Register it with register(named: \"onbording\") { … }.")
        #expect(throws: ScreenError.duplicateName("main")) {
            try registry.register(named: "main") { MainScreen() }
        }
    }
}
