import Baton
import CoordinatesKit

/// Shows the text message that shares the position (a ``ShareReport``) and, in the full-screen UI,
/// copies it to the terminal's clipboard with the OSC 52 escape, which works over SSH and in tmux.
final class ShareScreen: AppScreen {
    static let copy = ScreenCommand(key: "y", word: "copy", title: "Copy to clipboard")

    /// Whether the last command came from the full-screen UI, which can reach the clipboard.
    private var copyRequested = false

    override var title: String { "Share" }
    override var commands: [ScreenCommand] { [Self.copy, .back, .help, .quit] }

    override func lines(for model: CoordinatesModel) -> [String] {
        ["Message:", ""] + Self.message(for: model).map { "  " + $0 }
    }

    /// The message's lines.
    static func message(for model: CoordinatesModel) -> [String] {
        ShareReport(position: model.position, target: model.target).lines
    }

    /// A signed number with six decimals, as `geo:` links write them.
    static func geoNumber(_ value: Double) -> String {
        ShareReport.geoNumber(value)
    }

    override func handle(_ input: ScreenInput) {
        copyRequested = false
        if case .line(let text) = input, ["y", "copy"].contains(text.trimmingCharacters(in: .whitespaces).lowercased())
        {
            status = "Copying needs the full-screen UI (it sends the OSC 52 escape); the message is above."
            return
        }
        super.handle(input)
    }

    override func perform(_ command: ScreenCommand) {
        guard command == Self.copy else { return super.perform(command) }
        copyRequested = true
        status = "Copied the message to the clipboard (OSC 52; your terminal must allow it)."
    }

    override func takeContent() -> ScreenContent {
        var content = super.takeContent()
        if copyRequested, let model {
            content.clipboard = Self.message(for: model).joined(separator: "\n")
            copyRequested = false
        }
        return content
    }
}
