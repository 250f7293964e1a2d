import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--state` that is not a regular file, a closed output pipe, two instances, and `coordinates share`.
@Suite struct StateFileTests {
    @Test func aFolderGivenAsStateIsRefusedWith2AndLeftAlone() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path + "/folder", withIntermediateDirectories: false)
        let result = try runCoordinates(["--state", scratch.path + "/folder"], input: "q\n", home: scratch.path)
        #expect(result.status == 2)
        #expect(
            result.errors
                == "coordinates: --state \(scratch.path)/folder: it is a folder, not a regular file; pass the path of a regular file.\n"
        )
        #expect(scratch.names == ["folder"])
    }

    @Test func aFIFOGivenAsStateIsRefusedWithoutOpeningIt() throws {
        let scratch = try Scratch()
        let fifo = scratch.path + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let result = try runCoordinates(["--state", fifo], input: "q\n", home: scratch.path)
        #expect(result.status == 2)
        #expect(
            result.errors
                == "coordinates: --state \(fifo): it is a FIFO, not a regular file; pass the path of a regular file.\n")
        #expect(scratch.names == ["fifo"])
    }

    @Test func aDeviceGivenAsStateIsRefused() throws {
        let scratch = try Scratch()
        let result = try runCoordinates(["--state", "/dev/null"], input: "q\n", home: scratch.path)
        #expect(result.status == 2)
        #expect(
            result.errors
                == "coordinates: --state /dev/null: it is a device, not a regular file; pass the path of a regular file.\n"
        )
    }

    @Test func anEmptyStateIsAUsageError() throws {
        let scratch = try Scratch()
        let result = try runCoordinates(["--state", ""], input: "q\n", home: scratch.path)
        #expect(result.status == 2)
        #expect(result.errors.hasPrefix("Error: --state needs a path; got an empty one.\n"))
    }

    @Test(arguments: [["convert", "1, 2"], ["bearing", "1, 2", "3, 4"]])
    func subcommandsThatDoNotUseTheStateRefuseIt(arguments: [String]) throws {
        let scratch = try Scratch()
        let result = try runCoordinates(arguments + ["--state", scratch.state], home: scratch.path)
        #expect(result.status == 2)
        #expect(result.errors.hasPrefix("Error: \(arguments[0]) does not use the state; drop --state.\n"))
    }

    @Test func aSymlinkedStateIsWrittenThroughToItsTarget() throws {
        let scratch = try Scratch()
        scratch.write(
            #"{"formatVersion":1,"hasCompletedOnboarding":true,"position":{"latitude":1,"longitude":2}}"#,
            to: "real.json")
        #expect(symlink("real.json", scratch.path + "/link.json") == 0)
        let result = try runCoordinates(
            ["--state", scratch.path + "/link.json"], input: "e\n3, 4\nq\n", home: scratch.path)
        #expect(result.status == 0)
        #expect(scratch.read("real.json")?.contains("\"latitude\" : 3") == true)
        let attributes = try FileManager.default.attributesOfItem(atPath: scratch.path + "/link.json")
        #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
    }

    @Test func aClosedOutputPipeStillSavesTheState() throws {
        let scratch = try Scratch()
        let binary = try CoordinatesBinary.require()
        let input = Pipe()
        let output = Pipe()
        // The reader is gone before the app writes anything, as with `coordinates | head -0`.
        try output.fileHandleForReading.close()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--state", scratch.state]
        process.environment = childEnvironment(home: scratch.path)
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: Data("c\n".utf8))
        try input.fileHandleForWriting.close()
        #expect(waitForExit(process))
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 141)
        #expect(scratch.read("state.json")?.contains("\"formatVersion\" : 1") == true)
    }

    @Test func aSecondInstanceOnTheSameStateIsRefused() throws {
        let scratch = try Scratch()
        let binary = try CoordinatesBinary.require()
        let input = Pipe()
        let output = Pipe()
        let first = Process()
        first.executableURL = URL(fileURLWithPath: binary)
        first.arguments = ["--state", scratch.state]
        first.environment = childEnvironment(home: scratch.path)
        first.standardInput = input
        first.standardOutput = output
        try first.run()
        let collector = Collector()
        collector.drain(output.fileHandleForReading.fileDescriptor)
        #expect(collector.wait(for: "Welcome to Coordinates"))
        let second = try runCoordinates(["--state", scratch.state], input: "c\nq\n", home: scratch.path)
        #expect(second.status == 1)
        #expect(
            second.errors
                == "coordinates: cannot use the state file \(scratch.state): it is in use by another coordinates"
                + " (process \(first.processIdentifier)); quit that one first, or pass another --state.\n")
        try input.fileHandleForWriting.write(contentsOf: Data("q\n".utf8))
        #expect(waitForExit(first))
        #expect(first.terminationStatus == 0)
    }

    @Test func leftoverTemporaryFilesOfAKilledSaveAreRemovedAtStart() throws {
        let scratch = try Scratch()
        scratch.write("{", to: "state.json.tmp-999999")
        let result = try runCoordinates(["--state", scratch.state], input: "q\n", home: scratch.path)
        #expect(result.status == 0)
        #expect(!scratch.names.contains("state.json.tmp-999999"))
    }

    @Test func shareprintsTheSavedMessageAndItsJSON() throws {
        let scratch = try Scratch()
        scratch.write(
            #"{"formatVersion":1,"hasCompletedOnboarding":true,"position":{"latitude":48.8584,"longitude":2.2945}}"#,
            to: "state.json")
        let text = try runCoordinates(["share", "--state", scratch.state], home: scratch.path)
        #expect(text.status == 0)
        #expect(
            text.output == """
                I'm at 48.858400° N, 2.294500° E
                (48° 51.504′ N, 2° 17.670′ E / 48° 51′ 30.2″ N, 2° 17′ 40.2″ E)
                geo:48.858400,2.294500

                """)
        let json = try runCoordinates(["share", "--json", "--state", scratch.state], home: scratch.path)
        #expect(
            json.output == """
                {
                  "geo" : "geo:48.858400,2.294500",
                  "message" : "I'm at 48.858400° N, 2.294500° E\\n(48° 51.504′ N, 2° 17.670′ E / 48° 51′ 30.2″ N, 2° 17′ 40.2″ E)\\ngeo:48.858400,2.294500"
                }

                """)
        #expect(scratch.names == ["state.json"])
    }
}
