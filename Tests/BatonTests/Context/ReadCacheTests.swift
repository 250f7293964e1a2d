import BatonTesting
import Testing

@testable import Baton

private enum Cached: ContextKey { typealias Value = String }
private enum CachedProbe: ContextKey { typealias Value = DeinitProbe }
private enum Other: ContextKey { typealias Value = Int }

/// The read cache's fast paths: a value replaced in place is re-read from the holder a reader
/// remembers, in one lookup at any depth; a key added or removed anywhere, a move or a re-attach
/// makes readers walk again. Each test reads first, so that the cache is warm when the change
/// comes, and several run user code (a value's `deinit`, an observer, a condition) at the moment
/// a stale cache would do harm.
@MainActor
@Suite(.lenientMisuse)
struct ReadCacheTests {
    /// `depth` contexts, root first; the last one reads at that depth.
    static func chain(_ depth: Int) -> [ScreenContext] {
        var contexts = [ScreenContext(name: "c0")]
        for level in 1..<depth { contexts.append(ScreenContext(name: "c\(level)", parent: contexts.last)) }
        return contexts
    }

    // MARK: - Replacing in place

    @Test(arguments: [2, 10, 100])
    func aValueReplacedInItsHolderIsReadAtAnyDepth(depth: Int) {
        let contexts = Self.chain(depth)
        contexts[0].set("first", for: Cached.self)
        #expect(contexts[depth - 1][Cached.self] == "first")
        contexts[0].set("second", for: Cached.self)
        #expect(contexts[depth - 1][Cached.self] == "second")
        contexts[0].set(nil, for: Cached.self)  // an explicit nil replaces in place too
        #expect(contexts[depth - 1][Cached.self] == nil)
        #expect(contexts[depth - 1].contains(Cached.self))
        contexts[0].set("third", for: Cached.self)
        #expect(contexts[depth - 1][Cached.self] == "third")
        #expect(contexts[depth - 1].holder(of: Cached.self) === contexts[0])
    }

    @Test func aReaderThroughAnAncestorsCacheSeesTheReplacedValue() {
        let contexts = Self.chain(20)
        contexts[0].set("first", for: Cached.self)
        #expect(contexts[10][Cached.self] == "first")  // the middle caches the holder
        contexts[0].set("second", for: Cached.self)
        // The leaf has never read: its walk stops at the middle's stale entry, whose holder is current.
        #expect(contexts[19][Cached.self] == "second")
        #expect(contexts[10][Cached.self] == "second")
    }

    // MARK: - Replacing in the same box

    @Test func aBoxHeldOutsideItsSlotKeepsItsValueWhenTheKeyIsReplaced() {
        let context = ScreenContext(name: "form")
        context.set("first", for: Cached.self)
        let copy = context.slots  // what a dump holds while it calls the values' descriptions
        context.set("second", for: Cached.self)
        let held = copy[ObjectIdentifier(Cached.self)]!.box!
        #expect(unsafeDowncast(held, to: Box<String>.self).value == "first")
        #expect(context[Cached.self] == "second")
        #expect(context.slots[ObjectIdentifier(Cached.self)]!.box !== held)
    }

    @Test func aDescriptionThatReplacesItsOwnKeyDuringADumpIsDumpedAsItWas() {
        let context = ScreenContext(name: "form")
        let value = SelfReplacing(name: "first", context: context)
        context.set(value, for: SelfReplacingKey.self)
        let dump = context.dump()
        #expect(dump.contains("SelfReplacingKey = first"))
        #expect(context[SelfReplacingKey.self]?.name == "replaced by first")
        #expect(value.described == 1)
    }

    @Test(arguments: [1, 2, 50])
    func aValueReplacedInPlaceIsReleasedAfterTheWriteIsSettled(depth: Int) {
        let contexts = Self.chain(depth)
        let (root, leaf) = (contexts[0], contexts[depth - 1])
        let owner = Owner()
        var seen: [String] = []
        leaf.onChange(of: CachedProbe.self, owner: owner) { _, _ in seen.append("observer") }
        root.set(
            DeinitProbe {
                seen.append(leaf[CachedProbe.self] === root[CachedProbe.self] ? "deinit sees new" : "deinit sees old")
                root.set(DeinitProbe {}, for: CachedProbe.self)  // the same box again, from the deinit
                seen.append(leaf[CachedProbe.self] === root[CachedProbe.self] ? "then newer" : "then stale")
            }, for: CachedProbe.self)
        _ = leaf[CachedProbe.self]
        seen = []
        root.set(DeinitProbe {}, for: CachedProbe.self)
        #expect(seen == ["observer", "deinit sees new", "observer", "then newer"])
    }

