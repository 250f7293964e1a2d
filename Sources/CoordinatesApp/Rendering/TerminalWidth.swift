/// How many terminal columns text takes: 2 for wide East Asian characters and emoji, 0 for
/// combining marks and other zero-width characters, 1 for the rest, as terminals draw them.
///
/// ```swift
/// TerminalWidth.columns("東京")      // 4
/// TerminalWidth.columns("e\u{301}")  // 1
/// ```
public enum TerminalWidth {
    /// The columns one character (grapheme cluster) takes.
    ///
    /// ```swift
    /// TerminalWidth.columns(of: "👍🏽")   // 2
    /// ```
    ///
    /// - Parameter character: The character.
    /// - Returns: 0, 1 or 2.
    public static func columns(of character: Character) -> Int {
        // The sum of the scalars' widths, so that a string measures the same however it is cut into
        // characters (a combining mark or a prepended mark joins whatever comes next to it). An emoji
        // after a zero-width joiner adds nothing: the sequence draws as one picture.
        var total = 0
        var afterJoiner = false
        for scalar in character.unicodeScalars {
            total += afterJoiner ? 0 : columns(of: scalar)
            afterJoiner = scalar.value == 0x200D
        }
        return total
    }

    /// The columns a string takes.
    ///
    /// ```swift
    /// TerminalWidth.columns("48°51′N")   // 7
    /// ```
    ///
    /// - Parameter text: The text.
    /// - Returns: The sum of its characters' columns.
    public static func columns(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + columns(of: $1) }
    }

    private static func columns(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value < 0x20 ? 0 : 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        // Variation selectors, skin tones and Hangul vowels and finals join what comes before.
        if (0xFE00...0xFE0F).contains(value) || (0x1F3FB...0x1F3FF).contains(value) || (0x1160...0x11FF).contains(value)
            || (0xE0020...0xE007F).contains(value)
        {
            return 0
        }
        // Regional indicators pair into one two-column flag.
        if (0x1F1E6...0x1F1FF).contains(value) { return 1 }
        if scalar.properties.isEmojiPresentation { return 2 }
        for range in wideRanges where range.contains(value) { return 2 }
        return 1
    }

    /// East Asian Wide and Fullwidth blocks.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
        0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
        0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    /// Cuts `text` to at most `width` columns and pads it with spaces to exactly `width`.
    ///
    /// ```swift
    /// TerminalWidth.fit("東京タワー", 5)   // "東京 "
    /// ```
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - width: The columns wanted.
    /// - Returns: Text exactly `width` columns wide.
    public static func fit(_ text: String, _ width: Int) -> String {
        var output = ""
        var used = 0
        var escape: String?
        for var character in text {
            // Colour escapes (ESC [ digits ; m) pass through and take no room; any other escape or
            // control character is drawn as U+FFFD, never sent to the terminal raw.
            if let started = escape {
                if character == "m", started.count >= 2 {
                    output += started + "m"
                    escape = nil
                    continue
                }
                if (character == "[" && started.count == 1)
                    || (started.count > 1 && (character.isASCII && (character.isNumber || character == ";"))
                        && started.count < 24)
                {
                    escape = started + String(character)
                    continue
                }
                escape = nil
                let replaced = "\u{FFFD}" + String(started.dropFirst())
                if used + TerminalWidth.columns(replaced) > width { break }
                output += replaced
                used += TerminalWidth.columns(replaced)
            }
            if character == "\u{1B}" {
                escape = "\u{1B}"
                continue
            }
            if character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                character = "\u{FFFD}"
            }
            let size = columns(of: character)
            if used + size > width { break }
            output.append(character)
            used += size
        }
        return output + String(repeating: " ", count: max(0, width - used))
    }
}
