/// A position on the Earth given as latitude and longitude in decimal degrees.
///
/// A `Coordinate` is always valid: its ``latitude`` lies in −90…90 and its ``longitude`` in −180…180, both finite.
/// Positive latitudes are north of the equator, positive longitudes east of the prime meridian. Negative zero is
/// stored as zero. The longitudes 180 and −180 describe the same meridian but are kept as given, so the two
/// coordinates are not equal.
///
/// Create one from numbers with ``init(latitude:longitude:)``, or from text in almost any common notation with
/// ``init(parsing:)``. Turn it back into text with ``formatted(_:)``, and measure with
/// ``distance(to:in:)`` and ``initialBearing(to:)``.
///
/// ```swift
/// let eiffelTower = try Coordinate(parsing: "48°51′30.2″N 2°17′40.2″E")
/// print(eiffelTower.formatted(.decimalDegrees))  // 48.858389° N, 2.294500° E
/// ```
public struct Coordinate: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The latitude in decimal degrees, from −90 (South Pole) to 90 (North Pole).
    ///
    /// Positive values are north of the equator.
    ///
    /// ```swift
    /// try Coordinate(latitude: -33.8688, longitude: 151.2093).latitude  // -33.8688
    /// ```
    public let latitude: Double

    /// The longitude in decimal degrees, from −180 to 180.
    ///
    /// Positive values are east of the prime meridian (Greenwich).
    ///
    /// ```swift
    /// try Coordinate(latitude: -33.8688, longitude: 151.2093).longitude  // 151.2093
    /// ```
    public let longitude: Double

    /// Creates a coordinate from a latitude and a longitude in decimal degrees, checking that both are in range.
    ///
    /// Negative zero is stored as zero. Non-finite values (NaN, infinity) are rejected as out of range.
    ///
    /// ```swift
    /// let sydney = try Coordinate(latitude: -33.8688, longitude: 151.2093)
    /// ```
    ///
    /// - Parameters:
    ///   - latitude: Degrees north of the equator, within −90…90.
    ///   - longitude: Degrees east of the prime meridian, within −180…180.
    /// - Throws: ``CoordinateParseError`` with ``CoordinateParseError/Reason/latitudeOutOfRange(_:)`` or
    ///   ``CoordinateParseError/Reason/longitudeOutOfRange(_:)`` (and no offset) when a value is out of range.
    public init(latitude: Double, longitude: Double) throws(CoordinateParseError) {
        guard (-90.0...90.0).contains(latitude) else {
            throw CoordinateParseError(.latitudeOutOfRange(latitude))
        }
        guard (-180.0...180.0).contains(longitude) else {
            throw CoordinateParseError(.longitudeOutOfRange(longitude))
        }
        // Adding +0.0 turns -0.0 into +0.0 and leaves every other value unchanged.
        self.latitude = latitude + 0.0
        self.longitude = longitude + 0.0
    }

    /// A short description in decimal degrees with hemisphere letters.
    ///
    /// The same text as ``formatted(_:)`` with ``CoordinateFormat/decimalDegrees``.
    ///
    /// ```swift
    /// print(try Coordinate(latitude: 48.8584, longitude: 2.2945))  // 48.858400° N, 2.294500° E
    /// ```
    public var description: String {
        formatted(.decimalDegrees)
    }

    private enum CodingKeys: String, CodingKey {
        case latitude
        case longitude
    }

    /// Decodes a coordinate from a keyed container with `latitude` and `longitude` numbers, validating them.
    ///
    /// The encoded form is `{"latitude": 48.8584, "longitude": 2.2945}`.
    ///
    /// ```swift
    /// let json = #"{"latitude": 48.8584, "longitude": 2.2945}"#
    /// let paris = try JSONDecoder().decode(Coordinate.self, from: Data(json.utf8))
    /// ```
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError.dataCorrupted` when a value is out of range (its debug description is the
    ///   ``CoordinateParseError/message``), or any error the decoder throws for missing or mistyped keys.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let latitude = try container.decode(Double.self, forKey: .latitude)
        let longitude = try container.decode(Double.self, forKey: .longitude)
        do {
            try self.init(latitude: latitude, longitude: longitude)
        } catch {
            var key = CodingKeys.longitude
            if case .latitudeOutOfRange = error.reason { key = .latitude }
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: error.message)
        }
    }

    /// Encodes the coordinate as a keyed container with `latitude` and `longitude` numbers.
    ///
    /// ```swift
    /// let data = try JSONEncoder().encode(try Coordinate(latitude: 1, longitude: 2))
    /// // {"latitude":1,"longitude":2}
    /// ```
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: Any error the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(latitude, forKey: .latitude)
        try container.encode(longitude, forKey: .longitude)
    }
}
