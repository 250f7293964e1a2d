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
/// fails only when screens or contexts are left alive, which is not a matter of timing.
@main
struct BatonBenchmarks {
    @MainActor
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        if arguments.contains("--help") || arguments.contains("-h") {
            print(
                "usage: baton-benchmarks [--smoke] [--only reads|operations|events|transitions|memory] [--iterations N] [--probe NAME]"
            )
            return
        }
        let smoke = arguments.contains("--smoke")
        func option(_ name: String) -> String? {
            guard let index = arguments.firstIndex(of: name), index + 1 < arguments.endIndex else { return nil }
            return arguments[index + 1]
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
        if runs("memory") {
            var (section, screensLeaked) = MemoryBenchmarks.screens(count: smoke ? 100 : 10_000)
            MemoryBenchmarks.storage(contexts: smoke ? 100 : 10_000, into: &section)
            memory = section
            leaked = screensLeaked
        }
        if runs("reads") { sections.append(ContextBenchmarks.reads(harness)) }
        if runs("operations") { sections.append(ContextBenchmarks.operations(harness)) }
        if runs("events") { sections.append(EventBenchmarks.posts(harness)) }
        if runs("transitions") { sections.append(TransitionBenchmarks.transitions(harness)) }
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

        let misses = Report.misses(sections, judgeTimings: !smoke)
        print()
        if misses.isEmpty {
            print(smoke ? "Smoke run complete: no screen or context left alive." : "Every target met.")
        } else {
            print("Missed: " + misses.map(\.measure).joined(separator: "; "))
        }
        if leaked { exit(1) }
    }
}
