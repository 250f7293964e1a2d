/// Uniqueness per lineage (DESIGN rules 9, 13 and 14): a provider, an action or a flag is unique
/// among a context, its ancestors and its descendants, as ProContext checks it; two siblings (two
/// tabs, each with its own form) may each hold one of the same name.
///
/// A registration does not walk the tree to check this: ancestors holding the name are found
/// through the caches of nearest holders (``CachedHolder``), and descendants among the contexts
/// that ``LineageIndex`` lists for the name, each checked by walking its own chain. Registering
/// a name that no other context holds costs the same in a tree of any size and at any depth; an
/// attach checks its subtree's names against the new chain through the same caches. When a live
/// holder is on the lineage (a misuse, about to throw), the exact walks below pick the one the
/// error names.

/// The contexts that may hold a provider, an action or a flag of each name: a superset of the
/// live holders. Contexts are held weakly; entries whose context is gone or no longer holds the
/// name are dropped when the name is next looked up.
@MainActor
enum LineageIndex {
    enum Kind {
        case provider
        case action
        case flag
        /// Not indexed: only for the caches of ``ScreenContext/nearestHolder(of:_:)``, which posts use
        /// to go from one ancestor with observers of an event to the next.
        case eventObserver
    }

    /// The contexts listed for one name, by identity, and the count at which dead entries (of
    /// freed contexts) are dropped next, so that adding costs O(1) amortized.
    @MainActor
    struct Holders {
        var entries: [ObjectIdentifier: WeakContext] = [:]
        var pruneAt = 32

        mutating func add(_ context: ScreenContext) {
            entries[ObjectIdentifier(context)] = WeakContext(context)
            if entries.count >= pruneAt {
                entries = entries.filter { $0.value.context != nil }
                pruneAt = max(32, 2 * entries.count)
            }
        }
    }

    static var providers: [ObjectIdentifier: Holders] = [:]
    static var actions: [ObjectIdentifier: Holders] = [:]
    static var flags: [ObjectIdentifier: Holders] = [:]

    /// Records that `context` holds `id`.
    static func add(_ context: ScreenContext, kind: Kind, id: ObjectIdentifier) {
        switch kind {
        case .provider: providers[id, default: Holders()].add(context)
        case .action: actions[id, default: Holders()].add(context)
        case .flag: flags[id, default: Holders()].add(context)
        case .eventObserver: break
        }
    }

    /// Records that `context` no longer holds `id`.
    static func remove(_ context: ScreenContext, kind: Kind, id: ObjectIdentifier) {
        func remove(from table: inout [ObjectIdentifier: Holders]) {
            guard table[id]?.entries.removeValue(forKey: ObjectIdentifier(context)) != nil else { return }
            if table[id]?.entries.isEmpty == true { table[id] = nil }
        }
        switch kind {
        case .provider: remove(from: &providers)
        case .action: remove(from: &actions)
        case .flag: remove(from: &flags)
        case .eventObserver: break
        }
    }

    /// Whether no context is listed for `id`: then none holds it, and nothing need be walked.
    static func isEmpty(kind: Kind, id: ObjectIdentifier) -> Bool {
        switch kind {
        case .provider: providers[id] == nil
        case .action: actions[id] == nil
        case .flag: flags[id] == nil
        case .eventObserver: true
        }
    }

    /// The contexts that hold `id` now (live or expired registrations), dropping the others.
    static func holders(kind: Kind, id: ObjectIdentifier) -> [ScreenContext] {
        func holders(in table: inout [ObjectIdentifier: Holders]) -> [ScreenContext] {
            guard let entries = table[id]?.entries else { return [] }
            var holders: [ScreenContext] = []
            var stale: [ObjectIdentifier] = []
            for (key, entry) in entries {
                if let context = entry.context, context.holds(id, kind) {
                    holders.append(context)
                } else {
                    stale.append(key)
                }
            }
            for key in stale { table[id]?.entries.removeValue(forKey: key) }
            if table[id]?.entries.isEmpty == true { table[id] = nil }
            return holders
        }
        switch kind {
        case .provider: return holders(in: &providers)
        case .action: return holders(in: &actions)
        case .flag: return holders(in: &flags)
        case .eventObserver: return []
        }
    }

