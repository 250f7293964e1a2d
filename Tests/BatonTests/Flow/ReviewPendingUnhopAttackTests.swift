import Baton
import BatonTesting
import Testing

/// Review attacks on the pending-unhop state that HopFlow and HoppingScreen share: every way a
/// waiting step is settled (unhop, wrong result type, supersede, cancel, container leaving the
/// tree) in order, with the exact errors, for HopFlow driven directly.
@MainActor
@Suite(.lenientMisuse)
struct ReviewPendingUnhopAttackTests {
    let flow = HopFlow()
    let startup = ScreenModel(name: "startup")
    let login = ScreenModel(name: "login")

    /// Starts a flow awaiting `login`'s result and waits until it waits.
    func awaitLogin<Result: Sendable>(_ type: Result.Type) async -> Task<Result, any Error> {
        let (flow, startup, login) = (flow, startup, login)
        let task = Task { @MainActor in
            try await flow.hop(to: login, in: startup, returning: type) {}
        }
        while !flow.isWaitingForUnhop { await Task.yield() }
        return task
    }

    @Test func aResultOfTheWrongTypeEndsTheFlowWithAMismatch() async throws {
        let task = await awaitLogin(String.self)
        try flow.unhop(from: login, in: startup, result: 7)
        #expect(!flow.isWaitingForUnhop)
        await #expect(throws: ScreenError.resultTypeMismatch(screen: "login", expected: "String", actual: "Int")) {
            try await task.value
        }
        try flow.unhop(from: login, in: startup, result: "again")  // the step already finished: ignored
        #expect(!flow.isWaitingForUnhop)
    }

    @Test func aHopWhileAFlowWaitsSupersedesItAfterTheNewStepIsCurrent() async {
        let task = await awaitLogin(String.self)
        let main = ScreenModel(name: "main")
        try? flow.hop(to: main, in: startup, then: nil) {}
        #expect(flow.current === main)
        #expect(!flow.isWaitingForUnhop)
        await #expect(
            throws: ScreenError.cancelled(
                screen: "login",
                reason: .transition(TransitionRecord(kind: .hop, source: "login", destination: "main", identifier: nil))
            )
        ) {
            try await task.value
        }
    }

    @Test func theContainerLeavingTheTreeEndsTheWaitingFlowOnce() async throws {
        let task = await awaitLogin(Int.self)
        flow.containerLeftTree()
        flow.containerLeftTree()  // nothing waits any more
        #expect(!flow.isWaitingForUnhop)
        await #expect(throws: ScreenError.cancelled(screen: "login", reason: .containerLeft("startup"))) {
            try await task.value
        }
        try flow.unhop(from: login, in: startup, result: 1)  // nothing waits any more: ignored
        #expect(!flow.isWaitingForUnhop)
    }

    @Test func cancellingTheWaitingTaskEndsItWithATypedCancellation() async {
        let task = await awaitLogin(Int.self)
        task.cancel()
        await #expect(throws: ScreenError.cancelled(screen: "login", reason: .taskCancelled)) { try await task.value }
        #expect(!flow.isWaitingForUnhop)
        #expect(flow.current === login)
    }

    @Test func aContinuationRunsAfterTheStepNoLongerWaitsAndMayHopAgain() throws {
        let main = ScreenModel(name: "main")
        var seen: [String] = []
        try flow.hop(
            to: login, in: startup,
            then: { () throws(ScreenError) in
                seen.append("waiting: \(flow.isWaitingForUnhop)")
                try flow.hop(to: main, in: startup, then: nil) {}
            }
        ) {}
        #expect(flow.isWaitingForUnhop)
        try flow.unhop(from: login, in: startup, result: ())
        #expect(seen == ["waiting: false"])
        #expect(flow.current === main)
        #expect(throws: ScreenError.noPendingContinuation(hopping: "startup", screen: "main")) {
            try flow.unhop(from: main, in: startup, result: ())
        }
    }

    @Test func aContinuationThatThrowsIsSettledAndItsErrorReachesTheUnhop() throws {
        let failure = ScreenError.unknownName("next", known: [])
        try flow.hop(to: login, in: startup, then: { () throws(ScreenError) in throw failure }) {}
        #expect(throws: failure) { try flow.unhop(from: login, in: startup, result: ()) }
        #expect(!flow.isWaitingForUnhop)
        try flow.unhop(from: login, in: startup, result: ())  // settled: ignored
    }

    @Test func aScreenOutsideTheStepCannotUnhopIt() throws {
        try flow.hop(to: login, in: startup, then: {}) {}
        let stranger = ScreenModel(name: "stranger")
        #expect(throws: ScreenError.noPendingContinuation(hopping: "startup", screen: "stranger")) {
            try flow.unhop(from: stranger, in: startup, result: ())
        }
        #expect(flow.isWaitingForUnhop)
        try flow.unhop(from: startup, in: startup, result: ())  // the container itself may
        #expect(!flow.isWaitingForUnhop)
    }
}
