import CoordinatesApp

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The full-screen terminal UI: raw mode on the alternate screen, arrow keys and letter shortcuts,
/// a redraw on every key and on every resize. Quitting, the end of input, Ctrl-C and termination
/// signals restore the terminal and then save; a crash restores it through ``Terminal``'s handlers.
@MainActor
final class InteractiveHost {
    let app: CoordinatesApplication
    let reporter: Reporter
    private var content: ScreenContent?
    private var decoder = KeyDecoder()
    /// A start-up problem to show once on screen.
    private var notice = ""

    init(app: CoordinatesApplication, reporter: Reporter) {
        self.app = app
        self.reporter = reporter
    }

    func run() async -> Int32 {
        guard Terminal.enterFullScreen() else {
            return await PlainHost(app: app).run()
        }
        reporter.hold()
        let events = HostEvents.start(reading: .bytes, signals: [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH])
        // Held strongly: every exit below goes through `finish(_:)`, which clears it. (A weak
        // capture drew an optimizer warning in release builds: the host looked dead to it.)
        app.onUpdate = { self.redraw(taking: true) }
        await app.launch()
        if app.failure != nil { return finish(1) }
        // A problem found while starting (a corrupt or unreadable state) is shown now, on screen, and
        // again on standard error after the terminal is restored.
        notice = reporter.heldMessages.joined(separator: " ")
        redraw(taking: true)
        for await event in events {
            if StandardOutput.isClosed { return finish(128 + SIGPIPE) }
            switch event {
            case .bytes(let bytes):
                for key in decoder.decode(bytes) {
                    switch key {
                    case .interrupt: return finish(130)
                    // Ctrl-D deletes in a text field, as in a shell; elsewhere it ends the session.
                    case .endOfInput where !app.isEditingText: return finish(0)
                    default: await app.handle(.key(key))
                    }
                    if app.isFinished { return finish(0) }
                }
                redraw(taking: true)
            case .signal(SIGWINCH):
                redraw(taking: true, keepingStatus: true)
            case .signal(let number):
                return finish(128 + number)
            case .endOfInput:
                return finish(0)
            case .line:
                break
            }
        }
        return finish(0)
    }

    /// Draws the top screen; after a resize, the content already taken is drawn again so that a
    /// status message is not lost.
    private func redraw(taking: Bool, keepingStatus: Bool = false) {
        let size = Terminal.size() ?? (columns: 80, rows: 24)
        if taking || content == nil {
            let previousStatus = content?.status
            app.setDisplay(columns: size.columns, rows: size.rows, colour: Terminal.showsColour)
            content = app.takeContent()
            if keepingStatus, content?.status == nil { content?.status = previousStatus }
            if !notice.isEmpty {
                let status = content?.status
                content?.status = [status, notice].compactMap { $0 }.joined(separator: " ")
                notice = ""
            }
            if let text = content?.clipboard {
                let insideTmux = getenv("TMUX") != nil
                Terminal.write(TextRenderer.clipboardEscape(text, insideTmux: insideTmux))
                content?.clipboard = nil
            }
        }
        guard let content else { return }
        let frame = TextRenderer.frame(content, width: size.columns, height: size.rows)
        var output = "\u{1B}[H" + frame.lines.joined(separator: "\r\n")
        if let cursor = frame.cursor {
            output += "\u{1B}[\(cursor.row + 1);\(cursor.column + 1)H\u{1B}[?25h"
        } else {
            output += "\u{1B}[?25l"
        }
        Terminal.write(output)
    }

    /// Restores the terminal first, so that the held reports and any error are readable, then saves.
    private func finish(_ code: Int32) -> Int32 {
        app.onUpdate = nil
        Terminal.leaveFullScreen()
        reporter.release()
        do {
            try app.save()
            return code
        } catch {
            StandardError.write(error.description)
            return code == 0 ? 1 : code
        }
    }
}