    /// The number of contexts listed for `id`, held or not; for tests.
    static func entryCount(kind: Kind, id: ObjectIdentifier) -> Int {
        switch kind {
        case .provider: providers[id]?.entries.count ?? 0
        case .action: actions[id]?.entries.count ?? 0
        case .flag: flags[id]?.entries.count ?? 0
        case .eventObserver: 0
        }
    }
}

extension ScreenContext {
    /// Whether this context's table of `kind` has an entry for `id`, live or expired.
    final func holds(_ id: ObjectIdentifier, _ kind: LineageIndex.Kind) -> Bool {
        switch kind {
        case .provider: providers[id] != nil
        case .action: actions[id] != nil
        case .flag: flags[id] != nil
        case .eventObserver: eventObservers[id] != nil
        }
    }

    /// Whether this context holds a live registration `id` of `kind` (a flag is always live).
    final func holdsLive(_ id: ObjectIdentifier, _ kind: LineageIndex.Kind) -> Bool {
        switch kind {
        case .provider: providers[id]?.isLive ?? false
        case .action: actions[id]?.isLive ?? false
        case .flag: flags[id] != nil
        case .eventObserver: eventObservers[id] != nil
        }
    }

    /// Whether this context is `other` or one of its ancestors: walks `other`'s chain.
    final func isAncestorOrSelf(of other: ScreenContext) -> Bool {
        var current: ScreenContext? = other
        while let context = current {
            if context === self { return true }
            current = context.parent
        }
        return false
    }

    /// The contexts on this context's lineage that hold `id` (live or expired): its ancestors
    /// that do, nearest first, found through the caches of nearest holders; this context; then,
    /// if it has children, its descendants among the indexed holders, each checked by walking its
    /// own chain (or, when many contexts hold the name, by walking this subtree). When no context
    /// holds the name, the common case, nothing is walked; a leaf (a list row, a new screen) never
    /// looks at the other holders.
    final func indexedHoldersOnLineage(of id: ObjectIdentifier, _ kind: LineageIndex.Kind) -> [ScreenContext] {
        if LineageIndex.isEmpty(kind: kind, id: id) { return [] }
        var result: [ScreenContext] = []
        var current = parent?.nearestHolder(of: id, kind)
        while let holder = current {
            result.append(holder)
            current = holder.parent?.nearestHolder(of: id, kind)
        }
        if holds(id, kind) { result.append(self) }
        guard weakChildren.contains(where: { $0.context != nil }) else { return result }
        let holders = LineageIndex.holders(kind: kind, id: id)
        if holders.count > 32 {
            walkSubtree { context in
                if context !== self, context.holds(id, kind) { result.append(context) }
                return true
            }
        } else {
            for holder in holders where holder !== self && isAncestorOrSelf(of: holder) { result.append(holder) }
        }
        return result
    }

    /// Records a change of this context's table of `kind` for `id`: advances the name's stamp
    /// (cached holders are stale) and drops this context from the index if it no longer holds it.
    final func tableChanged(_ id: ObjectIdentifier, _ kind: LineageIndex.Kind) {
        KeyStamps.advance(id)
        if !holds(id, kind) { LineageIndex.remove(self, kind: kind, id: id) }
    }
}

