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

    // MARK: - Reads after leaving

    /// A key with a default, as an app's dependencies are declared.
    private enum Store: ContextKeyWithDefault {
        static var defaultValue: String { "the default store" }
    }

    @Test func aScreenThatLeftReadsTheValuesOfTheChainItLeft() throws {
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        let window = try makeVisibleWindow(root: stack)
        window.context.set("the window's store", for: Store.self)
        list.context.set("12345", for: UserID.self)
        let detail = ScreenModel(name: "detail")
        try stack.push(detail)
        detail.finish()
        #expect(detail.context.parent == nil)
        #expect(detail.context[Store.self] == "the window's store")
        #expect(detail.context[UserID.self] == "12345")
        #expect(detail.context.holder(of: UserID.self) === list.context)
        #expect(detail.context.contains(UserID.self))
        // Values set in that chain later are what it reads: the chain, not a copy.
        list.context.set("67890", for: UserID.self)
        #expect(detail.context[UserID.self] == "67890")
    }

    @Test func whatAScreenThatLeftWritesStaysInItsOwnContextAndItsOwnValuesShadowTheChain() throws {
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        _ = try makeVisibleWindow(root: stack)
        list.context.set("12345", for: UserID.self)
        let detail = ScreenModel(name: "detail")
        try stack.push(detail)
        stack.pop()
        detail.context.set("own", for: UserID.self)
        #expect(detail.context[UserID.self] == "own")
        #expect(list.context[UserID.self] == "12345")
        detail.context.remove(UserID.self)
        #expect(detail.context[UserID.self] == "12345")
    }

    @Test func aScreenThatLeftReadsAScopedValueOfTheChainItLeft() throws {
        let list = ScreenModel(name: "list", context: ScreenContext(name: "list"))
        let stack = try StackScreen(root: list, name: "stack")
        _ = try makeVisibleWindow(root: stack)
        list.context.set("12345", for: UserID.self)
        let detail = ScreenModel(name: "detail")
        try stack.push(detail)
        detail.finish()
        #expect(try detail.context.value(for: UserID.self, in: "list") == "12345")
        list.context.set("67890", for: UserID.self)  // the live chain, not a copy
        #expect(try detail.context.value(for: UserID.self, in: "list") == "67890")
    }

    @Test func aScreenThatLeftCannotWriteInAScopeOfTheChainItLeft() throws {
        let list = ScreenModel(name: "list", context: ScreenContext(name: "list"))
        let stack = try StackScreen(root: list, name: "stack")
        _ = try makeVisibleWindow(root: stack)
        let detail = ScreenModel(name: "detail", context: ScreenContext(name: "detail"))
        try stack.push(detail)
        detail.finish()
        let expected = ContextError.leftTheTree(scope: "list", key: "UserID", context: "detail")
        #expect(throws: expected) { try detail.context.set("12345", for: UserID.self, in: "list") }
        #expect(throws: expected) { try detail.context.remove(UserID.self, in: "list") }
        #expect(
            expected.description
                == "Cannot write UserID in \"list\" from detail: its screen left the tree, and a screen that left"
                + " reads the chain it left but writes only to its own context. Write before the screen finishes"
                + " or is dismissed, or write without in: to keep the value in its own context.")
        #expect(list.context[UserID.self] == nil)
        #expect(
            ContextError.leftTheTree(scope: "list", key: "", context: "detail").description.hasPrefix(
                "Cannot look up context \"list\" from detail: its screen left the tree"))
        #expect(throws: ContextError.leftTheTree(scope: "list", key: "", context: "detail")) {
            try detail.context.context(named: "list")
        }
    }

    @Test func aScopedReadOrWriteAfterLeavingIsNoMisuseEvenInStrictMode() throws {
        let list = ScreenModel(name: "list", context: ScreenContext(name: "list"))
        let stack = try StackScreen(root: list, name: "stack")
        _ = try makeVisibleWindow(root: stack)
        let detail = ScreenModel(name: "detail", context: ScreenContext(name: "detail"))
        try stack.push(detail)
        stack.pop()
        // A misuse would stop here (an assertion): the rest of an async action may run after
        // the user dismissed its screen, which no developer can always prevent.
        let read = MisuseMode.$current.withValue(.strict) {
            Result { () throws(ContextError) in try detail.context.value(for: UserID.self, in: "list") }
        }
        let write = MisuseMode.$current.withValue(.strict) {
            Result { () throws(ContextError) in try detail.context.set("1", for: UserID.self, in: "list") }
        }
        #expect(try read.get() == nil)
        #expect(throws: ContextError.leftTheTree(scope: "list", key: "UserID", context: "detail")) {
            try write.get()
        }
    }

    @Test func aScreenThatLeftRequestsAProviderOfTheChainItLeftInVainAndIsToldItLeft() throws {
        let list = Serving(name: "list", context: ScreenContext(name: "list"))
        let stack = try StackScreen(root: list, name: "stack")
        _ = try makeVisibleWindow(root: stack)
        let detail = ScreenModel(name: "detail", context: ScreenContext(name: "detail"))
        try stack.push(detail)
        #expect(try detail.context.request(TotalWeight.self) == 1)
        detail.finish()
        #expect(
            throws: ContextError.providerMissing(
                key: "TotalWeight", searched: ["detail (left the tree)"], available: [])
        ) { try detail.context.request(TotalWeight.self) }
    }

    @Test func aContainerThatLeftLetsItsScreensReadTheChainItLeft() throws {
        let main = ScreenModel(name: "main")
        let window = try makeVisibleWindow(root: main)
        window.context.set("the window's store", for: Store.self)
        let form = ScreenModel(name: "form")
        let sheet = try StackScreen(root: ScreenModel(name: "intro"), name: "sheet")
        try main.present(sheet)
        try sheet.push(form)
        _ = form.context[Store.self]  // cached while shown
        main.dismiss()
        #expect(sheet.context.parent == nil)
        #expect(form.context[Store.self] == "the window's store")
        #expect(form.context.holder(of: Store.self) === window.context)
    }

    @Test func aScreenThatLeftTwiceReadsThroughBothChains() throws {
        let main = ScreenModel(name: "main")
        let window = try makeVisibleWindow(root: main)
        window.context.set("the window's store", for: Store.self)
        let sheet = try StackScreen(root: ScreenModel(name: "intro"), name: "sheet")
        try main.present(sheet)
        let form = ScreenModel(name: "form")
        try sheet.push(form)
        sheet.pop()  // form leaves the sheet
        main.dismiss()  // then the sheet leaves the window
        #expect(form.context[Store.self] == "the window's store")
    }

    @Test func aScreenShownAgainReadsItsNewChain() throws {
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        _ = try makeVisibleWindow(root: stack)
        list.context.set("12345", for: UserID.self)
        let detail = ScreenModel(name: "detail")
        try stack.push(detail)
        stack.pop()
        let other = ScreenModel(name: "other")
        let otherStack = try StackScreen(root: other, name: "other stack")
        _ = try makeVisibleWindow(root: otherStack)
        other.context.set("other", for: UserID.self)
        try otherStack.push(detail)
        #expect(detail.context[UserID.self] == "other")
        otherStack.pop()
        #expect(detail.context[UserID.self] == "other")
    }

    @Test func aScreenThatLeftKeepsNothingOfTheTreeAliveAndIsFreed() throws {
        let weak = WeakScreens()
        var kept: ScreenModel?
        do {
            let list = ScreenModel(name: "list")
            let stack = try StackScreen(root: list, name: "stack")
            let window = try makeVisibleWindow(root: stack)
            window.context.set("the window's store", for: Store.self)
            let detail = ScreenModel(name: "detail")
            try stack.push(detail)
            stack.pop()
            weak.track(list, stack, window, list.context, stack.context, window.context)
            kept = detail
        }
        // The chain it left is gone: its own values and the defaults are what it reads.
        #expect(weak.aliveCount == 0)
        #expect(kept?.context[Store.self] == "the default store")
        weak.track(kept!, kept!.context)
        kept = nil
        #expect(weak.aliveCount == 0)
    }

    @Test func aDismissedScreenAwaitedByATaskIsFreedWhenTheTaskEnds() async throws {
        let main = ScreenModel(name: "main")
        let window = try makeVisibleWindow(root: main)
        window.context.set("the window's store", for: Store.self)
        let weak = WeakScreens()
        final class Sheet: ScreenModel {}
        var read: String?
        do {
            let sheet = Sheet(name: "sheet")
            weak.track(sheet, sheet.context)
            let presenting = Task { try await main.present(sheet, returning: Void.self) }
            _ = try await window.next(Sheet.self)
            sheet.finish()
            try await presenting.value
            read = sheet.context[Store.self]  // after it left: the chain it saw
        }
        #expect(read == "the window's store")
        #expect(weak.aliveCount == 0)
    }

    @Test func aChainOfScreensThatLeftInTurnReadsTheWindowsValues() throws {
        let window = try makeVisibleWindow(root: ScreenModel(name: "main"))
        window.context.set("the window's store", for: Store.self)
        var previous: StackScreen?
        var stacks: [StackScreen] = []
        // Each stack is presented from the one before it, then the chain is dismissed from the
        // bottom: every stack's context leaves, each under the one before it.
        var presenter: ScreenModel = try #require(window.rootScreen)
        for index in 0..<200 {
            let stack = try StackScreen(root: ScreenModel(name: "root \(index)"), name: "stack \(index)")
            try presenter.present(stack)
            stacks.append(stack)
            presenter = stack.rootScreen!
            previous = stack
        }
        try #require(window.rootScreen).dismiss()
        #expect(previous?.rootScreen?.context[Store.self] == "the window's store")
        #expect(stacks.allSatisfy { $0.context.parent == nil })
    }

    @Test func aReadThroughAChainAProgramLoopedBackEnds() throws {
        enum Missing: ContextKey { typealias Value = Int }
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        let window = try makeVisibleWindow(root: stack)
        let detail = ScreenModel(name: "detail")
        try stack.push(detail)
        stack.pop()
        // The chain detail left now hangs under detail: a loop through the chain it left.
        try window.context.attach(to: detail.context)
        #expect(detail.context[Missing.self] == nil)
        #expect(list.context[Missing.self] == nil)
        try window.context.attach(to: nil)
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
