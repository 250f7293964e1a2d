/// What a screen shows, independent of how it is drawn: the ``TextRenderer`` turns it into plain
/// text for scripts or into a full-screen frame for a terminal.
///
/// ```swift
/// let content = app.content
/// print(TextRenderer.plain(content))
/// ```
public struct ScreenContent: Hashable, Sendable {
    /// One command offered by a screen, with its shortcut.
    ///
    /// ```swift
    /// ScreenContent.Command(shortcut: "e", title: "Edit position")
    /// ```
    public struct Command: Hashable, Sendable {
        /// The key or word that runs it, such as `e`, `?` or `Enter`.
        ///
        /// ```swift
        /// command.shortcut   // "e"
        /// ```
        public let shortcut: String
        /// What it does.
        ///
        /// ```swift
        /// command.title   // "Edit position"
        /// ```
        public let title: String

        /// Makes a command.
        ///
        /// ```swift
        /// let quit = ScreenContent.Command(shortcut: "q", title: "Quit")
        /// ```
        ///
        /// - Parameters:
        ///   - shortcut: The key or word that runs it.
        ///   - title: What it does.
        public init(shortcut: String, title: String) {
            self.shortcut = shortcut
            self.title = title
        }
    }

    /// A one-line text field being edited.
    ///
    /// ```swift
    /// ScreenContent.Field(text: "48 61 N, 2 E", cursor: 12, errorOffset: 3)
    /// ```
    public struct Field: Hashable, Sendable {
        /// The text typed so far.
        ///
        /// ```swift
        /// field.text   // "48 61 N, 2 E"
        /// ```
        public let text: String
        /// The cursor position, in characters from the start.
        ///
        /// ```swift
        /// field.cursor   // 12
        /// ```
        public let cursor: Int
        /// Where the last error points, in characters from the start, if anywhere.
        ///
        /// ```swift
        /// field.errorOffset   // 3
        /// ```
        public let errorOffset: Int?
        /// The selected characters, from the start, when some are: a field prefilled with the value
        /// it changes starts with all of it selected, so that what the user types replaces it. The
        /// terminal draws it in reverse video, plain mode underlines it with `~`.
        ///
        /// ```swift
        /// field.selection   // 0..<26: typing replaces "51.477800° N, 0.001500° W"
        /// ```
        public let selection: Range<Int>?

        /// Makes a field.
        ///
        /// ```swift
        /// let field = ScreenContent.Field(text: "", cursor: 0, errorOffset: nil)
        /// let prefilled = ScreenContent.Field(text: "48, 2", cursor: 5, errorOffset: nil, selection: 0..<5)
        /// ```
        ///
        /// - Parameters:
        ///   - text: The text typed so far.
        ///   - cursor: The cursor position.
        ///   - errorOffset: Where the last error points.
        ///   - selection: The selected characters, if any.
        public init(text: String, cursor: Int, errorOffset: Int?, selection: Range<Int>? = nil) {
            self.text = text
            self.cursor = cursor
            self.errorOffset = errorOffset
            self.selection = selection
        }
    }

    /// The screen's title.
    ///
    /// ```swift
    /// content.title   // "Coordinates"
    /// ```
    public var title: String
    /// The screen's text, one element per line.
    ///
    /// ```swift
    /// content.lines.first   // "Position"
    /// ```
    public var lines: [String]
    /// The commands, in the order shown; the arrow keys move through them.
    ///
    /// ```swift
    /// content.commands.map(\.shortcut)   // ["e", "d", "s", "?", "q"]
    /// ```
    public var commands: [Command]
    /// The index of the highlighted command, when the screen has a menu.
    ///
    /// ```swift
    /// content.selection   // 0
    /// ```
    public var selection: Int?
    /// The text field, on screens that edit text.
    ///
    /// ```swift
    /// content.field?.text   // "48.8584, 2.2945"
    /// ```
    public var field: Field?
    /// A one-time message about the last command, such as an error.
    ///
    /// ```swift
    /// content.status   // "Unknown command 'x'."
    /// ```
    public var status: String?
    /// Text to put on the clipboard once, when the user asked to copy it; a terminal host sends it
    /// with ``TextRenderer/clipboardEscape(_:insideTmux:)``.
    ///
    /// ```swift
    /// if let text = content.clipboard { write(TextRenderer.clipboardEscape(text, insideTmux: false)) }
    /// ```
    public var clipboard: String?
    /// The key help the full-screen frame shows on its last line, when the screen has its own keys;
    /// else the frame says how to use a menu or a text field.
    ///
    /// ```swift
    /// content.keyHelp = " ←→↑↓ pan  + - zoom  Esc back"
    /// ```
    public var keyHelp: String?

    /// Makes a screen's content.
    ///
    /// ```swift
    /// let content = ScreenContent(title: "Help", lines: ["…"], commands: [.init(shortcut: "<", title: "Back")])
    /// ```
    ///
    /// - Parameters:
    ///   - title: The title.
    ///   - lines: The text.
    ///   - commands: The commands.
    ///   - selection: The highlighted command.
    ///   - field: The text field.
    ///   - status: A message about the last command.
    public init(
        title: String, lines: [String], commands: [Command], selection: Int? = nil, field: Field? = nil,
        status: String? = nil
    ) {
        self.title = title
        self.lines = lines
        self.commands = commands
        self.selection = selection
        self.field = field
        self.status = status
    }
}