extension ScreenContext {
    /// The context on this lineage that holds a live registration `id` in `table`, or `nil`.
    /// Expired registrations met on the way are removed, so that they are replaced silently; the
    /// contexts they were removed from are appended to `removed`, and the records to `dropped`,
    /// which the caller releases once its own registration is in place: a `deinit` of what their
    /// closures captured may register again, and must find it.
    ///
    /// The check runs the expiries it meets (user code), which may register `id` on this lineage
    /// meanwhile, even on this context: the name's stamp then moves on, and the lineage is
    /// checked again, so that the caller neither misses that registration nor replaces it
    /// (replacing it would release it inside the table update, before the stamp tells the
    /// caches). Removing expired registrations moves the stamp too; the next check then runs no
    /// user code, as the registrations it meets are the live one it stops at or ended ones.
    final func liveHolderOnLineage<Record: RegistrationRecord>(
        of id: ObjectIdentifier, in table: ReferenceWritableKeyPath<ScreenContext, [ObjectIdentifier: Record]>,
        removingExpiredInto removed: inout [ScreenContext], releasingLater dropped: inout [Record]
    ) -> ScreenContext? {
        let stamp = KeyStamps.stamp(for: id)
        while true {
            let before = stamp.value
            let holder = liveHolderOnLineageOnce(
                of: id, in: table, removingExpiredInto: &removed, releasingLater: &dropped)
            if holder != nil || stamp.value == before { return holder }
        }
    }

    /// One pass of ``liveHolderOnLineage(of:in:removingExpiredInto:releasingLater:)``.
    private final func liveHolderOnLineageOnce<Record: RegistrationRecord>(
        of id: ObjectIdentifier, in table: ReferenceWritableKeyPath<ScreenContext, [ObjectIdentifier: Record]>,
        removingExpiredInto removed: inout [ScreenContext], releasingLater dropped: inout [Record]
    ) -> ScreenContext? {
        let kind: LineageIndex.Kind = Record.self == ProviderRecord.self ? .provider : .action
        let indexed = indexedHoldersOnLineage(of: id, kind)
        if indexed.isEmpty { return nil }
        // Only expired registrations on the lineage: removed without walking, as the walk below
        // would remove them.
        if !indexed.contains(where: { $0.holdsLive(id, kind) }) {
            for context in indexed {
                if let record = context[keyPath: table][id], !record.isLive {
                    context[keyPath: table][id] = nil
                    context.tableChanged(id, kind)
                    dropped.append(record)  // released by the caller, after its own update
                    removed.append(context)
                }
            }
            return nil
        }
        return exactLiveHolderOnLineage(of: id, in: table, removingExpiredInto: &removed, releasingLater: &dropped)
    }

    /// ``liveHolderOnLineage(of:in:removingExpiredInto:releasingLater:)`` by walking the chain and
    /// the subtree: the holder nearest on the chain, else the first in the subtree, depth first.
    final func exactLiveHolderOnLineage<Record: RegistrationRecord>(
        of id: ObjectIdentifier, in table: ReferenceWritableKeyPath<ScreenContext, [ObjectIdentifier: Record]>,
        removingExpiredInto removed: inout [ScreenContext], releasingLater dropped: inout [Record]
    ) -> ScreenContext? {
        var expired: [ScreenContext] = []
        var expiredRecords: [Record] = []
        defer {
            removed += expired
            dropped += expiredRecords
        }
        func holds(_ context: ScreenContext) -> Bool {
            guard let record = context[keyPath: table][id] else { return false }
            if record.isLive { return true }
            if context[keyPath: table][id] === record {
                _ = context[keyPath: table].removeValue(forKey: id)
                context.tableChanged(id, Record.self == ProviderRecord.self ? .provider : .action)
                expiredRecords.append(record)
                expired.append(context)
            }
            return false
        }
        var current = parent
        while let context = current {
            if holds(context) { return context }
            current = context.parent
        }
        var found: ScreenContext?
        walkSubtree { context in
            if found == nil, holds(context) { found = context }
            return found == nil
        }
        return found
    }

