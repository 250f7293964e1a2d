import Baton
import Testing

/// A screen's tasks (`task(_:)`): an error is reported with the screen named, a task is cancelled
/// when its screen leaves the tree, and the screen is freed.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct ScreenTaskTests {
    struct Offline: Error, CustomStringConvertible {
        var description: String { "the server is offline" }
    }

    /// The failures a reporter received, on the main actor.
    final class Failures: @unchecked Sendable {
        var texts: [String] = []
        var errors: [any Error] = []
        var reporter: @Sendable (ScreenTaskFailure) -> Void {
            { failure in
                MainActor.assumeIsolated {
                    self.texts.append(failure.description)
                    self.errors.append(failure.underlying)
                }
            }
        }
    }

    @Test func anErrorATaskThrowsIsReportedWithTheScreenNamed() async throws {
        let failures = Failures()
        let list = ScreenModel(name: "list")
        let window = try makeVisibleWindow(root: StackScreen(root: list, name: "items"))
        await ScreenTaskFailure.$reporter.withValue(failures.reporter) {
            await list.task { throw Offline() }.value
        }
        #expect(failures.texts == ["a task of list threw Offline: the server is offline"])
        #expect(failures.errors.count == 1)
        #expect(failures.errors.first is Offline)  // the task's own error, typed
        #expect(window.rootScreen != nil)
    }

    @Test func aTaskIsCancelledWhenItsScreenIsPoppedAndTheScreenIsFreed() async throws {
        let failures = Failures()
        let weak = WeakScreens()
        let stack = try StackScreen(root: ScreenModel(name: "list"), name: "items")
        let window = try makeVisibleWindow(root: stack)
        var task: Task<Void, Never>?
        var sawCancellation = false
        do {
            let detail = ScreenModel(name: "detail")
            weak.track(detail)
            try stack.push(detail)
            let (never, _) = AsyncStream<Void>.makeStream()
            ScreenTaskFailure.$reporter.withValue(failures.reporter) {
                task = detail.task {
                    for await _ in never {}
                    sawCancellation = Task.isCancelled
                    throw Offline()  // thrown after the cancellation: no failure
                }
            }
        }
        stack.pop()
        await task?.value
        #expect(sawCancellation)
        #expect(failures.texts.isEmpty)
        #expect(weak.aliveCount == 0)
        #expect(window.rootScreen === stack)
    }

    @Test func aSheetSwipedAwayWhileATaskAwaitsItsResultIsNoFailure() async throws {
        let failures = Failures()
        let list = ScreenModel(name: "list")
        _ = try makeVisibleWindow(root: list)
        let sheet = ScreenModel(name: "sort")
        var task: Task<Void, Never>?
        ScreenTaskFailure.$reporter.withValue(failures.reporter) {
            task = list.task { _ = try await list.present(sheet, returning: Int.self) }
        }
        await Task.yield()
        list.dismiss()
        await task?.value
        #expect(failures.texts.isEmpty)
    }

    @Test func tasksOfEveryScreenInADismissedTreeAreCancelled() async throws {
        let root = ScreenModel(name: "root")
        _ = try makeVisibleWindow(root: root)
        let first = ScreenModel(name: "first")
        let second = ScreenModel(name: "second")
        try root.present(try StackScreen(root: first, name: "sheet"))
        try (first.parentScreen as? StackScreen)?.push(second)
        let (never, _) = AsyncStream<Void>.makeStream()
        var cancelled: [String] = []
        let tasks = [first, second].map { screen in
            screen.task { [name = screen.screenName] in
                for await _ in never {}
                if Task.isCancelled { cancelled.append(name) }
            }
        }
        root.dismiss()
        for task in tasks { await task.value }
        #expect(cancelled.sorted() == ["first", "second"])
    }

    @Test func aThousandTasksOnOneScreenEndAndLeaveNothingBehind() async throws {
        let failures = Failures()
        let list = ScreenModel(name: "list")
        let window = try makeVisibleWindow(root: list)
        var count = 0
        let tasks = ScreenTaskFailure.$reporter.withValue(failures.reporter) {
            (0..<1000).map { index in
                list.task {
                    count += 1
                    if index.isMultiple(of: 100) { throw Offline() }
                }
            }
        }
        for task in tasks { await task.value }
        #expect(count == 1000)
        #expect(failures.texts == Array(repeating: "a task of list threw Offline: the server is offline", count: 10))
        #expect(window.rootScreen === list)  // kept: a screen whose window is freed starts its tasks cancelled
    }
}
