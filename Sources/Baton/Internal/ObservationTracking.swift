#if canImport(Observation)
    import Observation
#endif
#if canImport(Darwin)
    import Darwin
#else
    import Synchronization
#endif

// How context reads take part in Swift's Observation (`withObservationTracking`, SwiftUI).
//
// Every tracked dependency of a context (one chain read of a key, say) is a *cell*
// (`ObservationCell`), made once and kept by the context for as long as it lives. The cells of
// one context share one `ObservationRegistrar`, and each has a key path of its own kind and key:
// the identity key path of its class, `\KeyCell<UserID, ChainRead>.self` for chain reads of
// `UserID`, `KeyCell<UserID, SlotRead>` for named reads of it, `KeyCell<UserID, ProviderRead>`
// for its provider requests (a `ContextValues` member gets a type of its own for `UserID`'s place:
// `visitMemberType(ordinal:_:)`), and `\LinkCell.self` for the context's parent and name. A read
// records an access to its cell; a change that alters what the read returns fires that cell
// (`withMutation`), which reaches exactly the trackings that accessed it. So a body that reads 20
// keys from a screen's context records 20 key paths under one registrar, as it does for 20
// properties of one `@Observable` model, and the key paths hash more cheaply than a property's:
// no component and no argument, one type per key and kind.
//
// The fast path: a context's cached read (`CachedRead`) remembers the cell of that read once it
// has one, so that the read records its access directly. Outside any tracking scope that access
// returns at once; inside one, it is the only Observation call the read makes.
//
// Until a read has a cell, it must first learn whether a tracking scope is recording, and
// Observation has no public way to ask. So it makes one cheap call: `access` on a shared probe
// with a key path built once. Outside any scope that call returns at once. Inside one,
// Observation records the probe's key path, which hashes the key path's subscript argument, a
// `ProbeToken`: its `hash(into:)` counts, and the read sees the count move. Only then does the
// read make its cell (`TrackedRead`), record an access to it and remember it in the cache.
// Writes, provider changes and re-parentings then fire the cells of the reads whose result they
// change, and nothing else.
//
// Contexts keep their cells as long as they live; `ObservationReaders` lists, per key, the
// contexts that have a cell for it (weakly), so that a write looks only at those readers
// instead of walking the tree. When a context is freed, its registrar goes with its cells, and
// Observation ends the trackings that still depend on it, as it does for a freed `@Observable`
// object.

/// What one tracked read depends on, recorded on the reading context.
enum TrackedRead: Hashable {
    /// A chain read of a key from this context: subscript, `value(for:)`, `contains`.
    case value(ObjectIdentifier)
    /// This context's own entry for a key: what a named read returns.
    case slot(ObjectIdentifier)
    /// The nearest provider of a key on this context's chain: `request`, `canRequest`.
    case provider(ObjectIdentifier)
    /// This context's parent and name: a named read resolves its scope through them.
    case link
}

/// Whether this read happens inside an Observation tracking scope. Cheap when it does not.
@MainActor
@inline(__always)
func isObservationTracking() -> Bool {
    #if canImport(Observation)
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
            let probe = ObservationProbe.shared
            let before = probe.hits
            probe.registrar.access(probe, keyPath: probe.keyPath)
            return probe.hits != before
        }
    #endif
    return false
}

/// The contexts that hold a cell for a chain read or a provider request of each key, so that a
/// write looks at those readers only. Dead entries are pruned when a write looks at them and as a
/// list grows.
@MainActor
enum ObservationReaders {
    /// Set by the first tracked read; until then writes and attaches skip all of this.
    static var isActive = false
    static var values: [ObjectIdentifier: [WeakContext]] = [:]
    static var providers: [ObjectIdentifier: [WeakContext]] = [:]
    /// Adds a reader, first dropping the dead ones whenever the list has grown by another 16,
    /// so that readers of a key that is never written again do not pile up.
    static func add(_ reader: ScreenContext, to list: inout [WeakContext]) {
        if list.count >= 16, list.count.isMultiple(of: 16) { list.removeAll { $0.context == nil } }
        list.append(WeakContext(reader))
    }

    /// Whether cells are being fired; cells fired meanwhile wait in `queued`.
    static var isFiring = false
    static var queued: [AnyObject] = []
}

/// A result of a read, compared before and after a change.
enum ReadIdentity: Equatable {
    case missing
    case explicitNil
    case value(UnsafeMutableRawPointer)

