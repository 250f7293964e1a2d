import Baton
import CoordinatesKit
import Foundation

/// Edits one coordinate. It reads which one from `\.entryRequest` in its context and, on a valid
/// entry, leaves the new value under `\.enteredCoordinate` in the same context, which it shares
/// with the screen that asked, and goes back: that screen reads it when it reappears (seed 000).
/// It never learns which screen asked.
final class EntryScreen: AppScreen {
    private var editor = LineEditor()
    private var text: String { editor.text }
    private var errorOffset: Int?
    private var hasStarted = false

    private var field: CoordinateField { context[\.entryRequest] ?? .position }

    override var title: String { field == .position ? "Edit position" : "Set target" }
    override var commands: [ScreenCommand] { [] }

    /// Whether the field takes text keys (the terminal host keeps Ctrl-D for it).
    override var isEditingText: Bool { true }

    override func willAppear() {
        guard !hasStarted, let model else { return }
        hasStarted = true
        // The value to change starts selected: typing replaces it, an arrow key keeps it to edit.
        let current = field == .position ? model.position : model.target
        editor = LineEditor(text: current?.formatted() ?? "", selected: true)
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
        content.field = ScreenContent.Field(
            text: text, cursor: editor.cursor, errorOffset: errorOffset, selection: editor.selection)
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
                editor = LineEditor(text: trimmed)
                submit()
            }
        case .key(.enter):
            if text.trimmingCharacters(in: .whitespaces).isEmpty { navigateBack() } else { submit() }
        case .key(.escape):
            navigateBack()
        case .key(let key):
            if editor.apply(key) { errorOffset = nil }
        }
    }

    private func submit() {
        do {
            let coordinate = try Coordinate(parsing: text)
            context.set(EnteredCoordinate(field: field, coordinate: coordinate), for: \.enteredCoordinate)
            navigateBack()
        } catch {
            status = error.message
            errorOffset = error.offset
        }
    }
}
