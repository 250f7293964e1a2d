import Baton
import BatonTesting
import Testing

/// UIKit forwards `dismiss(animated:)` from a child up to the presentation, and a child of a
/// presented container reports the presenter as its `presentingViewController`.
@MainActor
@Suite(.lenientMisuse)
struct PresentationForwardingTests {
    @Test func dismissFromATabInsideAPresentedTabContainerDismissesTheContainer() throws {
        let main = ScreenModel(name: "main")
        let window = try makeVisibleWindow(root: main)
        weak var weakTabs: TabScreen?
        weak var weakSettings: ScreenModel?
        do {
            let settings = ScreenModel(name: "settings")
            let tabs = try TabScreen(tabs: [settings, ScreenModel(name: "about")], name: "tabs")
            weakTabs = tabs
            weakSettings = settings
            try main.present(tabs)
            #expect(settings.presentingScreen === main)
            #expect(tabs.presentingScreen === main)
            window.clearLogs()
            settings.dismiss()
        }
        #expect(main.presentedScreen == nil)
        #expect(main.isOnScreen)
        #expect(window.transitionLog.map(\.description) == ["dismiss: tabs → main"])
        #expect(weakTabs == nil)
        #expect(weakSettings == nil)
    }

    @Test func dismissFromAScreenPushedInsideAPresentedStackDismissesTheStack() throws {
        let main = ScreenModel(name: "main")
        let window = try makeVisibleWindow(root: main)
        let first = ScreenModel(name: "first")
        let navigation = try StackScreen(root: first, name: "navigation")
        try main.present(navigation)
        let second = ScreenModel(name: "second")
        try navigation.push(second)
        #expect(second.presentingScreen === main)
        #expect(first.presentingScreen === main)
        window.clearLogs()
        second.dismiss()
        #expect(main.presentedScreen == nil)
        #expect(second.presentingScreen == nil)
        #expect(navigation.presentingScreen == nil)
        #expect(window.transitionLog.map(\.description) == ["dismiss: navigation → main"])
        #expect(window.topScreen === main)
    }

    @Test func dismissFromAChildOfAContainerThatPresentsDismissesWhatItPresents() throws {
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        let window = try makeVisibleWindow(root: stack)
        try stack.present(ScreenModel(name: "help"))
        window.clearLogs()
        list.dismiss()
        #expect(stack.presentedScreen == nil)
        #expect(window.transitionLog.map(\.description) == ["dismiss: help → stack"])
    }

    @Test func aScreenPresentedFromAChildStillDismissesItselfFirst() throws {
        let main = ScreenModel(name: "main")
        let window = try makeVisibleWindow(root: main)
        let first = ScreenModel(name: "first")
        let navigation = try StackScreen(root: first, name: "navigation")
        try main.present(navigation)
        let sheet = ScreenModel(name: "sheet")
        try first.present(sheet)
        #expect(sheet.presentingScreen === first)
        window.clearLogs()
        first.dismiss()  // first presents sheet: only the sheet goes
        #expect(main.presentedScreen === navigation)
        #expect(window.transitionLog.map(\.description) == ["dismiss: sheet → first"])
    }

    @Test func childrenOfAContainerThatIsNotPresentedHaveNoPresenter() throws {
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        let window = try makeVisibleWindow(root: stack)
        #expect(list.presentingScreen == nil)
        list.dismiss()  // nothing to dismiss: a no-op
        #expect(window.transitionLog.isEmpty)
    }
}
