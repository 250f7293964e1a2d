import BatonTesting
import Testing

@testable import Baton

/// Review attacks on a running transition's description, written only when a queued transition
/// needs it for its failure report, and on type names made once per type.
@MainActor
@Suite(.lenientMisuse)
struct ReviewTransitionTextAttackTests {
    final class CallbackScreen: ScreenModel {
        var onDidAppear: (() -> Void)?
        var onWillAppear: (() -> Void)?
        override func didAppear() { onDidAppear?() }
        override func willAppear() { onWillAppear?() }
    }

    final class GenericScreen<Payload>: ScreenModel {}
    final class PlainSubclass: ScreenModel {}
    final class FeatureContext<Payload>: ScreenContext {}

    /// Records the failure reports of the window's deferred transitions.
    func failures(of window: ScreenWindow) -> FailureLog {
        let log = FailureLog()
        window.context.observe(TransitionDidFail.self, owner: log) { log, failure in
            log.reports.append(failure.description)
        }
        return log
    }

    @Test func aTransitionDeferredFromALateHookCompletionNamesTheHop() throws {
        let startup = HoppingScreen(name: "startup", registry: ScreenRegistry())
        let window = try makeVisibleWindow(root: startup)
        let log = failures(of: window)
        var completions: [@MainActor () -> Void] = []
        startup.transitionHook = { _, complete in completions.append(complete) }
        let first = CallbackScreen(name: "first")
        // Already shown: fails.
        first.onDidAppear = { [unowned startup, unowned first] in try? startup.hop(to: first, then: nil) }
        try startup.hop(to: first, then: nil)
        #expect(log.reports.isEmpty)
        // Completed later, outside any transition: the did-phase is a step of its own.
        completions.removeLast()()
        #expect(
            log.reports == [
                "hop of startup to first, deferred until hop: → first completed, failed: "
                    + ScreenError.alreadyInHierarchy(screen: "first", container: "startup").description
            ])
    }

    @Test func aTransitionDeferredInsideADeferredOneNamesTheDeferredOne() throws {
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        let window = try makeVisibleWindow(root: stack)
        let log = failures(of: window)
        let detail = CallbackScreen(name: "detail")
        let next = CallbackScreen(name: "next")
        detail.onDidAppear = { [unowned stack, unowned next] in try? stack.push(next) }
        next.onDidAppear = { [unowned stack, unowned list] in try? stack.push(list) }  // already in the stack: fails
        try stack.push(detail)
        #expect(stack.screens.map(\.screenName) == ["list", "detail", "next"])
        #expect(
            log.reports == [
                "push of list onto stack, deferred until push: detail → next completed, failed: "
                    + ScreenError.alreadyInHierarchy(screen: "list", container: "stack").description
            ])
    }

    @Test func aTransitionDeferredWhileTheWindowAppearsNamesTheAppearance() throws {
        let list = CallbackScreen(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        let window = ScreenWindow()
        window.dependencyCoordinator = DependencyCoordinator(name: "test")
        try window.setRoot(stack)
        let log = failures(of: window)
        list.onWillAppear = { [unowned stack, unowned list] in try? stack.push(list) }  // already in the stack: fails
        window.makeVisible()
        #expect(
            log.reports == [
                "push of list onto stack, deferred until the window appearing completed, failed: "
                    + ScreenError.alreadyInHierarchy(screen: "list", container: "stack").description
            ])
    }

    @Test func aTransitionDeferredWhileARootIsReplacedNamesTheReplacement() throws {
        let window = ScreenWindow()
        window.dependencyCoordinator = DependencyCoordinator(name: "test")
        try window.setRoot(ScreenModel(name: "old"))
        window.makeVisible()
        let log = failures(of: window)
        let list = CallbackScreen(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        list.onWillAppear = { [unowned stack, unowned list] in try? stack.push(list) }
        try window.setRoot(stack)
        #expect(
            log.reports == [
                "push of list onto stack, deferred until replaceRoot: old → stack completed, failed: "
                    + ScreenError.alreadyInHierarchy(screen: "list", container: "stack").description
            ])
    }

    @Test func typeNamesTellGenericArgumentsAndSubclassesApart() {
        #expect(GenericScreen<Int>().screenName == "GenericScreen<Int>")
        #expect(GenericScreen<String>().screenName == "GenericScreen<String>")
        #expect(GenericScreen<Int>().context.name == "GenericScreen<Int>")
        #expect(GenericScreen<[Int]>().screenName == "GenericScreen<Array<Int>>")
        #expect(PlainSubclass().screenName == "PlainSubclass")
        #expect(ScreenModel().screenName == "ScreenModel")
        #expect(FeatureContext<Int>().name == "FeatureContext<Int>")
        #expect(FeatureContext<Bool>().name == "FeatureContext<Bool>")
        #expect(ScreenContext().name == nil)
        // Asked again, from the cache.
        #expect(GenericScreen<String>().screenName == "GenericScreen<String>")
        #expect(FeatureContext<Int>(name: "given").name == "given")
    }
}

/// The failure reports a window received.
@MainActor
final class FailureLog {
    var reports: [String] = []
}
