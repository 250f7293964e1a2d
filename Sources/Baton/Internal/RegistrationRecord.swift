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
    weak var context: Context?
    /// Ends the async sequence an ownerless observer feeds; called when its context goes away.
    nonisolated let finish: (@Sendable () -> Void)?

    init(
        owner: AnyObject?, condition: Condition?, expiry: Condition?, context: Context,
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

    func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        context?.forget(self)
    }
}

/// An observer of an event, with its payload type.
final class ObserverRecord<Payload>: RegistrationRecord {
    let deliver: @MainActor (AnyObject?, Payload) -> Void
    /// The post count when it was registered: posts stamped up to it started before it existed.
    let registeredAt = PostClock.now

    init(
        owner: AnyObject?, condition: Condition?, expiry: Condition? = nil, context: Context,
        finish: (@Sendable () -> Void)? = nil, deliver: @escaping @MainActor (AnyObject?, Payload) -> Void
    ) {
        self.deliver = deliver
        super.init(owner: owner, condition: condition, expiry: expiry, context: context, finish: finish)
    }

    /// Calls the observer with `payload` unless its condition does not hold.
    ///
    /// - Returns: `false`, without calling it, when the observation has ended (cancelled, or its
    ///   owner is gone).
    // Not inlined into the delivery loop: in here the record is borrowed, so its stored closure
    // is called without retaining and releasing the closure's context around each call.
    @inline(never)
    func notify(_ payload: Payload, postedAt stamp: UInt64) -> Bool {
        let owner = self.owner
        if isCancelled || (isOwned && owner == nil) { return false }
        // Registered during this post (from an observer it already called): not called by it.
        if registeredAt >= stamp { return true }
        if let expiry, expiry.isMet() {
            // Expiry is one-way, as for providers and actions.
            isCancelled = true
            return false
        }
        if let condition, !condition.isMet() { return true }
        deliver(owner, payload)
        return true
    }
}

/// An observer of a key's changes. It reads the value from its context when it is called, so
/// that it is told what is current then, even if an earlier observer wrote the key.
final class KeyObserverRecord: RegistrationRecord {
    let deliver: @MainActor (AnyObject?, Context) -> Void

    init(
        owner: AnyObject?, condition: Condition?, context: Context, finish: (@Sendable () -> Void)? = nil,
        deliver: @escaping @MainActor (AnyObject?, Context) -> Void
    ) {
        self.deliver = deliver
        super.init(owner: owner, condition: condition, expiry: nil, context: context, finish: finish)
    }
}

/// A provider of a key's value; its value's type is fixed by ``TypedProviderRecord``.
class ProviderRecord: RegistrationRecord {
    let name: String

    init(name: String, owner: AnyObject, condition: Condition?, expiry: Condition?, context: Context) {
        self.name = name
        super.init(owner: owner, condition: condition, expiry: expiry, context: context)
    }
}

/// A provider of a key whose value is a `Value`. A request downcasts to it (the key's metatype
/// fixes `Value`) and calls `produce` directly: the value is returned, not boxed.
final class TypedProviderRecord<Value>: ProviderRecord {
    let produce: @MainActor (AnyObject) -> Value

    init(
        name: String, owner: AnyObject, condition: Condition?, expiry: Condition?, context: Context,
        produce: @escaping @MainActor (AnyObject) -> Value
    ) {
        self.produce = produce
        super.init(name: name, owner: owner, condition: condition, expiry: expiry, context: context)
    }
}

/// A named closure; its input and output types are fixed by ``TypedActionRecord``.
class ActionRecord: RegistrationRecord {
    let name: String

    init(name: String, owner: AnyObject, condition: Condition?, expiry: Condition?, context: Context) {
        self.name = name
        super.init(owner: owner, condition: condition, expiry: expiry, context: context)
    }
}

/// An action that takes an `Input` and returns an `Output`. Executing downcasts to it (the
/// action's metatype fixes both) and calls `perform` directly: nothing is boxed.
final class TypedActionRecord<Input, Output>: ActionRecord {
    let perform: @MainActor (AnyObject, Input) -> Output

    init(
        name: String, owner: AnyObject, condition: Condition?, expiry: Condition?, context: Context,
        perform: @escaping @MainActor (AnyObject, Input) -> Output
    ) {
        self.perform = perform
        super.init(name: name, owner: owner, condition: condition, expiry: expiry, context: context)
    }
}

extension Context {
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
            withExtendedLifetime(old) {}
        }
    }
}

/// Several observers registered by one call (one per event of ``Context/observePosts(ofAny:owner:if:expiresIf:_:)``),
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
