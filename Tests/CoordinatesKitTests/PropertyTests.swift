import CoordinatesKit
import PropertyBased
import Testing

/// Latitudes: uniform over the whole range, plus poles, zero, tiny values and values just below a whole degree
/// (which exercise the rounding carry).
private let latitudes = Gen.oneOf(
    Gen.double(in: -90...90),
    Gen.always(90.0),
    Gen.always(-90.0),
    Gen.double(in: -1e-6...1e-6),
    Gen.int(in: -89...89).map { Double($0) + 0.999_999_99 }
)

/// Longitudes: uniform over the whole range, plus ±180, zero, tiny values and values just below a whole degree.
private let longitudes = Gen.oneOf(
    Gen.double(in: -180...180),
    Gen.always(180.0),
    Gen.always(-180.0),
    Gen.double(in: -1e-6...1e-6),
    Gen.int(in: -179...179).map { Double($0) + 0.999_999_99 }
)

private let radius = Coordinate.earthMeanRadiusKilometers

/// The number of the smallest printed unit per degree, for each format.
private func unitsPerDegree(_ format: CoordinateFormat) -> Double {
    switch format {
    case .decimalDegrees: 1_000_000
    case .degreesDecimalMinutes: 60_000
    case .degreesMinutesSeconds: 36_000
    }
}

/// The value the formatter prints, computed independently: the magnitude rounded half away from zero to the
/// format's step, with the sign of the original value.
private func quantized(_ value: Double, _ format: CoordinateFormat) -> Double {
    let steps = unitsPerDegree(format)
    let magnitude = (value.magnitude * steps).rounded(.toNearestOrAwayFromZero) / steps
    return value < 0 ? -magnitude : magnitude
}

@Suite struct PropertyTests {
    // Round trip. We check two things for every format:
    // 1. parse(format(x)) equals x rounded the way the formatter rounds, within 1e-9°, and is within half a step
    //    of x (0.5e-6° for decimal degrees, so decimal degrees round-trip within 1e-6° of x);
    // 2. format(parse(format(x))) == format(x): formatted text is a fixed point.
    @Test(arguments: CoordinateFormat.allCases)
    func formattedTextParsesBackWithinTheFormatsPrecision(_ format: CoordinateFormat) async {
        await propertyCheck(count: 500, input: latitudes, longitudes) { latitude, longitude in
            let coordinate = try Coordinate(latitude: latitude, longitude: longitude)
            let text = coordinate.formatted(format)
            let parsed = try Coordinate(parsing: text)
            let halfStep = 0.5 / unitsPerDegree(format) + 1e-12
            #expect(abs(parsed.latitude - quantized(latitude, format)) <= 1e-9, "\(text)")
            #expect(abs(parsed.longitude - quantized(longitude, format)) <= 1e-9, "\(text)")
            #expect(abs(parsed.latitude - latitude) <= halfStep, "\(text)")
            #expect(abs(parsed.longitude - longitude) <= halfStep, "\(text)")
            #expect(parsed.formatted(format) == text)
        }
    }

    @Test func decimalDegreesRoundTripWithinOneMillionthOfADegree() async {
        await propertyCheck(count: 500, input: latitudes, longitudes) { latitude, longitude in
            let coordinate = try Coordinate(latitude: latitude, longitude: longitude)
            let parsed = try Coordinate(parsing: coordinate.formatted(.decimalDegrees))
            #expect(abs(parsed.latitude - latitude) <= 1e-6)
            #expect(abs(parsed.longitude - longitude) <= 1e-6)
        }
    }

    @Test(arguments: CoordinateFormat.allCases)
    func orderSeparatorsAndLetterCaseDoNotChangeTheResult(_ format: CoordinateFormat) async {
        await propertyCheck(count: 200, input: latitudes, longitudes) { latitude, longitude in
            let coordinate = try Coordinate(latitude: latitude, longitude: longitude)
            let expected = try Coordinate(parsing: coordinate.formatted(format))
            let latitudeText = coordinate.formattedLatitude(format)
            let longitudeText = coordinate.formattedLongitude(format)
            for variant in [
                longitudeText + " " + latitudeText,
                longitudeText + "; " + latitudeText,
                latitudeText + " " + longitudeText,
                latitudeText + ";" + longitudeText,
                coordinate.formatted(format).lowercased(),
            ] {
                #expect(try Coordinate(parsing: variant) == expected, "\(variant)")
            }
        }
    }

