import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A port that nothing listens on right now.
private func freePort() throws -> UInt16 {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var address = loopback(port: 0)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    try withUnsafeMutablePointer(to: &address) { pointer in
        try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            guard bind(descriptor, $0, length) == 0, getsockname(descriptor, $0, &length) == 0 else {
                throw CocoaError(.fileWriteUnknown)
            }
        }
    }
    return UInt16(bigEndian: address.sin_port)
}

private func loopback(port: UInt16) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    return address
}

/// Whether something accepts connections on the loopback `port`.
private func accepts(port: UInt16) -> Bool {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var address = loopback(port: port)
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
        }
    }
}

/// A recorded NMEA stream, played in a loop to whoever connects (gpsd, through a `tcp://` source),
/// as a receiver sends one cycle of sentences a second (here faster).
private final class NMEAFeed: @unchecked Sendable {
    let port: UInt16
    private let listener: Int32
    private let lock = NSLock()
    private var stopped = false

    init(recording name: String) throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Fixtures/\(name)")
        let text = try String(contentsOf: path, encoding: .utf8)
        let sentences = text.split(separator: "\r\n").map { Array(($0 + "\r\n").utf8) }
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var reuse: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        guard bound, listen(listener, 4) == 0 else { throw CocoaError(.fileWriteUnknown) }
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in
            while !isStopped {
                let client = accept(listener, nil, nil)
                if client < 0 { return }
                play(sentences, to: client)
                close(client)
            }
        }
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private func play(_ sentences: [[UInt8]], to client: Int32) {
        while !isStopped {
            for sentence in sentences {
                let sent = sentence.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if sent <= 0 || isStopped { return }
                usleep(30_000)
            }
        }
    }

    func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }
}

/// The real gpsd, in the foreground on a free port, reading `source` (or no device at all).
private final class GPSDaemon {
    let port: UInt16
    let process = Process()
    let scratch: Scratch

    /// gpsd's path: Debian installs it in /usr/sbin, which may not be on PATH.
    static func executable() throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let candidates = path.split(separator: ":").map { "\($0)/gpsd" } + ["/usr/sbin/gpsd", "/usr/local/sbin/gpsd"]
        return try #require(
            candidates.first { FileManager.default.isExecutableFile(atPath: $0) },
            "gpsd is not installed; run the tests with Scripts/test.sh, which installs it (apt-get install gpsd).")
    }

    init(source: String?) throws {
        scratch = try Scratch()
        port = try freePort()
        process.executableURL = URL(fileURLWithPath: try Self.executable())
        // -N foreground, -n open the device without waiting for a client, -S the port, -F a control
        // socket of its own.
        process.arguments =
            ["-N", "-n", "-S", String(port), "-F", scratch.path + "/control.sock"] + (source.map { [$0] } ?? [])
        scratch.write("", to: "gpsd.log")
        process.standardOutput = FileHandle(forWritingAtPath: scratch.path + "/gpsd.log")
        process.standardError = FileHandle(forWritingAtPath: scratch.path + "/gpsd.log")
        try process.run()
        // Wait until it listens; give up (failing the test) when it exits or never does.
        let deadline = Date().addingTimeInterval(30)
        while !accepts(port: port) {
            guard process.isRunning, Date() < deadline else {
                let log = scratch.read("gpsd.log") ?? ""
                stop()
                Issue.record("gpsd did not start on port \(port): \(log)")
                throw CocoaError(.executableLoad)
            }
            usleep(20_000)
        }
    }

    var address: String { "127.0.0.1:\(port)" }

    /// Kills gpsd: SIGKILL, since a gpsd started from a test thread may hold SIGTERM blocked.
    func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    deinit { stop() }
}

