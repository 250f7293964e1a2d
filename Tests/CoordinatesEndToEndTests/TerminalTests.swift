import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pseudo-terminal whose slave end is the child's standard input, output and error.
private final class PseudoTerminal {
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
        terminal.type("q")
        #expect(waitForExit(process))
        #expect(process.terminationStatus == 0)
        let afterRestore = terminal.output.text.components(separatedBy: leaveFullScreen).last ?? ""
        #expect(
            afterRestore.contains("coordinates: could not read the state file \(scratch.state): it is not valid JSON."))
        #expect(scratch.names == ["state.json", "state.json.corrupt"])
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
}
