import BatonTesting
import Testing

@testable import Baton

/// One type that is at once a key (a stored value and a provider's name), a flag, an action and an
/// event: every cache of the fast paths (reads, nearest holders with their records, flags,
/// observers) is keyed by the same `ObjectIdentifier` and shares one ``KeyStamp``.
private enum Shared: ContextKey, ContextFlag, ContextAction, ContextEvent {
    typealias Value = String
    typealias Input = Int
    typealias Output = String
    typealias Payload = Int
    static var name: String { "Shared" }
}

private enum Pinged: ContextEvent { typealias Payload = Int }
/// A flag a condition reads, switched by the test.
@MainActor private final class ExpirySwitch { var isOn = false }

private enum Deep: ContextKey { typealias Value = Int }

/// A hostile review of issue 13's fast paths: user code at the worst moment, one type used for
/// every kind of registration, stamps near their wrap-around, and very deep chains.
@MainActor
@Suite(.lenientMisuse)
struct ReviewCoreAttackTests {
    // MARK: - One type for a value, a provider, an action, a flag and an event

    /// A random program over a tree of contexts (set, remove, provide, register, set and unset
    /// flags, observe, cancel, re-attach, free), checked after every step, from every live
    /// context, against a walk of the contexts' own tables: reads, `holder(of:)`, `isSet`,
    /// `canRequest`, `request`, `canExecute` and `execute` agree with the walk.
    /// The seeds run one after another and hand the main actor on every few steps.
    @Test(.heavyOnTheMainActor, arguments: [1, 2, 3] as [UInt64])
    func oneTypeForEveryKindMatchesAWalkOfTheTables(seed: UInt64) async {
        var random = SplitMix(seed: seed)
        let root = ScreenContext(name: "n0")
        var nodes: [ScreenContext?] = [root]
        var registrations: [Registration] = []
        var owners: [Owner] = []
        var covered: Set<String> = []
        for step in 0..<3000 {
            await shareTheMainActor(at: step, every: 20)
            let live = nodes.indices.filter { nodes[$0] != nil }
            let index = live[Int(random.next() % UInt64(live.count))]
            let context = nodes[index]!
            switch random.next() % 12 {
            case 0, 1:
                if nodes.count < 40 {
                    nodes.append(ScreenContext(name: "n\(nodes.count)", parent: context))
                }
            case 2: context.set("v\(step)", for: Shared.self)
            case 3: context.set(nil, for: Shared.self)
            case 4: context.remove(Shared.self)
            case 5:
                let owner = Owner()
                owners.append(owner)
                if let registration = try? context.provide(Shared.self, owner: owner, { _ in "p\(step)" }) {
                    registrations.append(registration)
                }
            case 6:
                let owner = Owner()
                owners.append(owner)
                if let registration = try? context.register(
                    Shared.self, owner: owner, { _, input in "a\(step)+\(input)" })
                {
                    registrations.append(registration)
                }
            case 7:
                if random.next() % 2 == 0 {
                    try? context.setFlag(Shared.self)
                } else {
                    try? context.unsetFlag(Shared.self)
                }
            case 8:
                if !registrations.isEmpty {
                    registrations.remove(at: Int(random.next() % UInt64(registrations.count))).cancel()
                }
                if !owners.isEmpty, random.next() % 2 == 0 {
                    owners.remove(at: Int(random.next() % UInt64(owners.count)))
                }
            case 9:
                let candidates = live.filter { $0 != index && !context.isAncestorOrSelf(of: nodes[$0]!) }
                if random.next() % 4 == 0 {
                    try? context.attach(to: nil)
                } else if !candidates.isEmpty {
                    try? context.attach(to: nodes[candidates[Int(random.next() % UInt64(candidates.count))]])
                }
            case 10:
                if index != 0 { nodes[index] = nil }  // freed unless a child holds it
            default:
                let owner = Owner()
                owners.append(owner)
                registrations.append(context.observe(Shared.self, owner: owner) { _, _ in })
            }
            for context in nodes.compactMap({ $0 }) {
                let expected = Self.walk(from: context)
                if expected.value != nil { covered.insert("value") }
                if expected.holder != nil, expected.value == nil { covered.insert("explicit nil") }
                if expected.flag { covered.insert("flag") }
                if expected.provided != nil { covered.insert("provided") }
                if expected.executed != nil { covered.insert("executed") }
                if context.level > 3 { covered.insert("deep") }
                #expect(context[Shared.self] == expected.value, "step \(step), \(context.label): read")
                #expect(context.contains(Shared.self) == (expected.holder != nil), "step \(step): contains")
                #expect(context.holder(of: Shared.self) === expected.holder, "step \(step): holder")
                #expect(context.isSet(Shared.self) == expected.flag, "step \(step), \(context.label): isSet")
                #expect(context.canRequest(Shared.self) == (expected.provided != nil), "step \(step): canRequest")
                #expect((try? context.request(Shared.self)) == expected.provided, "step \(step): request")
                #expect(context.canExecute(Shared.self) == (expected.executed != nil), "step \(step): canExecute")
                #expect((try? context.execute(Shared.self, with: 1)) == expected.executed, "step \(step): execute")
            }
        }
        #expect(covered == ["value", "explicit nil", "flag", "provided", "executed", "deep"])
    }

