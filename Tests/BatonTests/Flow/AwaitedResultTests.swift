@_spi(Adapters) import Baton
import BatonTesting
import Testing

/// A pushed or presented screen returns a typed result with `finish(with:)`, the one verb it
/// shares with hop steps; every other way of leaving ends the await with a typed cancellation.
@MainActor
@Suite(.lenientMisuse, .timeLimit(.minutes(1)))
struct AwaitedResultTests {
    enum SortOrder: Equatable { case name, date }

    /// A sheet that returns a sort order.
    final class SortScreen: ScreenModel {
        func choose(_ order: SortOrder) { finish(with: order) }
    }

    /// A screen that finishes without a value.
    final class TermsScreen: ScreenModel {}

    /// A screen that finishes itself from one of its lifecycle callbacks.
    final class SelfFinishingScreen: ScreenModel {
        let phase: LifecyclePhase
        init(name: String, finishingIn phase: LifecyclePhase) {
            self.phase = phase
            super.init(name: name)
        }
        override func willAppear() { if phase == .willAppear { finish(with: "from \(phase)") } }
        override func didAppear() { if phase == .didAppear { finish(with: "from \(phase)") } }
    }

    private func makeList() throws -> (ScreenWindow, StackScreen, ScreenModel) {
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        let window = try makeVisibleWindow(root: stack)
        window.clearLogs()
        return (window, stack, list)
    }

    // MARK: - Returning a value

    @Test func aPresentedScreenReturnsWhatItFinishesWithAndIsDismissed() async throws {
        let (window, _, list) = try makeList()
        let sorting = Task { try await list.present(SortScreen(name: "sort"), returning: SortOrder.self) }
        weak let sort = try await window.next(SortScreen.self)
        sort?.choose(.date)
        #expect(try await sorting.value == .date)
        #expect(list.presentedScreen == nil)
        #expect(window.topScreen === list)
        #expect(window.transitionLog.map(\.description) == ["present: list → sort", "dismiss: sort → list"])
        #expect(sort == nil)
    }

    @Test func aPushedScreenReturnsWhatItFinishesWithAndIsPopped() async throws {
        let (window, stack, _) = try makeList()
        let sorting = Task { try await stack.push(SortScreen(name: "sort"), returning: SortOrder.self) }
        weak let sort = try await window.next(SortScreen.self)
        sort?.choose(.name)
        #expect(try await sorting.value == .name)
        #expect(stack.screens.map(\.screenName) == ["list"])
        #expect(window.transitionLog.map(\.description) == ["push: list → sort", "pop: sort → list"])
        #expect(sort == nil)
    }

    @Test func aScreenInsideAPresentedContainerFinishesThePresentation() async throws {
        let (window, _, list) = try makeList()
        let sorting = Task {
            try await list.present(
                StackScreen(root: SortScreen(name: "sort"), name: "sheet"), returning: SortOrder.self)
        }
        let sort = try await window.next(SortScreen.self)
        sort.choose(.date)
        #expect(try await sorting.value == .date)
        #expect(window.transitionLog.map(\.description) == ["present: list → sheet", "dismiss: sheet → list"])
    }

    @Test func finishWithoutAValueEndsAVoidAwait() async throws {
        let (window, stack, _) = try makeList()
        let done = Task { try await stack.push(TermsScreen(name: "terms"), returning: Void.self) }
        try await window.next(TermsScreen.self).finish()
        try await done.value
        #expect(window.transitionLog.map(\.description) == ["push: list → terms", "pop: terms → list"])
    }

