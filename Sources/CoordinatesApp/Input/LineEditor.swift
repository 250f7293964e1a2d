/// A one-line text field edited by keys, by grapheme cluster: `e` followed by U+0301, or an emoji
/// followed by a skin tone, join into one character, so the cursor counts what the user sees and
/// never leaves the text, whatever arrives.
///
/// ```swift
/// var editor = LineEditor(text: "48")
/// editor.apply(.character("e"))
/// editor.apply(.character("\u{301}"))   // "48é", cursor 3
/// editor.apply(.backspace)              // "48", cursor 2
/// ```
struct LineEditor: Hashable, Sendable {
    /// The most characters the field holds; a longer paste is cut.
    static let lengthLimit = 1_000

    private(set) var text: String
    /// The cursor, in characters from the start, always within `0...text.count`.
    private(set) var cursor: Int

    init(text: String = "") {
        self.text = String(text.prefix(Self.lengthLimit))
        cursor = self.text.count
    }

    /// Applies an editing key; returns whether it was one (Enter, Escape and the rest are not).
    @discardableResult
    mutating func apply(_ key: Key) -> Bool {
        switch key {
        case .character(let character):
            insert(Self.cleaned(String(character)))
        case .paste(let pasted):
            insert(Self.cleaned(pasted))
        case .backspace:
            if cursor > 0 { replace(from: cursor - 1, to: cursor, with: "") }
        case .delete, .endOfInput:
            if cursor < text.count { replace(from: cursor, to: cursor + 1, with: "") }
        case .deleteToEnd:
            replace(from: cursor, to: text.count, with: "")
        case .deleteWordBackward:
            let head = Array(text.prefix(cursor))
            var start = head.count
            while start > 0, head[start - 1].isWhitespace { start -= 1 }
            while start > 0, !head[start - 1].isWhitespace { start -= 1 }
            replace(from: start, to: cursor, with: "")
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(text.count, cursor + 1)
        case .home: cursor = 0
        case .end: cursor = text.count
        case .clearLine: replace(from: 0, to: text.count, with: "")
        default: return false
        }
        return true
    }

    /// Line breaks and tabs become spaces; other control characters are dropped.
    static func cleaned(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" || scalar == "\t" {
                output.append(" ")
            } else if scalar.properties.generalCategory != .control {
                output.append(scalar)
            }
        }
        return String(output)
    }

    private mutating func insert(_ typed: String) {
        guard !typed.isEmpty else { return }
        let room = max(0, Self.lengthLimit - text.count)
        replace(from: cursor, to: cursor, with: String(typed.prefix(room)))
    }

    /// Every edit goes through here and leaves the cursor within the text, even when the new text
    /// joins with its neighbours into fewer characters.
    private mutating func replace(from start: Int, to end: Int, with replacement: String) {
        let start = max(0, min(start, text.count))
        let end = max(start, min(end, text.count))
        let head = String(text.prefix(start)) + replacement
        text = head + String(text.dropFirst(end))
        if text.count > Self.lengthLimit { text = String(text.prefix(Self.lengthLimit)) }
        cursor = min(head.count, text.count)
    }
}
