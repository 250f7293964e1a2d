import Baton
import Observation

/// The peer of a tracked context read: a property of an `@Observable` model.
@available(macOS 14, iOS 17, *)
@Observable
@MainActor
final class ObservedModel {
    var userID = "12345"
}

/// The peer of a body that reads 20 keys: a model with 20 properties.
@available(macOS 14, iOS 17, *)
@Observable
@MainActor
final class ObservedScreenModel {
    var p0 = "0"
    var p1 = "1"
    var p2 = "2"
    var p3 = "3"
    var p4 = "4"
    var p5 = "5"
    var p6 = "6"
    var p7 = "7"
    var p8 = "8"
    var p9 = "9"
    var p10 = "10"
    var p11 = "11"
    var p12 = "12"
    var p13 = "13"
    var p14 = "14"
    var p15 = "15"
    var p16 = "16"
    var p17 = "17"
    var p18 = "18"
    var p19 = "19"
}

enum B0: ContextKey { typealias Value = String }
enum B1: ContextKey { typealias Value = String }
enum B2: ContextKey { typealias Value = String }
enum B3: ContextKey { typealias Value = String }
enum B4: ContextKey { typealias Value = String }
enum B5: ContextKey { typealias Value = String }
enum B6: ContextKey { typealias Value = String }
enum B7: ContextKey { typealias Value = String }
enum B8: ContextKey { typealias Value = String }
enum B9: ContextKey { typealias Value = String }
enum B10: ContextKey { typealias Value = String }
enum B11: ContextKey { typealias Value = String }
enum B12: ContextKey { typealias Value = String }
enum B13: ContextKey { typealias Value = String }
enum B14: ContextKey { typealias Value = String }
enum B15: ContextKey { typealias Value = String }
enum B16: ContextKey { typealias Value = String }
enum B17: ContextKey { typealias Value = String }
enum B18: ContextKey { typealias Value = String }
enum B19: ContextKey { typealias Value = String }