/// `coordinates gps` and the main screen's From GPS against the real gpsd, fed recorded NMEA.
@Suite(.serialized) struct GPSDTests {
    @Test func gpsPrintsTheFirstFixWithGPSDsAccuracy() throws {
        let feed = try NMEAFeed(recording: "fix.nmea")
        defer { feed.stop() }
        let daemon = try GPSDaemon(source: "tcp://127.0.0.1:\(feed.port)")
        defer { daemon.stop() }
        let scratch = try Scratch()
        let json = try runCoordinates(
            ["gps", "--json", "--gpsd", daemon.address, "--timeout", "30"], home: scratch.path)
        #expect(json.errors == "")
        #expect(json.status == 0)
        #expect(
            json.output == """
                {
                  "accuracy" : 17.1,
                  "decimalDegrees" : "48.858400° N, 2.294500° E",
                  "degreesDecimalMinutes" : "48° 51.504′ N, 2° 17.670′ E",
                  "degreesMinutesSeconds" : "48° 51′ 30.2″ N, 2° 17′ 40.2″ E",
                  "latitude" : 48.8584,
                  "longitude" : 2.2945
                }

                """)
        let text = try runCoordinates(["gps", "--gpsd", daemon.address, "--timeout", "30"], home: scratch.path)
        #expect(text.status == 0)
        #expect(
            text.output == """
                Decimal degrees            48.858400° N, 2.294500° E
                Degrees, decimal minutes   48° 51.504′ N, 2° 17.670′ E
                Degrees, minutes, seconds  48° 51′ 30.2″ N, 2° 17′ 40.2″ E
                Accuracy                   ±17 m

                """)
    }

    @Test func gpsWithoutAFixGivesUpAtTheTimeoutAndSaysSo() throws {
        let feed = try NMEAFeed(recording: "no-fix.nmea")
        defer { feed.stop() }
        let daemon = try GPSDaemon(source: "tcp://127.0.0.1:\(feed.port)")
        defer { daemon.stop() }
        let scratch = try Scratch()
        let result = try runCoordinates(["gps", "--gpsd", daemon.address, "--timeout", "4"], home: scratch.path)
        #expect(result.status == 1)
        #expect(result.output == "")
        #expect(
            result.errors
                == "coordinates: gpsd at \(daemon.address) has no fix yet: its receiver reports no 2D or 3D fix"
                + " (waited 4 s). Try again with a clear view of the sky.\n")
    }

    @Test func gpsWithoutADeviceSaysGPSDHasNoReceiver() throws {
        let daemon = try GPSDaemon(source: nil)
        defer { daemon.stop() }
        let scratch = try Scratch()
        let result = try runCoordinates(["gps", "--gpsd", daemon.address, "--timeout", "2"], home: scratch.path)
        #expect(result.status == 1)
        #expect(
            result.errors
                == "coordinates: gpsd at \(daemon.address) has no GPS receiver (no device); connect one, or start"
                + " gpsd with the device's path.\n")
    }

    @Test func gpsWithoutADaemonSaysNothingListens() throws {
        let port = try freePort()
        let scratch = try Scratch()
        let result = try runCoordinates(["gps", "--gpsd", "127.0.0.1:\(port)", "--timeout", "5"], home: scratch.path)
        #expect(result.status == 1)
        #expect(
            result.errors
                == "coordinates: no gpsd is listening at 127.0.0.1:\(port) (Connection refused). Start gpsd, or pass"
                + " --gpsd HOST:PORT.\n")
    }

    @Test func theMainScreensFromGPSSetsAndSavesThePosition() throws {
        let feed = try NMEAFeed(recording: "fix.nmea")
        defer { feed.stop() }
        let daemon = try GPSDaemon(source: "tcp://127.0.0.1:\(feed.port)")
        defer { daemon.stop() }
        let scratch = try Scratch()
        let result = try runCoordinates(
            ["--state", scratch.state, "--gpsd", daemon.address], input: "c\ng\nq\n", home: scratch.path)
        #expect(result.status == 0)
        #expect(result.errors == "")
        #expect(result.output.contains("[e] Edit position  [g] From GPS  [d] Bearing & distance"))
        #expect(result.output.contains("! Position set from gpsd at \(daemon.address) (±17 m).\n"))
        #expect(result.output.contains("  Decimal degrees            48.858400° N, 2.294500° E\n"))
        let saved = scratch.read("state.json") ?? ""
        #expect(saved.contains("\"latitude\" : 48.8584"))
        #expect(saved.contains("\"longitude\" : 2.2945"))
    }

    @Test func waitingForAFixNeverBlocksTheFullScreenUI() throws {
        let feed = try NMEAFeed(recording: "no-fix.nmea")
        defer { feed.stop() }
        let daemon = try GPSDaemon(source: "tcp://127.0.0.1:\(feed.port)")
        defer { daemon.stop() }
        let scratch = try Scratch()
        scratch.write(
            #"{"formatVersion":1,"hasCompletedOnboarding":true,"position":{"latitude":1,"longitude":2}}"#,
            to: "state.json")
        let terminal = try PseudoTerminal()
        let process = try terminal.start(["--state", scratch.state, "--gpsd", daemon.address], home: scratch.path)
        #expect(terminal.output.wait(for: "[g] From GPS"))
        terminal.type("g")
        #expect(terminal.output.wait(for: "Asking gpsd at \(daemon.address) for a fix…"))
        // gpsd has no fix to give, and the app waits for up to 10 s: the keys still work meanwhile.
        let mark = terminal.output.text.count
        terminal.type("?")
        #expect(terminal.output.wait(for: "Accepted notations", after: mark))
        terminal.type("q")
        #expect(waitForExit(process))
        #expect(process.terminationStatus == 0)
    }

    @Test func gpsRefusesTheStateOption() throws {
        let scratch = try Scratch()
        let result = try runCoordinates(["gps", "--state", scratch.state], home: scratch.path)
        #expect(result.status == 2)
        #expect(result.errors.hasPrefix("Error: gps does not use the state; drop --state.\n"))
    }
}
