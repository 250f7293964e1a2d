/// One key press read from a terminal in raw mode.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.decode([0x1B, 0x5B, 0x41])   // [.up]
/// ```
public enum Key: Hashable, Sendable {
    /// A printable character, typed as is.
    ///
    /// ```swift
    /// Key.character("e")
    /// ```
    case character(Character)
    /// Return or Enter.
    ///
    /// ```swift
    /// decoder.decode([0x0D])   // [.enter]
    /// ```
    case enter
    /// Escape on its own.
    ///
    /// ```swift
    /// decoder.decode([0x1B])   // [.escape]
    /// ```
    case escape
    /// Backspace (DEL or Ctrl-H).
    ///
    /// ```swift
    /// decoder.decode([0x7F])   // [.backspace]
    /// ```
    case backspace
    /// The forward Delete key.
    ///
    /// ```swift
    /// decoder.decode(Array("\u{1B}[3~".utf8))   // [.delete]
    /// ```
    case delete
    /// The up arrow.
    ///
    /// ```swift
    /// decoder.decode(Array("\u{1B}[A".utf8))   // [.up]
    /// ```
    case up
    /// The down arrow.
    ///
    /// ```swift
    /// decoder.decode(Array("\u{1B}[B".utf8))   // [.down]
    /// ```
    case down
    /// The left arrow.
    ///
    /// ```swift
    /// decoder.decode(Array("\u{1B}[D".utf8))   // [.left]
    /// ```
    case left
    /// The right arrow.
    ///
    /// ```swift
    /// decoder.decode(Array("\u{1B}[C".utf8))   // [.right]
    /// ```
    case right
    /// Home.
    ///
    /// ```swift
    /// decoder.decode(Array("\u{1B}[H".utf8))   // [.home]
    /// ```
    case home
    /// End.
    ///
    /// ```swift
    /// decoder.decode(Array("\u{1B}[F".utf8))   // [.end]
    /// ```
    case end
    /// Ctrl-U: clear the text field.
    ///
    /// ```swift
    /// decoder.decode([0x15])   // [.clearLine]
    /// ```
    case clearLine
    /// Ctrl-K: delete from the cursor to the end of the field.
    ///
    /// ```swift
    /// decoder.decode([0x0B])   // [.deleteToEnd]
    /// ```
    case deleteToEnd
    /// Ctrl-W: delete the word before the cursor.
    ///
    /// ```swift
    /// decoder.decode([0x17])   // [.deleteWordBackward]
    /// ```
    case deleteWordBackward
    /// Text pasted while bracketed paste is on: typed into a text field as is, never run as commands.
    ///
    /// ```swift
    /// decoder.decode(Array("\u{1B}[200~48.8584, 2.2945\u{1B}[201~".utf8))   // [.paste("48.8584, 2.2945")]
    /// ```
    case paste(String)
    /// Ctrl-C, which raw mode delivers as a byte instead of a signal.
    ///
    /// ```swift
    /// decoder.decode([0x03])   // [.interrupt]
    /// ```
    case interrupt
    /// Ctrl-D: the end of input, or Delete in a text field.
    ///
    /// ```swift
    /// decoder.decode([0x04])   // [.endOfInput]
    /// ```
    case endOfInput
}

/// What a screen receives: a key in the full-screen terminal UI, or a whole line in plain mode.
///
/// ```swift
/// try await app.handle(.key(.down))
/// try await app.handle(.line("e"))
/// ```
public enum ScreenInput: Hashable, Sendable {
    /// A key press from the interactive terminal UI.
    ///
    /// ```swift
    /// ScreenInput.key(.enter)
    /// ```
    case key(Key)
    /// A line of text from plain mode, without its newline.
    ///
    /// ```swift
    /// ScreenInput.line("48.8584, 2.2945")
    /// ```
    case line(String)
}