    @Test func aValueOfAnotherTypeEndsTheAwaitWithAMismatchAndTheScreenStillLeaves() async throws {
        let (window, stack, _) = try makeList()
        let sorting = Task { try await stack.push(TermsScreen(name: "sort"), returning: SortOrder.self) }
        try await window.next(TermsScreen.self).finish(with: 42)
        let expected = ScreenError.resultTypeMismatch(screen: "sort", expected: "SortOrder", actual: "Int")
        await #expect(throws: expected) { try await sorting.value }
        #expect(
            expected.description
                == "sort finished with a result of type Int, but its await expects SortOrder. Finish with a"
                + " SortOrder, or await Int.")
        #expect(stack.screens.map(\.screenName) == ["list"])
    }

    // MARK: - Every other way out is a typed cancellation

    @Test func swipingTheSheetDownEndsTheAwaitWithTheDismissal() async throws {
        let (window, _, list) = try makeList()
        let sorting = Task { try await list.present(SortScreen(name: "sort"), returning: SortOrder.self) }
        weak let sort = try await window.next(SortScreen.self)
        // What SwiftUI's sheet binding does on a swipe down.
        list.followPresentation(nil, shown: list.presentedIdentity)
        let expected = ScreenError.cancelled(
            screen: "sort",
            reason: .transition(TransitionRecord(kind: .dismiss, source: "sort", destination: "list", identifier: nil)))
        await #expect(throws: expected) { try await sorting.value }
        #expect(
            expected.description
                == "The await for sort's result ended without one: dismiss: sort → list took it out of the screen"
                + " tree before sort finished.")
        #expect(sort == nil)
    }

    @Test func theBackSwipeEndsTheAwaitWithThePop() async throws {
        let (window, stack, _) = try makeList()
        let sorting = Task { try await stack.push(SortScreen(name: "sort"), returning: SortOrder.self) }
        weak let sort = try await window.next(SortScreen.self)
        stack.followNavigationPath([])  // what SwiftUI's path binding does on a back swipe
        await #expect(
            throws: ScreenError.cancelled(
                screen: "sort",
                reason: .transition(TransitionRecord(kind: .pop, source: "sort", destination: "list", identifier: nil)))
        ) { try await sorting.value }
        #expect(sort == nil)
    }

    @Test func aPopToRootFromElsewhereEndsEveryAwaitAboveTheRoot() async throws {
        let (window, stack, _) = try makeList()
        let first = Task { try await stack.push(SortScreen(name: "first"), returning: SortOrder.self) }
        _ = try await window.next(SortScreen.self)
        let second = Task { try await stack.push(SortScreen(name: "second"), returning: SortOrder.self) }
        _ = try await window.next(SortScreen.self)
        stack.popToRoot()
        let pop = TransitionRecord(kind: .pop, source: "second", destination: "list", identifier: nil)
        await #expect(throws: ScreenError.cancelled(screen: "first", reason: .transition(pop))) {
            try await first.value
        }
        await #expect(throws: ScreenError.cancelled(screen: "second", reason: .transition(pop))) {
            try await second.value
        }
    }

    @Test func replacingTheRootEndsAnAwaitInTheOldTree() async throws {
        let window: ScreenWindow
        let sorting: Task<SortOrder, any Error>
        do {
            let (shown, _, list) = try makeList()
            window = shown
            sorting = Task { [weak list] in
                try await list!.present(SortScreen(name: "sort"), returning: SortOrder.self)
            }
        }
        weak let sort = try await window.next(SortScreen.self)
        try window.setRoot(ScreenModel(name: "home"))
        await #expect(
            throws: ScreenError.cancelled(
                screen: "sort",
                reason: .transition(
                    TransitionRecord(kind: .replaceRoot, source: "stack", destination: "home", identifier: nil)))
        ) { try await sorting.value }
        #expect(sort == nil)
    }

    @Test func releasingTheWindowEndsTheAwaitAsReleased() async throws {
        var window: ScreenWindow? = ScreenWindow()
        weak var weakStack: StackScreen?
        let sorting: Task<SortOrder, any Error>
        do {
            let stack = try StackScreen(root: ScreenModel(name: "list"), name: "stack")
            weakStack = stack
            try window?.setRoot(stack)
            window?.makeVisible()
            sorting = Task { [weak stack] in
                try await stack!.push(SortScreen(name: "sort"), returning: SortOrder.self)
            }
        }
        _ = try await window!.next(SortScreen.self)
        window = nil
        await #expect(throws: ScreenError.cancelled(screen: "sort", reason: .released)) { try await sorting.value }
        #expect(weakStack == nil)
    }

    @Test func cancellingTheAwaitingTaskEndsItAndLeavesTheScreenWhichAFinishThenPops() async throws {
        let (window, stack, _) = try makeList()
        let sorting = Task { try await stack.push(SortScreen(name: "sort"), returning: SortOrder.self) }
        let sort = try await window.next(SortScreen.self)
        sorting.cancel()
        let expected = ScreenError.cancelled(screen: "sort", reason: .taskCancelled)
        await #expect(throws: expected) { try await sorting.value }
        #expect(
            expected.description
                == "The await for sort's result ended without one: the awaiting task was cancelled before sort"
                + " finished.")
        #expect(stack.topScreen === sort)
        sort.choose(.date)
        #expect(stack.screens.map(\.screenName) == ["list"])
    }

    @Test func aFailedPushEndsTheAwaitWithItsError() async throws {
        let (_, stack, _) = try makeList()
        let elsewhere = try StackScreen(root: SortScreen(name: "shown"), name: "elsewhere")
        let shown = try #require(elsewhere.rootScreen)
        await #expect(throws: ScreenError.alreadyInHierarchy(screen: "shown", container: "elsewhere")) {
            try await stack.push(shown, returning: SortOrder.self)
        }
    }

    // MARK: - Double finish and re-entrancy

    @Test func aSecondFinishIsIgnored() async throws {
        let (window, stack, _) = try makeList()
        let middle = ScreenModel(name: "middle")
        try stack.push(middle)
        window.clearLogs()
        let sorting = Task { try await stack.push(SortScreen(name: "sort"), returning: SortOrder.self) }
        let sort = try await window.next(SortScreen.self)
        sort.choose(.date)
        sort.choose(.name)  // a double-tapped button
        #expect(try await sorting.value == .date)
        #expect(stack.screens.map(\.screenName) == ["list", "middle"])
        #expect(window.transitionLog.map(\.description) == ["push: middle → sort", "pop: sort → middle"])
    }

    @Test func aSecondFinishDuringTheDeferredPopIsIgnored() async throws {
        let (window, stack, _) = try makeList()
        let middle = ScreenModel(name: "middle")
        try stack.push(middle)
        let sort = SortScreen(name: "sort")
        // Both finishes happen inside another transition, so the pop waits until it completes.
        window.context.observe(TransitionDidComplete.self, owner: sort) { sort, record in
            guard record.destination == "sort" else { return }
            sort.choose(.date)
            sort.choose(.name)
        }
        #expect(try await stack.push(sort, returning: SortOrder.self) == .date)
        #expect(stack.screens.map(\.screenName) == ["list", "middle"])
    }

    @Test(arguments: [LifecyclePhase.willAppear, .didAppear])
    func aScreenMayFinishFromItsOwnLifecycleCallback(phase: LifecyclePhase) async throws {
        let (window, stack, _) = try makeList()
        let result = try await stack.push(
            SelfFinishingScreen(name: "quick", finishingIn: phase), returning: String.self)
        #expect(result == "from \(phase)")
        #expect(stack.screens.map(\.screenName) == ["list"])
        #expect(window.transitionLog.map(\.description) == ["push: list → quick", "pop: quick → list"])
    }

    @Test func theCodeAfterTheAwaitMayPushAgain() async throws {
        let (window, stack, _) = try makeList()
        let flow = Task {
            let first = try await stack.push(SortScreen(name: "first"), returning: SortOrder.self)
            let second = try await stack.push(SortScreen(name: "second"), returning: SortOrder.self)
            return [first, second]
        }
        try await window.next(SortScreen.self).choose(.name)
        try await window.next(SortScreen.self).choose(.date)
        #expect(try await flow.value == [.name, .date])
        #expect(stack.screens.map(\.screenName) == ["list"])
        #expect(
            window.transitionLog.map(\.description) == [
                "push: list → first", "pop: first → list", "push: list → second", "pop: second → list",
            ])
    }

    @Test func aThousandAwaitedPushesLeaveNoScreenAlive() async throws {
        let (_, stack, _) = try makeList()
        let weak = WeakScreens()
        for index in 0..<1_000 {
            let sort = SelfFinishingScreen(name: "sort-\(index)", finishingIn: .didAppear)
            weak.track(sort, sort.context)
            _ = try await stack.push(sort, returning: String.self)
        }
        #expect(weak.aliveCount == 0)
        #expect(stack.screens.map(\.screenName) == ["list"])
    }

    // MARK: - One verb for every way a screen is shown

    @Test func finishPopsAPlainPushedScreenAndDismissesAPlainPresentedOne() throws {
        let (window, stack, list) = try makeList()
        let detail = ScreenModel(name: "detail")
        try stack.push(detail)
        detail.finish()
        let sheet = ScreenModel(name: "sheet")
        try list.present(sheet)
        sheet.finish(with: "ignored: nothing awaits it")
        list.finish()  // the root of a stack in a window: nothing to end
        #expect(
            window.transitionLog.map(\.description) == [
                "push: list → detail", "pop: detail → list", "present: list → sheet", "dismiss: sheet → list",
            ])
    }

    @Test func finishEndsAnAwaitedHopStepWithItsValue() async throws {
        let startup = HoppingScreen(name: "startup", registry: ScreenRegistry())
        let window = try makeVisibleWindow(root: startup)
        let flow = Task { try await startup.hop(to: SortScreen(name: "login"), returning: SortOrder.self) }
        let login = try await window.next(SortScreen.self)
        login.choose(.name)
        login.choose(.date)  // ignored
        #expect(try await flow.value == .name)
        #expect(startup.currentScreen === login)  // a hop step stays until the flow hops on
    }
}
