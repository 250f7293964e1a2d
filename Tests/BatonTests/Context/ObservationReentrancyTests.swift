import BatonTesting
import Testing

@testable import Baton

/// The re-entrancy rules of key observation: what an observer is told when others write, and
/// what a freed context leaves behind.
@MainActor
@Suite(.lenientMisuse)
struct ObservationReentrancyTests {
    enum Observed: ContextKey { typealias Value = Int }

    @Test func aFreedContextUncountsTheKeysItObserved() {
        // A key no other test observes: the count is process-wide.
        enum OnlyHere: ContextKey { typealias Value = Int }
        let owner = Owner()
        do {
            let context = ScreenContext(name: "observer")
            context.onChange(of: OnlyHere.self, owner: owner) { _, _ in }
            context.onChange(of: OnlyHere.self, owner: owner) { _, _ in }
            #expect(ObservedKeys.observations(of: OnlyHere.self) == 2)
        }
        #expect(ObservedKeys.observations(of: OnlyHere.self) == 0)
    }

    @Test func aNormalisingObserverLeavesLaterObserversWithTheCurrentValue() {
        let context = ScreenContext(name: "form")
        let owner = Owner()
        // The first observer clamps the value; the second must never see the unclamped one last.
        context.onChange(of: Observed.self, owner: owner) { _, value in
            if let value, value > 10 { context.set(10, for: Observed.self) }
        }
        context.onChange(of: Observed.self, owner: owner) { owner, value in
            owner.received.append("\(value ?? -1)")
        }
        context.set(25, for: Observed.self)
        #expect(owner.received == ["10", "10"])
        #expect(owner.received.last.map { Int($0) } == context[Observed.self])
    }

    @Test func anObserverRegisteredDuringADeliverySeesTheNextChangeOnly() {
        let context = ScreenContext(name: "form")
        let owner = Owner()
        var registered = false
        context.onChange(of: Observed.self, owner: owner) { owner, value in
            owner.received.append("first \(value ?? -1)")
            guard !registered else { return }
            registered = true
            context.onChange(of: Observed.self, owner: owner) { owner, value in
                owner.received.append("late \(value ?? -1)")
            }
        }
        context.set(1, for: Observed.self)
        context.set(2, for: Observed.self)
        #expect(owner.received == ["first 1", "first 2", "late 2"])
    }

    @Test func anObserverCancelledDuringADeliveryIsNotCalledByIt() {
        let context = ScreenContext(name: "form")
        let owner = Owner()
        var second: Registration?
        context.onChange(of: Observed.self, owner: owner) { owner, value in
            owner.received.append("first \(value ?? -1)")
            second?.cancel()
        }
        second = context.onChange(of: Observed.self, owner: owner) { owner, value in
            owner.received.append("second \(value ?? -1)")
        }
        context.set(1, for: Observed.self)
        context.set(2, for: Observed.self)
        #expect(owner.received == ["first 1", "first 2"])
    }

    @Test func anOwnerFreedByAnEarlierObserverIsNotCalled() {
        let context = ScreenContext(name: "form")
        let log = Owner()
        let holder = OwnerHolder(Owner())
        context.onChange(of: Observed.self, owner: log) { log, value in
            log.received.append("first \(value ?? -1)")
            holder.owner = nil
        }
        context.onChange(of: Observed.self, owner: holder.owner!) { _, value in
            log.received.append("second \(value ?? -1)")
        }
        context.set(1, for: Observed.self)
        context.set(2, for: Observed.self)
        #expect(log.received == ["first 1", "first 2"])
    }

    @Test func aContextFreedDuringADeliveryEndsItWithoutACrash() {
        let root = ScreenContext(name: "root")
        let log = Owner()
        var child: ScreenContext? = ScreenContext(name: "child", parent: root)
        child!.onChange(of: Observed.self, owner: log) { log, value in
            log.received.append("child \(value ?? -1)")
            child = nil
        }
        root.onChange(of: Observed.self, owner: log) { log, value in log.received.append("root \(value ?? -1)") }
        root.set(1, for: Observed.self)
        root.set(2, for: Observed.self)
        #expect(log.received == ["root 1", "child 1", "root 2"])
        #expect(child == nil)
    }

    // MARK: - Events

    @Test func anEventObserverRegisteredOrCancelledDuringAPostFollowsTheSameRules() {
        let context = ScreenContext(name: "form")
        let log = Owner()
        var second: Registration?
        var registered = false
        context.observe(Saved.self, owner: log) { log, _ in
            log.received.append("first")
            second?.cancel()
            guard !registered else { return }
            registered = true
            context.observe(Saved.self, owner: log) { log, _ in log.received.append("late") }
        }
        second = context.observe(Saved.self, owner: log) { log, _ in log.received.append("second") }
        context.post(Saved.self)
        context.post(Saved.self)
        #expect(log.received == ["first", "first", "late"])
    }

    @Test func aContextFreedDuringAPostEndsItsPartWithoutACrash() {
        let root = ScreenContext(name: "root")
        let log = Owner()
        var child: ScreenContext? = ScreenContext(name: "child", parent: root)
        let grandchild = ScreenContext(name: "grandchild", parent: child)
        child!.observe(Saved.self, owner: log) { log, _ in
            log.received.append("child")
            child = nil  // still held by the grandchild, which the post reaches next
        }
        grandchild.observe(Saved.self, owner: log) { log, _ in log.received.append("grandchild") }
        root.post(Saved.self)
        #expect(log.received == ["child", "grandchild"])
    }

    @Test func providersAndActionsRegisteredDuringADeliveryAreUsableAtOnce() throws {
        let context = ScreenContext(name: "form")
        let log = Owner()
        context.onChange(of: Observed.self, owner: log) { log, value in
            _ = try? context.provide(TotalWeight.self, owner: log) { _ in Double(value ?? 0) }
            _ = try? context.register(Scale.self, owner: log) { _, input in input * 2 }
            try? context.setFlag(UserUsedTheTotalField.self)
        }
        context.set(3, for: Observed.self)
        #expect(try context.request(TotalWeight.self) == 3)
        #expect(try context.execute(Scale.self, with: 2) == 4)
        #expect(context.isSet(UserUsedTheTotalField.self))
    }
}
