import Baton
import BatonTesting
import Testing

/// Requests, action calls and flag checks read the nearest registration from a cache that holds
/// it unretained (valid while its name's stamp is unchanged). These programs run user code (a
/// condition, an expiry, the provider's or action's closure, an owner's `deinit`, a parent's
/// `deinit`) that ends the registration, frees its holder or its owner, or registers again, at
/// the worst moment: while Baton is between reading the cache and using what it found. Each
/// logs what happened, in order; the order shows what Baton kept alive, and each program checks
/// its own log, so that the exit test fails (instead of crashing the test run) if one breaks.
@MainActor
@Suite(.lenientMisuse)
struct LookupReentrancyTests {
    @Test func everyProgramRunsToItsEndInAChildProcess() async {
        await #expect(processExitsWith: .success) {
            // A missing provider or action is a misuse; the child process starts in strict mode.
            await MisuseMode.$current.withValue(.lenient) {
                await MainActor.run { LookupPrograms.runAll() }
            }
        }
    }

    // MARK: - Providers

    @Test func aConditionThatEndsItsProviderStillServesThisRequest() {
        #expect(
            LookupPrograms.providerConditionEndsItsRegistration() == [
                "condition ended it", "produced", "record freed", "returned 7", "next: Count missing",
            ])
    }

    @Test func aConditionThatFreesTheProvidersHolderGetsItsPath() {
        #expect(
            LookupPrograms.providerConditionFreesItsHolder() == [
                "detached", "holder freed", "Count unavailable in root",
            ])
    }

    @Test func anExpiryThatFreesTheProvidersHolderGetsItsPath() {
        #expect(
            LookupPrograms.providerExpiryFreesItsHolder() == ["detached", "holder freed", "Count expired in root"])
    }

    @Test func anExpiryThatReplacesItsProviderLeavesTheNewOneInPlace() {
        #expect(
            LookupPrograms.providerExpiryReplacesItsRegistration() == [
                "replaced", "Count expired in screen", "next: 8",
            ])
    }

    @Test func aProviderThatFreesItsHolderAndItselfReturnsItsValue() {
        #expect(
            LookupPrograms.providerFreesItsHolderAndItself() == [
                "holder freed", "produced", "record freed", "returned 7", "next: Count missing",
            ])
    }

    @Test func aProviderThatReleasesItsOwnerIsReplacedByTheOwnersDeinit() {
        #expect(
            LookupPrograms.providerReleasesItsOwner() == ["produced", "owner freed", "returned 7", "next: 8"])
    }

    @Test func anExpiryThatEndsItsProviderDuringCanRequestLeavesNoProvider() {
        #expect(
            LookupPrograms.canRequestWhileTheExpiryEndsTheProvider() == [
                "expiry ended it", "record freed", "can request: true", "next: Count missing",
            ])
    }

    // MARK: - Actions

    @Test func aConditionThatEndsItsActionStillRunsThisCall() {
        #expect(
            LookupPrograms.actionConditionEndsItsRegistration() == [
                "condition ended it", "performed", "record freed", "returned 6.0", "next: Scale missing",
            ])
    }

    @Test func aConditionThatFreesTheActionsHolderGetsItsPath() {
        #expect(
            LookupPrograms.actionConditionFreesItsHolder() == ["detached", "holder freed", "Scale unavailable in root"])
    }

    @Test func anExpiryThatFreesTheActionsHolderGetsItsPath() {
        #expect(LookupPrograms.actionExpiryFreesItsHolder() == ["detached", "holder freed", "Scale expired in root"])
    }

    @Test func anActionThatReleasesItsOwnerIsReplacedByTheOwnersDeinit() {
        #expect(LookupPrograms.actionReleasesItsOwner() == ["performed", "owner freed", "returned 6.0", "next: 9.0"])
    }

    @Test func anExpiryThatEndsItsActionDuringCanExecuteLeavesNoAction() {
        #expect(
            LookupPrograms.canExecuteWhileTheExpiryEndsTheAction() == [
                "expiry ended it", "record freed", "can execute: true", "next: Scale missing",
            ])
    }

    // MARK: - Re-attaching

    @Test func anOldParentsDeinitSeesNoneOfItsFlagsProvidersOrActions() {
        #expect(
            LookupPrograms.attachFreesTheHolderOfWarmLookups() == [
                "flag: false", "can request: false", "request: Count missing", "can execute: false",
                "execute: Scale missing", "old parent freed",
            ])
    }
}

