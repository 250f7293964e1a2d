/// The parts of an entered coordinate around the place a parse error points at, so that a
/// graphical host can mark the bad part (in red, say) instead of drawing a caret under it.
///
/// The bad part runs from the error's offset to the next separator (space, comma, semicolon), and
/// is at least one character; an error at the very end (something is missing) has an empty bad part.
///
/// ```swift
/// let field = ScreenContent.Field(text: "48 61 N, 2 E", cursor: 12, errorOffset: 3)
/// let highlight = EntryErrorHighlight(field)!
/// highlight.before   // "48 "
/// highlight.bad      // "61"
/// highlight.after    // " N, 2 E"
/// ```
public struct EntryErrorHighlight: Hashable, Sendable {
    /// The text before the bad part.
    ///
    /// ```swift
    /// highlight.before   // "48 "
    /// ```
    public let before: String
    /// The bad part; empty when the error points past the end.
    ///
    /// ```swift
    /// highlight.bad   // "61"
    /// ```
    public let bad: String
    /// The text after the bad part.
    ///
    /// ```swift
    /// highlight.after   // " N, 2 E"
    /// ```
    public let after: String

    /// Splits a field at its error, or returns `nil` when it has none.
    ///
    /// ```swift
    /// if let highlight = EntryErrorHighlight(field) { show(highlight) }
    /// ```
    ///
    /// - Parameter field: The entry screen's field; an offset beyond the text counts as its end.
    public init?(_ field: ScreenContent.Field) {
        guard let offset = field.errorOffset else { return nil }
        self.init(text: field.text, offset: offset)
    }

    /// Splits `text` at the character `offset`.
    ///
    /// ```swift
    /// EntryErrorHighlight(text: "91, 0", offset: 0).bad   // "91"
    /// ```
    ///
    /// - Parameters:
    ///   - text: The entered text.
    ///   - offset: The error's offset in characters; clamped to the text.
    public init(text: String, offset: Int) {
        let characters = Array(text)
        let start = min(max(0, offset), characters.count)
        var end = min(start + 1, characters.count)
        if start < characters.count, !Self.separators.contains(characters[start]) {
            while end < characters.count, !Self.separators.contains(characters[end]) { end += 1 }
        }
        before = String(characters[..<start])
        bad = String(characters[start..<end])
        after = String(characters[end...])
    }

    private static let separators: Set<Character> = [" ", ",", ";", "\t"]
}
