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

    // MARK: - A temporary resolver runs for every matching destination of one transition

    /// Two matching destinations in one transition: a tab container with two `Step` tabs.
    private func twoSteps(_ first: String, _ second: String) throws -> (TabScreen, Step, Step) {
        let a = Step(name: first)
        let b = Step(name: second)
        return (try TabScreen(tabs: [a, b], name: "tabs \(first)"), a, b)
    }

    @Test func aTemporaryResolverThatRequestsATransitionWhileRunningFinishesItsOwnAndSkipsTheQueuedOne() throws {
        let (window, coordinator) = makeWindow()
        let stack = try showStack(ScreenModel(name: "start"), in: window)
        let queued = Step(name: "queued")
        let (tabs, a, b) = try twoSteps("a", "b")
        coordinator.registerTemporary(
            .destination { (d: Step) in
                d.log.append("temporary")
                if d === a { try stack.push(queued) }  // queued until the push of the tabs is done
            })
        try stack.push(tabs)
        #expect(a.log == ["temporary"])
        #expect(b.log == ["temporary"])
        #expect(queued.log == [])
        #expect(stack.screens.map(\.name) == ["start", "tabs a", "queued"])
        #expect(coordinator.temporaryResolvers.isEmpty)
    }

    @Test func anInlineResolverThatRequestsATransitionWhileRunningSkipsTheQueuedOne() throws {
        let (window, _) = makeWindow()
        let stack = try showStack(ScreenModel(name: "start"), in: window)
        let queued = Step(name: "queued")
        let (tabs, a, b) = try twoSteps("a", "b")
        try DependencyCoordinator.resolvingNextTransition(
            .destination { (d: Step) in
                d.log.append("inline")
                if d === b { try stack.push(queued) }
            }
        ) {
            try stack.push(tabs)
        }
        #expect(a.log == ["inline"])
        #expect(b.log == ["inline"])
        #expect(queued.log == [])
        #expect(stack.screens.map(\.name) == ["start", "tabs a", "queued"])
    }

    @Test func aTemporaryResolverRegisteredByOneThatRunsWaitsEvenWhenDestinationsAreLeft() throws {
        let (window, coordinator) = makeWindow()
        let stack = try showStack(ScreenModel(name: "start"), in: window)
        let registered = Switch(false)
        coordinator.registerTemporary(
            .destination { (d: Step) in
                d.log.append("first")
                guard !registered.isOn else { return }
                registered.isOn = true
                coordinator.registerTemporary(.destination { (d: Step) in d.log.append("second") })
            })
        let (tabs, a, b) = try twoSteps("a", "b")
        try stack.push(tabs)
        #expect(a.log == ["first"])
        #expect(b.log == ["first"])
        #expect(coordinator.temporaryResolvers.count == 1)
        let c = Step(name: "c")
        try stack.push(c)
        #expect(c.log == ["second"])
        #expect(coordinator.temporaryResolvers.isEmpty)
    }

    @Test func aTemporaryResolverCancelledWhileItRunsFinishesTheTransitionItStarted() throws {
        let (window, coordinator) = makeWindow()
        let stack = try showStack(ScreenModel(name: "start"), in: window)
        var registration: ResolverRegistration?
        registration = coordinator.registerTemporary(
            .destination { (d: Step) in
                d.log.append("temporary")
                registration?.cancel()
            })
        let (tabs, a, b) = try twoSteps("a", "b")
        try stack.push(tabs)
        #expect(a.log == ["temporary"])
        #expect(b.log == ["temporary"])
        #expect(registration?.isActive == false)
        let c = Step(name: "c")
        try stack.push(c)
        #expect(c.log == [])
    }

    @Test func aTemporaryResolverThatFailsAtTheSecondDestinationKeepsWaitingForBoth() throws {
        let (window, coordinator) = makeWindow()
        let stack = try showStack(ScreenModel(name: "start"), in: window)
        let refuse = Switch(true)
        coordinator.registerTemporary(
            .destination { (d: Step) in
                if refuse.isOn, d.name == "b" { throw Refused() }
                d.log.append("temporary")
            })
        let (refused, a, b) = try twoSteps("a", "b")
        #expect(throws: ScreenError.self) { try stack.push(refused) }
        #expect(stack.screens.count == 1)
        #expect(a.log == ["temporary"])  // it ran, then the transition failed
        #expect(b.log == [])
        #expect(coordinator.temporaryResolvers.count == 1)
        refuse.isOn = false
        let (tabs, c, d) = try twoSteps("c", "d")
        try stack.push(tabs)
        #expect(c.log == ["temporary"])
        #expect(d.log == ["temporary"])
        #expect(coordinator.temporaryResolvers.isEmpty)
    }

    @Test func aResolverCancelledByAnotherDuringAResolutionStillRunsForItsRemainingDestinations() throws {
        let (window, coordinator) = makeWindow()
        let stack = try showStack(ScreenModel(name: "start"), in: window)
        var second: ResolverRegistration?
        try coordinator.register(.destination { (_: ScreenModel) in second?.cancel() })
        second = try coordinator.register(.destination { (d: Step) in d.log.append("second") })
        let (tabs, a, b) = try twoSteps("a", "b")
        try stack.push(tabs)
        #expect(a.log == ["second"])
        #expect(b.log == ["second"])  // the resolution finishes with the resolvers it started with
        let c = Step(name: "c")
        try stack.push(c)
        #expect(c.log == [])
    }

    @Test func aResolverRegisteredByAnotherDuringAResolutionWaitsForTheNextTransition() throws {
        let (window, coordinator) = makeWindow()
        let stack = try showStack(ScreenModel(name: "start"), in: window)
        let registered = Switch(false)
        try coordinator.register(
            .destination { (_: ScreenModel) in
                guard !registered.isOn else { return }
                registered.isOn = true
                try coordinator.register(.destination { (d: Step) in d.log.append("late") })
            })
        let (tabs, a, b) = try twoSteps("a", "b")
        try stack.push(tabs)
        #expect(a.log == [])
        #expect(b.log == [])
        let c = Step(name: "c")
        try stack.push(c)
        #expect(c.log == ["late"])
    }

    @Test func anObserverOfSeveralEventsCancellingItselfWhileDeliveredStops() {
        let context = ScreenContext(name: "app")
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
        let tabs = ScreenContext(name: "tabs")
        var forms: [Form] = []
        var children: [ScreenContext] = []
        for index in 0..<2_000 {
            let child = ScreenContext(parent: tabs)
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
