/// The notations in which a ``Coordinate`` can be written as text.
///
/// All three use the magnitude of the value followed by a space and a hemisphere letter (`N`/`S` for latitude,
/// `E`/`W` for longitude), and the two halves are joined by `", "`. Values are rounded half away from zero to a
/// fixed precision, and rounding carries into the next larger unit, so minutes and seconds are always below 60.
/// A value that rounds to zero is written with `N` or `E`. Every formatted text parses back with
/// ``Coordinate/init(parsing:)``.
///
/// | Format | Precision | Example |
/// | --- | --- | --- |
/// | ``decimalDegrees`` | 0.000001° | `48.858400° N, 2.294500° E` |
/// | ``degreesDecimalMinutes`` | 0.001′ | `48° 51.504′ N, 2° 17.670′ E` |
/// | ``degreesMinutesSeconds`` | 0.1″ | `48° 51′ 30.2″ N, 2° 17′ 40.2″ E` |
///
/// ```swift
/// let tower = try Coordinate(latitude: 48.8584, longitude: 2.2945)
/// for format in CoordinateFormat.allCases {
///     print(tower.formatted(format))
/// }
/// ```
public enum CoordinateFormat: Hashable, Sendable, CaseIterable {
    /// Decimal degrees with six decimals, such as `48.858400° N`.
    ///
    /// Six decimals resolve about 0.11 m.
    ///
    /// ```swift
    /// coordinate.formatted(.decimalDegrees)  // "48.858400° N, 2.294500° E"
    /// ```
    case decimalDegrees

    /// Whole degrees and decimal minutes with three decimals, such as `48° 51.504′ N`.
    ///
    /// Minutes are not zero-padded (`2° 5.000′ E`). This is the notation of most marine and aviation GPS units.
    ///
    /// ```swift
    /// coordinate.formatted(.degreesDecimalMinutes)  // "48° 51.504′ N, 2° 17.670′ E"
    /// ```
    case degreesDecimalMinutes

    /// Whole degrees, whole minutes and seconds with one decimal, such as `48° 51′ 30.2″ N`.
    ///
    /// Minutes and seconds are not zero-padded (`2° 5′ 3.0″ E`). A tenth of a second is about 3 m.
    ///
    /// ```swift
    /// coordinate.formatted(.degreesMinutesSeconds)  // "48° 51′ 30.2″ N, 2° 17′ 40.2″ E"
    /// ```
    case degreesMinutesSeconds
}

extension Coordinate {
    /// Writes the coordinate as text, latitude first, in the given notation.
    ///
    /// The result is the latitude text, `", "`, and the longitude text; see ``CoordinateFormat`` for the exact forms
    /// and the rounding rules. The text always parses back with ``init(parsing:)`` to a coordinate within the
    /// format's precision.
    ///
    /// ```swift
    /// let tower = try Coordinate(latitude: 48.8584, longitude: 2.2945)
    /// tower.formatted(.degreesMinutesSeconds)  // "48° 51′ 30.2″ N, 2° 17′ 40.2″ E"
    /// ```
    ///
    /// - Parameter format: The notation to use; decimal degrees by default.
    /// - Returns: The formatted coordinate.
    public func formatted(_ format: CoordinateFormat = .decimalDegrees) -> String {
        formattedLatitude(format) + ", " + formattedLongitude(format)
    }

    /// Writes only the latitude as text, with `N` or `S`.
    ///
    /// ```swift
    /// let sydney = try Coordinate(latitude: -33.8688, longitude: 151.2093)
    /// sydney.formattedLatitude(.degreesDecimalMinutes)  // "33° 52.128′ S"
    /// ```
    ///
    /// - Parameter format: The notation to use; decimal degrees by default.
    /// - Returns: The formatted latitude, such as `33.868800° S`.
    public func formattedLatitude(_ format: CoordinateFormat = .decimalDegrees) -> String {
        formatAngle(latitude, positive: "N", negative: "S", format: format)
    }

    /// Writes only the longitude as text, with `E` or `W`.
    ///
    /// ```swift
    /// let sydney = try Coordinate(latitude: -33.8688, longitude: 151.2093)
    /// sydney.formattedLongitude(.degreesDecimalMinutes)  // "151° 12.558′ E"
    /// ```
    ///
    /// - Parameter format: The notation to use; decimal degrees by default.
    /// - Returns: The formatted longitude, such as `151.209300° E`.
    public func formattedLongitude(_ format: CoordinateFormat = .decimalDegrees) -> String {
        formatAngle(longitude, positive: "E", negative: "W", format: format)
    }
}

/// Formats a finite angle of at most 180° in magnitude.
///
/// The magnitude is converted once into an integer count of the smallest printed unit (millionths of a degree,
/// thousandths of a minute, tenths of a second), rounded half away from zero. Splitting that integer into
/// degrees, minutes and seconds can never produce 60 minutes or 60 seconds, so carries are automatic.
private func formatAngle(_ value: Double, positive: String, negative: String, format: CoordinateFormat) -> String {
    let magnitude = value.magnitude
    func count(per degree: Double) -> Int {
        Int((magnitude * degree).rounded(.toNearestOrAwayFromZero))
    }
    let units: Int
    let text: String
    switch format {
    case .decimalDegrees:
        units = count(per: 1_000_000)
        text = "\(units / 1_000_000).\(zeroPadded(units % 1_000_000, width: 6))°"
    case .degreesDecimalMinutes:
        units = count(per: 60_000)
        let thousandthsOfMinute = units % 60_000
        text = "\(units / 60_000)° \(thousandthsOfMinute / 1000).\(zeroPadded(thousandthsOfMinute % 1000, width: 3))′"
    case .degreesMinutesSeconds:
        units = count(per: 36_000)
        let tenthsOfSecond = units % 36_000
        let minutes = tenthsOfSecond / 600
        let tenths = tenthsOfSecond % 600
        text = "\(units / 36_000)° \(minutes)′ \(tenths / 10).\(tenths % 10)″"
    }
    let hemisphere = units == 0 || value > 0 ? positive : negative
    return text + " " + hemisphere
}

private func zeroPadded(_ number: Int, width: Int) -> String {
    let digits = String(number)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}