    // MARK: - Changes of the holder

    @Test func aKeySetBetweenTheReaderAndItsHolderShadowsIt() {
        let contexts = Self.chain(10)
        contexts[0].set("root", for: Cached.self)
        #expect(contexts[9][Cached.self] == "root")
        contexts[0].set("root again", for: Cached.self)  // values only: the leaf re-reads the root
        #expect(contexts[9][Cached.self] == "root again")
        contexts[5].set("middle", for: Cached.self)  // a new holder nearer the leaf
        #expect(contexts[9][Cached.self] == "middle")
        #expect(contexts[9].holder(of: Cached.self) === contexts[5])
    }

    @Test func removingFromTheHolderRevealsTheValueFurtherIn() {
        let contexts = Self.chain(10)
        contexts[0].set("root", for: Cached.self)
        contexts[5].set("middle", for: Cached.self)
        #expect(contexts[9][Cached.self] == "middle")
        #expect(contexts[9].remove(Cached.self))
        #expect(contexts[9][Cached.self] == "root")
        #expect(contexts[9].remove(Cached.self))
        #expect(contexts[9][Cached.self] == nil)
        #expect(!contexts[9].contains(Cached.self))
        #expect(!contexts[9].remove(Cached.self))
    }

    @Test func aValueMovedNearerTheReaderIsReadFromItsNewHolder() {
        let contexts = Self.chain(10)
        let elsewhere = ScreenContext(name: "elsewhere")
        contexts[0].set("root", for: Cached.self)
        elsewhere.set("moved", for: Cached.self)
        #expect(contexts[9][Cached.self] == "root")
        elsewhere.moveValue(ObjectIdentifier(Cached.self), to: contexts[5])
        #expect(contexts[9][Cached.self] == "moved")
        #expect(elsewhere[Cached.self] == nil)
    }

    // MARK: - User code at the worst moment

    @Test(arguments: [2, 10, 100])
    func aReplacedValuesDeinitThatSetsTheKeyNearerIsSeenAfterwards(depth: Int) {
        let contexts = Self.chain(depth)
        let (root, middle, leaf) = (contexts[0], contexts[depth / 2], contexts[depth - 1])
        var seen: [String] = []
        root.set(
            DeinitProbe {
                // Runs once the replacement below is settled: the leaf reads the new value (its
                // cache re-reads the root), then a holder appears between them.
                seen.append(leaf[CachedProbe.self] === root[CachedProbe.self] ? "new" : "stale")
                middle.set(DeinitProbe {}, for: CachedProbe.self)
                seen.append(leaf.holder(of: CachedProbe.self) === middle ? "middle" : "root")
            }, for: CachedProbe.self)
        _ = leaf[CachedProbe.self]
        root.set(DeinitProbe {}, for: CachedProbe.self)
        #expect(seen == ["new", "middle"])
        #expect(leaf[CachedProbe.self] === middle[CachedProbe.self])
    }

    @Test(arguments: [2, 10, 100])
    func aReplacedValuesDeinitThatRemovesTheKeyLeavesItGone(depth: Int) {
        let contexts = Self.chain(depth)
        let (root, leaf) = (contexts[0], contexts[depth - 1])
        var seen: [String] = []
        root.set(
            DeinitProbe {
                seen.append(leaf[CachedProbe.self] === root[CachedProbe.self] ? "new" : "stale")
                root.remove(CachedProbe.self)  // frees the new value: no cache may still hold it
                seen.append(leaf[CachedProbe.self] == nil ? "nil" : "new")
            }, for: CachedProbe.self)
        _ = leaf[CachedProbe.self]
        root.set(DeinitProbe {}, for: CachedProbe.self)
        #expect(seen == ["new", "nil"])
        #expect(leaf[CachedProbe.self] == nil)
        #expect(!leaf.contains(CachedProbe.self))
    }

