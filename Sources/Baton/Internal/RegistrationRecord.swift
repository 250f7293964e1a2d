/// Something registered on a context with an owner: an observer, a provider or an action.
/// It is live while it is not cancelled, its owner (held weakly) exists and its expiry condition
/// does not hold.
@MainActor
class RegistrationRecord {
    weak var owner: AnyObject?
    /// `false` for registrations without an owner (async sequences), which live until cancelled.
    let isOwned: Bool
    let condition: Condition?
    let expiry: Condition?
    var isCancelled = false
    weak var context: ScreenContext?
    /// Ends the async sequence an ownerless observer feeds; called when its context goes away.
    nonisolated let finish: (@Sendable () -> Void)?

    init(
        owner: AnyObject?, condition: Condition?, expiry: Condition?, context: ScreenContext,
        finish: (@Sendable () -> Void)? = nil
    ) {
        self.owner = owner
        self.isOwned = owner != nil
        self.condition = condition
        self.expiry = expiry
        self.context = context
        self.finish = finish
    }

    var isLive: Bool {
        if isCancelled { return false }
        if isOwned, owner == nil { return false }
        if let expiry, expiry.isMet() {
            // Expiry is one-way, as in ProContext: once seen, the registration stays ended.
            isCancelled = true
            return false
        }
        return true
    }

    /// ``isLive`` without checking the expiry (user code): not cancelled (an expiry seen to hold
    /// cancels) and its owner, if it has one, still exists.
    final var hasNotEnded: Bool { !isCancelled && !(isOwned && owner == nil) }

    func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        context?.forget(self)
    }
}

/// An observer of an event, with its payload type. The subclasses call it: one tied to an owner
/// (``OwnedObserverRecord``), one feeding an async sequence (``StreamObserverRecord``).
class ObserverRecord<Payload>: RegistrationRecord {
    /// The post count when it was registered: posts stamped up to it started before it existed.
    final let registeredAt = PostClock.now
    /// Posts stamped up to this take the slow path, ``admits(postedAt:)``: `registeredAt`, or
    /// every post when there is a condition or an expiry to check. One comparison per post
    /// stands for the three checks.
    final let checkedUntil: UInt64

    override init(
        owner: AnyObject?, condition: Condition?, expiry: Condition?, context: ScreenContext,
        finish: (@Sendable () -> Void)? = nil
    ) {
        checkedUntil = condition == nil && expiry == nil ? registeredAt : .max
        super.init(owner: owner, condition: condition, expiry: expiry, context: context, finish: finish)
    }

    /// Calls the observer with `payload` unless its condition does not hold, or sets `ended`
    /// without calling it when the observation has ended (cancelled, expired, or its owner is
    /// gone).
    ///
    /// The posting loop borrows the record (its snapshot of the table holds it), and the record
    /// borrows its closures, so nothing is retained around the call but the owner.
    func notify(_ payload: Payload, postedAt stamp: UInt64, sawEnded ended: inout Bool) {
        preconditionFailure("ObserverRecord is abstract: \(type(of: self)) overrides notify")
    }

    /// Whether a post stamped `stamp`, up to `checkedUntil`, calls this live observer: `nil`
    /// when it is not called but stays, `false` when it has just expired.
    final func admits(postedAt stamp: UInt64) -> Bool? {
        // Registered during this post (from an observer it already called): not called by it.
        if registeredAt >= stamp { return nil }
        if let expiry, expiry.isMet() {
            // Expiry is one-way, as for providers and actions.
            isCancelled = true
            return false
        }
        if let condition, !condition.isMet() { return nil }
        return true
    }
}

/// An observer tied to an owner, which it holds weakly and hands to its body.
final class OwnedObserverRecord<Owner: AnyObject, Payload>: ObserverRecord<Payload> {
    /// The user's closure itself, so that a post calls it without a wrapping closure in between.
    let body: @MainActor (Owner, Payload) -> Void

    init(
        owner: Owner, condition: Condition?, expiry: Condition?, context: ScreenContext,
        body: @escaping @MainActor (Owner, Payload) -> Void
    ) {
        self.body = body
        super.init(owner: owner, condition: condition, expiry: expiry, context: context)
    }

    // Not inlined into the delivery loop: in here the record is borrowed, so its stored closure
    // is called without retaining and releasing the closure's context around each call.
    @inline(never)
    override func notify(_ payload: Payload, postedAt stamp: UInt64, sawEnded ended: inout Bool) {
        guard checkedUntil < stamp, !isCancelled else {
            return notifyAfterChecks(payload, postedAt: stamp, sawEnded: &ended)
        }
        // The owner is held strongly from here to the end of the call, so that the body gets it
        // even if the body drops every other reference to it. (`owner` was stored as an `Owner`:
        // the cast only retypes the reference, where a downcast would retain it once more.)
        guard let owner = unsafeBitCast(owner, to: Owner?.self) else {
            ended = true
            return
        }
        body(owner, payload)
    }

    /// The rest of ``notify(_:postedAt:sawEnded:)``, out of line so that its common path stays
    /// short: cancelled, registered during the post, or with a condition or an expiry.
    @inline(never)
    private func notifyAfterChecks(_ payload: Payload, postedAt stamp: UInt64, sawEnded ended: inout Bool) {
        // Held strongly through the condition too, which may drop every other reference to it.
        guard let owner = unsafeBitCast(owner, to: Owner?.self), !isCancelled else {
            ended = true
            return
        }
        if let admitted = admits(postedAt: stamp) {
            if admitted { body(owner, payload) } else { ended = true }
        }
    }
}

/// An observer without an owner, feeding the async sequence of ``ScreenContext/events(_:buffering:)``;
/// it lives until it is cancelled.
final class StreamObserverRecord<Payload>: ObserverRecord<Payload> {
    let yield: @MainActor (Payload) -> Void