/// What the programs log, in order.
@MainActor
final class LookupLog {
    var lines: [String] = []
    func add(_ line: String) { lines.append(line) }
}

/// Holds a registration that the registration's own closures end.
@MainActor
final class RegistrationHandle {
    var registration: Registration?
}

/// Holds an owner that a registration's closure releases.
@MainActor
final class ProbeHolder {
    var probe: DeinitProbe?
}

@MainActor
enum LookupPrograms {
    enum Flag: ContextFlag {}

    /// Set by ``runAll()`` in the exit test's child process: each program then stops at a log
    /// it did not expect. In-process tests compare the logs with `#expect` instead.
    static var stopsOnUnexpectedLog = false

    static func runAll() {
        stopsOnUnexpectedLog = true
        providerConditionEndsItsRegistration()
        providerConditionFreesItsHolder()
        providerExpiryFreesItsHolder()
        providerExpiryReplacesItsRegistration()
        providerFreesItsHolderAndItself()
        providerReleasesItsOwner()
        canRequestWhileTheExpiryEndsTheProvider()
        canExecuteWhileTheExpiryEndsTheAction()
        actionConditionEndsItsRegistration()
        actionConditionFreesItsHolder()
        actionExpiryFreesItsHolder()
        actionReleasesItsOwner()
        attachFreesTheHolderOfWarmLookups()
    }

    static func describe(_ error: ContextError) -> String {
        switch error {
        case .providerMissing(let key, _, _, _, _): "\(key) missing"
        case .providerUnavailable(let key, let path): "\(key) unavailable in \(path)"
        case .providerExpired(let key, let path): "\(key) expired in \(path)"
        case .actionMissing(let action, _, _, _, _): "\(action) missing"
        case .actionUnavailable(let action, let path): "\(action) unavailable in \(path)"
        case .actionExpired(let action, let path): "\(action) expired in \(path)"
        default: "unexpected \(error)"
        }
    }

    static func request(_ context: ScreenContext) -> String {
        do { return "\(try context.request(Count.self))" } catch { return describe(error) }
    }

    static func execute(_ context: ScreenContext) -> String {
        do { return "\(try context.execute(Scale.self, with: 2))" } catch { return describe(error) }
    }

    /// A chain `leaf → root` in which only `leaf` holds `root`, whose `deinit` is logged.
    static func chainWithLoggedRoot(_ log: LookupLog) -> ScreenContext {
        let root = ScreenContext(name: "root")
        root.set(DeinitProbe { log.add("holder freed") }, for: ProbeKey.self)
        let leaf = ScreenContext(name: "leaf", parent: root)
        _ = leaf[ProbeKey.self]
        return leaf
    }

    static func check(_ log: LookupLog, _ expected: [String], _ program: String = #function) -> [String] {
        if stopsOnUnexpectedLog { precondition(log.lines == expected, "\(program) logged \(log.lines)") }
        return log.lines
    }

    // MARK: - Providers

    /// The condition cancels the registration and drops its handle: the table releases the
    /// record while the request is using it.
    @discardableResult
    static func providerConditionEndsItsRegistration() -> [String] {
        let log = LookupLog()
        let context = ScreenContext(name: "screen")
        let owner = Owner()
        let handle = RegistrationHandle()
        let probe = DeinitProbe { log.add("record freed") }
        handle.registration = try? context.provide(
            Count.self, owner: owner,
            if: Condition {
                handle.registration?.cancel()
                handle.registration = nil
                log.add("condition ended it")
                return true
            }
        ) { _ in
            _ = probe
            log.add("produced")
            return 7
        }
        _ = consume probe
        log.add("returned \(request(context))")
        log.add("next: \(request(context))")
        return check(
            log, ["condition ended it", "produced", "record freed", "returned 7", "next: Count missing"])
    }

    /// The condition detaches the requesting context from the holder, which only it held: the
    /// holder is freed before the request reports where the provider is.
    @discardableResult
    static func providerConditionFreesItsHolder() -> [String] {
        let log = LookupLog()
        let owner = Owner()
        let leaf = chainWithLoggedRoot(log)
        _ = try? leaf.parent?.provide(
            Count.self, owner: owner,
            if: Condition { [weak leaf] in
                try? leaf?.attach(to: nil)
                log.add("detached")
                return false
            }
        ) { _ in 7 }
        log.add(request(leaf))
        return check(log, ["detached", "holder freed", "Count unavailable in root"])
    }

