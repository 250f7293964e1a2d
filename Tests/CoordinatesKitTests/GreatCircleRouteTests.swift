import CoordinatesKit
import Testing

private func at(_ latitude: Double, _ longitude: Double) -> Coordinate {
    try! Coordinate(latitude: latitude, longitude: longitude)
}

private let paris = at(48.8566, 2.3522)
private let london = at(51.5074, -0.1278)
private let tokyo = at(35.6762, 139.6503)
private let sanFrancisco = at(37.7749, -122.4194)

/// Checks the invariants every defined route keeps: it starts and ends at its ends, every point is on
/// the great circle, successive points are no further apart than the step, and no segment jumps more
/// than 180° of longitude.
private func expectWellFormed(_ route: GreatCircleRoute, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(route.segments.first?.first == route.start, sourceLocation: sourceLocation)
    #expect(route.segments.last?.last == route.end, sourceLocation: sourceLocation)
    let total = route.start.distance(to: route.end)
    let points = route.segments.flatMap { $0 }
    #expect(
        points.count <= GreatCircleRoute.maximumPointCount + 2 * route.segments.count, sourceLocation: sourceLocation)
    let step = max(route.maximumStepKilometers, total / Double(GreatCircleRoute.maximumPointCount - 1))
    for point in points {
        let detour = route.start.distance(to: point) + point.distance(to: route.end) - total
        #expect(detour < 1e-6, "off the great circle by \(detour) km at \(point)", sourceLocation: sourceLocation)
    }
    for segment in route.segments {
        for (previous, next) in zip(segment, segment.dropFirst()) {
            #expect((next.longitude - previous.longitude).magnitude <= 180, sourceLocation: sourceLocation)
            #expect(previous.distance(to: next) <= step + 1e-6, sourceLocation: sourceLocation)
        }
    }
}

@Suite struct GreatCircleRouteTests {
    @Test func parisToLondonIsOneSegmentOfFourStepsAtOneHundredKilometres() {
        let route = GreatCircleRoute(from: paris, to: london)
        #expect(route.isDefined)
        #expect(route.segments.count == 1)
        // 343.6 km in steps of at most 100 km: four steps, five points.
        #expect(route.segments[0].count == 5)
        expectWellFormed(route)
    }

    @Test func theRouteLeavesAlongTheInitialBearing() {
        let route = GreatCircleRoute(from: paris, to: london, maximumStepKilometers: 1)
        let second = route.segments[0][1]
        #expect(abs(paris.initialBearing(to: second) - paris.initialBearing(to: london)) < 0.01)
    }

    @Test func aRouteAcrossTheAntimeridianIsSplitOnBothSides() {
        let route = GreatCircleRoute(from: tokyo, to: sanFrancisco)
        #expect(route.segments.count == 2)
        let west = route.segments[0]
        let east = route.segments[1]
        #expect(west.last?.longitude == 180)
        #expect(east.first?.longitude == -180)
        #expect(west.last?.latitude == east.first?.latitude)
        // The great circle from Tokyo to San Francisco bulges north, above both cities.
        #expect((west.last?.latitude ?? 0) > 45)
        expectWellFormed(route)
    }

    @Test func westwardRoutesAreSplitTheOtherWayRound() {
        let route = GreatCircleRoute(from: sanFrancisco, to: tokyo)
        #expect(route.segments.count == 2)
        #expect(route.segments[0].last?.longitude == -180)
        #expect(route.segments[1].first?.longitude == 180)
        expectWellFormed(route)
    }

    @Test func identicalPointsGiveATwoPointRoute() {
        let route = GreatCircleRoute(from: paris, to: paris)
        #expect(route.segments == [[paris, paris]])
    }

    @Test func antipodalPointsHaveNoRoute() {
        let route = GreatCircleRoute(from: at(0, 0), to: at(0, 180))
        #expect(!route.isDefined)
        #expect(route.segments.isEmpty)
        #expect(!GreatCircleRoute(from: at(90, 0), to: at(-90, 0)).isDefined)
    }

    @Test func veryLongRoutesAreCappedAtTheMaximumPointCount() {
        let route = GreatCircleRoute(from: at(0, 0), to: at(0.5, 179), maximumStepKilometers: 0)
        #expect(route.maximumStepKilometers == 1)
        #expect(route.segments.flatMap { $0 }.count == GreatCircleRoute.maximumPointCount)
        expectWellFormed(route)
    }

    @Test func nonFiniteStepsAreTakenAsOneKilometre() {
        #expect(GreatCircleRoute(from: paris, to: london, maximumStepKilometers: .nan).maximumStepKilometers == 1)
        #expect(GreatCircleRoute(from: paris, to: london, maximumStepKilometers: -.infinity).maximumStepKilometers == 1)
    }

    @Test func routesStartingOrEndingOnTheAntimeridianKeepTheirEnds() {
        for (start, end) in [(at(10, 180), at(20, -170)), (at(10, 170), at(20, -180)), (at(10, -180), at(20, 170))] {
            let route = GreatCircleRoute(from: start, to: end, maximumStepKilometers: 50)
            expectWellFormed(route)
        }
    }

    @Test func tenThousandRandomRoutesAreWellFormed() {
        var generator = SplitMix(seed: 15)
        for _ in 0..<10_000 {
            let start = at(generator.next(in: -90...90), generator.next(in: -180...180))
            let end = at(generator.next(in: -90...90), generator.next(in: -180...180))
            let route = GreatCircleRoute(from: start, to: end, maximumStepKilometers: 500)
            if route.isDefined { expectWellFormed(route) }
        }
    }
}

@Suite struct CoordinateRegionTests {
    @Test func aRegionAroundTwoCitiesIsCentredBetweenThemWithAMargin() {
        let region = CoordinateRegion(fitting: [paris, london], margin: 1.5)
        #expect(abs(region.center.latitude - (48.8566 + 51.5074) / 2) < 1e-9)
        #expect(abs(region.center.longitude - (2.3522 - 0.1278) / 2) < 1e-9)
        #expect(abs(region.latitudeDelta - (51.5074 - 48.8566) * 1.5) < 1e-9)
        #expect(abs(region.longitudeDelta - (2.3522 + 0.1278) * 1.5) < 1e-9)
    }

    @Test func aRegionAcrossTheAntimeridianIsNarrow() {
        let fiji = at(-17.7134, 178.0650)
        let samoa = at(-13.7590, -172.1046)
        let region = CoordinateRegion(fitting: [fiji, samoa], margin: 1)
        #expect(abs(region.longitudeDelta - (360 - 178.0650 - 172.1046)) < 1e-9)
        #expect(abs(region.center.longitude - -177.0198) < 1e-4)
    }

    @Test func aSinglePointGetsTheMinimumSpan() {
        let region = CoordinateRegion(fitting: [paris], minimumDelta: 0.1)
        #expect(region.center == paris)
        #expect(region.latitudeDelta == 0.1)
        #expect(region.longitudeDelta == 0.1)
    }

    @Test func noPointsGiveTheOrigin() {
        let region = CoordinateRegion(fitting: [])
        #expect(region.center == at(0, 0))
        #expect(region.latitudeDelta == 0.05)
    }

    @Test func spansNeverExceedTheWholeWorld() {
        let region = CoordinateRegion(fitting: [at(-80, -170), at(80, 0), at(0, 100)], margin: 10)
        #expect(region.latitudeDelta == 180)
        #expect(region.longitudeDelta == 360)
    }
}

/// A small deterministic generator, so the random tests repeat exactly.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + Double(next() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
    }
}