    @Test func anObserverThatReadsAndRemovesDuringAReplacementSeesTheCurrentValue() {
        let contexts = Self.chain(50)
        let (root, leaf) = (contexts[0], contexts[49])
        let owner = Owner()
        root.set("first", for: Cached.self)
        _ = leaf[Cached.self]
        leaf.onChange(
            of: Cached.self, owner: owner,
            if: Condition { [weak owner, weak leaf] in
                owner?.received.append("condition: \(leaf?[Cached.self] ?? "nil")")
                return true
            }
        ) { [weak leaf, weak root] owner, value in
            owner.received.append("observer: \(value ?? "nil"), reads \(leaf?[Cached.self] ?? "nil")")
            if value == "second" { root?.remove(Cached.self) }
        }
        root.set("second", for: Cached.self)
        #expect(
            owner.received == [
                "condition: second", "observer: second, reads second", "condition: nil", "observer: nil, reads nil",
            ])
        #expect(leaf[Cached.self] == nil)
    }

    @Test func aDeinitThatDetachesTheReaderAndFreesTheHolderLeavesNoStaleHolder() {
        #expect(ReadCachePrograms.detachAndFreeTheHolderDuringAReplacement() == ["in deinit: nil", "after: nil"])
    }

    @Test func aDeinitThatDetachesTheReaderAndFreesTheHolderDoesNotCrash() async {
        await #expect(processExitsWith: .success) {
            _ = await MainActor.run { ReadCachePrograms.detachAndFreeTheHolderDuringAReplacement() }
        }
    }

    // MARK: - Against a naive walk

    /// Random sets (new keys, replacements, explicit nils), removes, named sets and removes,
    /// moves, attaches, detaches and freed contexts on a forest several levels deep; after every
    /// step a random subset of contexts reads (so that many caches are stale across several
    /// changes) and each read must be what a walk of the model's tables finds.
    /// The seeds run one after another and hand the main actor on every few steps.
    @Test(.heavyOnTheMainActor, arguments: [11, 12, 13, 14, 15, 16] as [UInt64])
    func readsMatchANaiveWalkAfterRandomChanges(seed: UInt64) async {
        var random = LineageIndexModelTests.Generator(state: seed)
        final class Node {
            var context: ScreenContext?
            var parent: Int?
            var values: [Int: String?] = [:]  // key 0: Cached, key 1: Other (as text)
            init(_ context: ScreenContext, parent: Int?) { (self.context, self.parent) = (context, parent) }
        }
        var nodes: [Node] = []
        func alive() -> [Int] { nodes.indices.filter { nodes[$0].context != nil } }
        func chain(_ index: Int) -> [Int] {
            var result = [index]
            while let parent = nodes[result.last!].parent { result.append(parent) }
            return result
        }
        func expected(_ index: Int, _ key: Int) -> (holder: Int?, value: String?) {
            guard let holder = chain(index).first(where: { nodes[$0].values[key] != nil }) else { return (nil, nil) }
            return (holder, nodes[holder].values[key]!)
        }
        func read(_ index: Int, _ key: Int) -> (holder: Int?, value: String?) {
            let context = nodes[index].context!
            let holder = key == 0 ? context.holder(of: Cached.self) : context.holder(of: Other.self)
            let value = key == 0 ? context[Cached.self] : context[Other.self].map(String.init)
            return (holder.flatMap { holder in nodes.firstIndex { $0.context === holder } }, value)
        }
        // A few chains to start with, up to 40 deep.
        for depth in [1, 5, 40] {
            for level in 0..<depth {
                let parent = level == 0 ? nil : nodes.count - 1
                nodes.append(
                    Node(
                        ScreenContext(name: "n\(nodes.count)", parent: parent.map { nodes[$0].context! }),
                        parent: parent))
            }
        }
        var counts: [String: Int] = [:]
        for step in 0..<800 {
            await shareTheMainActor(at: step, every: 5)
            let live = alive()
            let index = live[random.next(live.count)]
            let key = random.next(2)
            // Cached stores the text, Other the step number, which reads back as the same text.
            let value: String? = random.next(6) == 0 ? nil : "\(step)"
            let context = nodes[index].context!
            switch random.next(10) {
            case 0, 1, 2:  // set here: a replacement or a new slot
                counts[nodes[index].values[key] == nil ? "insert" : "replace", default: 0] += 1
                if key == 0 {
                    context.set(value, for: Cached.self)
                } else {
                    context.set(value.map { _ in step }, for: Other.self)
                }
                nodes[index].values[key] = .some(value)
            case 3:  // set in the nearest context named like a random one on the chain
                let target = chain(index)[random.next(chain(index).count)]
                let name = "n\(target)"
                if key == 0 {
                    try? context.set(value, for: Cached.self, in: name)
                } else {
                    try? context.set(value.map { _ in step }, for: Other.self, in: name)
                }
                nodes[target].values[key] = .some(value)
                counts["named set", default: 0] += 1
            case 4:  // remove from the nearest holder
                let holder = expected(index, key).holder
                let removed = key == 0 ? context.remove(Cached.self) : context.remove(Other.self)
                #expect(removed == (holder != nil), "seed \(seed) step \(step)")
                if let holder { nodes[holder].values[key] = nil }
                counts["remove", default: 0] += 1
            case 5:  // move this context's value to another context
                let target = live[random.next(live.count)]
                guard target != index, nodes[index].values[key] != nil else { break }
                context.moveValue(ObjectIdentifier(key == 0 ? Cached.self : Other.self), to: nodes[target].context!)
                nodes[target].values[key] = nodes[index].values[key]
                nodes[index].values[key] = nil
                counts["move", default: 0] += 1
            case 6, 7:  // attach under another context, or detach
                let target = random.next(4) == 0 ? nil : live[random.next(live.count)]
                if let target, chain(target).contains(index) { break }  // a cycle: not the subject here
                do { try context.attach(to: target.map { nodes[$0].context! }) } catch {
                    Issue.record("seed \(seed) step \(step): \(error)")
                }
                nodes[index].parent = target
                counts[target == nil ? "detach" : "attach", default: 0] += 1
            case 8:  // free a context that no other context is under
                guard live.count > 3, !live.contains(where: { nodes[$0].parent == index }) else { break }
                nodes[index].context = nil
                counts["free", default: 0] += 1
            default:  // a write of the key elsewhere, in a root of its own: values advance, holders stay
                let scratch = ScreenContext(name: "scratch")
                scratch.set("x", for: Cached.self)
                scratch.set("y", for: Cached.self)
                counts["unrelated write", default: 0] += 1
            }
            for reader in alive() where random.next(3) == 0 {
                for key in 0..<2 {
                    let model = expected(reader, key)
                    let actual = read(reader, key)
                    #expect(
                        actual.holder == model.holder, "seed \(seed) step \(step): holder from n\(reader) key \(key)")
                    #expect(actual.value == model.value, "seed \(seed) step \(step): read from n\(reader) key \(key)")
                }
            }
        }
        // The generator must reach every kind of change, or a pass proves little.
        for kind in ["insert", "replace", "named set", "remove", "move", "attach", "detach", "free", "unrelated write"]
        {
            #expect(counts[kind, default: 0] > 5, "seed \(seed): \(kind) \(counts[kind, default: 0])")
        }
    }
}

