/// A node in a tree of layered, typed key/value scopes that screens pass to each other.
///
/// A context has an optional ``name``, a ``parent`` (ControllerContext's *inner context*,
/// ProContext's *supercontext*) that it holds strongly, and children that it holds weakly.
/// Values set on a context shadow the same key further in; reads walk from the context towards
/// the root and return the first match.
///
/// ```swift
/// extension ContextValues {
///     var userID: ContextEntry<String?> { .init() }
///     var color: ContextEntry<String?> { .init() }
/// }
///
/// let app = ScreenContext(name: "app")
/// app.set("12345", for: \.userID)
///
/// let form = ScreenContext(parent: app)          // form → app, like an onion
/// form.set("Blue", for: \.color)
///
/// form[\.userID]                        // "12345", found in app
/// form[\.color]                         // "Blue"
/// ```
///
/// Besides values a context carries providers (lazily computed values), events, flags and
/// actions; see <doc:GettingStarted>. Subclass it to make a feature context with its own
/// actions and state, as ProContext's `AssignmentWeightsContext` does:
///
/// ```swift
/// final class AssignmentWeightsContext: ScreenContext {
///     var showsTotalField = true
///     init() throws(ContextError) {
///         super.init(name: "assignment-weights")
///         try register(SwapWeightInputs.self, owner: self) { owner, _ in owner.showsTotalField.toggle() }
///     }
/// }
/// ```
///
/// Contexts are UI state and live on the main actor. Stored values need not be `Sendable`.
@MainActor
open class ScreenContext {
    /// The context's name, used by named scopes (`in: "app"`), dumps and error messages.
    ///
    /// ```swift
    /// ScreenContext(name: "app").name   // "app"
    /// ```
    public final internal(set) var name: String? {
        didSet { publishRename() }
    }

    /// The next context towards the root, held strongly; `nil` for a root.
    ///
    /// ```swift
    /// let form = ScreenContext(parent: app)
    /// form.parent === app   // true
    /// ```
    @exclusivity(unchecked) public final private(set) var parent: ScreenContext?

    /// Set on the context of a screen that left the screen tree: the chain it read from when it
    /// left, which its reads of values fall back to (``readLeftChain(_:)``); `nil` otherwise,
    /// and again once the context is attached anywhere.
    final var leftChain: LeftChain?

    /// Children in attach order. A detached child leaves an empty entry, and entries of freed
    /// children empty themselves; ``adopt(_:)`` compacts the array when it has doubled since the
    /// last compaction, so that adding or removing a child costs O(1) amortized at any count.
    final var weakChildren: [WeakContext] = []
    /// This context's index in its parent's `weakChildren`, kept by the parent's compactions.
    final var indexInParent = 0
    /// The count of `weakChildren` at which ``adopt(_:)`` compacts next.
    final var childCompactionThreshold = 16
    // `parent`, `slots` and `readCache` are the read path's state. They skip
    // the run-time exclusivity checks that would cost two calls per read, which is sound only
    // because no user code can run during an access to them:
    // - they are main-actor isolated, so no other thread accesses them;
    // - reads copy out a box pointer or an integer and call nothing;
    // - writes never release a user-visible object inside the access: `store` takes a reference
    //   to the old box before replacing it in place, `erase`/`moveValue` take the old slot out
    //   with `removeValue`/`updateValue`, and all drop it after the update; `attach` keeps the
    //   old parent in a local until the chain is settled; and `readCache` holds boxes and
    //   holders unretained (see ``CachedRead``), so clearing it releases nothing.
    // `ReentrancyCrashTests` runs a value `deinit`, a parent `deinit` and a condition that call
    // back into the context during each of these writes.
    @exclusivity(unchecked) final var slots: [ObjectIdentifier: Slot] = [:]
    @exclusivity(unchecked) final var readCache = ReadCache()
    // The same for the nearest holders of providers, actions and flags (``CachedHolder``).
    @exclusivity(unchecked) final var providerHolders: [ObjectIdentifier: CachedHolder] = [:]
    @exclusivity(unchecked) final var actionHolders: [ObjectIdentifier: CachedHolder] = [:]
    @exclusivity(unchecked) final var flagHolders: [ObjectIdentifier: CachedHolder] = [:]
    @exclusivity(unchecked) final var observerHolders: [ObjectIdentifier: CachedHolder] = [:]
    final var providers: [ObjectIdentifier: ProviderRecord] = [:]
    final var keyObservers: [ObjectIdentifier: [RegistrationRecord]] = [:]
    final var eventObservers: [ObjectIdentifier: [RegistrationRecord]] = [:]
    /// The flags set on this context; names are made only for messages and dumps.
    final var flags: [ObjectIdentifier: any ContextFlag.Type] = [:]
    final var actions: [ObjectIdentifier: ActionRecord] = [:]
    /// The Observation cells of the reads made through this context inside tracking scopes.
    /// Only ``trackRead(_:)`` adds to it, and removes nothing: a cell is a key path Baton made,
    /// so no access releases a user object or calls user code, and reads (every read of a root
    /// checks whether it is empty) skip the run-time exclusivity check.
    @exclusivity(unchecked) final var trackedReads: [TrackedRead: AnyObject] = [:]
    #if DEBUG
        /// Debug builds: the watch for values written here that die unseen (``LostWrite``).
        final var lostWriteWatch: LostWriteWatch?
    #endif