    /// The context on this lineage that holds a live registration `id` in `table`, or `nil`,
    /// removing expired registrations met on the way into `dropped`, for the caller to release
    /// once its own registration is in place.
    final func liveHolderOnLineage<Record: RegistrationRecord>(
        of id: ObjectIdentifier, in table: ReferenceWritableKeyPath<ScreenContext, [ObjectIdentifier: Record]>,
        releasingLater dropped: inout [Record]
    ) -> ScreenContext? {
        var removed: [ScreenContext] = []
        return liveHolderOnLineage(of: id, in: table, removingExpiredInto: &removed, releasingLater: &dropped)
    }

    /// The context on this lineage on which flag `id` is set, or `nil`.
    final func flagHolderOnLineage(of id: ObjectIdentifier) -> ScreenContext? {
        if indexedHoldersOnLineage(of: id, .flag).isEmpty { return nil }
        var current = parent
        while let context = current {
            if context.flags[id] != nil { return context }
            current = context.parent
        }
        var found: ScreenContext?
        walkSubtree { context in
            if found == nil, context.flags[id] != nil { found = context }
            return found == nil
        }
        return found
    }

    /// Checks that layering this subtree under `newParent` keeps providers, actions and flags
    /// unique per lineage: nothing registered in the subtree may also be registered on
    /// `newParent`'s chain. Siblings under `newParent` are not on the new lineages, so they are
    /// not looked at.
    final func checkLineages(under newParent: ScreenContext) throws(ContextError) {
        // Most attached subtrees (a new screen's context) register nothing unique: then there is
        // nothing to compare, and the chain is not collected.
        var registersAnything = false
        walkSubtree { context in
            if !context.providers.isEmpty || !context.actions.isEmpty || !context.flags.isEmpty {
                registersAnything = true
            }
            return !registersAnything
        }
        guard registersAnything else { return }
        guard sharesAnyIndexedName(with: newParent) else { return }
        var chainProviders: [ObjectIdentifier: ScreenContext] = [:]
        var chainActions: [ObjectIdentifier: ScreenContext] = [:]
        var chainFlags: [ObjectIdentifier: ScreenContext] = [:]
        var current: ScreenContext? = newParent
        while let context = current {
            for (id, record) in context.providers where chainProviders[id] == nil && record.isLive {
                chainProviders[id] = context
            }
            for (id, record) in context.actions where chainActions[id] == nil && record.isLive {
                chainActions[id] = context
            }
            for id in context.flags.keys where chainFlags[id] == nil { chainFlags[id] = context }
            current = context.parent
        }
        if chainProviders.isEmpty && chainActions.isEmpty && chainFlags.isEmpty { return }
        try walkSubtree { context throws(ContextError) in
            for (id, record) in context.providers where record.isLive {
                if let other = chainProviders[id] {
                    throw misuse(
                        ContextError.providerAlreadyRegistered(key: record.name, registeredIn: other.pathDescription))
                }
            }
            for (id, record) in context.actions where record.isLive {
                if let other = chainActions[id] {
                    throw misuse(
                        ContextError.actionAlreadyRegistered(action: record.name, registeredIn: other.pathDescription))
                }
            }
            for (id, flag) in context.flags {
                if let other = chainFlags[id] {
                    throw misuse(ContextError.flagAlreadySet(flag: flag.name, setIn: other.pathDescription))
                }
            }
            return true
        }
    }
}

extension ScreenContext {
    /// Whether a live provider, action or flag registered in this subtree is also held live by a
    /// context on `newParent`'s chain. Walks this subtree; on the chain, goes from one holder of
    /// each name to the next through the caches of nearest holders.
    final func sharesAnyIndexedName(with newParent: ScreenContext) -> Bool {
        var names: [(ObjectIdentifier, LineageIndex.Kind)] = []
        walkSubtree { context in
            for (id, record) in context.providers where record.isLive { names.append((id, .provider)) }
            for (id, record) in context.actions where record.isLive { names.append((id, .action)) }
            for id in context.flags.keys { names.append((id, .flag)) }
            return true
        }
        for (id, kind) in names {
            // From one holder on the chain to the next, through the caches: not through every
            // context of a deep chain.
            var current = newParent.nearestHolder(of: id, kind)
            while let holder = current {
                if holder.holdsLive(id, kind) { return true }
                current = holder.parent?.nearestHolder(of: id, kind)
            }
        }
        return false
    }
}

