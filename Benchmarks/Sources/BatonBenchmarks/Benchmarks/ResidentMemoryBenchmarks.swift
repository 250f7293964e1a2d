import Baton
import CHeapStatistics
import Foundation

/// Resident memory in long sessions: whether what a window and a coordinator record stays
/// bounded (issue 23).
///
/// Each figure comes from a fresh process (this binary, run with `--resident KIND CYCLES`), so
/// that no measurement inherits the pages, the allocator's free lists or the peak of another:
/// the process performs `CYCLES` push + pop cycles of a new screen in a visible window, then
/// reports its peak resident memory (VmHWM), its resident memory now (VmRSS, after
/// `malloc_trim(0)` returns the allocator's free pages) and the allocator's bytes in use
/// (`mallinfo2()`: `uordblks` + `hblkhd`, the blocks it mapped on their own, such as a large
/// log's storage). The bound compares the peak after 100,000 cycles with the peak after
/// 10,000: a record that grows with the session (20 bytes a cycle would do) shows in the ratio,
/// and a cache the allocator keeps cannot, since both processes run the same steady state.
@MainActor
enum ResidentMemoryBenchmarks {
    /// What the long session records: each kind turns on one more per-window or per-coordinator
    /// record, at its default limit; `unbounded` lifts the transition log's limit, to show that
    /// the check catches a log that grows.
    enum Kind: String, CaseIterable {
        case transitions
        case lifecycle
        case resolutions
        case unbounded

        var title: String {
            switch self {
            case .transitions: "transition log (default limit)"
            case .lifecycle: "transition + lifecycle logs (recordsLifecycle)"
            case .resolutions: "transition + resolution logs (recordsResolutions, a resolver per push)"
            case .unbounded: "transition log without a limit (transitionLogLimit = Int.max), for comparison"
            }
        }

        /// Whether the bound applies (the unbounded log is there to show that it would fail).
        var isBounded: Bool { self != .unbounded }
    }

    static let shortSession = 10_000
    static let longSession = 100_000
    static let bound = 1.1

    /// The child's work: `cycles` push + pop cycles, then one line of figures on stdout.
    static func probe(kind: Kind, cycles: Int) {
        let window = ScreenWindow()
        let list = ListScreen()
        let stack: StackScreen
        do {
            stack = try StackScreen(root: list)
            try window.setRoot(stack)
        } catch {
            fatalError("benchmark setup: \(error)")
        }
        switch kind {
        case .transitions: break
        case .lifecycle: window.recordsLifecycle = true
        case .resolutions:
            let coordinator = DependencyCoordinator(name: "session")
            coordinator.recordsResolutions = true
            do {
                try coordinator.register(
                    .direct { (_: ListScreen, destination: CountedScreen) in destination.context.set(1, for: K0.self) })
            } catch {
                fatalError("benchmark setup: \(error)")
            }
            stack.dependencyCoordinator = coordinator
        case .unbounded: window.transitionLogLimit = .max
        }
        window.makeVisible()
        for _ in 0..<cycles {
            do { try stack.push(CountedScreen()) } catch { fatalError("push: \(error)") }
            stack.pop()
        }
        let peak = ProcessMemory.peakResidentMebibytes
        heap_statistics_trim()
        let resident = ProcessMemory.residentMebibytes
        let heap = heap_statistics_bytes_in_use_with_mapped()
        print("peak=\(peak) resident=\(resident) heap=\(heap) alive=\(Census.screens + Census.contexts)")
        withExtendedLifetime(window) {}
    }

    /// One child's figures.
    struct Figures {
        var peak = 0.0
        var resident = 0.0
        var heap = 0.0
        var alive = 0.0
    }

    /// Runs this binary as a child that performs `cycles` cycles of `kind`.
    static func measure(_ kind: Kind, cycles: Int) -> Figures? {
        guard let executable = SectionProcess.executable else { return nil }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--resident", kind.rawValue, String(cycles)]
        let output = Pipe()
        process.standardOutput = output
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        var figures = Figures()
        for field in String(decoding: data, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let parts = field.split(separator: "=")
            guard parts.count == 2, let value = Double(parts[1]) else { continue }
            switch parts[0] {
            case "peak": figures.peak = value
            case "resident": figures.resident = value
            case "heap": figures.heap = value
            case "alive": figures.alive = value
            default: break
            }
        }
        return figures
    }

    /// The rows: per kind, the peak after the long session against the short one (bounded kinds
    /// judged, also in smoke mode: it is not a timing), the resident memory after each, and the
    /// allocator's growth per cycle between them. `failed` when a child could not run or a
    /// bounded kind exceeds the bound.
    static func sessions(into section: inout Section) -> (failed: Bool, messages: [String]) {
        var failed = false
        var messages: [String] = []
        let short = shortSession.grouped
        let long = longSession.grouped
        for kind in Kind.allCases {
            guard let few = measure(kind, cycles: shortSession), let many = measure(kind, cycles: longSession) else {
                failed = true
                messages.append("could not run the \(kind.rawValue) session in a child process")
                continue
            }
            section.add(
                Row(
                    "peak resident memory (VmHWM), \(long) vs \(short) push + pop cycles: \(kind.title)", .mebibytes,
                    baton: many.peak, peer: few.peak, target: kind.isBounded ? .boundAtMost(bound) : nil))
            section.add(
                Row(
                    "resident memory after malloc_trim, \(long) vs \(short) cycles: \(kind.rawValue)", .mebibytes,
                    baton: many.resident, peer: few.resident))
            section.add(
                Row(
                    "heap bytes in use added per cycle from \(short) to \(long) cycles: \(kind.rawValue)", .bytes,
                    baton: (many.heap - few.heap) / Double(longSession - shortSession)))
            if many.alive + few.alive != 0 {
                failed = true
                messages.append("\(kind.rawValue): screens or contexts left alive in the child")
            }
            if kind.isBounded, many.peak > bound * few.peak {
                failed = true
                messages.append(
                    "RESIDENT MEMORY GROWS: \(kind.rawValue), \(fixed(many.peak, 1)) MiB after \(long) cycles vs "
                        + "\(fixed(few.peak, 1)) MiB after \(short) (bound \(fixed(bound, 1))×)")
            }
        }
        return (failed, messages)
    }
}
