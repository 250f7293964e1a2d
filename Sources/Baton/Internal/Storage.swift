/// A weak reference to a child context.
@MainActor
struct WeakContext {
    weak var context: ScreenContext?
    init(_ context: ScreenContext) { self.context = context }
}

/// Keeps `value` alive until this call: the `withExtendedLifetime(value) {}` of a main-actor
/// method, without its closure, which would be main-actor isolated and check the executor at run
/// time on every call. (`extendLifetime(_:)` does the same but is not in the iOS 17 SDK.)
@inlinable @inline(__always) func keepAlive<T>(_ value: T) { withExtendedLifetime(value) {} }

/// An `Optional`, seen through `Any`.
protocol OptionalValue {
    var wrapped: Any? { get }
}

extension Optional: OptionalValue {
    var wrapped: Any? { self.map { $0 } }
}

/// Type-erased storage of one value; the key's metatype fixes `V`, so reads downcast without a
/// dynamic cast.
@usableFromInline class AnyBox {
    var debugText: String { "" }
    var jsonText: String { "null" }
}

@usableFromInline final class Box<Value>: AnyBox {
    // Replaced only by ``Unmanaged/exchange(_:)``, a move with nothing released and no user code
    // run during the access; reads copy the value out and call nothing. So the run-time
    // exclusivity check is skipped.
    @exclusivity(unchecked) @usableFromInline var value: Value
    @usableFromInline init(_ value: Value) { self.value = value }

    override var debugText: String { Self.debugText(value) }

    override var jsonText: String { Self.jsonText(value) }

    /// A value's text; an optional (a ``ContextEntry`` of an optional type) shows what it wraps,
    /// or `<null>` like an explicit nil.
    static func debugText(_ value: Any) -> String {
        if let optional = value as? any OptionalValue {
            guard let wrapped = optional.wrapped else { return "<null>" }
            return debugText(wrapped)
        }
        return String(describing: value)
    }

    static func jsonText(_ value: Any) -> String {
        if let optional = value as? any OptionalValue {
            guard let wrapped = optional.wrapped else { return "null" }
            return jsonText(wrapped)
        }
        switch value {
        case let value as Bool: return value ? "true" : "false"
        case let value as Int: return String(value)
        case let value as Double where value.isFinite: return String(value)
        case let value as String: return JSONText.quoted(value)
        default: return JSONText.quoted(String(describing: value))
        }
    }
}

extension Unmanaged where Instance == AnyBox {
    /// The value of a box known to hold a `Value`, copied out without retaining the box.
    ///
    /// Outside the main actor on purpose: a closure written in a main-actor function is main-actor
    /// isolated, and passing it to `_withUnsafeGuaranteedRef` would check the executor at run
    /// time on every read.
    @inlinable @inline(__always) func value<Value>(as type: Value.Type) -> Value {
        _withUnsafeGuaranteedRef { unsafeDowncast($0, to: Box<Value>.self).value }
    }

    /// Puts `value` into a box known to hold a `Value` and returns the value it held, which the
    /// caller releases once its state is settled (its `deinit` may be user code).
    @inlinable @inline(__always) func exchange<Value>(_ value: Value) -> Value {
        _withUnsafeGuaranteedRef {
            var value = value
            swap(&unsafeDowncast($0, to: Box<Value>.self).value, &value)
            return value
        }
    }
}

/// A value stored in one context: the key (for dumps), the box (`nil` for an explicit nil) and
/// the key's stamp, so that a write advances it without looking it up.
struct Slot {
    let key: KeySource
    var box: AnyBox?
    /// Never freed (``KeyStamps`` keeps every stamp), so it is held unretained.
    let stamp: Unmanaged<KeyStamp>
}

/// The outcome of reading a key along a chain.
///
/// The box is held unretained, so that a cache never keeps a removed or replaced value alive.
/// This is sound because a cached result (``CachedRead``) is returned only while its key's
/// ``KeyStamp/value`` is unchanged and the context's chain has not been re-attached: until then
/// no slot of that key changed and the holder is still on the chain, so its slot holds the box
/// strongly.
@usableFromInline enum ReadResult {
    case found(Unmanaged<AnyBox>?)
    case missing

    /// Whether two reads return the same stored box (or both nothing).
    func isSameRead(as other: ReadResult) -> Bool {
        switch (self, other) {
        case (.missing, .missing): true
        case (.found(let a), .found(let b)): a?.toOpaque() == b?.toOpaque()
        default: false
        }
    }
}

