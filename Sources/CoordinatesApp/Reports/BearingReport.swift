import CoordinatesKit

/// The great-circle initial bearing and distance between two coordinates, as `coordinates bearing`
/// prints them and the bearing screen shows them.
///
/// Distances are measured on a sphere of radius 6371.0088 km (the IUGG mean Earth radius), so they
/// are within about 0.5 % of the ellipsoidal distance.
///
/// ```swift
/// let report = BearingReport(from: paris, to: london)
/// print(report.text)
/// // From             48.856600° N, 2.352200° E
/// // To               51.507400° N, 0.127800° W
/// // Initial bearing  330.0° (NNW)
/// // Distance         343.6 km (213.5 mi, 185.5 NM)
/// ```
public struct BearingReport: Encodable, Hashable, Sendable {
    /// One end of the measurement.
    ///
    /// ```swift
    /// report.from.decimalDegrees   // "48.856600° N, 2.352200° E"
    /// ```
    public struct Point: Encodable, Hashable, Sendable {
        /// The latitude in decimal degrees.
        ///
        /// ```swift
        /// point.latitude   // 48.8566
        /// ```
        public let latitude: Double
        /// The longitude in decimal degrees.
        ///
        /// ```swift
        /// point.longitude   // 2.3522
        /// ```
        public let longitude: Double
        /// The coordinate in decimal degrees with hemisphere letters.
        ///
        /// ```swift
        /// point.decimalDegrees   // "48.856600° N, 2.352200° E"
        /// ```
        public let decimalDegrees: String
    }

    /// Where the measurement starts.
    ///
    /// ```swift
    /// report.from.latitude   // 48.8566
    /// ```
    public let from: Point
    /// Where it ends.
    ///
    /// ```swift
    /// report.to.latitude   // 51.5074
    /// ```
    public let to: Point
    /// The initial bearing in degrees clockwise from true north, 0 up to 360.
    ///
    /// ```swift
    /// report.initialBearing   // 330.03…
    /// ```
    public let initialBearing: Double?
    /// The bearing's 16-point compass abbreviation.
    ///
    /// ```swift
    /// report.compassPoint   // "NNW"
    /// ```
    public let compassPoint: String?
    /// The bearing to one decimal with its compass point.
    ///
    /// ```swift
    /// report.initialBearingText   // "330.0° (NNW)"
    /// ```
    public let initialBearingText: String
    /// The distance in kilometres.
    ///
    /// ```swift
    /// report.distanceKm   // 343.55…
    /// ```
    public let distanceKm: Double
    /// The distance in statute miles.
    ///
    /// ```swift
    /// report.distanceMiles   // 213.47…
    /// ```
    public let distanceMiles: Double
    /// The distance in nautical miles.
    ///
    /// ```swift
    /// report.distanceNauticalMiles   // 185.50…
    /// ```
    public let distanceNauticalMiles: Double
    /// The distance in all three units, one decimal each.
    ///
    /// ```swift
    /// report.distanceText   // "343.6 km (213.5 mi, 185.5 NM)"
    /// ```
    public let distanceText: String

    /// Measures from one coordinate to another.
    ///
    /// ```swift
    /// let report = BearingReport(from: paris, to: london)
    /// ```
    ///
    /// - Parameters:
    ///   - from: The start.
    ///   - to: The end.
    public init(from: Coordinate, to: Coordinate) {
        self.from = Point(latitude: from.latitude, longitude: from.longitude, decimalDegrees: from.formatted())
        self.to = Point(latitude: to.latitude, longitude: to.longitude, decimalDegrees: to.formatted())
        distanceKm = from.distance(to: to)
        distanceMiles = from.distance(to: to, in: .statuteMiles)
        distanceNauticalMiles = from.distance(to: to, in: .nauticalMiles)
        // From a point to itself, or to its antipode, every direction is as good as any other.
        if distanceKm < Self.samePointKm {
            initialBearing = nil
            compassPoint = nil
            initialBearingText = "undefined: the two points are the same"
        } else if Double.pi * Coordinate.earthMeanRadiusKilometers - distanceKm < Self.samePointKm {
            initialBearing = nil
            compassPoint = nil
            initialBearingText = "undefined: the points are antipodal, so every direction is a shortest path"
        } else {
            let bearing = from.initialBearing(to: to)
            let point = from.compassPoint(to: to).abbreviation
            initialBearing = bearing
            compassPoint = point
            initialBearingText = Self.bearingText(bearing) + " (\(point))"
        }
        if distanceKm < 1 {
            let metres = distanceKm * 1_000
            let feet = metres / 0.3048
            distanceText =
                metres < 10
                ? "\(Self.oneDecimal(metres)) m (\(Self.oneDecimal(feet)) ft)"
                : "\(Int(metres.rounded())) m (\(Int(feet.rounded())) ft)"
        } else {
            distanceText =
                "\(Self.oneDecimal(distanceKm)) km (\(Self.oneDecimal(distanceMiles)) mi,"
                + " \(Self.oneDecimal(distanceNauticalMiles)) NM)"
        }
    }

    /// One labelled line each for the start, the end, the bearing and the distance.
    ///
    /// ```swift
    /// report.lines[2]   // "Initial bearing  330.0° (NNW)"
    /// ```
    public var lines: [String] {
        [
            "From             " + from.decimalDegrees,
            "To               " + to.decimalDegrees,
            "Initial bearing  " + initialBearingText,
            "Distance         " + distanceText,
        ]
    }

    /// The lines joined, as `coordinates bearing` prints them.
    ///
    /// ```swift
    /// print(report.text)
    /// ```
    public var text: String { lines.joined(separator: "\n") }

    /// The report as pretty-printed JSON with sorted keys: numeric `initialBearing` (degrees) and
    /// `distanceKm` beside the formatted strings.
    ///
    /// ```swift
    /// print(report.json)
    /// ```
    public var json: String { JSONText.encode(self) }

    /// Closer than this (a millimetre), two points are the same, or antipodal.
    static let samePointKm = 1e-6

    /// A bearing to one decimal that never reads 360.0°.
    static func bearingText(_ degrees: Double) -> String {
        let tenths = Int((degrees * 10).rounded(.toNearestOrAwayFromZero)) % 3600
        return "\(tenths / 10).\(tenths % 10)°"
    }

    /// A non-negative value to one decimal.
    static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded(.toNearestOrAwayFromZero))
        return "\(tenths / 10).\(tenths % 10)"
    }
}