    init(_ result: ReadResult) {
        switch result {
        case .missing: self = .missing
        case .found(nil): self = .explicitNil
        case .found(let box?): self = .value(box.toOpaque())
        }
    }

    init(_ slot: Slot?) {
        switch slot {
        case nil: self = .missing
        case let slot?: self = slot.box.map { .value(Unmanaged.passUnretained($0).toOpaque()) } ?? .explicitNil
        }
    }
}

extension ScreenContext {
    // MARK: - Recording tracked reads

    /// Records, in the current tracking scope, that a read depends on `read` of this context, and
    /// returns the read's cell (made the first time). `key` is the key `read` names (any key for
    /// ``TrackedRead/link``): a cell's key path is typed by it.
    @discardableResult
    final func trackRead(_ read: TrackedRead, key: KeySource) -> AnyObject? {
        #if canImport(Observation)
            guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return nil }
            let cell: AnyObject
            if let existing = trackedReads[read] {
                cell = existing
            } else {
                // The context's cells share one registrar, which the first one makes.
                let registrar =
                    trackedReads.first.map { unsafeDowncast($0.value, to: ObservationCell.self).registrar }
                    ?? ObservationRegistrar()
                cell = ObservationCell.make(for: read, key: key, registrar: registrar)
                trackedReads[read] = cell
                ObservationReaders.isActive = true
                switch read {
                case .value(let id):
                    KeyStamps.stamp(for: id).isTracked = true
                    ObservationReaders.add(self, to: &ObservationReaders.values[id, default: []])
                case .slot(let id): KeyStamps.stamp(for: id).isTracked = true
                case .provider(let id): ObservationReaders.add(self, to: &ObservationReaders.providers[id, default: []])
                case .link: break
                }
            }
            Unmanaged.passUnretained(cell).recordAccess()
            return cell
        #else
            return nil
        #endif
    }

    /// A chain read of `id` inside a tracking scope, by a read whose cache entry has no cell yet:
    /// records the read (making its cell the first time), reads through the cache, and remembers
    /// the cell in the cache entry (a root, whose reads skip the cache until one is tracked,
    /// starts using it), so that the next read records its access to the cell directly.
    final func firstTrackedRead(_ id: ObjectIdentifier, key: KeySource) -> ReadResult {
        let cell = trackRead(.value(id), key: key)
        let result: ReadResult
        if let cached = readCache[id] {
            result = cached.isValid ? cached.result : refreshedRead(id, cached)
        } else {
            result = readThrough(id, cell: nil)
        }
        readCache[id]?.cell = cell.map(Unmanaged.passUnretained)
        return result
    }

    /// Records a named read of `key` in `scope`: the entry of the context it finds, and the name
    /// and parent of every context on the way (the whole chain when none has the name).
    final func trackNamedRead(_ key: KeySource, in scope: String) {
        var current: ScreenContext? = self
        while let context = current {
            context.trackRead(.link, key: key)
            if context.name == scope {
                context.trackRead(.slot(key.id), key: key)
                return
            }
            current = context.parent
        }
    }

    // MARK: - Publishing changes

    /// What a write of `id` to this context must compare afterwards; `nil` when nothing tracks.
    final func observationState(of id: ObjectIdentifier) -> (chain: ReadIdentity, slot: ReadIdentity)? {
        guard ObservationReaders.isActive, KeyStamps.table[id]?.isTracked ?? false else { return nil }
        return (ReadIdentity(read(id)), ReadIdentity(slots[id]))
    }

    /// Fires the tracked reads that a set or remove of `id` on this context changed: the named
    /// reads of this context's entry, and the chain reads that resolve through this context.
    final func publishValueChange(of id: ObjectIdentifier, from before: (chain: ReadIdentity, slot: ReadIdentity)) {
        var cells: [AnyObject] = []
        if let cell = trackedReads[.slot(id)], ReadIdentity(slots[id]) != before.slot {
            cells.append(cell)
        }
        if ReadIdentity(read(id)) != before.chain, let readers = ObservationReaders.values[id] {
            var sawDead = false
            for reader in readers {
                guard let reader = reader.context else {
                    sawDead = true
                    continue
                }
                if let cell = reader.trackedReads[.value(id)], reader.resolvesValue(id, through: self) {
                    cells.append(cell)
                }
            }
            if sawDead { ObservationReaders.values[id] = readers.filter { $0.context != nil } }
        }
        Self.fire(cells)
    }

    /// Fires the tracked provider requests of `id` that resolve through this context, after a
    /// provider of `id` was registered on it or ended.
    final func publishProviderChange(of id: ObjectIdentifier) {
        guard ObservationReaders.isActive, let readers = ObservationReaders.providers[id] else { return }
        var cells: [AnyObject] = []
        var sawDead = false
        for reader in readers {
            guard let reader = reader.context else {
                sawDead = true
                continue
            }
            if let cell = reader.trackedReads[.provider(id)], reader.resolvesProvider(id, through: self) {
                cells.append(cell)
            }
        }
        if sawDead { ObservationReaders.providers[id] = readers.filter { $0.context != nil } }
        Self.fire(cells)
    }

    /// The tracked reads in this subtree that resolve past this context, with what they
    /// resolve to now; taken before this context changes parent.
    final func observationSnapshotBeforeReparenting() -> [ReparentedRead] {
        guard ObservationReaders.isActive else { return [] }
        var reads: [ReparentedRead] = []
        var values: [ObjectIdentifier: ReadIdentity] = [:]
        var nearest: [ObjectIdentifier: ObjectIdentifier?] = [:]
        walkSubtree { context in
            for (read, cell) in context.trackedReads {
                switch read {
                case .value(let id):
                    guard self.slots[id] == nil, context.resolvesValue(id, through: self) else { continue }
                    if values[id] == nil { values[id] = ReadIdentity(self.read(id)) }
                    reads.append(ReparentedRead(cell: cell, read: read, before: .value(values[id]!)))
                case .provider(let id):
                    guard self.providers[id] == nil, context.resolvesProvider(id, through: self) else { continue }
                    if nearest.index(forKey: id) == nil { nearest[id] = nearestProvider(id) }
                    reads.append(ReparentedRead(cell: cell, read: read, before: .provider(nearest[id]!)))
                case .link:
                    if context === self { reads.append(ReparentedRead(cell: cell, read: read, before: .always)) }
                case .slot:
                    continue
                }
            }
            return true
        }
        return reads
    }

    /// Fires the reads of a snapshot whose result the new parent changed.
    final func publishReparenting(_ reads: [ReparentedRead]) {
        guard !reads.isEmpty else { return }
        var cells: [AnyObject] = []
        for read in reads {
            switch (read.read, read.before) {
            case (.value(let id), .value(let before)):
                if ReadIdentity(self.read(id)) != before { cells.append(read.cell) }
            case (.provider(let id), .provider(let before)):
                if nearestProvider(id) != before { cells.append(read.cell) }
            default:
                cells.append(read.cell)
            }
        }
        Self.fire(cells)
    }

    /// Fires the named reads that went through this context, after its name changed.
    final func publishRename() {
        guard ObservationReaders.isActive, let cell = trackedReads[.link] else { return }
        Self.fire([cell])
    }

    // MARK: - Helpers

    /// Whether a chain read of `id` from this context reaches `ancestor`: it is on the chain and
    /// no context before it holds the key.
    final func resolvesValue(_ id: ObjectIdentifier, through ancestor: ScreenContext) -> Bool {
        var current = self
        while current !== ancestor {
            guard current.slots[id] == nil, let next = current.parent else { return false }
            current = next
        }
        return true
    }

    /// Whether a provider request of `id` from this context reaches `ancestor`: it is on the
    /// chain and no context before it has a provider record for the key.
    final func resolvesProvider(_ id: ObjectIdentifier, through ancestor: ScreenContext) -> Bool {
        var current = self
        while current !== ancestor {
            guard current.providers[id] == nil, let next = current.parent else { return false }
            current = next
        }
        return true
    }

    /// The provider record a request of `id` from this context finds, live or not.
    final func nearestProvider(_ id: ObjectIdentifier) -> ObjectIdentifier? {
        var current: ScreenContext? = self
        while let context = current {
            if let record = context.providers[id] { return ObjectIdentifier(record) }
            current = context.parent
        }
        return nil
    }

    /// Tells Observation that the reads behind `cells` changed. Runs after Baton's state is
    /// settled, over a snapshot, so that an `onChange` that calls back into Baton is safe.
    ///
    /// Observation calls `onChange` synchronously and cancels the tracking only after it
    /// returns; a change made inside `onChange` that fires the same tracking again would recurse
    /// without end. So cells fired while others are being fired wait in a queue and fire, in
    /// order, once the outer `onChange` has returned.
    static func fire(_ cells: [AnyObject]) {
        #if canImport(Observation)
            guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *), !cells.isEmpty else { return }
            guard !ObservationReaders.isFiring else {
                ObservationReaders.queued.append(contentsOf: cells)
                return
            }
            ObservationReaders.isFiring = true
            defer { ObservationReaders.isFiring = false }
            var pending = cells
            var index = 0
            while index < pending.count {
                unsafeDowncast(pending[index], to: ObservationCell.self).fire()
                index += 1
                if !ObservationReaders.queued.isEmpty {
                    pending.append(contentsOf: ObservationReaders.queued)
                    ObservationReaders.queued.removeAll()
                }
            }
        #endif
    }
}

