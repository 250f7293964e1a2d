import CoordinatesKit
import Testing

/// One row of the parsing table: an input and either the exact coordinate or the exact error message.
struct ParseCase: Sendable, CustomTestStringConvertible {
    enum Expected: Sendable {
        case coordinate(latitude: Double, longitude: Double)
        case error(String)
    }

    let input: String
    let expected: Expected

    var testDescription: String { "\"\(input)\"" }

    static func valid(_ input: String, _ latitude: Double, _ longitude: Double) -> ParseCase {
        ParseCase(input: input, expected: .coordinate(latitude: latitude, longitude: longitude))
    }

    static func invalid(_ input: String, _ message: String) -> ParseCase {
        ParseCase(input: input, expected: .error(message))
    }
}

private func dms(_ degrees: Double, _ minutes: Double, _ seconds: Double = 0) -> Double {
    degrees + minutes / 60 + seconds / 3600
}

private let eiffelDMSLatitude = dms(48, 51, 30.2)
private let eiffelDMSLongitude = dms(2, 17, 40.2)

let parseCases: [ParseCase] = [
    // Signed decimal degrees.
    .valid("48.8584, 2.2945", 48.8584, 2.2945),
    .valid("-33.8688 151.2093", -33.8688, 151.2093),
    .valid("  +48.8584 ;  -2.2945  ", 48.8584, -2.2945),
    .valid("\u{2212}33.4489, \u{2212}70.6693", -33.4489, -70.6693),
    .valid("48.8584\t2.2945", 48.8584, 2.2945),
    .valid(".5, 5.", 0.5, 5),
    .valid("90, 180", 90, 180),
    .valid("-90 -180", -90, -180),
    .valid("0 0", 0, 0),
    .valid("-0, -0.0", 0, 0),
    // Hemisphere letters, before or after, either case, or as words.
    .valid("N 48.8584 E 2.2945", 48.8584, 2.2945),
    .valid("48.8584n 2.2945e", 48.8584, 2.2945),
    .valid("33.8688S;151.2093E", -33.8688, 151.2093),
    .valid("48.8584N,2.2945W", 48.8584, -2.2945),
    .valid("10 S, 20 W", -10, -20),
    .valid("51.5074 North, 0.1278 West", 51.5074, -0.1278),
    .valid("48 N 2", 48, 2),
    // Longitude first, only with letters on both halves.
    .valid("2.2945E 48.8584N", 48.8584, 2.2945),
    .valid("W 0.1278, N 51.5074", 51.5074, -0.1278),
    // Degrees and decimal minutes.
    .valid("48 51.504 N, 2 17.670 E", dms(48, 51.504), dms(2, 17.670)),
    .valid("48°51.504′N 2°17.670′E", dms(48, 51.504), dms(2, 17.670)),
    .valid("48D30M N, 2D15M E", 48.5, 2.25),
    .valid("48º 30' S 58º 22' W", -48.5, -dms(58, 22)),
    .valid("48°30´N, 58°22´W", 48.5, -dms(58, 22)),
    .valid("48 51 2 17", dms(48, 51), dms(2, 17)),
    .valid("48° 51.504′ N, 2° 17.670′ E", dms(48, 51.504), dms(2, 17.670)),
    // Degrees, minutes and seconds.
    .valid("48°51′30.2″N 2°17′40.2″E", eiffelDMSLatitude, eiffelDMSLongitude),
    .valid("48°51'30.2\"N, 2°17'40.2\"E", eiffelDMSLatitude, eiffelDMSLongitude),
    .valid("48°51'30.2''N 2°17'40.2''E", eiffelDMSLatitude, eiffelDMSLongitude),
    .valid("48d51m30.2sN 2d17m40.2sE", eiffelDMSLatitude, eiffelDMSLongitude),
    .valid("48 51 30.2 N 2 17 40.2 E", eiffelDMSLatitude, eiffelDMSLongitude),
    .valid("48° 51′ 30.2″ N, 2° 17′ 40.2″ E", eiffelDMSLatitude, eiffelDMSLongitude),
    .valid("48d 51m 30s, 2d 17m 40s", dms(48, 51, 30), dms(2, 17, 40)),
    .valid("48 51 30 2 17 40", dms(48, 51, 30), dms(2, 17, 40)),
    .valid("s 33 52 7.7, e 151 12 33.5", -dms(33, 52, 7.7), dms(151, 12, 33.5)),
    .valid("48.858400° N, 2.294500° E", 48.8584, 2.2945),
    // Errors: whole input.
    .invalid("", "empty input"),
    .invalid("   \n", "empty input"),
    .invalid("48.8584", "expected two values (latitude and longitude), found 1"),
    .invalid("48.8584,", "expected two values (latitude and longitude), found 1"),
    .invalid("48.8584 N", "expected two values (latitude and longitude), found 1"),
    .invalid("1, 2, 3", "expected two values (latitude and longitude), found 3"),
    .invalid("1 2 3", "expected two values (latitude and longitude), found 3"),
    .invalid(", ;", "expected two values (latitude and longitude), found 0"),
    .invalid("48,,2", "unexpected character ','"),
    .invalid(
        "48 30 2 E",
        "cannot tell where the latitude ends and the longitude begins in '48 30 2 E'; separate them with a comma"
    ),
    // Errors: reading words.
    .invalid("12x, 3", "could not read '12x' as a number"),
    .invalid("abc", "could not read 'abc' as a number"),
    .invalid("1.2.3, 4", "could not read '1.2.3' as a number"),
    .invalid("48.8584 North 2.2945 Northeast", "could not read 'Northeast' as a number"),
    .invalid("48 @ 2", "unexpected character '@'"),
    // Errors: structure of one value.
    .invalid("48.5 30, 2", "'48.5' must be a whole number when minutes follow"),
    .invalid("48° 30″, 2", "found '″' where minutes were expected"),
    .invalid("° 48, 2", "'°' must follow a number"),
    .invalid("48 -30, 2", "sign '-' must come before the degrees"),
    .invalid("48 N 30, 2 E", "hemisphere letter 'N' must come before or after the value"),
    .invalid("1e5, 2", "'1e5' is exponent notation, which is not accepted; write the number out (100000)"),
    .invalid("1e2, 0", "'1e2' is exponent notation, which is not accepted; write the number out (100)"),
    .invalid("2.5E-1, 0", "'2.5E-1' is exponent notation, which is not accepted; write the number out (0.25)"),
    .invalid(
        String(repeating: "1", count: 400) + ", 0",
        "the number '1111111111…1111' has 400 digits; no coordinate needs more than 32"),
    .invalid("1\u{1B}[31m, 2", "unexpected character '\\u{1B}'"),
    .invalid("1\u{07}, 2", "unexpected character '\\u{7}'"),
    .invalid("N 48 S, 2 E", "'S' is a second hemisphere letter for the same value"),
    .invalid("1 2 3 4, 5", "too many parts in '1 2 3 4' (at most degrees, minutes and seconds)"),
    .invalid("N, 2 E", "expected a number in 'N'"),
    .invalid("48.5 N 2.5 30 E", "'2.5' must be a whole number when minutes follow"),
    // Errors: values.
    .invalid("48 61 N, 2 E", "minutes must be below 60 (got 61)"),
    .invalid("48 51 60.5 N, 2 E", "seconds must be below 60 (got 60.5)"),
    .invalid("-48.8584 N, 2 E", "'-48.8584 N' has both a sign and a hemisphere letter"),
    .invalid("48.8584 2.2945 N", "'N' is not a longitude hemisphere (use E or W)"),
    .invalid("48n 2n", "'n' is not a longitude hemisphere (use E or W)"),
    .invalid("48 N, 2 S", "'S' is not a longitude hemisphere (use E or W)"),
    .invalid("2.2945E 48.8584", "'E' is not a latitude hemisphere (use N or S)"),
    .invalid("2 E 48 E", "'E' is not a latitude hemisphere (use N or S)"),
    .invalid("91.2, 0", "latitude 91.2 is out of range −90…90"),
    .invalid("91.2 S, 0", "latitude -91.2 is out of range −90…90"),
    .invalid("90 30 N, 0 E", "latitude 90.5 is out of range −90…90"),
    .invalid("0, 181", "longitude 181 is out of range −180…180"),
    .invalid("181 E, 0 N", "longitude 181 is out of range −180…180"),
]

