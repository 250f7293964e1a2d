import BatonTesting
import Testing

@testable import Baton

private enum ModelProvidedA: ContextKey { typealias Value = Int }
private enum ModelProvidedB: ContextKey { typealias Value = Int }
private enum ModelActionA: ContextAction { typealias Output = Int }
private enum ModelActionB: ContextAction {}
private enum ModelActionC: ContextAction {}
private enum ModelFlagA: ContextFlag {}
private enum ModelFlagB: ContextFlag {}
private enum ModelValue: ContextKey { typealias Value = Int }
private enum ModelEvent: ContextEvent { typealias Payload = Int }

/// Checks the bookkeeping that lets registrations and attaches skip the tree walk (the lineage
/// index, each context's place among its parent's children) against a plain model: random
/// trees, registrations, cancellations, expiries, flags, attaches, detaches and freed contexts.
/// After every step the outcome (success, cycle, or which holder a misuse names), every
/// context's children, in order, and what every context reads through its caches (a value,
/// a flag, whether an action or a provider answers, which observers a post reaches) must be
/// what the model says.
@MainActor
@Suite(.lenientMisuse)
struct LineageIndexModelTests {
    /// A deterministic generator (SplitMix64), so that a failure is reproducible from its seed.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    enum Kind: CaseIterable {
        case provider
        case action
        case flag
    }

    /// A registration in the model: its kind, name (0 or 1), and whether it still counts.
    final class Entry {
        let kind: Kind
        let name: Int
        /// What its provider or action returns, so that a check sees which registration answered.
        var serial = 0
        var registration: Registration?
        var owner: Owner?
        var ended = false
        init(kind: Kind, name: Int) {
            self.kind = kind
            self.name = name
        }
        var isLive: Bool { !ended && (kind == .flag || owner != nil) }
    }

    final class Owner {}

    struct Node {
        var context: ScreenContext?
        var parent: Int?
        var children: [Int] = []
        var entries: [Entry] = []
        var value: Int?
        var observer: Owner?
        var isAlive: Bool { context != nil }
    }

    struct Coverage {
        var registered = 0
        var lineageMisuses = 0
        var siblingsSharingAName = 0
        var expiredReplaced = 0
        var attachMisuses = 0
        var cycles = 0
        var attaches = 0
        var freed = 0
        var postsReachingAnAncestor = 0
    }

    /// The seeds run one after another and hand the main actor on every few steps.
    @Test(.heavyOnTheMainActor, arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func registrationsAndAttachesMatchTheModel(seed: UInt64) async {
        var random = Generator(state: seed)
        var nodes: [Node] = []
        var coverage = Coverage()
        var reached: [Int] = []
        func live(_ index: Int) -> Bool { nodes[index].isAlive }
        func ancestors(_ index: Int) -> [Int] {
            var result: [Int] = []
            var current = nodes[index].parent
            while let next = current {
                result.append(next)
                current = nodes[next].parent
            }
            return result
        }
        func subtree(_ index: Int) -> [Int] {
            var result: [Int] = []
            var stack = [index]
            while let next = stack.popLast() {
                result.append(next)
                stack += nodes[next].children.filter(live).reversed()
            }
            return result
        }
        func path(_ index: Int) -> String { ([index] + ancestors(index)).map { "n\($0)" }.joined(separator: " → ") }
        func liveEntry(_ index: Int, _ kind: Kind, _ name: Int) -> Entry? {
            nodes[index].entries.first { $0.kind == kind && $0.name == name && $0.isLive }
        }
        // The holder a misuse names: the nearest on the chain, else the first in the subtree.
        func holder(on index: Int, _ kind: Kind, _ name: Int) -> Int? {
            ancestors(index).first { liveEntry($0, kind, name) != nil }
                ?? subtree(index).first { liveEntry($0, kind, name) != nil }
        }

        for step in 0..<600 {
            await shareTheMainActor(at: step, every: 5)
            let alive = nodes.indices.filter(live)
            let choice = alive.isEmpty ? 0 : random.next(13)
            switch choice {
            case 0, 1:  // a new context, under a random one or a root
                let parent = alive.isEmpty || random.next(4) == 0 ? nil : alive[random.next(alive.count)]
                let index = nodes.count
                nodes.append(
                    Node(context: ScreenContext(name: "n\(index)", parent: parent.flatMap { nodes[$0].context })))
                nodes[index].parent = parent
                if let parent { nodes[parent].children.append(index) }
                if random.next(2) == 0 {  // half of them observe the event
                    let owner = Owner()
                    nodes[index].context!.observe(ModelEvent.self, owner: owner) { _, payload in
                        reached.append(payload)
                    }
                    nodes[index].observer = owner
                }
            case 2, 3, 4:  // a registration
                let index = alive[random.next(alive.count)]
                let kind = Kind.allCases[random.next(3)]
                let name = random.next(2)
                let expected = holder(on: index, kind, name)
                let entry = Entry(kind: kind, name: name)
                entry.owner = Owner()
                entry.serial = step
                let serial = step
                let context = nodes[index].context!
                var thrown: ContextError?
                do {
                    switch (kind, name) {
                    case (.provider, 0):
                        entry.registration = try context.provide(ModelProvidedA.self, owner: entry.owner!) { _ in 1 }
                    case (.provider, _):
                        entry.registration = try context.provide(ModelProvidedB.self, owner: entry.owner!) { _ in
                            serial
                        }
                    case (.action, 0):
                        entry.registration = try context.register(ModelActionA.self, owner: entry.owner!) { _, _ in
                            serial
                        }
                    case (.action, _):
                        entry.registration = try context.register(ModelActionB.self, owner: entry.owner!) { _, _ in }
                    case (.flag, 0): try context.setFlag(ModelFlagA.self)
                    case (.flag, _): try context.setFlag(ModelFlagB.self)
                    }
                } catch {
                    thrown = error
                }
                let names = [
                    Kind.provider: ["ModelProvidedA", "ModelProvidedB"], .action: ["ModelActionA", "ModelActionB"],
                    .flag: ["ModelFlagA", "ModelFlagB"],
                ]
                if let expected {
                    coverage.lineageMisuses += 1
                    let message: ContextError =
                        switch kind {
                        case .provider:
                            .providerAlreadyRegistered(key: names[kind]![name], registeredIn: path(expected))
                        case .action: .actionAlreadyRegistered(action: names[kind]![name], registeredIn: path(expected))
                        case .flag: .flagAlreadySet(flag: names[kind]![name], setIn: path(expected))
                        }
                    #expect(thrown == message, "seed \(seed) step \(step)")
                } else {
                    #expect(thrown == nil, "seed \(seed) step \(step)")
                    guard thrown == nil else { return }
                    coverage.registered += 1
                    // An expired registration of the same name here is replaced.
                    for old in nodes[index].entries where old.kind == kind && old.name == name && !old.ended {
                        old.ended = true
                        coverage.expiredReplaced += 1
                    }
                    nodes[index].entries.append(entry)
                    let others = alive.filter { $0 != index && liveEntry($0, kind, name) != nil }
                    if !others.isEmpty { coverage.siblingsSharingAName += 1 }
                }
            case 5:  // a registration ends: cancelled, its owner released, or its flag unset
                let entries = alive.flatMap { index in nodes[index].entries.filter(\.isLive).map { (index, $0) } }
                guard !entries.isEmpty else { break }
                let (index, entry) = entries[random.next(entries.count)]
                if entry.kind == .flag {
                    // unsetFlag removes the nearest one on the chain: this context's own.
                    if entry.name == 0 {
                        try? nodes[index].context!.unsetFlag(ModelFlagA.self)
                    } else {
                        try? nodes[index].context!.unsetFlag(ModelFlagB.self)
                    }
                    entry.ended = true
                } else if random.next(2) == 0 {
                    entry.registration?.cancel()
                    entry.ended = true
                } else {
                    entry.owner = nil  // expired, not removed until a lineage check meets it
                }
            case 6, 7, 8:  // attach a context under another, or detach it
                let index = alive[random.next(alive.count)]
                let target = random.next(5) == 0 ? nil : alive[random.next(alive.count)]
                let context = nodes[index].context!
                var thrown: ContextError?
                do { try context.attach(to: target.flatMap { nodes[$0].context }) } catch { thrown = error }
                coverage.attaches += 1
                if target == nodes[index].parent {
                    #expect(thrown == nil, "seed \(seed) step \(step)")
                } else if let target, subtree(index).contains(target) {
                    coverage.cycles += 1
                    #expect(
                        thrown == .cycle(context: "n\(index)", parent: "n\(target)"), "seed \(seed) step \(step)")
                } else {
                    let chain = target.map { [$0] + ancestors($0) } ?? []
                    let conflict = subtree(index).contains { inner in
                        nodes[inner].entries.contains { entry in
                            entry.isLive && chain.contains { liveEntry($0, entry.kind, entry.name) != nil }
                        }
                    }
                    if conflict {
                        coverage.attachMisuses += 1
                        switch thrown {
                        case .providerAlreadyRegistered?, .actionAlreadyRegistered?, .flagAlreadySet?: break
                        default:
                            Issue.record(
                                "seed \(seed) step \(step): expected a lineage misuse, got \(String(describing: thrown))"
                            )
                        }
                    } else {
                        #expect(thrown == nil, "seed \(seed) step \(step)")
                        if let old = nodes[index].parent { nodes[old].children.removeAll { $0 == index } }
                        nodes[index].parent = target
                        if let target { nodes[target].children.append(index) }
                    }
                }
            case 10:  // a write
                let index = alive[random.next(alive.count)]
                let value = random.next(100)
                nodes[index].context!.set(value, for: ModelValue.self)
                nodes[index].value = value
            case 11:  // a remove, from the nearest holder; or an event observer, added or ended
                let index = alive[random.next(alive.count)]
                if random.next(2) == 0 {
                    let holder = ([index] + ancestors(index)).first { nodes[$0].value != nil }
                    #expect(nodes[index].context!.remove(ModelValue.self) == (holder != nil))
                    if let holder { nodes[holder].value = nil }
                } else if nodes[index].observer == nil {
                    let owner = Owner()
                    nodes[index].context!.observe(ModelEvent.self, owner: owner) { _, payload in
                        reached.append(payload)
                    }
                    nodes[index].observer = owner
                } else {
                    nodes[index].observer = nil
                }
            default:  // free a context that has no children
                let leaves = alive.filter { nodes[$0].children.filter(live).isEmpty }
                let index = leaves[random.next(leaves.count)]
                nodes[index].context = nil
                if let parent = nodes[index].parent { nodes[parent].children.removeAll { $0 == index } }
                coverage.freed += 1
            }
            for index in nodes.indices where live(index) {
                let context = nodes[index].context!
                let chain = [index] + ancestors(index)
                let valueHolder = chain.first { nodes[$0].value != nil }
                #expect(
                    context[ModelValue.self] == valueHolder.flatMap { nodes[$0].value },
                    "seed \(seed) step \(step): value read from n\(index)")
                #expect(
                    context.isSet(ModelFlagA.self) == chain.contains { liveEntry($0, .flag, 0) != nil },
                    "seed \(seed) step \(step): flag read from n\(index)")
                // The nearest registration still in a table answers; an expired one may have been
                // removed by a lineage check, so only chains whose nearest one is live or that
                // have none are compared.
                let nearestAction = chain.lazy.compactMap { node in
                    nodes[node].entries.first { $0.kind == .action && $0.name == 0 && !$0.ended }
                }.first
                if nearestAction?.isLive ?? true {
                    #expect(
                        context.canExecute(ModelActionA.self) == (nearestAction != nil),
                        "seed \(seed) step \(step): action from n\(index)")
                    // The cached record is the nearest one: its own serial answers.
                    do {
                        let output = try context.execute(ModelActionA.self)
                        #expect(output == nearestAction?.serial, "seed \(seed) step \(step): execute from n\(index)")
                    } catch {
                        guard case .actionMissing = error, nearestAction == nil else {
                            Issue.record("seed \(seed) step \(step): execute from n\(index) threw \(error)")
                            return
                        }
                    }
                }
                let nearestProvider = chain.lazy.compactMap { node in
                    nodes[node].entries.first { $0.kind == .provider && $0.name == 1 && !$0.ended }
                }.first
                if nearestProvider?.isLive ?? true {
                    #expect(
                        context.canRequest(ModelProvidedB.self) == (nearestProvider != nil),
                        "seed \(seed) step \(step): provider from n\(index)")
                    do {
                        let value = try context.request(ModelProvidedB.self)
                        #expect(value == nearestProvider?.serial, "seed \(seed) step \(step): request from n\(index)")
                    } catch {
                        guard case .providerMissing = error, nearestProvider == nil else {
                            Issue.record("seed \(seed) step \(step): request from n\(index) threw \(error)")
                            return
                        }
                    }
                }
            }
            // A post from a random context reaches the observers on its chain, nearest first.
            let aliveNow = nodes.indices.filter(live)
            if let index = aliveNow.isEmpty ? nil : aliveNow[random.next(aliveNow.count)] {
                reached = []
                nodes[index].context!.post(ModelEvent.self, index, reach: .ancestors)
                let observers = ([index] + ancestors(index)).filter { nodes[$0].observer != nil }
                #expect(reached == observers.map { _ in index }, "seed \(seed) step \(step): post from n\(index)")
                coverage.postsReachingAnAncestor += observers.count > 1 ? 1 : 0
            }
            for index in nodes.indices where live(index) {
                #expect(
                    nodes[index].context!.children.compactMap(\.name)
                        == nodes[index].children.filter(live).map { "n\($0)" },
                    "seed \(seed) step \(step): children of n\(index)")
            }
        }
        // The generator must reach the interesting cases, or a pass proves little.
        #expect(coverage.registered > 20)
        #expect(coverage.lineageMisuses > 10)
        #expect(coverage.siblingsSharingAName > 0)
        #expect(coverage.attachMisuses > 0)
        #expect(coverage.cycles > 0)
        #expect(coverage.freed > 10)
        #expect(coverage.postsReachingAnAncestor > 5)
    }

    @Test func theIndexForgetsContextsThatNoLongerHoldAName() throws {
        let owner = Owner()
        let app = ScreenContext(name: "app")
        var rows: [ScreenContext] = (0..<100).map { ScreenContext(name: "row-\($0)", parent: app) }
        for row in rows { try row.register(ModelActionC.self, owner: owner) { _, _ in } }
        let id = ObjectIdentifier(ModelActionC.self)
        #expect(LineageIndex.entryCount(kind: .action, id: id) >= 100)
        rows.removeAll()
        // Rows are leaves: registering in one never looks at the other holders, so the index
        // drops dead entries as it grows (here, after the 28th new row).
        rows = (0..<100).map { ScreenContext(name: "next-row-\($0)", parent: app) }
        for row in rows { try row.register(ModelActionC.self, owner: owner) { _, _ in } }
        #expect(LineageIndex.entryCount(kind: .action, id: id) <= 128)
        rows.removeAll()
        // A context with children looks them up, which drops the freed rows.
        let child = ScreenContext(name: "child", parent: app)
        try app.register(ModelActionC.self, owner: owner) { _, _ in }
        #expect(LineageIndex.entryCount(kind: .action, id: id) == 1)
        withExtendedLifetime(child) {}
        #expect(throws: ContextError.actionAlreadyRegistered(action: "ModelActionC", registeredIn: "app")) {
            try ScreenContext(name: "late", parent: app).register(ModelActionC.self, owner: owner) { _, _ in }
        }
    }

    @Test func manySiblingsHoldingANameAreCheckedByWalkingTheSubtree() throws {
        let owner = Owner()
        let app = ScreenContext(name: "app")
        let rows = (0..<40).map { ScreenContext(name: "row-\($0)", parent: app) }
        let cell = ScreenContext(name: "cell", parent: rows[7])
        let registrations = try rows.map { row in try row.register(ModelActionB.self, owner: owner) { _, _ in } }
        // 40 holders: the root finds the first in attach order, depth first.
        #expect(throws: ContextError.actionAlreadyRegistered(action: "ModelActionB", registeredIn: "row-0 → app")) {
            try app.register(ModelActionB.self, owner: owner) { _, _ in }
        }
        #expect(throws: ContextError.actionAlreadyRegistered(action: "ModelActionB", registeredIn: "row-7 → app")) {
            try cell.register(ModelActionB.self, owner: owner) { _, _ in }
        }
        // Once every row's registration has ended, the name is free on the root.
        for registration in registrations { registration.cancel() }
        try app.register(ModelActionB.self, owner: owner) { _, _ in }
        #expect(app.canExecute(ModelActionB.self))
        #expect(cell.canExecute(ModelActionB.self))
        // Registrations hold their contexts weakly: without this, an optimized build frees every
        // row but row-7 (held by `cell`) once `rows` is last used, and the first check sees row-7.
        withExtendedLifetime(rows) {}
    }

    @Test func detachingAndFreeingChildrenKeepsTheirOrderAtAnyCount() throws {
        let list = ScreenContext(name: "list")
        var rows = (0..<1000).map { ScreenContext(name: "\($0)", parent: list) }
        for index in stride(from: 0, to: 1000, by: 3) { try rows[index].attach(to: nil) }
        rows = rows.enumerated().filter { $0.offset % 3 != 1 }.map(\.element)
        var expected = rows.filter { $0.parent === list }.compactMap(\.name)
        #expect(list.children.compactMap(\.name) == expected)
        #expect(list.children.count == 333)
        let late = ScreenContext(name: "late", parent: list)
        #expect(list.children.last === late)
        try late.attach(to: nil)
        #expect(list.children.compactMap(\.name) == expected)
        // The 1,024th entry compacts the children: the empty entries go, the order stays.
        let more = (0..<30).map { ScreenContext(name: "more-\($0)", parent: list) }
        expected += more.compactMap(\.name)
        #expect(list.weakChildren.count == 363)
        #expect(list.children.compactMap(\.name) == expected)
        // Detaching after the compaction finds each child at its new place.
        let lastRow = try #require(rows.last { $0.parent === list })
        try more[0].attach(to: nil)
        try lastRow.attach(to: nil)
        expected.removeAll { $0 == "more-0" || $0 == lastRow.name }
        #expect(list.children.compactMap(\.name) == expected)
        #expect(list.weakChildren.count == 363)
        withExtendedLifetime((rows, more)) {}
    }
}
