extension ScreenContext {
    // MARK: - Reading

    /// The value for `key` as seen from this context: the nearest value on the chain towards the
    /// root, or `nil` when no context holds it or the nearest holder stores an explicit `nil`.
    ///
    /// ```swift
    /// app.set("12345", for: UserID.self)
    /// let form = ScreenContext(parent: app)
    /// form[UserID.self]   // "12345"
    /// ```
    ///
    /// A ``ContextKeyWithDefault`` reads its default instead of `nil`, also through this
    /// optional form (where the caller asks for an optional).
    ///
    /// - Parameter key: The key to read.
    /// - Returns: The nearest value, or `nil`.
    @inlinable public final subscript<Key: ContextKey>(key: Key.Type) -> Key.Value? {
        // Inlined into the caller, where `Key.Value` is known, so that the value is copied out
        // of its box without the generic witness calls an unspecialized read makes.
        guard let box = trackedBox(.type(key)) else { return Key._defaultValue }
        return box.value(as: Key.Value.self)
    }

    /// The value for a key with a default as seen from this context: the nearest value on the
    /// chain towards the root, or the key's ``ContextKeyWithDefault/defaultValue`` when no
    /// context holds it or the nearest holder stores an explicit `nil`.
    ///
    /// ```swift
    /// enum PageSize: ContextKeyWithDefault { static let defaultValue = 20 }
    ///
    /// let form = ScreenContext(parent: app)
    /// form[PageSize.self]   // 20
    /// app.set(50, for: PageSize.self)
    /// form[PageSize.self]   // 50
    /// ```
    ///
    /// - Parameter key: The key to read.
    /// - Returns: The nearest value, or the default.
    @inlinable public final subscript<Key: ContextKeyWithDefault>(key: Key.Type) -> Key.Value {
        guard let box = trackedBox(.type(key)) else { return Key.defaultValue }
        return box.value(as: Key.Value.self)
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

    /// The value for a key with a default as seen from this context; the same as the subscript.
    ///
    /// ```swift
    /// let size = form.value(for: PageSize.self)   // 20 when nothing is stored
    /// ```
    ///
    /// - Parameter key: The key to read.
    /// - Returns: The nearest value, or the default.
    public final func value<Key: ContextKeyWithDefault>(for key: Key.Type) -> Key.Value {
        self[key]
    }

    /// The value for `key` stored in the nearest context named `scope`, ignoring the others.
    ///
    /// As in ControllerContext, a named read looks only at the named context: it does not fall
    /// through to that context's parents.
    ///
    /// ```swift
    /// let app = ScreenContext(name: "app")
    /// app.set("12345", for: UserID.self)
    /// let form = ScreenContext(parent: app)
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
        guard let box = try namedBox(.type(key), in: scope) else {
            return Key._defaultValue
        }
        return box.value(as: Key.Value.self)
    }

