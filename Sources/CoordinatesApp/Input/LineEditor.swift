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
///
/// A field prefilled with a value to change starts with that value selected, as a text field does
/// in any other app: what the user types or pastes replaces it, a deleting key deletes it, and a
/// key that moves the cursor (an arrow, Home, End) keeps it for editing.
///
/// ```swift
/// var editor = LineEditor(text: "51.4778, -0.0015", selected: true)
/// editor.apply(.character("4"))   // "4", cursor 1, nothing selected
/// ```
struct LineEditor: Hashable, Sendable {
    /// The most characters the field holds; a longer paste is cut.
    static let lengthLimit = 1_000

    private(set) var text: String
    /// The cursor, in characters from the start, always within `0...text.count`.
    private(set) var cursor: Int
    /// The selected characters, within the text and never empty; `nil` when nothing is selected.
    private(set) var selection: Range<Int>?

    /// A field holding `text`, with the cursor at its end.
    ///
    /// - Parameters:
    ///   - text: The text the field starts with.
    ///   - selected: Whether all of it starts selected, so that typing replaces it.
    init(text: String = "", selected: Bool = false) {
        self.text = String(text.prefix(Self.lengthLimit))
        cursor = self.text.count
        selection = selected && !self.text.isEmpty ? 0..<self.text.count : nil
    }

    /// Applies an editing key; returns whether it was one (Enter, Escape and the rest are not).
    @discardableResult
    mutating func apply(_ key: Key) -> Bool {
        if let selected = selection, Self.deletes(key) {
            replace(from: selected.lowerBound, to: selected.upperBound, with: "")
            return true
        }
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
        // With a selection, ← and → go to its start and its end, as in any text field.
        case .left: move(to: selection?.lowerBound ?? cursor - 1)
        case .right: move(to: selection?.upperBound ?? cursor + 1)
        // A one-line field has no line above or below: ↑ and ↓ go to its start and its end.
        case .home, .up: move(to: 0)
        case .end, .down: move(to: text.count)
        case .clearLine: replace(from: 0, to: text.count, with: "")
        default: return false
        }
        return true
    }

    /// The keys that delete: with a selection, they delete it (Ctrl-U still clears the line).
    private static func deletes(_ key: Key) -> Bool {
        switch key {
        case .backspace, .delete, .endOfInput, .deleteToEnd, .deleteWordBackward: true
        default: false
        }
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

    /// Types `typed` at the cursor, or over the selection; nothing typed (a control character
    /// dropped) leaves the selection as it was.
    private mutating func insert(_ typed: String) {
        guard !typed.isEmpty else { return }
        let (start, end) = selection.map { ($0.lowerBound, $0.upperBound) } ?? (cursor, cursor)
        let room = max(0, Self.lengthLimit - (text.count - (end - start)))
        replace(from: start, to: end, with: String(typed.prefix(room)))
    }

    /// Moves the cursor, kept within the text, and keeps the text: nothing is selected any more.
    private mutating func move(to position: Int) {
        cursor = max(0, min(position, text.count))
        selection = nil
    }

    /// Every edit goes through here and leaves the cursor within the text, even when the new text
    /// joins with its neighbours into fewer characters; nothing is selected afterwards.
    private mutating func replace(from start: Int, to end: Int, with replacement: String) {
        let start = max(0, min(start, text.count))
        let end = max(start, min(end, text.count))
        let head = String(text.prefix(start)) + replacement
        text = head + String(text.dropFirst(end))
        if text.count > Self.lengthLimit { text = String(text.prefix(Self.lengthLimit)) }
        cursor = min(head.count, text.count)
        selection = nil
    }
}
