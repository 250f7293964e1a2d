/// A weak reference to a child context.
@MainActor
struct WeakContext {
    weak var context: Context?
    init(_ context: Context) { self.context = context }
}

/// Keeps `value` alive until this call: the `withExtendedLifetime(value) {}` of a main-actor
/// method, without its closure, which would be main-actor isolated and check the executor at run
/// time on every call. (`extendLifetime(_:)` does the same but is not in the iOS 17 SDK.)
@inline(__always) func keepAlive<T>(_ value: T) { withExtendedLifetime(value) {} }

/// Type-erased storage of one value; the key's metatype fixes `V`, so reads downcast without a
/// dynamic cast.
@usableFromInline class AnyBox {
    var debugText: String { "" }
    var jsonText: String { "null" }
}

@usableFromInline final class Box<Value>: AnyBox {
    let value: Value
    @usableFromInline init(_ value: Value) { self.value = value }

    override var debugText: String { String(describing: value) }

    override var jsonText: String {
        switch value {
        case let value as Bool: return value ? "true" : "false"
        case let value as Int: return String(value)
        case let value as Double where value.isFinite: return String(value)
        case let value as String: return JSONText.quoted(value)
        default: return JSONText.quoted(String(describing: value))
        }
    }
}

/// A value stored in one context: the key (for dumps) and the box, `nil` for an explicit nil.
struct Slot {
    let key: any ContextKey.Type
    let box: AnyBox?
}

/// The outcome of reading a key along a chain.
///
/// The box is held unretained, so that a cache never keeps a removed or replaced value alive.
/// This is sound because a cached result (``CachedRead``) is used only while its key's
/// ``KeyStamp`` is unchanged and the context's chain has not been re-attached: until then no
/// slot of that key changed and the holder is still on the chain, so its slot holds the box
/// strongly.
enum ReadResult {
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

/// A read cached in one context: valid while its key's stamp still has the value it had when
/// the read was made. Re-attaching a context empties the caches of its subtree instead.
struct CachedRead {
    let result: ReadResult
    let stamp: UInt64
    /// The key's stamp; stamps are never freed (``KeyStamps`` keeps them), so this cannot dangle.
    let key: Unmanaged<KeyStamp>

    @inline(__always) var isValid: Bool { key._withUnsafeGuaranteedRef { $0.value } == stamp }
}

/// A counter advanced by every set or remove of one key, anywhere: the caches of that key's
/// reads are then stale, and the caches of every other key stay warm.
final class KeyStamp {
    // An integer, read and advanced without calling anything: no user code can run during an
    // access, so the run-time exclusivity check is skipped.
    @exclusivity(unchecked) final var value: UInt64 = 0
}

/// Every key's ``KeyStamp``, kept for the life of the process (one per key type that was read
/// or written), so that caches may refer to them unretained.
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

    /// Marks every cached read of `id` stale.
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
