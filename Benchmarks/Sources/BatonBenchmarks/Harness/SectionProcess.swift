import Foundation

/// The sections of a run, in the order they run.
enum Group: String, CaseIterable, Codable {
    case memory, reads, operations, events, transitions, navigation, uikit, saving, scale

    /// Runs the section in this process.
    @MainActor
    func run(_ harness: Harness, smoke: Bool) -> GroupResult {
        switch self {
        case .memory:
            var (section, leaked) = MemoryBenchmarks.screens(count: smoke ? 100 : 10_000)
            MemoryBenchmarks.storage(contexts: smoke ? 100 : 10_000, into: &section)
            // Fresh child processes, 10,000 and 100,000 cycles each, also in smoke mode: the bound
            // on resident memory is not a timing. Not in probe mode (instruction counting).
            var failures: [String] = []
            if harness.probe == nil {
                let sessions = ResidentMemoryBenchmarks.sessions(into: &section)
                if sessions.failed { failures = sessions.messages.isEmpty ? ["failed"] : sessions.messages }
            }
            return GroupResult(sections: [section], leaked: leaked, failures: failures)
        case .reads: return GroupResult(sections: [ContextBenchmarks.reads(harness)])
        case .operations: return GroupResult(sections: [ContextBenchmarks.operations(harness)])
        case .events: return GroupResult(sections: [EventBenchmarks.posts(harness)])
        case .transitions: return GroupResult(sections: [TransitionBenchmarks.transitions(harness)])
        case .navigation: return GroupResult(sections: [NavigationBenchmarks.navigation(harness)])
        case .uikit: return GroupResult(sections: [UIKitAssignmentBenchmarks.assignments(harness)])
        case .saving: return GroupResult(sections: [NavigationBenchmarks.saving(harness)])
        case .scale:
            let scale = ScaleBenchmarks.scale(harness)
            return GroupResult(sections: [scale.section], curves: scale.curves)
        }
    }
}

/// What one section measured, as its child process hands it to the parent.
struct GroupResult: Codable {
    var sections: [Section]
    var curves: [ScaleBenchmarks.Curve] = []
    var leaked = false
    var failures: [String] = []
}

/// Runs each section in a fresh process: `baton-benchmarks --section NAME` with the parent's
/// other options, whose last line of output is the section's result as JSON.
enum SectionProcess {
    private static let marker = "baton-section-result: "

    /// This benchmark's own executable, which the sections and the resident-memory sessions run
    /// as children (`Bundle.main`, so that it is found on macOS too, which has no /proc).
    static var executable: URL? { Bundle.main.executableURL }

    /// In the child: prints the result for the parent.
    static func report(_ result: GroupResult) {
        blackHole(Sink.count)
        do {
            let data = try JSONEncoder().encode(result)
            print(marker + String(decoding: data, as: UTF8.self))
        } catch {
            print("could not encode the section's result: \(error)")
            exit(1)
        }
    }

    /// In the parent: runs `group` in a child with the parent's `arguments` (less `--only`
    /// and `--plot`) and reads its result; what went wrong, when it did.
    static func run(_ group: Group, arguments: [String]) -> Result<GroupResult, SectionFailure> {
        let failure = { (reason: String) in
            Result<GroupResult, SectionFailure>.failure(SectionFailure(group: group, reason: reason))
        }
        guard let executable else {
            return failure("this process cannot name its own executable (Bundle.main.executableURL is nil)")
        }
        var passed: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            if ["--only", "--plot"].contains(arguments[index]) {
                index += 2
                continue
            }
            passed.append(arguments[index])
            index += 1
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = passed + ["--section", group.rawValue]
        let output = Pipe()
        process.standardOutput = output
        do { try process.run() } catch { return failure("it could not start: \(error)") }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            return failure("it exited with status \(process.terminationStatus): \(text.suffix(500))")
        }
        guard let line = text.split(separator: "\n").last(where: { $0.hasPrefix(marker) }) else {
            return failure("it printed no result: \(text.suffix(500))")
        }
        do {
            return .success(try JSONDecoder().decode(GroupResult.self, from: Data(line.dropFirst(marker.count).utf8)))
        } catch {
            return failure("its result could not be read: \(error)")
        }
    }
}

/// A section whose child process did not give a result.
struct SectionFailure: Error, CustomStringConvertible {
    let group: Group
    let reason: String
    var description: String { "could not run the \(group.rawValue) section in a child process: \(reason)" }
}
