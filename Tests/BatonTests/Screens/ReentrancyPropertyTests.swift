import Baton
import BatonTesting
import PropertyBased
import Testing

/// Random programs of set, remove, attach, post, observe, push, pop, present, dismiss and hop,
/// in which observers, stored values' `deinit`s and lifecycle callbacks themselves perform
/// random operations. After every step an invariant checker confirms that the screen tree and
/// the context tree agree.
@MainActor
@Suite(.lenientMisuse)
struct ReentrancyPropertyTests {
    @Test(.heavyOnTheMainActor) func randomReentrantProgramsKeepTheTreeConsistent() async {
        var programs = 0
        var nestedOperations = 0
        var coveredSteps = 0
        var failed = false
        // The programs write random keys into screens' own contexts and dismiss them: lost writes,
        // on purpose. The watch stays on, under the same re-entrant operations, and reports to no one.
        await LostWrite.$reporter.withValue({ _ in }) {
            await propertyCheck(count: 1000, input: programGenerator) { program in
                programs += 1
                let world = World(program: program)
                for (index, operation) in program.steps.enumerated() {
                    world.perform(operation, depth: 0)
                    if let violation = world.violation() {
                        failed = true
                        Issue.record(
                            "step \(index) \(operation): \(violation)\nprogram: \(program.steps)\nstate: \(world.dump())"
                        )
                        return
                    }
                }
                nestedOperations += world.nestedOperations
                coveredSteps += world.coveredSteps
            }
        }
        guard !failed else { return }
        #expect(programs >= 1000)
        // The generator must reach re-entrant operations, or a pass proves little.
        #expect(nestedOperations > 1000)
        // Presentations must be on screen often, under pushes, pops and hops too.
        #expect(coveredSteps > 1000)
    }
}

// MARK: - Programs

/// One operation; the integers pick a screen, a context, a key and the operation run re-entrantly.
struct Operation: CustomStringConvertible, Sendable {
    enum Kind: Int, CaseIterable, Sendable {
        case set, setReentrantValue, remove, attach, detach, post, observe, push, pop, present, dismiss, hop
    }
    var kind: Kind
    var target: Int
    var other: Int
    var key: Int

    var description: String { "\(kind)(\(target), \(other), \(key))" }
}

struct Program: Sendable {
    var steps: [Operation]
    /// What each pool screen does in its lifecycle callbacks, by phase.
    var callbacks: [[Operation?]]
}

/// The operations programs are made of.
let generatedKinds = Operation.Kind.allCases

private let operationGenerator = zip(
    Gen.int(in: 0..<generatedKinds.count), Gen.int(in: 0...7), Gen.int(in: 0...7), Gen.int(in: 0...1)
).map { Operation(kind: generatedKinds[$0.0], target: $0.1, other: $0.2, key: $0.3) }

private let callbackGenerator = zip(Gen.int(in: 0...2), operationGenerator).map { chance, operation in
    chance == 0 ? operation : nil
}

private let programGenerator = zip(
    operationGenerator.array(of: 1...30), callbackGenerator.array(of: 4...4).array(of: 5...5)
).map { Program(steps: $0.0, callbacks: $0.1) }

// MARK: - The world a program runs in

enum KeyA: ContextKey { typealias Value = ReentrantValue }
enum KeyB: ContextKey { typealias Value = Int }
enum Ping: ContextEvent { typealias Payload = Int }

/// A stored value whose `deinit` performs an operation.
final class ReentrantValue {
    let onDeinit: @MainActor () -> Void
    init(_ onDeinit: @escaping @MainActor () -> Void) { self.onDeinit = onDeinit }
    deinit {
        let onDeinit = onDeinit
        MainActor.assumeIsolated { onDeinit() }
    }
}

/// A screen that performs the program's operation for each lifecycle phase.
final class ReentrantScreen: ScreenModel {
    var callbacks: [Operation?] = []
    weak var world: World?
    override func willAppear() { run(0) }
    override func didAppear() { run(1) }
    override func willDisappear() { run(2) }
    override func didDisappear() { run(3) }
    /// `s1` and `s3` are presented as full-screen covers, the others as sheets.
    override var presentationStyle: PresentationStyle {
        screenName.last?.wholeNumberValue.map { $0 % 2 == 1 } == true ? .fullScreenCover : .sheet
    }
    private func run(_ phase: Int) {
        guard let operation = callbacks[phase] else { return }
        world?.perform(operation, depth: 1)
    }
}

@MainActor
final class World {
    nonisolated static let poolSize = 5  // the generator makes callbacks for five screens
    /// Re-entrant operations stop at this depth and this count, so programs end.
    static let maxDepth = 3
    static let maxNested = 60

