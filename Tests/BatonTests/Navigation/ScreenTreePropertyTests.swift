import Baton
import BatonTesting
import Foundation
import PropertyBased
import Testing

/// Random trees and random pairs of trees, checked against what the values alone say must happen.
@MainActor
@Suite(.isolatedBaton, .lenientMisuse)
struct ScreenTreePropertyTests {
    static let seeds = Gen.int(in: 0...Int.max)

    // MARK: - Round trips

    @Test(.heavyOnTheMainActor) func randomTreesSurviveReadEncodeDecodeAndAssign() async {
        var cases = 0
        var screens = 0
        await propertyCheck(count: 1000, input: Self.seeds) { seed in
            cases += 1
            let tree = TreeGenerator.tree(seed: seed)
            screens += tree.count
            let window = ScreenWindow()
            window.makeVisible()
            do {
                try window.navigate(to: tree)
                let read = try #require(try window.screenTree(TestRoute.self))
                #expect(read == tree, "seed \(seed)")
                let json = try #require(try window.saveScreenTree(TestRoute.self)).json
                let strict = try JSONDecoder().decode(TestTree.self, from: Data(json.utf8))
                #expect(strict == tree, "seed \(seed)")
                let restored = ScreenWindow()
                restored.makeVisible()
                #expect(try restored.restoreScreenTree(SavedScreenTree(json: json), as: TestRoute.self) == [])
                #expect(try restored.screenTree(TestRoute.self) == tree, "seed \(seed): \(tree)")
                if let violation = treeViolation(in: restored, showing: tree) {
                    Issue.record("seed \(seed): \(violation) in \(tree)")
                }
            } catch {
                Issue.record("seed \(seed): \(error) for \(tree)")
            }
        }
        #expect(cases >= 1000)
        // The generator must make trees of some size, or a pass proves little.
        #expect(screens > 4 * cases)
    }

    // MARK: - Pairs