/// The nearest context on a chain that holds a provider, an action or a flag of one name, as
/// cached by a context, with its record of the name (a provider or an action): valid while the
/// name's ``KeyStamp`` is unchanged (every change of a provider, action or flag table advances it,
/// before the replaced record is released) and the context's chain has not been re-attached
/// (which empties the cache).
///
/// The holder and the record are unretained: the holder is on the caching context's chain, which
/// holds it strongly, and its table holds the record; neither can change without advancing the
/// stamp or emptying the cache. So for providers, actions and flags a valid entry is exact: a
/// lookup trusts it without checking the holder's table. Observers of events are cached here too,
/// but removing one does not advance the stamp, so their holder is checked (``nearestHolder(of:_:)``).
///
/// A lookup that runs user code (a condition, an expiry, the provider's or action's closure)
/// retains what it uses after it: the record before the first call, and the holder too when it
/// needs it afterwards (for an error's path), since that code may end the registration or re-attach
/// the chain and free them.
struct CachedHolder {
    let holder: Unmanaged<ScreenContext>?
    /// The holder's provider or action of the name; `nil` for flags and event observers.
    let record: Unmanaged<RegistrationRecord>?
    let stamp: UInt64
    let key: Unmanaged<KeyStamp>

    @inline(__always) var isValid: Bool { key._withUnsafeGuaranteedRef { $0.value } == stamp }
}

extension ScreenContext {
    /// The nearest context on the chain, this one first, whose table of `kind` has an entry for
    /// `id` (live or expired), through the cache: O(1) once warm, at any depth. A valid entry is
    /// exact for providers, actions and flags; for event observers, whose removal does not
    /// advance the stamp, the holder's table is checked.
    @inline(__always)
    final func nearestHolder(of id: ObjectIdentifier, _ kind: LineageIndex.Kind) -> ScreenContext? {
        guard parent != nil else { return holds(id, kind) ? self : nil }
        if let cached = cachedHolder(of: id, kind), cached.isValid {
            guard let holder = cached.holder?.takeUnretainedValue() else { return nil }
            if kind != .eventObserver || holder.holds(id, kind) { return holder }
        }
        return nearestHolderThrough(id, kind).holder?.takeUnretainedValue()
    }

    /// The cached nearest holder of provider, action or flag `id`, walking the chain only when the
    /// cache is cold or stale. No check of the holder's table: the stamp guarantees it (see
    /// ``CachedHolder``). Touches nothing retained, and runs no user code.
    @inline(__always)
    final func holderEntry(of id: ObjectIdentifier, _ kind: LineageIndex.Kind) -> CachedHolder {
        if let cached = cachedHolder(of: id, kind), cached.isValid { return cached }
        return nearestHolderThrough(id, kind)
    }

