extension ScreenContext {
    /// Serves `key` by a closure instead of a stored value (ProContext's requestables).
    ///
    /// The provider is tied to `owner`, held weakly, and `produce` receives the owner, so no
    /// capture list is needed. Only one live provider per key may exist on a lineage (this context,
    /// its ancestors and its descendants), as in ProContext, so two sibling contexts (two tabs)
    /// may each serve the key; a provider whose owner is gone or whose `expiry` holds is expired
    /// and is replaced silently.
    ///
    /// ```swift
    /// enum TotalWeight: ContextKey { typealias Value = Double? }
    ///
    /// @MainActor final class TotalFieldContainer {
    ///     var weight: Double? = 40
    ///     init(context: ScreenContext) throws {
    ///         try context.provide(TotalWeight.self, owner: self) { owner in owner.weight }
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key to serve; its `Value` is what requests return.
    ///   - owner: The object the provider lives with.
    ///   - condition: When given, requests succeed only while it holds (ProContext's `if:`).
    ///   - expiry: When given, the provider expires as soon as it holds (ProContext's `expiresIf:`).
    ///   - produce: Computes the value on each request.
    /// - Returns: A handle that can end the provider early.
    /// - Throws: ``ContextError/providerAlreadyRegistered(key:registeredIn:)`` while another live
    ///   provider for `key` exists on this context's lineage.
    @discardableResult
    public final func provide<Key: ContextKey, Owner: AnyObject>(
        _ key: Key.Type,
        owner: Owner,
        if condition: Condition? = nil,
        expiresIf expiry: Condition? = nil,
        _ produce: @escaping @MainActor (Owner) -> Key.Value
    ) throws(ContextError) -> Registration {
        try provide(.type(key), owner: owner, if: condition, expiresIf: expiry, produce)
    }

    /// Serves a ``ContextValues`` member by a closure instead of a stored value (ProContext's
    /// requestables): ``request(_:)-(ContextEntryPath<Value>)`` asks it; reading the member with
    /// its subscript still reads the stored value or the default.
    ///
    /// The provider is tied to `owner`, held weakly, and `produce` receives the owner, so no
    /// capture list is needed. Only one live provider per member may exist on a lineage (this
    /// context, its ancestors and its descendants); two sibling contexts (two tabs) may each serve
    /// it; a provider whose owner is gone or whose `expiry` holds is replaced silently.
    ///
    /// ```swift
    /// extension ContextValues {
    ///     var totalWeight: ContextEntry<Double?> { .init() }
    /// }
    ///
    /// @MainActor final class TotalFieldContainer {
    ///     var weight: Double? = 40
    ///     init(context: ScreenContext) throws {
    ///         try context.provide(\.totalWeight, owner: self) { owner in owner.weight }
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - entry: The member to serve; its value type is what requests return.
    ///   - owner: The object the provider lives with.
    ///   - condition: When given, requests succeed only while it holds (ProContext's `if:`).
    ///   - expiry: When given, the provider expires as soon as it holds (ProContext's `expiresIf:`).
    ///   - produce: Computes the value on each request.
    /// - Returns: A handle that can end the provider early.
    /// - Throws: ``ContextError/providerAlreadyRegistered(key:registeredIn:)`` while another live
    ///   provider for `entry` exists on this context's lineage.
    @discardableResult
    public final func provide<Value, Owner: AnyObject>(
        _ entry: ContextEntryPath<Value>,
        owner: Owner,
        if condition: Condition? = nil,
        expiresIf expiry: Condition? = nil,
        _ produce: @escaping @MainActor (Owner) -> Value
    ) throws(ContextError) -> Registration {
        let key = EntryKeys.entry(for: entry).takeUnretainedValue()
        return try provide(.entry(key), owner: owner, if: condition, expiresIf: expiry, produce)
    }

    private func provide<Value, Owner: AnyObject>(
        _ key: KeySource, owner: Owner, if condition: Condition?, expiresIf expiry: Condition?,
        _ produce: @escaping @MainActor (Owner) -> Value
    ) throws(ContextError) -> Registration {
        let id = key.id
        var replaced: [ScreenContext] = []
        // Expired providers removed on the way are released last, once this one is in place: a
        // `deinit` of what they captured may call back into the context (DESIGN's re-entrancy rule).
        var dropped: [ProviderRecord] = []
        defer { keepAlive(dropped) }
        // Checked again while expiries it runs register the key meanwhile (see liveHolderOnLineage).
        let holder = liveHolderOnLineage(
            of: id, in: \.providers, removingExpiredInto: &replaced, releasingLater: &dropped)
        if let holder {
            // Removing an expired provider changes what a request there returns, even if this one fails.
            for context in replaced where context !== self { context.publishProviderChange(of: id) }
            throw misuse(ContextError.providerAlreadyRegistered(key: key.name, registeredIn: holder.pathDescription))
        }
        let record = TypedProviderRecord<Value>(
            key: key, owner: owner, condition: condition, expiry: expiry, context: self
        ) { owner in
            produce(unsafeDowncast(owner, to: Owner.self))
        }
        providers[id] = record
        KeyStamps.advance(id)
        LineageIndex.add(self, kind: .provider, id: id)
        for context in replaced where context !== self { context.publishProviderChange(of: id) }
        publishProviderChange(of: id)
        return Registration(record: record)
    }

