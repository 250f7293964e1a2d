extension ScreenContext {
    // MARK: - Observing values

    /// Calls `body` whenever a set or remove may change what this context reads for `key`: a
    /// change in this context, or in an ancestor that this context does not shadow.
    ///
    /// The observation is tied to `owner`, held weakly: it ends by itself when the owner is
    /// deallocated, and `body` receives the owner so that it need not capture it.
    ///
    /// ```swift
    /// @MainActor final class ProfileScreen {
    ///     init(context: ScreenContext) {
    ///         context.onChange(of: UserID.self, owner: self) { screen, userID in
    ///             screen.show(userID)
    ///         }
    ///     }
    ///     func show(_ userID: String?) { … }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key to observe.
    ///   - owner: The object the observation lives with.
    ///   - condition: When given, `body` is called only while it holds.
    ///   - body: Receives the owner and the value now read from this context.
    /// - Returns: A handle that can end the observation early.
    @discardableResult
    public final func onChange<Key: ContextKey, Owner: AnyObject>(
        of key: Key.Type,
        owner: Owner,
        if condition: Condition? = nil,
        _ body: @escaping @MainActor (Owner, Key.Value?) -> Void
    ) -> Registration {
        let record = KeyObserverRecord(owner: owner, condition: condition, context: self) { owner, context in
            body(unsafeDowncast(owner!, to: Owner.self), context[key])
        }
        addKeyObserver(record, for: ObjectIdentifier(key))
        return Registration(record: record)
    }

    /// Calls `body` whenever a set or remove may change what this context reads for a key with a
    /// default; `body` receives the default while nothing is stored.
    ///
    /// ```swift
    /// context.onChange(of: PageSize.self, owner: self) { screen, size in screen.reload(pageSize: size) }
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key to observe.
    ///   - owner: The object the observation lives with, held weakly.
    ///   - condition: When given, `body` is called only while it holds.
    ///   - body: Receives the owner and the value now read from this context.
    /// - Returns: A handle that can end the observation early.
    @discardableResult
    public final func onChange<Key: ContextKeyWithDefault, Owner: AnyObject>(
        of key: Key.Type,
        owner: Owner,
        if condition: Condition? = nil,
        _ body: @escaping @MainActor (Owner, Key.Value) -> Void
    ) -> Registration {
        let record = KeyObserverRecord(owner: owner, condition: condition, context: self) { owner, context in
            body(unsafeDowncast(owner!, to: Owner.self), context[key])
        }
        addKeyObserver(record, for: ObjectIdentifier(key))
        return Registration(record: record)
    }

    /// The values this context reads for `key`, as an async sequence: first the current value,
    /// then the value after each change.
    ///
    /// By default a consumer that falls behind gets only the newest value it has not taken yet,
    /// as with Observation: 10,000 sets before it next looks yield one element, the final value.
    /// Pass ``ChangeBuffering/everyValue`` to receive every value in order (the buffer then grows
    /// without bound while the consumer is slower than the writers).
    ///
    /// The sequence ends when the consuming task is cancelled or the context is deallocated.
    ///
    /// ```swift
    /// Task { @MainActor in
    ///     for await color in form.changes(of: Color.self) {
    ///         print("now", color ?? "none")
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key to observe.
    ///   - buffering: What a slow consumer receives: the newest value (the default) or every value.
    /// - Returns: An async sequence of the value read from this context, now and after each change.
    public final func changes<Key: ContextKey>(of key: Key.Type, buffering: ChangeBuffering = .newest)
        -> AsyncStream<Key.Value?>
    where Key.Value: Sendable {
        changes(of: ObjectIdentifier(key), buffering: buffering) { $0[key] }
    }

    /// The values this context reads for a key with a default, as an async sequence: first the
    /// current value, then the value after each change; the default while nothing is stored.
    ///
    /// ```swift
    /// for await size in form.changes(of: PageSize.self) { print("now", size) }
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key to observe.
    ///   - buffering: What a slow consumer receives: the newest value (the default) or every value.
    /// - Returns: An async sequence of the value read from this context, now and after each change.
    public final func changes<Key: ContextKeyWithDefault>(of key: Key.Type, buffering: ChangeBuffering = .newest)
        -> AsyncStream<Key.Value>
    where Key.Value: Sendable {
        changes(of: ObjectIdentifier(key), buffering: buffering) { $0[key] }
    }

    /// The stream of what `read` returns now and after each change of the key `id`.
    final func changes<Value: Sendable>(
        of id: ObjectIdentifier, buffering: ChangeBuffering, _ read: @escaping @MainActor (ScreenContext) -> Value
    ) -> AsyncStream<Value> {
        let policy: AsyncStream<Value>.Continuation.BufferingPolicy =
            switch buffering {
            case .newest: .bufferingNewest(1)
            case .everyValue: .unbounded
            }
        let (stream, continuation) = AsyncStream<Value>.makeStream(bufferingPolicy: policy)
        continuation.yield(read(self))
        let record = KeyObserverRecord(
            owner: nil, condition: nil, context: self, finish: { continuation.finish() }
        ) { _, context in
            continuation.yield(read(context))
        }
        addKeyObserver(record, for: id)
        continuation.onTermination = { _ in
            Task { @MainActor in record.cancel() }
        }
        return stream
    }

    /// Ends every value and event observation registered on this context by `owner`.
    ///
    /// ```swift
    /// context.removeObservers(owner: self)
    /// ```
    ///
    /// - Parameter owner: The owner whose observations end.
    public final func removeObservers(owner: AnyObject) {
        func pruned(_ table: [ObjectIdentifier: [RegistrationRecord]], counted: Bool) -> [ObjectIdentifier:
            [RegistrationRecord]]
        {
            var result = table
            for (id, list) in table {
                let kept = list.filter { record in
                    guard record.owner === owner else { return true }
                    record.isCancelled = true
                    return false
                }
                if counted { ObservedKeys.add(kept.count - list.count, of: id) }
                result[id] = kept.isEmpty ? nil : kept
            }
            return result
        }
        // The old tables hold the removed records; they are released after both tables are
        // replaced, so that a `deinit` of something a closure captured sees the final state.
        let oldKeyObservers = keyObservers
        let oldEventObservers = eventObservers
        keyObservers = pruned(oldKeyObservers, counted: true)
        eventObservers = pruned(oldEventObservers, counted: false)
        keepAlive((oldKeyObservers, oldEventObservers))
    }

    /// Ends every value and event observation registered on this context.
    ///
    /// ```swift
    /// context.removeAllObservers()
    /// ```
    public final func removeAllObservers() {
        for (id, list) in keyObservers {
            ObservedKeys.add(-list.count, of: id)
            for record in list { record.isCancelled = true }
        }
        for record in eventObservers.values.joined() { record.isCancelled = true }
        let old = (keyObservers, eventObservers)
        keyObservers = [:]
        eventObservers = [:]
        keepAlive(old)
    }

    // MARK: - Internals

    final func addKeyObserver(_ record: RegistrationRecord, for id: ObjectIdentifier) {
        keyObservers[id, default: []].append(record)
        ObservedKeys.add(1, of: id)
    }

    /// Tells the observers of the key `id` in this context and in every descendant that does not
    /// shadow it what they now read. Walks the subtree only when the key is observed somewhere;
    /// a write that has the key's stamp at hand checks ``KeyStamp/observers`` itself.
    final func notifyChange(id: ObjectIdentifier) {
        guard ObservedKeys.observations(of: id) > 0 else { return }
        walkSubtree { context in
            if context !== self, context.slots[id] != nil { return false }
            context.deliverKeyChange(id)
            return true
        }
    }

    /// Tells this context's observers of the key `id` what they now read.
    final func deliverKeyChange(_ id: ObjectIdentifier) {
        // A copy: observers registered during this delivery are not called by it (they see
        // the next change); observers removed during it are skipped, as they are no longer live.
        guard let list = keyObservers[id] else { return }
        var sawDead = false
        for record in list {
            // The owner is held for the whole call, so that a condition or an earlier
            // observer that releases it cannot free it under the observer.
            let owner = record.owner
            guard record.isLive else {
                sawDead = true
                continue
            }
            if let condition = record.condition, !condition.isMet() { continue }
            guard record.isLive else {
                sawDead = true
                continue
            }
            // The record reads the value itself, for each observer: an earlier observer may
            // have written the key (a normaliser), and every observer is told what is current
            // when it is called.
            unsafeDowncast(record, to: KeyObserverRecord.self).deliver(owner, self)
        }
        if sawDead { pruneKeyObservers(id) }
    }

    final func pruneKeyObservers(_ id: ObjectIdentifier) {
        guard let list = keyObservers[id] else { return }
        let kept = list.filter(\.isLive)
        ObservedKeys.add(kept.count - list.count, of: id)
        // The dropped records (and what their closures captured) are released after the update.
        let dropped = keyObservers.updateValue(kept, forKey: id)
        if kept.isEmpty { keyObservers[id] = nil }
        keepAlive(dropped)
    }
}