    @Test(.heavyOnTheMainActor) func assigningOneRandomTreeOverAnotherMakesExactlyTheDifference() async {
        var cases = 0
        var keptScreens = 0
        var transitions = 0
        var withoutDetour = 0
        var waited = 0
        await propertyCheck(count: 1000, input: Self.seeds, Self.seeds) { seedA, seedB in
            cases += 1
            let a = TreeGenerator.tree(seed: seedA)
            // Half the pairs share most of their screens: b is a changed from a random point on.
            let b = seedB % 2 == 0 ? TreeGenerator.tree(seed: seedB) : Self.mutation(of: a, seed: seedB)
            let context = "a \(a), b \(b) (seeds \(seedA), \(seedB))"
            let window = ScreenWindow()
            window.makeVisible()
            do {
                try window.navigate(to: a)
                // Identities only: the test must not keep the screens that leave alive.
                let weak = WeakScreens()
                var before: [[Int]: ObjectIdentifier] = [:]
                for (path, screen) in try #require(window.rootScreen).allScreens() {
                    before[path] = ObjectIdentifier(screen)
                    weak.track(screen)
                }
                window.clearLogs()
                window.recordsLifecycle = true
                let expected = ExpectedDiff(from: a, to: b)
                if let flow = expected.waitsFor {
                    // A start-up flow that has not started: nothing changes until it reaches its main screen.
                    waited += 1
                    #expect(try window.navigate(to: b) == .waiting(for: flow), "\(context)")
                    #expect(try window.screenTree(TestRoute.self) == a, "\(context)")
                    #expect(window.transitionLog.isEmpty, "\(context): \(window.transitionLog)")
                    return
                }
                #expect(try window.navigate(to: b) == .applied)
                #expect(try window.screenTree(TestRoute.self) == b, "\(context)")
                #expect(window.transitionLog.count == expected.transitions, "\(context): \(window.transitionLog)")
                transitions += window.transitionLog.count
                let after = try #require(window.rootScreen)
                for (pathA, pathB) in expected.kept {
                    #expect(
                        after.screen(at: pathB).map(ObjectIdentifier.init) == before[pathA],
                        "\(context): \(pathA) → \(pathB) was replaced")
                }
                keptScreens += expected.kept.count
                if let violation = treeViolation(in: window, showing: b) { Issue.record("\(context): \(violation)") }
                // Only what is visible at the end appears, unless a presentation was dismissed or
                // made from a new screen on the way.
                if !expected.mayAppearOnTheWay {
                    withoutDetour += 1
                    let visibleNames = Set(b.visiblePaths(in: window).compactMap { after.screen(at: $0)?.screenName })
                    let appeared = window.lifecycleLog.filter { $0.phase == .willAppear }.map(\.screen)
                    #expect(appeared.allSatisfy(visibleNames.contains), "\(context): \(appeared)")
                }
                // What left is freed.
                let stayed = Set(after.allScreens().map { ObjectIdentifier($0.1) })
                let left = before.values.filter { !stayed.contains($0) }.count
                #expect(weak.aliveCount == before.count - left, "\(context): a screen that left is alive")
            } catch {
                Issue.record("\(context): \(error)")
            }
        }
        #expect(cases >= 1000)
        #expect(keptScreens > cases)
        #expect(transitions > cases)
        #expect(withoutDetour > cases / 4)
        // Pairs that reach a start-up flow that has not started are rare (the seeds differ per run;
        // ScreenTreeReentrancyTests and WindowLaunchTests check the wait itself): most pairs apply.
        #expect(waited < cases / 4)
    }

    /// Each screen an assignment shows for the first time is resolved once: a new container's
    /// resolution leaves out the screens built inside it, which were resolved as they were made.
    @Test(.heavyOnTheMainActor) func everyNewScreenIsResolvedOnce() async throws {
        final class Seen { var screens: [ObjectIdentifier] = [] }
        var resolved = 0
        await propertyCheck(count: 300, input: Self.seeds, Self.seeds) { seedA, seedB in
            let a = TreeGenerator.tree(seed: seedA)
            let b = TreeGenerator.tree(seed: seedB)
            let window = ScreenWindow()
            let coordinator = DependencyCoordinator(name: "probe")
            window.dependencyCoordinator = coordinator
            window.makeVisible()
            do {
                try window.navigate(to: a)
                let seen = Seen()
                try coordinator.register(
                    .destination { (screen: ScreenModel) in seen.screens.append(ObjectIdentifier(screen)) })
                guard try window.navigate(to: b) == .applied else { return }
                resolved += seen.screens.count
                #expect(seen.screens.count == Set(seen.screens).count, "a \(a), b \(b) (seeds \(seedA), \(seedB))")
            } catch {
                Issue.record("a \(a), b \(b) (seeds \(seedA), \(seedB)): \(error)")
            }
        }
        // Pairs of unrelated trees make many new screens, or a pass proves little.
        #expect(resolved > 1000)
    }

    /// Pairs the random run once found failing, replayed every run.
    @Test(arguments: [
        // s2[b, d ^ t1{h2(c), a, *d}] → s2[b, d ^ t1{h2(), a, *d}]: a tab whose hopping container
        // must show nothing cannot be kept, so its tab container is made anew.
        (5_666_066_722_420_004_987, 1_263_312_049_487_388_605),
        // t2{*h2(a)} ^ b ^ a → t2{*h2()} ^ b ^ a: the same at the root.
        (8_374_406_756_658_097_076, 9_117_163_814_546_754_675),
    ])
    func aPairThatOnceFailedReachesItsTarget(_ seedA: Int, _ seedB: Int) throws {
        let a = TreeGenerator.tree(seed: seedA)
        let b = seedB % 2 == 0 ? TreeGenerator.tree(seed: seedB) : Self.mutation(of: a, seed: seedB)
        let window = ScreenWindow()
        window.makeVisible()
        try window.navigate(to: a)
        window.clearLogs()
        let expected = ExpectedDiff(from: a, to: b)
        #expect(try window.navigate(to: b) == .applied)
        #expect(try window.screenTree(TestRoute.self) == b)
        #expect(window.transitionLog.count == expected.transitions, "\(window.transitionLog)")
        #expect(treeViolation(in: window, showing: b) == nil)
    }

    static func withoutPresentations(_ tree: TestTree) -> TestTree {
        var copy = tree
        copy.presented = nil
        switch tree.content {
        case .stack(let screens): copy.content = .stack(screens.map(withoutPresentations))
        case .tabs(let tabs, let selected): copy.content = .tabs(tabs.map(withoutPresentations), selected: selected)
        case .hop(let step?): copy.content = .hop(withoutPresentations(step))
        default: break
        }
        return copy
    }

    /// `a` with its screens from a random point on replaced, keeping its shape elsewhere.
    static func mutation(of a: TestTree, seed: Int) -> TestTree {
        var random = TreeRandom(seed: seed)
        // A subtree put inside a: without presentations, which a's own would conflict with.
        let other = Self.withoutPresentations(TreeGenerator.tree(seed: seed / 2))
        func mutate(_ tree: TestTree, depth: Int) -> TestTree {
            let roll = Int.random(in: 0..<6, using: &random)
            if roll == 0 && depth > 0 { return other }
            var copy = tree
            switch tree.content {
            case .stack(let screens):
                var mutated = screens.map { mutate($0, depth: depth + 1) }
                if roll == 1 { mutated.removeLast(Int.random(in: 0..<mutated.count, using: &random)) }
                if roll == 2 { mutated.append(TestTree(.screen("e"))) }
                copy.content = .stack(mutated)
            case .tabs(let tabs, let selected):
                let mutated = tabs.map { mutate($0, depth: depth + 1) }
                copy.content = .tabs(
                    mutated, selected: roll == 3 ? Int.random(in: 0..<tabs.count, using: &random) : selected)
                // A tab container's route names its tabs.
                copy.route = .tabs(tree.route.name, mutated.map(\.route))
            case .hop(let step?):
                copy.content = .hop(mutate(step, depth: depth + 1))
            default:
                break
            }
            // Presentations come and go only where the tree stays valid: on the root.
            if depth == 0, roll == 4 { copy.presented = nil }
            if let presented = copy.presented { copy.presented = mutate(presented, depth: depth + 1) }
            return copy
        }
        return mutate(a, depth: 0)
    }
}