    /// The value for a key with a default stored in the nearest context named `scope`, or the
    /// default when that context stores none (or an explicit nil).
    ///
    /// ```swift
    /// try form.value(for: PageSize.self, in: "app")   // 20 unless app stores one
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key to read.
    ///   - scope: The name of the context to read from; the nearest one on the chain wins.
    /// - Returns: The value stored in that context, or the default.
    /// - Throws: ``ContextError/unknownScope(name:key:searched:named:)`` when no context on the
    ///   chain has that name.
    public final func value<Key: ContextKeyWithDefault>(for key: Key.Type, in scope: String) throws(ContextError)
        -> Key.Value
    {
        guard let box = try namedBox(.type(key), in: scope) else {
            return Key.defaultValue
        }
        return box.value(as: Key.Value.self)
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
        if isObservationTracking() { trackRead(.value(id), key: .type(key)) }
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
    public final func holder<Key: ContextKey>(of key: Key.Type) -> ScreenContext? {
        valueHolder(of: ObjectIdentifier(key))
    }

    // MARK: - Writing

    /// Stores `value` for `key` in this context, shadowing the same key further in.
    ///
    /// Storing `nil` is an explicit nil: it masks inner values and reads as `nil`. Use
    /// ``remove(_:)-(Key.Type)`` to delete a key instead.
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
        store(value, for: .type(key), in: self)
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
    ///   chain has that name; ``ContextError/leftTheTree(scope:key:context:)`` when only the
    ///   chain this context's screen left has it.
    public final func set<Key: ContextKey>(_ value: Key.Value?, for key: Key.Type, in scope: String)
        throws(ContextError)
    {
        store(value, for: .type(key), in: try context(named: scope, for: Key.name))
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
        return erase(ObjectIdentifier(key), in: holder)
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
    ///   chain has that name; ``ContextError/leftTheTree(scope:key:context:)`` when only the
    ///   chain this context's screen left has it.
    @discardableResult
    public final func remove<Key: ContextKey>(_ key: Key.Type, in scope: String) throws(ContextError) -> Bool {
        erase(ObjectIdentifier(key), in: try context(named: scope, for: Key.name))
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
        var current: ScreenContext? = self
        while let context = current {
            for slot in context.sortedSlots where seen.insert(slot.key.id).inserted {
                keys.append(AnyContextKey(slot.key))
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
    public final func context(named name: String) throws(ContextError) -> ScreenContext {
        try context(named: name, for: "")
    }

    // MARK: - Internals

    final var sortedSlots: [Slot] {
        slots.values.sorted { AnyContextKey($0.key).name < AnyContextKey($1.key).name }
    }

    /// The box stored for `key` in the nearest context named `scope` (`nil` for none or an
    /// explicit nil), recorded in the current Observation tracking scope.
    @usableFromInline final func namedBox(_ key: KeySource, in scope: String) throws(ContextError) -> Unmanaged<AnyBox>?
    {
        if isObservationTracking() { trackNamedRead(key, in: scope) }
        let target = try context(named: scope, for: key.name, reading: true)
        // No `Optional.map` closure: in this main-actor method it would check the executor at run time.
        #if DEBUG
            lostWriteRead(key.id, in: target)
        #endif
        guard let box = target.slots[key.id]?.box else { return nil }
        return Unmanaged.passUnretained(box)
    }

    /// The nearest context named `scope` on the chain. A read (`reading`) whose chain ends at a
    /// root that left the tree goes on through the chain it left (``leftChain``), as an
    /// unscoped read does; a write, a removal or a lookup of the context finds it there too and
    /// throws ``ContextError/leftTheTree(scope:key:context:)``: what a screen that left writes
    /// stays in its own context.
    final func context(named scope: String, for subject: @autoclosure () -> String, reading: Bool = false)
        throws(ContextError) -> ScreenContext
    {
        var current: ScreenContext? = self
        var root = self
        while let context = current {
            if context.name == scope { return context }
            root = context
            current = context.parent
        }
        if let found = root.leftChainContext(named: scope) {
            if reading { return found }
            throw ContextError.leftTheTree(scope: scope, key: subject(), context: root.label)
        }
        throw misuse(
            ContextError.unknownScope(
                name: scope, key: subject(), searched: chainLabels, named: chainLabels(namedOnly: true)))
    }

    final func chainLabels(namedOnly: Bool) -> [String] {
        var names: [String] = []
        var current: ScreenContext? = self
        while let context = current {
            if let name = context.name, !names.contains(name) { names.append(name) }
            current = context.parent
        }
        return names
    }

    /// The box a chain read of `key` returns (`nil` for a missing key or an explicit nil), recorded
    /// in the current Observation tracking scope; not generic, so that the subscript can be
    /// inlined into its caller.
    ///
    /// A read whose cached entry has an Observation cell records its access to the cell and is
    /// done: one Observation call, which returns at once outside a tracking scope. Other reads
    /// ask whether a scope is recording first (``firstTrackedRead(_:key:)``). Roots read their own
    /// table, without the cache, until one of their reads is tracked.
    @usableFromInline final func trackedBox(_ key: KeySource) -> Unmanaged<AnyBox>? {
        trackedBox(key.id) { key }
    }

    /// ``trackedBox(_:)`` for a ``ContextValues`` member, which it holds unretained: entries are
    /// never freed, and a read that needs no cell then retains nothing.
    @usableFromInline final func trackedBox(entry: Unmanaged<EntryKey>) -> Unmanaged<AnyBox>? {
        trackedBox(entry.id) { .entry(entry.takeUnretainedValue()) }
    }

    /// The read of ``trackedBox(_:)``; `key` is asked for only when the read makes its cell.
    /// Always inlined, so that each entry point reads without a closure.
    @inline(__always)
    private final func trackedBox(_ id: ObjectIdentifier, _ key: () -> KeySource) -> Unmanaged<AnyBox>? {
        let result: ReadResult
        if parent != nil || !trackedReads.isEmpty, let cached = readCache[id] {
            if let cell = cached.cell {
                cell.recordAccess()
                result = cached.isValid ? cached.result : refreshedRead(id, cached)
            } else if isObservationTracking() {
                result = firstTrackedRead(id, key: key())
            } else {
                result = cached.isValid ? cached.result : refreshedRead(id, cached)
            }
        } else if isObservationTracking() {
            result = firstTrackedRead(id, key: key())
        } else {
            result = read(id)
        }
        if case .found(let box) = result { return box }
        return nil
    }

    /// Reads through the per-context cache. A root reads its own table; other contexts keep a
    /// cache of chain reads (``CachedRead``), so that a read costs the same at any depth once
    /// warm: a write of another key leaves it warm, a write that replaces the key's value in
    /// place costs one lookup in the remembered holder's table, and only a key added or removed
    /// somewhere, or a re-attach (which empties the cache), makes it walk the chain again.
    @inline(__always)
    final func read(_ id: ObjectIdentifier) -> ReadResult {
        guard parent != nil else {
            if let slot = slots[id] { return .found(slot.box.map(Unmanaged.passUnretained)) }
            if leftChain != nil { return readLeftChain(id) }
            return .missing
        }
        if let cached = readCache[id] {
            if cached.isValid { return cached.result }
            return refreshedRead(id, cached)
        }
        return readThrough(id, cell: nil)
    }

    /// The read of a root whose screen left the tree (``leftChain``): the first slot of `id` on
    /// the chain it left, walked from its former parent (through the chains that the roots on
    /// the way left in turn, at most 1,000 of them, so that contexts a program re-attached into
    /// a loop cannot make it endless). Never cached: the chain is held weakly, and only by this read.
    final func readLeftChain(_ id: ObjectIdentifier) -> ReadResult {
        guard let holder = leftChainHolder(of: id), let slot = holder.slots[id] else { return .missing }
        return .found(slot.box.map(Unmanaged.passUnretained))
    }

    /// The nearest context named `scope` on the chain this root left, and on the chains the
    /// roots on the way left in turn (at most 1,000 of them), if any.
    final func leftChainContext(named scope: String) -> ScreenContext? {
        firstOnLeftChains { $0.name == scope }
    }

    /// The context that ``readLeftChain(_:)`` reads `id` from, if any.
    final func leftChainHolder(of id: ObjectIdentifier) -> ScreenContext? {
        firstOnLeftChains { $0.slots[id] != nil }
    }

    /// The nearest context on the chain this root left, and on the chains the roots on the way
    /// left in turn (at most 1,000 of them), that `matches`.
    private final func firstOnLeftChains(where matches: (ScreenContext) -> Bool) -> ScreenContext? {
        var current = leftChain?.parent
        var chains = 1
        while let context = current {
            if matches(context) { return context }
            if let next = context.parent {
                current = next
            } else {
                guard chains < 1_000 else { return nil }
                chains += 1
                current = context.leftChain?.parent
            }
        }
        return nil
    }

    /// A stale cached read made current: while the key's shape is unchanged the holder is too,
    /// and its slot is read again; otherwise the chain is walked.
    final func refreshedRead(_ id: ObjectIdentifier, _ cached: CachedRead) -> ReadResult {
        let (stamp, shape) = (cached.key.value, cached.key.shape)
        guard shape == cached.shape else { return readThrough(id, cell: cached.cell) }
        var result = ReadResult.missing
        if let holder = cached.holder {
            // The holder is on this context's chain (a re-attach would have emptied the cache),
            // which holds it strongly. It still holds the key unless a shape change was missed;
            // then the chain is walked rather than trusting the cache.
            guard let slot = holder.takeUnretainedValue().slots[id] else { return readThrough(id, cell: cached.cell) }
            result = .found(slot.box.map(Unmanaged.passUnretained))
        }
        readCache[id] = CachedRead(
            result: result, stamp: stamp, shape: shape, holder: cached.holder, key: cached.key, cell: cached.cell)
        #if DEBUG
            lostWriteRead(id, in: cached.holder?.takeUnretainedValue())
        #endif
        return result
    }

    /// Walks the chain up to the first context that holds `id` or has a cached read of it whose
    /// holder is still current (the parent, usually: a new context on a stack reads in one
    /// step), and caches the result with its holder and the read's Observation `cell`, if any.
    final func readThrough(_ id: ObjectIdentifier, cell: Unmanaged<AnyObject>?) -> ReadResult {
        let key = KeyStamps.stamp(for: id)
        let (stamp, shape) = (key.value, key.shape)
        var result = ReadResult.missing
        var holder: ScreenContext?
        var current: ScreenContext? = self
        while let context = current {
            if let slot = context.slots[id] {
                result = .found(slot.box.map(Unmanaged.passUnretained))
                holder = context
                break
            }
            // An ancestor's cached holder is this context's holder too: the chain between them
            // holds no slot for `id` (just checked) and has not changed since (an attach would
            // have emptied that ancestor's cache), and no slot of `id` was added or removed
            // anywhere since the ancestor found it (the shape is unchanged).
            if context !== self, let cached = context.readCache[id], cached.shape == shape {
                let cachedHolder = cached.holder?.takeUnretainedValue()
                if cached.stamp == stamp {
                    (result, holder) = (cached.result, cachedHolder)
                    break
                }
                guard let cachedHolder else { break }  // still missing
                // Values were replaced since: the holder's slot has the current one. (It holds
                // the key unless a shape change was missed; then the walk goes on.)
                if let slot = cachedHolder.slots[id] {
                    (result, holder) = (.found(slot.box.map(Unmanaged.passUnretained)), cachedHolder)
                    break
                }
            }
            current = context.parent
            // The root of a screen that left the tree: what its former chain holds, uncached.
            if current == nil, context.leftChain != nil, case .found(let box) = context.readLeftChain(id) {
                return .found(box)
            }
        }
        readCache[id] = CachedRead(
            result: result, stamp: stamp, shape: shape, holder: holder.map(Unmanaged.passUnretained),
            key: Unmanaged.passUnretained(key), cell: cell)
        #if DEBUG
            lostWriteRead(id, in: holder)
        #endif
        return result
    }

    /// The nearest context on the chain, this one first, that holds `id`, through the read cache.
    final func valueHolder(of id: ObjectIdentifier) -> ScreenContext? {
        guard parent != nil else { return slots[id] != nil ? self : leftChainHolder(of: id) }
        guard case .found = read(id) else { return nil }
        if let cached = readCache[id], cached.isValid, let holder = cached.holder {
            return holder.takeUnretainedValue()
        }
        // Found on the chain a screen left, which reads do not cache.
        return root.leftChainHolder(of: id)
    }

    // The replaced or removed box is kept until the end: its value's `deinit` is user code, which
    // may read or write this very context, so it runs only once the slot table, the key's stamp
    // and every observer agree on the new value. Releasing it inside the table update would run
    // that code in the middle of a dictionary mutation.
    //
    // No closures here: a closure written in this main-actor method is main-actor isolated, and
    // passing it to `Optional.map` or `withExtendedLifetime` made each call check the executor at
    // run time (about 200 instructions each, two per write). ``keepAlive(_:)`` is nonisolated.
    //
    // A value replacing another in a box that only its slot holds goes into that box: no box is
    // allocated and none freed. The old value is swapped out (a move: nothing is released inside
    // the box) and released last, as above. A box held anywhere else (a dump's copy of the slots,
    // which calls user code through `description`) is left alone and a new one is made.
    @inlinable @inline(__always)
    final func store<Value>(_ value: Value?, for key: KeySource, in target: ScreenContext) {
        let id = key.id
        if let value, let (box, stamp) = target.soleBox(of: id) {
            let replaced = box.exchange(value)
            target.replacedInPlace(id, stamp: stamp)
            keepAlive(replaced)
            return
        }
        let box: AnyBox? = if let value { Box(value) } else { nil }
        store(box, for: key, in: target)
    }

    /// The box of this context's slot for `id` and the key's stamp, when the slot holds a box
    /// that nothing else references.
    @usableFromInline final func soleBox(of id: ObjectIdentifier) -> (Unmanaged<AnyBox>, Unmanaged<KeyStamp>)? {
        guard let index = slots.index(forKey: id), isKnownUniquelyReferenced(&slots.values[index].box) else {
            return nil
        }
        let slot = slots.values[index]
        guard let box = slot.box else { return nil }
        return (Unmanaged.passUnretained(box), slot.stamp)
    }

    /// Finishes a write whose value went into the slot's own box: the stamp's value moves on
    /// (holders are unchanged), then observers and Observation are told. Reads compare boxes by
    /// identity to tell a change, and this box is the same one, so the tracked reads of this
    /// slot and of the chain reads through it are fired as changed.
    @usableFromInline final func replacedInPlace(_ id: ObjectIdentifier, stamp: Unmanaged<KeyStamp>) {
        #if DEBUG
            lostWriteWatch?.wrote(id, name: self.slots[id]?.key.name ?? "")
        #endif
        stamp.advanceValue()
        if stamp.observers > 0 { notifyChange(id: id) }
        if stamp.isTracked { publishValueChange(of: id, from: (chain: .missing, slot: .missing)) }
    }

    /// Stores an already boxed value (`nil` for an explicit nil); not generic, so that
    /// ``set(_:for:)-(_,Key.Type)`` can be inlined into its caller.
    ///
    /// A key the target already holds is replaced in place, found with one hash: the slot keeps
    /// the key's stamp, and the nearest holder of every reader stays the same, so only the
    /// stamp's value moves on (cached reads then re-read their holder's slot). A new slot moves
    /// the shape on too (cached reads walk again).
    @usableFromInline final func store(_ box: AnyBox?, for key: KeySource, in target: ScreenContext) {
        let id = key.id
        #if DEBUG
            target.lostWriteWatch?.wrote(id, name: key.name)
        #endif
        var tracked: (chain: ReadIdentity, slot: ReadIdentity)?
        let replaced: AnyBox?
        let stamp: Unmanaged<KeyStamp>
        if let index = target.slots.index(forKey: id) {
            // The old slot is copied out, so that it holds the old box while the table lets go
            // of it: the box is not released inside the table update.
            let old = target.slots.values[index]
            // Reads only (no slot changes, no user code): `index` stays valid.
            if old.stamp.isTracked { tracked = target.observationState(of: id) }
            target.slots.values[index].box = box
            (replaced, stamp) = (old.box, old.stamp)
            stamp.advanceValue()
        } else {
            stamp = Unmanaged.passUnretained(KeyStamps.stamp(for: id))
            if stamp.isTracked { tracked = target.observationState(of: id) }
            target.slots[id] = Slot(key: key, box: box, stamp: stamp)
            replaced = nil
            stamp.advanceShape()
        }
        if stamp.observers > 0 { target.notifyChange(id: id) }
        if let tracked { target.publishValueChange(of: id, from: tracked) }
        keepAlive(replaced)
    }

    final func erase(_ id: ObjectIdentifier, in target: ScreenContext) -> Bool {
        let tracked = target.observationState(of: id)
        guard let removed = target.slots.removeValue(forKey: id) else { return false }
        #if DEBUG
            target.lostWriteWatch?.removed(id)
        #endif
        removed.stamp.advanceShape()
        if removed.stamp.observers > 0 { target.notifyChange(id: id) }
        if let tracked { target.publishValueChange(of: id, from: tracked) }
        keepAlive(removed)
        return true
    }
}