    /// The provider or action registration `id` that a request or an action call uses, and its
    /// owner, both retained: the nearest on the chain, live and with its condition met. Otherwise
    /// it throws the error `request(_:)` or `execute(_:with:)` reports.
    ///
    /// The nearest record comes from the cache (``CachedHolder``), unretained; it is retained
    /// before any user code runs (its expiry, its condition, then its closure), as that code may
    /// end the registration. Its holder is needed after user code only for an error's path, and
    /// is retained only then.
    ///
    /// - Parameters:
    ///   - kind: `.provider` or `.action`.
    ///   - recordType: The records of that kind's table: ``ProviderRecord`` or ``ActionRecord``.
    ///   - name: The key's or action's name, made only for an error.
    ///   - missingIsMisuse: Whether no registration on the chain is a misuse (a request, an action
    ///     call) or an answer (``ScreenContext/requestResult(_:)-(Key.Type)``).
    @inline(__always)
    final func liveRegistration<Record: RegistrationRecord>(
        of id: ObjectIdentifier, _ kind: LineageIndex.Kind, as recordType: Record.Type,
        named name: @autoclosure () -> String, missingIsMisuse: Bool = true
    ) throws(ContextError) -> (Record, AnyObject) {
        let entry = holderEntry(of: id, kind)
        guard let cached = entry.record, let unretainedHolder = entry.holder else {
            let error = lookupError(kind, .missing, id, name: name(), in: self)
            throw missingIsMisuse ? misuse(error) : error
        }
        let record = unsafeDowncast(cached.takeUnretainedValue(), to: Record.self)
        if record.expiry == nil && record.condition == nil {
            // No user code has run since the entry was read: the unretained holder is still valid.
            guard !record.isCancelled, let owner = record.owner else {
                throw expired(record, in: unretainedHolder.takeUnretainedValue(), id, kind, name())
            }
            return (record, owner)
        }
        // The expiry and the condition are user code: the holder is retained across them.
        let holder = unretainedHolder.takeUnretainedValue()
        guard record.isLive, let owner = record.owner else {
            throw expired(record, in: holder, id, kind, name())
        }
        if let condition = record.condition, !condition.isMet() {
            throw lookupError(kind, .unavailable, id, name: name(), in: holder)
        }
        return (record, owner)
    }

    /// Removes an expired registration from `holder`, unless user code (its expiry) already
    /// removed or replaced it, and returns the error a request or an action call reports.
    private final func expired(
        _ record: RegistrationRecord, in holder: ScreenContext, _ id: ObjectIdentifier, _ kind: LineageIndex.Kind,
        _ name: String
    ) -> ContextError {
        // Not through a key path to the table: making one costs more than the rest of a request.
        let removed: RegistrationRecord? =
            switch kind {
            case .provider: holder.providers[id] === record ? holder.providers.removeValue(forKey: id) : nil
            default: holder.actions[id] === record ? holder.actions.removeValue(forKey: id) : nil
            }
        if removed != nil { holder.tableChanged(id, kind) }
        keepAlive(removed)  // released after the update
        // A runtime state, not a misuse: it throws and never traps, so `try?` is safe.
        return lookupError(kind, .expired, id, name: name, in: holder)
    }

    private enum LookupFailure {
        case missing
        case expired
        case unavailable
    }

    /// The error a request (`kind` `.provider`) or an action call (`.action`) reports: `missing`
    /// searched from `context`, the others name `context` as the registration's place.
    private final func lookupError(
        _ kind: LineageIndex.Kind, _ failure: LookupFailure, _ id: ObjectIdentifier, name: String,
        in context: ScreenContext
    ) -> ContextError {
        let offChain: (holders: [String], commonAncestor: String?) =
            failure == .missing ? holdersOffChain(of: id, kind) : ([], nil)
        return switch (kind, failure) {
        case (.provider, .missing):
            .providerMissing(
                key: name, searched: searchedLabels, available: providerNamesOnChain,
                offChain: offChain.holders, commonAncestor: offChain.commonAncestor)
        case (.provider, .expired): .providerExpired(key: name, registeredIn: context.pathDescription)
        case (.provider, .unavailable): .providerUnavailable(key: name, registeredIn: context.pathDescription)
        case (_, .missing):
            .actionMissing(
                action: name, searched: searchedLabels, available: actionNamesOnChain, offChain: offChain.holders,
                commonAncestor: offChain.commonAncestor)
        case (_, .expired): .actionExpired(action: name, registeredIn: context.pathDescription)
        case (_, .unavailable): .actionUnavailable(action: name, registeredIn: context.pathDescription)
        }
    }

