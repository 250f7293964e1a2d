import CoordinatesKit
import Foundation

/// A coordinate in the three formats, as `coordinates convert` prints it and the main screen shows it.
///
/// ```swift
/// let report = ConversionReport(try Coordinate(parsing: "48.8584, 2.2945"))
/// print(report.text)
/// // Decimal degrees            48.858400° N, 2.294500° E
/// // Degrees, decimal minutes   48° 51.504′ N, 2° 17.670′ E
/// // Degrees, minutes, seconds  48° 51′ 30.2″ N, 2° 17′ 40.2″ E
/// ```
public struct ConversionReport: Encodable, Hashable, Sendable {
    /// The latitude in decimal degrees, north positive.
    ///
    /// ```swift
    /// report.latitude   // 48.8584
    /// ```
    public let latitude: Double
    /// The longitude in decimal degrees, east positive.
    ///
    /// ```swift
    /// report.longitude   // 2.2945
    /// ```
    public let longitude: Double
    /// Decimal degrees, six decimals.
    ///
    /// ```swift
    /// report.decimalDegrees   // "48.858400° N, 2.294500° E"
    /// ```
    public let decimalDegrees: String
    /// Degrees and decimal minutes, three decimals.
    ///
    /// ```swift
    /// report.degreesDecimalMinutes   // "48° 51.504′ N, 2° 17.670′ E"
    /// ```
    public let degreesDecimalMinutes: String
    /// Degrees, minutes and seconds, one decimal.
    ///
    /// ```swift
    /// report.degreesMinutesSeconds   // "48° 51′ 30.2″ N, 2° 17′ 40.2″ E"
    /// ```
    public let degreesMinutesSeconds: String

    /// Makes the report of a coordinate.
    ///
    /// ```swift
    /// let report = ConversionReport(coordinate)
    /// ```
    ///
    /// - Parameter coordinate: The coordinate.
    public init(_ coordinate: Coordinate) {
        latitude = coordinate.latitude
        longitude = coordinate.longitude
        decimalDegrees = coordinate.formatted(.decimalDegrees)
        degreesDecimalMinutes = coordinate.formatted(.degreesDecimalMinutes)
        degreesMinutesSeconds = coordinate.formatted(.degreesMinutesSeconds)
    }

    /// One labelled line per format.
    ///
    /// ```swift
    /// report.lines.first   // "Decimal degrees            48.858400° N, 2.294500° E"
    /// ```
    public var lines: [String] {
        [
            Label.decimalDegrees + decimalDegrees,
            Label.degreesDecimalMinutes + degreesDecimalMinutes,
            Label.degreesMinutesSeconds + degreesMinutesSeconds,
        ]
    }

    /// The three lines joined, as `coordinates convert` prints them.
    ///
    /// ```swift
    /// print(report.text)
    /// ```
    public var text: String { lines.joined(separator: "\n") }

    /// The report as a pretty-printed JSON object with sorted keys: numeric `latitude` and `longitude`
    /// beside the three formatted strings.
    ///
    /// ```swift
    /// print(report.json)
    /// // {
    /// //   "decimalDegrees" : "48.858400° N, 2.294500° E",
    /// //   …
    /// //   "latitude" : 48.8584,
    /// //   "longitude" : 2.2945
    /// // }
    /// ```
    public var json: String { JSONText.encode(self) }

    /// The labels, padded to one column.
    enum Label {
        static let decimalDegrees = "Decimal degrees            "
        static let degreesDecimalMinutes = "Degrees, decimal minutes   "
        static let degreesMinutesSeconds = "Degrees, minutes, seconds  "
    }
}

/// Pretty-printed, key-sorted JSON without escaped slashes.
enum JSONText {
    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // The reports hold only finite numbers and strings, which always encode.
        let data = try! encoder.encode(value)
        return String(decoding: data, as: UTF8.self)
    }
}
