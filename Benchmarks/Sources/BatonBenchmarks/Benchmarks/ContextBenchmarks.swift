import Baton

// MARK: - Keys and names

enum UserID: ContextKey { typealias Value = String }
enum TotalWeight: ContextKey { typealias Value = Int }
enum Onboarded: ContextFlag {}
enum Scale: ContextAction {
    typealias Input = Int
    typealias Output = Int
}

/// The object that owns providers, actions and observers in the benchmarks. It is `Sendable` only
/// so that NotificationCenter's `@Sendable` blocks can capture it weakly; every use is on the
/// main thread.
final class Owner: @unchecked Sendable {
    var weight = 42
    var factor = 3
}

/// A root context holding `UserID` and a chain of `depth - 1` contexts below it; reading from
/// the last one is a read at `depth` (depth 1 reads from the holder itself).
@MainActor
func makeChain(depth: Int) -> (root: ScreenContext, leaf: ScreenContext) {
    let root = ScreenContext(name: "app")
    root.set("12345", for: UserID.self)
    var leaf = root
    for level in 1..<max(depth, 1) { leaf = ScreenContext(name: "level-\(level)", parent: leaf) }
    return (root, leaf)
}

/// The plain-Swift peers of a context read.
enum PlainLookup {
    static let key = ObjectIdentifier(UserID.self)

    /// `[ObjectIdentifier: Any]` chains, nearest first, with the value in the last one.
    static func chain(depth: Int) -> [[ObjectIdentifier: Any]] {
        var chain = Array(repeating: [ObjectIdentifier(TotalWeight.self): 1 as Any], count: max(depth, 1))
        chain[chain.count - 1][key] = "12345" as Any
        return chain
    }

    /// The naive walk: look up each dictionary in turn and cast the first hit.
    @inline(__always)
    static func walk(_ chain: [[ObjectIdentifier: Any]]) -> String? {
        for table in chain {
            if let value = table[key] { return value as? String }
        }
        return nil
    }
}

// MARK: - Measures

@MainActor
enum ContextBenchmarks {
    static func reads(_ harness: Harness) -> Section {
        var section = Section("Context read (String value; warm)")

        let table: [ObjectIdentifier: Any] = PlainLookup.chain(depth: 1)[0]
        let chains = [1, 10, 100].map { makeChain(depth: $0) }
        // Each body captures its context itself, as the dictionary body captures its table.
        let (depth1, depth10, depth100) = (chains[0].leaf, chains[1].leaf, chains[2].leaf)
        let walks = [10, 100].map { PlainLookup.chain(depth: $0) }
        let swinject = PeerSwinject.resolver(ancestors: 0)
        let swinjectChain = PeerSwinject.resolver(ancestors: 10)
        let figures = harness.nanosecondsPerOperation([
            ("dictionary-hit", { count in for _ in 0..<count { blackHole(table[PlainLookup.key] as? String) } }),
            ("read-1", { count in for _ in 0..<count { blackHole(depth1[UserID.self]) } }),
            ("read-10", { count in for _ in 0..<count { blackHole(depth10[UserID.self]) } }),
            ("read-100", { count in for _ in 0..<count { blackHole(depth100[UserID.self]) } }),
            ("walk-10", { count in for _ in 0..<count { blackHole(PlainLookup.walk(walks[0])) } }),
            ("walk-100", { count in for _ in 0..<count { blackHole(PlainLookup.walk(walks[1])) } }),
            ("dependencies", PeerDependencies.read),
            ("swinject", swinject),
            ("swinject-10", swinjectChain),
        ])
        withExtendedLifetime(chains) {}
        let (dictionaryHit, baton, naive) = (
            figures[0], [1: figures[1], 10: figures[2], 100: figures[3]], [10: figures[4], 100: figures[5]]
        )
        let (dependencies, swinjectRoot, swinjectParents) = (figures[6], figures[7], figures[8])

        for depth in [1, 10, 100] {
            section.add(
                Row(
                    "depth \(depth) vs [ObjectIdentifier: Any] hit + cast", baton: baton[depth]!, peer: dictionaryHit,
                    target: .ratioAtMost(3)))
        }
        for depth in [10, 100] {
            section.add(
                Row(
                    "depth \(depth) vs naive walk of \(depth) dictionaries", baton: baton[depth]!, peer: naive[depth]!))
        }
        section.add(Row("depth 100 vs Baton depth 1", baton: baton[100]!, peer: baton[1]!, target: .ratioAtMost(2)))
        section.add(
            Row(
                "depth 1 vs swift-dependencies @Dependency in withDependencies", baton: baton[1]!,
                peer: dependencies, target: .fasterBy(5)))
        section.add(
            Row(
                "depth 10 vs swift-dependencies @Dependency in withDependencies", baton: baton[10]!,
                peer: dependencies, target: .fasterBy(5)))
        section.add(
            Row(
                "depth 1 vs Swinject resolve (.container)", baton: baton[1]!, peer: swinjectRoot,
                target: .fasterBy(10)))
        section.add(
            Row(
                "depth 10 vs Swinject resolve through 10 parents", baton: baton[10]!, peer: swinjectParents,
                target: .fasterBy(10)))

        // A write of the same key that replaces the root's value in place leaves every reader's
        // nearest holder unchanged: the next read at depth 100 re-reads the root's slot in one
        // lookup instead of walking (only a key added or removed somewhere makes reads walk
        // again). A write of another key leaves the read warm.
        let (root, leaf) = makeChain(depth: 100)
        let (shallowRoot, _) = makeChain(depth: 1)
        let other = ScreenContext(name: "elsewhere")
        let chain = PlainLookup.chain(depth: 100)
        var scratch: [ObjectIdentifier: Any] = [:]
        let values = (0..<16).map { "user-\($0)" }
        let cold = harness.nanosecondsPerOperation(
            scale: 10,
            [
                (
                    "read-100-after-same-key-write",
                    { count in
                        for index in 0..<count {
                            root.set(values[index & 15], for: UserID.self)
                            blackHole(leaf[UserID.self])
                        }
                    }
                ),
                (
                    "walk-100-after-write",
                    { count in
                        for index in 0..<count {
                            scratch[PlainLookup.key] = values[index & 15]
                            blackHole(PlainLookup.walk(chain))
                        }
                    }
                ),
                (
                    "read-100-after-other-key-write",
                    { count in
                        for index in 0..<count {
                            other.set(index, for: TotalWeight.self)
                            blackHole(leaf[UserID.self])
                        }
                    }
                ),
                (
                    "read-1-after-other-key-write",
                    { count in
                        for index in 0..<count {
                            other.set(index, for: TotalWeight.self)
                            blackHole(shallowRoot[UserID.self])
                        }
                    }
                ),
            ])
        withExtendedLifetime((root, shallowRoot)) {}
        section.add(
            Row(
                "depth 100 after a write of the same key vs dict write + naive walk of 100", baton: cold[0],
                peer: cold[1], target: .ratioAtMost(1)))
        section.add(
            Row(
                "depth 100 after a write of another key vs the same with a depth-1 read", baton: cold[2],
                peer: cold[3], target: .ratioAtMost(1.2)))
        if #available(macOS 14, iOS 17, *) { ObservationBenchmarks.rows(harness, into: &section) }
        KeyFormBenchmarks.rows(harness, into: &section)
        return section
    }

