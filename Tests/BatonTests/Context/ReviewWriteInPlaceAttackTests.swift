import BatonTesting
import Observation
import Testing

@testable import Baton

// Keys used by this file only, so that no other test marks them as tracked first: the write
// path skips Observation for a key no tracking scope ever read (`KeyStamp.isTracked`, global).
private enum FirstTrackedLate: ContextKey { typealias Value = String }
private enum NamedOnly: ContextKey { typealias Value = String }
private enum ContainsOnly: ContextKey { typealias Value = String }
private enum TrackedByObserver: ContextKey { typealias Value = String }
private enum TrackedAcrossAttach: ContextKey { typealias Value = String }
private enum TrackedThroughNamedWrite: ContextKey { typealias Value = String }
private enum ProbeValue: ContextKey { typealias Value = DeinitProbe }
private enum MaybeCount: ContextKey { typealias Value = Int? }
private enum Wide: ContextKey { typealias Value = WideValue }
private enum AnyShape: ContextKey { typealias Value = any ShapeValue }
private enum Trigger: ContextKey { typealias Value = String }
private enum Follower: ContextKey { typealias Value = String }
private enum Streamed: ContextKey { typealias Value = Int }
private enum RemovedByDeinit: ContextKey { typealias Value = DeinitProbe }
private enum ResetByObserver: ContextKey { typealias Value = String }
private enum Neighbour: ContextKey { typealias Value = Int }
private enum FreesItsHolder: ContextKey { typealias Value = DeinitProbe }

/// A key whose name is user code that runs `onName`: a dump, `allKeys` or a `.share` check asks
/// for it while it holds a copy of the slots.
private enum SelfNaming: ContextKey {
    typealias Value = String
    nonisolated(unsafe) static var onName: (@MainActor () -> Void)?
    static var name: String {
        if let onName { MainActor.assumeIsolated { onName() } }
        return "SelfNaming"
    }
}

/// A value larger than an existential's inline buffer, so that a swap moves an out-of-line value.
private struct WideValue: Equatable {
    var a = "a"
    var b = "b"
    var c = "c"
    var d = [1, 2, 3]
    var e = 0
}

private protocol ShapeValue { var label: String { get } }
private struct SmallShape: ShapeValue { var label: String { "small" } }
private struct LargeShape: ShapeValue {
    var parts = ["l", "a", "r", "g", "e"]
    var more = (1, 2, 3, 4)
    var label: String { parts.joined() }
}
private final class ClassShape: ShapeValue {
    let onDeinit: @MainActor () -> Void
    init(_ onDeinit: @escaping @MainActor () -> Void) { self.onDeinit = onDeinit }
    var label: String { "class" }
    deinit {
        let onDeinit = onDeinit
        MainActor.assumeIsolated { onDeinit() }
    }
}

/// Review attacks on writes that reuse the slot's box (a value replacing another goes into the
/// box only its slot holds) and on writes that skip Observation for keys never tracked. Every
/// test runs user code (an observer, a value's `deinit`, an Observation `onChange`) at the moment
/// a reused box or a skipped comparison would show a wrong value or lose a change.
@MainActor
@Suite(.lenientMisuse)
struct ReviewWriteInPlaceAttackTests {
    // MARK: - Values of every shape in a reused box

