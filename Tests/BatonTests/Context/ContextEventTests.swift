import Baton
import BatonTesting
import Testing

@MainActor
@Suite(.lenientMisuse)
struct ContextEventTests {
    /// root ─ middle ─ poster ─ child ─ grandchild, plus a sibling of `poster` under `middle`.
    @MainActor private struct Tree {
        let root = ScreenContext(name: "root")
        let middle: ScreenContext
        let poster: ScreenContext
        let child: ScreenContext
        let grandchild: ScreenContext
        let sibling: ScreenContext

        init() {
            middle = ScreenContext(name: "middle", parent: root)
            poster = ScreenContext(name: "poster", parent: middle)
            child = ScreenContext(name: "child", parent: poster)
            grandchild = ScreenContext(name: "grandchild", parent: child)
            sibling = ScreenContext(name: "sibling", parent: middle)
        }

        var all: [ScreenContext] { [root, middle, poster, child, grandchild, sibling] }
    }

    private func reached(by reach: EventReach) -> [String] {
        let tree = Tree()
        let log = Owner()
        for context in tree.all {
            let label = context.name!
            context.observe(TotalWeightChanged.self, owner: log) { owner, value in
                owner.received.append("\(label) \(value)")
            }
        }
        tree.poster.post(TotalWeightChanged.self, 1.5, reach: reach)
        return log.received
    }

    // MARK: - Rule 11: reach

