import Testing

// Every screen and context lives on the main actor, so the whole suite shares one thread, and
// Swift Testing starts every test at once with its time limit already running. An awaiting test
// waits at each hop for every job queued on the main actor before it: when heavy tests held it
// for seconds at a time (ten times longer under the thread sanitizer), the awaiting tests' one-
// minute limits ran out on work that was not theirs. Two rules keep those waits short, and
// change no test's cases or checks:
//
// - A heavy test takes the main actor in slices: it calls `shareTheMainActor(at:every:)` in its
//   loop (a property check hands it on between cases by itself).
// - Heavy tests take turns, two at a time (`.heavyOnTheMainActor`): a hop waits behind at most
//   two slices, not behind a slice of every heavy test in the suite. Two, not one: while one
//   heavy test's slice travels through the global executor, the other keeps the main actor busy.

/// Hands the main actor to the suite's other tests once every `slice` iterations of a heavy loop.
///
/// ```swift
/// @Test(.heavyOnTheMainActor) func tenThousandPushes() async throws {
///     for index in 0..<10_000 {
///         await shareTheMainActor(at: index, every: 20)
///         try stack.push(ScreenModel(name: "s\(index)"))
///         stack.pop()
///     }
/// }
/// ```
///
/// `Task.yield()` sends the task to the global executor; coming back to the main actor puts it
/// behind every job already waiting there.
@MainActor
func shareTheMainActor(at iteration: Int, every slice: Int) async {
    if iteration.isMultiple(of: slice) { await Task.yield() }
}

/// Runs a heavy test (each case of a parameterised one) only while at most one other heavy test
/// runs.
///
/// The tests still run in parallel with every light test; only heavy ones wait for each other,
/// in the order they asked, outside any time limit (heavy tests have none).
struct HeavyOnTheMainActorTrait: TestTrait, TestScoping {
    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        await HeavyTestTurns.shared.begin()
        do {
            try await function()
        } catch {
            await HeavyTestTurns.shared.end()
            throw error
        }
        await HeavyTestTurns.shared.end()
    }
}

extension Trait where Self == HeavyOnTheMainActorTrait {
    /// Makes a heavy test take its turn with the other heavy tests (see `HeavyOnTheMainActorTrait`).
    ///
    /// ```swift
    /// @Test(.heavyOnTheMainActor) func tenThousandPushPopCyclesLeaveNoScreenAlive() async throws {}
    /// ```
    static var heavyOnTheMainActor: Self { Self() }
}

/// First come, first served: two heavy tests at a time.
private actor HeavyTestTurns {
    static let shared = HeavyTestTurns()

    private let width = 2
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func begin() async {
        guard running == width else {
            running += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func end() {
        if waiting.isEmpty {
            running -= 1
        } else {
            // The turn passes straight to the next test: `running` stays the same.
            waiting.removeFirst().resume()
        }
    }
}
