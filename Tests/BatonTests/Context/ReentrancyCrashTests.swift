import Baton
import BatonTesting
import Testing

/// An object that runs main-actor code when it is deallocated: a stored value, or something a
/// registration's closure captured, whose `deinit` calls back into Baton.
final class DeinitProbe {
    let onDeinit: @MainActor () -> Void
    init(_ onDeinit: @escaping @MainActor () -> Void) { self.onDeinit = onDeinit }
    deinit {
        let onDeinit = onDeinit
        MainActor.assumeIsolated { onDeinit() }
    }
}

enum ProbeKey: ContextKey { typealias Value = DeinitProbe }

/// Holds an owner that a condition can release.
@MainActor
final class OwnerHolder {
    var owner: Owner?
    init(_ owner: Owner?) { self.owner = owner }
}

/// Programs that crashed Baton: user code running inside Baton's own operations. Each runs in a
/// child process, so a crash fails the test instead of the test run; each ends by checking what
/// the re-entrant code saw.
@MainActor
@Suite(.lenientMisuse)
struct ReentrancyCrashTests {
    @Test func replacingAValueWhoseDeinitReadsAndWritesTheContext() async {
        await #expect(processExitsWith: .success) {
            _ = await MainActor.run { ReentrancyPrograms.replaceValueWithReentrantDeinit() }
        }
    }

    @Test func removingAValueWhoseDeinitReadsTheContext() async {
        await #expect(processExitsWith: .success) {
            _ = await MainActor.run { ReentrancyPrograms.removeValueWithReentrantDeinit() }
        }
    }

    @Test func releasingAParentByAttachWhileAChildReadCacheIsWarm() async {
        await #expect(processExitsWith: .success) {
            _ = await MainActor.run { ReentrancyPrograms.attachReleasesTheOldParent() }
        }
    }

    @Test func aConditionThatReleasesTheObserversOwner() async {
        await #expect(processExitsWith: .success) {
            _ = await MainActor.run { ReentrancyPrograms.conditionReleasesOwner() }
        }
    }

    @Test func droppingRegistrationsWhoseClosuresRegisterAgainInDeinit() async {
        await #expect(processExitsWith: .success) {
            _ = await MainActor.run { ReentrancyPrograms.droppedClosureRegistersInDeinit() }
        }
    }

    // A post borrows each observer record from its snapshot of the context's table instead of
    // retaining it. In each program below, user code running inside a post (a body, an owner's
    // `deinit`, a condition, an expiry) ends or adds observations, posts again, or drops the last
    // references to records the post has yet to visit: without the snapshot, the post would use
    // freed records (found by running these under the address sanitizer).

    @Test func anObserverEndingEveryObservationMidPost() async {
        await #expect(processExitsWith: .success) {
            _ = await MainActor.run { ReentrancyPrograms.observerEndsEveryObservationMidPost() }
        }
    }

    @Test func anOwnersDeinitEndingObservationsAndPostingMidPost() async {
        await #expect(processExitsWith: .success) {
            _ = await MainActor.run { ReentrancyPrograms.ownerDeinitEndsObservationsMidPost() }
        }
    }

    @Test func aConditionEndingItsOwnObservationMidPost() async {
        await #expect(processExitsWith: .success) {
            _ = await MainActor.run { ReentrancyPrograms.conditionEndsItsOwnObservationMidPost() }
        }
    }

    @Test func anExpiryRegisteringAndPostingMidPost() async {
        await #expect(processExitsWith: .success) {
            _ = await MainActor.run { ReentrancyPrograms.expiryRegistersAndPostsMidPost() }
        }
    }

    @Test func aNestedPostDroppingDeadObserversMidPost() async {
        await #expect(processExitsWith: .success) {
            _ = await MainActor.run { ReentrancyPrograms.nestedPostDropsDeadObserversMidPost() }
        }
    }

    @Test func aNestedPostFromAContextFreedMidPost() async {
        await #expect(processExitsWith: .success) {
            _ = await MainActor.run { ReentrancyPrograms.nestedPostFromAFreedContext() }
        }
    }

    // The same programs in this process, with their results, now that they no longer crash.

    @Test func aReplacedValuesDeinitSeesTheNewValue() {
        #expect(ReentrancyPrograms.replaceValueWithReentrantDeinit() == ["root: new", "child: new"])
    }

    @Test func aRemovedValuesDeinitSeesItGone() {
        #expect(ReentrancyPrograms.removeValueWithReentrantDeinit() == ["root: nil", "child: nil"])
    }

    @Test func anOldParentsValuesDeinitSeesTheNewChain() {
        #expect(ReentrancyPrograms.attachReleasesTheOldParent() == ["child: from new parent", "parent is new: true"])
    }

    @Test func anObserverWhoseConditionReleasesItsOwnerIsCalledOnce() {
        #expect(ReentrancyPrograms.conditionReleasesOwner() == ["delivered 1", "owner freed: true"])
    }

    @Test func registrationsMadeInADroppedClosuresDeinitStay() {
        #expect(ReentrancyPrograms.droppedClosureRegistersInDeinit() == ["observers after: 1", "delivered 2"])
    }

    @Test func observersEndedByAnEarlierObserverAreNotCalledByTheRunningPost() {
        #expect(ReentrancyPrograms.observerEndsEveryObservationMidPost() == ["first 1", "ended", "late 2"])
    }

    @Test func anOwnersDeinitEndsTheObservationsAfterItsBodyReturns() {
        #expect(
            ReentrancyPrograms.ownerDeinitEndsObservationsMidPost() == [
                "first 1", "deinit", "nested: late 9", "after: late 2",
            ])
    }

    @Test func anObserverWhoseConditionEndsItIsCalledOnce() {
        #expect(ReentrancyPrograms.conditionEndsItsOwnObservationMidPost() == ["condition", "body 1", "third 1"])
    }

    @Test func anExpiryThatRegistersAndPostsEndsItsObserverOnly() {
        #expect(
            ReentrancyPrograms.expiryRegistersAndPostsMidPost() == [
                "first 1", "expiry", "first 7", "third 7", "late 7", "third 1", "first 2", "third 2", "late 2",
            ])
    }

    @Test func aPostsOriginIsItsOwnContextAgainAfterANestedPostFromAFreedContext() {
        #expect(
            ReentrancyPrograms.nestedPostFromAFreedContext() == [
                "form from form", "draft from draft", "after from form", "dropped poster from form",
            ])
    }

    @Test func aNestedPostThatDropsDeadObserversLeavesTheOuterPostItsSnapshot() {
        #expect(
            ReentrancyPrograms.nestedPostDropsDeadObserversMidPost() == [
                "first 1", "first 5", "third 5", "third 1", "first 2", "third 2",
            ])
    }
}

