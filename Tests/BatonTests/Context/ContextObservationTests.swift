import Baton
import BatonTesting
import Testing

@MainActor
@Suite(.lenientMisuse)
struct ContextObservationTests {
    // MARK: - Rule 7: observing changes of a key

    @Test func observerSeesSetAndRemoveOnItsContext() {
        let app = ScreenContext(name: "app")
        let owner = Owner()
        app.onChange(of: UserID.self, owner: owner) { owner, value in
            owner.received.append(value ?? "nil")
        }
        app.set("1", for: UserID.self)
        app.set(nil, for: UserID.self)
        app.remove(UserID.self)
        #expect(owner.received == ["1", "nil", "nil"])
    }

    @Test func observerSeesChangesInUnshadowedAncestorsOnly() {
        let app = ScreenContext(name: "app")
        let form = ScreenContext(name: "form", parent: app)
        let owner = Owner()
        form.onChange(of: UserID.self, owner: owner) { owner, value in
            owner.received.append(value ?? "nil")
        }
        app.set("from app", for: UserID.self)
        form.set("from form", for: UserID.self)
        app.set("hidden", for: UserID.self)
        form.remove(UserID.self)
        #expect(owner.received == ["from app", "from form", "hidden"])
    }

    @Test func observerOfAnotherKeyIsNotCalled() {
        let app = ScreenContext()
        let owner = Owner()
        app.onChange(of: Color.self, owner: owner) { owner, _ in owner.received.append("color") }
        app.set("1", for: UserID.self)
        #expect(owner.received.isEmpty)
    }

    @Test func observationEndsWhenItsOwnerIsGone() {
        let app = ScreenContext()
        var calls = 0
        weak var weakOwner: Owner?
        var registration: Registration?
        do {
            let owner = Owner()
            weakOwner = owner
            registration = app.onChange(of: UserID.self, owner: owner) { _, _ in calls += 1 }
            app.set("1", for: UserID.self)
        }
        #expect(weakOwner == nil)
        #expect(registration?.isActive == false)
        app.set("2", for: UserID.self)
        #expect(calls == 1)
    }

    @Test func observationsCanBeRemovedPerOwnerAndAllAtOnce() {
        let app = ScreenContext()
        let first = Owner()
        let second = Owner()
        app.onChange(of: UserID.self, owner: first) { owner, _ in owner.received.append("key") }
        app.observe(Saved.self, owner: first) { owner, _ in owner.received.append("event") }
        app.onChange(of: UserID.self, owner: second) { owner, _ in owner.received.append("key") }
        app.removeObservers(owner: first)
        app.set("1", for: UserID.self)
        app.post(Saved.self)
        #expect(first.received.isEmpty)
        #expect(second.received == ["key"])
        app.removeAllObservers()
        app.set("2", for: UserID.self)
        #expect(second.received == ["key"])
    }

    @Test func cancelledRegistrationStopsDelivery() {
        let app = ScreenContext()
        let owner = Owner()
        let registration = app.onChange(of: UserID.self, owner: owner) { owner, _ in owner.received.append("x") }
        #expect(registration.isActive)
        registration.cancel()
        registration.cancel()
        app.set("1", for: UserID.self)
        #expect(!registration.isActive)
        #expect(owner.received.isEmpty)
    }

    @Test func conditionGatesValueObservers() {
        let app = ScreenContext()
        let owner = Owner()
        let open = Switch()
        app.onChange(of: UserID.self, owner: owner, if: Condition { open.isOn }) { owner, value in
            owner.received.append(value ?? "nil")
        }
        app.set("closed", for: UserID.self)
        open.isOn = true
        app.set("open", for: UserID.self)
        #expect(owner.received == ["open"])
    }

    @Test func changesStartsWithTheCurrentValueAndCanKeepEveryValue() async {
        let app = ScreenContext()
        let form = ScreenContext(parent: app)
        let stream = form.changes(of: Count.self, buffering: .everyValue)
        app.set(1, for: Count.self)
        form.set(2, for: Count.self)
        form.remove(Count.self)
        var received: [Int?] = []
        for await value in stream {
            received.append(value)
            if received.count == 4 { break }
        }
        #expect(received == [nil, 1, 2, 1])
    }

    @Test func changesKeepsOnlyTheNewestValueForASlowConsumerByDefault() async {
        let form = ScreenContext()
        form.set(-1, for: Count.self)
        let stream = form.changes(of: Count.self)
        for value in 0..<10_000 { form.set(value, for: Count.self) }
        var iterator = stream.makeAsyncIterator()
        let first = await iterator.next()
        #expect(first == .some(9_999))
        form.set(10_000, for: Count.self)
        let second = await iterator.next()
        #expect(second == .some(10_000))
    }

    @Test func changesStartsWithTheCurrentValueBeforeAnyChange() async {
        let form = ScreenContext()
        form.set(7, for: Count.self)
        var iterator = form.changes(of: Count.self).makeAsyncIterator()
        let first = await iterator.next()
        #expect(first == .some(7))
    }

    @Test func reparentingTellsObserversWhoseValueChanged() throws {
        let oldParent = ScreenContext(name: "old")
        oldParent.set(1, for: Count.self)
        oldParent.set("same", for: Color.self)
        let newParent = ScreenContext(name: "new")
        newParent.set(2, for: Count.self)
        let child = ScreenContext(name: "child", parent: oldParent)
        let grandchild = ScreenContext(name: "grandchild", parent: child)
        child.set("own", for: Color.self)
        let owner = Owner()
        grandchild.onChange(of: Count.self, owner: owner) { owner, value in
            owner.received.append("count \(value ?? 0)")
        }
        // The grandchild reads Color from the child, which does not change: no call.
        grandchild.onChange(of: Color.self, owner: owner) { owner, value in
            owner.received.append("color \(value ?? "nil")")
        }
        try child.attach(to: newParent)
        #expect(owner.received == ["count 2"])
        try child.attach(to: nil)
        #expect(owner.received == ["count 2", "count 0"])
    }
}
