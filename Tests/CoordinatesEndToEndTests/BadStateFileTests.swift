import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A bad state file never stops the app: the good parts are kept, the bad part is set aside with
/// a message, and the app starts.
@Suite struct BadStateFileTests {
    /// An onboarded user in Sydney, then `screens` as its last field.
    static func state(screens: String) -> String {
        #"{"formatVersion":1,"hasCompletedOnboarding":true,"position":{"latitude":-33.8688,"longitude":151.2093},"#
            + #""screens":"# + screens + "}"
    }

    /// Runs the app on `text` as its state file and quits.
    static func launch(on text: [UInt8], in scratch: Scratch) throws -> RunResult {
        _ = FileManager.default.createFile(atPath: scratch.state, contents: Data(text))
        return try runCoordinates(["--state", scratch.state], input: "q\n", home: scratch.path)
    }

    /// Checks that the Sydney position was kept and the screens' problem said, with the file as it was kept aside.
    static func expectKeptPosition(_ result: RunResult, problem: String, scratch: Scratch, original: [UInt8]) {
        #expect(result.status == 0)
        #expect(result.errors == "")
        #expect(result.output.hasPrefix(OpenLinkTests.sydneyMain))
        #expect(
            result.output.contains(
                "! Could not restore the screens you were on: \(problem) The state file as it was is kept as"
                    + " \(scratch.state).corrupt. Showing the main screen.\n"),
            "\(result.output)")
        #expect(scratch.names == ["state.json", "state.json.corrupt", "state.json.lock"])
        #expect(FileManager.default.contents(atPath: scratch.state + ".corrupt") == Data(original))
        let saved = scratch.read("state.json") ?? ""
        #expect(saved.contains(#""latitude" : -33.8688"#))
        #expect(saved.contains(#""hasCompletedOnboarding" : true"#))
    }

    @Test func savedScreensWithAnEmptyStackAreSetAside() throws {
        let scratch = try Scratch()
        let text = Array(
            Self.state(
                screens: #"{"format":1,"tree":{"route":{"startup":{}},"hop":{"route":{"navigation":{}},"stack":[]}}}"#
            )
            .utf8)
        let result = try Self.launch(on: text, in: scratch)
        Self.expectKeptPosition(
            result, problem: "The saved screens hold a stack with no screens (navigation).", scratch: scratch,
            original: text)
    }

    @Test func savedScreensNestedDeeperThanFoundationReadsAreSetAside() throws {
        let scratch = try Scratch()
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        let text = Array(Self.state(screens: #"{"format":1,"tree":"# + deep + "}").utf8)
        let result = try Self.launch(on: text, in: scratch)
        Self.expectKeptPosition(
            result,
            problem: "The saved screen tree cannot be read: nesting deeper than 256 at byte 274. Nothing was restored.",
            scratch: scratch, original: text)
    }

    @Test func savedScreensNestedDeeperThanBatonReadsAreSetAside() throws {
        let scratch = try Scratch()
        let route = String(repeating: #"{"a":"#, count: 300) + "1" + String(repeating: "}", count: 300)
        let text = Array(Self.state(screens: #"{"format":1,"tree":{"route":"# + route + "}}").utf8)
        let result = try Self.launch(on: text, in: scratch)
        Self.expectKeptPosition(
            result,
            problem:
                "The saved screen tree cannot be read: nesting deeper than 256 at byte 1298. Nothing was restored.",
            scratch: scratch, original: text)
    }

    @Test func savedScreensWithInvalidUTF8AreSetAside() throws {
        let scratch = try Scratch()
        let text =
            Array(Self.state(screens: #"{"format":1,"tree":{"route":{"main":{"x":""#).utf8.dropLast())
            + [0xFF, 0xFE] + Array(#""}}}}}"#.utf8)
        let result = try Self.launch(on: text, in: scratch)
        Self.expectKeptPosition(
            result, problem: "The saved screens are not valid UTF-8.", scratch: scratch, original: text)
    }

    @Test func aHugeStateFileIsNotReadButSetAside() throws {
        let scratch = try Scratch()
        let text = Array(Self.state(screens: "\"" + String(repeating: "x", count: 17 * 1_048_576) + "\"").utf8)
        let result = try Self.launch(on: text, in: scratch)
        #expect(result.status == 0)
        #expect(
            result.errors
                == "coordinates: could not read the state file \(scratch.state): it is larger than 16 MiB, the most a state file may"
                + " hold. Moved it to \(scratch.state).corrupt and started from defaults.\n")
        #expect(scratch.names == ["state.json", "state.json.corrupt", "state.json.lock"])
    }

    @Test(arguments: ["folder", "FIFO"])
    func somethingOtherThanAFileAtTheDefaultPathIsSetAsideAndTheAppStarts(kind: String) throws {
        let scratch = try Scratch()
        let folder = scratch.path + "/.local/share/coordinates"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/state.json"
        if kind == "folder" {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        } else {
            #expect(mkfifo(path, 0o600) == 0)
        }
        let result = try runCoordinates([], input: "q\n", home: scratch.path)
        #expect(result.status == 0)
        #expect(
            result.errors.hasPrefix(
                "coordinates: could not read the state file \(path): it is a\(kind == "folder" ? " folder" : " FIFO"), not a regular"
                    + " file. Moved it to \(path).corrupt and started from defaults.\n"))
        #expect(result.output.contains("Welcome") || result.output.contains("=="))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(names.contains("state.json.corrupt"))
    }
}
