import Foundation
import Testing

@Suite struct CommandLineTests {
    private let home = NSTemporaryDirectory()

    // MARK: - convert

    @Test func convertPrintsTheThreeFormats() throws {
        let result = try runCoordinates(["convert", "48.8584, 2.2945"], home: home)
        #expect(result.status == 0)
        #expect(result.errors == "")
        #expect(
            result.output == """
                Decimal degrees            48.858400° N, 2.294500° E
                Degrees, decimal minutes   48° 51.504′ N, 2° 17.670′ E
                Degrees, minutes, seconds  48° 51′ 30.2″ N, 2° 17′ 40.2″ E

                """)
    }

    @Test func convertJoinsUnquotedWordsAndAcceptsANegativeFirstValue() throws {
        let result = try runCoordinates(["convert", "-33.8688", "151.2093"], home: home)
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("Decimal degrees            33.868800° S, 151.209300° E\n"))
    }

    @Test func convertJSONHasNumericLatitudeAndLongitude() throws {
        let result = try runCoordinates(["convert", "--json", "33°52′7.7″S 151°12′33.5″E"], home: home)
        #expect(result.status == 0)
        #expect(
            result.output == """
                {
                  "decimalDegrees" : "33.868806° S, 151.209306° E",
                  "degreesDecimalMinutes" : "33° 52.128′ S, 151° 12.558′ E",
                  "degreesMinutesSeconds" : "33° 52′ 7.7″ S, 151° 12′ 33.5″ E",
                  "latitude" : -33.868805555555554,
                  "longitude" : 151.20930555555555
                }

                """)
    }

    @Test func anInvalidCoordinateExitsWith1AndPointsAtTheProblemOnStandardError() throws {
        let result = try runCoordinates(["convert", "91.2, 0"], home: home)
        #expect(result.status == 1)
        #expect(result.output == "")
        #expect(
            result.errors == """
                coordinates: could not read the coordinate "91.2, 0": latitude 91.2 is out of range −90…90
                  91.2, 0
                  ^

                """)
    }

    // MARK: - bearing

    @Test func bearingPrintsBearingAndDistance() throws {
        let result = try runCoordinates(["bearing", "48.8566 N, 2.3522 E", "51.5074 N, 0.1278 W"], home: home)
        #expect(result.status == 0)
        #expect(
            result.output == """
                From             48.856600° N, 2.352200° E
                To               51.507400° N, 0.127800° W
                Initial bearing  330.0° (NNW)
                Distance         343.6 km (213.5 mi, 185.5 NM)

                """)
    }

    @Test func bearingJSONHasNumbersBesideTheFormattedStrings() throws {
        let result = try runCoordinates(
            ["bearing", "--json", "48.8566 N, 2.3522 E", "51.5074 N, 0.1278 W"], home: home)
        #expect(result.status == 0)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(
            object.keys.sorted() == [
                "compassPoint", "distanceKm", "distanceMiles", "distanceNauticalMiles", "distanceText", "from",
                "initialBearing", "initialBearingText", "to",
            ])
        let bearing = try #require(object["initialBearing"] as? Double)
        let distance = try #require(object["distanceKm"] as? Double)
        #expect(abs(bearing - 330.021) < 0.001)
        #expect(abs(distance - 343.557) < 0.001)
        #expect(object["initialBearingText"] as? String == "330.0° (NNW)")
        #expect(object["distanceText"] as? String == "343.6 km (213.5 mi, 185.5 NM)")
        let from = try #require(object["from"] as? [String: Any])
        #expect(from["decimalDegrees"] as? String == "48.856600° N, 2.352200° E")
    }

    @Test func anInvalidEndNamesWhichArgumentItWas() throws {
        let result = try runCoordinates(["bearing", "48.8566, 2.3522", "51.5074, 12x"], home: home)
        #expect(result.status == 1)
        #expect(
            result.errors == """
                coordinates: could not read <to> "51.5074, 12x": could not read '12x' as a number
                  51.5074, 12x
                           ^

                """)
    }

    // MARK: - Usage

    @Test(arguments: [
        ["--bogus"], ["bearing", "1, 2"], ["convert"], ["convert", "--jsn", "1, 2"],
        ["bearing", "1, 2", "3, 4", "5, 6"],
    ])
    func usageErrorsExitWith2(arguments: [String]) throws {
        let result = try runCoordinates(arguments, home: home)
        #expect(result.status == 2)
        #expect(result.output == "")
        #expect(result.errors.hasPrefix("Error: "))
    }

    @Test(arguments: ["--help", "-h", "help"])
    func helpDocumentsTheAppCommandsAndSucceeds(flag: String) throws {
        let result = try runCoordinates([flag], home: home)
        #expect(result.status == 0)
        #expect(result.output.contains("  Main screen     e edit, g GPS, d distance, m map, s share, ? help, q quit\n"))
        #expect(result.output.contains("SUBCOMMANDS:"))
        #expect(result.output.contains("USAGE: coordinates [--state <path>] [--plain] [--gpsd <host:port>]\n"))
        // Every exit code, signals included.
        for code in ["0 success", "1 invalid coordinates", "2 usage error", "129, 130, 131, 141, 143"] {
            #expect(result.output.contains(code))
        }
    }
}
