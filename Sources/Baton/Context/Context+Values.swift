extension Context {
    // MARK: - Reading

    /// The value for `key` as seen from this context: the nearest value on the chain towards the
    /// root, or `nil` when no context holds it or the nearest holder stores an explicit `nil`.
    ///
    /// ```swift
    /// app.set("12345", for: UserID.self)
    /// let form = Context(parent: app)
    /// form[UserID.self]   // "12345"
    /// ```
    ///
    /// - Parameter key: The key to read.
    /// - Returns: The nearest value, or `nil`.
    public final subscript<Key: ContextKey>(key: Key.Type) -> Key.Value? {
        let id = ObjectIdentifier(key)
        if isObservationTracking() { trackRead(.value(id)) }
        switch read(id) {
        case .found(let box?): return unsafeDowncast(box.takeUnretainedValue(), to: Box<Key.Value>.self).value
        case .found(nil), .missing: return nil
        }
    }

    /// The value for `key` as seen from this context; the same as the subscript.
    ///
    /// ```swift
    /// let id = form.value(for: UserID.self)
    /// ```
    ///
    /// - Parameter key: The key to read.
    /// - Returns: The nearest value, or `nil`.
    public final func value<Key: ContextKey>(for key: Key.Type) -> Key.Value? {
        self[key]
    }

    /// The value for `key` stored in the nearest context named `scope`, ignoring the others.
    ///
    /// As in ControllerContext, a named read looks only at the named context: it does not fall
    /// through to that context's parents.
    ///
    /// ```swift
    /// let app = Context(name: "app")
    /// app.set("12345", for: UserID.self)
    /// let form = Context(parent: app)
    /// form.set("ABCDEF", for: UserID.self)
    /// form[UserID.self]                           // "ABCDEF"
    /// try form.value(for: UserID.self, in: "app")  // "12345"
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key to read.
    ///   - scope: The name of the context to read from; the nearest one on the chain wins.
    /// - Returns: The value stored in that context, or `nil`.
    /// - Throws: ``ContextError/unknownScope(name:key:searched:named:)`` when no context on the
    ///   chain has that name.
    public final func value<Key: ContextKey>(for key: Key.Type, in scope: String) throws(ContextError) -> Key.Value? {
        if isObservationTracking() { trackNamedRead(ObjectIdentifier(key), in: scope) }
        let target = try context(named: scope, for: Key.name)
        return target.slots[ObjectIdentifier(key)]?.box.map { unsafeDowncast($0, to: Box<Key.Value>.self).value }
    }

    /// Whether some context on the chain holds `key`, even as an explicit `nil`.
    ///
    /// ```swift
    /// form.set(nil, for: UserID.self)
    /// form.contains(UserID.self)   // true
    /// form[UserID.self]            // nil
    /// ```
    ///
    /// - Parameter key: The key to look for.
    /// - Returns: `true` when a context on the chain stores the key.
    public final func contains<Key: ContextKey>(_ key: Key.Type) -> Bool {
        let id = ObjectIdentifier(key)
        if isObservationTracking() { trackRead(.value(id)) }
        if case .found = read(id) { return true }
        return false
    }

    /// The context on the chain that holds `key`, nearest first.
    ///
    /// ```swift
    /// form.holder(of: UserID.self) === app   // true
    /// ```
    ///
    /// - Parameter key: The key to look for.
    /// - Returns: The nearest context that stores the key, or `nil`.
    public final func holder<Key: ContextKey>(of key: Key.Type) -> Context? {
        let id = ObjectIdentifier(key)
        var current: Context? = self
        while let context = current {
            if context.slots[id] != nil { return context }
            current = context.parent
        }
        return nil
    }

    // MARK: - Writing

    /// Stores `value` for `key` in this context, shadowing the same key further in.
    ///
    /// Storing `nil` is an explicit nil: it masks inner values and reads as `nil`. Use
    /// ``remove(_:)`` to delete a key instead.
    ///
    /// ```swift
    /// form.set("Blue", for: Color.self)
    /// form.set(nil, for: UserID.self)   // masks app's UserID
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value, or `nil` for an explicit nil.
    ///   - key: The key to store it under.
    @inlinable public final func set<Key: ContextKey>(_ value: Key.Value?, for key: Key.Type) {
        // Inlined into the caller, where `Key.Value` is known: the box's type metadata is then a
        // static reference instead of a run-time generic metadata lookup on every write.
        let box: AnyBox? = if let value { Box(value) } else { nil }
        store(box, for: key, in: self)
    }

    /// Stores `value` for `key` in the nearest context named `scope`.
    ///
    /// ```swift
    /// try form.set("12345", for: UserID.self, in: "app")
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value, or `nil` for an explicit nil.
    ///   - key: The key to store it under.
    ///   - scope: The name of the context to store in; the nearest one on the chain wins.
    /// - Throws: ``ContextError/unknownScope(name:key:searched:named:)`` when no context on the
    ///   chain has that name.
    public final func set<Key: ContextKey>(_ value: Key.Value?, for key: Key.Type, in scope: String)
        throws(ContextError)
    {
        store(value, for: key, in: try context(named: scope, for: Key.name))
    }

    /// Removes `key` from the nearest context on the chain that holds it, so that an inner value
    /// may show through.
    ///
    /// ```swift
    /// form.remove(UserID.self)   // app's value shows through again
    /// ```
    ///
    /// - Parameter key: The key to remove.
    /// - Returns: `true` if a context held the key.
    @discardableResult
    public final func remove<Key: ContextKey>(_ key: Key.Type) -> Bool {
        guard let holder = holder(of: key) else { return false }
        return erase(key, in: holder)
    }

    /// Removes `key` from the nearest context named `scope`.
    ///
    /// ```swift
    /// try form.remove(UserID.self, in: "app")
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key to remove.
    ///   - scope: The name of the context to remove from; the nearest one on the chain wins.
    /// - Returns: `true` if that context held the key.
    /// - Throws: ``ContextError/unknownScope(name:key:searched:named:)`` when no context on the
    ///   chain has that name.
    @discardableResult
    public final func remove<Key: ContextKey>(_ key: Key.Type, in scope: String) throws(ContextError) -> Bool {
        erase(key, in: try context(named: scope, for: Key.name))
    }

    // MARK: - Listing

    /// Every key stored on the chain, each once, nearest context first and by name within one.
    ///
    /// ```swift
    /// form.allKeys.map(\.name)   // ["Color", "Size", "UserID"]
    /// ```
    public final var allKeys: [AnyContextKey] {
        var seen = Set<ObjectIdentifier>()
        var keys: [AnyContextKey] = []
        var current: Context? = self
        while let context = current {
            for slot in context.sortedSlots where seen.insert(ObjectIdentifier(slot.key)).inserted {
                keys.append(slot.key.erased)
            }
            current = context.parent
        }
        return keys
    }

    /// The nearest context on the chain with this name.
    ///
    /// ```swift
    /// try form.context(named: "app") === app   // true
    /// ```
    ///
    /// - Parameter name: The name to look for.
    /// - Returns: The nearest context named `name`.
    /// - Throws: ``ContextError/unknownScope(name:key:searched:named:)`` when none has that name.
    public final func context(named name: String) throws(ContextError) -> Context {
        try context(named: name, for: "")
    }

    // MARK: - Internals

    final var sortedSlots: [Slot] {
        slots.values.sorted { $0.key.name < $1.key.name }
    }

    final func context(named scope: String, for subject: String) throws(ContextError) -> Context {
        var current: Context? = self
        while let context = current {
            if context.name == scope { return context }
            current = context.parent
        }
        throw misuse(
            ContextError.unknownScope(
                name: scope, key: subject, searched: chainLabels, named: chainLabels(namedOnly: true)))
    }

    final func chainLabels(namedOnly: Bool) -> [String] {
        var names: [String] = []
        var current: Context? = self
        while let context = current {
            if let name = context.name, !names.contains(name) { names.append(name) }
            current = context.parent
        }
        return names
    }

    /// Reads through the per-context cache. A root reads its own table; other contexts keep a
    /// cache of chain reads, each valid until its key is next written (``KeyStamps``) or the
    /// context's chain is re-attached (which empties the cache), so that a read costs the same at
    /// any depth once warm, and a write of one key leaves the reads of the others warm.
    @inline(__always)
    final func read(_ id: ObjectIdentifier) -> ReadResult {
        guard parent != nil else {
            if let slot = slots[id] { return .found(slot.box.map(Unmanaged.passUnretained)) }
            return .missing
        }
        if let cached = readCache[id], cached.isValid { return cached.result }
        return readThrough(id)
    }

    /// Walks the chain up to the first context that holds `id` or has a valid cached read of it
    /// (the parent, usually: a new context on a stack reads in one step), and caches the result.
    final func readThrough(_ id: ObjectIdentifier) -> ReadResult {
        let key = KeyStamps.stamp(for: id)
        let stamp = key.value
        var result = ReadResult.missing
        var current: Context? = self
        while let context = current {
            if let slot = context.slots[id] {
                result = .found(slot.box.map(Unmanaged.passUnretained))
                break
            }
            // An ancestor's valid read is what this context reads too: the chain between them
            // holds no slot for `id` (just checked) and has not changed since (an attach would
            // have emptied that ancestor's cache).
            if context !== self, let cached = context.readCache[id], cached.stamp == stamp {
                result = cached.result
                break
            }
            current = context.parent
        }
        readCache[id] = CachedRead(result: result, stamp: stamp, key: Unmanaged.passUnretained(key))
        return result
    }

    // The replaced or removed slot is kept until the end: its value's `deinit` is user code, which
    // may read or write this very context, so it runs only once the slot table, the generation
    // and every observer agree on the new value. Releasing it inside the table update would run
    // that code in the middle of a dictionary mutation.
    //
    // No closures here: a closure written in this main-actor method is main-actor isolated, and
    // passing it to `Optional.map` or `withExtendedLifetime` made each call check the executor at
    // run time (about 200 instructions each, two per write). ``keepAlive(_:)`` is nonisolated.
    final func store<Key: ContextKey>(_ value: Key.Value?, for key: Key.Type, in target: Context) {
        let box: AnyBox? = if let value { Box(value) } else { nil }
        store(box, for: key, in: target)
    }

    /// Stores an already boxed value (`nil` for an explicit nil); not generic, so that
    /// ``set(_:for:)`` can be inlined into its caller.
    @usableFromInline final func store(_ box: AnyBox?, for key: any ContextKey.Type, in target: Context) {
        let id = ObjectIdentifier(key)
        let tracked = target.observationState(of: id)
        let replaced = target.slots.updateValue(Slot(key: key, box: box), forKey: id)
        KeyStamps.advance(id)
        target.notifyChange(id: id)
        if let tracked { target.publishValueChange(of: id, from: tracked) }
        keepAlive(replaced)
    }

    final func erase<Key: ContextKey>(_ key: Key.Type, in target: Context) -> Bool {
        let id = ObjectIdentifier(key)
        let tracked = target.observationState(of: id)
        let removed = target.slots.removeValue(forKey: id)
        guard removed != nil else { return false }
        KeyStamps.advance(id)
        target.notifyChange(of: key, id: id)
        if let tracked { target.publishValueChange(of: id, from: tracked) }
        keepAlive(removed)
        return true
    }
}

extension ContextKey {
    static var erased: AnyContextKey { AnyContextKey(Self.self) }
}
