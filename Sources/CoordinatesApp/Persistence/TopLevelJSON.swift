/// The members of a JSON object's top level as raw text, found without parsing their values: one
/// pass with a depth counter and no recursion, so that a member nested too deep for a JSON
/// parser, or holding invalid UTF-8, can be set aside while the others are still read.
///
/// ```swift
/// let members = TopLevelJSON.members(of: Array(#"{"a":1,"screens":[[[]]]}"#.utf8))
/// members?.map(\.key)   // ["a", "screens"]
/// ```
enum TopLevelJSON {
    struct Member {
        /// The key, as written between its quotes (a key with an escape is refused).
        let key: String
        /// The value's text, without the spaces around it.
        let value: ArraySlice<UInt8>
    }

    /// The members of the object that `bytes` holds, or `nil` when it is not an object whose
    /// structure (quotes, brackets, commas) is sound.
    static func members(of bytes: [UInt8]) -> [Member]? {
        var index = 0
        func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }
        /// Moves past a string that starts at `index`; `false` when it does not end.
        func skipString() -> Bool {
            index += 1
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\\"): index += 2
                case UInt8(ascii: "\""):
                    index += 1
                    return true
                default: index += 1
                }
            }
            return false
        }
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
        index += 1
        var members: [Member] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            return trailingSpaceOnly(after: index + 1, in: bytes) ? [] : nil
        }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
            let keyStart = index + 1
            guard skipString() else { return nil }
            let keyBytes = bytes[keyStart..<index - 1]
            guard !keyBytes.contains(UInt8(ascii: "\\")), let key = validUTF8(keyBytes) else {
                return nil
            }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            skipSpace()
            let valueStart = index
            var depth = 0
            scan: while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    guard skipString() else { return nil }
                    continue scan
                case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    if depth == 0 { break scan }
                    depth -= 1
                case UInt8(ascii: ","):
                    if depth == 0 { break scan }
                default: break
                }
                index += 1
            }
            guard index < bytes.count, depth == 0 else { return nil }
            var valueEnd = index
            while valueEnd > valueStart, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[valueEnd - 1]) { valueEnd -= 1 }
            guard valueEnd > valueStart else { return nil }
            members.append(Member(key: key, value: bytes[valueStart..<valueEnd]))
            if bytes[index] == UInt8(ascii: "}") {
                return trailingSpaceOnly(after: index + 1, in: bytes) ? members : nil
            }
            guard bytes[index] == UInt8(ascii: ",") else { return nil }
            index += 1
        }
    }

    /// The text of `bytes` when they are valid UTF-8 (`String(validating:as:)` needs iOS 18).
    static func validUTF8(_ bytes: ArraySlice<UInt8>) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.utf8.elementsEqual(bytes) ? text : nil
    }

    private static func trailingSpaceOnly(after index: Int, in bytes: [UInt8]) -> Bool {
        bytes[index...].allSatisfy { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
    }

    /// The text of an object holding `members`.
    static func object(_ members: [Member]) -> [UInt8] {
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        for (number, member) in members.enumerated() {
            if number > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: member.key.utf8)
            bytes.append(contentsOf: Array("\":".utf8))
            bytes.append(contentsOf: member.value)
        }
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }
}
