@_spi(Adapters) import Baton
import BatonTesting
import Testing

@MainActor
@Suite(.lenientMisuse)
struct LifecycleOrderTests {
    private func order(_ window: ScreenWindow) -> [String] { window.lifecycleLog.map(\.description) }

    @Test func makeVisibleAppearsTheRootThenItsVisibleChildrenOuterToInner() throws {
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        let window = ScreenWindow()
        window.dependencyCoordinator = DependencyCoordinator(name: "test")
        window.recordsLifecycle = true
        try window.setRoot(stack)
        #expect(window.lifecycleLog.isEmpty)
        window.makeVisible()
        #expect(order(window) == ["stack.willAppear", "list.willAppear", "stack.didAppear", "list.didAppear"])
    }

    @Test func pushDisappearsTheOldTopAndAppearsTheNewInUIKitOrder() throws {
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        let window = try makeVisibleWindow(root: stack)
        try stack.push(ScreenModel(name: "detail"))
        #expect(
            order(window) == ["list.willDisappear", "detail.willAppear", "list.didDisappear", "detail.didAppear"])
    }

    @Test func popMirrorsPush() throws {
        let stack = try StackScreen(root: ScreenModel(name: "list"), name: "stack")
        try stack.push(ScreenModel(name: "detail"))
        let window = try makeVisibleWindow(root: stack)
        stack.pop()
        #expect(
            order(window) == ["detail.willDisappear", "list.willAppear", "detail.didDisappear", "list.didAppear"])
    }

    @Test func popToRootDisappearsOnlyTheVisibleTop() throws {
        let stack = try StackScreen(root: ScreenModel(name: "a"), name: "stack")
        try stack.push(ScreenModel(name: "b"))
        try stack.push(ScreenModel(name: "c"))
        let window = try makeVisibleWindow(root: stack)
        #expect(stack.popToRoot().map(\.screenName) == ["b", "c"])
        #expect(order(window) == ["c.willDisappear", "a.willAppear", "c.didDisappear", "a.didAppear"])
    }

    @Test func setScreensDisappearsTheOldTopAndAppearsTheNewTop() throws {
        let stack = try StackScreen(root: ScreenModel(name: "a"), name: "stack")
        try stack.push(ScreenModel(name: "b"))
        let window = try makeVisibleWindow(root: stack)
        let y = ScreenModel(name: "y")
        try stack.setScreens([ScreenModel(name: "x"), y])
        #expect(order(window) == ["b.willDisappear", "y.willAppear", "b.didDisappear", "y.didAppear"])
        window.clearLogs()
        try stack.setScreens([ScreenModel(name: "z"), y])
        #expect(window.lifecycleLog.isEmpty)
    }

    @Test func presentingACoverCoversThePresenter() throws {
        let main = ScreenModel(name: "main")
        let window = try makeVisibleWindow(root: main)
        try main.present(CoverScreen(name: "login"))
        #expect(order(window) == ["main.willDisappear", "login.willAppear", "main.didDisappear", "login.didAppear"])
    }

    @Test func dismissingACoverUncoversThePresenter() throws {
        let main = ScreenModel(name: "main")
        let login = CoverScreen(name: "login")
        let window = try makeVisibleWindow(root: main)
        try main.present(login)
        window.clearLogs()
        login.dismiss()
        #expect(order(window) == ["login.willDisappear", "main.willAppear", "login.didDisappear", "main.didAppear"])
    }

    @Test func selectingATabSwitchesTheVisibleTab() throws {
        let tabs = try TabScreen(
            tabs: [ScreenModel(name: "colors"), ScreenModel(name: "sizes")], name: "tabs")
        let window = try makeVisibleWindow(root: tabs)
        tabs.select(at: 1)
        #expect(
            order(window) == ["colors.willDisappear", "sizes.willAppear", "colors.didDisappear", "sizes.didAppear"])
    }

    @Test func hopReplacesTheCurrentScreen() throws {
        let hopping = HoppingScreen(name: "startup", registry: ScreenRegistry())
        let window = try makeVisibleWindow(root: hopping)
        try hopping.hop(to: ScreenModel(name: "splash"), then: nil)
        window.clearLogs()
        try hopping.hop(to: ScreenModel(name: "main"), then: nil)
        #expect(order(window) == ["splash.willDisappear", "main.willAppear", "splash.didDisappear", "main.didAppear"])
    }

    @Test func replacingTheRootDisappearsTheOldRoot() throws {
        let window = try makeVisibleWindow(root: ScreenModel(name: "old"))
        try window.setRoot(ScreenModel(name: "new"))
        #expect(order(window) == ["old.willDisappear", "new.willAppear", "old.didDisappear", "new.didAppear"])
    }

    @Test func replacingTheRootDisappearsOnlyWhatIsVisibleOfWhatItPresents() throws {
        let old = ScreenModel(name: "old")
        let window = try makeVisibleWindow(root: old)
        try old.present(CoverScreen(name: "modal"))
        window.clearLogs()
        try window.setRoot(ScreenModel(name: "new"))
        // old was already covered by the modal, so it does not disappear a second time.
        #expect(order(window) == ["modal.willDisappear", "new.willAppear", "modal.didDisappear", "new.didAppear"])
    }

    @Test func presentingFromInsideAStackCoversTheWholeStack() throws {
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        let window = try makeVisibleWindow(root: stack)
        let modal = CoverScreen(name: "modal")
        try list.present(modal)
        #expect(
            order(window) == [
                "stack.willDisappear", "list.willDisappear", "modal.willAppear", "stack.didDisappear",
                "list.didDisappear", "modal.didAppear",
            ])
        window.clearLogs()
        let detail = ScreenModel(name: "detail")
        try stack.push(detail)  // under the modal: nothing appears
        #expect(window.lifecycleLog.isEmpty)
        #expect(!detail.isOnScreen)
        modal.dismiss()
        #expect(
            order(window) == [
                "modal.willDisappear", "stack.willAppear", "detail.willAppear", "modal.didDisappear",
                "stack.didAppear", "detail.didAppear",
            ])
        #expect(detail.isOnScreen)
        #expect(!list.isOnScreen)
    }

    @Test func aPresentationFromACoveredScreenOfAStackStaysTheTopScreen() throws {
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        let window = try makeVisibleWindow(root: stack)
        let modal = CoverScreen(name: "modal")
        try list.present(modal)
        let detail = ScreenModel(name: "detail")
        try stack.push(detail)  // under the modal, which stays on top as in UIKit
        #expect(window.topScreen === modal)
        #expect(modal.isOnScreen)
        #expect(!detail.isOnScreen)
        modal.dismiss()
        #expect(window.topScreen === detail)
    }

    @Test func aWindowMadeVisibleShowsAPresentationFromACoveredScreenOfAStack() throws {
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        let window = ScreenWindow()
        try window.setRoot(stack)
        let modal = CoverScreen(name: "modal")
        try list.present(modal)
        let detail = ScreenModel(name: "detail")
        try stack.push(detail)
        window.makeVisible()
        #expect(modal.isOnScreen)
        #expect(!detail.isOnScreen)
        #expect(!stack.isOnScreen)
    }

    @Test func aCoveredScreenOfAStackPresentsOverTheWholeStack() throws {
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        let window = try makeVisibleWindow(root: stack)
        let detail = ScreenModel(name: "detail")
        try stack.push(detail)
        window.clearLogs()
        let modal = CoverScreen(name: "modal")
        try list.present(modal)  // UIKit presents it from the navigation controller
        #expect(
            order(window) == [
                "stack.willDisappear", "detail.willDisappear", "modal.willAppear", "stack.didDisappear",
                "detail.didDisappear", "modal.didAppear",
            ])
        #expect(window.topScreen === modal)
        #expect(!detail.isOnScreen)
    }

    @Test func aSecondPresentationOverTheSameStackIsRefused() throws {
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        let window = try makeVisibleWindow(root: stack)
        try list.present(ScreenModel(name: "modal"))
        let detail = ScreenModel(name: "detail")
        try stack.push(detail)
        window.clearLogs()
        let other = ScreenModel(name: "other")
        #expect(throws: ScreenError.alreadyPresenting(presenter: "list", presented: "modal")) {
            try detail.present(other)
        }
        #expect(window.lifecycleLog.isEmpty)
        #expect(other.presentingScreen == nil)
    }

    @Test func aCoverPresentedBeforeTheWindowIsVisibleIsWhatAppears() throws {
        let main = ScreenModel(name: "main")
        let window = ScreenWindow()
        window.recordsLifecycle = true
        try window.setRoot(main)
        let login = CoverScreen(name: "login")
        try main.present(login)
        window.makeVisible()
        #expect(order(window) == ["login.willAppear", "login.didAppear"])
        #expect(login.isOnScreen)
        #expect(!main.isOnScreen)
    }

    // MARK: - Sheets keep their presenter on screen

    // A sheet's presentation controller leaves the presenter's view in the window
    // (`shouldRemovePresentersView`, default NO: UIPresentationController.h:104-107 of the iOS
    // 17.0 SDK), and a controller's `modalPresentationStyle` defaults to `.automatic`, a page
    // sheet (UIViewController.h:270-271): the presenter gets no disappear callbacks.

    @Test func presentingASheetAppearsOnlyTheSheetAndLeavesThePresenterOnScreen() throws {
        let main = ScreenModel(name: "main")
        let window = try makeVisibleWindow(root: main)
        let sheet = ScreenModel(name: "sheet")
        try main.present(sheet)
        #expect(order(window) == ["sheet.willAppear", "sheet.didAppear"])
        #expect(main.appearance == .appeared)
        #expect(main.isOnScreen)
        #expect(window.shownScreens.map(\.screenName) == ["main", "sheet"])
        #expect(window.topScreen === sheet)
    }

    @Test func dismissingASheetDisappearsOnlyTheSheetAndFreesIt() throws {
        let main = ScreenModel(name: "main")
        let window = try makeVisibleWindow(root: main)
        let weak = WeakScreens()
        do {
            let sheet = ScreenModel(name: "sheet")
            weak.track(sheet, sheet.context)
            try main.present(sheet)
            window.clearLogs()
            sheet.dismiss()
        }
        #expect(order(window) == ["sheet.willDisappear", "sheet.didDisappear"])
        #expect(main.isOnScreen)
        #expect(weak.aliveCount == 0)
    }

    @Test func aStackUnderASheetStillPushesOnScreen() throws {
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        let window = try makeVisibleWindow(root: stack)
        try list.present(ScreenModel(name: "sheet"))
        window.clearLogs()
        let detail = ScreenModel(name: "detail")
        try stack.push(detail)
        #expect(
            order(window) == ["list.willDisappear", "detail.willAppear", "list.didDisappear", "detail.didAppear"])
        #expect(detail.isOnScreen)
    }

    @Test func aCoverOverASheetHidesEveryLayerAndItsDismissalShowsThemAgainBottomFirst() throws {
        let main = ScreenModel(name: "main")
        let window = try makeVisibleWindow(root: main)
        let sheet = ScreenModel(name: "sheet")
        try main.present(sheet)
        window.clearLogs()
        let cover = CoverScreen(name: "cover")
        try sheet.present(cover)
        #expect(
            order(window) == [
                "main.willDisappear", "sheet.willDisappear", "cover.willAppear", "main.didDisappear",
                "sheet.didDisappear", "cover.didAppear",
            ])
        #expect(window.shownScreens.map(\.screenName) == ["cover"])
        window.clearLogs()
        cover.dismiss()
        #expect(
            order(window) == [
                "cover.willDisappear", "main.willAppear", "sheet.willAppear", "cover.didDisappear",
                "main.didAppear", "sheet.didAppear",
            ])
        #expect(main.isOnScreen && sheet.isOnScreen)
    }

    @Test func aCoverWhoseStyleChangesWhileShownIsDismissedAsTheCoverItWasPresentedAs() throws {
        let main = ScreenModel(name: "main")
        let window = try makeVisibleWindow(root: main)
        let shown = StyleChangingScreen(name: "shown", style: .fullScreenCover)
        try main.present(shown)
        shown.style = .sheet
        #expect(window.shownScreens.map(\.screenName) == ["shown"])
        #expect(main.presentationSlot(coversAvailable: true) == .fullScreenCover)
        window.clearLogs()
        shown.dismiss()
        #expect(
            order(window) == ["shown.willDisappear", "main.willAppear", "shown.didDisappear", "main.didAppear"])
        #expect(main.isOnScreen)
    }

    @Test func aSheetWhoseStyleChangesWhileShownIsDismissedAsTheSheetItWasPresentedAs() throws {
        let main = ScreenModel(name: "main")
        let window = try makeVisibleWindow(root: main)
        let shown = StyleChangingScreen(name: "shown", style: .sheet)
        try main.present(shown)
        shown.style = .fullScreenCover
        #expect(window.shownScreens.map(\.screenName) == ["main", "shown"])
        #expect(main.presentationSlot(coversAvailable: true) == .sheet)
        window.clearLogs()
        shown.dismiss()
        #expect(order(window) == ["shown.willDisappear", "shown.didDisappear"])
        #expect(main.isOnScreen)
    }

    @Test func dismissingASheetUnderASheetDisappearsBothTopmostFirst() throws {
        let main = ScreenModel(name: "main")
        let window = try makeVisibleWindow(root: main)
        let first = ScreenModel(name: "first")
        try main.present(first)
        try first.present(ScreenModel(name: "second"))
        window.clearLogs()
        main.dismiss()
        #expect(
            order(window) == [
                "second.willDisappear", "first.willDisappear", "second.didDisappear", "first.didDisappear",
            ])
        #expect(main.isOnScreen)
    }

    @Test func dismissingACoverUnderASheetDisappearsOnlyTheSheetAndShowsThePresenter() throws {
        let main = ScreenModel(name: "main")
        let window = try makeVisibleWindow(root: main)
        let cover = CoverScreen(name: "cover")
        try main.present(cover)
        try cover.present(ScreenModel(name: "sheet"))
        window.clearLogs()
        main.dismiss()
        #expect(
            order(window) == [
                "sheet.willDisappear", "cover.willDisappear", "main.willAppear", "sheet.didDisappear",
                "cover.didDisappear", "main.didAppear",
            ])
    }

    @Test func aWindowMadeVisibleShowsThePresenterAndItsSheet() throws {
        let main = ScreenModel(name: "main")
        let window = ScreenWindow()
        window.recordsLifecycle = true
        try window.setRoot(main)
        try main.present(ScreenModel(name: "sheet"))
        window.makeVisible()
        #expect(order(window) == ["main.willAppear", "sheet.willAppear", "main.didAppear", "sheet.didAppear"])
    }

    @Test func replacingTheRootUnderASheetDisappearsTheRootAndTheSheet() throws {
        let old = ScreenModel(name: "old")
        let window = try makeVisibleWindow(root: old)
        try old.present(ScreenModel(name: "sheet"))
        window.clearLogs()
        try window.setRoot(ScreenModel(name: "new"))
        #expect(
            order(window) == [
                "old.willDisappear", "sheet.willDisappear", "new.willAppear", "old.didDisappear",
                "sheet.didDisappear", "new.didAppear",
            ])
    }

    @Test func anAlertLeavesItsPresenterOnScreenWhateverItIsPresentedOver() async throws {
        let main = ScreenModel(name: "main")
        let window = try makeVisibleWindow(root: main)
        let asking = Task { try await main.present(ScreenAlert("Sure?", buttons: [.init("Yes", true)])) }
        let alert = try await window.next(AlertScreen.self)
        #expect(alert.presentationStyle == .sheet)
        #expect(main.isOnScreen)
        try alert.tap("Yes")
        #expect(try await asking.value)
        #expect(order(window).allSatisfy { !$0.hasPrefix("main.") })
        #expect(main.isOnScreen)
    }

    @Test func transitionsOffScreenFireNoLifecycle() throws {
        let stack = try StackScreen(root: ScreenModel(name: "list"), name: "stack")
        let window = ScreenWindow()
        window.recordsLifecycle = true
        try window.setRoot(stack)
        try stack.push(ScreenModel(name: "detail"))
        #expect(window.lifecycleLog.isEmpty)
        #expect(window.transitionLog.map(\.description) == ["replaceRoot: → stack", "push: list → detail"])
    }

    @Test func overriddenCallbacksRunInTheSameOrder() throws {
        var calls: [String] = []
        let list = ProbeScreen(name: "list")
        let detail = ProbeScreen(name: "detail")
        list.onLifecycle = { calls.append($0) }
        detail.onLifecycle = { calls.append($0) }
        let stack = try StackScreen(root: list)
        _ = try makeVisibleWindow(root: stack)
        calls.removeAll()
        try stack.push(detail)
        #expect(calls == ["list.willDisappear", "detail.willAppear", "list.didDisappear", "detail.didAppear"])
    }

    // MARK: - isOnScreen

    @Test func isOnScreenFollowsAppearance() throws {
        final class Checker: ScreenModel {
            var duringWillAppear: Bool?
            var duringWillDisappear: Bool?
            override func willAppear() { duringWillAppear = isOnScreen }
            override func willDisappear() { duringWillDisappear = isOnScreen }
        }
        let list = Checker(name: "list")
        let stack = try StackScreen(root: list)
        #expect(!list.isOnScreen)
        _ = try makeVisibleWindow(root: stack)
        #expect(list.isOnScreen)
        #expect(list.duringWillAppear == false)
        let detail = ScreenModel(name: "detail")
        try stack.push(detail)
        #expect(list.duringWillDisappear == true)
        #expect(!list.isOnScreen)
        #expect(detail.isOnScreen)
        #expect(stack.isOnScreen)
    }

    @Test func whileOnScreenGatesObserversLikeProContextsIfInWindow() throws {
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list)
        _ = try makeVisibleWindow(root: stack)
        let owner = Owner()
        list.context.observe(Saved.self, owner: owner, if: .whileOnScreen(list)) { owner, _ in
            owner.received.append("saved")
        }
        list.context.post(Saved.self)
        try stack.push(ScreenModel(name: "detail"))
        list.context.post(Saved.self)
        stack.pop()
        list.context.post(Saved.self)
        #expect(owner.received == ["saved", "saved"])
    }
}
