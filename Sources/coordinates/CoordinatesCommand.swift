import ArgumentParser
import CoordinatesApp
import CoordinatesKit

/// `coordinates`: the interactive app, and the `convert` and `bearing` subcommands.
struct CoordinatesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coordinates",
        abstract: "Convert latitude/longitude between formats, with bearing, distance and a share text.",
        usage: """
            coordinates [--state <path>] [--plain] [--gpsd <host:port>]
            coordinates open [--state <path>] [--plain] [--gpsd <host:port>] <link>
            coordinates convert [--json] <coordinate>
            coordinates bearing [--json] <from> <to>
            coordinates gps [--json] [--gpsd <host:port>] [--timeout <seconds>]
            coordinates share [--json] [--state <path>]
            """,
        discussion: """
            Without a subcommand, shows the app: a full-screen UI in a terminal, or, when standard input \
            is not a terminal (or with --plain), a plain mode that reads one command per line and prints \
            each screen as text. Commands, as a key or a word:

              Main screen     e edit, g GPS, d distance, m map, s share, ? help, q quit
              Bearing         t set target, c clear target, < back, ? help, q quit
              Map             arrows pan, + - zoom around the position, 0 whole world, < back
              Share           y copy to the clipboard (full-screen UI), < back
              Help            < back, q quit
              Edit, target    type a coordinate; an empty line (Esc) cancels. The field starts
                              with the current value selected: what you type replaces it
              First run       c continue, q quit
              Terminal keys   arrows move, Enter selects, Esc goes back, Ctrl-C quits
              Edit field      ← → Home End (Ctrl-A, Ctrl-E) move, and keep a selected value;
                              Backspace, Delete (Ctrl-D), Ctrl-U clears, Ctrl-K deletes to
                              the end, Ctrl-W a word

            The app opens on the screen you were on when it quit; `coordinates open <link>` opens it on \
            a geo: URI's position (geo:48.8584,2.2945) or on a coordinates:// screen instead.

            The state (position, target, onboarding done, the screens you were on) is saved on quit, at \
            the end of input and on Ctrl-C, in --state, by default $XDG_DATA_HOME/coordinates/state.json or \
            ~/.local/share/coordinates/state.json.

            --state must name a regular file (or a symlink to one), or a path where one can be made; \
            only one app at a time may use a state file.

            Exit codes: 0 success; 1 invalid coordinates or link, no GPS fix, or a state that could not be read \
            or saved (message on standard error); 2 usage error (including an unusable --state); \
            129, 130, 131, 141, 143 for SIGHUP, SIGINT (Ctrl-C), SIGQUIT, SIGPIPE (output closed) and \
            SIGTERM, after restoring the terminal and saving the state.
            """,
        subcommands: [
            OpenCommand.self, ConvertCommand.self, BearingCommand.self, GPSCommand.self, ShareCommand.self,
        ]
    )

    @Option(name: .long, help: ArgumentHelp("The state file.", valueName: "path"))
    var state: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Where gpsd listens, for the main screen's From GPS.", valueName: "host:port"))
    var gpsd = "localhost:2947"

    func validate() throws {
        if let state, state.isEmpty { throw ValidationError("--state needs a path; got an empty one.") }
        if GPSDLocator.parse(gpsd, timeout: 10) == nil {
            throw ValidationError("--gpsd expects HOST:PORT, such as localhost:2947; got '\(gpsd)'.")
        }
    }

    @Flag(name: .long, help: "Use plain mode even in a terminal.")
    var plain = false
}

