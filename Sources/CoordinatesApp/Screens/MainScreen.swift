import Baton
import CoordinatesKit

/// The main screen (seed 001's initial view controller): the current position in the three
/// formats, and the target.
///
/// It keeps its lines and redraws them only when told: on will-appear, after reading what an entry
/// screen passed back through the shared context (seed 000), and on every
/// ``CoordinatesModelDidChange`` event.
final class MainScreen: AppScreen {
    static let edit = ScreenCommand(key: "e", word: "edit", title: "Edit position")
    static let bearing = ScreenCommand(key: "d", word: "distance", title: "Bearing & distance")
    static let share = ScreenCommand(key: "s", word: "share", title: "Share")
    static let gps = ScreenCommand(key: "g", word: "gps", title: "From GPS")
    static let map = ScreenCommand(key: "m", word: "map", title: "Map")

    /// The lines as last refreshed.
    private(set) var shownLines: [String] = []
    /// How many times the lines were refreshed, for tests.
    private(set) var refreshCount = 0

    override init(name: String? = nil, context: ScreenContext? = nil) {
        super.init(name: name, context: context)
        self.context.observe(CoordinatesModelDidChange.self, owner: self) { screen, _ in
            screen.refresh()
        }
    }

    override var title: String { "Coordinates" }
    override var commands: [ScreenCommand] {
        let gps = context[\.positionLocator] != nil ? [Self.gps] : []
        return [Self.edit] + gps + [Self.bearing, Self.map, Self.share, .help, .quit]
    }

    override func lines(for model: CoordinatesModel) -> [String] { shownLines }

    override func willAppear() {
        if let entered = context[\.enteredCoordinate], entered.field == .position {
            context.remove(\.enteredCoordinate)
            model?.setPosition(entered.coordinate)
            status = "Position updated."
        }
        refresh()
    }

    func refresh() {
        guard let model else { return }
        refreshCount += 1
        let target = model.target.map { $0.formatted() } ?? "not set (press d, then t)"
        shownLines =
            ["Position"] + ConversionReport(model.position).lines.map { "  " + $0 } + [
                "", "Target  " + target,
            ]
    }

    override func perform(_ command: ScreenCommand) {
        switch command {
        case Self.edit:
            context.set(.position, for: \.entryRequest)
            navigate(to: ScreenID.entry, .pushSharingContext)
        case Self.bearing:
            navigate(to: ScreenID.bearing, .push)
        case Self.share:
            navigate(to: ScreenID.share, .push)
        case Self.map:
            navigate(to: ScreenID.map, .push)
        case Self.gps:
            execute(LocatePosition.self)
        default:
            super.perform(command)
        }
    }
}
