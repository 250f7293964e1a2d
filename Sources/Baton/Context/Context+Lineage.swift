/// Uniqueness per lineage (DESIGN rules 9, 13 and 14): a provider, an action or a flag is unique
/// among a context, its ancestors and its descendants, as ProContext checks it; two siblings (two
/// tabs, each with its own form) may each hold one of the same name.
///
/// The checks walk the chain to the root and the context's own subtree, never the rest of the
/// tree, so they cost no more than the whole-tree walks they replace.
extension Context {
    /// The context on this lineage that holds a live registration `id` in `table`, or `nil`.
    /// Expired registrations met on the way are removed, so that they are replaced silently; the
    /// contexts they were removed from are appended to `removed`, and the records to `dropped`,
    /// which the caller releases once its own registration is in place: a `deinit` of what their
    /// closures captured may register again, and must find it.
    final func liveHolderOnLineage<Record: RegistrationRecord>(
        of id: ObjectIdentifier, in table: ReferenceWritableKeyPath<Context, [ObjectIdentifier: Record]>,
        removingExpiredInto removed: inout [Context], releasingLater dropped: inout [Record]
    ) -> Context? {
        var expired: [Context] = []
        var expiredRecords: [Record] = []
        defer {
            removed += expired
            dropped += expiredRecords
        }
        func holds(_ context: Context) -> Bool {
            guard let record = context[keyPath: table][id] else { return false }
            if record.isLive { return true }
            if context[keyPath: table][id] === record {
                _ = context[keyPath: table].removeValue(forKey: id)
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
        var found: Context?
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
        of id: ObjectIdentifier, in table: ReferenceWritableKeyPath<Context, [ObjectIdentifier: Record]>,
        releasingLater dropped: inout [Record]
    ) -> Context? {
        var removed: [Context] = []
        return liveHolderOnLineage(of: id, in: table, removingExpiredInto: &removed, releasingLater: &dropped)
    }

    /// The context on this lineage on which flag `id` is set, or `nil`.
    final func flagHolderOnLineage(of id: ObjectIdentifier) -> Context? {
        var current = parent
        while let context = current {
            if context.flags[id] != nil { return context }
            current = context.parent
        }
        var found: Context?
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
    final func checkLineages(under newParent: Context) throws(ContextError) {
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
        var chainProviders: [ObjectIdentifier: Context] = [:]
        var chainActions: [ObjectIdentifier: Context] = [:]
        var chainFlags: [ObjectIdentifier: Context] = [:]
        var current: Context? = newParent
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
            for (id, name) in context.flags {
                if let other = chainFlags[id] {
                    throw misuse(ContextError.flagAlreadySet(flag: name, setIn: other.pathDescription))
                }
            }
            return true
        }
    }
}