    /// Asks the nearest provider of `key` on the chain for its value.
    ///
    /// ```swift
    /// let total = try context.request(TotalWeight.self)
    /// ```
    ///
    /// - Parameter key: The key whose provider to ask.
    /// - Returns: The value the provider computes now.
    /// - Throws: ``ContextError/providerMissing(key:searched:available:offChain:commonAncestor:)`` when no provider is on
    ///   the chain, ``ContextError/providerExpired(key:registeredIn:)`` when the nearest one has
    ///   expired, ``ContextError/providerUnavailable(key:registeredIn:)`` when its condition does
    ///   not hold, ``ContextError/providerReentered(key:registeredIn:chain:)`` when asked by the
    ///   provider itself while it computes.
    public final func request<Key: ContextKey>(_ key: Key.Type) throws(ContextError) -> Key.Value {
        try provided(ObjectIdentifier(key), .type(key), named: key.name, missingIsMisuse: true)
    }

    /// Asks the nearest provider of `key` on the chain, and returns its value or the reason there
    /// is none: what a view that shows a value while it can (BatonSwiftUI's `@ContextRequest`)
    /// reads. The provider's condition is asked once, so a condition that changes between two
    /// questions cannot give a check that passed and a request that failed. No provider on the
    /// chain is an answer here, not a misuse: it never stops in strict mode.
    ///
    /// ```swift
    /// switch context.requestResult(TotalWeight.self) {
    /// case .success(let total): show(total)
    /// case .failure(let reason): show(reason.description)   // names the key and where Baton looked
    /// }
    /// ```
    ///
    /// - Parameter key: The key whose provider to ask.
    /// - Returns: The value the provider computes now, or
    ///   ``ContextError/providerMissing(key:searched:available:offChain:commonAncestor:)``,
    ///   ``ContextError/providerExpired(key:registeredIn:)`` or
    ///   ``ContextError/providerUnavailable(key:registeredIn:)``.
    public final func requestResult<Key: ContextKey>(_ key: Key.Type) -> Result<Key.Value, ContextError> {
        do throws(ContextError) {
            return .success(try provided(ObjectIdentifier(key), .type(key), named: key.name, missingIsMisuse: false))
        } catch {
            return .failure(error)
        }
    }

    /// Whether a request for `key` would succeed now: a live provider is on the chain and its
    /// condition holds. To use the value, ask ``requestResult(_:)-(Key.Type)`` instead of this
    /// and a request: a condition that changes in between would make the request fail.
    ///
    /// ```swift
    /// if context.canRequest(TotalWeight.self) { … }
    /// ```
    ///
    /// - Parameter key: The key whose provider to check.
    /// - Returns: `true` when ``request(_:)-(Key.Type)`` would return a value.
    public final func canRequest<Key: ContextKey>(_ key: Key.Type) -> Bool {
        canRequest(ObjectIdentifier(key), .type(key))
    }

    /// Asks the nearest provider of a ``ContextValues`` member on the chain for its value.
    ///
    /// ```swift
    /// let total = try context.request(\.totalWeight)
    /// ```
    ///
    /// - Parameter entry: The member whose provider to ask.
    /// - Returns: The value the provider computes now.
    /// - Throws: ``ContextError/providerMissing(key:searched:available:offChain:commonAncestor:)`` when no provider is on
    ///   the chain, ``ContextError/providerExpired(key:registeredIn:)`` when the nearest one has
    ///   expired, ``ContextError/providerUnavailable(key:registeredIn:)`` when its condition does
    ///   not hold, ``ContextError/providerReentered(key:registeredIn:chain:)`` when asked by the
    ///   provider itself while it computes.
    public final func request<Value>(_ entry: ContextEntryPath<Value>) throws(ContextError) -> Value {
        let key = EntryKeys.entry(for: entry).takeUnretainedValue()
        return try provided(ObjectIdentifier(key), .entry(key), named: key.name, missingIsMisuse: true)
    }

