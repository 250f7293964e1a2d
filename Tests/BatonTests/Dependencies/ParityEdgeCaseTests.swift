import Baton
import BatonTesting
import Testing

@MainActor
private final class Step: ScreenModel {
    var log: [String] = []
}

private struct Refused: Error, CustomStringConvertible {
    var description: String { "refused" }
}

/// Attacker cases for the parity features: re-entrancy, failures, big trees.
@MainActor
@Suite(.lenientMisuse)
struct ParityEdgeCaseTests {
    @Test func aFailedTransitionLeavesATemporaryResolverWaiting() throws {
        let (window, coordinator) = makeWindow()
        let stack = try showStack(ScreenModel(name: "start"), in: window)
        let refuse = Switch(true)
        coordinator.registerTemporary(.destination { (d: Step) in d.log.append("temporary") })
        coordinator.registerTemporary(
            .destination { (_: Step) in
                if refuse.isOn { throw Refused() }
            })
        let first = Step(name: "first")
        #expect(throws: ScreenError.self) { try stack.push(first) }
        #expect(stack.screens.count == 1)
        #expect(coordinator.temporaryResolvers.count == 2)
        refuse.isOn = false
        let second = Step(name: "second")
        try stack.push(second)
        #expect(second.log == ["temporary"])
        #expect(coordinator.temporaryResolvers.isEmpty)
    }

    @Test func aTemporaryResolverRegisteredWhileResolvingWaitsForTheNextTransition() throws {
        let (window, coordinator) = makeWindow()
        let stack = try showStack(ScreenModel(name: "start"), in: window)
        coordinator.registerTemporary(
            .destination { (d: Step) in
                d.log.append("first")
                coordinator.registerTemporary(.destination { (d: Step) in d.log.append("second") })
            })
        let a = Step(name: "a")
        try stack.push(a)
        let b = Step(name: "b")
        try stack.push(b)
        #expect(a.log == ["first"])
        #expect(b.log == ["second"])
    }

    @Test func anObserverOfSeveralEventsCancellingItselfWhileDeliveredStops() {
        let context = Context(name: "app")
        final class Owner { var seen: [String] = [] }
        let owner = Owner()
        var registration: Registration?
        registration = context.observePosts(ofAny: [Saved.self, TotalWeightChanged.self], owner: owner) { owner, post in
            owner.seen.append(post.eventName)
            registration?.cancel()
        }
        context.post(Saved.self)
        context.post(TotalWeightChanged.self, 1)
        context.post(Saved.self)
        #expect(owner.seen == ["Saved"])
        #expect(registration?.isActive == false)
    }

    @Test func twoThousandSiblingsEachServeTheSameKey() throws {
        final class Form { let weight: Double; init(_ weight: Double) { self.weight = weight } }
        let tabs = Context(name: "tabs")
        var forms: [Form] = []
        var children: [Context] = []
        for index in 0..<2_000 {
            let child = Context(parent: tabs)
            let form = Form(Double(index))
            try child.provide(TotalWeight.self, owner: form) { $0.weight }
            forms.append(form)
            children.append(child)
        }
        #expect(try children[1_999].request(TotalWeight.self) == 1_999)
        #expect(throws: ContextError.self) { try tabs.provide(TotalWeight.self, owner: forms[0]) { $0.weight } }
    }

    @Test func unhopOnAContainerFromItsOwnContinuationDoesNotRunItTwice() throws {
        let startup = HoppingScreen(name: "startup", registry: ScreenRegistry())
        var runs = 0
        try startup.hop(to: ScreenModel(name: "splash")) { [unowned startup] in
            runs += 1
            try? startup.unhop()  // the step is settled before its continuation runs: ignored
        }
        try startup.unhop()
        #expect(runs == 1)
    }
}
