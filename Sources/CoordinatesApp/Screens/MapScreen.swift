import Baton
import CoordinatesKit

/// The world map (seed 001's map view controller): the land in braille, the position `@`, the
/// target `X` and the great-circle route between them. Arrows pan, `+` and `-` zoom, `0` goes back
/// to the whole world; every zoom level, 0 included, centres the map on the position (or on the
/// route's midpoint when both ends fit), so the position stays in view. It is drawn at the
/// terminal's size, and in plain mode at 72×18 without colour (the default display, 74×28).
final class MapScreen: AppScreen {
    static let zoomIn = ScreenCommand(key: "+", word: "zoom in", title: "Zoom in")
    static let zoomOut = ScreenCommand(key: "-", word: "zoom out", title: "Zoom out")
    static let reset = ScreenCommand(key: "0", word: "reset", title: "Reset view")

    private var view: WorldMap.View?

    /// The view the user zoomed or panned to; `nil` for the whole world around the position.
    var savedView: WorldMap.View? { view }

    /// Makes the Map, showing `view` when it is restored, else the whole world around the position.
    ///
    /// ```swift
    /// MapScreen(name: ScreenID.map, view: WorldMap.View(centerLatitude: 48, centerLongitude: 2, zoom: 2))
    /// ```
    ///
    /// - Parameters:
    ///   - name: The screen's name.
    ///   - view: The view to show.
    init(name: String, view: WorldMap.View? = nil) {
        self.view = view
        super.init(name: name)
    }

    override var title: String { "Map" }
    override var commands: [ScreenCommand] { [Self.zoomIn, Self.zoomOut, Self.reset, .back, .help, .quit] }

    private var display: MapDisplay { context[\.mapDisplay] ?? MapDisplay() }

    /// The map's size: the terminal less the title, the legend, the commands, a status and the
    /// key help (10 rows).
    private var size: (columns: Int, rows: Int) {
        let display = self.display
        return (max(10, display.columns - 2), max(4, display.rows - 10))
    }

    /// The view the user panned or zoomed to, else the whole world around the position; kept
    /// within the poles at the current size (the terminal may have been resized since).
    private func currentView(for model: CoordinatesModel) -> WorldMap.View {
        let size = self.size
        if let view { return view.clamped(columns: size.columns, rows: size.rows) }
        return focusedView(zoom: 0, for: model)
    }

    /// The view at `zoom` that keeps the position in view, at the current size.
    private func focusedView(zoom: Int, for model: CoordinatesModel) -> WorldMap.View {
        let size = self.size
        return WorldMap.focusedView(
            zoom: zoom, position: model.position, target: model.target, columns: size.columns, rows: size.rows)
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
        let (columns, rows) = size
        switch input {
        case .key(.left), .line("left"), .line("h"): view.pan(dx: -1, dy: 0, columns: columns, rows: rows)
        case .key(.right), .line("right"), .line("l"): view.pan(dx: 1, dy: 0, columns: columns, rows: rows)
        case .key(.up), .line("up"), .line("k"): view.pan(dx: 0, dy: 1, columns: columns, rows: rows)
        case .key(.down), .line("down"), .line("j"): view.pan(dx: 0, dy: -1, columns: columns, rows: rows)
        // Zooming centres the map again, so that the position stays in view wherever it was panned.
        case .key(.character("+")), .key(.character("=")), .line("+"), .line("zoom in"):
            view = focusedView(zoom: min(WorldMap.maximumZoom, view.zoom + 1), for: model)
        case .key(.character("-")), .line("-"), .line("zoom out"):
            view = focusedView(zoom: max(0, view.zoom - 1), for: model)
        case .key(.character("0")), .line("0"), .line("reset"):
            view = focusedView(zoom: 0, for: model)
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
