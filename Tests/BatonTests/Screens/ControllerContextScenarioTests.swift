import Baton
import BatonTesting
import Testing

/// The ControllerContext README's example app, as headless flows.
@MainActor
@Suite(.lenientMisuse)
struct ControllerContextScenarioTests {
    /// The source screen: reads what came back in will-appear, as the seed recommends.
    final class MainScreen: ScreenModel {
        private(set) var userID: String?
        private(set) var color: String?
        private(set) var selectedTab: Int?

        override func willAppear() {
            userID = context[UserID.self]
            color = context[Color.self]
            selectedTab = context[TabScreen.SelectedTabIndex.self]
        }
    }

    // MARK: - Single Screen Example (1)

    @Test func signupPassesTheUserIDBackThroughASharedContext() throws {
        let main = MainScreen(name: "main")
        let stack = try StackScreen(root: main)
        _ = try makeVisibleWindow(root: stack)
        let signup = ScreenModel(name: "signup")
        try stack.push(signup, wiring: .share)
        #expect(signup.context === main.context)
        signup.context.set("12345", for: UserID.self)  // the remote service answered
        #expect(main.userID == nil)
        stack.pop()
        #expect(main.userID == "12345")
    }

    @Test func signupPassesTheUserIDBackThroughANamedScope() throws {
        let main = MainScreen(name: "main")
        let stack = try StackScreen(root: main)
        _ = try makeVisibleWindow(root: stack)
        let signup = ScreenModel(name: "signup")
        try stack.push(signup)
        #expect(signup.context.parent === main.context)
        try signup.context.set("12345", for: UserID.self, in: "main")
        stack.pop()
        #expect(main.userID == "12345")
    }

    // MARK: - Single Screen Example (2)

    @Test func aMultiScreenWorkflowPassesDataBackToItsSource() throws {
        let main = MainScreen(name: "main")
        let stack = try StackScreen(root: main)
        _ = try makeVisibleWindow(root: stack)
        for step in ["name", "email", "password"] {
            try stack.push(ScreenModel(name: step))
        }
        let last = stack.topScreen!
        #expect(last.context.dump().contains("0:--- app ---"))
        try last.context.set("12345", for: UserID.self, in: "main")
        stack.popToRoot()
        #expect(main.userID == "12345")
        #expect(stack.screens.count == 1)
    }

    // MARK: - Shared Data Example

    @Test func tabsShareDataAndReportTheSelectedTabBack() throws {
        let main = MainScreen(name: "main")
        let window = try makeVisibleWindow(root: main)
        let colors = ScreenModel(name: "colors")
        let sizes = ScreenModel(name: "sizes")
        // Full screen, as ControllerContext's example presents it before iOS 13: main reappears
        // and reads what the tabs left in the shared context.
        let tabs = try CoverTabScreen(tabs: [colors, sizes], sharesContext: true, name: "tabs")
        try main.present(tabs, wiring: .share)
        #expect(colors.context === main.context)
        #expect(sizes.context === main.context)
        colors.context.set("Blue", for: Color.self)
        tabs.select(sizes)
        #expect(sizes.context[Color.self] == "Blue")
        tabs.dismiss()
        #expect(main.color == "Blue")
        #expect(main.selectedTab == 1)
        #expect(
            window.transitionLog.map(\.description) == [
                "present: main → tabs", "selectTab: colors → sizes", "dismiss: tabs → main",
            ])
    }

    @Test func tabsWithoutSharingKeepTheirOwnValues() throws {
        let colors = ScreenModel(name: "colors")
        let sizes = ScreenModel(name: "sizes")
        let tabs = try TabScreen(tabs: [colors, sizes], name: "tabs")
        colors.context.set("Blue", for: Color.self)
        #expect(sizes.context[Color.self] == nil)
        #expect(colors.context.parent === tabs.context)
        #expect(tabs.context[TabScreen.SelectedTabIndex.self] == 0)
    }
}
