import Baton
import BatonTesting
import Testing

/// A screen that leaves the tree leaves the context tree when the transition completes, even if
/// the app still holds it, and is wired again when it is shown again.
@MainActor
@Suite(.lenientMisuse)
struct LeavingTheTreeTests {
    /// A screen that observes `Saved` on its own context and counts the posts it receives.
    final class Listening: ScreenModel {
        var received = 0
        override init(name: String? = nil, context: ScreenContext? = nil) {
            super.init(name: name, context: context)
            self.context.observe(Saved.self, owner: self) { screen, _ in screen.received += 1 }
        }
    }

    /// A screen that serves `TotalWeight` from its own context.
    final class Serving: ScreenModel {
        override init(name: String? = nil, context: ScreenContext? = nil) {
            super.init(name: name, context: context)
            _ = try? self.context.provide(TotalWeight.self, owner: self) { _ in 1 }
        }
    }

    @Test func aPoppedButRetainedScreenNoLongerReceivesTheTreesEvents() throws {
        let stack = try StackScreen(root: ScreenModel(name: "list"), name: "stack")
        let window = try makeVisibleWindow(root: stack)
        let detail = Listening(name: "detail")
        try stack.push(detail)
        window.context.post(Saved.self)
        #expect(detail.received == 1)
        stack.pop()
        window.context.post(Saved.self)
        #expect(detail.received == 1)
        #expect(detail.context.parent == nil)
        // Shown again, it is wired again.
        try stack.push(detail)
        #expect(detail.context.parent === stack.rootScreen?.context)
        window.context.post(Saved.self)
        #expect(detail.received == 2)
    }

    @Test func aPoppedButRetainedScreenNoLongerBlocksProvidersOfTheSameName() throws {
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        _ = try makeVisibleWindow(root: stack)
        let first = Serving(name: "first")
        try stack.push(first)
        stack.pop()
        // The list's lineage no longer includes the popped screen's context.
        let owner = Owner()
        #expect(throws: Never.self) { try list.context.provide(TotalWeight.self, owner: owner) { _ in 2 } }
        #expect(try list.context.request(TotalWeight.self) == 2)
        withExtendedLifetime(first) {}
    }

    @Test func aScreenPoppedInsideItsWillDisappearStillReadsTheTreeThere() throws {
        enum Result: ContextKey { typealias Value = String }
        final class Answering: ScreenModel {
            override func willDisappear() { try? context.set("answer", for: Result.self, in: "list") }
        }
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        _ = try makeVisibleWindow(root: stack)
        let detail = Answering(name: "detail")
        try stack.push(detail)
        stack.pop()
        #expect(list.context[Result.self] == "answer")
        #expect(detail.context.parent == nil)
    }

    @Test func dismissedReplacedAndHoppedAwayScreensLeaveTheContextTree() throws {
        let startup = HoppingScreen(name: "startup", registry: ScreenRegistry())
        let window = try makeVisibleWindow(root: startup)
        let splash = Listening(name: "splash")
        let login = Listening(name: "login")
        try startup.hop(to: splash, then: nil)
        try startup.hop(to: login, then: nil)
        let modal = Listening(name: "modal")
        try login.present(modal)
        window.context.post(Saved.self)
        #expect([splash.received, login.received, modal.received] == [0, 1, 1])  // splash hopped away
        modal.dismiss()
        let main = ScreenModel(name: "main")
        try window.setRoot(main)
        window.context.post(Saved.self)
        #expect([splash.received, login.received, modal.received] == [0, 1, 1])
        #expect(splash.context.parent == nil)
        #expect(modal.context.parent == nil)
        #expect(startup.context.parent == nil)
        // The hopping screen's own subtree went with it: login still hangs under startup.
        #expect(login.context.parent === startup.context)
    }

    @Test func aSharedScreenGetsItsOwnContextBackWhenItLeaves() throws {
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        _ = try makeVisibleWindow(root: stack)
        let own = ScreenContext(name: "own")
        let detail = ScreenModel(name: "detail", context: own)
        try stack.push(detail, wiring: .share)
        #expect(detail.context === list.context)
        stack.pop()
        #expect(detail.context === own)
    }
}

/// An awaited hop ends with a typed error when its window or container is released.
@MainActor
@Suite(.lenientMisuse)
struct ReleasedContainerTests {
    @Test(.timeLimit(.minutes(1))) func anAwaitedHopEndsWhenItsWindowIsReleased() async throws {
        let startup = HoppingScreen(name: "startup", registry: ScreenRegistry())
        var window: ScreenWindow? = ScreenWindow()
        try window?.setRoot(startup)
        window?.makeVisible()
        weak let weakWindow = window
        let hop = Task { @MainActor in
            try await startup.hop(to: ScreenModel(name: "login"), returning: String.self)
        }
        while !startup.isWaitingForUnhop { await Task.yield() }
        window = nil
        #expect(weakWindow == nil)
        await #expect(throws: ScreenError.cancelled(screen: "login", reason: .released)) {
            try await hop.value
        }
    }

    @Test(.timeLimit(.minutes(1))) func anAwaitedHopEndsWhenItsContainerIsReleased() async throws {
        let startup = HoppingScreen(name: "startup", registry: ScreenRegistry())
        var stack: StackScreen? = try StackScreen(root: startup, name: "stack")
        weak let weakStack = stack
        let hop = Task { @MainActor in try await startup.hop(to: ScreenModel(name: "login")) }
        while !startup.isWaitingForUnhop { await Task.yield() }
        stack = nil
        #expect(weakStack == nil)
        await #expect(throws: ScreenError.cancelled(screen: "login", reason: .released)) {
            try await hop.value
        }
        #expect(startup.parentScreen == nil)
    }
}

