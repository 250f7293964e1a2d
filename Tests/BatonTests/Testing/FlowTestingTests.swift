import Baton
@_spi(Testing) import BatonTesting
import Testing

/// BatonTesting's `window.next(_:)`, which waits for a screen of a type without polling, and the
/// exhaustive `FlowRecorder`, which fails a test on any transition or lifecycle callback it was
/// not told to expect.
@MainActor
@Suite(.lenientMisuse, .timeLimit(.minutes(1)))
struct FlowTestingTests {
    final class SplashScreen: ScreenModel {}
    final class LoginScreen: ScreenModel {}
    final class HomeScreen: ScreenModel {}
    protocol Step: AnyObject {}
    final class StepScreen: ScreenModel, Step {}

    private func startFlow() throws -> (ScreenWindow, HoppingScreen, Task<String, any Error>) {
        let startup = HoppingScreen(name: "startup", registry: ScreenRegistry())
        let window = try makeVisibleWindow(root: startup)
        let flow = Task {
            try await startup.hop(to: SplashScreen(name: "splash"))
            let user = try await startup.hop(to: LoginScreen(name: "login"), returning: String.self)
            try startup.hop(to: HomeScreen(name: "home"), then: nil)
            return user
        }
        return (window, startup, flow)
    }

    // MARK: - next

    @Test func nextReturnsEachScreenOfTheTypeAsTheFlowShowsIt() async throws {
        let (window, _, flow) = try startFlow()
        try await window.next(SplashScreen.self).finish()
        try await window.next(LoginScreen.self).finish(with: "ada")
        let home = try await window.next(HomeScreen.self)
        #expect(home.screenName == "home")
        #expect(try await flow.value == "ada")
        #expect(window.shownScreens.map(\.screenName) == ["startup", "home"])
    }

    @Test func nextReturnsAScreenAlreadyShownAndFindsProtocols() async throws {
        let stack = try StackScreen(root: StepScreen(name: "first"), name: "stack")
        let window = try makeVisibleWindow(root: stack)
        let first = try await window.next((any Step).self)
        #expect((first as? ScreenModel)?.screenName == "first")
        try stack.push(StepScreen(name: "second"))
        let second = try await window.next(StepScreen.self)
        #expect(second.screenName == "second")
    }