    /// What the chain of `context` holds for `Shared`, found by walking the contexts' tables.
    static func walk(from context: ScreenContext) -> (
        value: String?, holder: ScreenContext?, flag: Bool, provided: String?, executed: String?
    ) {
        var value: String?
        var holder: ScreenContext?
        var flag = false
        var provider: ProviderRecord?
        var action: ActionRecord?
        var current: ScreenContext? = context
        let id = ObjectIdentifier(Shared.self)
        while let context = current {
            if holder == nil, let slot = context.slots[id] {
                holder = context
                value = slot.box.map { ($0 as! Box<String>).value }
            }
            if context.flags[id] != nil { flag = true }
            if provider == nil { provider = context.providers[id] }
            if action == nil { action = context.actions[id] }
            current = context.parent
        }
        var provided: String?
        if let provider = provider as? TypedProviderRecord<String>, provider.isLive, let owner = provider.owner {
            provided = provider.produce(owner)
        }
        var executed: String?
        if let action = action as? TypedActionRecord<Int, String>, action.isLive, let owner = action.owner {
            executed = action.perform(owner, 1)
        }
        return (value, holder, flag, provided, executed)
    }

    /// Writing a value of the shared type, setting it as a flag and posting it as an event, from
    /// the observers of each other, keeps every cache exact.
    @Test func observersOfTheSharedTypeWritingItsOtherKindsSeeCurrentResults() throws {
        let root = ScreenContext(name: "root")
        let middle = ScreenContext(name: "middle", parent: root)
        let leaf = ScreenContext(name: "leaf", parent: middle)
        let owner = Owner()
        root.set("root", for: Shared.self)
        try root.provide(Shared.self, owner: owner) { _ in "provided" }
        _ = (leaf[Shared.self], leaf.isSet(Shared.self), try? leaf.request(Shared.self))  // warm
        var seen: [String] = []
        leaf.onChange(of: Shared.self, owner: owner) { _, value in
            seen.append("changed \(value ?? "nil")")
            try? middle.setFlag(Shared.self)
            leaf.post(Shared.self, 1)
        }
        leaf.observe(Shared.self, owner: owner) { _, payload in
            seen.append("post \(payload): \(leaf[Shared.self] ?? "nil") flag \(leaf.isSet(Shared.self))")
            seen.append("request \((try? leaf.request(Shared.self)) ?? "none")")
        }
        middle.set("middle", for: Shared.self)
        #expect(
            seen == ["changed middle", "post 1: middle flag true", "request provided"])
        #expect(leaf[Shared.self] == "middle")
        #expect(leaf.isSet(Shared.self))
    }

    // MARK: - Registrations made by user code during a registration's own check

    /// `provide` checks the lineage first, which runs the expiries of the providers it meets.
    /// An expiry that registers a provider of the same key on the very context being provided to
    /// (and warms a reader's cache of it) must make `provide` throw, as for any live provider on
    /// the lineage, not replace that provider silently: replacing it freed a record the reader's
    /// cache still trusted (the key's stamp had not moved yet), and what its closure captured ran
    /// its `deinit` in the middle of the table update.
    @Test func aProviderRegisteredByAnExpiryDuringProvideIsNotReplaced() throws {
        let seen = ReviewAttackPrograms.expiryRegistersDuringProvide()
        #expect(
            seen == [
                "inner registered, leaf gets inner",
                "outer: A live provider for Shared is already registered in screen → root; only one live provider per key may exist on a lineage (a context, its ancestors and its descendants). Cancel it, or let its owner go, before registering another.",
                "leaf gets inner",
            ])
    }

    @Test func aProviderRegisteredByAnExpiryDuringProvideDoesNotCrash() async {
        await #expect(processExitsWith: .success) {
            // `provide` throwing a misuse traps in the child process's default strict mode.
            await MisuseMode.$current.withValue(.lenient) {
                _ = await MainActor.run { ReviewAttackPrograms.expiryRegistersDuringProvide() }
            }
        }
    }

    /// The same for actions: an expiry met by `register`'s lineage check registers the action on
    /// the context being registered to.
    @Test func anActionRegisteredByAnExpiryDuringRegisterIsNotReplaced() throws {
        let seen = ReviewAttackPrograms.expiryRegistersDuringRegister()
        #expect(
            seen == [
                "inner registered, leaf gets inner 1",
                "outer: A live action Shared is already registered in screen → root; action names are unique on a lineage (a context, its ancestors and its descendants). Cancel it, or let its owner go, before registering another.",
                "leaf gets inner 2",
            ])
    }

    @Test func anActionRegisteredByAnExpiryDuringRegisterDoesNotCrash() async {
        await #expect(processExitsWith: .success) {
            // `provide` throwing a misuse traps in the child process's default strict mode.
            await MisuseMode.$current.withValue(.lenient) {
                _ = await MainActor.run { ReviewAttackPrograms.expiryRegistersDuringRegister() }
            }
        }
    }

    /// The same, with the expiry registering on a descendant of the context being provided to
    /// (or registered to): `provide` and `register` throw, naming it, instead of leaving two live
    /// registrations on one lineage.
    @Test func aRegistrationAnExpiryMakesOnADescendantDuringTheCheckIsFound() {
        let root = ScreenContext(name: "root")
        let screen = ScreenContext(name: "screen", parent: root)
        let leaf = ScreenContext(name: "leaf", parent: screen)
        let owner = Owner()
        var providerRegistered = false
        let providerExpiry = Condition {
            if providerRegistered { return true }
            providerRegistered = true
            _ = try? leaf.provide(Shared.self, owner: owner) { _ in "leaf" }
            return true
        }
        var actionRegistered = false
        let actionExpiry = Condition {
            if actionRegistered { return true }
            actionRegistered = true
            _ = try? leaf.register(Shared.self, owner: owner) { _, _ in "leaf" }
            return true
        }
        _ = try? root.provide(Shared.self, owner: owner, expiresIf: providerExpiry) { _ in "root" }
        _ = try? root.register(Shared.self, owner: owner, expiresIf: actionExpiry) { _, _ in "root" }
        #expect(throws: ContextError.providerAlreadyRegistered(key: "Shared", registeredIn: "leaf → screen → root")) {
            try screen.provide(Shared.self, owner: owner) { _ in "screen" }
        }
        #expect(throws: ContextError.actionAlreadyRegistered(action: "Shared", registeredIn: "leaf → screen → root")) {
            try screen.register(Shared.self, owner: owner) { _, _ in "screen" }
        }
        #expect((try? screen.request(Shared.self)) == nil)
        #expect((try? screen.execute(Shared.self, with: 1)) == nil)
        #expect((try? leaf.request(Shared.self)) == "leaf")
        #expect((try? leaf.execute(Shared.self, with: 1)) == "leaf")
    }

    // MARK: - Posts

    /// A post that met a dead observer drops it after the loop, checking every observer's expiry
    /// again. An expiry that registers a new observer of the same event on the same context at
    /// that moment must not lose it: the next post calls it.
    @Test func anObserverRegisteredByAnExpiryWhileAPostDropsDeadObserversIsKept() {
        let context = ScreenContext(name: "screen")
        let owner = Owner()
        var seen: [String] = []
        var dead: Owner? = Owner()
        context.observe(Pinged.self, owner: dead!) { _, _ in seen.append("dead") }
        var checks = 0
        let expiry = Condition {
            checks += 1
            // The second check is the drop of the dead observer, after the loop.
            if checks == 2 {
                context.observe(Pinged.self, owner: owner) { _, payload in seen.append("late \(payload)") }
            }
            return false
        }
        context.observe(Pinged.self, owner: owner, expiresIf: expiry) { _, payload in seen.append("expiring \(payload)")
        }
        dead = nil
        context.post(Pinged.self, 1)
        context.post(Pinged.self, 2)
        #expect(checks >= 2)
        #expect(seen == ["expiring 1", "expiring 2", "late 2"])
    }

    /// Ending an observer does not advance the event's stamp, so a post's cached nearest
    /// ancestor with observers is checked against its table. Observers ended by `cancel`, by
    /// `removeObservers(owner:)`, by their owner going away and by their expiry, on ancestors a
    /// warm post from the leaf skips to, leave later posts reaching exactly the live ones.
    @Test func postsFromALeafReachExactlyTheLiveAncestorObserversAsTheyEnd() {
        let root = ScreenContext(name: "root")
        let upper = ScreenContext(name: "upper", parent: root)
        let lower = ScreenContext(name: "lower", parent: upper)
        let leaf = ScreenContext(name: "leaf", parent: lower)
        var seen: [String] = []
        let keeper = Owner()
        var transient: Owner? = Owner()
        let expired = ExpirySwitch()
        let cancelled = upper.observe(Pinged.self, owner: keeper) { _, p in seen.append("upper \(p)") }
        root.observe(Pinged.self, owner: transient!) { _, p in seen.append("root transient \(p)") }
        root.observe(Pinged.self, owner: keeper, expiresIf: Condition { expired.isOn }) { _, p in
            seen.append("root expiring \(p)")
        }
        lower.observe(Pinged.self, owner: keeper) { _, p in seen.append("lower \(p)") }
        leaf.post(Pinged.self, 1, reach: .ancestors)
        cancelled.cancel()
        leaf.post(Pinged.self, 2, reach: .ancestors)
        lower.removeObservers(owner: keeper)
        leaf.post(Pinged.self, 3, reach: .ancestors)
        transient = nil
        leaf.post(Pinged.self, 4, reach: .ancestors)
        expired.isOn = true
        leaf.post(Pinged.self, 5, reach: .ancestors)
        upper.observe(Pinged.self, owner: keeper) { _, p in seen.append("upper again \(p)") }
        leaf.post(Pinged.self, 6, reach: .ancestors)
        #expect(
            seen == [
                "lower 1", "upper 1", "root transient 1", "root expiring 1",
                "lower 2", "root transient 2", "root expiring 2",
                "root transient 3", "root expiring 3",
                "root expiring 4",
                "upper again 6",
            ])
    }

    // MARK: - Stamps near their wrap-around

    /// Stamps advance with `&+=`: a key's stamps wrapping around from `UInt64.max` keep reads,
    /// flag checks and requests exact.
    @Test func keyStampsWrappingAroundKeepTheCachesExact() throws {
        let root = ScreenContext(name: "root")
        let middle = ScreenContext(name: "middle", parent: root)
        let leaf = ScreenContext(name: "leaf", parent: middle)
        let stamp = KeyStamps.stamp(for: ObjectIdentifier(Deep.self))
        stamp.value = .max - 3
        stamp.shape = .max - 1
        for round in 0..<8 {
            root.set(round, for: Deep.self)
            #expect(leaf[Deep.self] == round)
            middle.set(100 + round, for: Deep.self)
            #expect(leaf[Deep.self] == 100 + round)
            middle.remove(Deep.self)
            #expect(leaf[Deep.self] == round)
        }
        #expect(stamp.value < 100)
    }

    // MARK: - Very deep chains

    /// A chain of 100,000 contexts: a read at its leaf, a write at its root and a read after it,
    /// then the whole chain is freed from its leaf.
    @Test func aChainOfAHundredThousandContextsReadsAndIsFreed() async {
        await #expect(processExitsWith: .success) {
            await MainActor.run { ReviewAttackPrograms.hundredThousandDeepChain() }
        }
    }

    // MARK: - User code re-attaching mid-lookup

    /// A provider's condition re-attaches the requester under another provider of the same key:
    /// this request answers from the provider it found (its condition held); the next one from
    /// the new chain.
    @Test func aConditionThatReattachesTheRequesterIsAnsweredByTheNewChainNextTime() throws {
        let first = ScreenContext(name: "first")
        let second = ScreenContext(name: "second")
        let requester = ScreenContext(name: "requester", parent: first)
        let owner = Owner()
        try second.provide(Shared.self, owner: owner) { _ in "second" }
        var moved = false
        try first.provide(
            Shared.self, owner: owner,
            if: Condition {
                if !moved {
                    moved = true
                    try? requester.attach(to: second)
                }
                return true
            }
        ) { _ in "first" }
        try first.register(
            Shared.self, owner: owner,
            if: Condition {
                try? requester.attach(to: first)
                return true
            }
        ) { _, input in "first \(input)" }
        try second.register(Shared.self, owner: owner) { _, input in "second \(input)" }
        #expect(try requester.request(Shared.self) == "first")
        #expect(try requester.request(Shared.self) == "second")
        #expect(requester.parent === second)
        #expect(try requester.execute(Shared.self, with: 1) == "second 1")
    }

    /// A value's `deinit`, run when a re-attach frees the old parent, re-attaches the reader
    /// again and reads through every cache: each result is the current chain's.
    @Test func aValueDeinitThatReattachesDuringAReattachSeesTheLatestChain() throws {
        let third = ScreenContext(name: "third")
        third.set("third", for: Shared.self)
        try third.setFlag(Shared.self)
        let next = ScreenContext(name: "next")
        next.set("next", for: Shared.self)
        let reader = ScreenContext(name: "reader")
        var seen: [String] = []
        do {
            let old = ScreenContext(name: "old")
            old.set(
                DeinitProbe { [reader] in
                    try? reader.attach(to: third)
                    seen.append("\(reader[Shared.self] ?? "nil") \(reader.isSet(Shared.self))")
                }, for: ProbeKey.self)
            old.set("old", for: Shared.self)
            try reader.attach(to: old)
            _ = (reader[Shared.self], reader.isSet(Shared.self), reader[ProbeKey.self])  // warm
        }
        try reader.attach(to: next)  // frees `old`, whose probe moves the reader on
        #expect(seen == ["third true"])
        #expect(reader.parent === third)
        #expect(reader[Shared.self] == "third")
        #expect(reader.isSet(Shared.self))
    }
}

