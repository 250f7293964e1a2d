/// The namespace of the values a ``ScreenContext`` stores by key path, as SwiftUI's
/// `EnvironmentValues` is for `@Entry`.
///
/// Declare a value as a member that returns a ``ContextEntry``: its type fixes the value's type,
/// its default is what a read returns when nothing is stored, and its name is the member's. Read
/// and write it by key path:
///
/// ```swift
/// extension ContextValues {
///     var sortOrder: ContextEntry<SortOrder> { .init(default: .byName) }
///     var userID: ContextEntry<String?> { .init(default: nil) }
/// }
///
/// let context = ScreenContext()
/// context[\.sortOrder]                  // .byName, the default
/// context.set(.byDate, for: \.sortOrder)
/// context[\.sortOrder]                  // .byDate
/// print(context.dump())                 // 0:sortOrder = byDate
/// ```
///
/// A member is not a type, so it shadows nothing (an entry named `color` leaves SwiftUI's
/// `Color` alone), and there is no `…Key` type to name. An entry's identity is the key path's
/// object, looked up in a table on each read: as cheap to hash as a key type.
///
/// There is nothing to make of this type: it only groups the members.
public struct ContextValues: Sendable {
    init() {}
}

/// What a member of ``ContextValues`` declares: one value of type `Value`, its default and its
/// name.
///
/// A value passed down between screens declares a plain default; a dependency (a service that
/// talks to a server, a store on disk) declares its live value, and may declare the value tests
/// and previews use instead, as swift-dependencies' `liveValue`, `testValue` and `previewValue`:
///
/// ```swift
/// extension ContextValues {
///     var sortOrder: ContextEntry<SortOrder> { .init(default: .byName) }
///     @MainActor var store: ContextEntry<ItemStore> {
///         .init(live: .live(), test: ItemStore([]), preview: ItemStore(.samples))
///     }
/// }
/// ```
///
/// The member's getter is asked once, when its key path is first used, and the name is the
/// member's (`#function`) unless given. A plain default is made then and kept. A live value is
/// made on the first read that needs it, outside tests; under `BatonTesting`'s `.isolatedBaton`
/// trait each test gets its own test value, made on its first read, and a read of a live value
/// the test did not set, when the entry declares no test value, fails the test, naming the entry,
/// where it is declared and the line that sets it, and then returns a live value made for that
/// test: declare a test value for a dependency that must never run in a test (a file, a server).
/// A default that is an object (a class instance) is also made once per test there, so that no
/// two tests share it. `ScreenPreview` reads preview values. Test and preview values are made
/// only where they are read, in a test or a preview: the app never makes them.
public struct ContextEntry<Value> {
    let makeDefault: @MainActor () -> Value
    let makeTest: @MainActor () -> Value?
    let makePreview: @MainActor () -> Value?
    let isLive: Bool
    let isPrivate: Bool
    let name: String
    let declaration: String

    /// Declares a value with a default.
    ///
    /// ```swift
    /// var pageSize: ContextEntry<Int> { .init(default: 20) }
    /// var pin: ContextEntry<String> { .init(default: "", isPrivate: true) }
    /// ```
    ///
    /// - Parameters:
    ///   - defaultValue: What a read returns when nothing is stored; made once, on first use.
    ///   - isPrivate: Whether snapshots, the inspector and test failures show `<private>` instead
    ///     of its values (a token, a password).
    ///   - name: The name in dumps and error messages; by default the member's name.
    public init(
        default defaultValue: @autoclosure @escaping @MainActor () -> Value, isPrivate: Bool = false,
        name: String = #function
    ) {
        self.makeDefault = defaultValue
        self.makeTest = { nil }
        self.makePreview = { nil }
        self.isLive = false
        self.isPrivate = isPrivate
        self.name = name
        self.declaration = ""
    }

    /// Declares an optional value whose default is `nil`.
    ///
    /// ```swift
    /// var userID: ContextEntry<String?> { .init() }
    /// var apiToken: ContextEntry<String?> { .init(isPrivate: true) }
    /// ```
    ///
    /// - Parameters:
    ///   - isPrivate: Whether snapshots, the inspector and test failures show `<private>` instead
    ///     of its values.
    ///   - name: The name in dumps and error messages; by default the member's name.
    public init<Wrapped>(isPrivate: Bool = false, name: String = #function) where Value == Wrapped? {
        self.init(default: nil, isPrivate: isPrivate, name: name)
    }

