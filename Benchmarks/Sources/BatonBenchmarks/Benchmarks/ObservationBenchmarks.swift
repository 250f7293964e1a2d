import Baton
import Observation

/// The peer of a tracked context read: a property of an `@Observable` model.
@available(macOS 14, iOS 17, *)
@Observable
@MainActor
final class ObservedModel {
    var userID = "12345"
}

@available(macOS 14, iOS 17, *)
@MainActor
enum ObservationBenchmarks {
    /// A read at depth 10 inside one `withObservationTracking` scope (what a SwiftUI body does),
    /// against an `@Observable` property read in the same kind of scope and against the same
    /// read outside any scope.
    static func rows(_ harness: Harness, into section: inout Section) {
        let (root, leaf) = makeChain(depth: 10)
        let model = ObservedModel()
        let figures = harness.nanosecondsPerOperation([
            (
                "read-10-tracked",
                { count in
                    withObservationTracking {
                        for _ in 0..<count { blackHole(leaf[UserID.self]) }
                    } onChange: {
                    }
                }
            ),
            (
                "observable-tracked",
                { count in
                    withObservationTracking {
                        for _ in 0..<count { blackHole(model.userID) }
                    } onChange: {
                    }
                }
            ),
            ("read-10-untracked", { count in for _ in 0..<count { blackHole(leaf[UserID.self]) } }),
        ])
        withExtendedLifetime(root) {}
        section.add(
            Row(
                "depth 10 inside withObservationTracking vs @Observable property read there", baton: figures[0],
                peer: figures[1]))
        section.add(
            Row(
                "depth 10 inside withObservationTracking vs the same read untracked", baton: figures[0],
                peer: figures[2]))
    }
}
