import Baton
import BatonTesting
import Testing

/// A transition requested while another runs (from a resolver, a lifecycle callback, a hook or
/// an unhop continuation) waits for it and then runs, in request order.
@MainActor
@Suite(.lenientMisuse)
struct NestedTransitionTests {
    final class ListScreen: ScreenModel {}
    final class DetailScreen: ScreenModel {}

    /// A screen that runs a closure in one of its lifecycle callbacks.
    final class CallbackScreen: ScreenModel {
        var onWillAppear: (() -> Void)?
        var onWillDisappear: (() -> Void)?
        var onDidAppear: (() -> Void)?
        var onDidDisappear: (() -> Void)?
        override func willAppear() { onWillAppear?() }
        override func willDisappear() { onWillDisappear?() }
        override func didAppear() { onDidAppear?() }
        override func didDisappear() { onDidDisappear?() }
    }

    /// Checks that every screen in the stack agrees with itself: its container, its context's
    /// parent, its phase and whether it is on screen.
    func expectConsistent(_ stack: StackScreen, sourceLocation: SourceLocation = #_sourceLocation) {
        for (index, screen) in stack.screens.enumerated() {
            #expect(screen.parentScreen === stack, sourceLocation: sourceLocation)
            let below = index == 0 ? stack.context : stack.screens[index - 1].context
            #expect(screen.context.parent === below, "\(screen.screenName)", sourceLocation: sourceLocation)
            let isTop = index == stack.screens.count - 1
            #expect(screen.appearance == (isTop ? .appeared : .disappeared), sourceLocation: sourceLocation)
            #expect(screen.isOnScreen == isTop, sourceLocation: sourceLocation)
        }
    }

    @Test func aPushFromAResolverRunsAfterThePushThatResolvesIt() throws {
        let list = ListScreen(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        let window = try makeVisibleWindow(root: stack)
        let extra = ScreenModel(name: "extra")
        try window.dependencyCoordinator.register(
            .direct { (_: ListScreen, _: DetailScreen) in
                try? stack.push(extra)
            })
        let detail = DetailScreen(name: "detail")
        try stack.push(detail)
        #expect(stack.screens.map(\.screenName) == ["list", "detail", "extra"])
        expectConsistent(stack)
        #expect(window.transitionLog.map(\.description) == ["push: list → detail", "push: detail → extra"])
    }

    @Test func aPopInsideWillDisappearRunsAfterThePop() throws {
        let list = ListScreen(name: "list")
        let middle = CallbackScreen(name: "middle")
        let top = CallbackScreen(name: "top")
        let stack = try StackScreen(root: list, name: "stack")
        try stack.push(middle)
        try stack.push(top)
        let window = try makeVisibleWindow(root: stack)
        top.onWillDisappear = { stack.pop() }
        stack.pop()
        #expect(stack.screens.map(\.screenName) == ["list"])
        expectConsistent(stack)
        #expect(top.parentScreen == nil)
        #expect(!top.isOnScreen)
        #expect(middle.parentScreen == nil)
        #expect(!middle.isOnScreen)
        #expect(middle.appearance == .disappeared)
        #expect(window.transitionLog.map(\.description) == ["pop: top → middle", "pop: middle → list"])
    }

    @Test func aPushFromWillAppearRunsAfterTheAppearance() throws {
        let list = ListScreen(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        let window = try makeVisibleWindow(root: stack)
        let detail = CallbackScreen(name: "detail")
        let next = ScreenModel(name: "next")
        detail.onWillAppear = { try? stack.push(next) }
        try stack.push(detail)
        #expect(stack.screens.map(\.screenName) == ["list", "detail", "next"])
        expectConsistent(stack)
        #expect(
            window.lifecycleLog.map(\.description) == [
                "list.willDisappear", "detail.willAppear", "list.didDisappear", "detail.didAppear",
                "detail.willDisappear", "next.willAppear", "detail.didDisappear", "next.didAppear",
            ])
        #expect(window.transitionLog.map(\.description) == ["push: list → detail", "push: detail → next"])
    }

    @Test func transitionsRequestedInsideOneRunInRequestOrder() throws {
        let list = ListScreen(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        let window = try makeVisibleWindow(root: stack)
        let detail = CallbackScreen(name: "detail")
        let first = ScreenModel(name: "first")
        let second = ScreenModel(name: "second")
        var logged: [String] = []
        window.context.observe(TransitionDidComplete.self, owner: window) { _, record in
            logged.append(record.description)
        }
        detail.onDidAppear = {
            try? stack.push(first)
            try? stack.push(second)
        }
        try stack.push(detail)
        #expect(stack.screens.map(\.screenName) == ["list", "detail", "first", "second"])
        expectConsistent(stack)
        let expected = ["push: list → detail", "push: detail → first", "push: first → second"]
        #expect(window.transitionLog.map(\.description) == expected)
        #expect(logged == expected)
    }

    @Test func aDeferredTransitionThatFailsIsReportedOnTheWindow() throws {
        let list = ListScreen(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        let window = try makeVisibleWindow(root: stack)
        let detail = CallbackScreen(name: "detail")
        var failures: [String] = []
        window.context.observe(TransitionDidFail.self, owner: window) { _, failure in
            failures.append(failure.description)
        }
        detail.onDidAppear = { try? stack.push(list) }  // already in the stack
        try stack.push(detail)
        #expect(stack.screens.map(\.screenName) == ["list", "detail"])
        #expect(
            failures == [
                "push of list onto stack, deferred until push: list → detail completed, failed: "
                    + ScreenError.alreadyInHierarchy(screen: "list", container: "stack").description
            ])
    }

    @Test func aDeferredPresentationFromAScreenThatLeftTheWindowFails() throws {
        let list = ListScreen(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        let window = try makeVisibleWindow(root: stack)
        let detail = CallbackScreen(name: "detail")
        try stack.push(detail)
        var failures: [String] = []
        window.context.observe(TransitionDidFail.self, owner: window) { _, failure in
            failures.append(failure.description)
        }
        let modal = ScreenModel(name: "modal")
        detail.onWillDisappear = { try? detail.present(modal) }  // runs after the pop
        stack.pop()
        #expect(detail.presentedScreen == nil)
        #expect(modal.presentingScreen == nil)
        // Popped before willDisappear, detail asked from outside any window: none is told.
        #expect(failures.isEmpty)
        #expect(
            ScreenError.presenterLeftTheTree(presenter: "detail", presented: "modal").description
                == "detail left the screen tree before its presentation of modal ran. Present from a screen"
                + " that is shown.")
    }

    @Test func aLateHookCompletionKeepsTheLogInStartOrder() throws {
        let startup = HoppingScreen(name: "startup", registry: ScreenRegistry())
        let window = try makeVisibleWindow(root: startup)
        var completions: [@MainActor () -> Void] = []
        startup.transitionHook = { _, complete in completions.append(complete) }
        let b = ScreenModel(name: "b")
        let c = ScreenModel(name: "c")
        try startup.hop(to: b, then: nil)
        try startup.hop(to: c, then: nil)  // before the hop to b completed
        completions.removeLast()()  // c's hop completes first
        #expect(window.transitionLog.isEmpty)  // it waits for b's, which started first
        completions.removeLast()()
        #expect(window.transitionLog.map(\.description) == ["hop: → b", "hop: b → c"])
    }
}