    /// Declares a dependency: its live value, and the values tests and previews use instead.
    ///
    /// ```swift
    /// @MainActor var accounts: ContextEntry<Accounts> { .init(live: .server, test: .demo) }
    /// ```
    ///
    /// A screen reads it as any entry (`context[\.accounts]`); a window, a test or a preview
    /// sets its own on a context (`window.context[\.accounts] = .failing`).
    ///
    /// - Parameters:
    ///   - live: The value the app uses when no context stores one; made on the first read that
    ///     needs it. A test that reads it without setting it, when the entry declares no test
    ///     value, fails and gets a live value made for it.
    ///   - test: The value each test under `.isolatedBaton` gets when it sets none: made again in
    ///     each test, on its first read, so that each gets its own, and never in the app; without
    ///     it, such a read fails the test.
    ///   - preview: The value `ScreenPreview` uses when the preview sets none, made there only;
    ///     the live value without it.
    ///   - isPrivate: Whether snapshots, the inspector and test failures show `<private>` instead
    ///     of its values (a signing key, a session).
    ///   - name: The name in dumps and error messages; by default the member's name.
    ///   - fileID: Where the entry is declared, for the test failure; leave the default.
    ///   - line: The line of the declaration; leave the default.
    public init(
        live: @autoclosure @escaping @MainActor () -> Value,
        test: @autoclosure @escaping @MainActor () -> Value? = nil,
        preview: @autoclosure @escaping @MainActor () -> Value? = nil,
        isPrivate: Bool = false,
        name: String = #function,
        fileID: StaticString = #fileID, line: UInt = #line
    ) {
        self.makeDefault = live
        self.makeTest = test
        self.makePreview = preview
        self.isLive = true
        self.isPrivate = isPrivate
        self.name = name
        self.declaration = "\(fileID):\(line)"
    }
}

/// The identity of one member of ``ContextValues``: what its values are stored under, its name
/// and its default. Made once per member and never freed, so it is held unretained.
///
/// `@unchecked Sendable`: every property is a `let` but ``madeDefault``, and the default's box
/// and the makers are used only on the main actor, by ``ScreenContext``.
@usableFromInline final class EntryKey: @unchecked Sendable {
    let name: String
    /// The plain default's box, made when the entry is recorded; `nil` for a default made on
    /// demand (``defaultOnDemand``).
    @usableFromInline let defaultBox: AnyBox?
    /// The first key path seen for the member; equal key paths map to this entry.
    let keyPath: AnyKeyPath
    /// Where a live entry is declared (`file:line`); empty for a plain one.
    let declaration: String
    /// Whether the entry declares a live value (``ContextEntry/init(live:test:preview:isPrivate:name:fileID:line:)``).
    let isLive: Bool
    /// Whether snapshots redact its values (``ContextEntry/init(default:isPrivate:name:)``).
    let isPrivate: Bool
    /// Makes the default: the live value, or the plain default.
    let makeDefault: @MainActor () -> AnyBox
    /// Makes the test value, `nil` if the entry declares none (in a test only).
    let makeTest: @MainActor () -> AnyBox?
    /// Makes the preview value, `nil` if the entry declares none (in a preview only).
    let makePreview: @MainActor () -> AnyBox?
    /// The default made on demand outside tests (the live value, or an object default).
    var madeDefault: AnyBox?
    /// The entry's place in the order entries were made, from 0; unique, as entries are never
    /// freed. Observation tracking builds a type of the entry's own from it.
    let ordinal: Int
    @MainActor private static var made = 0

    @MainActor
    init<Value>(declared: ContextEntry<Value>, keyPath: KeyPath<ContextValues, ContextEntry<Value>>) {
        name = declared.name
        declaration = declared.declaration
        isLive = declared.isLive
        isPrivate = declared.isPrivate
        let makeDefault = declared.makeDefault
        self.makeDefault = { Box(makeDefault()) as AnyBox }
        // Made on each call, so that each test gets its own value; never called in the app.
        let makeTest = declared.makeTest
        self.makeTest = { makeTest().map { Box($0) as AnyBox } }
        let makePreview = declared.makePreview
        self.makePreview = { makePreview().map { Box($0) as AnyBox } }
        self.keyPath = keyPath
        ordinal = Self.made
        Self.made += 1
        // A live value is made when first needed (in a test, only when the test reads it without
        // a test value); an object is made once per test; a plain value is made now and kept.
        defaultBox = declared.isLive || Value.self is AnyObject.Type ? nil : Box(makeDefault())
    }

    @usableFromInline var id: ObjectIdentifier { ObjectIdentifier(self) }

    /// The plain default, copied out of its box; `nil` for a default made on demand.
    @inlinable @inline(__always) func plainDefault<Value>(as type: Value.Type) -> Value? {
        guard let defaultBox else { return nil }
        return Unmanaged.passUnretained(defaultBox).value(as: Value.self)
    }

    /// The default of a live entry or an object default: the test's own in a test, the preview
    /// value in a preview, else the one made on first use.
    @MainActor @usableFromInline func defaultOnDemand<Value>(as type: Value.Type) -> Value {
        Unmanaged.passUnretained(defaultBoxOnDemand()).value(as: Value.self)
    }

