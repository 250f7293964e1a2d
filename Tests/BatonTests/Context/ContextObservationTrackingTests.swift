import Baton
import BatonTesting
import Observation
import Testing

/// Reads through a context inside `withObservationTracking` are tracked: the tracking's
/// `onChange` runs exactly when an operation changes what the read returns.
@MainActor
@Suite(.lenientMisuse)
struct ContextObservationTrackingTests {
    // MARK: - Chain reads

    @Test func setOnTheReadingContextFires() {
        let app = ScreenContext(name: "app")
        let change = track { _ = app[UserID.self] }
        app.set("1", for: UserID.self)
        #expect(change.count == 1)
    }

    @Test func setOnAnUnshadowedAncestorFires() {
        let app = ScreenContext(name: "app")
        app.set("old", for: UserID.self)
        let form = ScreenContext(name: "form", parent: ScreenContext(name: "middle", parent: app))
        let change = track { _ = form[UserID.self] }
        app.set("new", for: UserID.self)
        #expect(change.count == 1)
        #expect(form[UserID.self] == "new")
    }

    @Test func setOnAShadowedLayerDoesNotFire() {
        let app = ScreenContext(name: "app")
        app.set("app", for: UserID.self)
        let form = ScreenContext(name: "form", parent: app)
        form.set("form", for: UserID.self)
        let change = track { _ = form[UserID.self] }
        app.set("hidden", for: UserID.self)
        _ = try? form.remove(UserID.self, in: "app")
        app.set(nil, for: UserID.self)
        #expect(change.count == 0)
        #expect(form[UserID.self] == "form")
    }

    @Test func changesOfAnotherKeyDoNotFire() {
        let app = ScreenContext(name: "app")
        let form = ScreenContext(name: "form", parent: app)
        let change = track { _ = form[UserID.self] }
        app.set("blue", for: Color.self)
        form.set("red", for: Color.self)
        form.remove(Color.self)
        #expect(change.count == 0)
    }

    @Test func writesOutsideTheChainDoNotFire() {
        let app = ScreenContext(name: "app")
        let form = ScreenContext(name: "form", parent: app)
        let sibling = ScreenContext(name: "sibling", parent: app)
        let below = ScreenContext(name: "below", parent: form)
        let change = track { _ = form[UserID.self] }
        sibling.set("1", for: UserID.self)
        below.set("2", for: UserID.self)
        ScreenContext(name: "other tree").set("3", for: UserID.self)
        #expect(change.count == 0)
    }

    @Test func explicitNilThatMasksAValueFires() {
        let app = ScreenContext(name: "app")
        app.set("12345", for: UserID.self)
        let form = ScreenContext(name: "form", parent: app)
        let change = track { _ = form[UserID.self] }
        form.set(nil, for: UserID.self)
        #expect(change.count == 1)
        #expect(form[UserID.self] == nil)
    }

    @Test func removeThatRevealsAnInnerValueFires() {
        let app = ScreenContext(name: "app")
        app.set("app", for: UserID.self)
        let form = ScreenContext(name: "form", parent: app)
        form.set("form", for: UserID.self)
        let change = track { _ = form[UserID.self] }
        form.remove(UserID.self)
        #expect(change.count == 1)
        #expect(form[UserID.self] == "app")
    }

    @Test func removeOfAMissingKeyDoesNotFire() {
        let app = ScreenContext(name: "app")
        let change = track { _ = app[UserID.self] }
        app.remove(UserID.self)
        #expect(change.count == 0)
    }

    @Test func explicitNilOverAnExplicitNilDoesNotFire() {
        let app = ScreenContext(name: "app")
        app.set(nil, for: UserID.self)
        let form = ScreenContext(name: "form", parent: app)
        let change = track { _ = form[UserID.self] }
        form.set(nil, for: UserID.self)
        #expect(change.count == 0)
    }

    @Test func settingAnEqualValueAgainFires() {
        let app = ScreenContext(name: "app")
        app.set("1", for: UserID.self)
        let change = track { _ = app[UserID.self] }
        app.set("1", for: UserID.self)
        #expect(change.count == 1)
    }

    @Test func containsAndValueForAreTracked() {
        let app = ScreenContext(name: "app")
        let contains = track { _ = app.contains(UserID.self) }
        let value = track { _ = app.value(for: UserID.self) }
        app.set(nil, for: UserID.self)
        #expect(contains.count == 1)
        #expect(value.count == 1)
    }

