/// Draws a ``ScreenContent`` as plain text (for plain mode, scripts and tests) or as a full-screen
/// frame of a given size (for the interactive terminal UI).
///
/// ```swift
/// print(TextRenderer.plain(app.content))
/// let frame = TextRenderer.frame(app.content, width: 80, height: 24)
/// ```
public enum TextRenderer {
    /// A full-screen frame: exactly `height` lines, each exactly `width` columns wide before styling,
    /// and where to put the terminal's cursor.
    ///
    /// ```swift
    /// let frame = TextRenderer.frame(content, width: 80, height: 24)
    /// frame.lines.count   // 24
    /// ```
    public struct Frame: Hashable, Sendable {
        /// The lines, top to bottom; the title bar and the highlighted command carry ANSI reverse video.
        ///
        /// ```swift
        /// frame.lines.joined(separator: "\r\n")
        /// ```
        public let lines: [String]
        /// The cursor's row and column (from 0) when a text field is being edited, else `nil`.
        ///
        /// ```swift
        /// if let cursor = frame.cursor { moveCursor(to: cursor) }
        /// ```
        public let cursor: Cursor?
    }

    /// A position on the terminal, from 0.
    ///
    /// ```swift
    /// TextRenderer.Cursor(row: 5, column: 14)
    /// ```
    public struct Cursor: Hashable, Sendable {
        /// The row, from 0 at the top.
        ///
        /// ```swift
        /// cursor.row   // 5
        /// ```
        public let row: Int
        /// The column, from 0 at the left.
        ///
        /// ```swift
        /// cursor.column   // 14
        /// ```
        public let column: Int
    }

    static let reverse = "\u{1B}[7m"
    static let dim = "\u{1B}[2m"
    static let reset = "\u{1B}[0m"

    // MARK: - Plain text

    /// The screen as plain text: the title, the lines, the field and its error pointer, the status
    /// and one line of commands.
    ///
    /// ```swift
    /// print(TextRenderer.plain(content))
    /// // == Help ==
    /// // …
    /// // [<] Back  [q] Quit
    /// ```
    ///
    /// - Parameter content: What the screen shows.
    /// - Returns: The text, ending without a newline.
    public static func plain(_ content: ScreenContent) -> String {
        var output = ["== \(content.title) =="]
        output += content.lines
        if let field = content.field {
            output.append("> \(field.text)")
            if let offset = field.errorOffset {
                output.append(String(repeating: " ", count: 2 + offset) + "^")
            }
        }
        if let status = content.status {
            output.append("! \(status)")
        }
        output.append("")
        output.append(commandLine(content.commands))
        return output.joined(separator: "\n")
    }

    static func commandLine(_ commands: [ScreenContent.Command]) -> String {
        commands.map { "[\($0.shortcut)] \($0.title)" }.joined(separator: "  ")
    }

    // MARK: - Full screen

    /// The screen as a full-screen frame: a title bar, the lines, the field, the commands as a menu
    /// with the selection highlighted, the status and a key help line at the bottom. Lines that do
    /// not fit are cut.
    ///
    /// ```swift
    /// let frame = TextRenderer.frame(content, width: 80, height: 24)
    /// ```
    ///
    /// - Parameters:
    ///   - content: What the screen shows.
    ///   - width: The terminal's width in columns.
    ///   - height: The terminal's height in rows.
    /// - Returns: The frame.
    public static func frame(_ content: ScreenContent, width: Int, height: Int) -> Frame {
        let width = max(width, 1)
        let height = max(height, 1)
        var lines: [String] = [reverse + fit(" \(content.title)", width) + reset, ""]
        lines += content.lines.map { fit(" " + $0, width) }
        var cursor: Cursor?
        if let field = content.field {
            lines.append("")
            cursor = Cursor(row: lines.count, column: min(3 + field.cursor, width - 1))
            lines.append(fit(" > " + field.text, width))
            if let offset = field.errorOffset {
                lines.append(fit(String(repeating: " ", count: 3 + offset) + "^", width))
            }
        }
        lines.append("")
        if content.selection != nil {
            for (index, command) in content.commands.enumerated() {
                let text = fit("   [\(command.shortcut)] \(command.title)", width)
                lines.append(index == content.selection ? reverse + text + reset : text)
            }
        } else {
            lines.append(fit(" " + commandLine(content.commands), width))
        }
        if let status = content.status {
            lines.append("")
            lines.append(fit(" ! " + status, width))
        }
        let help =
            content.selection != nil
            ? " ↑↓ move  Enter select  or press a shortcut key"
            : " Type a coordinate  Enter save  Esc cancel"
        var top = Array(lines.prefix(height - 1))
        while top.count < height - 1 { top.append(String(repeating: " ", count: width)) }
        top = top.map { $0.isEmpty ? String(repeating: " ", count: width) : $0 }
        if let row = cursor?.row, row >= top.count { cursor = nil }
        return Frame(lines: top + [dim + fit(help, width) + reset], cursor: cursor)
    }

    /// Cuts or pads `text` to exactly `width` characters.
    static func fit(_ text: String, _ width: Int) -> String {
        let count = text.count
        if count >= width { return String(text.prefix(width)) }
        return text + String(repeating: " ", count: width - count)
    }
}
