import BatonTesting
import Testing

@testable import Baton

private enum Chaos: ContextKey, ContextFlag, ContextAction, ContextEvent {
    typealias Value = String
    typealias Input = Int
    typealias Output = String
    typealias Payload = Int
    static var name: String { "Chaos" }
}

private enum ChaosProbe: ContextKey { typealias Value = ChaosValue }

/// A stored value whose `deinit` runs a random operation on the tree.
private final class ChaosValue {
    deinit { MainActor.assumeIsolated { ChaosProgram.current?.reenter("value deinit") } }
}

/// 100,000 random operations on a tree of contexts where every kind of user code (a value's
/// `deinit`, an observer of a value or of an event, a provider's and an action's closure, a
/// condition, an expiry, an owner's `deinit`) itself runs a random operation, at most two deep.
/// After every 50 steps, every live context's reads, flag checks, requests and action calls are
/// compared with a walk of the tables. Runs in a child process: a crash fails the test.
@MainActor
@Suite(.lenientMisuse)
struct ReviewChaosTests {
    static let steps = 100_000

    @Test func aHundredThousandRandomOperationsWithReentrantUserCodeStayExact() async {
        await #expect(processExitsWith: .success) {
            await MisuseMode.$current.withValue(.lenient) {
                await MainActor.run { ChaosProgram.run(seed: 7, steps: ReviewChaosTests.steps) }
            }
        }
    }

    @Test func twoThousandRandomOperationsWithReentrantUserCodeStayExact() {
        ChaosProgram.run(seed: 8, steps: 2_000)
    }
}

@MainActor
private final class ChaosOwner {
    deinit { MainActor.assumeIsolated { ChaosProgram.current?.reenter("owner deinit") } }
}

@MainActor
private final class ChaosProgram {
    static var current: ChaosProgram?

    var state: UInt64
    var nodes: [ScreenContext?] = []
    var owners: [ChaosOwner] = []
    var registrations: [Registration] = []
    var depth = 0
    var reentries = 0

    init(seed: UInt64) { state = seed }