    @Test func trackingFiresOnceLikeAnyObservation() {
        let app = ScreenContext(name: "app")
        let change = track { _ = app[UserID.self] }
        app.set("1", for: UserID.self)
        app.set("2", for: UserID.self)
        #expect(change.count == 1)
    }

    @Test func untrackedReadsAreNotTracked() {
        let app = ScreenContext(name: "app")
        _ = app[UserID.self]
        let change = track { _ = app[Color.self] }
        app.set("1", for: UserID.self)
        #expect(change.count == 0)
    }

    // MARK: - Reads that record their cell directly (the fast path)

    @Test func aReadTrackedAgainThroughItsCachedCellFiresExactlyWhenItsResultChanges() {
        let app = ScreenContext(name: "app")
        app.set("old", for: UserID.self)
        let form = ScreenContext(name: "form", parent: ScreenContext(name: "middle", parent: app))
        _ = track { _ = form[UserID.self] }  // makes the cell and remembers it in the cache
        let again = track { _ = form[UserID.self] }  // records the remembered cell
        app.set("old", for: Color.self)
        form.set("shadow", for: Color.self)
        #expect(again.count == 0)
        app.set("new", for: UserID.self)
        #expect(again.count == 1)
        #expect(form[UserID.self] == "new")
    }

    @Test func aReadOutsideTrackingAfterATrackedOneRecordsNothing() {
        let app = ScreenContext(name: "app")
        let form = ScreenContext(name: "form", parent: app)
        _ = track { _ = form[UserID.self] }
        _ = form[UserID.self]  // has a cell now, outside any scope
        let other = track { _ = form[Color.self] }
        app.set("1", for: UserID.self)
        #expect(other.count == 0)
        app.set("blue", for: Color.self)
        #expect(other.count == 1)
    }