    @Test func aClassValueReplacedInPlaceIsReleasedAfterObserversAndItsDeinitMayWriteTheKeyAgain() {
        let app = ScreenContext(name: "app")
        let form = ScreenContext(name: "form", parent: app)
        var log: [String] = []
        let owner = InPlaceOwner()
        // Only the slot holds each value, so that its release is the write's.
        app.set(
            DeinitProbe {
                log.append(form[ProbeValue.self] == nil ? "first deinit reads nil" : "first deinit reads a value")
                // A write of the same key from the replaced value's deinit: the box is reused again.
                app.set(DeinitProbe { log.append("third deinit") }, for: ProbeValue.self)
            }, for: ProbeValue.self)
        let firstID = form[ProbeValue.self].map(ObjectIdentifier.init)
        var seen: [ObjectIdentifier?] = []
        form.onChange(of: ProbeValue.self, owner: owner) { _, value in
            seen.append(value.map(ObjectIdentifier.init))
            log.append("observer")
        }
        app.set(DeinitProbe { log.append("second deinit") }, for: ProbeValue.self)
        #expect(log == ["observer", "first deinit reads a value", "observer", "second deinit"])
        #expect(seen.count == 2)
        #expect(seen[0] != firstID && seen[1] != firstID && seen[0] != seen[1])
        #expect(form[ProbeValue.self].map(ObjectIdentifier.init) == seen[1])
        app.remove(ProbeValue.self)
        #expect(log.last == "third deinit")
        #expect(form[ProbeValue.self] == nil)
    }

    @Test func anOptionalValueTypeKeepsAStoredNilApartFromAnExplicitNil() {
        let app = ScreenContext(name: "app")
        let form = ScreenContext(name: "form", parent: app)
        app.set(.some(nil), for: MaybeCount.self)  // a stored `nil` of `Int?`: a box
        #expect(form[MaybeCount.self] == .some(nil))
        app.set(.some(3), for: MaybeCount.self)  // into the same box
        #expect(form[MaybeCount.self] == .some(3))
        app.set(.some(nil), for: MaybeCount.self)
        #expect(form[MaybeCount.self] == .some(nil))
        app.set(nil, for: MaybeCount.self)  // an explicit nil: no box
        #expect(form[MaybeCount.self] == nil)
        #expect(form.contains(MaybeCount.self))
        app.set(.some(4), for: MaybeCount.self)
        #expect(form[MaybeCount.self] == .some(4))
        #expect(app.dump().contains("MaybeCount = 4"))  // a dump shows what an optional wraps
    }

    @Test func wideAndExistentialValuesSwapIntoTheSameBox() {
        let app = ScreenContext(name: "app")
        let form = ScreenContext(name: "form", parent: app)
        var wide = WideValue()
        app.set(wide, for: Wide.self)
        for step in 1...5 {
            wide.e = step
            wide.d.append(step)
            app.set(wide, for: Wide.self)
            #expect(form[Wide.self] == wide)
        }
        var released: [String] = []
        let shapes: [any ShapeValue] = [
            SmallShape(), LargeShape(), ClassShape { released.append("class 1") }, SmallShape(),
            ClassShape { released.append("class 2") }, LargeShape(),
        ]
        var labels: [String] = []
        let owner = InPlaceOwner()
        form.onChange(of: AnyShape.self, owner: owner) { _, shape in labels.append(shape?.label ?? "nil") }
        for shape in shapes { app.set(shape, for: AnyShape.self) }
        // `shapes` still holds the class values: nothing released yet.
        #expect(released.isEmpty)
        #expect(labels == ["small", "large", "class", "small", "class", "large"])
        #expect(form[AnyShape.self]?.label == "large")
        app.set(SmallShape(), for: AnyShape.self)
        #expect(form[AnyShape.self]?.label == "small")
        withExtendedLifetime(shapes) {}
    }

    @Test func aReplacedClassExistentialIsReleasedAfterTheWrite() {
        let app = ScreenContext(name: "app")
        var log: [String] = []
        let owner = InPlaceOwner()
        app.set(ClassShape { log.append("released, now \(app[AnyShape.self]?.label ?? "nil")") }, for: AnyShape.self)
        app.onChange(of: AnyShape.self, owner: owner) { _, shape in log.append("observer \(shape?.label ?? "nil")") }
        app.set(LargeShape(), for: AnyShape.self)
        #expect(log == ["observer large", "released, now large"])
    }

    // MARK: - User code that changes the slot under a reused box