/// The programs, shared by the exit tests and the in-process tests.
@MainActor
enum ReentrancyPrograms {
    enum Label: ContextKey { typealias Value = String }

    @discardableResult
    static func replaceValueWithReentrantDeinit() -> [String] {
        var seen: [String] = []
        let root = ScreenContext(name: "root")
        let child = ScreenContext(name: "child", parent: root)
        root.set("old", for: Label.self)
        _ = child[Label.self]  // warm the child's read cache
        root.set(
            DeinitProbe { [weak root, weak child] in
                guard let root, let child else { return }
                // Reads and writes the same context while the value is being replaced.
                _ = root[ProbeKey.self]
                root.set("new", for: Label.self)
                seen.append("root: \(root[Label.self] ?? "nil")")
                seen.append("child: \(child[Label.self] ?? "nil")")
            }, for: ProbeKey.self)
        _ = child[ProbeKey.self]
        root.set(DeinitProbe {}, for: ProbeKey.self)
        precondition(seen == ["root: new", "child: new"], "the deinit saw \(seen)")
        return seen
    }

    @discardableResult
    static func removeValueWithReentrantDeinit() -> [String] {
        var seen: [String] = []
        let root = ScreenContext(name: "root")
        let child = ScreenContext(name: "child", parent: root)
        root.set(
            DeinitProbe { [weak root, weak child] in
                guard let root, let child else { return }
                seen.append("root: \(root[ProbeKey.self].map { _ in "probe" } ?? "nil")")
                seen.append("child: \(child[ProbeKey.self].map { _ in "probe" } ?? "nil")")
            }, for: ProbeKey.self)
        _ = child[ProbeKey.self]  // the child's cache now points at the box being removed
        child.remove(ProbeKey.self)
        precondition(seen == ["root: nil", "child: nil"], "the deinit saw \(seen)")
        return seen
    }

    @discardableResult
    static func attachReleasesTheOldParent() -> [String] {
        var seen: [String] = []
        let newParent = ScreenContext(name: "new")
        newParent.set("from new parent", for: Label.self)
        let child: ScreenContext
        do {
            let oldParent = ScreenContext(name: "old")
            oldParent.set("from old parent", for: Label.self)
            child = ScreenContext(name: "child", parent: oldParent)
            oldParent.set(
                DeinitProbe { [weak child, weak newParent] in
                    guard let child else { return }
                    seen.append("child: \(child[Label.self] ?? "nil")")
                    seen.append("parent is new: \(child.parent === newParent)")
                }, for: ProbeKey.self)
        }
        _ = child[Label.self]  // warm the cache with the old parent's box
        try? child.attach(to: newParent)  // releases the old parent, its values and the probe
        precondition(seen == ["child: from new parent", "parent is new: true"], "the deinit saw \(seen)")
        return seen
    }

