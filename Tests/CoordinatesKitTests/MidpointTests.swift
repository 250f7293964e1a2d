import CoordinatesKit
import Testing

private func at(_ latitude: Double, _ longitude: Double) -> Coordinate {
    try! Coordinate(latitude: latitude, longitude: longitude)
}

private let paris = at(48.8566, 2.3522)
private let london = at(51.5074, -0.1278)
private let newYork = at(40.7128, -74.0060)

@Suite struct MidpointTests {
    // Expected values were computed independently with the spherical midpoint formula.
    @Test func parisToLondon() throws {
        let middle = try #require(paris.midpoint(to: london))
        #expect(abs(middle.latitude - 50.188595) < 1e-6)
        #expect(abs(middle.longitude - 1.146618) < 1e-6)
    }

    @Test func theMidpointIsHalfwayAlongTheGreatCircleAndSymmetric() throws {
        let middle = try #require(newYork.midpoint(to: london))
        let total = newYork.distance(to: london)
        #expect(abs(newYork.distance(to: middle) - total / 2) < 1e-6)
        #expect(abs(middle.distance(to: london) - total / 2) < 1e-6)
        let back = try #require(london.midpoint(to: newYork))
        #expect(back.distance(to: middle) < 1e-9)
        // The route bulges north of both ends, as a great circle does.
        #expect(middle.latitude > london.latitude)
    }

    @Test func acrossTheAntimeridianItLiesOnItNotOnTheOtherSideOfTheWorld() throws {
        let middle = try #require(at(-10, 179.9).midpoint(to: at(-10, -179.9)))
        #expect(abs(middle.longitude.magnitude - 180) < 1e-9)
        #expect(abs(middle.latitude + 10) < 1e-3)
    }

    @Test func theSamePlaceIsItsOwnMidpointAndAPoleStaysAPole() throws {
        let middle = try #require(paris.midpoint(to: paris))
        #expect(middle.distance(to: paris) < 1e-9)
        #expect(abs(try #require(at(90, 0).midpoint(to: at(90, 120))).latitude - 90) < 1e-9)
        // Two points on opposite meridians at the same latitude: the route runs over the pole.
        #expect(abs(try #require(at(80, 0).midpoint(to: at(80, 180))).latitude - 90) < 1e-9)
    }

    @Test func antipodalPointsHaveNoSingleMidpoint() {
        #expect(at(0, 0).midpoint(to: at(0, 180)) == nil)
        #expect(at(90, 0).midpoint(to: at(-90, 0)) == nil)
        #expect(at(48.8566, 2.3522).midpoint(to: at(-48.8566, -177.6478)) == nil)
        #expect(GreatCircleRoute(from: at(0, 0), to: at(0, 180)).isDefined == false)
    }
}
