import Baton
import BatonTesting
import Testing

@MainActor
@Suite(.lenientMisuse)
struct LifecycleOrderTests {
    private func order(_ window: Window) -> [String] { window.lifecycleLog.map(\.description) }

    @Test func makeVisibleAppearsTheRootThenItsVisibleChildrenOuterToInner() throws {
        let list = HeadlessScreen(identifier: "list")
        let stack = try StackScreen(root: list, identifier: "stack")
        let window = Window()
        window.dependencyCoordinator = DependencyCoordinator(name: "test")
        window.recordsLifecycle = true
        try window.setRoot(stack)
        #expect(window.lifecycleLog.isEmpty)
        window.makeVisible()
        #expect(order(window) == ["stack.willAppear", "list.willAppear", "stack.didAppear", "list.didAppear"])
    }

    @Test func pushDisappearsTheOldTopAndAppearsTheNewInUIKitOrder() throws {
        let list = HeadlessScreen(identifier: "list")
        let stack = try StackScreen(root: list, identifier: "stack")
        let window = try makeVisibleWindow(root: stack)
        try stack.push(HeadlessScreen(identifier: "detail"))
        #expect(
            order(window) == ["list.willDisappear", "detail.willAppear", "list.didDisappear", "detail.didAppear"])
    }

    @Test func popMirrorsPush() throws {
        let stack = try StackScreen(root: HeadlessScreen(identifier: "list"), identifier: "stack")
        try stack.push(HeadlessScreen(identifier: "detail"))
        let window = try makeVisibleWindow(root: stack)
        stack.pop()
        #expect(
            order(window) == ["detail.willDisappear", "list.willAppear", "detail.didDisappear", "list.didAppear"])
    }

    @Test func popToRootDisappearsOnlyTheVisibleTop() throws {
        let stack = try StackScreen(root: HeadlessScreen(identifier: "a"), identifier: "stack")
        try stack.push(HeadlessScreen(identifier: "b"))
        try stack.push(HeadlessScreen(identifier: "c"))
        let window = try makeVisibleWindow(root: stack)
        #expect(stack.popToRoot().map(\.screenName) == ["b", "c"])
        #expect(order(window) == ["c.willDisappear", "a.willAppear", "c.didDisappear", "a.didAppear"])
    }

    @Test func setScreensDisappearsTheOldTopAndAppearsTheNewTop() throws {
        let stack = try StackScreen(root: HeadlessScreen(identifier: "a"), identifier: "stack")
        try stack.push(HeadlessScreen(identifier: "b"))
        let window = try makeVisibleWindow(root: stack)
        let y = HeadlessScreen(identifier: "y")
        try stack.setScreens([HeadlessScreen(identifier: "x"), y])
        #expect(order(window) == ["b.willDisappear", "y.willAppear", "b.didDisappear", "y.didAppear"])
        window.clearLogs()
        try stack.setScreens([HeadlessScreen(identifier: "z"), y])
        #expect(window.lifecycleLog.isEmpty)
    }

    @Test func presentCoversThePresenter() throws {
        let main = HeadlessScreen(identifier: "main")
        let window = try makeVisibleWindow(root: main)
        try main.present(HeadlessScreen(identifier: "login"))
        #expect(order(window) == ["main.willDisappear", "login.willAppear", "main.didDisappear", "login.didAppear"])
    }

    @Test func dismissUncoversThePresenter() throws {
        let main = HeadlessScreen(identifier: "main")
        let login = HeadlessScreen(identifier: "login")
        let window = try makeVisibleWindow(root: main)
        try main.present(login)
        window.clearLogs()
        try login.dismiss()
        #expect(order(window) == ["login.willDisappear", "main.willAppear", "login.didDisappear", "main.didAppear"])
    }

    @Test func selectingATabSwitchesTheVisibleTab() throws {
        let tabs = try TabScreen(
            tabs: [HeadlessScreen(identifier: "colors"), HeadlessScreen(identifier: "sizes")], identifier: "tabs")
        let window = try makeVisibleWindow(root: tabs)
        try tabs.select(at: 1)
        #expect(
            order(window) == ["colors.willDisappear", "sizes.willAppear", "colors.didDisappear", "sizes.didAppear"])
    }

    @Test func hopReplacesTheCurrentScreen() throws {
        let hopping = HoppingScreen(identifier: "startup", registry: ScreenRegistry())
        let window = try makeVisibleWindow(root: hopping)
        try hopping.hop(to: HeadlessScreen(identifier: "splash"), then: nil)
        window.clearLogs()
        try hopping.hop(to: HeadlessScreen(identifier: "main"), then: nil)
        #expect(order(window) == ["splash.willDisappear", "main.willAppear", "splash.didDisappear", "main.didAppear"])
    }

    @Test func replacingTheRootDisappearsTheOldRoot() throws {
        let window = try makeVisibleWindow(root: HeadlessScreen(identifier: "old"))
        try window.setRoot(HeadlessScreen(identifier: "new"))
        #expect(order(window) == ["old.willDisappear", "new.willAppear", "old.didDisappear", "new.didAppear"])
    }

    @Test func replacingTheRootDisappearsOnlyWhatIsVisibleOfWhatItPresents() throws {
        let old = HeadlessScreen(identifier: "old")
        let window = try makeVisibleWindow(root: old)
        try old.present(HeadlessScreen(identifier: "modal"))
        window.clearLogs()
        try window.setRoot(HeadlessScreen(identifier: "new"))
        // old was already covered by the modal, so it does not disappear a second time.
        #expect(order(window) == ["modal.willDisappear", "new.willAppear", "modal.didDisappear", "new.didAppear"])
    }

    @Test func presentingFromInsideAStackCoversTheWholeStack() throws {
        let list = HeadlessScreen(identifier: "list")
        let stack = try StackScreen(root: list, identifier: "stack")
        let window = try makeVisibleWindow(root: stack)
        let modal = HeadlessScreen(identifier: "modal")
        try list.present(modal)
        #expect(
            order(window) == [
                "stack.willDisappear", "list.willDisappear", "modal.willAppear", "stack.didDisappear",
                "list.didDisappear", "modal.didAppear",
            ])
        window.clearLogs()
        let detail = HeadlessScreen(identifier: "detail")
        try stack.push(detail)  // under the modal: nothing appears
        #expect(window.lifecycleLog.isEmpty)
        #expect(!detail.isOnScreen)
        try modal.dismiss()
        #expect(
            order(window) == [
                "modal.willDisappear", "stack.willAppear", "detail.willAppear", "modal.didDisappear",
                "stack.didAppear", "detail.didAppear",
            ])
        #expect(detail.isOnScreen)
        #expect(!list.isOnScreen)
    }

    @Test func aPresentationFromACoveredScreenOfAStackStaysTheTopScreen() throws {
        let list = HeadlessScreen(identifier: "list")
        let stack = try StackScreen(root: list, identifier: "stack")
        let window = try makeVisibleWindow(root: stack)
        let modal = HeadlessScreen(identifier: "modal")
        try list.present(modal)
        let detail = HeadlessScreen(identifier: "detail")
        try stack.push(detail)  // under the modal, which stays on top as in UIKit
        #expect(window.topScreen === modal)
        #expect(modal.isOnScreen)
        #expect(!detail.isOnScreen)
        try modal.dismiss()
        #expect(window.topScreen === detail)
    }

    @Test func aWindowMadeVisibleShowsAPresentationFromACoveredScreenOfAStack() throws {
        let list = HeadlessScreen(identifier: "list")
        let stack = try StackScreen(root: list, identifier: "stack")
        let window = Window()
        try window.setRoot(stack)
        let modal = HeadlessScreen(identifier: "modal")
        try list.present(modal)
        let detail = HeadlessScreen(identifier: "detail")
        try stack.push(detail)
        window.makeVisible()
        #expect(modal.isOnScreen)
        #expect(!detail.isOnScreen)
        #expect(!stack.isOnScreen)
    }

    @Test func aCoveredScreenOfAStackPresentsOverTheWholeStack() throws {
        let list = HeadlessScreen(identifier: "list")
        let stack = try StackScreen(root: list, identifier: "stack")
        let window = try makeVisibleWindow(root: stack)
        let detail = HeadlessScreen(identifier: "detail")
        try stack.push(detail)
        window.clearLogs()
        let modal = HeadlessScreen(identifier: "modal")
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
        let list = HeadlessScreen(identifier: "list")
        let stack = try StackScreen(root: list, identifier: "stack")
        let window = try makeVisibleWindow(root: stack)
        try list.present(HeadlessScreen(identifier: "modal"))
        let detail = HeadlessScreen(identifier: "detail")
        try stack.push(detail)
        window.clearLogs()
        let other = HeadlessScreen(identifier: "other")
        #expect(throws: ScreenError.alreadyPresenting(presenter: "list", presented: "modal")) {
            try detail.present(other)
        }
        #expect(window.lifecycleLog.isEmpty)
        #expect(other.presentingScreen == nil)
    }

    @Test func aPresentationMadeBeforeTheWindowIsVisibleIsWhatAppears() throws {
        let main = HeadlessScreen(identifier: "main")
        let window = Window()
        window.recordsLifecycle = true
        try window.setRoot(main)
        let login = HeadlessScreen(identifier: "login")
        try main.present(login)
        window.makeVisible()
        #expect(order(window) == ["login.willAppear", "login.didAppear"])
        #expect(login.isOnScreen)
        #expect(!main.isOnScreen)
    }

    @Test func transitionsOffScreenFireNoLifecycle() throws {
        let stack = try StackScreen(root: HeadlessScreen(identifier: "list"), identifier: "stack")
        let window = Window()
        window.recordsLifecycle = true
        try window.setRoot(stack)
        try stack.push(HeadlessScreen(identifier: "detail"))
        #expect(window.lifecycleLog.isEmpty)
        #expect(window.transitionLog.map(\.description) == ["replaceRoot: → stack", "push: list → detail"])
    }

    @Test func overriddenCallbacksRunInTheSameOrder() throws {
        var calls: [String] = []
        let list = ProbeScreen(identifier: "list")
        let detail = ProbeScreen(identifier: "detail")
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
        final class Checker: HeadlessScreen {
            var duringWillAppear: Bool?
            var duringWillDisappear: Bool?
            override func willAppear() { duringWillAppear = isOnScreen }
            override func willDisappear() { duringWillDisappear = isOnScreen }
        }
        let list = Checker(identifier: "list")
        let stack = try StackScreen(root: list)
        #expect(!list.isOnScreen)
        _ = try makeVisibleWindow(root: stack)
        #expect(list.isOnScreen)
        #expect(list.duringWillAppear == false)
        let detail = HeadlessScreen(identifier: "detail")
        try stack.push(detail)
        #expect(list.duringWillDisappear == true)
        #expect(!list.isOnScreen)
        #expect(detail.isOnScreen)
        #expect(stack.isOnScreen)
    }

    @Test func whileOnScreenGatesObserversLikeProContextsIfInWindow() throws {
        let list = HeadlessScreen(identifier: "list")
        let stack = try StackScreen(root: list)
        _ = try makeVisibleWindow(root: stack)
        let owner = Owner()
        list.context.observe(Saved.self, owner: owner, if: .whileOnScreen(list)) { owner, _ in
            owner.received.append("saved")
        }
        list.context.post(Saved.self)
        try stack.push(HeadlessScreen(identifier: "detail"))
        list.context.post(Saved.self)
        stack.pop()
        list.context.post(Saved.self)
        #expect(owner.received == ["saved", "saved"])
    }
}
