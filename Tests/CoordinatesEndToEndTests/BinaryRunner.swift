import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds and runs the built `coordinates` executable.
///
/// The binary is looked for in `COORDINATES_BINARY`, next to the test bundle (SwiftPM puts both in
/// the same products folder), and in this package's `.build/debug`. CI builds it with
/// `swift build --build-tests` before `swift test`.
enum CoordinatesBinary {
    static let path: String? = {
        var candidates: [String] = []
        if let explicit = ProcessInfo.processInfo.environment["COORDINATES_BINARY"] { candidates.append(explicit) }
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("coordinates").path)
        }
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        candidates.append(executable.deletingLastPathComponent().appendingPathComponent("coordinates").path)
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(packageRoot.appendingPathComponent(".build/debug/coordinates").path)
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    static func require() throws -> String {
        try #require(
            path, "The coordinates binary was not found; build it first with `swift build --build-tests`.")
    }
}

/// What a finished run printed and returned.
struct RunResult {
    let status: Int32
    let output: String
    let errors: String
}

/// A fresh folder for one test's state files.
struct Scratch {
    let path: String

    init() throws {
        var template = Array((NSTemporaryDirectory() + "coordinates-e2e-XXXXXX").utf8CString)
        guard mkdtemp(&template) != nil else { throw CocoaError(.fileWriteUnknown) }
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    var state: String { path + "/state.json" }

    func read(_ name: String) -> String? {
        FileManager.default.contents(atPath: path + "/" + name).map { String(decoding: $0, as: UTF8.self) }
    }

    func write(_ text: String, to name: String) {
        _ = FileManager.default.createFile(atPath: path + "/" + name, contents: Data(text.utf8))
    }

    var names: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }
}

/// The environment for a child: no backtracer, and a home that is not the real one.
func childEnvironment(home: String) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["HOME"] = home
    environment["XDG_DATA_HOME"] = nil
    environment["SWIFT_BACKTRACE"] = "enable=no"
    return environment
}

/// Runs `coordinates` with `arguments` and `input` on standard input, to completion. Output goes
/// through files, so no pipe can fill up.
func runCoordinates(_ arguments: [String], input: String = "", home: String) throws -> RunResult {
    let binary = try CoordinatesBinary.require()
    let files = try Scratch()
    files.write(input, to: "stdin")
    files.write("", to: "stdout")
    files.write("", to: "stderr")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    process.environment = childEnvironment(home: home)
    process.standardInput = FileHandle(forReadingAtPath: files.path + "/stdin")
    process.standardOutput = FileHandle(forWritingAtPath: files.path + "/stdout")
    process.standardError = FileHandle(forWritingAtPath: files.path + "/stderr")
    try process.run()
    process.waitUntilExit()
    return RunResult(
        status: process.terminationStatus, output: files.read("stdout") ?? "", errors: files.read("stderr") ?? "")
}

/// Collects bytes that a background thread reads, for polling from a test.
final class Collector: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: [UInt8] = []

    func append(_ more: ArraySlice<UInt8>) {
        lock.lock()
        bytes.append(contentsOf: more)
        lock.unlock()
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Reads `descriptor` until it ends, on a new thread.
    func drain(_ descriptor: Int32) {
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                if count <= 0 { return }
                self.append(buffer[..<count])
            }
        }
    }

    /// Waits until the text contains `expected` after position `start`, for at most `seconds`.
    @discardableResult
    func wait(for expected: String, after start: Int = 0, seconds: Double = 30) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if String(text.dropFirst(start)).contains(expected) { return true }
            usleep(20_000)
        }
        return false
    }
}

/// Waits for a process to exit, for at most `seconds`; kills it when it does not.
func waitForExit(_ process: Process, seconds: Double = 30) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning, Date() < deadline { usleep(20_000) }
    if process.isRunning {
        process.terminate()
        return false
    }
    return true
}
