import CoordinatesKit
import Foundation
import Testing

struct FormatCase: Sendable, CustomTestStringConvertible {
    let latitude: Double
    let longitude: Double
    let decimalDegrees: String
    let degreesDecimalMinutes: String
    let degreesMinutesSeconds: String

    var testDescription: String { "(\(latitude), \(longitude))" }
}

let formatCases: [FormatCase] = [
    FormatCase(
        latitude: 48.8584, longitude: 2.2945,
        decimalDegrees: "48.858400° N, 2.294500° E",
        degreesDecimalMinutes: "48° 51.504′ N, 2° 17.670′ E",
        degreesMinutesSeconds: "48° 51′ 30.2″ N, 2° 17′ 40.2″ E"
    ),
    FormatCase(
        latitude: -33.8688, longitude: 151.2093,
        decimalDegrees: "33.868800° S, 151.209300° E",
        degreesDecimalMinutes: "33° 52.128′ S, 151° 12.558′ E",
        degreesMinutesSeconds: "33° 52′ 7.7″ S, 151° 12′ 33.5″ E"
    ),
    // Rounding carries into the next unit: never 60 minutes or 60 seconds.
    FormatCase(
        latitude: 59.99999999, longitude: -59.99999999,
        decimalDegrees: "60.000000° N, 60.000000° W",
        degreesDecimalMinutes: "60° 0.000′ N, 60° 0.000′ W",
        degreesMinutesSeconds: "60° 0′ 0.0″ N, 60° 0′ 0.0″ W"
    ),
    FormatCase(
        latitude: 10.9999999, longitude: 10.99999,
        decimalDegrees: "11.000000° N, 10.999990° E",
        degreesDecimalMinutes: "11° 0.000′ N, 10° 59.999′ E",
        degreesMinutesSeconds: "11° 0′ 0.0″ N, 11° 0′ 0.0″ E"
    ),
    FormatCase(
        latitude: 10.999985, longitude: 2.0833333,
        decimalDegrees: "10.999985° N, 2.083333° E",
        degreesDecimalMinutes: "10° 59.999′ N, 2° 5.000′ E",
        degreesMinutesSeconds: "10° 59′ 59.9″ N, 2° 5′ 0.0″ E"
    ),
    // A value that rounds to zero is written with N or E, never "0.000000° S".
    FormatCase(
        latitude: -0.0000001, longitude: -0.0000001,
        decimalDegrees: "0.000000° N, 0.000000° E",
        degreesDecimalMinutes: "0° 0.000′ N, 0° 0.000′ E",
        degreesMinutesSeconds: "0° 0′ 0.0″ N, 0° 0′ 0.0″ E"
    ),
    FormatCase(
        latitude: 0, longitude: 0,
        decimalDegrees: "0.000000° N, 0.000000° E",
        degreesDecimalMinutes: "0° 0.000′ N, 0° 0.000′ E",
        degreesMinutesSeconds: "0° 0′ 0.0″ N, 0° 0′ 0.0″ E"
    ),
    FormatCase(
        latitude: -90, longitude: 180,
        decimalDegrees: "90.000000° S, 180.000000° E",
        degreesDecimalMinutes: "90° 0.000′ S, 180° 0.000′ E",
        degreesMinutesSeconds: "90° 0′ 0.0″ S, 180° 0′ 0.0″ E"
    ),
    FormatCase(
        latitude: 90, longitude: -180,
        decimalDegrees: "90.000000° N, 180.000000° W",
        degreesDecimalMinutes: "90° 0.000′ N, 180° 0.000′ W",
        degreesMinutesSeconds: "90° 0′ 0.0″ N, 180° 0′ 0.0″ W"
    ),
    FormatCase(
        latitude: 89.99999999, longitude: -179.99999999,
        decimalDegrees: "90.000000° N, 180.000000° W",
        degreesDecimalMinutes: "90° 0.000′ N, 180° 0.000′ W",
        degreesMinutesSeconds: "90° 0′ 0.0″ N, 180° 0′ 0.0″ W"
    ),
    FormatCase(
        latitude: -0.5, longitude: -0.0166666667,
        decimalDegrees: "0.500000° S, 0.016667° W",
        degreesDecimalMinutes: "0° 30.000′ S, 0° 1.000′ W",
        degreesMinutesSeconds: "0° 30′ 0.0″ S, 0° 1′ 0.0″ W"
    ),
]

@Suite struct FormattingTests {
    @Test(arguments: formatCases)
    func formatsExactlyWithCarry(_ testCase: FormatCase) throws {
        let coordinate = try Coordinate(latitude: testCase.latitude, longitude: testCase.longitude)
        #expect(coordinate.formatted(.decimalDegrees) == testCase.decimalDegrees)
        #expect(coordinate.formatted(.degreesDecimalMinutes) == testCase.degreesDecimalMinutes)
        #expect(coordinate.formatted(.degreesMinutesSeconds) == testCase.degreesMinutesSeconds)
    }

    @Test(arguments: formatCases, CoordinateFormat.allCases)
    func formattedTextParsesBackToTheSameText(_ testCase: FormatCase, _ format: CoordinateFormat) throws {
        let coordinate = try Coordinate(latitude: testCase.latitude, longitude: testCase.longitude)
        let text = coordinate.formatted(format)
        #expect(try Coordinate(parsing: text).formatted(format) == text)
    }

    @Test func formatsEachHalfSeparately() throws {
        let sydney = try Coordinate(latitude: -33.8688, longitude: 151.2093)
        #expect(sydney.formattedLatitude() == "33.868800° S")
        #expect(sydney.formattedLongitude() == "151.209300° E")
        #expect(sydney.formattedLatitude(.degreesDecimalMinutes) == "33° 52.128′ S")
        #expect(sydney.formattedLongitude(.degreesDecimalMinutes) == "151° 12.558′ E")
        #expect(sydney.formattedLatitude(.degreesMinutesSeconds) == "33° 52′ 7.7″ S")
        #expect(sydney.formattedLongitude(.degreesMinutesSeconds) == "151° 12′ 33.5″ E")
    }

    @Test func defaultFormatAndDescriptionAreDecimalDegrees() throws {
        let tower = try Coordinate(latitude: 48.8584, longitude: 2.2945)
        #expect(tower.formatted() == "48.858400° N, 2.294500° E")
        #expect(tower.description == "48.858400° N, 2.294500° E")
        #expect("\(tower)" == "48.858400° N, 2.294500° E")
    }
}

@Suite struct CodableTests {
    @Test func encodesAndDecodesAsLatitudeAndLongitudeKeys() throws {
        let tower = try Coordinate(latitude: 48.8584, longitude: -2.2945)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(tower)
        #expect(String(decoding: data, as: UTF8.self) == #"{"latitude":48.8584,"longitude":-2.2945}"#)
        #expect(try JSONDecoder().decode(Coordinate.self, from: data) == tower)
    }

    @Test func decodingRejectsOutOfRangeValues() {
        let json = Data(#"{"latitude": 95, "longitude": 0}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Coordinate.self, from: json) }
        do {
            _ = try JSONDecoder().decode(Coordinate.self, from: json)
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.debugDescription == "latitude 95 is out of range −90…90")
            #expect(context.codingPath.map(\.stringValue) == ["latitude"])
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }
}