    @Test func aReplacedValueWhoseDeinitRemovesTheKeyFreesTheReusedBox() {
        let app = ScreenContext(name: "app")
        let form = ScreenContext(name: "form", parent: app)
        app.set(DeinitProbe { app.remove(RemovedByDeinit.self) }, for: RemovedByDeinit.self)
        #expect(form[RemovedByDeinit.self] != nil)
        var released = false
        app.set(DeinitProbe { released = true }, for: RemovedByDeinit.self)
        // The new value went into the old box, which the deinit's remove then freed.
        #expect(released)
        #expect(form[RemovedByDeinit.self] == nil)
        #expect(!form.contains(RemovedByDeinit.self))
        app.set(DeinitProbe {}, for: RemovedByDeinit.self)
        #expect(form[RemovedByDeinit.self] != nil)
    }

    @Test func anObserverThatRemovesAndSetsTheKeyDuringAnInPlaceWriteIsSeenByTracking() {
        let app = ScreenContext(name: "app")
        let form = ScreenContext(name: "form", parent: app)
        app.set("first", for: ResetByObserver.self)
        let owner = InPlaceOwner()
        var normalising = false
        app.onChange(of: ResetByObserver.self, owner: owner) { [unowned app] _, value in
            guard !normalising, value == "second" else { return }
            normalising = true
            app.remove(ResetByObserver.self)  // frees the box the outer write reused
            app.set("normalised", for: ResetByObserver.self)
            normalising = false
        }
        var read: [String] = []
        withObservationTracking {
            _ = form[ResetByObserver.self]
        } onChange: { [weak form] in
            MainActor.assumeIsolated { read.append(form?[ResetByObserver.self] ?? "nil") }
        }
        app.set("second", for: ResetByObserver.self)
        #expect(form[ResetByObserver.self] == "normalised")
        #expect(read.count == 1)
        withExtendedLifetime(owner) {}
    }

    @Test func anObserverWritingAnotherKeyInPlaceDuringAnAttachIsToldTheCurrentValue() throws {
        let oldParent = ScreenContext(name: "old")
        let newParent = ScreenContext(name: "new")
        oldParent.set("a", for: Trigger.self)
        newParent.set("b", for: Trigger.self)
        newParent.set("x", for: Follower.self)
        let subtree = ScreenContext(name: "subtree", parent: oldParent)
        let reader = ScreenContext(name: "reader", parent: subtree)
        let owner = InPlaceOwner()
        var followers: [String] = []
        reader.onChange(of: Trigger.self, owner: owner) { _, _ in
            newParent.set("y", for: Follower.self)  // the box only newParent's slot holds
        }
        reader.onChange(of: Follower.self, owner: owner) { _, value in followers.append(value ?? "nil") }
        try subtree.attach(to: newParent)
        #expect(reader[Follower.self] == "y")
        #expect(followers.last == "y")
        #expect(Set(followers).isSubset(of: ["x", "y"]))
        newParent.set("z", for: Follower.self)
        #expect(followers.last == "z")
    }

    @Test func everyValueWrittenInPlaceReachesAnUnboundedStream() async {
        let app = ScreenContext(name: "app")
        let form = ScreenContext(name: "form", parent: app)
        app.set(1, for: Streamed.self)
        let stream = form.changes(of: Streamed.self, buffering: .everyValue)
        app.set(2, for: Streamed.self)
        app.set(3, for: Streamed.self)
        app.set(4, for: Streamed.self)
        var values: [Int?] = []
        for await value in stream {
            values.append(value)
            if values.count == 4 { break }
        }
        #expect(values == [1, 2, 3, 4])
    }