    @Test func aCachedCellIsUsedAfterTheCachedResultWentStale() {
        let app = ScreenContext(name: "app")
        app.set("1", for: UserID.self)
        let form = ScreenContext(name: "form", parent: app)
        _ = track { _ = form[UserID.self] }
        app.set("2", for: UserID.self)  // replaced in place: the cached result is stale
        let afterReplace = track { #expect(form[UserID.self] == "2") }
        form.set("3", for: UserID.self)  // a new slot: the shape changed, the read walks again
        let afterShape = track { #expect(form[UserID.self] == "3") }
        #expect(afterReplace.count == 1)
        app.set("4", for: UserID.self)  // shadowed
        #expect(afterShape.count == 0)
        form.remove(UserID.self)
        #expect(afterShape.count == 1)
        #expect(form[UserID.self] == "4")
    }

    @Test func aReadTrackedAfterItsCacheWasEmptiedByAnAttachFires() throws {
        let first = ScreenContext(name: "first")
        first.set("first", for: UserID.self)
        let second = ScreenContext(name: "second")
        second.set("second", for: UserID.self)
        let form = ScreenContext(name: "form", parent: first)
        _ = track { _ = form[UserID.self] }
        try form.attach(to: second)  // empties the cache, and the cell it held
        let change = track { _ = form[UserID.self] }
        let again = track { _ = form[UserID.self] }
        first.set("hidden", for: UserID.self)
        #expect(change.count == 0)
        second.set("new", for: UserID.self)
        #expect(change.count == 1)
        #expect(again.count == 1)
    }

    @Test func aRootReadTrackedAgainThroughItsCachedCellFiresExactly() {
        let app = ScreenContext(name: "app")
        _ = track { _ = app[UserID.self] }  // a root starts caching its tracked reads
        let missing = track { #expect(app[UserID.self] == nil) }
        app.set("blue", for: Color.self)
        #expect(missing.count == 0)
        app.set("1", for: UserID.self)
        #expect(missing.count == 1)
        let present = track { #expect(app[UserID.self] == "1") }
        app.set("2", for: UserID.self)
        #expect(present.count == 1)
        let explicitNil = track { #expect(app[UserID.self] == "2") }
        app.set(nil, for: UserID.self)
        #expect(explicitNil.count == 1)
        #expect(app[UserID.self] == nil)
        // Untracked reads of the root's other keys still read its table.
        app.set("red", for: Color.self)
        #expect(app[Color.self] == "red")
    }

    @Test func twentyKeysReadInOneScopeFireOnlyForTheKeyThatChanged() {
        enum K0: ContextKey { typealias Value = Int }
        enum K1: ContextKey { typealias Value = Int }
        enum K2: ContextKey { typealias Value = Int }
        let app = ScreenContext(name: "app")
        let form = ScreenContext(name: "form", parent: app)
        func readAll() {
            _ = form[K0.self]
            _ = form[K1.self]
            _ = form[K2.self]
            _ = form[UserID.self]
        }
        _ = track(readAll)
        let body = track(readAll)
        let onlyColor = track { _ = form[Color.self] }
        app.set("blue", for: Color.self)
        #expect(body.count == 0)
        #expect(onlyColor.count == 1)
        app.set(2, for: K2.self)
        #expect(body.count == 1)
        let next = track(readAll)
        form.set(1, for: K1.self)
        #expect(next.count == 1)
    }

    @Test func theSameKeyReadFromTwoContextsFiresOnlyTheOneWhoseResultChanged() {
        let app = ScreenContext(name: "app")
        let left = ScreenContext(name: "left", parent: app)
        let right = ScreenContext(name: "right", parent: app)
        _ = track { _ = left[UserID.self] }
        _ = track { _ = right[UserID.self] }
        let leftChange = track { _ = left[UserID.self] }
        let rightChange = track { _ = right[UserID.self] }
        left.set("left", for: UserID.self)
        #expect(leftChange.count == 1)
        #expect(rightChange.count == 0)
        app.set("app", for: UserID.self)
        #expect(rightChange.count == 1)
    }

    @Test func nestedScopesBothRecordACachedCell() {
        let app = ScreenContext(name: "app")
        let form = ScreenContext(name: "form", parent: app)
        _ = track { _ = form[UserID.self] }
        let inner = ChangeCount()
        let outer = track {
            withObservationTracking {
                _ = form[UserID.self]
            } onChange: {
                inner.count += 1
            }
        }
        app.set("1", for: UserID.self)
        #expect(inner.count == 1)
        #expect(outer.count == 1)
    }

    @Test func aCachedCellReadInsideOnChangeIsTrackedByTheNewScope() {
        let app = ScreenContext(name: "app")
        let form = ScreenContext(name: "form", parent: app)
        _ = track { _ = form[UserID.self] }
        let retracker = Retracker(form)
        retracker.observe()
        for index in 0..<1_000 { app.set("\(index)", for: UserID.self) }
        #expect(retracker.values.count == 1_000)
        #expect(retracker.values.last == "999")
    }

    @Test func aChainReadANamedReadAndAProviderRequestOfOneKeyFireApart() throws {
        // The three reads record cells of one key in one context, under one registrar: their key
        // paths must differ, or a change of one would fire the others.
        let app = ScreenContext(name: "app")
        let form = ScreenContext(name: "form", parent: app)
        let owner = Owner()
        let chain = track { _ = form[UserID.self] }
        let named = track { _ = try? form.value(for: UserID.self, in: "form") }
        let provider = track { _ = form.canRequest(UserID.self) }
        try app.provide(UserID.self, owner: owner) { _ in "provided" }
        #expect([chain.count, named.count, provider.count] == [0, 0, 1])
        app.set("app", for: UserID.self)
        #expect([chain.count, named.count, provider.count] == [1, 0, 1])
        form.set("form", for: UserID.self)
        #expect([chain.count, named.count, provider.count] == [1, 1, 1])
    }

    @Test func theSameReadOfTwoKeysInOneContextFiresApart() throws {
        let app = ScreenContext(name: "app")
        let form = ScreenContext(name: "form", parent: app)
        let user = track { _ = try? form.value(for: UserID.self, in: "app") }
        let weight = track { _ = try? form.value(for: TotalWeight.self, in: "app") }
        app.set(40, for: TotalWeight.self)
        #expect([user.count, weight.count] == [0, 1])
        app.set("12345", for: UserID.self)
        #expect([user.count, weight.count] == [1, 1])
    }

    // MARK: - Re-parenting

    @Test func reparentingThatChangesTheValueFires() {
        let first = ScreenContext(name: "first")
        first.set("first", for: UserID.self)
        let second = ScreenContext(name: "second")
        second.set("second", for: UserID.self)
        let screen = ScreenContext(name: "screen", parent: first)
        let leaf = ScreenContext(name: "leaf", parent: screen)
        let change = track { _ = leaf[UserID.self] }
        try? screen.attach(to: second)
        #expect(change.count == 1)
        #expect(leaf[UserID.self] == "second")
    }

    @Test func reparentingThatKeepsTheValueDoesNotFire() {
        let app = ScreenContext(name: "app")
        app.set("app", for: UserID.self)
        let left = ScreenContext(name: "left", parent: app)
        let right = ScreenContext(name: "right", parent: app)
        let screen = ScreenContext(name: "screen", parent: left)
        let change = track { _ = screen[UserID.self] }
        try? screen.attach(to: right)
        #expect(change.count == 0)
    }

    @Test func reparentingAContextThatHoldsTheKeyDoesNotFire() {
        let screen = ScreenContext(name: "screen", parent: ScreenContext(name: "first"))
        screen.set("own", for: UserID.self)
        let change = track { _ = screen[UserID.self] }
        let second = ScreenContext(name: "second")
        second.set("second", for: UserID.self)
        try? screen.attach(to: second)
        #expect(change.count == 0)
    }

    @Test func detachingFromTheHolderFires() {
        let app = ScreenContext(name: "app")
        app.set("app", for: UserID.self)
        let screen = ScreenContext(name: "screen", parent: app)
        let change = track { _ = screen[UserID.self] }
        try? screen.attach(to: nil)
        #expect(change.count == 1)
        #expect(screen[UserID.self] == nil)
    }

    // MARK: - Named reads

    @Test func namedReadFiresForItsScopeOnly() throws {
        let app = ScreenContext(name: "app")
        let form = ScreenContext(name: "form", parent: app)
        let change = track { _ = try? form.value(for: UserID.self, in: "app") }
        form.set("form", for: UserID.self)
        app.set("other key", for: Color.self)
        #expect(change.count == 0)
        try form.set("app", for: UserID.self, in: "app")
        #expect(change.count == 1)
    }

    @Test func aKeyReadOnlyByATrackedNamedReadFiresWhenReplaced() throws {
        // A key no other test reads: writes skip the Observation comparison for keys no tracking
        // scope has read, and this named read must be enough to count as one.
        enum OnlyNamed: ContextKey { typealias Value = String }
        let app = ScreenContext(name: "app")
        app.set("first", for: OnlyNamed.self)
        let form = ScreenContext(name: "form", parent: app)
        let change = track { _ = try? form.value(for: OnlyNamed.self, in: "app") }
        app.set("second", for: OnlyNamed.self)  // replaced in place, in the same box
        #expect(change.count == 1)
        #expect(try form.value(for: OnlyNamed.self, in: "app") == "second")
    }

    @Test func namedReadFiresWhenItsScopeMoves() throws {
        let app = ScreenContext(name: "app")
        app.set("first", for: UserID.self)
        let other = ScreenContext(name: "app")
        other.set("second", for: UserID.self)
        let form = ScreenContext(name: "form", parent: app)
        let change = track { _ = try? form.value(for: UserID.self, in: "app") }
        try form.attach(to: other)
        #expect(change.count == 1)
        #expect(try form.value(for: UserID.self, in: "app") == "second")
    }

    @Test func namedReadOfAnUnknownScopeFiresWhenTheChainChanges() throws {
        let form = ScreenContext(name: "form")
        let change = track { _ = try? form.value(for: UserID.self, in: "app") }
        try form.attach(to: ScreenContext(name: "app"))
        #expect(change.count == 1)
    }

    // MARK: - Provider requests

    @Test func registeringAProviderFiresARequestThatFailed() throws {
        let app = ScreenContext(name: "app")
        let form = ScreenContext(name: "form", parent: app)
        let owner = Owner()
        let request = track { _ = try? form.request(TotalWeight.self) }
        let check = track { _ = form.canRequest(TotalWeight.self) }
        try app.provide(TotalWeight.self, owner: owner) { _ in 40 }
        #expect(request.count == 1)
        #expect(check.count == 1)
        #expect(try form.request(TotalWeight.self) == 40)
    }

    @Test func endingAProviderFires() throws {
        let app = ScreenContext(name: "app")
        let owner = Owner()
        let registration = try app.provide(TotalWeight.self, owner: owner) { _ in 40 }
        let form = ScreenContext(name: "form", parent: app)
        let change = track { _ = try? form.request(TotalWeight.self) }
        registration.cancel()
        #expect(change.count == 1)
    }

    @Test func aProviderOnASiblingDoesNotFire() throws {
        let app = ScreenContext(name: "app")
        let form = ScreenContext(name: "form", parent: app)
        let sibling = ScreenContext(name: "sibling", parent: app)
        let owner = Owner()
        let change = track { _ = try? form.request(TotalWeight.self) }
        try sibling.provide(TotalWeight.self, owner: owner) { _ in 1 }
        app.set(2, for: TotalWeight.self)
        #expect(change.count == 0)
    }

    @Test func observableStateAProviderReadsIsTracked() throws {
        let app = ScreenContext(name: "app")
        let model = WeightModel()
        try app.provide(TotalWeight.self, owner: model) { model in model.weight }
        let change = track { _ = try? app.request(TotalWeight.self) }
        model.weight = 50
        #expect(change.count == 1)
    }

    @Test func reparentingUnderAProviderFires() throws {
        let app = ScreenContext(name: "app")
        let owner = Owner()
        try app.provide(TotalWeight.self, owner: owner) { _ in 40 }
        let screen = ScreenContext(name: "screen")
        let change = track { _ = try? screen.request(TotalWeight.self) }
        try screen.attach(to: app)
        #expect(change.count == 1)
    }

    // MARK: - Re-entrancy and lifetime

    @Test func onChangeMayWriteBackIntoTheContext() {
        let app = ScreenContext(name: "app")
        let form = ScreenContext(name: "form", parent: app)
        let change = ChangeCount()
        withObservationTracking {
            _ = form[UserID.self]
        } onChange: {
            MainActor.assumeIsolated {
                change.count += 1
                app.set("written in onChange", for: Color.self)
                form.set("shadowing", for: UserID.self)
            }
        }
        app.set("1", for: UserID.self)
        #expect(change.count == 1)
        #expect(form[UserID.self] == "shadowing")
        #expect(app[Color.self] == "written in onChange")
    }

    @Test func onChangeMayTrackTheSameReadAgain() {
        let app = ScreenContext(name: "app")
        let form = ScreenContext(name: "form", parent: app)
        let retracker = Retracker(form)
        retracker.observe()
        app.set("1", for: UserID.self)
        app.set("2", for: UserID.self)
        form.set("3", for: UserID.self)
        app.set("hidden", for: UserID.self)
        #expect(retracker.values == ["1", "2", "3"])
    }

    @Test func onChangeMayDetachTheContextItTracked() {
        let app = ScreenContext(name: "app")
        app.set("app", for: UserID.self)
        let form = ScreenContext(name: "form", parent: app)
        let sibling = ScreenContext(name: "sibling", parent: app)
        let formChange = ChangeCount()
        withObservationTracking {
            _ = form[UserID.self]
        } onChange: {
            MainActor.assumeIsolated {
                formChange.count += 1
                try? form.attach(to: nil)
            }
        }
        let siblingChange = track { _ = sibling[UserID.self] }
        app.set("new", for: UserID.self)
        #expect(formChange.count == 1)
        #expect(siblingChange.count == 1)
        #expect(form.parent == nil)
        #expect(form[UserID.self] == nil)
    }

    @Test func trackedContextsAreFreed() {
        weak var weakForm: ScreenContext?
        let app = ScreenContext(name: "app")
        do {
            let form = ScreenContext(name: "form", parent: app)
            weakForm = form
            _ = track { _ = form[UserID.self] }
            _ = track { _ = try? form.request(TotalWeight.self) }
            _ = track { _ = try? form.value(for: UserID.self, in: "app") }
        }
        #expect(weakForm == nil)
        app.set("after", for: UserID.self)
    }

    @Test(.heavyOnTheMainActor) func hundredThousandTrackedReadsStayCorrect() async {
        let app = ScreenContext(name: "app")
        let form = ScreenContext(name: "form", parent: app)
        var fired = 0
        for index in 0..<100_000 {
            await shareTheMainActor(at: index, every: 250)
            let change = track { _ = form[UserID.self] }
            app.set("\(index)", for: UserID.self)
            fired += change.count
        }
        #expect(fired == 100_000)
    }
}

// MARK: - Helpers

/// Tracks a read again from inside each `onChange`, recording what it then reads.
@MainActor
final class Retracker {
    let context: ScreenContext
    var values: [String] = []

    init(_ context: ScreenContext) { self.context = context }

    func observe() {
        withObservationTracking {
            _ = context[UserID.self]
        } onChange: {
            MainActor.assumeIsolated {
                self.values.append(self.context[UserID.self] ?? "nil")
                self.observe()
            }
        }
    }
}

/// How often a tracking's `onChange` ran; it runs on the main actor in these tests.
final class ChangeCount: @unchecked Sendable {
    var count = 0
}

/// Runs `read` inside `withObservationTracking` and counts its `onChange` calls.
@MainActor
func track(_ read: () -> Void) -> ChangeCount {
    let change = ChangeCount()
    withObservationTracking(read) { change.count += 1 }
    return change
}

@Observable
@MainActor
final class WeightModel {
    var weight: Double? = 40
}