    let window = ScreenWindow()
    let flow = HoppingScreen(name: "flow", registry: ScreenRegistry())
    let stack: StackScreen
    let pool: [ReentrantScreen]
    let free: [ScreenContext]
    var nestedOperations = 0
    /// The checked steps after which a presentation covered the stack.
    var coveredSteps = 0
    let observerOwner = Owner()

    init(program: Program) {
        pool = (0..<Self.poolSize).map { ReentrantScreen(name: "s\($0)") }
        free = (0..<2).map { ScreenContext(name: "free\($0)") }
        stack = try! StackScreen(root: flow, name: "stack")
        for (screen, callbacks) in zip(pool, program.callbacks) {
            screen.callbacks = callbacks
            screen.world = self
        }
        try! window.setRoot(stack)
        window.makeVisible()
    }

    /// Every context an operation may target: the pool screens', the free ones, the stack's.
    func context(_ index: Int) -> ScreenContext {
        let all = pool.map(\.context) + free + [stack.context]
        return all[index % all.count]
    }

    func perform(_ operation: Operation, depth: Int) {
        if depth > 0 {
            guard depth <= Self.maxDepth, nestedOperations < Self.maxNested else { return }
            nestedOperations += 1
        }
        let screen = pool[operation.target % pool.count]
        let context = context(operation.target)
        let nested = Operation(
            kind: generatedKinds[(operation.other + operation.key) % generatedKinds.count],
            target: operation.other, other: operation.target, key: 1 - operation.key)
        switch operation.kind {
        case .set:
            if operation.key == 0 {
                context.set(ReentrantValue {}, for: KeyA.self)
            } else {
                context.set(operation.other, for: KeyB.self)
            }
        case .setReentrantValue:
            context.set(ReentrantValue { [weak self] in self?.perform(nested, depth: depth + 1) }, for: KeyA.self)
        case .remove:
            if operation.key == 0 { context.remove(KeyA.self) } else { context.remove(KeyB.self) }
        case .attach:
            // Only free contexts move by hand; screens' contexts are wired by transitions.
            let free = self.free[operation.target % self.free.count]
            try? free.attach(to: self.context(operation.other))
        case .detach:
            try? free[operation.target % free.count].attach(to: nil)
        case .post:
            context.post(Ping.self, operation.other)
        case .observe:
            if operation.key == 0 {
                context.onChange(of: KeyB.self, owner: observerOwner) { [weak self] _, _ in
                    self?.perform(nested, depth: depth + 1)
                }
            } else {
                context.observe(Ping.self, owner: observerOwner) { [weak self] _, _ in
                    self?.perform(nested, depth: depth + 1)
                }
            }
        case .push:
            try? stack.push(screen)
        case .pop:
            stack.pop()
        case .present:
            try? (window.topScreen ?? stack).present(screen)
        case .dismiss:
            window.topScreen?.dismiss()
        case .hop:
            try? flow.hop(to: screen, then: nil)
        }
    }

    /// Where each screen is and how it appears, for failure messages.
    func dump() -> String {
        let screens = (pool + [flow, stack]).map { screen in
            let presented = (screen.presentedScreen as? ScreenModel)?.screenName ?? "-"
            return "\(screen.screenName): \(screen.appearance) in \(screen.parentScreen?.screenName ?? "-"),"
                + " presents \(presented)"
        }
        return screens.joined(separator: "; ")
            + "; stack \(stack.screens.map(\.screenName)); top \(window.topScreen?.screenName ?? "-")"
    }

    // MARK: - Invariants

