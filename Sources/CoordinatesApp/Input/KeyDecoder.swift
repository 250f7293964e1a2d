/// Turns the bytes a terminal sends in raw mode into ``Key``s: UTF-8 text, control keys, the escape
/// sequences of arrows, Home, End and Delete (both `ESC [` and `ESC O` forms), and bracketed paste.
///
/// A UTF-8 character, an escape sequence or a paste split across reads is kept until it is complete.
/// An escape byte at the end of a read is Escape itself, since terminals send a key's whole sequence
/// in one write. Unknown escape sequences are skipped; invalid UTF-8 becomes U+FFFD; a combining mark
/// that arrives with its base character in one read makes one ``Key/character(_:)``.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.decode(Array("e\u{1B}[B\r".utf8))   // [.character("e"), .down, .enter]
/// ```
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []
    /// The bytes of a paste whose end marker has not arrived yet.
    private var pasted: [UInt8]?

    /// The most a paste keeps; the rest is dropped (a coordinate is a few dozen characters).
    static let pasteLimit = 65_536
    /// The longest escape sequence kept across reads.
    static let sequenceLimit = 32

    private static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
    private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

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
        var input = pending + bytes
        pending = []
        var keys: [Key] = []
        var index = 0
        if pasted != nil {
            index = continuePaste(input, from: 0, into: &keys)
            if pasted != nil { return keys }
        }
        var text: [UInt8] = []
        func flushText() {
            guard !text.isEmpty else { return }
            for character in String(decoding: text, as: UTF8.self) { keys.append(.character(character)) }
            text = []
        }
        while index < input.count {
            let byte = input[index]
            switch byte {
            case 0x1B:
                flushText()
                if Self.hasPrefix(input, Self.pasteStart, at: index) {
                    pasted = []
                    index = continuePaste(input, from: index + Self.pasteStart.count, into: &keys)
                    if pasted != nil { return keys }
                    continue
                }
                let (key, length, complete) = Self.escapeSequence(input, at: index)
                if !complete {
                    pending = Array(input[index...])
                    return keys
                }
                if let key { keys.append(key) }
                index += length
                continue
            case 0x00..<0x20, 0x7F:
                flushText()
                if let key = Self.controlKey(byte) { keys.append(key) }
            default:
                let length = Self.utf8Length(byte)
                guard index + length <= input.count else {
                    // Keep an incomplete character for the next read, unless what follows already
                    // shows it is invalid.
                    let tail = input[(index + 1)...]
                    if tail.allSatisfy({ (0x80...0xBF).contains($0) }) {
                        flushText()
                        pending = Array(input[index...])
                        return keys
                    }
                    text.append(byte)
                    index += 1
                    continue
                }
                text.append(contentsOf: input[index..<(index + length)])
                index += length
                continue
            }
            index += 1
        }
        flushText()
        input.removeAll()
        return keys
    }

    private static func controlKey(_ byte: UInt8) -> Key? {
        switch byte {
        case 0x0D, 0x0A: .enter
        case 0x7F, 0x08: .backspace
        case 0x01: .home
        case 0x05: .end
        case 0x03: .interrupt
        case 0x04: .endOfInput
        case 0x0B: .deleteToEnd
        case 0x15: .clearLine
        case 0x17: .deleteWordBackward
        default: nil
        }
    }

    /// Collects pasted bytes from `start` until the end marker; returns where decoding goes on.
    private mutating func continuePaste(_ input: [UInt8], from start: Int, into keys: inout [Key]) -> Int {
        var index = start
        while index < input.count {
            if input[index] == 0x1B {
                if Self.hasPrefix(input, Self.pasteEnd, at: index) {
                    keys.append(.paste(String(decoding: pasted ?? [], as: UTF8.self)))
                    pasted = nil
                    return index + Self.pasteEnd.count
                }
                // Perhaps the start of the end marker, split across reads.
                if input.count - index < Self.pasteEnd.count,
                    Array(input[index...]) == Array(Self.pasteEnd.prefix(input.count - index))
                {
                    pending = Array(input[index...])
                    return input.count
                }
            }
            if (pasted?.count ?? 0) < Self.pasteLimit { pasted?.append(input[index]) }
            index += 1
        }
        return index
    }

    private static func hasPrefix(_ input: [UInt8], _ prefix: [UInt8], at index: Int) -> Bool {
        guard input.count - index >= prefix.count else { return false }
        return input[index..<(index + prefix.count)].elementsEqual(prefix)
    }

    private static func utf8Length(_ lead: UInt8) -> Int {
        switch lead {
        case 0xF0...0xF4: 4
        case 0xE0...0xEF: 3
        case 0xC2...0xDF: 2
        default: 1
        }
    }

    /// Decodes an escape sequence starting at `start`: the key (or `nil` to skip it), the number of
    /// bytes it used, and whether it is complete (else it waits for the next read).
    private static func escapeSequence(_ input: [UInt8], at start: Int) -> (Key?, Int, Bool) {
        guard start + 1 < input.count else { return (.escape, 1, true) }
        let introducer = input[start + 1]
        guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else { return (.escape, 1, true) }
        // Parameters and intermediates are 0x20...0x3F; the final byte is 0x40...0x7E.
        var end = start + 2
        while end < input.count, (0x20...0x3F).contains(input[end]) { end += 1 }
        guard end < input.count else {
            // Incomplete: wait for the rest, unless it is already too long to be a key.
            return (nil, input.count - start, input.count - start > sequenceLimit)
        }
        let parameters = String(decoding: input[(start + 2)..<end], as: UTF8.self)
        let length = end - start + 1
        switch (input[end], parameters) {
        case (UInt8(ascii: "A"), _): return (.up, length, true)
        case (UInt8(ascii: "B"), _): return (.down, length, true)
        case (UInt8(ascii: "C"), _): return (.right, length, true)
        case (UInt8(ascii: "D"), _): return (.left, length, true)
        case (UInt8(ascii: "H"), _), (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"): return (.home, length, true)
        case (UInt8(ascii: "F"), _), (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"): return (.end, length, true)
        case (UInt8(ascii: "~"), "3"): return (.delete, length, true)
        default:
            // A final byte outside 0x40...0x7E ends a malformed sequence: skip what came before it.
            if !(0x40...0x7E).contains(input[end]) { return (nil, end - start, true) }
            return (nil, length, true)
        }
    }
}