    @Test func aNamedWriteWhoseObserverFreesTheHolderFinishesAndReleasesTheOldValueLast() throws {
        let form = ScreenContext(name: "form")
        var log: [String] = []
        let owner = InPlaceOwner()
        do {
            let app = ScreenContext(name: "app")
            try form.attach(to: app)
            app.set(
                DeinitProbe { [unowned form] in
                    log.append("old value released, form reads \(form.contains(FreesItsHolder.self))")
                },
                for: FreesItsHolder.self)
            // Detaching drops every reference to `app` but the write's own.
            form.onChange(of: FreesItsHolder.self, owner: owner) { [unowned form] _, _ in
                log.append("observer")
                try? form.attach(to: nil)
            }
        }
        #expect(form.contains(FreesItsHolder.self))
        try form.set(DeinitProbe { log.append("new value released") }, for: FreesItsHolder.self, in: "app")
        // Told by the write, then by the detach (form no longer reads app); the old value goes
        // at the end of the write, the new one with `app`, freed once the write lets go of it.
        #expect(log == ["observer", "observer", "old value released, form reads false", "new value released"])
        #expect(form.parent == nil)
        #expect(!form.contains(FreesItsHolder.self))
    }

    // MARK: - Writes while the slots are copied

    @Test func aKeyNameThatWritesTheKeyDuringADumpLeavesTheDumpedValueAlone() {
        let app = ScreenContext(name: "app")
        app.set(1, for: Neighbour.self)
        app.set("before", for: SelfNaming.self)
        var writes = 0
        SelfNaming.onName = {
            writes += 1
            app.set("during \(writes)", for: SelfNaming.self)
        }
        defer { SelfNaming.onName = nil }
        // Sorting the slots by name writes the key while the dump's copy holds its box: that box
        // keeps the value the dump prints, so the write must not go into it.
        let dump = app.dump()
        let json = app.dump(format: .json)
        SelfNaming.onName = nil
        #expect(dump.contains("0:SelfNaming = before"))
        #expect(json.contains("\"SelfNaming\":\"during"))
        #expect(writes > 1)
        #expect(app[SelfNaming.self] == "during \(writes)")
    }