    func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }

    static func run(seed: UInt64, steps: Int) {
        let program = ChaosProgram(seed: seed)
        current = program
        defer { current = nil }
        program.nodes = [ScreenContext(name: "n0")]
        for step in 0..<steps {
            program.operate()
            if step % 50 == 0 { program.check(step) }
        }
        program.check(steps)
        precondition(program.reentries > 0)
    }

    var live: [ScreenContext] { nodes.compactMap { $0 } }

    func randomContext() -> ScreenContext {
        let live = self.live
        return live[next(live.count)]
    }

    /// User code calling back: one random operation, at most two deep.
    func reenter(_ site: String) {
        guard depth < 2 else { return }
        reentries += 1
        operate()
    }

    func operate() {
        depth += 1
        defer { depth -= 1 }
        // A bounded number of registrations and owners, so that the cost per step stays flat.
        if depth == 1, registrations.count > 64 {
            let ended = Array(registrations.prefix(32))
            registrations.removeFirst(32)
            for registration in ended { registration.cancel() }
        }
        if depth == 1, owners.count > 64 {
            let dropped = Array(owners.prefix(32))
            owners.removeFirst(32)
            withExtendedLifetime(dropped) {}
        }
        let context = randomContext()
        switch next(20) {
        case 0, 1:
            if nodes.count < 60 { nodes.append(ScreenContext(name: "n\(nodes.count)", parent: context)) }
        case 2: context.set("v\(next(1000))", for: Chaos.self)
        case 3: context.set(nil, for: Chaos.self)
        case 4: context.remove(Chaos.self)
        case 5: context.set(ChaosValue(), for: ChaosProbe.self)
        case 6: context.remove(ChaosProbe.self)
        case 7:
            let owner = ChaosOwner()
            owners.append(owner)
            let condition = Condition { [unowned self] in
                if self.next(8) == 0 { self.reenter("condition") }
                return self.next(4) != 0
            }
            let expiry = Condition { [unowned self] in
                if self.next(8) == 0 { self.reenter("expiry") }
                return self.next(16) == 0
            }
            if let registration = try? context.provide(
                Chaos.self, owner: owner, if: next(2) == 0 ? condition : nil, expiresIf: next(2) == 0 ? expiry : nil,
                { [unowned self] _ in
                    if self.next(4) == 0 { self.reenter("provider") }
                    return "p"
                })
            {
                registrations.append(registration)
            }
        case 8:
            let owner = ChaosOwner()
            owners.append(owner)
            let expiry = Condition { [unowned self] in
                if self.next(8) == 0 { self.reenter("action expiry") }
                return self.next(16) == 0
            }
            if let registration = try? context.register(
                Chaos.self, owner: owner, expiresIf: next(2) == 0 ? expiry : nil,
                { [unowned self] _, input in
                    if self.next(4) == 0 { self.reenter("action") }
                    return "a\(input)"
                })
            {
                registrations.append(registration)
            }
        case 9:
            if next(2) == 0 { try? context.setFlag(Chaos.self) } else { try? context.unsetFlag(Chaos.self) }
        case 10:
            let owner = ChaosOwner()
            owners.append(owner)
            let expiry = Condition { [unowned self] in
                if self.next(8) == 0 { self.reenter("observer expiry") }
                return self.next(16) == 0
            }
            registrations.append(
                context.observe(Chaos.self, owner: owner, expiresIf: next(2) == 0 ? expiry : nil) {
                    [unowned self] _, _ in
                    if self.next(3) == 0 { self.reenter("event observer") }
                })
        case 11:
            let owner = ChaosOwner()
            owners.append(owner)
            registrations.append(
                context.onChange(of: Chaos.self, owner: owner) { [unowned self] _, _ in
                    if self.next(3) == 0 { self.reenter("value observer") }
                })
        case 12:
            if !registrations.isEmpty { registrations.remove(at: next(registrations.count)).cancel() }
        case 13:
            if !owners.isEmpty {
                let dropped = owners.remove(at: next(owners.count))
                withExtendedLifetime(dropped) {}
            }
        case 14:
            let live = self.live.filter { !context.isAncestorOrSelf(of: $0) }
            if next(4) == 0 || live.isEmpty {
                try? context.attach(to: nil)
            } else {
                try? context.attach(to: live[next(live.count)])
            }
        case 15:
            let index = next(nodes.count)
            if index != 0 {
                // Released after the array update: its values' `deinit`s run random operations.
                let dropped = nodes[index]
                nodes[index] = nil
                withExtendedLifetime(dropped) {}
            }
        case 16: context.post(Chaos.self, next(100))
        case 17: _ = try? context.request(Chaos.self)
        case 18: _ = try? context.execute(Chaos.self, with: 1)
        default: _ = (context[Chaos.self], context.isSet(Chaos.self), context.canRequest(Chaos.self))
        }
    }

    /// Every live context agrees with a walk of the tables. Conditions and expiries are user
    /// code here, so requests are compared only where the nearest provider has neither.
    func check(_ step: Int) {
        depth = 2  // no re-entry while checking
        defer { depth = 0 }
        let id = ObjectIdentifier(Chaos.self)
        for context in live {
            var value: String??
            var holder: ScreenContext?
            var flag = false
            var provider: ProviderRecord?
            var current: ScreenContext? = context
            while let node = current {
                if holder == nil, let slot = node.slots[id] {
                    holder = node
                    value = .some(slot.box.map { ($0 as! Box<String>).value })
                }
                if node.flags[id] != nil { flag = true }
                if provider == nil { provider = node.providers[id] }
                current = node.parent
            }
            precondition(context[Chaos.self] == value.flatMap { $0 }, "step \(step): read")
            precondition(context.holder(of: Chaos.self) === holder, "step \(step): holder")
            precondition(context.isSet(Chaos.self) == flag, "step \(step): flag")
            if let provider, provider.condition == nil, provider.expiry == nil {
                let live = !provider.isCancelled && provider.owner != nil
                precondition((try? context.request(Chaos.self)) == (live ? "p" : nil), "step \(step): request")
            } else if provider == nil {
                precondition((try? context.request(Chaos.self)) == nil, "step \(step): request")
            }
        }
    }
}