/// A piece of screen or window state that Observation tracks as a whole: reads inside a
/// tracking scope access it, and the operation that changes it publishes once it is done.
@MainActor
struct ObservedState {
    private var cell: AnyObject?

    /// Records the read in the current tracking scope, if there is one.
    @inline(__always)
    mutating func track() {
        if let cell {
            Unmanaged.passUnretained(cell).recordAccess()
            return
        }
        guard isObservationTracking() else { return }
        #if canImport(Observation)
            guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
            let cell = LinkCell(registrar: ObservationRegistrar())
            self.cell = cell
            Unmanaged.passUnretained(cell).recordAccess()
        #endif
    }

    /// Fires the reads that tracked this state.
    func publish() {
        guard let cell else { return }
        ScreenContext.fire([cell])
    }
}

/// A tracked read in a subtree that is being re-parented, and what it resolved to before.
struct ReparentedRead {
    enum Before {
        case value(ReadIdentity)
        case provider(ObjectIdentifier?)
        case always
    }
    let cell: AnyObject
    let read: TrackedRead
    let before: Before
}

/// Something done with a type known only at run time: a ``ContextValues`` member's type.
protocol TypeVisitor {
    associatedtype Result
    func visit<T>(_ type: T.Type) -> Result
}

/// Calls `visitor` with the type of the ``ContextValues`` member whose ``EntryKey/ordinal`` is
/// `ordinal`.
///
/// A member has no type of its own, as a key type has, and an Observation cell's key path is
/// typed by its key (an identity key path, the cheapest Observation hashes). So each member gets
/// a type, made from its ordinal + 1 in binary: one `Bit0` or `Bit1` per digit below the leading
/// 1, lowest digit innermost, around `MemberType` (`Bit0<Bit1<MemberType>>` for ordinal 4). No
/// two ordinals make the same type, and no member's type is a key type. It is made once per
/// cell, in as many generic calls as the ordinal has digits; the runtime keeps each type's
/// metadata.
func visitMemberType<Visitor: TypeVisitor>(ordinal: Int, _ visitor: Visitor) -> Visitor.Result {
    func visit<Rest>(_: Rest.Type, digits: Int) -> Visitor.Result {
        guard digits > 1 else { return visitor.visit(Rest.self) }
        return digits & 1 == 0
            ? visit(Bit0<Rest>.self, digits: digits >> 1) : visit(Bit1<Rest>.self, digits: digits >> 1)
    }
    return visit(MemberType.self, digits: ordinal + 1)
}