    @Test func defaultReachIsThePosterItsAncestorsAndItsDescendants() {
        #expect(
            reached(by: .tree) == ["poster 1.5", "middle 1.5", "root 1.5", "child 1.5", "grandchild 1.5"])
    }

    @Test func localReachIsThePosterOnly() {
        #expect(reached(by: .local) == ["poster 1.5"])
    }

    @Test func ancestorsReachGoesUpOnly() {
        #expect(reached(by: .ancestors) == ["poster 1.5", "middle 1.5", "root 1.5"])
    }

    @Test func descendantsReachGoesDownOnly() {
        #expect(reached(by: .descendants) == ["poster 1.5", "child 1.5", "grandchild 1.5"])
    }

    @Test func observersOfAnotherEventAreNotCalled() {
        let context = ScreenContext()
        let owner = Owner()
        context.observe(Saved.self, owner: owner) { owner, _ in owner.received.append("saved") }
        context.post(TotalWeightChanged.self, 1)
        #expect(owner.received.isEmpty)
        context.post(Saved.self)
        #expect(owner.received == ["saved"])
    }

    // MARK: - Rule 12: owners, conditions, async sequences

    @Test func observerEndsWhenItsOwnerIsGone() {
        let context = ScreenContext()
        var calls = 0
        weak var weakOwner: Owner?
        do {
            let owner = Owner()
            weakOwner = owner
            context.observe(Saved.self, owner: owner) { _, _ in calls += 1 }
            context.post(Saved.self)
        }
        #expect(weakOwner == nil)
        context.post(Saved.self)
        #expect(calls == 1)
    }

    @Test func conditionGatesEventObservers() {
        let context = ScreenContext()
        let owner = Owner()
        let onScreen = Switch()
        context.observe(TotalWeightChanged.self, owner: owner, if: Condition { onScreen.isOn }) { owner, value in
            owner.received.append("\(value)")
        }
        context.post(TotalWeightChanged.self, 1)
        onScreen.isOn = true
        context.post(TotalWeightChanged.self, 2)
        #expect(owner.received == ["2.0"])
    }

    @Test func whileAliveConditionFollowsAnObject() {
        let context = ScreenContext()
        let owner = Owner()
        var session: Owner? = Owner()
        context.observe(Saved.self, owner: owner, if: .whileAlive(session!)) { owner, _ in
            owner.received.append("saved")
        }
        context.post(Saved.self)
        session = nil
        context.post(Saved.self)
        #expect(owner.received == ["saved"])
        #expect(session == nil)
    }

    @Test func anObserverWhoseConditionOrBodyDropsItsOwnerGetsItThisOnce() {
        let context = ScreenContext()
        let holders = [OwnerHolder(Owner()), OwnerHolder(Owner())]
        weak let gated = holders[0].owner
        weak let plain = holders[1].owner
        var seen: [String] = []
        context.observe(
            Saved.self, owner: holders[0].owner!,
            if: Condition {
                holders[0].owner = nil  // the condition drops the only other reference to the owner
                return true
            }
        ) { owner, _ in seen.append("gated, owner there: \(owner === gated)") }
        context.observe(Saved.self, owner: holders[1].owner!) { owner, _ in
            holders[1].owner = nil  // so does the body
            seen.append("plain, owner there: \(owner === plain)")
        }
        context.post(Saved.self)
        context.post(Saved.self)
        #expect(seen == ["gated, owner there: true", "plain, owner there: true"])
        #expect(gated == nil && plain == nil)
    }

    @Test func observersRegisteredDuringAPostOnContextsItReachesLaterAreCalledFromTheNextPost() {
        let root = ScreenContext(name: "root")
        let poster = ScreenContext(name: "poster", parent: root)
        let child = ScreenContext(name: "child", parent: poster)
        let owner = Owner()
        poster.observe(Saved.self, owner: owner) { owner, _ in
            owner.received.append("poster")
            guard owner.received.count == 1 else { return }
            for context in [root, child] {
                let name = context.name!
                context.observe(Saved.self, owner: owner) { owner, _ in owner.received.append("\(name)") }
                context.observe(Saved.self, owner: owner, if: .always) { owner, _ in
                    owner.received.append("\(name) gated")
                }
                context.observe(Saved.self, owner: owner, expiresIf: Condition { false }) { owner, _ in
                    owner.received.append("\(name) expiring")
                }
            }
        }
        poster.post(Saved.self)
        #expect(owner.received == ["poster"])
        poster.post(Saved.self)
        #expect(
            owner.received == [
                "poster", "poster", "root", "root gated", "root expiring", "child", "child gated", "child expiring",
            ])
    }

    @Test func observerRegisteredDuringAPostIsCalledFromTheNextPost() {
        let context = ScreenContext()
        let owner = Owner()
        context.observe(Saved.self, owner: owner) { owner, _ in
            owner.received.append("first")
            context.observe(Saved.self, owner: owner) { owner, _ in owner.received.append("second") }
        }
        context.post(Saved.self)
        #expect(owner.received == ["first"])
    }

    @Test(.timeLimit(.minutes(1))) func asyncSequencesEndWhenTheirContextIsFreed() async {
        var context: ScreenContext? = ScreenContext()
        let events = context!.events(Saved.self)
        let changes = context!.changes(of: Count.self)
        context = nil
        var received = 0
        for await _ in events { received += 1 }
        var changed: [Int?] = []
        for await value in changes { changed.append(value) }
        #expect(received == 0)
        #expect(changed == [nil])  // the value when the sequence was made, then the end
    }

    @Test func eventsTakeABufferingPolicy() async {
        let context = ScreenContext()
        let stream = context.events(TotalWeightChanged.self, buffering: .bufferingNewest(2))
        for value in 1...5 { context.post(TotalWeightChanged.self, Double(value)) }
        var received: [Double] = []
        for await value in stream {
            received.append(value)
            if received.count == 2 { break }
        }
        #expect(received == [4, 5])
    }

    @Test func eventsIsAnAsyncSequenceOfPayloads() async {
        let parent = ScreenContext()
        let child = ScreenContext(parent: parent)
        let stream = parent.events(TotalWeightChanged.self)
        child.post(TotalWeightChanged.self, 1)
        child.post(TotalWeightChanged.self, 2, reach: .local)
        child.post(TotalWeightChanged.self, 3)
        var received: [Double] = []
        for await value in stream {
            received.append(value)
            if received.count == 2 { break }
        }
        #expect(received == [1, 3])
    }
}