/// A read cached in one context, and the context it was found in.
///
/// - While the key's ``KeyStamp/value`` is `stamp`, no slot of the key changed anywhere: the
///   result is still what the chain holds.
/// - Once it moved on but ``KeyStamp/shape`` is still `shape`, slots of the key were only replaced
///   in place, never added or removed: the nearest holder on the chain is still `holder`, and one
///   lookup in its table gives the current result (``ScreenContext/refreshedRead(_:_:)``).
/// - Otherwise the chain is walked again.
///
/// Re-attaching a context empties the caches of its subtree. So `holder`, unretained, is on the
/// caching context's chain whenever the entry exists: the chain holds it strongly.
struct CachedRead {
    let result: ReadResult
    let stamp: UInt64
    let shape: UInt64
    /// The nearest context holding the key when the chain was last walked; `nil` when none did.
    let holder: Unmanaged<ScreenContext>?
    /// The key's stamp; stamps are never freed (``KeyStamps`` keeps them), so this cannot dangle.
    let key: Unmanaged<KeyStamp>
    /// The Observation cell of this context's chain read of the key, once a tracking scope
    /// recorded one: a read then records its access directly (see `ObservationTracking.swift`).
    /// The context keeps its cells for as long as it lives (`trackedReads`), so this cannot
    /// dangle.
    var cell: Unmanaged<AnyObject>?

    @inline(__always) var isValid: Bool { key._withUnsafeGuaranteedRef { $0.value } == stamp }
}

/// The change counters of one key, and how many observers watch it.
///
/// Every field is an integer, read and advanced without calling anything: no user code can run
/// during an access, so the run-time exclusivity checks are skipped.
@usableFromInline final class KeyStamp {
    /// Advanced by every set or remove of the key, anywhere, and by every change of a provider,
    /// action, flag or event-observer table for it (``KeyStamps/advance(_:)``): the caches of
    /// that key's reads and nearest holders are then stale, and the caches of every other key
    /// stay warm.
    @exclusivity(unchecked) final var value: UInt64 = 0
    /// Advanced when a slot of the key is added to or removed from any context's table (a set of
    /// a key the context did not hold, a remove, a move), not when a slot is replaced in place:
    /// while it is unchanged, every context's nearest holder of the key is too.
    @exclusivity(unchecked) final var shape: UInt64 = 0
    /// The live-or-unpruned `ScreenContext.onChange(of:owner:if:_:)` observations of the key
    /// (``ObservedKeys``), so that a write of an unobserved key does not walk the subtree.
    @exclusivity(unchecked) final var observers = 0
    /// Whether a read of the key was ever recorded in an Observation tracking scope (a chain
    /// read or a named read; never reset): until then a write of the key has no Observation
    /// cell to fire and skips comparing reads before and after, even while other keys are
    /// tracked, as they are all the time in a SwiftUI app.
    @exclusivity(unchecked) final var isTracked = false
}

extension Unmanaged where Instance == KeyStamp {
    /// Records that a slot of the key was replaced in place: values changed, holders did not.
    @inline(__always) func advanceValue() { _withUnsafeGuaranteedRef { $0.value &+= 1 } }

    /// Records that a slot of the key was added or removed: values and holders may change.
    @inline(__always) func advanceShape() {
        _withUnsafeGuaranteedRef {
            $0.shape &+= 1
            $0.value &+= 1
        }
    }

    @inline(__always) var observers: Int { _withUnsafeGuaranteedRef { $0.observers } }
    @inline(__always) var isTracked: Bool { _withUnsafeGuaranteedRef { $0.isTracked } }
    @inline(__always) var value: UInt64 { _withUnsafeGuaranteedRef { $0.value } }
    @inline(__always) var shape: UInt64 { _withUnsafeGuaranteedRef { $0.shape } }
}

/// Every key's ``KeyStamp``, kept for the life of the process (one per key type that was read,
/// written or observed), so that caches and slots may refer to them unretained.
@MainActor
enum KeyStamps {
    @exclusivity(unchecked) static var table: [ObjectIdentifier: KeyStamp] = [:]

    /// The stamp of `id`, made on first use.
    static func stamp(for id: ObjectIdentifier) -> KeyStamp {
        if let stamp = table[id] { return stamp }
        let stamp = KeyStamp()
        table[id] = stamp
        return stamp
    }

    /// Marks every cached read and cached holder of `id` stale.
    @inline(__always) static func advance(_ id: ObjectIdentifier) {
        if let stamp = table[id] { stamp.value &+= 1 }
    }
}

enum JSONText {
    static func quoted(_ string: String) -> String {
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case let s where s.value < 0x20:
                let hex = String(s.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