/// The innermost type of every ``ContextValues`` member's type (see ``visitMemberType(ordinal:_:)``).
enum MemberType {}
/// A binary digit 0 of a member's ordinal, around the digits above it.
enum Bit0<Rest> {}
/// A binary digit 1 of a member's ordinal, around the digits above it.
enum Bit1<Rest> {}

#if canImport(Observation)
    /// One tracked dependency of one context: reads access it, changes fire it. The Observable
    /// conformance is here, on a class that is not generic, so that recording an access needs no
    /// run-time witness table lookup.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    class ObservationCell: Observable {
        /// The registrar of the context's cells.
        final let registrar: ObservationRegistrar

        init(registrar: ObservationRegistrar) { self.registrar = registrar }

        /// Records an access in the current tracking scope; returns at once outside one.
        func recordAccess() {}

        /// Tells Observation that the reads behind this cell changed: the trackings that
        /// accessed it fire (their `onChange` runs now), and no other.
        func fire() {}

        /// The cell of `read`, a read of `key`, in a context whose cells share `registrar`.
        static func make(for read: TrackedRead, key: KeySource, registrar: ObservationRegistrar)
            -> ObservationCell
        {
            switch key {
            case .type(let key): return CellMaker(read: read, registrar: registrar).visit(key)
            case .entry(let entry):
                return visitMemberType(ordinal: entry.ordinal, CellMaker(read: read, registrar: registrar))
            }
        }
    }

    /// Makes the cell of a read whose key is `Key` (a key type, or a member's type).
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    struct CellMaker: TypeVisitor {
        let read: TrackedRead
        let registrar: ObservationRegistrar

        func visit<Key>(_: Key.Type) -> ObservationCell {
            switch read {
            case .value: KeyCell<Key, ChainRead>(registrar: registrar)
            case .slot: KeyCell<Key, SlotRead>(registrar: registrar)
            case .provider: KeyCell<Key, ProviderRead>(registrar: registrar)
            case .link: LinkCell(registrar: registrar)
            }
        }
    }

    /// A cell of a `Kind` of read (``ChainRead``, ``SlotRead``, ``ProviderRead``) of `Key`.
    ///
    /// Its key path is the identity key path of its own class, `\KeyCell<Key, Kind>.self`: the
    /// key path's type is the cell's, so that cells of different keys or kinds never compare
    /// equal, and a key path without components is the cheapest Observation hashes (the type
    /// alone, where a property's key path also hashes its component) and compares (the same
    /// object, kept by the cell). Observation hashes a cell's key path when a read records it,
    /// when the tracking is installed, and when it ends; see BENCHMARKS.md, *Issue 34*.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    final class KeyCell<Key, Kind>: ObservationCell {
        let keyPath: KeyPath<KeyCell<Key, Kind>, KeyCell<Key, Kind>> = \.self

        override func recordAccess() { registrar.access(self, keyPath: keyPath) }
        override func fire() { registrar.withMutation(of: self, keyPath: keyPath) {} }
    }

    /// The kinds of ``KeyCell``: a chain read, a named read of one context's entry, a provider
    /// request.
    enum ChainRead {}
    enum SlotRead {}
    enum ProviderRead {}

    /// The cell of a context's parent and name (what named reads resolve their scope through),
    /// and of a screen's or window's observed state.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    final class LinkCell: ObservationCell {
        let keyPath: KeyPath<LinkCell, LinkCell> = \.self

        override func recordAccess() { registrar.access(self, keyPath: keyPath) }
        override func fire() { registrar.withMutation(of: self, keyPath: keyPath) {} }
    }

    /// The shared subject whose access tells a read whether a tracking scope is recording.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    final class ObservationProbe: Observable, @unchecked Sendable {
        static let shared = ObservationProbe()

        let registrar = ObservationRegistrar()
        let keyPath: KeyPath<ObservationProbe, Int> & Sendable = \ObservationProbe.[probe: ProbeToken()]

        #if canImport(Darwin)
            /// How often a tracking scope on the main thread hashed or compared a token. Only the
            /// main thread, where the main actor runs on Apple platforms, changes it: Observation
            /// may hash the key path on other threads when it cancels a tracking.
            @exclusivity(unchecked) private var count: UInt = 0

            var hits: UInt { count }

            func touch() {
                if pthread_main_np() != 0 { count &+= 1 }
            }
        #else
            /// How often a token was hashed or compared. Elsewhere the main actor may run on any
            /// thread (libdispatch services the main queue from its pool after `dispatch_main`),
            /// so the count is atomic; a hash from another thread during a read only makes that
            /// read record a cell it did not need.
            private let count = Atomic<UInt>(0)

            var hits: UInt { count.load(ordering: .relaxed) }

            func touch() {
                count.wrappingAdd(1, ordering: .relaxed)
            }
        #endif

        subscript(probe token: ProbeToken) -> Int { 0 }
    }
#endif

extension Unmanaged where Instance == AnyObject {
    /// Records an access to this cell (an ``ObservationCell``) in the current tracking scope;
    /// returns at once outside one.
    ///
    /// Outside the main actor on purpose: a closure written in a main-actor function is main-actor
    /// isolated, and passing it to `_withUnsafeGuaranteedRef` would check the executor at run time.
    @inline(__always) func recordAccess() {
        #if canImport(Observation)
            guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
            _withUnsafeGuaranteedRef { unsafeDowncast($0, to: ObservationCell.self).recordAccess() }
        #endif
    }
}

/// The probe key path's argument: Observation hashes it when it records the probe's access.
struct ProbeToken: Hashable, Sendable {
    static func == (lhs: ProbeToken, rhs: ProbeToken) -> Bool {
        touch()
        return true
    }

    func hash(into hasher: inout Hasher) {
        Self.touch()
    }

    private static func touch() {
        #if canImport(Observation)
            guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
            ObservationProbe.shared.touch()
        #endif
    }
}
