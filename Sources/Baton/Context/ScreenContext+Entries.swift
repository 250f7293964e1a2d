/// A member of ``ContextValues``, named by key path: `\.sortOrder`.
public typealias ContextEntryPath<Value> = KeyPath<ContextValues, ContextEntry<Value>>

extension ScreenContext {
    // MARK: - Reading by key path

    /// The value of a ``ContextValues`` member as seen from this context: the nearest value on
    /// the chain towards the root, or the member's default when no context holds it.
    ///
    /// ```swift
    /// extension ContextValues {
    ///     var sortOrder: ContextEntry<SortOrder> { .init(default: .byName) }
    /// }
    ///
    /// let list = ScreenContext(parent: app)
    /// list[\.sortOrder]   // .byName
    /// app.set(.byDate, for: \.sortOrder)
    /// list[\.sortOrder]   // .byDate
    /// ```
    ///
    /// Setting it stores the value in this context, as ``set(_:for:)-(Value,_)`` does: it shadows what the
    /// parents hold, and the contexts below read it.
    ///
    /// ```swift
    /// list[\.sortOrder] = .byDate   // list and every context below it read .byDate
    /// ```
    ///
    /// - Parameter entry: The member's key path.
    /// - Returns: The nearest value, or the default.
    @inlinable public final subscript<Value>(entry: ContextEntryPath<Value>) -> Value {
        get {
            let key = EntryKeys.entry(for: entry)
            guard let box = trackedBox(entry: key) else { return key.defaultValue(as: Value.self) }
            return box.value(as: Value.self)
        }
        set { set(newValue, for: entry) }
    }

    /// The value of a ``ContextValues`` member stored in the nearest context named `scope`, or
    /// the member's default when that context stores none. Like every named read, it does not
    /// fall through to that context's parents.
    ///
    /// ```swift
    /// try list.value(for: \.sortOrder, in: "app")
    /// ```
    ///
    /// - Parameters:
    ///   - entry: The member's key path.
    ///   - scope: The name of the context to read from; the nearest one on the chain wins.
    /// - Returns: The value stored in that context, or the default.
    /// - Throws: ``ContextError/unknownScope(name:key:searched:named:)`` when no context on the
    ///   chain has that name.
    public final func value<Value>(for entry: ContextEntryPath<Value>, in scope: String) throws(ContextError)
        -> Value
    {
        let key = EntryKeys.entry(for: entry)
        guard let box = try namedBox(.entry(key.takeUnretainedValue()), in: scope) else {
            return key.defaultValue(as: Value.self)
        }
        return box.value(as: Value.self)
    }

    /// Whether some context on the chain stores a value for the member.
    ///
    /// ```swift
    /// list.contains(\.sortOrder)   // false: reads give the default
    /// ```
    ///
    /// - Parameter entry: The member's key path.
    /// - Returns: `true` when a context on the chain stores the member.
    public final func contains<Value>(_ entry: ContextEntryPath<Value>) -> Bool {
        let key = EntryKeys.entry(for: entry).takeUnretainedValue()
        let id = key.id
        if isObservationTracking() { trackRead(.value(id), key: .entry(key)) }
        if case .found = read(id) { return true }
        return false
    }

    /// The context on the chain that stores the member, nearest first.
    ///
    /// ```swift
    /// list.holder(of: \.sortOrder) === app   // true
    /// ```
    ///
    /// - Parameter entry: The member's key path.
    /// - Returns: The nearest context that stores it, or `nil`.
    public final func holder<Value>(of entry: ContextEntryPath<Value>) -> ScreenContext? {
        valueHolder(of: EntryKeys.entry(for: entry).takeUnretainedValue().id)
    }

    // MARK: - Writing by key path

    /// Stores `value` for a ``ContextValues`` member in this context, shadowing it further in.
    ///
    /// For a member of an optional type, `nil` is a value like any other: it masks inner values
    /// and reads as `nil`. Use ``remove(_:)-(ContextEntryPath<Value>)`` to let them show through.
    ///
    /// ```swift
    /// list.set(.byDate, for: \.sortOrder)
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - entry: The member's key path.
    @inlinable public final func set<Value>(_ value: Value, for entry: ContextEntryPath<Value>) {
        store(Optional(value), for: .entry(EntryKeys.entry(for: entry).takeUnretainedValue()), in: self)
    }