    @MainActor private func defaultBoxOnDemand() -> AnyBox {
        if let test = TestDefaults.current { return test.value(of: self) }
        if let made = madeDefault { return made }
        let made = TestDefaults.usesPreviewValues ? makePreview() ?? makeDefault() : makeDefault()
        madeDefault = made
        return made
    }
}

/// The values one test reads for the entries it did not set (`BatonTesting`'s `.isolatedBaton`):
/// each entry's test value, or its object default, made once per test; and what a read of a live
/// value the test did not replace reports.
///
/// SPI for `BatonTesting` and `BatonSwiftUI`: apps use the `.isolatedBaton` trait and
/// `ScreenPreview`.
///
/// ```swift
/// TestDefaults.$current.withValue(TestDefaults { Issue.record(Comment(rawValue: $0)) }) { try body() }
/// ```
@_spi(Testing) @MainActor
public final class TestDefaults {
    /// The current test's defaults; `nil` outside a test.
    ///
    /// ```swift
    /// TestDefaults.current == nil   // outside a test
    /// ```
    @TaskLocal public static var current: TestDefaults?
    /// Whether this process shows previews (`ScreenPreview` sets it): live entries read their
    /// preview values.
    ///
    /// ```swift
    /// TestDefaults.usesPreviewValues = true
    /// ```
    public static var usesPreviewValues = false

    private var values: [ObjectIdentifier: AnyBox] = [:]
    private let report: @MainActor (String) -> Void

    /// Defaults for one test; `report` receives the failure of each live value read without a
    /// test value, once per entry.
    ///
    /// ```swift
    /// let defaults = TestDefaults { failure in Issue.record(Comment(rawValue: failure)) }
    /// ```
    ///
    /// - Parameter report: Receives each failure's text.
    public nonisolated init(report: @escaping @MainActor (String) -> Void) {
        self.report = report
    }

    /// The value a read of `entry` returns in this test.
    func value(of entry: EntryKey) -> AnyBox {
        if let value = values[entry.id] { return value }
        let value: AnyBox
        if let test = entry.makeTest() {
            value = test
        } else if entry.isLive {
            report(Self.failure(entry))
            value = entry.makeDefault()
        } else {
            value = entry.makeDefault()
        }
        values[entry.id] = value
        return value
    }

    /// The failure of a read of `entry`'s live value in a test.
    static func failure(_ entry: EntryKey) -> String {
        let member = entry.name.hasSuffix("()") ? String(entry.name.dropLast(2)) : entry.name
        return "\(member) read its live value in a test: the test did not set it and the entry declares no test"
            + " value (\(entry.declaration)). Set it on the window before launching it,"
            + " `window.context[\\.\(member)] = …`, or declare a test value: `.init(live: …, test: …)`."
    }
}

extension Unmanaged where Instance == EntryKey {
    /// The entry's identity, without retaining it (outside the main actor, so that the closure
    /// does not check the executor; see ``Unmanaged/value(as:)``).
    @inlinable @inline(__always) var id: ObjectIdentifier { _withUnsafeGuaranteedRef { ObjectIdentifier($0) } }

    /// The entry's default, copied out: a plain default at once, another made on demand.
    @MainActor @inlinable @inline(__always) func defaultValue<Value>(as type: Value.Type) -> Value {
        if let value = _withUnsafeGuaranteedRef({ $0.plainDefault(as: Value.self) }) { return value }
        return takeUnretainedValue().defaultOnDemand(as: Value.self)
    }
}

/// Every ``ContextValues`` member used so far, by the identity of its key path objects.
///
/// A key path written in code (`\.sortOrder`) is one object for the life of the process, so a
/// read finds its entry with one pointer hash, in a table of plain pointers (``EntryTable``: no
/// reference counting and no SipHash on the way). Key paths that are equal but distinct objects (built at run time) share
/// the entry. The table keeps each key path object it records, so that its address is not
/// reused by another one; when it has doubled since it was last pruned, it drops the objects
/// that only it still holds.
@MainActor
@usableFromInline enum EntryKeys {
    /// The entry of each recorded key path object. Entries are never freed.
    // Not visible to inlined code: inside this module the compiler initializes it statically,
    // while an access from another module would go through a lazy initializer (`swift_once`)
    // on every read.
    @exclusivity(unchecked) private static var entries = EntryTable()
    /// The recorded key path objects, kept alive while they are in `entries`.
    private static var keyPaths: [ObjectIdentifier: AnyKeyPath] = [:]
    /// The entry of each member, by key path value.
    private static var byValue: [AnyKeyPath: EntryKey] = [:]
    private static var pruneThreshold = 256