@available(macOS 14, iOS 17, *)
@MainActor
enum ObservationBenchmarks {
    /// A read at depth 10 and 100 inside one `withObservationTracking` scope (what a SwiftUI body
    /// does), against an `@Observable` property read in the same kind of scope, and against the
    /// same read outside any scope; the same for a `ContextValues` member; then a whole body: the tracking set-up and 20 reads of
    /// different keys, against the same with 20 `@Observable` properties.
    static func rows(_ harness: Harness, into section: inout Section) {
        let (root10, leaf10) = makeChain(depth: 10)
        let (root100, leaf100) = makeChain(depth: 100)
        root10.set("12345", for: \.userName)
        let model = ObservedModel()
        let figures = harness.nanosecondsPerOperation([
            (
                "read-10-tracked",
                { count in
                    withObservationTracking {
                        for _ in 0..<count { blackHole(leaf10[UserID.self]) }
                    } onChange: {
                    }
                }
            ),
            (
                "read-100-tracked",
                { count in
                    withObservationTracking {
                        for _ in 0..<count { blackHole(leaf100[UserID.self]) }
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
            ("read-10-untracked", { count in for _ in 0..<count { blackHole(leaf10[UserID.self]) } }),
            (
                "read-10-entry-tracked",
                { count in
                    withObservationTracking {
                        for _ in 0..<count { blackHole(leaf10[\.userName]) }
                    } onChange: {
                    }
                }
            ),
        ])
        withExtendedLifetime((root10, root100)) {}
        section.add(
            Row(
                "depth 10 inside withObservationTracking vs @Observable property read there", baton: figures[0],
                peer: figures[2], target: .ratioAtMost(1.0)))
        section.add(
            Row(
                "depth 100 inside withObservationTracking vs @Observable property read there", baton: figures[1],
                peer: figures[2], target: .ratioAtMost(1.0)))
        section.add(
            Row(
                "depth 10 inside withObservationTracking vs the same read untracked", baton: figures[0],
                peer: figures[3]))
        section.add(
            Row(
                "depth 10, a ContextValues member by key path, inside withObservationTracking vs @Observable property read there",
                baton: figures[4], peer: figures[2]))
        body(harness, into: &section)
    }

    /// What a SwiftUI body pays end to end: a `withObservationTracking` scope that reads 20
    /// different keys from a screen's context 10 deep, against one that reads 20 properties of an
    /// `@Observable` model. Each run ends with one change that invalidates (fires and cancels)
    /// every tracking it made, as a view's next update does, so that trackings do not pile up.
    static func body(_ harness: Harness, into section: inout Section) {
        let (root, leaf) = makeChain(depth: 10)
        root.set("0", for: B0.self)
        root.set("1", for: B1.self)
        root.set("2", for: B2.self)
        root.set("3", for: B3.self)
        root.set("4", for: B4.self)
        root.set("5", for: B5.self)
        root.set("6", for: B6.self)
        root.set("7", for: B7.self)
        root.set("8", for: B8.self)
        root.set("9", for: B9.self)
        root.set("10", for: B10.self)
        root.set("11", for: B11.self)
        root.set("12", for: B12.self)
        root.set("13", for: B13.self)
        root.set("14", for: B14.self)
        root.set("15", for: B15.self)
        root.set("16", for: B16.self)
        root.set("17", for: B17.self)
        root.set("18", for: B18.self)
        root.set("19", for: B19.self)
        let model = ObservedScreenModel()
        var version = 0
        let figures = harness.nanosecondsPerOperation(
            scale: 20,
            [
                (
                    "body-20-keys",
                    { count in
                        for _ in 0..<count {
                            withObservationTracking {
                                blackHole(leaf[B0.self])
                                blackHole(leaf[B1.self])
                                blackHole(leaf[B2.self])
                                blackHole(leaf[B3.self])
                                blackHole(leaf[B4.self])
                                blackHole(leaf[B5.self])
                                blackHole(leaf[B6.self])
                                blackHole(leaf[B7.self])
                                blackHole(leaf[B8.self])
                                blackHole(leaf[B9.self])
                                blackHole(leaf[B10.self])
                                blackHole(leaf[B11.self])
                                blackHole(leaf[B12.self])
                                blackHole(leaf[B13.self])
                                blackHole(leaf[B14.self])
                                blackHole(leaf[B15.self])
                                blackHole(leaf[B16.self])
                                blackHole(leaf[B17.self])
                                blackHole(leaf[B18.self])
                                blackHole(leaf[B19.self])
                            } onChange: {
                            }
                        }
                        version += 1
                        root.set("\(version)", for: B0.self)
                    }
                ),
                (
                    "body-20-observable",
                    { count in
                        for _ in 0..<count {
                            withObservationTracking {
                                blackHole(model.p0)
                                blackHole(model.p1)
                                blackHole(model.p2)
                                blackHole(model.p3)
                                blackHole(model.p4)
                                blackHole(model.p5)
                                blackHole(model.p6)
                                blackHole(model.p7)
                                blackHole(model.p8)
                                blackHole(model.p9)
                                blackHole(model.p10)
                                blackHole(model.p11)
                                blackHole(model.p12)
                                blackHole(model.p13)
                                blackHole(model.p14)
                                blackHole(model.p15)
                                blackHole(model.p16)
                                blackHole(model.p17)
                                blackHole(model.p18)
                                blackHole(model.p19)
                            } onChange: {
                            }
                        }
                        version += 1
                        model.p0 = "\(version)"
                    }
                ),
            ])
        withExtendedLifetime(root) {}
        section.add(
            Row(
                "SwiftUI body: tracking + 20 reads of different keys at depth 10 vs 20 @Observable properties",
                baton: figures[0], peer: figures[1], target: .ratioAtMost(0.9)))
    }
}