private enum SelfReplacingKey: ContextKey { typealias Value = SelfReplacing }

/// A value whose description replaces it in its context: user code that a dump runs while it
/// holds the slots.
@MainActor
private final class SelfReplacing: CustomStringConvertible {
    let name: String
    weak var context: ScreenContext?
    var described = 0
    init(name: String, context: ScreenContext?) { (self.name, self.context) = (name, context) }

    nonisolated var description: String {
        MainActor.assumeIsolated {
            described += 1
            context?.set(SelfReplacing(name: "replaced by \(name)", context: nil), for: SelfReplacingKey.self)
            return name
        }
    }
}

/// The programs of the tests that may crash, shared by the exit tests and the in-process tests.
@MainActor
enum ReadCachePrograms {
    /// A leaf caches a read whose holder is the root. Replacing the root's value runs the old
    /// value's `deinit`, which detaches the leaf's branch and lets the root be freed once the
    /// write returns. A write of the key elsewhere then moves its value stamp on but not its
    /// shape: a cache that kept the freed root as its holder would read it.
    @discardableResult
    static func detachAndFreeTheHolderDuringAReplacement() -> [String] {
        var seen: [String] = []
        let middle: ScreenContext
        let leaf: ScreenContext
        do {
            let root = ScreenContext(name: "root")
            middle = ScreenContext(name: "middle", parent: root)
            leaf = ScreenContext(name: "leaf", parent: middle)
            root.set(
                DeinitProbe { [weak leaf, weak middle] in
                    guard let leaf, let middle else { return }
                    try? middle.attach(to: nil)
                    seen.append("in deinit: \(leaf[CachedProbe.self] == nil ? "nil" : "probe")")
                }, for: CachedProbe.self)
            _ = leaf[CachedProbe.self]  // the leaf's cache remembers the root as the holder
            root.set(DeinitProbe {}, for: CachedProbe.self)
        }
        let elsewhere = ScreenContext(name: "elsewhere")
        elsewhere.set(DeinitProbe {}, for: CachedProbe.self)
        elsewhere.set(DeinitProbe {}, for: CachedProbe.self)  // values move on, shapes stay
        seen.append("after: \(leaf[CachedProbe.self] == nil ? "nil" : "probe")")
        precondition(seen == ["in deinit: nil", "after: nil"], "saw \(seen)")
        withExtendedLifetime((middle, elsewhere)) {}
        return seen
    }
}
