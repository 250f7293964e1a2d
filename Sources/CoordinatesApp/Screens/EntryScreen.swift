import Baton
import CoordinatesKit
import Foundation

/// Edits one coordinate. It reads which one from ``EntryRequestKey`` in its context and, on a valid
/// entry, leaves the new value under ``EnteredCoordinateKey`` in the same context, which it shares
/// with the screen that asked, and goes back: that screen reads it when it reappears (seed 000).
/// It never learns which screen asked.
final class EntryScreen: AppScreen {
    private var text = ""
    private var cursor = 0
    private var errorOffset: Int?
    private var hasStarted = false

    private var field: CoordinateField { context[EntryRequestKey.self] ?? .position }

    override var title: String { field == .position ? "Edit position" : "Set target" }
    override var commands: [ScreenCommand] { [] }

    /// Whether the field takes text keys (the terminal host keeps Ctrl-D for it).
    override var isEditingText: Bool { true }

    override func willAppear() {
        guard !hasStarted, let model else { return }
        hasStarted = true
        let current = field == .position ? model.position : model.target
        text = current?.formatted() ?? ""
        cursor = text.count
    }

    override func lines(for model: CoordinatesModel) -> [String] {
        let current = field == .position ? model.position.formatted() : (model.target?.formatted() ?? "not set")
        return [
            "Now: \(current)",
            "Type a latitude and longitude in any format, for example",
            "  48.8584, 2.2945   or   48°51′30″N 2°17′40″E   or   S 33 52.128 E 151 12.558",
        ]
    }

    override func makeContent() -> ScreenContent {
        var content = super.makeContent()
        content.field = ScreenContent.Field(text: text, cursor: min(cursor, text.count), errorOffset: errorOffset)
        content.commands = [
            ScreenContent.Command(shortcut: "Enter", title: "Save"),
            ScreenContent.Command(shortcut: "Esc", title: "Cancel"),
        ]
        content.selection = nil
        return content
    }

    override func handle(_ input: ScreenInput) {
        switch input {
        case .line(let line):
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed == "<" || trimmed.lowercased() == "back" {
                navigateBack()
            } else {
                text = trimmed
                cursor = text.count
                submit()
            }
        case .key(.enter):
            if text.trimmingCharacters(in: .whitespaces).isEmpty { navigateBack() } else { submit() }
        case .key(.escape):
            navigateBack()
        case .key(.character(let character)):
            insert(String(character))
        case .key(.paste(let pasted)):
            // Line breaks and tabs become spaces; other control characters are dropped.
            let cleaned = pasted.unicodeScalars.compactMap { scalar -> Character? in
                if scalar == "\n" || scalar == "\r" || scalar == "\t" { return " " }
                if scalar.properties.generalCategory == .control { return nil }
                return Character(scalar)
            }
            insert(String(cleaned))
        case .key(.backspace):
            guard cursor > 0 else { return }
            replace(from: cursor - 1, to: cursor, with: "")
        case .key(.delete), .key(.endOfInput):
            guard cursor < text.count else { return }
            replace(from: cursor, to: cursor + 1, with: "")
        case .key(.deleteToEnd):
            replace(from: cursor, to: text.count, with: "")
        case .key(.deleteWordBackward):
            let head = Array(text.prefix(cursor))
            var start = head.count
            while start > 0, head[start - 1].isWhitespace { start -= 1 }
            while start > 0, !head[start - 1].isWhitespace { start -= 1 }
            replace(from: start, to: cursor, with: "")
        case .key(.left): cursor = max(0, min(cursor, text.count) - 1)
        case .key(.right): cursor = min(text.count, cursor + 1)
        case .key(.home): cursor = 0
        case .key(.end): cursor = text.count
        case .key(.clearLine):
            replace(from: 0, to: text.count, with: "")
        case .key:
            break
        }
    }

    /// The text is edited by grapheme cluster: `e` followed by U+0301, or an emoji followed by a skin
    /// tone, join into one character, so the cursor counts what the user sees. Every edit goes
    /// through here and leaves the cursor within the text.
    private func insert(_ typed: String) {
        guard !typed.isEmpty else { return }
        // A field longer than any coordinate is a paste gone wrong; keep it bounded.
        let room = max(0, Self.lengthLimit - text.count)
        replace(from: cursor, to: cursor, with: String(typed.prefix(room)))
    }

    /// The most characters the field holds.
    static let lengthLimit = 1_000

    private func replace(from start: Int, to end: Int, with replacement: String) {
        let start = max(0, min(start, text.count))
        let end = max(start, min(end, text.count))
        let head = String(text.prefix(start)) + replacement
        text = head + String(text.dropFirst(end))
        cursor = min(head.count, text.count)
        errorOffset = nil
    }

    private func submit() {
        do {
            let coordinate = try Coordinate(parsing: text)
            context.set(EnteredCoordinate(field: field, coordinate: coordinate), for: EnteredCoordinateKey.self)
            navigateBack()
        } catch {
            status = error.message
            errorOffset = error.offset
        }
    }
}