    /// Makes a context, optionally named and optionally layered over a parent.
    ///
    /// A subclass of `ScreenContext` (a feature context) without a name is named after its type, as
    /// ProContext's `createSubcontext(ofType:)` names it: `AssignmentWeightsContext().name` is
    /// `"AssignmentWeightsContext"`.
    ///
    /// ```swift
    /// let app = ScreenContext(name: "app")
    /// let screen = ScreenContext(parent: app)
    /// ```
    ///
    /// - Parameters:
    ///   - name: A name for named scopes, dumps and messages.
    ///   - parent: The inner context that reads fall through to.
    public init(name: String? = nil, parent: ScreenContext? = nil) {
        self.name = name
        self.parent = parent
        // A feature context (a subclass) is named after its type unless given a name, as
        // ProContext's createSubcontext(ofType:) names it.
        if name == nil, type(of: self) != ScreenContext.self { self.name = TypeNames.name(of: type(of: self)) }
        parent?.adopt(self)
        MainActorCheck.install()
    }

    /// Ends the async sequences of ``changes(of:buffering:)->AsyncStream<Key.Value?>`` and ``events(_:buffering:)`` that this context feeds,
    /// and uncounts the keys its observers watched.
    deinit {
        #if DEBUG
            if let watch = lostWriteWatch {
                if MainActorCheck.isCurrent, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
                    MainActor.assumeIsolated { watch.report() }
                } else {
                    Task { @MainActor in watch.report() }
                }
            }
        #endif
        for list in keyObservers.values { for record in list { record.finish?() } }
        for list in eventObservers.values { for record in list { record.finish?() } }
        guard !keyObservers.isEmpty else { return }
        // Without this, a key once observed by a freed context would make every later write of
        // it walk the writer's whole subtree.
        let counts = keyObservers.map { ($0.key, $0.value.count) }
        // `assumeIsolated` exists from iOS 17 / macOS 14; before that the task does the same later.
        if MainActorCheck.isCurrent, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
            MainActor.assumeIsolated { ObservedKeys.uncount(counts) }
        } else {
            Task { @MainActor in ObservedKeys.uncount(counts) }
        }
    }

    /// The live child contexts, in the order they were attached. Children are held weakly.
    ///
    /// ```swift
    /// let child = ScreenContext(parent: app)
    /// app.children.count   // 1
    /// ```
    public final var children: [ScreenContext] {
        weakChildren.compactMap(\.context)
    }

    /// The number of contexts between this one and the root: 0 for a root.
    ///
    /// ```swift
    /// ScreenContext(parent: ScreenContext()).level   // 1
    /// ```
    public final var level: Int {
        var level = 0
        var current = parent
        while let context = current {
            level += 1
            current = context.parent
        }
        return level
    }

    /// The root of this context's tree.
    ///
    /// ```swift
    /// form.root === app   // true
    /// ```
    public final var root: ScreenContext {
        var current = self
        while let next = current.parent { current = next }
        return current
    }

    /// Moves this context under a new parent (or makes it a root with `nil`).
    ///
    /// The Screens layer calls this when a transition wires a destination to its source.
    /// Reads see the new chain at once.
    ///
    /// ```swift
    /// let detail = ScreenContext(name: "detail")
    /// try detail.attach(to: app)
    /// ```
    ///
    /// - Parameter newParent: The context to layer over, or `nil` to detach.
    /// - Throws: ``ContextError/cycle(context:parent:)`` when `newParent` is this context or one of
    ///   its descendants, or ``ContextError/providerAlreadyRegistered(key:registeredIn:)`` /
    ///   ``ContextError/actionAlreadyRegistered(action:registeredIn:)`` /
    ///   ``ContextError/flagAlreadySet(flag:setIn:)`` when the subtree would share a lineage with
    ///   another live provider, action or flag of the same name on `newParent`'s chain (siblings
    ///   may hold the same names). Nothing changes when it throws.
    public final func attach(to newParent: ScreenContext?) throws(ContextError) {
        if newParent === parent { return }
        // Attached again: it reads its new chain, not the one a screen left.
        if leftChain != nil { leftChain = nil }
        if let newParent {
            // Only this context or one of its descendants can close a cycle: without children,
            // only itself, so that attaching a new screen's context costs the same at any depth.
            let hasChildren = weakChildren.contains { $0.context != nil }
            var current: ScreenContext? = hasChildren ? newParent : nil
            if newParent === self { current = self }
            while let context = current {
                if context === self {
                    throw misuse(ContextError.cycle(context: label, parent: newParent.label))
                }
                current = context.parent
            }
            // Names are unique per lineage: the subtree's registrations against the new chain.
            try checkLineages(under: newParent)
        }
        // The old parent may be held only by this context: it is released last, once the chain
        // and the generation are settled, because its `deinit` releases values whose own `deinit`
        // may read this context.
        let oldParent = parent
        // What every observer in this subtree reads now, to tell those whose value changes.
        let observed = observedReads()
        let trackedReads = observationSnapshotBeforeReparenting()
        oldParent?.release(child: self)
        parent = newParent
        newParent?.adopt(self)
        // Only this subtree's reads change: its caches are emptied, every other context's stay.
        walkSubtree { context in
            context.readCache.removeAll()
            context.providerHolders.removeAll(keepingCapacity: true)
            context.actionHolders.removeAll(keepingCapacity: true)
            context.flagHolders.removeAll(keepingCapacity: true)
            context.observerHolders.removeAll(keepingCapacity: true)
            return true
        }
        // Re-parenting changes what the subtree reads: observers are told as if the value had
        // been set. Boxes are compared by identity; the old ones are still alive (the old parent
        // is), so an address cannot have been reused.
        for (context, id, before) in observed where !context.read(id).isSameRead(as: before) {
            context.deliverKeyChange(id)
        }
        publishReparenting(trackedReads)
        keepAlive(oldParent)
    }

    /// Every key observed in this subtree, with the context observing it and what it reads now.
    final func observedReads() -> [(ScreenContext, ObjectIdentifier, ReadResult)] {
        guard ObservedKeys.observedKeyCount > 0 else { return [] }
        var reads: [(ScreenContext, ObjectIdentifier, ReadResult)] = []
        walkSubtree { context in
            for id in context.keyObservers.keys { reads.append((context, id, context.read(id))) }
            return true
        }
        return reads
    }

    /// Makes a child context layered over this one.
    ///
    /// ```swift
    /// let form = app.makeChild(name: "form")
    /// ```
    ///
    /// - Parameter name: The child's name.
    /// - Returns: A new context whose parent is this one.
    public final func makeChild(name: String? = nil) -> ScreenContext {
        ScreenContext(name: name, parent: self)
    }

    // MARK: - Internals shared by the facets

    /// The name shown in paths and messages.
    final var label: String { name ?? "(unnamed)" }

    /// Labels from this context to the root, nearest first.
    final var chainLabels: [String] {
        var labels: [String] = []
        var current: ScreenContext? = self
        while let context = current {
            labels.append(context.label)
            current = context.parent
        }
        return labels
    }

    /// The chain a failed lookup searched, for its message: ``chainLabels``, where a root whose
    /// screen left the tree says so (`detail (left the tree)`): its reads of values go on to the
    /// chain it left, but providers, actions and flags are looked up on its own chain only.
    final var searchedLabels: [String] {
        var labels = chainLabels
        if let last = labels.indices.last, root.leftChain != nil { labels[last] += " (left the tree)" }
        return labels
    }

    /// This context's position for messages: its chain, nearest first, `form → (unnamed) → app`.
    final var pathDescription: String { chainLabels.joined(separator: " → ") }

    final func adopt(_ child: ScreenContext) {
        if weakChildren.count >= childCompactionThreshold {
            weakChildren.removeAll { $0.context == nil }
            for (index, entry) in weakChildren.enumerated() { entry.context?.indexInParent = index }
            childCompactionThreshold = max(16, 2 * weakChildren.count)
        }
        child.indexInParent = weakChildren.count
        weakChildren.append(WeakContext(child))
    }

    /// Empties `child`'s entry in `weakChildren`, found through its `indexInParent`.
    final func release(child: ScreenContext) {
        let index = child.indexInParent
        if weakChildren.indices.contains(index), weakChildren[index].context === child {
            weakChildren[index].context = nil
        } else if let index = weakChildren.firstIndex(where: { $0.context === child }) {
            weakChildren[index].context = nil
        }
    }

    #if DEBUG
        /// How many contexts `walkSubtree` has visited, for tests that count work: a transition
        /// must not walk a subtree as deep as the stack once per screen.
        static var subtreeVisits = 0
    #endif

    /// Calls `body` for this context and all descendants, depth first, in attach order.
    /// `body` returns `false` to skip a context's descendants.
    final func walkSubtree<Failure: Error>(_ body: (ScreenContext) throws(Failure) -> Bool) throws(Failure) {
        var stack: [ScreenContext] = [self]
        while let context = stack.popLast() {
            #if DEBUG
                Self.subtreeVisits &+= 1
            #endif
            guard try body(context) else { continue }
            for child in context.weakChildren.reversed() {
                if let child = child.context { stack.append(child) }
            }
        }
    }
}

