#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Measures Baton side by side with its peers and prints one table.
///
///     swift run -c release --package-path Benchmarks baton-benchmarks            # full run
///     swift run -c release --package-path Benchmarks baton-benchmarks --smoke    # CI: a few iterations
///
/// Timings are medians of 11 runs (3 in smoke mode). The smoke mode does not judge timings; it
/// fails only when screens or contexts are left alive, which is not a matter of timing, or when
/// an operation's cost grows more than 10× between the smallest and the largest tree or stack
/// (an operation that walks them grows 100-1,000×).
@main
struct BatonBenchmarks {
    @MainActor
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        if arguments.contains("--help") || arguments.contains("-h") {
            print(
                "usage: baton-benchmarks [--smoke] [--only SECTION[,SECTION…]] [--iterations N] [--probe NAME] [--plot FILE.svg] [--in-process]; sections: memory, reads, operations, events, transitions, navigation, uikit, saving, scale; each runs in a child process (--section SECTION) unless --in-process; a child of the memory section: --resident KIND CYCLES"
            )
            return
        }
        let smoke = arguments.contains("--smoke")
        func option(_ name: String) -> String? {
            guard let index = arguments.firstIndex(of: name), index + 1 < arguments.endIndex else { return nil }
            return arguments[index + 1]
        }
        // A child of the resident-memory measure: `--resident KIND CYCLES`.
        if let kindName = option("--resident") {
            guard let kind = ResidentMemoryBenchmarks.Kind(rawValue: kindName),
                let index = arguments.firstIndex(of: "--resident"), index + 2 < arguments.endIndex,
                let cycles = Int(arguments[index + 2])
            else {
                print("usage: baton-benchmarks --resident transitions|lifecycle|resolutions|unbounded CYCLES")
                exit(2)
            }
            ResidentMemoryBenchmarks.probe(kind: kind, cycles: cycles)
            return
        }
        var harness = smoke ? Harness.smoke : Harness.full
        if let iterations = option("--iterations").flatMap(Int.init) {
            harness = Harness(iterations: iterations, runs: harness.runs)
        }
        harness.probe = option("--probe")
        let only = option("--only").map { $0.split(separator: ",").map(String.init) }
        if let unknown = only?.first(where: { !Group.allCases.map(\.rawValue).contains($0) }) {
            print("unknown section \(unknown); the sections: \(Group.allCases.map(\.rawValue).joined(separator: ", "))")
            exit(2)
        }
        let groups = Group.allCases.filter { only == nil || only!.contains($0.rawValue) }

        // A child running one section for the parent below: `--section NAME`.
        if let name = option("--section") {
            guard let group = Group(rawValue: name) else {
                print("unknown section \(name)")
                exit(2)
            }
            SectionProcess.report(group.run(harness, smoke: smoke))
            return
        }
        // Instruction counting (`--probe`) runs its body in this process, under valgrind.
        if harness.probe != nil {
            for group in groups { _ = group.run(harness, smoke: smoke) }
            blackHole(Sink.count)
            return
        }
        // Every section runs in a fresh child process, as JMH forks a JVM per benchmark: what one
        // section leaves in the allocator (glibc sets its trim threshold from the largest mmapped
        // block freed so far) must not decide another's timings. See BENCHMARKS.md, "Issue 34:
        // reading a saved tree is linear". `--in-process` runs them all here, one after another.
        let inProcess = arguments.contains("--in-process")
        var results: [Group: GroupResult] = [:]
        var sessionFailures: [String] = []
        for group in groups {
            if inProcess {
                let result = group.run(harness, smoke: smoke)
                results[group] = result
                sessionFailures += result.failures
                continue
            }
            switch SectionProcess.run(group, arguments: Array(arguments)) {
            case .success(let result):
                results[group] = result
                sessionFailures += result.failures
            case .failure(let failure):
                sessionFailures.append(failure.description)
            }
        }
        // The memory section runs first and is printed last.
        let printed = groups.filter { $0 != .memory } + groups.filter { $0 == .memory }
        let sections = printed.flatMap { results[$0]?.sections ?? [] }
        let curves = printed.flatMap { results[$0]?.curves ?? [] }
        let leaked = results.values.contains { $0.leaked }

        print(
            smoke
                ? "Baton benchmarks — smoke mode (\(harness.runs) runs of few iterations; timings not judged)"
                : "Baton benchmarks — ns/op are medians of \(harness.runs) runs; ratio = Baton ÷ peer")
        print()
        print(Report.table(sections, judgeTimings: !smoke))
        blackHole(Sink.count)
        var superLinear = false
        if !curves.isEmpty {
            print()
            print("Scale (ns per operation; growth = largest size ÷ smallest)")
            print()
            print(ScaleBenchmarks.table(curves))
            if let path = option("--plot") {
                let title = "Baton: cost per operation as the tree and the stack grow"
                let written = ScalePlot.write(ScalePlot.svg(curves, title: title), to: path)
                print(written ? "Plot written to \(path)" : "Could not write the plot to \(path)")
            }
            // Checked in smoke mode too: timings vary by tens of percent, an O(n) operation by 100×.
            let (regressions, known) = ScaleBenchmarks.superLinear(curves)
            let limit = fixed(ScaleBenchmarks.superLinearGrowth, 0)
            for curve in known {
                let reason = ScaleBenchmarks.knownGrowth["\(curve.sweep.rawValue): \(curve.operation)"] ?? ""
                print(
                    "Known growth (\(reason)): \(curve.operation) over \(curve.sweep.rawValue), \(fixed(curve.growth, 1))×"
                )
            }
            for curve in regressions {
                print(
                    "SUPER-LINEAR: \(curve.operation) over \(curve.sweep.rawValue) grows \(fixed(curve.growth, 1))× (limit \(limit)×)"
                )
            }
            superLinear = !regressions.isEmpty
        }

        let misses = Report.misses(sections, judgeTimings: !smoke)
        print()
        if misses.isEmpty {
            print(smoke ? "Smoke run complete: no screen or context left alive." : "Every target met.")
        } else {
            print("Missed: " + misses.map(\.measure).joined(separator: "; "))
        }
        for message in sessionFailures { print(message) }
        if leaked || superLinear || !sessionFailures.isEmpty { exit(1) }
    }
}