    @Test func nextReturnsAScreenOnceAndNamesWhatIsShownWhenItTimesOut() async throws {
        let stack = try StackScreen(root: HomeScreen(name: "home"), name: "stack")
        let window = try makeVisibleWindow(root: stack)
        _ = try await window.next(HomeScreen.self)
        try stack.push(ScreenModel(name: "detail"))
        let expected = NextScreenTimeout(
            awaited: "HomeScreen", shown: ["stack", "detail"], transitions: [], waited: "0.01 seconds",
            snapshot: """
                window app
                stack (StackScreen) appeared
                    shown by replaceRoot: → stack
                  home (HomeScreen) disappeared
                      shown by replaceRoot: → stack (home inside stack)
                  detail (ScreenModel) appeared
                      shown by push: home → detail
                """)
        // The timeout is fired by hand: no real time passes in the test.
        let timeouts = NextScreenTimeouts()
        await NextScreenTimeouts.$current.withValue(timeouts) {
            let waiting = Task { try await window.next(HomeScreen.self, timeout: .milliseconds(10)) }
            await timeouts.untilScheduled()
            #expect(timeouts.scheduled == [.milliseconds(10)])
            timeouts.fire()
            await #expect(throws: expected) { try await waiting.value }
        }
        #expect(timeouts.scheduled.isEmpty)
        #expect(
            expected.description
                == "No HomeScreen was shown within 0.01 seconds. Shown now: stack → detail. Transitions while"
                + " waiting: none. A screen that an earlier next(…) returned is not returned again. Is the flow"
                + " running, and does it reach HomeScreen?\nThe window now:\n\(expected.snapshot)")
    }

    private enum PlainRoute: ScreenRoute {
        case home, settings
        func makeScreen() throws -> ScreenModel { ScreenModel(name: "\(self)") }
    }

    @Test func nextReturnsTheScreenMadeForARouteOnceAndNamesTheRouteWhenItTimesOut() async throws {
        let stack = try StackScreen(root: PlainRoute.home.screen(), name: "stack")
        let window = try makeVisibleWindow(root: stack)
        let pushing = Task { try stack.push(PlainRoute.settings.screen()) }
        let settings = try await window.next(PlainRoute.settings)
        try await pushing.value
        #expect(settings === stack.topScreen)
        let timeouts = NextScreenTimeouts()
        let timeout = await NextScreenTimeouts.$current.withValue(timeouts) {
            let waiting = Task { try await window.next(PlainRoute.settings, timeout: .milliseconds(10)) }
            await timeouts.untilScheduled()
            timeouts.fire()
            return await #expect(throws: NextScreenTimeout.self) { try await waiting.value }
        }
        #expect(timeout?.awaited == "settings")
        #expect(timeout?.shown == ["stack", "settings"])
        #expect(timeout?.waited == "0.01 seconds")
    }

    @Test func aScreenShownBeforeTheTimeoutEndsTheWaitAndCancelsTheTimeout() async throws {
        let stack = try StackScreen(root: PlainRoute.home.screen(), name: "stack")
        let window = try makeVisibleWindow(root: stack)
        _ = try await window.next(PlainRoute.home)
        let timeouts = NextScreenTimeouts()
        try await NextScreenTimeouts.$current.withValue(timeouts) {
            let waiting = Task { try await window.next(PlainRoute.settings, timeout: .milliseconds(10)) }
            await timeouts.untilScheduled()
            try stack.push(PlainRoute.settings.screen())
            #expect(timeouts.scheduled.isEmpty)  // the wait ended: its timeout is gone
            timeouts.fire()  // fires nothing
            #expect(try await waiting.value === stack.topScreen)
        }
    }

    @Test func aSheetLeavesWhatItIsPresentedOverShown() throws {
        let list = ScreenModel(name: "list")
        let window = try makeVisibleWindow(root: try StackScreen(root: list, name: "stack"))
        try list.present(try StackScreen(root: ScreenModel(name: "sort"), name: "sheet"))
        #expect(window.shownScreens.map(\.screenName) == ["stack", "list", "sheet", "sort"])
        #expect(ScreenWindow().shownScreens.isEmpty)
    }

    @Test func aFullScreenCoverHidesWhatItCovers() throws {
        let list = ScreenModel(name: "list")
        let window = try makeVisibleWindow(root: try StackScreen(root: list, name: "stack"))
        let sheet = ScreenModel(name: "sheet")
        try list.present(sheet)
        try sheet.present(CoverScreen(name: "tour"))
        #expect(window.shownScreens.map(\.screenName) == ["tour"])
    }

    // MARK: - The exhaustive recorder

    private func makeStack() throws -> (ScreenWindow, StackScreen) {
        let stack = try StackScreen(root: ScreenModel(name: "list"), name: "stack")
        return (try makeVisibleWindow(root: stack), stack)
    }

    @Test func anExhaustiveRecorderPassesWhenEveryRecordIsExpected() throws {
        let (window, stack) = try makeStack()
        let recorder = FlowRecorder(window, exhaustive: true)
        try stack.push(ScreenModel(name: "detail"))
        recorder.expect(
            transitions: ["push: list → detail"],
            lifecycle: ["list.willDisappear", "detail.willAppear", "list.didDisappear", "detail.didAppear"])
        recorder.expect(transitions: [])
    }

    @Test func anExhaustiveRecorderFailsOnAnUnexpectedTransitionOrCallback() throws {
        let (window, stack) = try makeStack()
        let recorder = FlowRecorder(window, exhaustive: true)
        try stack.push(ScreenModel(name: "detail"))
        stack.pop()
        withKnownIssue {
            // The lifecycle callbacks are left out: on an exhaustive recorder that means none.
            recorder.expect(transitions: ["push: list → detail"])
        } matching: { issue in
            let text = issue.comments.map(\.rawValue)
            return text == [
                """
                FlowRecorder: the transitions differ from what was expected.
                  expected: ["push: list → detail"]
                  recorded: ["push: list → detail", "pop: detail → list"]
                  not expected: ["pop: detail → list"]
                  the window now:
                    window app
                    stack (StackScreen) appeared
                        shown by replaceRoot: → stack
                      list (ScreenModel) appeared
                          shown by replaceRoot: → stack (list inside stack)
                """
            ]
                || text.first?.hasPrefix("FlowRecorder: the lifecycle callbacks differ from what was expected.") == true
        }
        // The records were consumed: what follows starts afresh.
        recorder.expect(transitions: [])
    }

    @Test func anExhaustiveRecorderReportsWhatHappenedAfterItsLastExpectation() throws {
        let (window, stack) = try makeStack()
        withKnownIssue {
            let recorder = FlowRecorder(window, exhaustive: true)
            withExtendedLifetime(recorder) {
                try? stack.push(ScreenModel(name: "detail"))
            }
        } matching: { issue in
            issue.comments.map(\.rawValue) == [
                """
                An exhaustive FlowRecorder saw what no expect(transitions:lifecycle:) listed:
                  transitions: ["push: list → detail"]
                  lifecycle callbacks: ["list.willDisappear", "detail.willAppear", "list.didDisappear", "detail.didAppear"]
                Expect them, or end the test with recorder.expect(transitions: …, lifecycle: …).
                  the window now:
                    window app
                    stack (StackScreen) appeared
                        shown by replaceRoot: → stack
                      list (ScreenModel) disappeared
                          shown by replaceRoot: → stack (list inside stack)
                      detail (ScreenModel) appeared
                          shown by push: list → detail
                """
            ]
        }
    }

    @Test func aRecorderThatIsNotExhaustiveComparesOnlyWhatItIsGiven() throws {
        let (window, stack) = try makeStack()
        let recorder = FlowRecorder(window)
        try stack.push(ScreenModel(name: "detail"))
        recorder.expect(transitions: ["push: list → detail"])
        stack.pop()
        withKnownIssue {
            recorder.expect(transitions: [], lifecycle: [])
        }
    }
}
