import Baton
import CoordinatesKit
import Foundation

/// A command a screen offers: a one-key shortcut, a word for plain mode and a title.
struct ScreenCommand: Hashable, Sendable {
    let key: Character
    let word: String
    let title: String

    static let back = ScreenCommand(key: "<", word: "back", title: "Back")
    static let help = ScreenCommand(key: "?", word: "help", title: "Help")
    static let quit = ScreenCommand(key: "q", word: "quit", title: "Quit")
}

/// The base of the app's screens: a headless Baton screen that receives the shared model, offers
/// commands as a menu (arrow keys, Enter, letter shortcuts, or words in plain mode) and describes
/// itself as ``ScreenContent``.
///
/// Screens reach each other only through the ``Navigate``, ``NavigateBack`` and ``QuitApp`` actions
/// that the application registers on the window's context: they name registered screens, never
/// types.
class AppScreen: ScreenModel, CoordinatesModelConfigurable {
    var model: CoordinatesModel?

    /// The highlighted command.
    private(set) var selection = 0

    /// A message about the last command, shown once.
    var status: String?

    var title: String { screenName }

    /// The screen's text.
    func lines(for model: CoordinatesModel) -> [String] { [] }

    /// Whether the screen edits text, so that keys such as Ctrl-D edit instead of quitting.
    var isEditingText: Bool { false }

    /// The commands, in menu order.
    var commands: [ScreenCommand] { [.back, .help, .quit] }

    /// Runs a command; subclasses handle their own and call `super` for the shared ones.
    func perform(_ command: ScreenCommand) {
        switch command {
        case .back: navigateBack()
        case .help: navigate(to: ScreenID.help, .modal)
        case .quit: execute(QuitApp.self)
        default: status = "'\(command.word)' is not available here."
        }
    }

    /// What the screen shows now; reading it clears the status message.
    func takeContent() -> ScreenContent {
        var content = makeContent()
        content.status = status
        status = nil
        return content
    }

    func makeContent() -> ScreenContent {
        let lines = model.map { self.lines(for: $0) } ?? ["The shared model has not reached this screen."]
        let commands = self.commands
        return ScreenContent(
            title: title, lines: lines,
            commands: commands.map { ScreenContent.Command(shortcut: String($0.key), title: $0.title) },
            selection: commands.isEmpty ? nil : min(selection, commands.count - 1))
    }

    // MARK: - Input

    func handle(_ input: ScreenInput) {
        let commands = self.commands
        // The list may have shrunk since the last key (a shortcut can change it): the highlighted
        // command, drawn clamped, is the one Enter runs.
        selection = commands.isEmpty ? 0 : min(selection, commands.count - 1)
        switch input {
        case .key(.up):
            selection = (selection + commands.count - 1) % max(commands.count, 1)
        case .key(.down):
            selection = (selection + 1) % max(commands.count, 1)
        case .key(.enter), .key(.right):
            if commands.indices.contains(selection) { perform(commands[selection]) }
        case .key(.escape), .key(.left), .key(.backspace):
            if commands.contains(.back) { perform(.back) }
        case .key(.character(let character)):
            if let command = commands.first(where: { $0.key.lowercased() == character.lowercased() }) {
                perform(command)
            } else {
                status = "No command on '\(character)'. " + Self.listing(commands)
            }
        case .key(.paste):
            status = "Pasted text is only taken in a text field; it runs no command here."
        case .key:
            break
        case .line(let text):
            let word = text.trimmingCharacters(in: .whitespaces).lowercased()
            if word.isEmpty { return }
            if let command = commands.first(where: { String($0.key) == word || $0.word == word }) {
                perform(command)
            } else {
                status = "Unknown command '\(word)'. " + Self.listing(commands)
            }
        }
    }

    static func listing(_ commands: [ScreenCommand]) -> String {
        "Commands here: " + commands.map { "\($0.key) (\($0.word))" }.joined(separator: ", ") + "."
    }

    // MARK: - Reaching the application

    func navigate(to name: String, _ style: Route.Style) {
        execute(Navigate.self, with: Route(name: name, style: style))
    }

    func navigateBack() {
        execute(NavigateBack.self)
    }

    func execute<Action: ContextAction>(_ action: Action.Type, with input: Action.Input)
    where Action.Output == Void {
        do {
            try context.execute(action, with: input)
        } catch {
            status = error.description
        }
    }

    func execute<Action: ContextAction>(_ action: Action.Type) where Action.Input == Void, Action.Output == Void {
        execute(action, with: ())
    }
}