@MainActor
enum ReviewAttackPrograms {
    /// See ``ReviewCoreAttackTests/aProviderRegisteredByAnExpiryDuringProvideIsNotReplaced()``.
    @discardableResult
    static func expiryRegistersDuringProvide() -> [String] {
        var seen: [String] = []
        let root = ScreenContext(name: "root")
        let screen = ScreenContext(name: "screen", parent: root)
        let leaf = ScreenContext(name: "leaf", parent: screen)
        let owner = Owner()
        var checking = false
        var registered = false
        let expiry = Condition {
            if checking || registered { return true }  // the inner provide's own check
            checking = true
            defer { checking = false }
            registered = true
            let probe = DeinitProbe { [weak leaf] in
                seen.append("inner provider freed; leaf gets \((try? leaf?.request(Shared.self)) ?? "nothing")")
            }
            // The handle is dropped: only the screen's table holds the record.
            _ = try? screen.provide(Shared.self, owner: owner) { _ in withExtendedLifetime(probe) { "inner" } }
            seen.append("inner registered, leaf gets \((try? leaf.request(Shared.self)) ?? "nothing")")
            return true
        }
        _ = try? root.provide(Shared.self, owner: owner, expiresIf: expiry) { _ in "root" }
        do {
            try screen.provide(Shared.self, owner: owner) { _ in "outer" }
            seen.append("outer registered")
        } catch {
            seen.append("outer: \(error)")
        }
        seen.append("leaf gets \((try? leaf.request(Shared.self)) ?? "nothing")")
        return seen
    }

