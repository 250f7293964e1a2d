import CoordinatesKit
import Testing

private let paris = try! Coordinate(latitude: 48.8566, longitude: 2.3522)
private let london = try! Coordinate(latitude: 51.5074, longitude: -0.1278)
private let newYork = try! Coordinate(latitude: 40.7128, longitude: -74.0060)
private let sydney = try! Coordinate(latitude: -33.8688, longitude: 151.2093)
private let radius = Coordinate.earthMeanRadiusKilometers

@Suite struct GreatCircleTests {
    @Test func usesTheIUGGMeanRadius() {
        #expect(Coordinate.earthMeanRadiusKilometers == 6371.0088)
    }

    // Expected values were computed independently with the same spherical formulas and R = 6371.0088 km.
    @Test func parisToLondonDistanceInAllUnits() {
        #expect(abs(paris.distance(to: london) - 343.5565) < 0.1)
        #expect(abs(paris.distance(to: london, in: .kilometers) - 343.5565) < 0.1)
        #expect(abs(paris.distance(to: london, in: .statuteMiles) - 213.4761) < 0.1)
        #expect(abs(paris.distance(to: london, in: .nauticalMiles) - 185.5057) < 0.1)
    }

    @Test func longDistances() {
        #expect(abs(newYork.distance(to: london) - 5570.2299) < 0.1)
        #expect(abs(sydney.distance(to: newYork) - 15988.7776) < 0.1)
    }

    @Test func referenceArcs() throws {
        let origin = try Coordinate(latitude: 0, longitude: 0)
        let oneDegreeEast = try Coordinate(latitude: 0, longitude: 1)
        let northPole = try Coordinate(latitude: 90, longitude: 0)
        let antipode = try Coordinate(latitude: 0, longitude: 180)
        #expect(abs(origin.distance(to: oneDegreeEast) - radius * .pi / 180) < 1e-9)
        #expect(abs(origin.distance(to: oneDegreeEast, in: .nauticalMiles) - 60.0405) < 1e-4)
        #expect(abs(origin.distance(to: northPole) - 10007.5572) < 1e-4)
        #expect(abs(origin.distance(to: antipode) - 20015.1144) < 1e-4)
        #expect(origin.distance(to: antipode) <= .pi * radius)
    }

    @Test func nearlyAntipodalDistancesKeepFullPrecision() throws {
        let origin = try Coordinate(latitude: 0, longitude: 0)
        let nearAntipode = try Coordinate(latitude: -9e-9, longitude: -180)
        let expected = radius * (.pi - 9e-9 * .pi / 180)
        #expect(abs(origin.distance(to: nearAntipode) - expected) < 1e-9)
        #expect(origin.distance(to: nearAntipode) < .pi * radius)
    }

    @Test func tinyDistancesKeepFullPrecision() throws {
        let a = try Coordinate(latitude: 45, longitude: 7)
        let b = try Coordinate(latitude: 45 + 1e-9, longitude: 7)
        let expected = radius * (b.latitude - a.latitude) * .pi / 180  // about 1.1e-7 km
        #expect(abs(a.distance(to: b) - expected) <= 1e-12 * expected)
    }

    @Test func parisToLondonBearing() {
        #expect(abs(paris.initialBearing(to: london) - 330.0211) < 1e-3)
        #expect(abs(london.initialBearing(to: paris) - 148.1156) < 1e-3)
        #expect(paris.compassPoint(to: london) == .northNorthwest)
        #expect(london.compassPoint(to: paris) == .southSoutheast)
        #expect(abs(newYork.initialBearing(to: london) - 51.2126) < 1e-3)
        #expect(newYork.compassPoint(to: london) == .northeast)
    }

    @Test func cardinalBearingsFromTheOrigin() throws {
        let origin = try Coordinate(latitude: 0, longitude: 0)
        #expect(origin.initialBearing(to: try Coordinate(latitude: 10, longitude: 0)) == 0)
        #expect(origin.initialBearing(to: try Coordinate(latitude: 0, longitude: 10)) == 90)
        #expect(origin.initialBearing(to: try Coordinate(latitude: -10, longitude: 0)) == 180)
        #expect(origin.initialBearing(to: try Coordinate(latitude: 0, longitude: -10)) == 270)
        #expect(abs(origin.initialBearing(to: try Coordinate(latitude: 1, longitude: 1)) - 44.9956) < 1e-4)
    }

    @Test func bearingBetweenTheSamePlaceIsZero() throws {
        #expect(paris.initialBearing(to: paris) == 0)
        #expect(paris.compassPoint(to: paris) == .north)
        let pole = try Coordinate(latitude: 90, longitude: 10)
        #expect(pole.initialBearing(to: try Coordinate(latitude: 90, longitude: -120)) == 0)
        let east = try Coordinate(latitude: 12, longitude: 180)
        #expect(east.initialBearing(to: try Coordinate(latitude: 12, longitude: -180)) == 0)
        #expect(east.distance(to: try Coordinate(latitude: 12, longitude: -180)) < 1e-9)
    }

    @Test func fromTheNorthPoleEverythingIsSouth() throws {
        let pole = try Coordinate(latitude: 90, longitude: 0)
        #expect(pole.initialBearing(to: try Coordinate(latitude: 10, longitude: 0)) == 180)
        #expect(try Coordinate(latitude: -90, longitude: 0).initialBearing(to: paris) < 90)
    }

    @Test(
        arguments: [
            (0.0, CompassPoint.north), (11.24, .north), (11.25, .northNortheast), (22.5, .northNortheast),
            (33.75, .northeast), (90, .east), (112.5, .eastSoutheast), (180, .south), (202.5, .southSouthwest),
            (247.5, .westSouthwest), (270, .west), (292.5, .westNorthwest), (315, .northwest),
            (337.5, .northNorthwest), (348.74, .northNorthwest), (348.75, .north), (359.99, .north),
            (-90, .west), (720, .north), (-11.3, .northNorthwest), (.nan, .north),
        ]
    )
    func compassPointForBearing(_ bearing: Double, _ expected: CompassPoint) {
        #expect(CompassPoint(bearing: bearing) == expected)
    }

    @Test func compassPointsAreTheSixteenUsualAbbreviations() {
        #expect(
            CompassPoint.allCases.map(\.abbreviation) == [
                "N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW",
            ]
        )
    }

    @Test func distanceUnitFactorsAreExact() {
        #expect(DistanceUnit.kilometers.kilometers == 1)
        #expect(DistanceUnit.statuteMiles.kilometers == 1.609344)
        #expect(DistanceUnit.nauticalMiles.kilometers == 1.852)
    }
}