    /// The contexts of this context's tree, off its chain, that hold a registration `id`
    /// (`kind` `.provider` or `.action`) that has not ended, by label; and the nearest context on
    /// the chain above all of them: what a missing provider's or action's message names (a sibling
    /// tab, another branch, a screen below). Only on that error path. Nothing is walked when no
    /// context holds the name; otherwise each holder's chain up to this one. No user code runs
    /// (an expiry is not asked).
    final func holdersOffChain(
        of id: ObjectIdentifier, _ kind: LineageIndex.Kind
    ) -> (holders: [String], commonAncestor: String?) {
        guard !LineageIndex.isEmpty(kind: kind, id: id) else { return ([], nil) }
        var chain: [ObjectIdentifier: Int] = [:]
        var current: ScreenContext? = self
        while let context = current {
            chain[ObjectIdentifier(context)] = chain.count
            current = context.parent
        }
        var holders: [String] = []
        var commonIndex = -1
        for holder in LineageIndex.holders(kind: kind, id: id) where chain[ObjectIdentifier(holder)] == nil {
            let hasNotEnded = kind == .provider ? holder.providers[id]?.hasNotEnded : holder.actions[id]?.hasNotEnded
            guard hasNotEnded == true else { continue }
            var above = holder.parent
            while let context = above, chain[ObjectIdentifier(context)] == nil { above = context.parent }
            // Another tree (another window, a context that left): not reachable from anywhere here.
            guard let meeting = above.flatMap({ chain[ObjectIdentifier($0)] }) else { continue }
            holders.append(holder.label)
            commonIndex = max(commonIndex, meeting)
        }
        guard !holders.isEmpty else { return ([], nil) }
        var ancestor: ScreenContext = self
        for _ in 0..<commonIndex { ancestor = ancestor.parent ?? ancestor }
        return (holders.sorted(), ancestor.label)
    }

    @inline(__always)
    final func cachedHolder(of id: ObjectIdentifier, _ kind: LineageIndex.Kind) -> CachedHolder? {
        switch kind {
        case .provider: providerHolders[id]
        case .action: actionHolders[id]
        case .flag: flagHolders[id]
        case .eventObserver: observerHolders[id]
        }
    }

    /// Walks the chain up to the first context that holds `id` or has a valid cached holder of
    /// it, and caches the result.
    final func nearestHolderThrough(_ id: ObjectIdentifier, _ kind: LineageIndex.Kind) -> CachedHolder {
        let key = KeyStamps.stamp(for: id)
        let stamp = key.value
        var found: ScreenContext?
        var record: Unmanaged<RegistrationRecord>?
        var current: ScreenContext? = self
        while let context = current {
            if context.holds(id, kind) {
                found = context
                record = context.record(of: id, kind)
                break
            }
            if context !== self, let cached = context.cachedHolder(of: id, kind), cached.stamp == stamp,
                let holder = cached.holder?.takeUnretainedValue(), holder.holds(id, kind)
            {
                found = holder
                record = holder.record(of: id, kind)
                break
            }
            current = context.parent
        }
        var holder: Unmanaged<ScreenContext>?
        if let found { holder = Unmanaged.passUnretained(found) }
        let entry = CachedHolder(
            holder: holder, record: record, stamp: stamp,
            key: Unmanaged.passUnretained(key))
        switch kind {
        case .provider: providerHolders[id] = entry
        case .action: actionHolders[id] = entry
        case .flag: flagHolders[id] = entry
        case .eventObserver: observerHolders[id] = entry
        }
        return entry
    }

    /// This context's provider or action record of `id`, unretained; `nil` for other kinds.
    private final func record(of id: ObjectIdentifier, _ kind: LineageIndex.Kind) -> Unmanaged<RegistrationRecord>? {
        let record: RegistrationRecord? =
            switch kind {
            case .provider: providers[id]
            case .action: actions[id]
            case .flag, .eventObserver: nil
            }
        guard let record else { return nil }
        return Unmanaged.passUnretained(record)
    }
}