    @Test func distanceIsSymmetricNonNegativeAndAtMostHalfTheCircumference() async {
        await propertyCheck(count: 500, input: latitudes, longitudes, latitudes, longitudes) {
            latitude1, longitude1, latitude2, longitude2 in
            let a = try Coordinate(latitude: latitude1, longitude: longitude1)
            let b = try Coordinate(latitude: latitude2, longitude: longitude2)
            let distance = a.distance(to: b)
            #expect(distance == b.distance(to: a))
            #expect(distance >= 0)
            #expect(distance <= .pi * radius)
            #expect(a.distance(to: a) == 0)
            #expect(abs(a.distance(to: b, in: .statuteMiles) * 1.609344 - distance) <= 1e-9 * max(1, distance))
            #expect(abs(a.distance(to: b, in: .nauticalMiles) * 1.852 - distance) <= 1e-9 * max(1, distance))
        }
    }

    @Test func distanceSatisfiesTheTriangleInequality() async {
        await propertyCheck(count: 300, input: latitudes, longitudes, latitudes, longitudes, latitudes, longitudes) {
            latitude1, longitude1, latitude2, longitude2, latitude3, longitude3 in
            let a = try Coordinate(latitude: latitude1, longitude: longitude1)
            let b = try Coordinate(latitude: latitude2, longitude: longitude2)
            let c = try Coordinate(latitude: latitude3, longitude: longitude3)
            #expect(a.distance(to: c) <= a.distance(to: b) + b.distance(to: c) + 1e-6)
        }
    }

    @Test func bearingIsAlwaysInZeroToThreeSixty() async {
        await propertyCheck(count: 500, input: latitudes, longitudes, latitudes, longitudes) {
            latitude1, longitude1, latitude2, longitude2 in
            let a = try Coordinate(latitude: latitude1, longitude: longitude1)
            let b = try Coordinate(latitude: latitude2, longitude: longitude2)
            let bearing = a.initialBearing(to: b)
            #expect(bearing >= 0 && bearing < 360)
            #expect(bearing.sign == .plus)
            #expect(a.compassPoint(to: b) == CompassPoint(bearing: bearing))
            #expect(a.initialBearing(to: a) == 0)
        }
    }

    @Test func onOneMeridianTheBearingIsDueNorthOneWayAndDueSouthTheOther() async {
        await propertyCheck(
            count: 500,
            input: Gen.double(in: -90...89.99),
            Gen.double(in: 0.000_001...180),
            Gen.double(in: -180...180)
        ) { southern, separation, longitude in
            let northern = min(90, southern + separation)
            let a = try Coordinate(latitude: southern, longitude: longitude)
            let b = try Coordinate(latitude: northern, longitude: longitude)
            #expect(a.initialBearing(to: b) == 0)
            #expect(b.initialBearing(to: a) == 180)
            #expect(abs(a.distance(to: b) - radius * (northern - southern) * .pi / 180) <= 1e-6)
        }
    }

    @Test func onTheEquatorTheReturnBearingIsOpposite() async {
        await propertyCheck(count: 500, input: Gen.double(in: -180...180), Gen.double(in: -180...180)) {
            longitude1, longitude2 in
            let separation = abs(longitude1 - longitude2).truncatingRemainder(dividingBy: 180)
            guard separation > 1e-6 && 180 - separation > 1e-6 else { return }
            let a = try Coordinate(latitude: 0, longitude: longitude1)
            let b = try Coordinate(latitude: 0, longitude: longitude2)
            let forward = a.initialBearing(to: b)
            #expect(forward == 90 || forward == 270)
            #expect(b.initialBearing(to: a) == (forward + 180).truncatingRemainder(dividingBy: 360))
        }
    }

    @Test func compassPointIsTheNearestOfSixteen() async {
        await propertyCheck(count: 500, input: Gen.int(in: 0...15), Gen.double(in: -11.2...11.2)) { index, offset in
            let point = CompassPoint.allCases[index]
            #expect(CompassPoint(bearing: Double(index) * 22.5 + offset) == point)
        }
    }
}
