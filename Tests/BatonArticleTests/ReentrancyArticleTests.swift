import Baton
import BatonTesting
import Testing

// The article "Calling Baton from inside Baton": its two blocks, run as tests that check what the
// article says of them, and the rules it states about transitions requested inside transitions.

// MARK: - Releasing objects

extension ContextValues {
    fileprivate var currentSession: ContextEntry<Session?> { .init() }
}

private enum SessionEnded: ContextEvent { typealias Payload = Bool }  // whether it was still current

private final class Session {
    let context: ScreenContext
    init(context: ScreenContext) { self.context = context }
    deinit {
        let context = self.context
        MainActor.assumeIsolated {
            context.post(SessionEnded.self, context[\.currentSession] != nil)
        }
    }
}

// MARK: - Transitions inside transitions

private final class Detail: ScreenModel {
    private var showedNext = false

    override func willAppear() {
        guard !showedNext else { return }
        showedNext = true
        try? push(ScreenModel(name: "next"))  // queued, so it does not throw: runs once Detail has appeared
    }
}

@MainActor
@Suite(.isolatedBaton)
struct ReentrancyArticleTests {
    @Test func aDeinitRunsAfterTheUpdateAndSeesTheNewState() {
        final class Log {
            var stillCurrent: [Bool] = []
        }
        let log = Log()
        let context = ScreenContext(name: "app")
        context.observe(SessionEnded.self, owner: log) { log, stillCurrent in log.stillCurrent.append(stillCurrent) }

        context.set(Session(context: context), for: \.currentSession)
        context.set(nil, for: \.currentSession)  // the deinit runs after the update: it posts false

        #expect(log.stillCurrent == [false])
        #expect(context.contains(\.currentSession))  // the explicit nil
        #expect(context[\.currentSession] == nil)
    }

    @Test func aPushRequestedInWillAppearRunsOnceTheScreenHasAppeared() throws {
        let window = ScreenWindow()
        let stack = try StackScreen(root: ScreenModel(name: "list"), name: "stack")
        try window.setRoot(stack)
        window.makeVisible()

        try stack.push(Detail(name: "detail"))  // stack: [list, detail, next] when this returns

        #expect(stack.screens.map(\.screenName) == ["list", "detail", "next"])
        #expect(window.transitionLog.map(\.description).suffix(2) == ["push: list → detail", "push: detail → next"])
        let detail = stack.screens[1]
        #expect(detail.appearance == .disappeared)  // appeared, then covered by next
        #expect(!detail.isOnScreen)
        #expect(stack.screens[2].isOnScreen)

        _ = stack.pop()  // detail appears again: it does not push a second time
        #expect(stack.screens.map(\.screenName) == ["list", "detail"])
    }

    @Test func aQueuedPopReturnsNilAndAFailedQueuedTransitionPostsTransitionDidFail() throws {
        final class Popper: ScreenModel {
            var popped: [ScreenModel?] = []
            var pushError: Error?
            override func didAppear() {
                guard popped.isEmpty, let stack = parentScreen as? StackScreen else { return }
                popped.append(stack.pop())  // queued: returns nil
                do {
                    try stack.push(stack.screens[0])  // already shown: fails when it runs
                } catch {
                    pushError = error
                }
            }
        }
        final class Failures {
            var count = 0
        }
        let failures = Failures()
        let window = ScreenWindow()
        window.context.observe(TransitionDidFail.self, owner: failures) { failures, _ in failures.count += 1 }
        let stack = try StackScreen(root: ScreenModel(name: "list"), name: "stack")
        try window.setRoot(stack)
        window.makeVisible()
        let popper = Popper(name: "popper")
        MisuseMode.$current.withValue(.lenient) {
            try? stack.push(popper)
        }
        #expect(popper.popped.count == 1)
        #expect(popper.popped[0] == nil)
        #expect(popper.pushError == nil)  // the requesting call throws nothing
        #expect(stack.screens.map(\.screenName) == ["list"])  // the pop ran before push returned
        #expect(failures.count == 1)
    }
}