/// How many observations of each key exist anywhere, so that a write to an unobserved key does
/// not walk the subtree. Counts may stay high until dead observers are pruned; that only costs a
/// walk. Each key's count lives in its ``KeyStamp``, which a write already has at hand in the
/// slot it replaces: checking it costs no lookup.
@MainActor
enum ObservedKeys {
    /// How many keys have a count above zero, so that an attach with nothing observed anywhere
    /// does not walk the subtree.
    static var observedKeyCount = 0

    /// Adds `delta` (negative to remove) to the count of `id`.
    static func add(_ delta: Int, of id: ObjectIdentifier) {
        let stamp = KeyStamps.stamp(for: id)
        set(stamp, to: stamp.observers + delta)
    }

    /// Removes the observations a freed context held.
    static func uncount(_ counts: [(ObjectIdentifier, Int)]) {
        for (id, observers) in counts {
            let stamp = KeyStamps.stamp(for: id)
            set(stamp, to: max(stamp.observers - observers, 0))
        }
    }

    private static func set(_ stamp: KeyStamp, to count: Int) {
        if stamp.observers <= 0, count > 0 { observedKeyCount += 1 }
        if stamp.observers > 0, count <= 0 { observedKeyCount -= 1 }
        stamp.observers = count
    }

    /// The number of live-or-unpruned observations of `id`.
    static func observations(of id: ObjectIdentifier) -> Int { KeyStamps.table[id]?.observers ?? 0 }

    /// The number of live-or-unpruned observations of `key`; for tests.
    static func observations<Key: ContextKey>(of key: Key.Type) -> Int { observations(of: ObjectIdentifier(key)) }
}

/// What an async sequence of ``ScreenContext/changes(of:buffering:)->AsyncStream<Key.Value?>`` keeps for a consumer that has not
/// taken the values written since it last looked.
///
/// ```swift
/// for await count in context.changes(of: Count.self, buffering: .everyValue) { print(count ?? 0) }
/// ```
public enum ChangeBuffering: Sendable, Hashable {
    /// Only the newest value, as with Observation: a slow consumer skips intermediate values.
    case newest
    /// Every value, in order; the buffer grows while the consumer is slower than the writers.
    case everyValue
}