/// `coordinates open <link>`: the app, opened on a link's screen.
struct OpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open the app on a geo: URI's position or on a coordinates:// screen.",
        usage: "coordinates open [--state <path>] [--plain] [--gpsd <host:port>] <link>",
        discussion: """
            Links:
              geo:48.8584,2.2945             the main screen, on that position (RFC 5870;
                                             an altitude, ;u= and ;crs=wgs84 are accepted)
              coordinates://position/LAT,LON the same
              coordinates://main             the main screen
              coordinates://bearing          Bearing & distance
              coordinates://map              the map
              coordinates://share            the share message
              coordinates://help             help
            The link replaces the screens you were on; on a first run it opens after the \
            welcome screen. A link that cannot be opened exits with 1 and a message naming the \
            wrong part, without reading or writing the state.
            """
    )

    @Argument(help: ArgumentHelp("A geo: URI or a coordinates:// URL; quote it.", valueName: "link"))
    var link: String

    /// `--state`, `--plain` and `--gpsd` are the top-level options, read here.
    @ParentCommand var root: CoordinatesCommand
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
            Does not use the state: --state is refused.
            """
    )

    @Flag(name: .long, help: "Print a JSON object with numeric latitude and longitude and the three formats.")
    var json = false

    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp("The coordinate in any format, as one or several words.", valueName: "coordinate"))
    var words: [String] = []

    /// The top-level options, parsed wherever they appear: convert refuses `--state`, which it does not use.
    @ParentCommand var root: CoordinatesCommand

    func validate() throws {
        if root.state != nil { throw ValidationError("convert does not use the state; drop --state.") }
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
            Does not use the state: --state is refused.
            """
    )

    @Flag(name: .long, help: "Print a JSON object with numeric initialBearing (degrees) and distanceKm.")
    var json = false

    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp("The start and the end, each quoted as one argument.", valueName: "from> <to"))
    var points: [String] = []

    /// The top-level options, parsed wherever they appear: bearing refuses `--state`, which it does not use.
    @ParentCommand var root: CoordinatesCommand

    func validate() throws {
        if root.state != nil { throw ValidationError("bearing does not use the state; drop --state.") }
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

/// `coordinates gps`: one position from gpsd.
struct GPSCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gps",
        abstract: "Print the position from a GPS receiver, read through gpsd.",
        usage: "coordinates gps [--json] [--gpsd <host:port>] [--timeout <seconds>]",
        discussion: """
            Connects to gpsd, asks it to watch (?WATCH={"enable":true,"json":true}) and prints the \
            first report with a 2D or 3D fix, with gpsd's horizontal error estimate when it gives one. \
            Exits with 1 and a message when there is no gpsd, no receiver or no fix before the timeout. \
            Does not read or write the state.
            """
    )

    @Flag(name: .long, help: "Print a JSON object: the fields of convert --json, plus accuracy (metres) when known.")
    var json = false

    @Option(name: .long, help: ArgumentHelp("How long to wait for a fix.", valueName: "seconds"))
    var timeout = 10.0

    /// `--gpsd HOST:PORT` (default localhost:2947) is the top-level option, read here.
    @ParentCommand var root: CoordinatesCommand

    func validate() throws {
        guard timeout.isFinite, timeout > 0, timeout <= 3600 else {
            throw ValidationError("--timeout must be between 0 and 3600 seconds; got \(timeout).")
        }
        if root.state != nil { throw ValidationError("gps does not use the state; drop --state.") }
    }

    @MainActor func execute() async -> Int32 {
        // The top-level command validated the address.
        let locator = GPSDLocator.parse(root.gpsd, timeout: timeout)!
        do {
            let report = PositionReport(try await locator.locate())
            StandardOutput.line(json ? report.json : report.text)
            return 0
        } catch {
            StandardError.write(error.description)
            return 1
        }
    }
}

/// `coordinates share`: the share message for the saved position.
struct ShareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share",
        abstract: "Print the message that shares the saved position (and the bearing to the target).",
        usage: "coordinates share [--json] [--state <path>]",
        discussion: """
            Reads the state file (the same default as the app) and never writes it. Without a saved \
            state it shares the first-run position.
            """
    )

    @Flag(name: .long, help: "Print a JSON object with the message and its geo: link.")
    var json = false

    /// `--state PATH` is the top-level option, read here.
    @ParentCommand var root: CoordinatesCommand

    var state: String? { root.state }
}

/// Coordinates are collected from unrecognized arguments so that a negative value such as
/// `-33.8688` is not taken for an option; a word starting with `--` is still a misspelt option.
private func rejectUnknownOptions(_ words: [String]) throws {
    if let option = words.first(where: { $0.hasPrefix("--") }) {
        throw ValidationError("Unknown option '\(option)'.")
    }
}
