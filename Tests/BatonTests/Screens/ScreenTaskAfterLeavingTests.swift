import Baton
import Testing

/// A task started on a screen after it left the screen tree (from its `didDisappear`, or a
/// button tapped during the pop animation) starts cancelled: nothing would cancel it later, and
/// it would keep the dismissed screen alive.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct ScreenTaskAfterLeavingTests {
    /// Starts, from `didDisappear`, work that runs until it is cancelled.
    final class DetailScreen: ScreenModel {
        var lateTask: Task<Void, Never>?
        var endedByCancellation: Bool?
        private var continuation: AsyncStream<Int>.Continuation?

        override func didDisappear() {
            let (updates, continuation) = AsyncStream<Int>.makeStream()
            self.continuation = continuation
            lateTask = task {
                for await _ in updates {}
                self.endedByCancellation = Task.isCancelled
            }
        }
    }

    @Test func aTaskStartedAfterItsScreenLeftTheTreeStartsCancelledAndTheScreenIsFreed() async throws {
        let stack = try StackScreen(root: ScreenModel(name: "list"), name: "items")
        let window = try makeVisibleWindow(root: stack)
        var detail: DetailScreen? = DetailScreen(name: "detail")
        weak let weakDetail = detail
        try stack.push(try #require(detail))
        #expect(stack.pop()?.screenName == "detail")
        let late = try #require(detail?.lateTask)
        #expect(late.isCancelled)
        if !late.isCancelled { late.cancel() }  // so that the test ends without the fix too
        await late.value
        #expect(detail?.endedByCancellation == true)
        detail = nil
        #expect(weakDetail == nil)
        #expect(window.rootScreen === stack)
    }

    @Test func aTaskStartedOnAScreenShownAgainRunsUntilItLeavesAgain() async throws {
        let stack = try StackScreen(root: ScreenModel(name: "list"), name: "items")
        let window = try makeVisibleWindow(root: stack)
        let detail = ScreenModel(name: "detail")
        try stack.push(detail)
        _ = stack.pop()
        try stack.push(detail)
        let (updates, continuation) = AsyncStream<Int>.makeStream()
        let running = detail.task { for await _ in updates {} }
        #expect(!running.isCancelled)
        _ = stack.pop()
        #expect(running.isCancelled)
        await running.value
        continuation.finish()
        #expect(window.rootScreen === stack)
    }

    /// The documented shape (UsingBatonWithSwiftUI): a task started in `didAppear` captures its
    /// screen strongly and finishes it; the screen leaving first cancels the task and frees it.
    final class SplashScreen: ScreenModel {
        var started: Task<Void, Never>?
        let updates: AsyncStream<Int>
        init(updates: AsyncStream<Int>) {
            self.updates = updates
            super.init(name: "splash")
        }
        override func didAppear() {
            started = task {
                for await _ in self.updates {}
                self.finish()
            }
        }
    }

    @Test func aTaskThatCapturesItsScreenStronglyEndsAndFreesItWhenTheScreenLeaves() async throws {
        let stack = try StackScreen(root: ScreenModel(name: "list"), name: "items")
        let window = try makeVisibleWindow(root: stack)
        let (updates, continuation) = AsyncStream<Int>.makeStream()
        var splash: SplashScreen? = SplashScreen(updates: updates)
        weak let weakSplash = splash
        try stack.push(try #require(splash))
        let started = try #require(splash?.started)
        splash = nil
        #expect(stack.pop()?.screenName == "splash")
        await started.value
        #expect(weakSplash == nil)
        #expect(stack.screens.map(\.screenName) == ["list"])
        continuation.finish()
        #expect(window.rootScreen === stack)
    }
}