    init(context: ScreenContext, finish: @escaping @Sendable () -> Void, yield: @escaping @MainActor (Payload) -> Void)
    {
        self.yield = yield
        super.init(owner: nil, condition: nil, expiry: nil, context: context, finish: finish)
    }

    @inline(never)
    override func notify(_ payload: Payload, postedAt stamp: UInt64, sawEnded ended: inout Bool) {
        guard !isCancelled else {
            ended = true
            return
        }
        if checkedUntil >= stamp {
            guard let admitted = admits(postedAt: stamp) else { return }
            guard admitted else {
                ended = true
                return
            }
        }
        yield(payload)
    }
}

/// An observer of a key's changes. It reads the value from its context when it is called, so
/// that it is told what is current then, even if an earlier observer wrote the key.
final class KeyObserverRecord: RegistrationRecord {
    let deliver: @MainActor (AnyObject?, ScreenContext) -> Void

    init(
        owner: AnyObject?, condition: Condition?, context: ScreenContext, finish: (@Sendable () -> Void)? = nil,
        deliver: @escaping @MainActor (AnyObject?, ScreenContext) -> Void
    ) {
        self.deliver = deliver
        super.init(owner: owner, condition: condition, expiry: nil, context: context, finish: finish)
    }
}

/// A provider of a key's value; its value's type is fixed by ``TypedProviderRecord``.
class ProviderRecord: RegistrationRecord {
    /// The key served. Its name is made only for messages and dumps: `String(describing:)` of a
    /// type, the default name, costs more than the rest of a registration.
    let key: KeySource
    var name: String { key.name }
    /// While a request runs this provider: the context that asked. A request that arrives
    /// meanwhile re-entered it. Not retained: the running request holds it.
    final unowned(unsafe) var requester: ScreenContext?
    /// While a request runs this provider: the provider request that was running when it was
    /// asked, if any (read only for the message of a re-entered request). Not retained: that
    /// request's frame holds it until it returns, after this one.
    final unowned(unsafe) var outerRequest: ProviderRecord?

    init(key: KeySource, owner: AnyObject, condition: Condition?, expiry: Condition?, context: ScreenContext) {
        self.key = key
        super.init(owner: owner, condition: condition, expiry: expiry, context: context)
    }
}

/// A provider of a key whose value is a `Value`. A request downcasts to it (the key's metatype
/// fixes `Value`) and calls `produce` directly: the value is returned, not boxed.
final class TypedProviderRecord<Value>: ProviderRecord {
    let produce: @MainActor (AnyObject) -> Value

    init(
        key: KeySource, owner: AnyObject, condition: Condition?, expiry: Condition?, context: ScreenContext,
        produce: @escaping @MainActor (AnyObject) -> Value
    ) {
        self.produce = produce
        super.init(key: key, owner: owner, condition: condition, expiry: expiry, context: context)
    }
}

/// A named closure; its input and output types are fixed by ``TypedActionRecord``.
class ActionRecord: RegistrationRecord {
    /// The action registered; its name is made only for messages and dumps, as a provider's is.
    let action: any ContextAction.Type
    var name: String { action.name }

    init(
        action: any ContextAction.Type, owner: AnyObject, condition: Condition?, expiry: Condition?,
        context: ScreenContext
    ) {
        self.action = action
        super.init(owner: owner, condition: condition, expiry: expiry, context: context)
    }
}

/// An action that takes an `Input` and returns an `Output`. Executing downcasts to it (the
/// action's metatype fixes both) and calls `perform` directly: nothing is boxed.
final class TypedActionRecord<Input, Output>: ActionRecord {
    let perform: @MainActor (AnyObject, Input) -> Output

    init(
        action: any ContextAction.Type, owner: AnyObject, condition: Condition?, expiry: Condition?,
        context: ScreenContext, perform: @escaping @MainActor (AnyObject, Input) -> Output
    ) {
        self.perform = perform
        super.init(action: action, owner: owner, condition: condition, expiry: expiry, context: context)
    }
}

extension ScreenContext {
    /// Removes a cancelled record from whichever table holds it.
    final func forget(_ record: RegistrationRecord) {
        // The old tables are released last: a record's closures may capture objects whose
        // `deinit` calls back into this context, and it must find the tables updated.
        if let provider = record as? ProviderRecord {
            let old = providers
            let ended = old.filter { $0.value === provider }.map(\.key)
            providers = old.filter { $0.value !== provider }
            for id in ended { tableChanged(id, .provider) }
            for id in ended { publishProviderChange(of: id) }
            keepAlive(old)
        } else if let action = record as? ActionRecord {
            let old = actions
            actions = old.filter { $0.value !== action }
            for (id, record) in old where record === action { tableChanged(id, .action) }
            keepAlive(old)
        } else {
            let old = (keyObservers, eventObservers)
            for (id, list) in old.0 where list.contains(where: { $0 === record }) {
                let kept = list.filter { $0 !== record }
                ObservedKeys.add(-1, of: id)
                keyObservers[id] = kept.isEmpty ? nil : kept
            }
            for (id, list) in old.1 where list.contains(where: { $0 === record }) {
                let kept = list.filter { $0 !== record }
                eventObservers[id] = kept.isEmpty ? nil : kept
            }
            keepAlive(old)
        }
    }
}

/// Several observers registered by one call (one per event of ``ScreenContext/observePosts(ofAny:owner:if:expiresIf:_:)``),
/// ended together.
final class GroupRecord: RegistrationRecord {
    var members: [RegistrationRecord] = []

    override var isLive: Bool {
        super.isLive && members.contains { $0.isLive }
    }

    override func cancel() {
        super.cancel()
        for member in members { member.cancel() }
    }
}
