import Baton
import BatonTesting
import Testing

/// The test mode of `.isolatedBaton`: a live value the test did not set fails it, a test value is
/// the test's own, and no two tests share an object default.
@MainActor
final class TestModeService {
    let origin: String
    var calls = 0
    init(_ origin: String) { self.origin = origin }
}

@MainActor
final class TestModeCounter {
    var count = 0
}

extension ContextValues {
    @MainActor fileprivate var liveOnly: ContextEntry<TestModeService> { .init(live: TestModeService("live")) }
    @MainActor fileprivate var withTestValue: ContextEntry<TestModeService> {
        .init(live: TestModeService("live"), test: TestModeService("test"), preview: TestModeService("preview"))
    }
    @MainActor fileprivate var counter: ContextEntry<TestModeCounter> { .init(default: TestModeCounter()) }
    fileprivate var plainNumber: ContextEntry<Int> { .init(default: 7) }
}

@MainActor
@Suite(.isolatedBaton)
struct TestModeTests {
    @Test func readingALiveValueTheTestDidNotSetFailsTheTestNamingTheEntryAndTheFix() {
        let window = ScreenWindow()
        var read: String?
        withKnownIssue {
            read = window.context[\.liveOnly].origin
        } matching: { issue in
            issue.comments.map(\.rawValue) == [
                "liveOnly read its live value in a test: the test did not set it and the entry declares no test"
                    + " value (BatonTests/TestModeTests.swift:20). Set it on the window before launching it,"
                    + " `window.context[\\.liveOnly] = …`, or declare a test value: `.init(live: …, test: …)`."
            ]
        }
        #expect(read == "live")
    }

    @Test func aLiveValueTheTestSetsIsReadWithoutAFailure() {
        let window = ScreenWindow()
        window.context[\.liveOnly] = TestModeService("set by the test")
        let screen = ScreenModel(name: "screen", context: ScreenContext(parent: window.context))
        #expect(screen.context[\.liveOnly].origin == "set by the test")
    }

    @Test func anEntryWithATestValueReadsItAndEachTestGetsItsOwn() {
        let first = ScreenContext()[\.withTestValue]
        #expect(first.origin == "test")
        #expect(ScreenContext()[\.withTestValue] === first)  // one per test, shared by its contexts
        first.calls += 1
        #expect(first.calls == 1)
    }

    @Test func anotherTestGetsAFreshTestValue() {
        let value = ScreenContext()[\.withTestValue]
        #expect(value.origin == "test")
        value.calls += 1
        #expect(value.calls == 1)  // not 2: the other test's value is not this one
    }

    @Test func anObjectDefaultIsMadeOncePerTest() {
        let counter = ScreenContext()[\.counter]
        counter.count += 1
        #expect(counter.count == 1)
        #expect(ScreenContext()[\.plainNumber] == 7)
    }

    @Test func anObjectDefaultIsNotSharedWithAnotherTest() {
        let counter = ScreenContext()[\.counter]
        counter.count += 1
        #expect(counter.count == 1)
    }

    @Test func aTaskErrorFailsTheTestNamingTheScreen() async throws {
        struct Offline: Error {}
        let list = ScreenModel(name: "list")
        await withKnownIssue {
            await list.task { throw Offline() }.value
        } matching: { issue in
            issue.comments.map(\.rawValue) == ["a task of list threw Offline: Offline()"]
        }
    }
}
