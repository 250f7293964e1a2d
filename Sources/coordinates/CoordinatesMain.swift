import ArgumentParser
import CoordinatesApp
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Parses the command line and runs the app or a subcommand, with the documented exit codes:
/// 0 success, 1 invalid coordinates, 2 usage error.
@main
enum CoordinatesMain {
    @MainActor static func main() async {
        // A closed output pipe is reported by write's EPIPE, so that the state is saved before exiting
        // with 141, instead of the process dying of SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let command: any ParsableCommand
        do {
            command = try CoordinatesCommand.parseAsRoot(Array(CommandLine.arguments.dropFirst()))
        } catch {
            exit(reportParseError(error))
        }
        switch command {
        case let convert as ConvertCommand:
            exit(convert.execute())
        case let bearing as BearingCommand:
            exit(bearing.execute())
        case let gps as GPSCommand:
            exit(await gps.execute())
        case let share as ShareCommand:
            exit(runShare(share))
        case let open as OpenCommand:
            if let problem = CoordinatesApplication.check(link: open.link) {
                StandardError.write(problem.message)
                exit(1)
            }
            exit(await runApp(open.root, link: open.link))
        case let root as CoordinatesCommand:
            exit(await runApp(root))
        default:
            // The parser's own commands, such as `help`: running them throws the clean exit that
            // prints their text.
            var builtIn = command
            do {
                try builtIn.run()
                exit(0)
            } catch {
                exit(reportParseError(error))
            }
        }
    }

    /// Help and version requests print to standard output and succeed; any other parse error is a
    /// usage error, exit code 2.
    static func reportParseError(_ error: any Error) -> Int32 {
        let message = CoordinatesCommand.fullMessage(for: error)
        if CoordinatesCommand.exitCode(for: error) == .success {
            StandardOutput.line(message)
            return 0
        }
        StandardError.write(message)
        return 2
    }

    /// Runs the app; `link`, already checked, is opened instead of the screens saved at the last quit.
    @MainActor static func runApp(_ options: CoordinatesCommand, link: String? = nil) async -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        guard let path = options.state ?? StateStore.defaultPath(environment: environment) else {
            StandardError.write("no state file location: set HOME or XDG_DATA_HOME, or pass --state PATH.")
            return 2
        }
        let store = StateStore(path: path)
        do {
            try store.checkPath()
        } catch {
            // A path the user passed is a usage error; the default one is set aside and the app starts.
            guard options.state == nil else {
                StandardError.write("--state \(path): \(error.reason); pass the path of a regular file.")
                return 2
            }
            StandardError.write(store.moveAside(because: error.reason).message)
        }
        do {
            try store.lock()
        } catch {
            StandardError.write("cannot use the state file \(path): \(error.reason).")
            return 1
        }
        let reporter = Reporter()
        let app = CoordinatesApplication(store: store) { message in
            reporter.report(message)
        }
        app.locator = GPSDLocator.parse(options.gpsd, timeout: 10)
        app.linkToOpen = link
        if !options.plain, isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 {
            return await InteractiveHost(app: app, reporter: reporter).run()
        }
        return await PlainHost(app: app).run()
    }
}

extension CoordinatesMain {
    /// `coordinates share`: reads the state without changing it and prints the message.
    @MainActor static func runShare(_ options: ShareCommand) -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        guard let path = options.state ?? StateStore.defaultPath(environment: environment) else {
            StandardError.write("no state file location: set HOME or XDG_DATA_HOME, or pass --state PATH.")
            return 2
        }
        let store = StateStore(path: path)
        do {
            try store.checkPath()
        } catch {
            StandardError.write("--state \(path): \(error.reason); pass the path of a regular file.")
            return 2
        }
        var state = SavedState.initial
        switch store.read() {
        case .loaded(let saved): state = saved
        case .missing: break
        case .unreadable(let problem):
            StandardError.write("could not read the state file \(problem.path): \(problem.reason).")
            return 1
        }
        let report = ShareReport(position: state.position, target: state.target)
        StandardOutput.line(options.json ? report.json : report.text)
        return 0
    }
}

/// Writes the app's reports to standard error, or holds them while the full-screen UI owns the
/// terminal (they would be drawn over and lost with the alternate screen) until it is restored.
@MainActor
final class Reporter {
    private var held: [String]?

    func report(_ message: String) {
        if held != nil {
            held?.append(message)
        } else {
            StandardError.write(message)
        }
    }

    /// The reports held so far.
    var heldMessages: [String] { held ?? [] }

    /// Holds reports from now on.
    func hold() {
        if held == nil { held = [] }
    }

    /// Writes the held reports and stops holding.
    func release() {
        let messages = held ?? []
        held = nil
        for message in messages { StandardError.write(message) }
    }
}
