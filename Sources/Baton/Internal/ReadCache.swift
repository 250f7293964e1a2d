/// A context's cached chain reads (``CachedRead``) by key: the table every warm read looks up.
///
/// Specialised for that one lookup, as ``EntryTable`` is for key paths: keys are the addresses of
/// key types and entries (never 0, never freed), hashed by one multiplication (Fibonacci
/// hashing) instead of a seeded SipHash; probing is linear, over the keys alone; the cached reads
/// are plain values that hold nothing retained, so the table never releases anything and no user
/// code can run during an access. It is one pointer, as a `Dictionary` is, and `nil` until the
/// context caches its first read. See BENCHMARKS.md, *Issue 34: tracked reads at parity*, for
/// what the `Dictionary` lookup it replaces cost.
///
/// Entries are only added or replaced, never removed one by one: a re-attach empties the whole
/// table (``removeAll()``), which keeps its storage. The table owns its storage and frees it
/// when its context goes; it cannot be copied, so no two tables share storage.
struct ReadCache: ~Copyable {
    /// One allocation: a header (`count`, `mask`, `shift`), then `capacity` keys (an address, or
    /// 0 for an empty slot), then `capacity` cached reads (initialized where the key is not 0).
    private var storage: UnsafeMutableRawPointer?

    private static let headerSize = 4 * MemoryLayout<Int>.stride
    /// log2 of the capacity of a new table (two slots: one entry, as most contexts cache one or two
    /// reads); it doubles at three quarters full.
    private static let initialBits = 1

    init() {}

    deinit { storage?.deallocate() }

    /// How many keys the table holds.
    var count: Int { storage?.load(as: Int.self) ?? 0 }

    @inline(__always) private static func mask(_ storage: UnsafeMutableRawPointer) -> Int {
        storage.load(fromByteOffset: MemoryLayout<Int>.stride, as: Int.self)
    }

    @inline(__always) private static func keys(_ storage: UnsafeMutableRawPointer) -> UnsafeMutablePointer<UInt> {
        (storage + headerSize).assumingMemoryBound(to: UInt.self)
    }

    @inline(__always) private static func reads(_ storage: UnsafeMutableRawPointer) -> UnsafeMutablePointer<CachedRead>
    {
        (storage + headerSize + (mask(storage) + 1) * MemoryLayout<UInt>.stride)
            .assumingMemoryBound(to: CachedRead.self)
    }

    /// The index of `key`'s slot, or of the empty slot where it would go.
    @inline(__always) private static func index(of key: UInt, in storage: UnsafeMutableRawPointer) -> Int {
        let shift = storage.load(fromByteOffset: 2 * MemoryLayout<Int>.stride, as: UInt.self)
        let mask = Self.mask(storage)
        let keys = Self.keys(storage)
        var index = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
        while true {
            let found = keys[index]
            if found == key || found == 0 { return index }
            index = (index + 1) & mask
        }
    }

    /// The cached read of `id`, if there is one. Setting `nil` is a no-op: entries go all at
    /// once, with ``removeAll()``.
    subscript(id: ObjectIdentifier) -> CachedRead? {
        @inline(__always) get {
            guard let storage else { return nil }
            let key = UInt(bitPattern: id)
            let index = Self.index(of: key, in: storage)
            guard Self.keys(storage)[index] == key else { return nil }
            return Self.reads(storage)[index]
        }
        set {
            if let newValue { insert(newValue, for: UInt(bitPattern: id)) }
        }
    }

    /// The keys with a cached read, in no particular order.
    var keys: [ObjectIdentifier] {
        guard let storage else { return [] }
        let keys = Self.keys(storage)
        var found: [ObjectIdentifier] = []
        found.reserveCapacity(count)
        for index in 0...Self.mask(storage) {
            // A key is an `ObjectIdentifier`'s bits (see the subscript's setter).
            if keys[index] != 0 { found.append(unsafeBitCast(keys[index], to: ObjectIdentifier.self)) }
        }
        return found
    }

    /// Drops every entry and keeps the storage.
    mutating func removeAll() {
        guard let storage, count > 0 else { return }
        Self.keys(storage).update(repeating: 0, count: Self.mask(storage) + 1)
        storage.storeBytes(of: 0, as: Int.self)
    }

    /// Stores `read` for `key`, growing the table at three quarters full, so probes stay short.
    private mutating func insert(_ read: CachedRead, for key: UInt) {
        if let storage {
            let index = Self.index(of: key, in: storage)
            if Self.keys(storage)[index] == key {
                Self.reads(storage)[index] = read
                return
            }
        }
        let capacity = storage.map { Self.mask($0) + 1 } ?? 0
        if (count + 1) * 4 > capacity * 3 { grow(to: max(capacity * 2, 1 << Self.initialBits)) }
        guard let storage else { return }
        let index = Self.index(of: key, in: storage)
        Self.keys(storage)[index] = key
        (Self.reads(storage) + index).initialize(to: read)
        storage.storeBytes(of: count + 1, as: Int.self)
    }

    /// Moves every entry into new storage of `capacity` slots (a power of two).
    private mutating func grow(to capacity: Int) {
        let new = UnsafeMutableRawPointer.allocate(
            byteCount: Self.headerSize + capacity * (MemoryLayout<UInt>.stride + MemoryLayout<CachedRead>.stride),
            alignment: max(MemoryLayout<Int>.alignment, MemoryLayout<CachedRead>.alignment))
        new.storeBytes(of: 0, as: Int.self)
        new.storeBytes(of: capacity - 1, toByteOffset: MemoryLayout<Int>.stride, as: Int.self)
        new.storeBytes(
            of: UInt(UInt.bitWidth - capacity.trailingZeroBitCount), toByteOffset: 2 * MemoryLayout<Int>.stride,
            as: UInt.self)
        Self.keys(new).initialize(repeating: 0, count: capacity)
        let old = storage
        storage = new
        guard let old else { return }
        let (oldKeys, oldReads) = (Self.keys(old), Self.reads(old))
        for index in 0...Self.mask(old) where oldKeys[index] != 0 {
            insert(oldReads[index], for: oldKeys[index])
        }
        old.deallocate()
    }
}
