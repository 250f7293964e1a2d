import BatonTesting
import Testing

@testable import Baton

/// A window's and a coordinator's records keep the newest entries up to a limit, so that a
/// long-running app stays flat; a flow recorder and the flow graph keep working past it.
@MainActor
@Suite(.lenientMisuse)
struct WindowLogTests {
    // MARK: - Transition log

    @Test(.heavyOnTheMainActor) func theTransitionLogKeepsTenThousandTransitionsByDefault() async throws {
        let stack = try StackScreen(root: ScreenModel(name: "list"), name: "stack")
        let window = try makeVisibleWindow(root: stack)
        #expect(window.transitionLogLimit == 10_000)
        for index in 0..<6_000 {
            await shareTheMainActor(at: index, every: 25)
            try stack.push(ScreenModel(name: "d\(index)"))
            stack.pop()
        }
        #expect(window.transitionLog.count == 10_000)
        #expect(window.transitionLog.first?.description == "push: list → d1000")
        #expect(window.transitionLog.last?.description == "pop: d5999 → list")
    }

    @Test func loweringTheLimitDropsTheOldestTransitionsAtOnce() throws {
        let (window, stack) = try makeStack()
        try pushAndPop(["a", "b", "c"], on: stack)
        window.transitionLogLimit = 3
        #expect(window.transitionLog.map(\.description) == ["pop: b → list", "push: list → c", "pop: c → list"])
        try pushAndPop(["d"], on: stack)
        #expect(window.transitionLog.map(\.description) == ["pop: c → list", "push: list → d", "pop: d → list"])
    }