    @discardableResult
    static func conditionReleasesOwner() -> [String] {
        var seen: [String] = []
        let context = ScreenContext(name: "screen")
        let holder = OwnerHolder(Owner())
        weak let weakOwner = holder.owner
        context.onChange(
            of: Count.self, owner: holder.owner!,
            if: Condition {
                holder.owner = nil  // the condition drops the only strong reference to the owner
                return true
            }
        ) { _, value in
            seen.append("delivered \(value ?? 0)")
        }
        context.set(1, for: Count.self)
        seen.append("owner freed: \(weakOwner == nil)")
        precondition(seen == ["delivered 1", "owner freed: true"], "saw \(seen)")
        return seen
    }

    @discardableResult
    static func droppedClosureRegistersInDeinit() -> [String] {
        var seen: [String] = []
        let context = ScreenContext(name: "screen")
        let owner = Owner()
        let captured = DeinitProbe { [weak context] in
            // Runs while Baton drops the registration below.
            context?.onChange(of: Count.self, owner: owner) { _, value in seen.append("delivered \(value ?? 0)") }
        }
        context.onChange(of: Count.self, owner: owner) { _, _ in _ = captured }
        _ = consume captured
        context.removeObservers(owner: owner)  // drops the closure, and with it the probe
        context.set(2, for: Count.self)
        seen.insert("observers after: \(seen.count)", at: 0)
        precondition(seen == ["observers after: 1", "delivered 2"], "saw \(seen)")
        return seen
    }
}

extension ReentrancyPrograms {
    enum Tick: ContextEvent { typealias Payload = Int }

    /// The first observer ends every observation of the context, and nothing else holds the
    /// records: the post must not call the others, nor touch them after they are freed.
    @discardableResult
    static func observerEndsEveryObservationMidPost() -> [String] {
        var seen: [String] = []
        let context = ScreenContext(name: "screen")
        let log = Owner()
        context.observe(Tick.self, owner: log) { [weak context] _, value in
            seen.append("first \(value)")
            context?.removeAllObservers()
            context?.observe(Tick.self, owner: log) { _, value in seen.append("late \(value)") }
        }
        for _ in 0..<3 {
            context.observe(Tick.self, owner: log) { _, value in seen.append("other \(value)") }
        }
        context.post(Tick.self, 1)
        seen.append("ended")
        context.post(Tick.self, 2)
        precondition(seen == ["first 1", "ended", "late 2"], "saw \(seen)")
        return seen
    }

    /// The first observer drops the last reference to its owner; when the post releases the owner
    /// after the call, the owner's `deinit` ends every observation, posts again and registers a
    /// new observer, while the post still has records to visit.
    @discardableResult
    static func ownerDeinitEndsObservationsMidPost() -> [String] {
        var seen: [String] = []
        let context = ScreenContext(name: "screen")
        let log = Owner()
        var owner: DeinitProbe? = DeinitProbe { [weak context] in
            guard let context else { return }
            seen.append("deinit")
            context.removeAllObservers()
            context.observe(Tick.self, owner: log) { _, value in seen.append("late \(value)") }
            context.post(Tick.self, 9)
            seen[seen.count - 1] = "nested: \(seen[seen.count - 1])"
        }
        context.observe(Tick.self, owner: owner!) { _, value in
            seen.append("first \(value)")
            owner = nil  // the post holds the owner until the body returns
        }
        for _ in 0..<3 {
            context.observe(Tick.self, owner: log) { _, value in seen.append("other \(value)") }
        }
        context.post(Tick.self, 1)
        context.post(Tick.self, 2)
        seen[seen.count - 1] = "after: \(seen[seen.count - 1])"
        precondition(seen == ["first 1", "deinit", "nested: late 9", "after: late 2"], "saw \(seen)")
        return seen
    }

    /// An observer's condition ends its own observation and every other one, then holds: the
    /// observer is called this once, with its closure still there, and the others are not.
    @discardableResult
    static func conditionEndsItsOwnObservationMidPost() -> [String] {
        var seen: [String] = []
        let context = ScreenContext(name: "screen")
        let log = Owner()
        var first: Registration?
        var second: Registration?
        first = context.observe(
            Tick.self, owner: log,
            if: Condition {
                seen.append("condition")
                first?.cancel()
                second?.cancel()
                first = nil
                second = nil  // the running post's snapshot is all that holds the records now
                return true
            }
        ) { _, value in seen.append("body \(value)") }
        second = context.observe(Tick.self, owner: log) { _, value in seen.append("second \(value)") }
        context.observe(Tick.self, owner: log) { _, value in seen.append("third \(value)") }
        context.post(Tick.self, 1)
        precondition(seen == ["condition", "body 1", "third 1"], "saw \(seen)")
        return seen
    }

