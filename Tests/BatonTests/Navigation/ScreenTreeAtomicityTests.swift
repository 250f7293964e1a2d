import Baton
import BatonTesting
import PropertyBased
import Testing

/// A factory or a resolver that throws at any step of an assignment leaves the window exactly
/// as it was: the same tree, objects, contexts, lifecycle phases, logs and coordinator state.
@MainActor
@Suite(.isolatedBaton, .lenientMisuse)
struct ScreenTreeAtomicityTests {
    /// Everything an assignment could change.
    struct Snapshot: Equatable {
        var tree: String
        var screens: [[Int]: ObjectIdentifier] = [:]
        var contexts: [[Int]: ObjectIdentifier] = [:]
        var parents: [[Int]: ObjectIdentifier] = [:]
        var appearances: [[Int]: String] = [:]
        var log: [String]
        var lifecycle: [String]
        var reachable: Set<ObjectIdentifier> = []

        @MainActor init(_ window: ScreenWindow) {
            tree = (try? window.screenTree(TestRoute.self))?.description ?? "nil"
            log = window.transitionLog.map(\.description)
            lifecycle = window.lifecycleLog.map(\.description)
            for (path, screen) in window.rootScreen?.allScreens() ?? [] {
                screens[path] = ObjectIdentifier(screen)
                contexts[path] = ObjectIdentifier(screen.context)
                parents[path] = screen.context.parent.map(ObjectIdentifier.init)
                appearances[path] = "\(screen.appearance)"
            }
            var pending = [window.context]
            while let context = pending.popLast() {
                reachable.insert(ObjectIdentifier(context))
                pending += context.children
            }
        }
    }

    /// Records what resolvers run, and throws from the destination resolver at one call.
    @MainActor final class ResolverProbe {
        var log: [String] = []
        var calls = 0
        var failingCall: Int?
        struct Refused: Error, CustomStringConvertible { var description: String { "refused" } }
    }

    static func window(showing tree: TestTree, probe: ResolverProbe) throws -> ScreenWindow {
        let window = ScreenWindow()
        let coordinator = DependencyCoordinator(name: "atomic")
        window.dependencyCoordinator = coordinator
        window.recordsLifecycle = true
        window.makeVisible()
        try window.navigate(to: tree)
        // Registered after the first tree, so that the assignment under test spends the initial
        // resolver and makes the context resolver remember sources: state a failure must undo.
        try coordinator.register(.initial { (screen: NavScreen) in probe.log.append("initial \(screen.screenName)") })
        try coordinator.register(
            .context { (source: NavScreen, destination: NavScreen) in
                probe.log.append("context \(source.screenName) → \(destination.screenName)")
            })
        try coordinator.register(
            .destination { (screen: ScreenModel) in
                defer { probe.calls += 1 }
                if probe.calls == probe.failingCall { throw ResolverProbe.Refused() }
                probe.log.append("destination \(screen.screenName)")
            })
        return window
    }

    @Test(.heavyOnTheMainActor) func aFactoryOrResolverThatThrowsAtAnyStepChangesNothing() async {
        var pairs = 0
        var failedSteps = 0
        await propertyCheck(count: 300, input: ScreenTreePropertyTests.seeds, ScreenTreePropertyTests.seeds) {
            seedA, seedB in
            pairs += 1
            failedSteps += await Self.checkEveryFailingStep(seedA: seedA, seedB: seedB)
        }
        #expect(pairs >= 300)
        #expect(failedSteps > 1000)
    }

    /// Makes the assignment of b over a fail at each factory and resolver call in turn; returns
    /// how many steps failed. Each step hands the main actor on first: a pair's steps together
    /// hold it long enough to keep the suite's awaiting tests waiting.
    static func checkEveryFailingStep(seedA: Int, seedB: Int) async -> Int {
        let a = TreeGenerator.tree(seed: seedA)
        let b = seedB % 2 == 0 ? TreeGenerator.tree(seed: seedB) : ScreenTreePropertyTests.mutation(of: a, seed: seedB)
        let context = "a \(a), b \(b) (seeds \(seedA), \(seedB))"
        var failedSteps = 0
        do {
            // The control run: how many factory and resolver calls the assignment makes, and
            // which resolvers it runs.
            let faults = NavigationFaults()
            let probe = ResolverProbe()
            let window = try NavigationFaults.$current.withValue(faults) { try Self.window(showing: a, probe: probe) }
            let before = faults.calls
            let result = try NavigationFaults.$current.withValue(faults) { try window.navigate(to: b) }
            // b asks a start-up flow that has not started for a step: nothing changes until it
            // reaches its main screen (ScreenTreeReentrancyTests checks the wait), so no step can fail.
            if result == .waiting(for: ExpectedDiff(from: a, to: b).waitsFor ?? "") { return 0 }
            #expect(result == .applied, "\(context)")
            let factoryCalls = faults.calls - before
            let resolverCalls = probe.calls
            let resolverLog = probe.log
            for step in 0..<(factoryCalls + resolverCalls) {
                await shareTheMainActor(at: step, every: 1)
                try checkFailing(at: step, factoryCalls: factoryCalls, a: a, b: b, resolverLog: resolverLog, context)
                failedSteps += 1
            }
        } catch {
            Issue.record("\(context): \(error)")
        }
        return failedSteps
    }

    static func checkFailing(
        at step: Int, factoryCalls: Int, a: TestTree, b: TestTree, resolverLog: [String], _ context: String
    ) throws {
        let faults = NavigationFaults()
        let probe = ResolverProbe()
        try NavigationFaults.$current.withValue(faults) {
            let window = try Self.window(showing: a, probe: probe)
            let snapshot = Snapshot(window)
            // The screens the failed assignment makes stay alive: none may stay wired into the window.
            faults.keepsScreens = true
            if step < factoryCalls {
                faults.failingCall = faults.calls + step
            } else {
                probe.failingCall = step - factoryCalls
            }
            do {
                try window.navigate(to: b)
                Issue.record("\(context): step \(step) did not fail")
            } catch let error as NavigationError {
                switch error {
                case .factoryFailed where step < factoryCalls, .transitionFailed where step >= factoryCalls: break
                default: Issue.record("\(context): step \(step) failed with \(error)")
                }
            }
            #expect(Snapshot(window) == snapshot, "\(context): step \(step) changed the window")
            faults.keepsScreens = false
            faults.made = []
            // The coordinators' state was put back: the same resolvers run as in the control.
            faults.failingCall = nil
            probe.failingCall = nil
            probe.log = []
            try window.navigate(to: b)
            #expect(probe.log == resolverLog, "\(context): step \(step) left resolver state behind")
            #expect(try window.screenTree(TestRoute.self) == b)
        }
    }
}
