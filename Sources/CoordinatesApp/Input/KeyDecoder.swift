/// Turns the bytes a terminal sends in raw mode into ``Key``s: UTF-8 text, control keys and the
/// escape sequences of arrows, Home, End and Delete (both `ESC [` and `ESC O` forms).
///
/// A UTF-8 character split across two reads is kept until its last byte arrives. An escape byte at
/// the end of a read is Escape itself, since terminals send a key's whole sequence in one write.
/// Unknown escape sequences are skipped.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.decode(Array("e\u{1B}[B\r".utf8))   // [.character("e"), .down, .enter]
/// ```
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    /// Makes a decoder with nothing pending.
    ///
    /// ```swift
    /// var decoder = KeyDecoder()
    /// ```
    public init() {}

    /// Decodes the bytes of one read.
    ///
    /// ```swift
    /// decoder.decode([0xC2])   // [] — half of "°"
    /// decoder.decode([0xB0])   // [.character("°")]
    /// ```
    ///
    /// - Parameter bytes: The bytes read.
    /// - Returns: The keys they complete, in order.
    public mutating func decode(_ bytes: [UInt8]) -> [Key] {
        let input = pending + bytes
        pending = []
        var keys: [Key] = []
        var index = 0
        while index < input.count {
            let byte = input[index]
            switch byte {
            case 0x1B:
                let (key, length) = Self.escapeSequence(input, at: index)
                if let key { keys.append(key) }
                index += length
                continue
            case 0x0D, 0x0A: keys.append(.enter)
            case 0x7F, 0x08: keys.append(.backspace)
            case 0x03: keys.append(.interrupt)
            case 0x04: keys.append(.endOfInput)
            case 0x15: keys.append(.clearLine)
            case 0x00..<0x20: break
            default:
                let length = Self.utf8Length(byte)
                guard index + length <= input.count else {
                    pending = Array(input[index...])
                    return keys
                }
                let scalarBytes = input[index..<(index + length)]
                for character in String(decoding: scalarBytes, as: UTF8.self) {
                    keys.append(.character(character))
                }
                index += length
                continue
            }
            index += 1
        }
        return keys
    }

    private static func utf8Length(_ lead: UInt8) -> Int {
        switch lead {
        case 0xF0...0xF7: 4
        case 0xE0...0xEF: 3
        case 0xC0...0xDF: 2
        default: 1
        }
    }

    /// Decodes an escape sequence starting at `start`; returns the key (or `nil` to skip it) and the
    /// number of bytes it used.
    private static func escapeSequence(_ input: [UInt8], at start: Int) -> (Key?, Int) {
        guard start + 1 < input.count else { return (.escape, 1) }
        let introducer = input[start + 1]
        guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else { return (.escape, 1) }
        // Parameters and intermediates are 0x20...0x3F; the final byte is 0x40...0x7E.
        var end = start + 2
        while end < input.count, (0x20...0x3F).contains(input[end]) { end += 1 }
        guard end < input.count else { return (nil, input.count - start) }
        let parameters = String(decoding: input[(start + 2)..<end], as: UTF8.self)
        let length = end - start + 1
        switch (input[end], parameters) {
        case (UInt8(ascii: "A"), _): return (.up, length)
        case (UInt8(ascii: "B"), _): return (.down, length)
        case (UInt8(ascii: "C"), _): return (.right, length)
        case (UInt8(ascii: "D"), _): return (.left, length)
        case (UInt8(ascii: "H"), _), (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"): return (.home, length)
        case (UInt8(ascii: "F"), _), (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"): return (.end, length)
        case (UInt8(ascii: "~"), "3"): return (.delete, length)
        default: return (nil, length)
        }
    }
}
