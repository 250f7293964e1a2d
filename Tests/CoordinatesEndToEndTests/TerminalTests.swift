import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pseudo-terminal whose slave end is the child's standard input, output and error.
final class PseudoTerminal {
    let master: Int32
    let slave: Int32
    let output = Collector()

    init(columns: UInt16 = 80, rows: UInt16 = 24) throws {
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard master >= 0, let name = Self.unlockSlave(of: master) else { throw CocoaError(.fileReadUnknown) }
        slave = open(name, O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw CocoaError(.fileReadUnknown) }
        resize(columns: columns, rows: rows)
        output.drain(master)
    }

    /// Unlocks the slave end and returns its path (what `unlockpt` and `ptsname` do, which the
    /// Glibc module does not import).
    private static func unlockSlave(of master: Int32) -> String? {
        #if os(Linux)
            var unlock: Int32 = 0
            var number: UInt32 = 0
            // TIOCSPTLCK and TIOCGPTN from <asm-generic/ioctls.h>.
            guard ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
                return nil
            }
            return "/dev/pts/\(number)"
        #else
            guard grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else { return nil }
            return String(cString: name)
        #endif
    }

    func resize(columns: UInt16, rows: UInt16) {
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Whether the slave is back in canonical mode with echo, as before the app ran.
    var isRestored: Bool {
        var settings = termios()
        guard tcgetattr(slave, &settings) == 0 else { return false }
        let wanted = tcflag_t(ICANON | ECHO | ISIG)
        return settings.c_lflag & wanted == wanted
    }

    func start(_ arguments: [String], home: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try CoordinatesBinary.require())
        process.arguments = arguments
        process.environment = childEnvironment(home: home)
        let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.standardInput = handle
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        return process
    }

    deinit {
        close(slave)
        close(master)
    }
}

private let leaveFullScreen = "\u{1B}[?1049l"

@Suite(.serialized) struct TerminalTests {
    @Test func theFullScreenUIRunsOnKeysAndRestoresTheTerminalOnQuit() throws {
        let scratch = try Scratch()
        let terminal = try PseudoTerminal()
        let process = try terminal.start(["--state", scratch.state], home: scratch.path)
        #expect(terminal.output.wait(for: "Welcome to Coordinates"))
        #expect(!terminal.isRestored)
        terminal.type("c")
        #expect(terminal.output.wait(for: "[e] Edit position"))
        #expect(terminal.output.text.contains("↑↓ move  Enter select"))
        let mark = terminal.output.text.count
        terminal.type("\u{1B}[B\r")
        #expect(terminal.output.wait(for: "Bearing & distance", after: mark))
        terminal.type("q")
        #expect(waitForExit(process))
        #expect(process.terminationStatus == 0)
        #expect(terminal.output.text.hasSuffix(leaveFullScreen))
        #expect(terminal.isRestored)
        #expect(scratch.read("state.json")?.contains("\"hasCompletedOnboarding\" : true") == true)
    }

    @Test func controlCRestoresTheTerminalSavesAndExitsWith130() throws {
        let scratch = try Scratch()
        let terminal = try PseudoTerminal()
        let process = try terminal.start(["--state", scratch.state], home: scratch.path)
        #expect(terminal.output.wait(for: "Welcome to Coordinates"))
        terminal.type("c")
        #expect(terminal.output.wait(for: "[e] Edit position"))
        terminal.type("\u{03}")
        #expect(waitForExit(process))
        #expect(process.terminationStatus == 130)
        #expect(terminal.isRestored)
        #expect(scratch.read("state.json")?.contains("\"hasCompletedOnboarding\" : true") == true)
    }

