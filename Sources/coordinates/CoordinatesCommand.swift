import ArgumentParser
import CoordinatesApp
import CoordinatesKit

/// `coordinates`: the interactive app, and the `convert` and `bearing` subcommands.
struct CoordinatesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coordinates",
        abstract: "Convert latitude/longitude between formats, with bearing, distance and a share text.",
        usage: """
            coordinates [--state <path>] [--plain]
            coordinates convert [--json] <coordinate>
            coordinates bearing [--json] <from> <to>
            """,
        discussion: """
            Without a subcommand, shows the app: a full-screen UI in a terminal, or, when standard input \
            is not a terminal (or with --plain), a plain mode that reads one command per line and prints \
            each screen as text. Commands, as a key or a word:

              Main screen     e edit, d distance, s share, ? help, q quit
              Bearing         t set target, c clear target, < back, ? help, q quit
              Share, Help     < back, q quit
              Edit, target    type a coordinate; an empty line (Esc) cancels
              First run       c continue, q quit
              Terminal keys   arrows move, Enter selects, Esc goes back, Ctrl-C quits

            The state (position, target, onboarding done) is saved on quit, at the end of input and on \
            Ctrl-C, in --state, by default $XDG_DATA_HOME/coordinates/state.json or \
            ~/.local/share/coordinates/state.json.

            Exit codes: 0 success, 1 invalid coordinates (message on standard error) or a state that \
            could not be saved, 2 usage error.
            """,
        subcommands: [ConvertCommand.self, BearingCommand.self]
    )

    @Option(name: .long, help: ArgumentHelp("The state file.", valueName: "path"))
    var state: String?

    @Flag(name: .long, help: "Use plain mode even in a terminal.")
    var plain = false
}

/// `coordinates convert "<text>"`.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Print a coordinate in decimal degrees, degrees and decimal minutes, and degrees-minutes-seconds.",
        usage: "coordinates convert [--json] <coordinate>",
        discussion: """
            Examples:
              coordinates convert "48.8584, 2.2945"
              coordinates convert 48°51′30″N 2°17′40″E
              coordinates convert --json "-33.8688 151.2093"
            """
    )

    @Flag(name: .long, help: "Print a JSON object with numeric latitude and longitude and the three formats.")
    var json = false

    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp("The coordinate in any format, as one or several words.", valueName: "coordinate"))
    var words: [String] = []

    func validate() throws {
        if words.isEmpty { throw ValidationError("Missing the coordinate to convert.") }
        try rejectUnknownOptions(words)
    }

    @MainActor func execute() -> Int32 {
        let text = words.joined(separator: " ")
        do {
            let report = ConversionReport(try Coordinate(parsing: text))
            StandardOutput.line(json ? report.json : report.text)
            return 0
        } catch {
            StandardError.write(InvalidCoordinate(text: text, error: error).message)
            return 1
        }
    }
}

/// `coordinates bearing "<from>" "<to>"`.
struct BearingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bearing",
        abstract: "Print the great-circle initial bearing and distance from one coordinate to another.",
        usage: "coordinates bearing [--json] <from> <to>",
        discussion: """
            Distances are measured on a sphere of radius 6371.0088 km. Example:
              coordinates bearing "48.8566 N, 2.3522 E" "51.5074 N, 0.1278 W"
            """
    )

    @Flag(name: .long, help: "Print a JSON object with numeric initialBearing (degrees) and distanceKm.")
    var json = false

    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp("The start and the end, each quoted as one argument.", valueName: "from> <to"))
    var points: [String] = []

    func validate() throws {
        try rejectUnknownOptions(points)
        guard points.count == 2 else {
            throw ValidationError("Expected two coordinates, <from> and <to>, each quoted; got \(points.count).")
        }
    }

    @MainActor func execute() -> Int32 {
        do {
            let from = try read(points[0], as: "from")
            let to = try read(points[1], as: "to")
            let report = BearingReport(from: from, to: to)
            StandardOutput.line(json ? report.json : report.text)
            return 0
        } catch {
            StandardError.write(error.message)
            return 1
        }
    }

    private func read(_ text: String, as role: String) throws(InvalidCoordinate) -> Coordinate {
        do {
            return try Coordinate(parsing: text)
        } catch {
            throw InvalidCoordinate(text: text, error: error, role: role)
        }
    }
}

/// Coordinates are collected from unrecognized arguments so that a negative value such as
/// `-33.8688` is not taken for an option; a word starting with `--` is still a misspelt option.
private func rejectUnknownOptions(_ words: [String]) throws {
    if let option = words.first(where: { $0.hasPrefix("--") }) {
        throw ValidationError("Unknown option '\(option)'.")
    }
}
