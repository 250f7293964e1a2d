/// A JSON value, so that screen trees are saved, restored and turned into links without
/// Foundation (Baton's core needs only the standard library).
///
/// Numbers keep their text, so that integers of any width and doubles round-trip exactly.
enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([Member])

    struct Member: Hashable, Sendable {
        let key: String
        let value: JSONValue
    }

    /// The value of the object member `key`, if this is an object that has it.
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// What kind of value this is, for error messages.
    var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

// MARK: - Text

extension JSONValue {
    /// Compact JSON text.
    var text: String {
        var text = ""
        write(to: &text)
        return text
    }

    private func write(to text: inout String) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .number(let value): text += value
        case .string(let value): Self.writeString(value, to: &text)
        case .array(let values):
            text += "["
            for (index, value) in values.enumerated() {
                if index > 0 { text += "," }
                value.write(to: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { text += "," }
                Self.writeString(member.key, to: &text)
                text += ":"
                member.value.write(to: &text)
            }
            text += "}"
        }
    }

    private static func writeString(_ string: String, to text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }

    /// Why text is not JSON: what was expected and at which byte.
    struct SyntaxError: Error, CustomStringConvertible {
        let message: String
        let offset: Int
        var description: String { "\(message) at byte \(offset)" }
    }

    /// Parses JSON text (RFC 8259). Nesting deeper than `maxDepth` is refused, so that hostile
    /// input cannot exhaust the stack.
    init(parsing text: String, maxDepth: Int = 256) throws(SyntaxError) {
        // Parsed in place from the string's own UTF-8: a copy of a large saved tree's text (5 MB
        // for 100,000 screens) was a fresh block the allocator faulted in on every read.
        var text = text
        let parsed = text.withUTF8 { bytes -> Result<JSONValue, SyntaxError> in
            var parser = Parser(bytes: bytes, maxDepth: maxDepth)
            do throws(SyntaxError) {
                parser.skipSpace()
                let value = try parser.value(depth: 0)
                parser.skipSpace()
                guard parser.index == bytes.count else { throw parser.error("unexpected text after the value") }
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        // A switch, not `get()`: the iOS 17 SDK's `Result.get()` throws `any Error`.
        switch parsed {
        case .success(let value): self = value
        case .failure(let error): throw error
        }
    }

    /// Reads JSON from UTF-8 bytes that outlive it. Every read of `bytes` is after a check of
    /// `index` against `bytes.count`.
    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        let maxDepth: Int
        var index = 0

        func error(_ message: String) -> SyntaxError { SyntaxError(message: message, offset: index) }

        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        mutating func value(depth: Int) throws(SyntaxError) -> JSONValue {
            guard depth < maxDepth else { throw error("nesting deeper than \(maxDepth)") }
            guard index < bytes.count else { throw error("unexpected end of text") }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            default: return .number(try number())
            }
        }

        mutating func literal(_ word: String) throws(SyntaxError) {
            let expected = word.utf8
            guard index + expected.count <= bytes.count, bytes[index..<index + expected.count].elementsEqual(expected)
            else {
                throw error("expected \(word)")
            }
            index += expected.count
        }

        mutating func object(depth: Int) throws(SyntaxError) -> JSONValue {
            index += 1
            var members: [Member] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            // No `reserveCapacity(4)`: most objects of a saved tree (a route, its case's values)
            // have one member, and room for four made a 100,000-screen tree 40 MB larger, which
            // the allocator gave back and faulted in again on each read (17x the time of 10,000).
            while true {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key") }
                let key = try string()
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected :") }
                index += 1
                skipSpace()
                members.append(Member(key: key, value: try value(depth: depth + 1)))
                skipSpace()
                guard index < bytes.count else { throw error("unexpected end of text") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                } else if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return .object(members)
                } else {
                    throw error("expected , or }")
                }
            }
        }

        mutating func array(depth: Int) throws(SyntaxError) -> JSONValue {
            index += 1
            var values: [JSONValue] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(values)
            }
            while true {
                skipSpace()
                values.append(try value(depth: depth + 1))
                skipSpace()
                guard index < bytes.count else { throw error("unexpected end of text") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                } else if bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return .array(values)
                } else {
                    throw error("expected , or ]")
                }
            }
        }

        /// A string's value: its bytes, with each escape replaced by the UTF-8 of what it stands
        /// for, made into a `String` once (building it a scalar at a time was quadratic in the
        /// number of escapes: 52 s for a million `\u00e9`).
        mutating func string() throws(SyntaxError) -> String {
            index += 1
            var utf8: [UInt8] = []
            var start = index
            while true {
                guard index < bytes.count else { throw error("unterminated string") }
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    defer { index += 1 }
                    if utf8.isEmpty {
                        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                    }
                    utf8.append(contentsOf: bytes[start..<index])
                    return String(decoding: utf8, as: UTF8.self)
                }
                if byte < 0x20 { throw error("control character in a string") }
                guard byte == UInt8(ascii: "\\") else {
                    index += 1
                    continue
                }
                utf8.append(contentsOf: bytes[start..<index])
                index += 1
                guard index < bytes.count else { throw error("unterminated escape") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code) {
                        // A high surrogate must be followed by a low one.
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                            bytes[index + 1] == UInt8(ascii: "u")
                        else { throw error("unpaired surrogate") }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw error("unpaired surrogate") }
                    UTF8.encode(scalar) { utf8.append($0) }
                default:
                    throw error("unknown escape")
                }
                start = index
            }
        }

        /// Four hex digits, and nothing else (RFC 8259's `4HEXDIG`: no sign, no space).
        mutating func hex4() throws(SyntaxError) -> UInt32 {
            guard index + 4 <= bytes.count else { throw error("expected four hex digits") }
            var code: UInt32 = 0
            for offset in 0..<4 {
                let byte = bytes[index + offset]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw error("expected four hex digits")
                }
                code = code << 4 | UInt32(digit)
            }
            index += 4
            return code
        }

        mutating func number() throws(SyntaxError) -> String {
            let start = index
            func digits() -> Int {
                let first = index
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                return index - first
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            let integerStart = index
            let integerDigits = digits()
            guard integerDigits > 0 else { throw error("expected a value") }
            if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") { throw error("leading zero in a number") }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { throw error("expected digits after .") }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                    index += 1
                }
                guard digits() > 0 else { throw error("expected digits in the exponent") }
            }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        }
    }
}