    static func operations(_ harness: Harness) -> Section {
        var section = Section("Context write; provider, flag, action at depth 10 and 100")
        let owner = Owner()
        let context = ScreenContext(name: "app")
        var table: [ObjectIdentifier: Any] = [:]
        let (root, leaf) = makeChain(depth: 10)
        var deep = leaf
        for level in 10..<100 { deep = ScreenContext(name: "level-\(level)", parent: deep) }
        do {
            try root.provide(TotalWeight.self, owner: owner) { $0.weight }
            try root.setFlag(Onboarded.self)
            try root.register(Scale.self, owner: owner) { owner, value in value * owner.factor }
        } catch {
            fatalError("benchmark setup: \(error)")
        }
        let providers: [ObjectIdentifier: () -> Any] = [ObjectIdentifier(TotalWeight.self): { [owner] in owner.weight }]
        let flags: Set<ObjectIdentifier> = [ObjectIdentifier(Onboarded.self)]
        let actions: [ObjectIdentifier: (Any) -> Any] = [
            ObjectIdentifier(Scale.self): { [owner] input in (input as! Int) * owner.factor }
        ]

        let figures = harness.nanosecondsPerOperation([
            ("write", { count in for index in 0..<count { context.set(index, for: TotalWeight.self) } }),
            (
                "dictionary-write",
                { count in
                    for index in 0..<count { table[ObjectIdentifier(TotalWeight.self)] = index }
                }
            ),
            ("request", { count in for _ in 0..<count { blackHole(try? leaf.request(TotalWeight.self)) } }),
            ("request-100", { count in for _ in 0..<count { blackHole(try? deep.request(TotalWeight.self)) } }),
            (
                "closure-call",
                { count in
                    for _ in 0..<count { blackHole(providers[ObjectIdentifier(TotalWeight.self)]?() as? Int) }
                }
            ),
            ("flag", { count in for _ in 0..<count { blackHole(leaf.isSet(Onboarded.self)) } }),
            ("flag-100", { count in for _ in 0..<count { blackHole(deep.isSet(Onboarded.self)) } }),
            (
                "set-contains",
                { count in
                    for _ in 0..<count { blackHole(flags.contains(ObjectIdentifier(Onboarded.self))) }
                }
            ),
            ("execute", { count in for index in 0..<count { blackHole(try? leaf.execute(Scale.self, with: index)) } }),
            (
                "execute-100",
                { count in for index in 0..<count { blackHole(try? deep.execute(Scale.self, with: index)) } }
            ),
            (
                "action-call",
                { count in
                    for index in 0..<count { blackHole(actions[ObjectIdentifier(Scale.self)]?(index) as? Int) }
                }
            ),
        ])
        blackHole(table)
        withExtendedLifetime((root, deep, owner)) {}
        section.add(
            Row("write vs [ObjectIdentifier: Any] write", baton: figures[0], peer: figures[1], target: .ratioAtMost(3)))
        let measures = [
            ("provider request", "[ObjectIdentifier: () -> Any] call + cast", 2),
            ("flag check", "Set<ObjectIdentifier>.contains", 5),
            ("action execute", "[ObjectIdentifier: (Any) -> Any] call + cast", 8),
        ]
        for (measure, peer, index) in measures {
            section.add(
                Row(
                    "\(measure) at depth 10 vs \(peer)", baton: figures[index], peer: figures[index + 2],
                    target: .ratioAtMost(3)))
            section.add(
                Row(
                    "\(measure) at depth 100 vs \(peer)", baton: figures[index + 1], peer: figures[index + 2],
                    target: .ratioAtMost(3)))
            section.add(
                Row(
                    "\(measure): depth 100 vs depth 10", baton: figures[index + 1], peer: figures[index],
                    target: .ratioAtMost(1.5)))
        }
        return section
    }
}
