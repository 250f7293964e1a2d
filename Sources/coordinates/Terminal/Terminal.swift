#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal settings saved before raw mode; read by the crash handlers, so they live in plain
/// memory that a signal handler may touch.
nonisolated(unsafe) private let savedSettings = UnsafeMutablePointer<termios>.allocate(capacity: 1)
/// Whether raw mode is on and must be undone.
nonisolated(unsafe) private var rawModeIsOn = false
/// The bytes that leave the alternate screen and show the cursor, prepared before any signal.
private let leaveSequence: [UInt8] = Array("\u{1B}[?2004l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l".utf8)
nonisolated(unsafe) private let leaveBytes: UnsafeMutablePointer<UInt8> = {
    let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: leaveSequence.count)
    bytes.initialize(from: leaveSequence, count: leaveSequence.count)
    return bytes
}()

/// Restores the terminal using only async-signal-safe calls; safe to call more than once.
private func restoreTerminalNow() {
    guard rawModeIsOn else { return }
    rawModeIsOn = false
    _ = write(STDOUT_FILENO, leaveBytes, leaveSequence.count)
    _ = tcsetattr(STDIN_FILENO, TCSANOW, savedSettings)
}

/// A fatal signal: restore the terminal, then die of the same signal with its default action.
private func restoreAndReraise(_ signalNumber: Int32) {
    restoreTerminalNow()
    signal(signalNumber, SIG_DFL)
    raise(signalNumber)
}

/// Raw mode, the alternate screen and the guarantees that undo them: on a normal exit, at `exit`
/// through `atexit`, and on a crash through handlers for the fatal signals, which restore the
/// terminal and re-raise.
@MainActor
enum Terminal {
    /// Saves the settings, switches to raw mode and the alternate screen, and installs the
    /// restoring handlers. Returns `false` when standard input is not a terminal.
    static func enterFullScreen() -> Bool {
        guard tcgetattr(STDIN_FILENO, savedSettings) == 0 else { return false }
        var raw = savedSettings.pointee
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        installRestoringHandlers()
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else { return false }
        rawModeIsOn = true
        // The alternate screen, no cursor, and bracketed paste, so that pasted text arrives marked and
        // is typed into a field, never run as commands.
        write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J\u{1B}[?2004h")
        return true
    }

    /// Leaves raw mode and the alternate screen.
    static func leaveFullScreen() {
        restoreTerminalNow()
    }

    private static var handlersInstalled = false

    /// Installs, once, the handlers that restore the terminal at exit and on a crash signal, and
    /// then die of that signal: no runtime crash reporter is left waiting on a raw terminal.
    static func installRestoringHandlers() {
        guard !handlersInstalled else { return }
        handlersInstalled = true
        // Globals initialize lazily; do it now, not inside a signal handler.
        _ = leaveBytes
        atexit { restoreTerminalNow() }
        // Crashes, and every other signal whose default is to end the process (the host handles
        // SIGINT, SIGTERM, SIGHUP, SIGQUIT and SIGPIPE itself): none may leave the terminal raw.
        let fatal = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS, SIGXCPU, SIGXFSZ]
        let terminating = [SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF]
        for number in fatal + terminating {
            signal(number, restoreAndReraise)
        }
    }

    /// The terminal's size in columns and rows, or `nil` when it cannot be read.
    static func size() -> (columns: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
            return nil
        }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// Whether to use ANSI colours: not when `NO_COLOR` is set or the terminal is `dumb`.
    static var showsColour: Bool {
        guard getenv("NO_COLOR") == nil, let term = getenv("TERM") else { return false }
        return String(cString: term) != "dumb"
    }

    /// Writes all of `text` to standard output.
    static func write(_ text: String) {
        StandardOutput.write(text)
    }
}
