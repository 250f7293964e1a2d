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
                "usage: baton-benchmarks [--smoke] [--only reads|operations|events|transitions|navigation|uikit|saving|memory|scale] [--iterations N] [--probe NAME] [--plot FILE.svg]; a child of the memory section: --resident KIND CYCLES"
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
        let only = option("--only")
        func runs(_ group: String) -> Bool { only == nil || only == group }

        var sections: [Section] = []
        var leaked = false
        var memory: Section?
        var sessionFailures: [String] = []
        if runs("memory") {
            var (section, screensLeaked) = MemoryBenchmarks.screens(count: smoke ? 100 : 10_000)
            MemoryBenchmarks.storage(contexts: smoke ? 100 : 10_000, into: &section)
            // Fresh child processes, 10,000 and 100,000 cycles each, also in smoke mode: the bound
            // on resident memory is not a timing. Not in probe mode (instruction counting).
            if harness.probe == nil {
                let sessions = ResidentMemoryBenchmarks.sessions(into: &section)
                if sessions.failed { sessionFailures = sessions.messages.isEmpty ? ["failed"] : sessions.messages }
            }
            memory = section
            leaked = screensLeaked
        }
        if runs("reads") { sections.append(ContextBenchmarks.reads(harness)) }
        if runs("operations") { sections.append(ContextBenchmarks.operations(harness)) }
        if runs("events") { sections.append(EventBenchmarks.posts(harness)) }
        if runs("transitions") { sections.append(TransitionBenchmarks.transitions(harness)) }
        if runs("navigation") { sections.append(NavigationBenchmarks.navigation(harness)) }
        if runs("uikit") { sections.append(UIKitAssignmentBenchmarks.assignments(harness)) }
        if runs("saving") { sections.append(NavigationBenchmarks.saving(harness)) }
        var curves: [ScaleBenchmarks.Curve] = []
        if runs("scale") {
            let scale = ScaleBenchmarks.scale(harness)
            sections.append(scale.section)
            curves = scale.curves
        }
        if let memory { sections.append(memory) }

        if harness.probe != nil {
            blackHole(Sink.count)
            return
        }
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