    /// Asks the nearest provider of a ``ContextValues`` member on the chain, and returns its value
    /// or the reason there is none, asking its condition once; no provider is an answer, not a
    /// misuse (``requestResult(_:)-(Key.Type)``).
    ///
    /// ```swift
    /// if case .success(let total) = context.requestResult(\.totalWeight) { show(total) }
    /// ```
    ///
    /// - Parameter entry: The member whose provider to ask.
    /// - Returns: The value the provider computes now, or the ``ContextError`` that says why
    ///   there is none.
    public final func requestResult<Value>(_ entry: ContextEntryPath<Value>) -> Result<Value, ContextError> {
        let key = EntryKeys.entry(for: entry).takeUnretainedValue()
        do throws(ContextError) {
            return .success(try provided(ObjectIdentifier(key), .entry(key), named: key.name, missingIsMisuse: false))
        } catch {
            return .failure(error)
        }
    }

    /// Whether a request for a ``ContextValues`` member would succeed now: a live provider is on
    /// the chain and its condition holds. To use the value, ask
    /// ``requestResult(_:)-(ContextEntryPath<Value>)`` instead.
    ///
    /// ```swift
    /// if context.canRequest(\.totalWeight) { … }
    /// ```
    ///
    /// - Parameter entry: The member whose provider to check.
    /// - Returns: `true` when ``request(_:)-(ContextEntryPath<Value>)`` would return a value.
    public final func canRequest<Value>(_ entry: ContextEntryPath<Value>) -> Bool {
        let key = EntryKeys.entry(for: entry).takeUnretainedValue()
        return canRequest(ObjectIdentifier(key), .entry(key))
    }

    /// The value of the nearest live provider of `id` whose condition holds: every request, in
    /// either key form, is this one.
    @inline(__always)
    private final func provided<Value>(
        _ id: ObjectIdentifier, _ source: @autoclosure () -> KeySource, named name: @autoclosure () -> String,
        missingIsMisuse: Bool
    ) throws(ContextError) -> Value {
        if isObservationTracking() { trackRead(.provider(id), key: source()) }
        let (record, owner) = try liveRegistration(
            of: id, .provider, as: ProviderRecord.self, named: name(), missingIsMisuse: missingIsMisuse)
        // `provide` made the record for this key or member, so its value type is `Value`.
        let typed = unsafeDowncast(record, to: TypedProviderRecord<Value>.self)
        // A provider that asks, directly or through other providers, for the key it is computing
        // would recurse until the stack overflows: the second ask is refused instead. The requests
        // in progress are linked through their records, unretained, so that a request costs three
        // stores and the chain is written out only for the error.
        if typed.requester != nil { throw misuse(reentered(typed)) }
        typed.requester = self
        typed.outerRequest = ProviderRequests.innermost?.takeUnretainedValue()
        ProviderRequests.innermost = Unmanaged.passUnretained(typed)
        defer {
            ProviderRequests.innermost = typed.outerRequest.map(Unmanaged.passUnretained)
            typed.outerRequest = nil
            typed.requester = nil
        }
        return typed.produce(owner)
    }

    /// The error of a request that re-entered `record` while it computes: the requests in
    /// progress, outermost first, then this one.
    private final func reentered(_ record: ProviderRecord) -> ContextError {
        var asked = ["\(record.name) asked in \(label)"]
        var request = ProviderRequests.innermost?.takeUnretainedValue()
        while let running = request, let requester = running.requester {
            asked.append("\(running.name) asked in \(requester.label)")
            request = running.outerRequest
        }
        return .providerReentered(
            key: record.name, registeredIn: record.context?.pathDescription ?? "(freed context)",
            chain: asked.reversed())
    }

    /// Whether the nearest provider of `id` is live and its condition holds: every check, in
    /// either key form, is this one.
    private final func canRequest(_ id: ObjectIdentifier, _ source: @autoclosure () -> KeySource) -> Bool {
        if isObservationTracking() { trackRead(.provider(id), key: source()) }
        guard let cached = holderEntry(of: id, .provider).record else { return false }
        // Retained: its expiry and condition are user code, which may end the registration.
        let record = cached.takeUnretainedValue()
        guard record.isLive else { return false }
        guard let condition = record.condition else { return true }
        return condition.isMet()
    }

    final var providerNamesOnChain: [String] {
        var names: [String] = []
        var current: ScreenContext? = self
        while let context = current {
            for record in context.providers.values where record.isLive && !names.contains(record.name) {
                names.append(record.name)
            }
            current = context.parent
        }
        return names.sorted()
    }
}

/// The provider requests in progress, for the message of a request that re-enters one of them.
@MainActor
enum ProviderRequests {
    /// The innermost request in progress; each links to the one it runs inside
    /// (``ProviderRecord/outerRequest``). Not retained: its request's frame holds it. `Unmanaged`
    /// so that the variable is initialized statically: read with no `swift_once` per request.
    static var innermost: Unmanaged<ProviderRecord>?
}