    @Test func raisingTheLimitOfAFullLogKeepsItsOrder() throws {
        let (window, stack) = try makeStack()
        window.transitionLogLimit = 2
        try pushAndPop(["a", "b"], on: stack)  // the ring has wrapped
        window.transitionLogLimit = 4
        try pushAndPop(["c"], on: stack)
        #expect(
            window.transitionLog.map(\.description) == [
                "push: list → b", "pop: b → list", "push: list → c", "pop: c → list",
            ])
    }

    @Test func aLimitOfZeroKeepsNoTransitionsAndANegativeOneCountsAsZero() throws {
        let (window, stack) = try makeStack()
        window.transitionLogLimit = -5
        #expect(window.transitionLogLimit == 0)
        try pushAndPop(["a"], on: stack)
        #expect(window.transitionLog.isEmpty)
    }

    // MARK: - Lifecycle log

    @Test func theLifecycleLogKeepsTheNewestCallbacksUpToItsLimit() throws {
        let (window, stack) = try makeStack()
        #expect(window.lifecycleLogLimit == 10_000)
        window.lifecycleLogLimit = 2
        try pushAndPop(["a"], on: stack)
        #expect(window.lifecycleLog.map(\.description) == ["a.didDisappear", "list.didAppear"])
        window.lifecycleLogLimit = 0
        #expect(window.lifecycleLog.isEmpty)
    }

    // MARK: - Flow recorder past the limits

    @Test func aFlowRecorderKeepsRecordingPastTheLogLimits() throws {
        let (window, stack) = try makeStack()
        window.transitionLogLimit = 2
        window.lifecycleLogLimit = 4
        let recorder = FlowRecorder(window)
        try pushAndPop(["a", "b", "c"], on: stack)
        #expect(recorder.transitions == ["push: list → c", "pop: c → list"])
        #expect(recorder.lifecycle == ["c.willDisappear", "list.willAppear", "c.didDisappear", "list.didAppear"])
        try stack.push(ScreenModel(name: "d"))
        #expect(recorder.transitions == ["pop: c → list", "push: list → d"])
        #expect(recorder.lifecycle == ["list.willDisappear", "d.willAppear", "list.didDisappear", "d.didAppear"])
        recorder.reset()
        #expect(recorder.transitions == [])
        stack.pop()
        #expect(recorder.transitions == ["pop: d → list"])
    }

    @Test func aFlowRecorderShowsOnlyWhatCameAfterTheLogsWereCleared() throws {
        let (window, stack) = try makeStack()
        try pushAndPop(["before"], on: stack)
        let recorder = FlowRecorder(window)
        try pushAndPop(["a", "b"], on: stack)
        window.clearLogs()
        #expect(recorder.transitions == [])
        #expect(recorder.lifecycle == [])
        try stack.push(ScreenModel(name: "c"))
        #expect(recorder.transitions == ["push: list → c"])
        #expect(recorder.lifecycle == ["list.willDisappear", "c.willAppear", "list.didDisappear", "c.didAppear"])
    }

    @Test func aFlowRecorderMadeOnAFullLogSeesWhatFollows() throws {
        let (window, stack) = try makeStack()
        window.transitionLogLimit = 2
        try pushAndPop(["a", "b"], on: stack)
        let recorder = FlowRecorder(window)
        #expect(recorder.transitions == [])
        try stack.push(ScreenModel(name: "c"))
        #expect(recorder.transitions == ["push: list → c"])
    }

    // MARK: - Flow graph past the limit

    @Test func theFlowGraphCountsTransitionsTheLogNoLongerKeeps() throws {
        let (window, stack) = try makeStack()
        window.transitionLogLimit = 2
        for _ in 0..<5 { try pushAndPop(["detail"], on: stack) }
        #expect(window.transitionLog.count == 2)
        #expect(
            window.flowGraph(format: .mermaid, includeResolvers: false) == """
                flowchart TD
                    s0["stack"]
                    s1["list"]
                    s2["detail"]
                    s0 -.-|contains| s1
                    s1 -->|push ×5| s2
                    s2 -->|pop ×5| s1
                """)
    }

    @Test func theFlowGraphKeepsAtMostTheLimitOfDistinctTransitionsNewestFirstSeen() throws {
        let (window, stack) = try makeStack()
        window.transitionLogLimit = 2
        try pushAndPop(["a", "b"], on: stack)
        try pushAndPop(["b"], on: stack)
        #expect(
            window.flowGraph(format: .mermaid, includeResolvers: false) == """
                flowchart TD
                    s0["stack"]
                    s1["list"]
                    s2["b"]
                    s0 -.-|contains| s1
                    s1 -->|push ×2| s2
                    s2 -->|pop ×2| s1
                """)
        window.clearLogs()
        #expect(
            window.flowGraph(format: .mermaid, includeResolvers: false) == """
                flowchart TD
                    s0["stack"]
                    s1["list"]
                    s0 -.-|contains| s1
                """)
    }

    @Test(.heavyOnTheMainActor) func tenThousandDistinctTransitionsKeepTheFlowGraphBounded() async throws {
        let (window, stack) = try makeStack()
        window.transitionLogLimit = 100
        for index in 0..<5_000 {
            await shareTheMainActor(at: index, every: 25)
            try pushAndPop(["d\(index)"], on: stack)
        }
        #expect(window.flowEdges.edges.count == 100)
        #expect(window.flowEdges.edges.last?.0.description == "pop: d4999 → list")
        #expect(window.flowEdges.edges.first?.0.description == "push: list → d4950")
    }

    // MARK: - Resolution log

    @Test func theResolutionLogKeepsTheNewestResolutionsUpToItsLimit() throws {
        let (window, stack) = try makeStack()
        let coordinator = window.dependencyCoordinator
        #expect(coordinator.resolutionLogLimit == 10_000)
        coordinator.recordsResolutions = true
        coordinator.resolutionLogLimit = 2
        try pushAndPop(["a", "b", "c"], on: stack)
        #expect(coordinator.resolutionLog.map(\.transition.description) == ["push: list → b", "push: list → c"])
        coordinator.resolutionLogLimit = 1
        #expect(coordinator.resolutionLog.map(\.transition.description) == ["push: list → c"])
        coordinator.clearResolutionLog()
        #expect(coordinator.resolutionLog.isEmpty)
        try pushAndPop(["d"], on: stack)
        #expect(coordinator.resolutionLog.map(\.transition.description) == ["push: list → d"])
    }

    // MARK: - The ring buffer

    @Test(.heavyOnTheMainActor) func recentRecordsMatchAnArrayTrimmedToItsLimitOverRandomOperations() async {
        var generator = SeededGenerator(seed: 23)
        for run in 0..<200 {
            await shareTheMainActor(at: run, every: 4)
            var records = RecentRecords<Int>(limit: Int.random(in: 0...6, using: &generator))
            var reference: [Int] = []
            var appended = 0
            var marks: [Int] = [0]
            for step in 0..<60 {
                switch Int.random(in: 0..<10, using: &generator) {
                case 0:
                    records.limit = Int.random(in: 0...6, using: &generator)
                    reference = Array(reference.suffix(records.limit))
                case 1:
                    records.removeAll()
                    reference = []
                    marks.append(appended)
                case 2:
                    // A rolled-back assignment takes back what it appended.
                    let mark = Int.random(in: 0...appended, using: &generator)
                    records.removeAppended(since: mark)
                    reference = Array(reference.dropLast(min(appended - mark, reference.count)))
                    appended = mark
                    marks = marks.filter { $0 <= mark }
                default:
                    records.append(step)
                    appended += 1
                    reference.append(step)
                    reference = Array(reference.suffix(records.limit))
                }
                #expect(records.elements == reference)
                #expect(records.count == reference.count)
                #expect(records.appended == appended)
                let mark = marks.randomElement(using: &generator)!
                let since = Array(reference.suffix(min(appended - mark, reference.count)))
                #expect(records.elements(since: mark) == since)
            }
        }
    }

    // MARK: - Helpers

    private func makeStack() throws -> (ScreenWindow, StackScreen) {
        let stack = try StackScreen(root: ScreenModel(name: "list"), name: "stack")
        return (try makeVisibleWindow(root: stack), stack)
    }

    private func pushAndPop(_ names: [String], on stack: StackScreen) throws {
        for name in names {
            try stack.push(ScreenModel(name: name))
            stack.pop()
        }
    }
}

/// A small deterministic generator (SplitMix64), so that a failure can be replayed.
private struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