    /// Stores `value` for a ``ContextValues`` member in the nearest context named `scope`.
    ///
    /// ```swift
    /// try list.set(.byDate, for: \.sortOrder, in: "app")
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - entry: The member's key path.
    ///   - scope: The name of the context to store in; the nearest one on the chain wins.
    /// - Throws: ``ContextError/unknownScope(name:key:searched:named:)`` when no context on the
    ///   chain has that name; ``ContextError/leftTheTree(scope:key:context:)`` when only the
    ///   chain this context's screen left has it.
    public final func set<Value>(_ value: Value, for entry: ContextEntryPath<Value>, in scope: String)
        throws(ContextError)
    {
        let key = EntryKeys.entry(for: entry).takeUnretainedValue()
        store(Optional(value), for: .entry(key), in: try context(named: scope, for: key.name))
    }

    /// Removes a ``ContextValues`` member from the nearest context on the chain that stores it,
    /// so that an inner value, or the default, shows through.
    ///
    /// ```swift
    /// list.remove(\.sortOrder)
    /// ```
    ///
    /// - Parameter entry: The member's key path.
    /// - Returns: `true` if a context stored it.
    @discardableResult
    public final func remove<Value>(_ entry: ContextEntryPath<Value>) -> Bool {
        let id = EntryKeys.entry(for: entry).takeUnretainedValue().id
        guard let holder = valueHolder(of: id) else { return false }
        return erase(id, in: holder)
    }

    /// Removes a ``ContextValues`` member from the nearest context named `scope`.
    ///
    /// ```swift
    /// try list.remove(\.sortOrder, in: "app")
    /// ```
    ///
    /// - Parameters:
    ///   - entry: The member's key path.
    ///   - scope: The name of the context to remove from; the nearest one on the chain wins.
    /// - Returns: `true` if that context stored it.
    /// - Throws: ``ContextError/unknownScope(name:key:searched:named:)`` when no context on the
    ///   chain has that name; ``ContextError/leftTheTree(scope:key:context:)`` when only the
    ///   chain this context's screen left has it.
    @discardableResult
    public final func remove<Value>(_ entry: ContextEntryPath<Value>, in scope: String) throws(ContextError) -> Bool {
        let key = EntryKeys.entry(for: entry).takeUnretainedValue()
        return erase(key.id, in: try context(named: scope, for: key.name))
    }

    // MARK: - Observing by key path

    /// Calls `body` whenever a set or remove may change what this context reads for a
    /// ``ContextValues`` member, as `onChange(of:owner:if:_:)` does for a key
    /// type.
    ///
    /// ```swift
    /// list.onChange(of: \.sortOrder, owner: self) { screen, order in screen.sort(by: order) }
    /// ```
    ///
    /// - Parameters:
    ///   - entry: The member's key path.
    ///   - owner: The object the observation lives with, held weakly.
    ///   - condition: When given, `body` is called only while it holds.
    ///   - body: Receives the owner and the value now read from this context.
    /// - Returns: A handle that can end the observation early.
    @discardableResult
    public final func onChange<Value, Owner: AnyObject>(
        of entry: ContextEntryPath<Value>,
        owner: Owner,
        if condition: Condition? = nil,
        _ body: @escaping @MainActor (Owner, Value) -> Void
    ) -> Registration {
        let record = KeyObserverRecord(owner: owner, condition: condition, context: self) { owner, context in
            body(unsafeDowncast(owner!, to: Owner.self), context[entry])
        }
        addKeyObserver(record, for: EntryKeys.entry(for: entry).takeUnretainedValue().id)
        return Registration(record: record)
    }

    /// The values this context reads for a ``ContextValues`` member, as an async sequence: first
    /// the current value, then the value after each change, as
    /// ``changes(of:buffering:)->AsyncStream<Key.Value?>`` does for a key type.
    ///
    /// ```swift
    /// for await order in list.changes(of: \.sortOrder) { print(order) }
    /// ```
    ///
    /// - Parameters:
    ///   - entry: The member's key path.
    ///   - buffering: What a slow consumer receives: the newest value (the default) or every value.
    /// - Returns: An async sequence of the value read from this context, now and after each change.
    public final func changes<Value: Sendable>(of entry: ContextEntryPath<Value>, buffering: ChangeBuffering = .newest)
        -> AsyncStream<Value>
    {
        changes(of: EntryKeys.entry(for: entry).takeUnretainedValue().id, buffering: buffering) { $0[entry] }
    }
}