    /// See ``ReviewCoreAttackTests/anActionRegisteredByAnExpiryDuringRegisterIsNotReplaced()``.
    @discardableResult
    static func expiryRegistersDuringRegister() -> [String] {
        var seen: [String] = []
        let root = ScreenContext(name: "root")
        let screen = ScreenContext(name: "screen", parent: root)
        let leaf = ScreenContext(name: "leaf", parent: screen)
        let owner = Owner()
        var checking = false
        var registered = false
        let expiry = Condition {
            if checking || registered { return true }
            checking = true
            defer { checking = false }
            registered = true
            let probe = DeinitProbe { [weak leaf] in
                seen.append("inner action freed; leaf gets \((try? leaf?.execute(Shared.self, with: 3)) ?? "nothing")")
            }
            _ = try? screen.register(Shared.self, owner: owner) { _, input in
                withExtendedLifetime(probe) { "inner \(input)" }
            }
            seen.append("inner registered, leaf gets \((try? leaf.execute(Shared.self, with: 1)) ?? "nothing")")
            return true
        }
        _ = try? root.register(Shared.self, owner: owner, expiresIf: expiry) { _, _ in "root" }
        do {
            try screen.register(Shared.self, owner: owner) { _, input in "outer \(input)" }
            seen.append("outer registered")
        } catch {
            seen.append("outer: \(error)")
        }
        seen.append("leaf gets \((try? leaf.execute(Shared.self, with: 2)) ?? "nothing")")
        return seen
    }

    static func hundredThousandDeepChain() {
        var leaf: ScreenContext? = ScreenContext(name: "root")
        weak let root = leaf
        for _ in 1..<100_000 { leaf = ScreenContext(parent: leaf) }
        root!.set(1, for: Deep.self)
        precondition(leaf![Deep.self] == 1)
        root!.set(2, for: Deep.self)
        precondition(leaf![Deep.self] == 2)
        leaf = nil
        precondition(root == nil, "the chain outlived its leaf")
    }
}

/// A small deterministic generator, so that a failing seed replays.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