    /// An observer's expiry registers an observer of the same event and posts it again, then
    /// holds: only that observer ends; the nested post sees the new observer, the outer one
    /// does not.
    @discardableResult
    static func expiryRegistersAndPostsMidPost() -> [String] {
        var seen: [String] = []
        let context = ScreenContext(name: "screen")
        let log = Owner()
        var expired = false
        context.observe(Tick.self, owner: log) { _, value in seen.append("first \(value)") }
        context.observe(
            Tick.self, owner: log,
            expiresIf: Condition { [weak context] in
                guard !expired, let context else { return expired }
                expired = true
                seen.append("expiry")
                context.observe(Tick.self, owner: log) { _, value in seen.append("late \(value)") }
                context.post(Tick.self, 7)
                return true
            }
        ) { _, value in seen.append("expiring \(value)") }
        context.observe(Tick.self, owner: log) { _, value in seen.append("third \(value)") }
        context.post(Tick.self, 1)
        context.post(Tick.self, 2)
        let expected = [
            "first 1", "expiry", "first 7", "third 7", "late 7", "third 1", "first 2", "third 2", "late 2",
        ]
        precondition(seen == expected, "saw \(seen)")
        return seen
    }

    /// A post's origin is held unretained while the post runs. An observer posts from a context
    /// it makes and frees, and drops the last reference to the posting context held outside the
    /// post: later observers of the outer post still see the outer context as its origin.
    @discardableResult
    static func nestedPostFromAFreedContext() -> [String] {
        var seen: [String] = []
        let log = Owner()
        var form: ScreenContext? = ScreenContext(name: "form")
        form!.observePosts(of: Tick.self, owner: log) { _, post in
            seen.append("form from \(post.origin.name ?? "?")")
            do {
                let draft = ScreenContext(name: "draft")
                draft.observePosts(of: Tick.self, owner: log) { _, post in
                    seen.append("draft from \(post.origin.name ?? "?")")
                }
                draft.post(Tick.self, 2)
            }  // the draft context is freed here
            form = nil  // the post's caller below still holds the posting context
        }
        form!.observePosts(of: Tick.self, owner: log) { _, post in
            seen.append("after from \(post.origin.name ?? "?")")
        }
        form!.observePosts(of: Tick.self, owner: log) { _, post in
            seen.append("dropped poster from \(post.origin.name ?? "?")")
        }
        weak let freed = form
        form?.post(Tick.self, 1)
        precondition(freed == nil, "the posting context outlived the post")
        let expected = ["form from form", "draft from draft", "after from form", "dropped poster from form"]
        precondition(seen == expected, "saw \(seen)")
        return seen
    }

    /// The first observer lets the second one's owner go and posts again: the nested post drops
    /// the dead observer from the table while the outer post is still visiting its snapshot.
    @discardableResult
    static func nestedPostDropsDeadObserversMidPost() -> [String] {
        var seen: [String] = []
        let context = ScreenContext(name: "screen")
        let log = Owner()
        let holder = OwnerHolder(Owner())
        var nested = false
        context.observe(Tick.self, owner: log) { [weak context] _, value in
            seen.append("first \(value)")
            guard !nested, let context else { return }
            nested = true
            holder.owner = nil
            context.post(Tick.self, 5)
        }
        context.observe(Tick.self, owner: holder.owner!) { _, value in seen.append("second \(value)") }
        context.observe(Tick.self, owner: log) { _, value in seen.append("third \(value)") }
        context.post(Tick.self, 1)
        context.post(Tick.self, 2)
        precondition(seen == ["first 1", "first 5", "third 5", "third 1", "first 2", "third 2"], "saw \(seen)")
        return seen
    }
}

/// Runtime states throw their typed errors and never trap, even in strict mode (the debug
/// default): `try?` is safe on them.
@MainActor
@Suite
struct RuntimeStateTests {
    @Test func runtimeStatesDoNotTrapInStrictMode() async {
        await #expect(processExitsWith: .success) {
            await MainActor.run { RuntimeStates.run() }
        }
    }
}

@MainActor
enum RuntimeStates {
    static func run() {
        precondition(MisuseMode.current == .strict)
        let context = ScreenContext(name: "screen")
        let owner = Switch(false)
        // A provider and an action whose condition does not hold, then whose owner is gone.
        do {
            let provider = Owner()
            _ = try? context.provide(TotalWeight.self, owner: provider, if: Condition { owner.isOn }) { _ in 1 }
            _ = try? context.register(Scale.self, owner: provider, expiresIf: Condition { !owner.isOn }) { _, x in x }
            precondition((try? context.request(TotalWeight.self)) == nil)
            precondition((try? context.execute(Scale.self, with: 1)) == nil)
        }
        enum Other: ContextKey { typealias Value = Int }
        do {
            let provider = Owner()
            _ = try? context.provide(Other.self, owner: provider) { _ in 1 }
        }
        precondition((try? context.request(Other.self)) == nil)
    }
}
