/// Times benchmark bodies with `ContinuousClock`.
///
/// A body receives the number of operations to perform and runs them in its own loop, so that
/// the loop is compiled (and specialized) together with the operation it measures, and the
/// harness adds one closure call per run, not per operation.
///
/// Bodies compared with each other are timed round-robin: one warm-up run of each, then `runs`
/// rounds in which each body runs once. Each body's figure is the median of its runs, in
/// nanoseconds per operation. Interleaving keeps a change in the machine's load (this machine is
/// shared) from falling on one side of a comparison only.
///
/// In probe mode (`--probe NAME`) nothing is timed: the one body with that name runs once with
/// ``iterations`` operations, so that `valgrind --tool=callgrind` can count its instructions;
/// see `Benchmarks/README.md`.
@MainActor
struct Harness {
    /// Operations per timed run for an operation that costs about 50 ns.
    let iterations: Int
    /// Timed runs per body; the median is reported.
    let runs: Int
    /// The body to run alone, untimed, in probe mode.
    var probe: String?

    static let full = Harness(iterations: 100_000, runs: 11)
    static let smoke = Harness(iterations: 200, runs: 3)

    /// A named body: performs the given number of operations.
    typealias Body = (name: String, run: (Int) -> Void)

    /// The median nanoseconds per operation of each body, in order, timed round-robin.
    ///
    /// - Parameters:
    ///   - scale: Divides ``iterations`` for costly operations (a post to 100 observers, a
    ///     transition), so that every measure takes a similar time.
    ///   - bodies: The bodies to compare.
    func nanosecondsPerOperation(scale: Int = 1, _ bodies: [Body]) -> [Double] {
        if let probe {
            for body in bodies where body.name == probe { body.run(iterations) }
            return bodies.map { _ in 0 }
        }
        let count = max(1, iterations / scale)
        for body in bodies { body.run(count) }
        var samples = bodies.map { _ in [Double]() }
        let clock = ContinuousClock()
        for _ in 0..<runs {
            for (index, body) in bodies.enumerated() {
                let elapsed = clock.measure { body.run(count) }
                samples[index].append(elapsed.nanoseconds / Double(count))
            }
        }
        return samples.map { $0.sorted()[$0.count / 2] }
    }

    /// The median nanoseconds per operation of one body.
    func nanosecondsPerOperation(_ name: String, scale: Int = 1, _ run: @escaping (Int) -> Void) -> Double {
        nanosecondsPerOperation(scale: scale, [(name, run)])[0]
    }
}

extension Duration {
    var nanoseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }
}

/// Keeps a value alive and observable, so that the optimizer cannot drop the work that made it.
@_optimize(none)
@inline(never)
func blackHole<T>(_ value: T) {}

/// A counter that observers and resolvers bump, read at the end so that their work is kept.
enum Sink {
    nonisolated(unsafe) static var count = 0
}