@Suite struct ParsingTests {
    @Test(arguments: parseCases)
    func parsesOrRejectsWithExactMessage(_ testCase: ParseCase) {
        switch testCase.expected {
        case .coordinate(let latitude, let longitude):
            #expect(throws: Never.self) {
                let coordinate = try Coordinate(parsing: testCase.input)
                #expect(abs(coordinate.latitude - latitude) <= 1e-9)
                #expect(abs(coordinate.longitude - longitude) <= 1e-9)
            }
        case .error(let message):
            do {
                let coordinate = try Coordinate(parsing: testCase.input)
                Issue.record("expected '\(message)', parsed \(coordinate)")
            } catch {
                #expect(error.message == message)
            }
        }
    }

    @Test func tableHasAtLeastFortyRows() {
        #expect(parseCases.count >= 40)
    }

    @Test func staticParseMatchesInitializer() throws {
        #expect(try Coordinate.parse("48.8584, 2.2945") == Coordinate(parsing: "48.8584, 2.2945"))
    }

    @Test func errorsPointAtTheOffendingPart() {
        let cases: [(String, Int?)] = [
            ("48 61 N, 2 E", 3),
            ("12x, 3", 0),
            ("48.8584 2.2945 N", 15),
            ("48 @ 2", 3),
            ("1, 2.5.1", 3),
            ("0, 181", 3),
            ("48,,2", 3),
            (",48,2", 0),
            ("48,2,", 4),
            ("48.8584", nil),
            ("", nil),
        ]
        for (input, offset) in cases {
            #expect(throws: CoordinateParseError.self) { try Coordinate(parsing: input) }
            do {
                _ = try Coordinate(parsing: input)
            } catch {
                #expect(error.offset == offset, "\(input)")
            }
        }
    }

    @Test func errorDescriptionAddsTheOffset() {
        do {
            _ = try Coordinate(parsing: "48 61 N, 2 E")
            Issue.record("expected an error")
        } catch {
            #expect(error.reason == .minutesOutOfRange(61))
            #expect(error == CoordinateParseError(.minutesOutOfRange(61), offset: 3))
            #expect(error.description == "minutes must be below 60 (got 61) (at offset 3)")
        }
    }

    @Test func validatingInitializerRejectsOutOfRangeAndNonFiniteValues() {
        #expect(throws: CoordinateParseError(.latitudeOutOfRange(90.5))) {
            try Coordinate(latitude: 90.5, longitude: 0)
        }
        #expect(throws: CoordinateParseError(.longitudeOutOfRange(-180.25))) {
            try Coordinate(latitude: 0, longitude: -180.25)
        }
        #expect(throws: CoordinateParseError(.longitudeOutOfRange(.infinity))) {
            try Coordinate(latitude: 0, longitude: .infinity)
        }
        #expect(throws: CoordinateParseError.self) { try Coordinate(latitude: .nan, longitude: 0) }
    }

    @Test func negativeZeroIsStoredAsZero() throws {
        let coordinate = try Coordinate(latitude: -0.0, longitude: -0.0)
        #expect(coordinate.latitude.sign == .plus)
        #expect(coordinate.longitude.sign == .plus)
        #expect(coordinate == (try Coordinate(latitude: 0, longitude: 0)))
    }
}
