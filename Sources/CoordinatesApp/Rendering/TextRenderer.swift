import Foundation

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
        /// The lines, top to bottom; the title bar, the highlighted command and a field's selected
        /// text carry ANSI reverse video.
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

    /// The screen as plain text: the title, the lines, the field with its selection underlined
    /// (`~`) and its error pointer, the status and one line of commands.
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
            if let selected = visibleSelection(field) {
                let characters = Array(field.text)
                let before = TerminalWidth.columns(String(characters[..<selected.lowerBound]))
                let width = TerminalWidth.columns(String(characters[selected]))
                output.append(
                    String(repeating: " ", count: 2 + before) + String(repeating: "~", count: max(1, width))
                        + " selected: what you type replaces it")
            }
            if let offset = field.errorOffset {
                output.append(String(repeating: " ", count: 2 + offset) + "^")
            }
        }
        if let status = content.status {
            output.append("! \(status)")
        }
        output.append("")
        var commands = content.commands
        if content.field != nil {
            // Plain mode has no Esc key: an empty line cancels.
            commands = commands.map {
                $0.shortcut == "Esc"
                    ? ScreenContent.Command(shortcut: "Esc", title: $0.title + " (an empty line in plain mode)") : $0
            }
        }
        output.append(commandLine(commands))
        return output.joined(separator: "\n")
    }

    /// The field's selection within its text, or `nil` when there is none (or it lies outside the text).
    static func visibleSelection(_ field: ScreenContent.Field) -> Range<Int>? {
        guard let selection = field.selection else { return nil }
        let range = selection.clamped(to: 0..<field.text.count)
        return range.isEmpty ? nil : range
    }

    static func commandLine(_ commands: [ScreenContent.Command]) -> String {
        commands.map { "[\($0.shortcut)] \($0.title)" }.joined(separator: "  ")
    }

    // MARK: - Full screen

    /// The screen as a full-screen frame: a title bar, the lines, the field (its selected text in
    /// reverse video), the commands as a menu with the selection highlighted, the status and a key
    /// help line at the bottom. Lines that do not fit are cut.
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
        if width < minimumSize.columns || height < minimumSize.rows {
            return tooSmall(width: width, height: height)
        }
        var lines: [String] = [reverse + fit(" \(content.title)", width) + reset, ""]
        lines += content.lines.map { fit(" " + $0, width) }
        var cursor: Cursor?
        if let field = content.field {
            lines.append("")
            let view = FieldView(field, columns: width - 4)
            cursor = Cursor(row: lines.count, column: 3 + view.cursorColumn)
            lines.append(fit(" > " + view.styledText, width))
            if let column = view.errorColumn {
                lines.append(fit(String(repeating: " ", count: 3 + column) + "^", width))
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
            content.keyHelp
            ?? (content.selection != nil
                ? " ↑↓ move  Enter select  or press a shortcut key"
                : content.field.flatMap(visibleSelection) != nil
                    ? " Type to replace  ←→ edit  Enter save  Esc cancel"
                    : " Type a coordinate  Enter save  Esc cancel")
        var top = Array(lines.prefix(height - 1))
        while top.count < height - 1 { top.append(String(repeating: " ", count: width)) }
        top = top.map { $0.isEmpty ? String(repeating: " ", count: width) : $0 }
        if let row = cursor?.row, row >= top.count { cursor = nil }
        return Frame(lines: top + [dim + fit(help, width) + reset], cursor: cursor)
    }

    /// The smallest terminal that the full-screen UI draws in; below it says so.
    ///
    /// ```swift
    /// TextRenderer.minimumSize   // (columns: 12, rows: 4)
    /// ```
    public static let minimumSize = (columns: 12, rows: 4)

    static func tooSmall(width: Int, height: Int) -> Frame {
        let words = ["terminal too small", "(\(width)×\(height); needs \(minimumSize.columns)×\(minimumSize.rows))"]
        var lines: [String] = []
        for row in 0..<height {
            lines.append(row < words.count ? fit(words[row], width) : String(repeating: " ", count: width))
        }
        return Frame(lines: lines, cursor: nil)
    }

    /// The part of a field that fits in `columns`, scrolled sideways to keep the cursor in view.
    struct FieldView {
        let text: String
        /// ``text`` with the visible part of the selection in reverse video.
        let styledText: String
        let cursorColumn: Int
        let errorColumn: Int?

        init(_ field: ScreenContent.Field, columns: Int) {
            let characters = Array(field.text)
            let cursor = max(0, min(field.cursor, characters.count))
            let widths = characters.map(TerminalWidth.columns(of:))
            let room = max(columns, 2)
            // Start where the text up to the cursor, and one column for the cursor, fits.
            var start = 0
            var used = widths[..<cursor].reduce(0, +)
            while used + 1 > room, start < cursor {
                used -= widths[start]
                start += 1
            }
            var end = start
            var shown = 0
            while end < characters.count, shown + widths[end] <= room {
                shown += widths[end]
                end += 1
            }
            text = String(characters[start..<end])
            if let selected = TextRenderer.visibleSelection(field)?.clamped(to: start..<end), !selected.isEmpty {
                styledText =
                    String(characters[start..<selected.lowerBound]) + TextRenderer.reverse
                    + String(characters[selected]) + TextRenderer.reset + String(characters[selected.upperBound..<end])
            } else {
                styledText = text
            }
            cursorColumn = used
            if let offset = field.errorOffset, offset >= start, offset <= end {
                errorColumn = widths[start..<min(offset, characters.count)].reduce(0, +)
            } else {
                errorColumn = nil
            }
        }
    }

    /// The OSC 52 escape that asks the terminal to put `text` on the system clipboard; inside tmux it
    /// is wrapped in tmux's passthrough so that it reaches the outer terminal.
    ///
    /// ```swift
    /// TextRenderer.clipboardEscape("hi", insideTmux: false)   // "\u{1B}]52;c;aGk=\u{07}"
    /// ```
    ///
    /// - Parameters:
    ///   - text: The text to copy.
    ///   - insideTmux: Whether the program runs inside tmux (`TMUX` is set).
    /// - Returns: The escape sequence.
    public static func clipboardEscape(_ text: String, insideTmux: Bool) -> String {
        let sequence = "\u{1B}]52;c;" + Base64.encode(Array(text.utf8)) + "\u{07}"
        guard insideTmux else { return sequence }
        return "\u{1B}Ptmux;" + sequence.replacingOccurrences(of: "\u{1B}", with: "\u{1B}\u{1B}") + "\u{1B}\\"
    }

    /// Cuts or pads `text` to exactly `width` terminal columns.
    static func fit(_ text: String, _ width: Int) -> String {
        TerminalWidth.fit(text, width)
    }
}
