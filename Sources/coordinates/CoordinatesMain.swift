import ArgumentParser
import CoordinatesApp

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

    @MainActor static func runApp(_ options: CoordinatesCommand) async -> Int32 {
        let environment = ProcessEnvironment.current
        guard let path = options.state ?? StateStore.defaultPath(environment: environment) else {
            StandardError.write("no state file location: set HOME or XDG_DATA_HOME, or pass --state PATH.")
            return 2
        }
        let app = CoordinatesApplication(store: StateStore(path: path)) { message in
            StandardError.write(message)
        }
        if !options.plain, isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 {
            return await InteractiveHost(app: app).run()
        }
        return await PlainHost(app: app).run()
    }
}

/// The process environment without Foundation.
enum ProcessEnvironment {
    static var current: [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }
}