    /// The same from the expiry, after which the expired provider is removed from the holder.
    @discardableResult
    static func providerExpiryFreesItsHolder() -> [String] {
        let log = LookupLog()
        let owner = Owner()
        let leaf = chainWithLoggedRoot(log)
        _ = try? leaf.parent?.provide(
            Count.self, owner: owner,
            expiresIf: Condition { [weak leaf] in
                try? leaf?.attach(to: nil)
                log.add("detached")
                return true
            }
        ) { _ in 7 }
        log.add(request(leaf))
        return check(log, ["detached", "holder freed", "Count expired in root"])
    }

    /// The expiry cancels its provider and provides another: the request reports the expiry and
    /// removes the expired provider only, not the new one.
    @discardableResult
    static func providerExpiryReplacesItsRegistration() -> [String] {
        let log = LookupLog()
        let context = ScreenContext(name: "screen")
        let owner = Owner()
        let handle = RegistrationHandle()
        handle.registration = try? context.provide(
            Count.self, owner: owner,
            expiresIf: Condition { [weak context] in
                handle.registration?.cancel()
                handle.registration = nil
                _ = try? context?.provide(Count.self, owner: owner) { _ in 8 }
                log.add("replaced")
                return true
            }
        ) { _ in 7 }
        log.add(request(context))
        log.add("next: \(request(context))")
        return check(log, ["replaced", "Count expired in screen", "next: 8"])
    }

    /// The provider's closure detaches the requesting context, freeing the holder and with it
    /// the record whose closure is running.
    @discardableResult
    static func providerFreesItsHolderAndItself() -> [String] {
        let log = LookupLog()
        let owner = Owner()
        let leaf = chainWithLoggedRoot(log)
        let probe = DeinitProbe { log.add("record freed") }
        _ = try? leaf.parent?.provide(Count.self, owner: owner) { [weak leaf] _ in
            _ = probe
            try? leaf?.attach(to: nil)
            log.add("produced")
            return 7
        }
        _ = consume probe
        log.add("returned \(request(leaf))")
        log.add("next: \(request(leaf))")
        return check(log, ["holder freed", "produced", "record freed", "returned 7", "next: Count missing"])
    }

    /// The provider's closure drops the last reference to its owner, whose `deinit` provides
    /// the key again: the owner lives until the closure returns, and the expired provider is
    /// replaced.
    @discardableResult
    static func providerReleasesItsOwner() -> [String] {
        let log = LookupLog()
        let context = ScreenContext(name: "screen")
        let nextOwner = Owner()
        let holder = ProbeHolder()
        holder.probe = DeinitProbe { [weak context] in
            log.add("owner freed")
            _ = try? context?.provide(Count.self, owner: nextOwner) { _ in 8 }
        }
        _ = try? context.provide(Count.self, owner: holder.probe!) { _ in
            holder.probe = nil
            log.add("produced")
            return 7
        }
        log.add("returned \(request(context))")
        log.add("next: \(request(context))")
        return check(log, ["produced", "owner freed", "returned 7", "next: 8"])
    }

    /// `canRequest` evaluates the expiry, which cancels the provider and drops its handle: the
    /// record stays alive until `canRequest` has read it (not expired, no condition).
    @discardableResult
    static func canRequestWhileTheExpiryEndsTheProvider() -> [String] {
        let log = LookupLog()
        let context = ScreenContext(name: "screen")
        let owner = Owner()
        let handle = RegistrationHandle()
        let probe = DeinitProbe { log.add("record freed") }
        handle.registration = try? context.provide(
            Count.self, owner: owner,
            expiresIf: Condition {
                handle.registration?.cancel()
                handle.registration = nil
                log.add("expiry ended it")
                return false
            }
        ) { _ in
            _ = probe
            return 7
        }
        _ = consume probe
        log.add("can request: \(context.canRequest(Count.self))")
        log.add("next: \(request(context))")
        return check(log, ["expiry ended it", "record freed", "can request: true", "next: Count missing"])
    }

    // MARK: - Actions

    @discardableResult
    static func canExecuteWhileTheExpiryEndsTheAction() -> [String] {
        let log = LookupLog()
        let context = ScreenContext(name: "screen")
        let owner = Owner()
        let handle = RegistrationHandle()
        let probe = DeinitProbe { log.add("record freed") }
        handle.registration = try? context.register(
            Scale.self, owner: owner,
            expiresIf: Condition {
                handle.registration?.cancel()
                handle.registration = nil
                log.add("expiry ended it")
                return false
            }
        ) { _, input in
            _ = probe
            return input
        }
        _ = consume probe
        log.add("can execute: \(context.canExecute(Scale.self))")
        log.add("next: \(execute(context))")
        return check(log, ["expiry ended it", "record freed", "can execute: true", "next: Scale missing"])
    }