extension ScreenContext {
    /// What was registered on this context itself, as `kind Name` labels, leaving out the values
    /// of `except`: values, live providers, actions and observers, flags.
    final func ownRegistrations(except: Set<ObjectIdentifier>) -> [String] {
        var labels: [String] = []
        for (id, slot) in slots where !except.contains(id) { labels.append("value \(AnyContextKey(slot.key).name)") }
        for record in providers.values where record.isLive { labels.append("provider \(record.name)") }
        for record in actions.values where record.isLive { labels.append("action \(record.name)") }
        for flag in flags.values { labels.append("flag \(flag.name)") }
        let observers =
            keyObservers.values.joined().filter(\.isLive).count
            + eventObservers.values.joined().filter(\.isLive).count
        if observers > 0 { labels.append("\(observers) observer\(observers == 1 ? "" : "s")") }
        return labels.sorted()
    }

    /// Moves the value of key `id` from this context to `target`, telling the observers of both.
    final func moveValue(_ id: ObjectIdentifier, to target: ScreenContext) {
        guard slots[id] != nil else { return }
        let trackedHere = observationState(of: id)
        let trackedThere = target.observationState(of: id)
        guard let slot = slots.removeValue(forKey: id) else { return }
        let replaced = target.slots.updateValue(slot, forKey: id)
        slot.stamp.advanceShape()
        notifyChange(id: id)
        target.notifyChange(id: id)
        if let trackedHere { publishValueChange(of: id, from: trackedHere) }
        if let trackedThere { target.publishValueChange(of: id, from: trackedThere) }
        keepAlive(replaced)
    }
}

/// The chain a screen's context read from when the screen left the tree, held weakly: a screen
/// kept alive after it left (by a task that awaits its result, say) reads the live values of that
/// chain while it exists,
/// without keeping the tree it left alive, and without receiving the tree's events or blocking
/// its registrations (it is no longer one of its contexts).
@MainActor
final class LeftChain {
    weak var parent: ScreenContext?
    init(_ parent: ScreenContext) { self.parent = parent }
}
