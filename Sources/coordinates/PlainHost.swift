import CoordinatesApp

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Plain mode: reads one command per line from standard input, echoes it after `> `, and prints
/// each screen as text followed by a blank line. The end of input quits like `q`; an interrupt or a
/// termination signal saves and exits with 128 plus the signal's number.
@MainActor
struct PlainHost {
    let app: CoordinatesApplication

    func run() async -> Int32 {
        let events = HostEvents.start(reading: .lines, signals: [SIGINT, SIGTERM, SIGHUP, SIGQUIT])
        Terminal.installRestoringHandlers()
        await app.launch()
        show()
        if app.failure != nil { return 1 }
        if StandardOutput.isClosed { return finish(128 + SIGPIPE) }
        for await event in events {
            switch event {
            case .line(let line):
                StandardOutput.line("> \(line)")
                if StandardOutput.isClosed { return finish(128 + SIGPIPE) }
                await app.handle(.line(line))
                if app.isFinished { return finish(0) }
                show()
                if StandardOutput.isClosed { return finish(128 + SIGPIPE) }
            case .endOfInput:
                return finish(0)
            case .signal(let number):
                return finish(128 + number)
            case .bytes:
                break
            }
        }
        return finish(0)
    }

    private func show() {
        StandardOutput.line(TextRenderer.plain(app.takeContent()))
        StandardOutput.line()
    }

    /// Saves the state; a failure to save is reported and turns success into exit code 1.
    private func finish(_ code: Int32) -> Int32 {
        do {
            try app.save()
            return code
        } catch {
            StandardError.write(error.description)
            return code == 0 ? 1 : code
        }
    }
}