    /// How many key path objects the table holds, for tests.
    static var recordedKeyPaths: Int { entries.count }

    /// The entry of `keyPath`, recorded on first use.
    @inlinable @inline(__always)
    static func entry<Value>(for keyPath: KeyPath<ContextValues, ContextEntry<Value>>) -> Unmanaged<EntryKey> {
        if let entry = recorded(ObjectIdentifier(keyPath)) { return entry }
        return record(keyPath)
    }

    /// The entry of a key path object already recorded.
    @usableFromInline static func recorded(_ id: ObjectIdentifier) -> Unmanaged<EntryKey>? {
        entries.find(id)
    }

    /// Records a key path object not seen before: finds the entry of an equal key path, or asks
    /// the member's getter for its default and name and makes one.
    @usableFromInline static func record<Value>(_ keyPath: KeyPath<ContextValues, ContextEntry<Value>>)
        -> Unmanaged<EntryKey>
    {
        let entry: EntryKey
        if let existing = byValue[keyPath] {
            entry = existing
        } else {
            entry = EntryKey(declared: ContextValues()[keyPath: keyPath], keyPath: keyPath)
            byValue[keyPath] = entry
        }
        if entries.count >= pruneThreshold { prune() }
        let id = ObjectIdentifier(keyPath)
        keyPaths[id] = keyPath
        entries.insert(Unmanaged.passUnretained(entry), for: id)
        return Unmanaged.passUnretained(entry)
    }

    /// Drops the key path objects that only this table holds (built at run time and gone since).
    /// An entry's first key path is also held by the entry, so it stays.
    private static func prune() {
        for id in Array(keyPaths.keys) {
            guard var keyPath = keyPaths.removeValue(forKey: id) else { continue }
            if !isKnownUniquelyReferenced(&keyPath) { keyPaths[id] = keyPath }
        }
        var kept = EntryTable()
        for id in keyPaths.keys {
            if let entry = entries.find(id) { kept.insert(entry, for: id) }
        }
        entries.removeAll()
        entries = kept
        pruneThreshold = max(256, entries.count * 2)
    }
}

/// A hash table from key path objects to entries, specialised for what ``EntryKeys`` needs on
/// every read: keys are object addresses, hashed by one multiplication (Fibonacci hashing),
/// values are unretained pointers, probing is linear. Nothing is removed; ``EntryKeys`` builds a
/// new table when it prunes.
///
/// The table is a pointer and two integers, not an `Array`: a static property the compiler can
/// initialize statically, where an array would be initialized lazily, at the cost of a
/// `swift_once` call on every read.
struct EntryTable {
    struct Slot {
        /// The key path object's address; 0 for an empty slot.
        var key: UInt
        var entry: Unmanaged<EntryKey>?
    }

    private var slots: UnsafeMutablePointer<Slot>? = nil
    /// log2 of the capacity; the capacity is 0 while `slots` is `nil`.
    private var bits = 0
    private(set) var count = 0

    private var capacity: Int { slots == nil ? 0 : 1 << bits }

    private func home(of key: UInt) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt(UInt.bitWidth - bits))
    }

    /// The entry of the key path object `id`, if recorded.
    func find(_ id: ObjectIdentifier) -> Unmanaged<EntryKey>? {
        guard let slots else { return nil }
        let key = UInt(bitPattern: id)
        let mask = (1 << bits) - 1
        var index = home(of: key)
        while true {
            let slot = slots[index]
            if slot.key == key { return slot.entry }
            if slot.key == 0 { return nil }
            index = (index + 1) & mask
        }
    }

    /// Records `entry` for `id`; the table grows at half full, so probes stay short.
    mutating func insert(_ entry: Unmanaged<EntryKey>, for id: ObjectIdentifier) {
        if (count + 1) * 2 > capacity {
            let (old, oldCapacity) = (slots, capacity)
            bits = max(bits + 1, 4)
            let new = UnsafeMutablePointer<Slot>.allocate(capacity: 1 << bits)
            new.initialize(repeating: Slot(key: 0, entry: nil), count: 1 << bits)
            (slots, count) = (new, 0)
            if let old {
                for index in 0..<oldCapacity where old[index].key != 0 { place(old[index]) }
                old.deallocate()
            }
        }
        place(Slot(key: UInt(bitPattern: id), entry: entry))
    }

    /// Frees the storage; the table is empty afterwards.
    mutating func removeAll() {
        slots?.deallocate()
        (slots, bits, count) = (nil, 0, 0)
    }

    private mutating func place(_ new: Slot) {
        guard let slots else { return }
        let mask = (1 << bits) - 1
        var index = home(of: new.key)
        while slots[index].key != 0 && slots[index].key != new.key { index = (index + 1) & mask }
        if slots[index].key == 0 { count += 1 }
        slots[index] = new
    }
}