    /// A description of the first inconsistency, or `nil`.
    func violation() -> String? {
        // Where each screen is, by the containers' own records.
        var placed: [ObjectIdentifier: String] = [:]
        func place(_ screen: ScreenModel, _ where: String) -> String? {
            if let other = placed[ObjectIdentifier(screen)] {
                return "\(screen.screenName) is both \(other) and \(`where`)"
            }
            placed[ObjectIdentifier(screen)] = `where`
            return nil
        }
        // The visible path: the stack's top (or the flow's screen) and the presentations over it.
        for (index, screen) in stack.screens.enumerated() {
            if let error = place(screen, "in the stack at \(index)") { return error }
            guard screen.parentScreen === stack else {
                return "\(screen.screenName) in the stack has another container"
            }
            let below = index == 0 ? stack.context : stack.screens[index - 1].context
            if screen.context.parent !== below, screen.context !== below {
                return "\(screen.screenName)'s context is not wired to the screen below it"
            }
        }
        if let hopped = flow.currentScreen {
            if let error = place(hopped, "hopped to by the flow") { return error }
            guard hopped.parentScreen === flow else { return "\(hopped.screenName) hopped to has another container" }
            if hopped.context.parent !== flow.context { return "\(hopped.screenName) is not wired to the flow" }
        }
        // The visible path without presentations: the stack, its top, the flow's screen.
        var path: [ScreenModel] = [stack]
        if let top = stack.topScreen {
            path.append(top)
            if top === flow, let hopped = flow.currentScreen { path.append(hopped) }
        }
        // Presentations hang from any screen in the tree (and from each other). As in UIKit, a
        // screen inside a container presents through its outermost container: the presentation
        // covers the whole container tree, whichever of its screens made it and whatever is
        // pushed, popped or hopped to underneath it later. So the one presentation made from the
        // container tree (the stack, its screens, the flow's screen) is on screen, with the chain
        // it starts; UIKit refuses a second one while the first is shown.
        var inTree: [ScreenModel] = [stack] + stack.screens + (flow.currentScreen.map { [$0] } ?? [])
        let containerTree = inTree
        var index = 0
        while index < inTree.count {
            let from = inTree[index]
            index += 1
            guard let presented = from.presentedScreen as? ScreenModel else { continue }
            if let error = place(presented, "presented by \(from.screenName)") { return error }
            if presented.presentingScreen !== from { return "\(presented.screenName) does not know its presenter" }
            if presented.context.parent !== from.context {
                return "\(presented.screenName) is not wired to \(from.screenName)"
            }
            inTree.append(presented)
        }
        let presenters = containerTree.filter { $0.presentedScreen != nil }
        if presenters.count > 1 {
            return "the stack's tree presents twice, from \(presenters.map(\.screenName))"
        }
        var presentations: [ScreenModel] = []
        var presenter = presenters.first
        while let from = presenter, let presented = from.presentedScreen as? ScreenModel {
            presentations.append(presented)
            presenter = presented
        }
        if !presentations.isEmpty { coveredSteps += 1 }
        let top = presentations.last ?? path.last
        if window.topScreen !== top {
            return "window.topScreen is \(window.topScreen?.screenName ?? "nil"), expected \(top?.screenName ?? "nil")"
        }
        // A full-screen cover hides everything under it; a sheet leaves it on screen.
        var appeared = path
        for presented in presentations {
            if presented.presentationStyle == .fullScreenCover { appeared.removeAll() }
            appeared.append(presented)
        }
        for screen in pool + [flow, stack] {
            let isShown = appeared.contains { $0 === screen }
            let expected: Appearance = isShown ? .appeared : .disappeared
            if screen.appearance != expected {
                return "\(screen.screenName) is \(screen.appearance), expected \(expected)"
            }
            if screen.isOnScreen != isShown { return "\(screen.screenName).isOnScreen is \(screen.isOnScreen)" }
            if placed[ObjectIdentifier(screen)] == nil, screen !== flow, screen !== stack {
                // Out of the tree. A screen out of any window may present one: both are then
                // out of the tree. (A request made while it was shown that runs after it left
                // fails with ScreenError.presenterLeftTheTree.)
                if let presenter = screen.presentingScreen as? ScreenModel {
                    if placed[ObjectIdentifier(presenter)] != nil || presenter === stack || presenter === flow {
                        return "\(screen.screenName) is presented from the tree but not placed"
                    }
                    if screen.context.parent !== presenter.context {
                        return "\(screen.screenName) is not wired to its presenter out of the tree"
                    }
                } else if screen.parentScreen != nil {
                    return "\(screen.screenName) left the tree but keeps a container"
                } else if screen.context.parent != nil {
                    return "\(screen.screenName) left the tree but not the context tree"
                }
            }
        }
        // No screen that left the tree is reachable from the window's context.
        var reachable: [ScreenContext] = [window.context]
        while let context = reachable.popLast() {
            for screen in pool where screen.context === context && placed[ObjectIdentifier(screen)] == nil {
                return "\(screen.screenName) left the tree but its context is reachable from the window"
            }
            reachable += context.children
        }
        // Reads agree with a walk of the chain that bypasses the read cache.
        for context in pool.map(\.context) + free + [stack.context, flow.context] {
            let cached = context[KeyB.self]
            let walked = context.holder(of: KeyB.self).flatMap { holder in
                try? holder.value(for: KeyB.self, in: holder.name ?? "")
            }
            if cached != walked {
                return
                    "\(context.name ?? "?") reads \(String(describing: cached)), the chain holds \(String(describing: walked))"
            }
            if context.contains(KeyA.self) != (context.holder(of: KeyA.self) != nil) {
                return "\(context.name ?? "?") disagrees about KeyA"
            }
        }
        return nil
    }
}
