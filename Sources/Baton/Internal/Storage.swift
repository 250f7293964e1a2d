/// A weak reference to a child context.
@MainActor
struct WeakContext {
    weak var context: Context?
    init(_ context: Context) { self.context = context }
}

/// Type-erased storage of one value; the key's metatype fixes `V`, so reads downcast without a
/// dynamic cast.
class AnyBox {
    var debugText: String { "" }
    var jsonText: String { "null" }
}

final class Box<Value>: AnyBox {
    let value: Value
    init(_ value: Value) { self.value = value }

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

/// The outcome of reading a key along a chain, as cached per context.
///
/// The box is held unretained, so that a cache never keeps a removed or replaced value alive.
/// This is sound because a cached result is used only within the ``ContextGeneration`` it was
/// filled in: until then no slot changed and no context on the chain was detached, so the
/// holder's slot still holds the box strongly.
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

/// A counter advanced by every change that can alter what some context reads (set, remove,
/// attach). Per-context read caches are valid only for the generation they were filled in.
@MainActor
enum ContextGeneration {
    @exclusivity(unchecked) static var current: UInt64 = 0
    @inline(__always) static func advance() { current &+= 1 }
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