    @discardableResult
    static func actionConditionEndsItsRegistration() -> [String] {
        let log = LookupLog()
        let context = ScreenContext(name: "screen")
        let owner = Owner()
        let handle = RegistrationHandle()
        let probe = DeinitProbe { log.add("record freed") }
        handle.registration = try? context.register(
            Scale.self, owner: owner,
            if: Condition {
                handle.registration?.cancel()
                handle.registration = nil
                log.add("condition ended it")
                return true
            }
        ) { _, input in
            _ = probe
            log.add("performed")
            return input * 3
        }
        _ = consume probe
        log.add("returned \(execute(context))")
        log.add("next: \(execute(context))")
        return check(
            log, ["condition ended it", "performed", "record freed", "returned 6.0", "next: Scale missing"])
    }

    @discardableResult
    static func actionConditionFreesItsHolder() -> [String] {
        let log = LookupLog()
        let owner = Owner()
        let leaf = chainWithLoggedRoot(log)
        _ = try? leaf.parent?.register(
            Scale.self, owner: owner,
            if: Condition { [weak leaf] in
                try? leaf?.attach(to: nil)
                log.add("detached")
                return false
            }
        ) { _, input in input }
        log.add(execute(leaf))
        return check(log, ["detached", "holder freed", "Scale unavailable in root"])
    }

    @discardableResult
    static func actionExpiryFreesItsHolder() -> [String] {
        let log = LookupLog()
        let owner = Owner()
        let leaf = chainWithLoggedRoot(log)
        _ = try? leaf.parent?.register(
            Scale.self, owner: owner,
            expiresIf: Condition { [weak leaf] in
                try? leaf?.attach(to: nil)
                log.add("detached")
                return true
            }
        ) { _, input in input }
        log.add(execute(leaf))
        return check(log, ["detached", "holder freed", "Scale expired in root"])
    }

    @discardableResult
    static func actionReleasesItsOwner() -> [String] {
        let log = LookupLog()
        let context = ScreenContext(name: "screen")
        let nextOwner = Owner()
        let holder = ProbeHolder()
        holder.probe = DeinitProbe { [weak context] in
            log.add("owner freed")
            _ = try? context?.register(Scale.self, owner: nextOwner) { _, input in input * 4.5 }
        }
        _ = try? context.register(Scale.self, owner: holder.probe!) { _, input in
            holder.probe = nil
            log.add("performed")
            return input * 3
        }
        log.add("returned \(execute(context))")
        log.add("next: \(execute(context))")
        return check(log, ["performed", "owner freed", "returned 6.0", "next: 9.0"])
    }

    // MARK: - Re-attaching

    /// A child with warm caches of a flag, a provider and an action held by its parent moves to
    /// a new parent, which frees the old one; the old parent's value `deinit` asks the child.
    @discardableResult
    static func attachFreesTheHolderOfWarmLookups() -> [String] {
        let log = LookupLog()
        let owner = Owner()
        let newParent = ScreenContext(name: "new")
        let child: ScreenContext
        do {
            let oldParent = ScreenContext(name: "old")
            child = ScreenContext(name: "child", parent: oldParent)
            try? oldParent.setFlag(Flag.self)
            _ = try? oldParent.provide(Count.self, owner: owner) { _ in 7 }
            _ = try? oldParent.register(Scale.self, owner: owner) { _, input in input }
            oldParent.set(
                DeinitProbe { [weak child] in
                    guard let child else { return }
                    log.add("flag: \(child.isSet(Flag.self))")
                    log.add("can request: \(child.canRequest(Count.self))")
                    log.add("request: \(request(child))")
                    log.add("can execute: \(child.canExecute(Scale.self))")
                    log.add("execute: \(execute(child))")
                    log.add("old parent freed")
                }, for: ProbeKey.self)
        }
        // Warm every cache with the old parent's registrations.
        precondition(child.isSet(Flag.self) && request(child) == "7" && execute(child) == "2.0")
        try? child.attach(to: newParent)
        return check(
            log,
            [
                "flag: false", "can request: false", "request: Count missing", "can execute: false",
                "execute: Scale missing", "old parent freed",
            ])
    }
}