/// `.share` wiring never drops what a screen registered on its own context.
@MainActor
@Suite(.lenientMisuse)
struct ShareWiringTests {
    @Test func sharingRefusesAScreenWhoseOwnContextHoldsRegistrations() throws {
        final class Registering: ScreenModel {
            override init(name: String? = nil, context: ScreenContext? = nil) {
                super.init(name: name, context: context)
                self.context.set("Blue", for: Color.self)
                _ = try? self.context.provide(TotalWeight.self, owner: self) { _ in 1 }
                self.context.observe(Saved.self, owner: self) { _, _ in }
            }
        }
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        _ = try makeVisibleWindow(root: stack)
        let detail = Registering(name: "detail")
        let expected = ScreenError.sharedContextHasRegistrations(
            destination: "detail", registrations: ["1 observer", "provider TotalWeight", "value Color"])
        #expect(throws: expected) { try stack.push(detail, wiring: .share) }
        #expect(
            expected.description
                == "Cannot share the source's context with detail: its own context holds 1 observer, "
                + "provider TotalWeight, value Color, which sharing would drop. Register them after the "
                + "transition, on the shared context, or use .inherit.")
        #expect(stack.screens.map(\.screenName) == ["list"])
        #expect(detail.context[Color.self] == "Blue")
    }

    @Test func aSharedTabScreenReportsItsInitialSelectionToItsPresenter() throws {
        let main = ScreenModel(name: "main")
        _ = try makeVisibleWindow(root: main)
        let tabs = try TabScreen(
            tabs: [ScreenModel(name: "a"), ScreenModel(name: "b"), ScreenModel(name: "c")],
            selectedIndex: 2, sharesContext: true, name: "tabs")
        let owner = Owner()
        main.context.onChange(of: TabScreen.SelectedTabIndex.self, owner: owner) { owner, index in
            owner.received.append("\(index ?? -1)")
        }
        try main.present(tabs, wiring: .share)
        #expect(main.context[TabScreen.SelectedTabIndex.self] == 2)
        #expect(owner.received == ["2"])
        tabs.select(at: 0)
        #expect(main.context[TabScreen.SelectedTabIndex.self] == 0)
    }
}

/// Cases the randomized re-entrancy test found.
@MainActor
@Suite(.lenientMisuse)
struct FoundByThePropertyTests {
    @Test func aScreenCannotPresentItselfNorAScreenItIsShownBy() throws {
        let stack = try StackScreen(root: ScreenModel(name: "list"), name: "stack")
        _ = try makeVisibleWindow(root: stack)
        let detail = ScreenModel(name: "detail")
        #expect(throws: ScreenError.alreadyInHierarchy(screen: "detail", container: "detail")) {
            try detail.present(detail)
        }
        let modal = ScreenModel(name: "modal")
        let inner = ScreenModel(name: "inner")
        try modal.present(inner)
        #expect(throws: ScreenError.alreadyInHierarchy(screen: "modal", container: "inner")) {
            try inner.present(modal)
        }
        #expect(inner.presentedScreen == nil)
    }

    @Test func aDismissedChainLeavesTheContextTreeScreenByScreen() throws {
        let main = ScreenModel(name: "main")
        _ = try makeVisibleWindow(root: main)
        let first = ScreenModel(name: "first")
        let second = ScreenModel(name: "second")
        try main.present(first)
        try first.present(second)
        main.dismiss()
        #expect(first.context.parent == nil)
        #expect(second.context.parent == nil)
        #expect(second.presentingScreen == nil)
    }

    @Test func aPoppedScreenTakesItsPresentationWithIt() throws {
        let stack = try StackScreen(root: ScreenModel(name: "list"), name: "stack")
        let window = try makeVisibleWindow(root: stack)
        let detail = ScreenModel(name: "detail")
        try stack.push(detail)
        let modal = ScreenModel(name: "modal")
        try detail.present(modal)
        stack.pop()
        #expect(modal.appearance == .disappeared)
        #expect(detail.presentedScreen == nil)
        #expect(stack.topScreen?.isOnScreen == true)
        #expect(
            window.transitionLog.map(\.description) == [
                "push: list → detail", "present: detail → modal", "dismiss: modal → detail", "pop: detail → list",
            ])
    }
}