    @Test func aKeyNameThatWritesTheKeyDuringAShareCheckIsReportedAndKept() throws {
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        let detail = ScreenModel(name: "detail")
        detail.context.set("own", for: SelfNaming.self)
        var writes = 0
        SelfNaming.onName = {
            writes += 1
            detail.context.set("renamed \(writes)", for: SelfNaming.self)
        }
        defer { SelfNaming.onName = nil }
        #expect(
            throws: ScreenError.sharedContextHasRegistrations(
                destination: "detail", registrations: ["value SelfNaming"])
        ) {
            try stack.push(detail, wiring: .share)
        }
        SelfNaming.onName = nil
        #expect(writes >= 1)
        #expect(detail.context[SelfNaming.self] == "renamed \(writes)")
        #expect(detail.context.allKeys.map(\.name) == ["SelfNaming"])
    }

    // MARK: - Keys tracked only after writes, or only one way

    @Test func aKeyFirstTrackedAfterManyWritesFiresOnTheNextWrite() {
        let app = ScreenContext(name: "app")
        let form = ScreenContext(name: "form", parent: app)
        for index in 0..<5 { app.set("v\(index)", for: FirstTrackedLate.self) }
        let inPlace = track { _ = form[FirstTrackedLate.self] }
        app.set("v5", for: FirstTrackedLate.self)  // into the same box
        #expect(inPlace.count == 1)
        let shadowed = track { _ = form[FirstTrackedLate.self] }
        form.set("form", for: FirstTrackedLate.self)  // a new slot
        #expect(shadowed.count == 1)
        let masked = track { _ = form[FirstTrackedLate.self] }
        form.set(nil, for: FirstTrackedLate.self)  // no box
        #expect(masked.count == 1)
    }

    @Test func aKeyTrackedOnlyThroughANamedReadFiresOnAWriteToItsScope() throws {
        let app = ScreenContext(name: "app")
        let form = ScreenContext(name: "form", parent: app)
        app.set("first", for: NamedOnly.self)
        app.set("second", for: NamedOnly.self)
        let inPlace = track { _ = try? form.value(for: NamedOnly.self, in: "app") }
        app.set("third", for: NamedOnly.self)  // into the same box
        #expect(inPlace.count == 1)
        let viaNamedWrite = track { _ = try? form.value(for: NamedOnly.self, in: "app") }
        form.set("form", for: NamedOnly.self)  // another scope: the named read does not change
        #expect(viaNamedWrite.count == 0)
        try form.set("fourth", for: NamedOnly.self, in: "app")
        #expect(viaNamedWrite.count == 1)
        #expect(try form.value(for: NamedOnly.self, in: "app") == "fourth")
    }

    @Test func aKeyTrackedOnlyThroughContainsFiresWhenItAppearsAndWhenItIsReplaced() {
        let app = ScreenContext(name: "app")
        let form = ScreenContext(name: "form", parent: ScreenContext(name: "middle", parent: app))
        let appears = track { _ = form.contains(ContainsOnly.self) }
        app.set("first", for: ContainsOnly.self)
        #expect(appears.count == 1)
        let replaced = track { _ = form.contains(ContainsOnly.self) }
        app.set("second", for: ContainsOnly.self)
        #expect(replaced.count == 1)
        let removed = track { _ = form.contains(ContainsOnly.self) }
        app.remove(ContainsOnly.self)
        #expect(removed.count == 1)
        #expect(!form.contains(ContainsOnly.self))
    }

    @Test func aKeyFirstTrackedByAnObserverDuringAWriteFiresOnTheNextWrite() {
        let app = ScreenContext(name: "app")
        let form = ScreenContext(name: "form", parent: app)
        app.set("first", for: TrackedByObserver.self)
        let owner = InPlaceOwner()
        var tracking: ChangeCount?
        var readInObserver: [String] = []
        app.onChange(of: TrackedByObserver.self, owner: owner) { [unowned form] _, _ in
            guard tracking == nil else { return }
            // The key's first tracked read, made while the write that replaced it in place runs.
            tracking = track { readInObserver.append(form[TrackedByObserver.self] ?? "nil") }
        }
        app.set("second", for: TrackedByObserver.self)
        #expect(readInObserver == ["second"])
        app.set("third", for: TrackedByObserver.self)
        // Fired once by now: by this write, or already by the one its read was made in (a
        // tracking fires once).
        #expect(tracking?.count == 1)
        #expect(form[TrackedByObserver.self] == "third")
    }

    @Test func aFreshKeyTrackedAcrossAReattachFiresForTheNewChainOnly() throws {
        let first = ScreenContext(name: "first")
        let second = ScreenContext(name: "second")
        first.set("1", for: TrackedAcrossAttach.self)
        second.set("2", for: TrackedAcrossAttach.self)
        let form = ScreenContext(name: "form", parent: first)
        let moved = track { _ = form[TrackedAcrossAttach.self] }
        try form.attach(to: second)
        #expect(moved.count == 1)
        let after = track { _ = form[TrackedAcrossAttach.self] }
        first.set("1b", for: TrackedAcrossAttach.self)  // the old chain: no change for form
        #expect(after.count == 0)
        second.set("2b", for: TrackedAcrossAttach.self)  // into the same box
        #expect(after.count == 1)
        #expect(form[TrackedAcrossAttach.self] == "2b")
    }

    @Test func aChainReadOnASiblingFiresOnANamedWriteIntoTheSharedAncestor() throws {
        let app = ScreenContext(name: "app")
        let form = ScreenContext(name: "form", parent: app)
        let sibling = ScreenContext(name: "sibling", parent: app)
        app.set("first", for: TrackedThroughNamedWrite.self)
        let change = track { _ = sibling[TrackedThroughNamedWrite.self] }
        try form.set("second", for: TrackedThroughNamedWrite.self, in: "app")
        #expect(change.count == 1)
        #expect(sibling[TrackedThroughNamedWrite.self] == "second")
    }
}

/// An observation owner.
@MainActor
private final class InPlaceOwner {}
