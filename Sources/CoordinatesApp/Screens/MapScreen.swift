import Baton
import CoordinatesKit

/// The world map (seed 001's map view controller): the land in braille, the position `@`, the
/// target `X` and the great-circle route between them. Arrows pan, `+` and `-` zoom, `0` resets;
/// it is drawn at the terminal's size, and in plain mode at 72×18 without colour (the default display, 74×28).
final class MapScreen: AppScreen {
    static let zoomIn = ScreenCommand(key: "+", word: "zoom in", title: "Zoom in")
    static let zoomOut = ScreenCommand(key: "-", word: "zoom out", title: "Zoom out")
    static let reset = ScreenCommand(key: "0", word: "reset", title: "Reset view")

    private var view: WorldMap.View?

    override var title: String { "Map" }
    override var commands: [ScreenCommand] { [Self.zoomIn, Self.zoomOut, Self.reset, .back, .help, .quit] }

    private var display: MapDisplay { context[MapDisplayKey.self] ?? MapDisplay() }

    /// The map's size: the terminal less the title, the legend, the commands, a status and the
    /// key help (10 rows).
    private var size: (columns: Int, rows: Int) {
        let display = self.display
        return (max(10, display.columns - 2), max(4, display.rows - 10))
    }

    private func currentView(for model: CoordinatesModel) -> WorldMap.View {
        if let view { return view }
        return Self.initialView(position: model.position, target: model.target)
    }

    /// The whole world's width, centred on the position's longitude (to a whole degree).
    static func initialView(position: Coordinate, target: Coordinate?) -> WorldMap.View {
        WorldMap.View(centerLatitude: 0, centerLongitude: position.longitude.rounded(), zoom: 0)
    }

    override func lines(for model: CoordinatesModel) -> [String] {
        let view = currentView(for: model)
        let size = self.size
        let map = WorldMap.draw(
            view, columns: size.columns, rows: size.rows, position: model.position, target: model.target,
            colour: display.colour)
        var legend = "@ " + model.position.formatted()
        if let target = model.target {
            legend += "   X " + target.formatted()
        }
        let centre = try? Coordinate(latitude: view.centerLatitude, longitude: view.centerLongitude)
        let viewLine = "Centre " + (centre?.formatted() ?? "?") + ", zoom ×\(1 << view.zoom)"
        return map + [legend, viewLine + (model.target == nil ? "" : "; dots: great-circle route")]
    }

    override func makeContent() -> ScreenContent {
        var content = super.makeContent()
        content.selection = nil
        content.keyHelp = " ←→↑↓ pan  + - zoom  0 whole world  Esc back"
        return content
    }

    override func handle(_ input: ScreenInput) {
        guard let model else { return super.handle(input) }
        var view = currentView(for: model)
        let columns = size.columns
        switch input {
        case .key(.left), .line("left"), .line("h"): view.pan(dx: -1, dy: 0, columns: columns)
        case .key(.right), .line("right"), .line("l"): view.pan(dx: 1, dy: 0, columns: columns)
        case .key(.up), .line("up"), .line("k"): view.pan(dx: 0, dy: 1, columns: columns)
        case .key(.down), .line("down"), .line("j"): view.pan(dx: 0, dy: -1, columns: columns)
        case .key(.character("+")), .key(.character("=")), .line("+"), .line("zoom in"):
            view.zoom = min(WorldMap.maximumZoom, view.zoom + 1)
        case .key(.character("-")), .line("-"), .line("zoom out"):
            view.zoom = max(0, view.zoom - 1)
        case .key(.character("0")), .line("0"), .line("reset"):
            view = Self.initialView(position: model.position, target: model.target)
        case .key(.enter):
            return
        default:
            return super.handle(input)
        }
        self.view = view
    }
}

/// The terminal the map is drawn for: its size and whether it shows colour. The host sets it on the
/// application (``CoordinatesApplication/setDisplay(columns:rows:colour:)``).
struct MapDisplay: Hashable, Sendable {
    var columns = 74
    var rows = 28
    var colour = false
}

/// Where the application keeps the ``MapDisplay``, in the window's context.
enum MapDisplayKey: ContextKey {
    typealias Value = MapDisplay
}
