import Baton

/// Lists every screen's commands and the accepted notations. Presented modally over any screen.
final class HelpScreen: AppScreen {
    override var title: String { "Help" }
    override var commands: [ScreenCommand] { [.back, .quit] }

    override func lines(for model: CoordinatesModel) -> [String] {
        Self.text
    }

    /// The help text; `coordinates --help` shows the same commands.
    static let text = [
        "Main screen         e edit position, g from GPS, d bearing & distance, m map,",
        "                    s share, ? help, q quit",
        "Bearing & distance  t set target, c clear target, < back",
        "Map                 ← → ↑ ↓ pan, + zoom in, - zoom out, 0 whole world, < back",
        "Share               y copy the message to the clipboard (full-screen UI)",
        "Edit / set target   type a coordinate, Enter saves, Esc (or an empty line) cancels",
        "                    the current value is selected: what you type replaces it",
        "Editing keys        ← → move (keeping a selected value), Home/Ctrl-A start,",
        "                    End/Ctrl-E end, Backspace, Delete/Ctrl-D, Ctrl-U clear,",
        "                    Ctrl-K to the end, Ctrl-W word",
        "Everywhere          ↑ ↓ move, Enter select, ← or Esc back, Ctrl-C save and quit",
        "Plain mode          one command per line: a shortcut (e) or its word (edit)",
        "",
        "Accepted notations: signed decimal degrees (-33.8688, 151.2093); N/S/E/W before or",
        "after the value; degrees and decimal minutes (48 51.504); degrees, minutes and",
        "seconds with ° ′ ″, ' \", d m s or spaces; comma, semicolon or space between the",
        "latitude and the longitude. Distances are great circles on a sphere of radius",
        "6371.0088 km.",
    ]
}