    @Test func aCorruptStateIsReportedAfterTheTerminalIsRestored() throws {
        let scratch = try Scratch()
        scratch.write("not json", to: "state.json")
        let terminal = try PseudoTerminal()
        let process = try terminal.start(["--state", scratch.state], home: scratch.path)
        #expect(terminal.output.wait(for: "Welcome to Coordinates"))
        // Shown on screen when it happens, not only after quitting.
        #expect(terminal.output.wait(for: " ! could not read the state file"))
        terminal.type("q")
        #expect(waitForExit(process))
        #expect(process.terminationStatus == 0)
        let afterRestore = terminal.output.text.components(separatedBy: leaveFullScreen).last ?? ""
        #expect(
            afterRestore.contains("coordinates: could not read the state file \(scratch.state): it is not valid JSON."))
        #expect(scratch.names == ["state.json", "state.json.corrupt", "state.json.lock"])
    }

    @Test func aResizeRedrawsAtTheNewSize() throws {
        let scratch = try Scratch()
        let terminal = try PseudoTerminal(columns: 40, rows: 12)
        let process = try terminal.start(["--state", scratch.state], home: scratch.path)
        #expect(terminal.output.wait(for: "Welcome to Coordinates"))
        let mark = terminal.output.text.count
        terminal.resize(columns: 100, rows: 30)
        kill(process.processIdentifier, SIGWINCH)
        let wideTitle = " Welcome to Coordinates" + String(repeating: " ", count: 100 - 23)
        #expect(terminal.output.wait(for: wideTitle, after: mark))
        terminal.type("q")
        #expect(waitForExit(process))
        #expect(process.terminationStatus == 0)
    }

    @Test func aCrashRestoresTheTerminalAndDiesOfTheSameSignal() throws {
        let scratch = try Scratch()
        let terminal = try PseudoTerminal()
        let process = try terminal.start(["--state", scratch.state], home: scratch.path)
        #expect(terminal.output.wait(for: "Welcome to Coordinates"))
        kill(process.processIdentifier, SIGSEGV)
        #expect(waitForExit(process))
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == SIGSEGV)
        #expect(terminal.output.wait(for: leaveFullScreen))
        #expect(terminal.isRestored)
    }

    // MARK: - Issue 14: text by grapheme and column, bracketed paste, SIGQUIT

    /// A state past onboarding, so the app opens on the main screen.
    private static let onboarded =
        #"{"formatVersion":1,"hasCompletedOnboarding":true,"position":{"latitude":1,"longitude":2}}"#

    /// The column of the last cursor placement, from the `ESC [ row ; column H ESC [ ?25h` it wrote.
    private func lastCursorColumn(_ text: String) -> Int? {
        guard let range = text.range(of: "H\u{1B}[?25h", options: .backwards) else { return nil }
        let head = text[..<range.lowerBound]
        guard let semicolon = head.lastIndex(of: ";") else { return nil }
        return Int(head[head.index(after: semicolon)...])
    }

    @Test func aCombiningMarkAndASkinToneThenBackspaceDoNotCrashTheEditor() throws {
        let scratch = try Scratch()
        scratch.write(Self.onboarded, to: "state.json")
        let terminal = try PseudoTerminal()
        let process = try terminal.start(["--state", scratch.state], home: scratch.path)
        #expect(terminal.output.wait(for: "[e] Edit position"))
        terminal.type("e")
        #expect(terminal.output.wait(for: "Edit position"))
        terminal.type("\u{15}")
        // Each code point arrives in its own read, as a terminal sends a key at a time.
        for piece in ["4", "e", "\u{301}", "👍", "\u{1F3FD}"] {
            let mark = terminal.output.text.count
            terminal.type(piece)
            #expect(terminal.output.wait(for: "H\u{1B}[?25h", after: mark))
        }
        #expect(terminal.output.text.contains(" > 4e\u{301}👍🏽"))
        let mark = terminal.output.text.count
        terminal.type("\u{7F}\u{7F}8")
        #expect(terminal.output.wait(for: " > 48 ", after: mark))
        #expect(process.isRunning)
        terminal.type("\u{1B}")
        terminal.type("q")
        #expect(waitForExit(process))
        #expect(process.terminationStatus == 0)
        #expect(terminal.isRestored)
    }

    @Test func wideCharactersScrollTheFieldInsteadOfWrappingTheScreen() throws {
        let scratch = try Scratch()
        scratch.write(Self.onboarded, to: "state.json")
        let terminal = try PseudoTerminal(columns: 30, rows: 12)
        let process = try terminal.start(["--state", scratch.state], home: scratch.path)
        #expect(terminal.output.wait(for: "[e] Edit position"))
        terminal.type("e")
        #expect(terminal.output.wait(for: "Edit position"))
        terminal.type("\u{15}")
        let mark = terminal.output.text.count
        terminal.type(String(repeating: "東京", count: 20))
        #expect(terminal.output.wait(for: "東京東京東京", after: mark))
        terminal.type("X")
        #expect(terminal.output.wait(for: "X ", after: mark))
        let column = try #require(lastCursorColumn(terminal.output.text))
        // 3 columns of " > ", the last 12 wide characters that fit, the X, and the cursor after it.
        #expect(column == 4 + 12 * 2 + 1 + 1 - 1)
        #expect(column <= 30)
        terminal.type("\u{1B}q")
        #expect(waitForExit(process))
        #expect(process.terminationStatus == 0)
    }

    @Test func bracketedPasteTypesIntoTheFieldAndNeverRunsCommands() throws {
        let scratch = try Scratch()
        scratch.write(Self.onboarded, to: "state.json")
        let terminal = try PseudoTerminal()
        let process = try terminal.start(["--state", scratch.state], home: scratch.path)
        #expect(terminal.output.wait(for: "[e] Edit position"))
        #expect(terminal.output.text.contains("\u{1B}[?2004h"))
        // A paste of "q" on the main screen quits nothing.
        terminal.type("\u{1B}[200~q\u{1B}[201~")
        #expect(terminal.output.wait(for: "Pasted text is only taken in a text field"))
        #expect(process.isRunning)
        terminal.type("e")
        #expect(terminal.output.wait(for: "Edit position"))
        terminal.type("\u{15}\u{1B}[200~48.8584,\r2.2945\u{1B}[201~")
        #expect(terminal.output.wait(for: " > 48.8584, 2.2945"))
        terminal.type("\r")
        #expect(terminal.output.wait(for: "Position updated."))
        terminal.type("q")
        #expect(waitForExit(process))
        #expect(process.terminationStatus == 0)
        #expect(terminal.output.text.contains("\u{1B}[?2004l"))
        #expect(scratch.read("state.json")?.contains("\"latitude\" : 48.8584") == true)
    }

    @Test func sigquitRestoresTheTerminalSavesAndExitsWith131() throws {
        let scratch = try Scratch()
        let terminal = try PseudoTerminal()
        let process = try terminal.start(["--state", scratch.state], home: scratch.path)
        #expect(terminal.output.wait(for: "Welcome to Coordinates"))
        terminal.type("c")
        #expect(terminal.output.wait(for: "[e] Edit position"))
        kill(process.processIdentifier, SIGQUIT)
        #expect(waitForExit(process))
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 131)
        #expect(terminal.output.text.hasSuffix(leaveFullScreen))
        #expect(terminal.isRestored)
        #expect(scratch.read("state.json")?.contains("\"hasCompletedOnboarding\" : true") == true)
    }

    @Test func ctrlDInTheFieldDeletesInsteadOfQuitting() throws {
        let scratch = try Scratch()
        scratch.write(Self.onboarded, to: "state.json")
        let terminal = try PseudoTerminal()
        let process = try terminal.start(["--state", scratch.state], home: scratch.path)
        #expect(terminal.output.wait(for: "[e] Edit position"))
        terminal.type("e")
        #expect(terminal.output.wait(for: "Edit position"))
        let mark = terminal.output.text.count
        terminal.type("\u{15}12\u{01}\u{04}")
        #expect(terminal.output.wait(for: " > 2 ", after: mark))
        #expect(process.isRunning)
        terminal.type("\u{1B}q")
        #expect(waitForExit(process))
        #expect(process.terminationStatus == 0)
    }

    @Test func anyOtherTerminatingSignalRestoresTheTerminalFirst() throws {
        let scratch = try Scratch()
        let terminal = try PseudoTerminal()
        let process = try terminal.start(["--state", scratch.state], home: scratch.path)
        #expect(terminal.output.wait(for: "Welcome to Coordinates"))
        kill(process.processIdentifier, SIGUSR1)
        #expect(waitForExit(process))
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == SIGUSR1)
        #expect(terminal.output.wait(for: leaveFullScreen))
        #expect(terminal.isRestored)
    }

    // MARK: - Issue 24: a prefilled field shows its value selected

    @Test func typingIntoThePrefilledFieldReplacesTheValueInsteadOfAppending() throws {
        let scratch = try Scratch()
        scratch.write(Self.onboarded, to: "state.json")
        let terminal = try PseudoTerminal()
        let process = try terminal.start(["--state", scratch.state], home: scratch.path)
        #expect(terminal.output.wait(for: "[e] Edit position"))
        terminal.type("e")
        // The current value, selected: drawn in reverse video, with the key help saying so.
        #expect(terminal.output.wait(for: " > \u{1B}[7m1.000000° N, 2.000000° E\u{1B}[0m "))
        #expect(terminal.output.text.contains(" Type to replace  ←→ edit  Enter save  Esc cancel"))
        let mark = terminal.output.text.count
        terminal.type("40 41 21.4 N 74 02 40.2 W")
        #expect(terminal.output.wait(for: " > 40 41 21.4 N 74 02 40.2 W ", after: mark))
        terminal.type("\r")
        #expect(terminal.output.wait(for: "Position updated.", after: mark))
        #expect(terminal.output.text.contains("40.689278° N, 74.044500° W"))
        terminal.type("q")
        #expect(waitForExit(process))
        #expect(process.terminationStatus == 0)
        let state = scratch.read("state.json") ?? ""
        #expect(state.contains("\"latitude\" : 40.68927"))
        #expect(state.contains("\"longitude\" : -74.0445"))
    }

    @Test func anArrowKeyKeepsThePrefilledValueForEditing() throws {
        let scratch = try Scratch()
        scratch.write(Self.onboarded, to: "state.json")
        let terminal = try PseudoTerminal()
        let process = try terminal.start(["--state", scratch.state], home: scratch.path)
        #expect(terminal.output.wait(for: "[e] Edit position"))
        terminal.type("e")
        #expect(terminal.output.wait(for: " > \u{1B}[7m1.000000° N, 2.000000° E\u{1B}[0m "))
        let mark = terminal.output.text.count
        terminal.type("\u{1B}[C")  // → : the value stays, no longer selected, the cursor at its end
        #expect(terminal.output.wait(for: " > 1.000000° N, 2.000000° E ", after: mark))
        terminal.type("\u{7F}W")
        #expect(terminal.output.wait(for: " > 1.000000° N, 2.000000° W ", after: mark))
        terminal.type("\r")
        #expect(terminal.output.wait(for: "Position updated.", after: mark))
        terminal.type("q")
        #expect(waitForExit(process))
        #expect(process.terminationStatus == 0)
        #expect(scratch.read("state.json")?.contains("\"longitude\" : -2") == true)
    }

    @Test func theMapRedrawsAtTheNewSizeOnResize() throws {
        let scratch = try Scratch()
        scratch.write(Self.onboarded, to: "state.json")
        let terminal = try PseudoTerminal(columns: 40, rows: 14)
        let process = try terminal.start(["--state", scratch.state], home: scratch.path)
        #expect(terminal.output.wait(for: "[e] Edit position"))
        terminal.type("m")
        #expect(terminal.output.wait(for: "@ 1.000000° N, 2.000000° E"))
        #expect(terminal.output.text.contains(" ←→↑↓ pan  + - zoom"))
        let mark = terminal.output.text.count
        terminal.resize(columns: 100, rows: 30)
        kill(process.processIdentifier, SIGWINCH)
        #expect(terminal.output.wait(for: " Map" + String(repeating: " ", count: 96), after: mark))
        terminal.type("q")
        #expect(waitForExit(process))
        #expect(process.terminationStatus == 0)
    }
}
