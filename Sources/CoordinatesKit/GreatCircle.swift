#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(ucrt)
    import ucrt
#endif

/// A unit of length for ``Coordinate/distance(to:in:)``.
///
/// Distances are computed in kilometres and converted with exact factors: a statute mile is 1.609344 km and a
/// nautical mile 1.852 km.
///
/// ```swift
/// let miles = paris.distance(to: london, in: .statuteMiles)
/// ```
public enum DistanceUnit: Hashable, Sendable, CaseIterable {
    /// Kilometres.
    ///
    /// The unit of ``Coordinate/earthMeanRadiusKilometers``.
    ///
    /// ```swift
    /// paris.distance(to: london, in: .kilometers)  // ≈ 343.5
    /// ```
    case kilometers

    /// International statute miles of exactly 1.609344 km.
    ///
    /// ```swift
    /// paris.distance(to: london, in: .statuteMiles)  // ≈ 213.5
    /// ```
    case statuteMiles

    /// International nautical miles of exactly 1.852 km.
    ///
    /// ```swift
    /// paris.distance(to: london, in: .nauticalMiles)  // ≈ 185.5
    /// ```
    case nauticalMiles

    /// The length of one unit in kilometres.
    ///
    /// ```swift
    /// DistanceUnit.nauticalMiles.kilometers  // 1.852
    /// ```
    public var kilometers: Double {
        switch self {
        case .kilometers: 1
        case .statuteMiles: 1.609_344
        case .nauticalMiles: 1.852
        }
    }
}

/// The 16 points of the compass, each covering 22.5° of bearing.
///
/// Each point covers the bearings within 11.25° of its centre, lower bound included: ``north`` is
/// 348.75..<360 and 0..<11.25, ``northNortheast`` is 11.25..<33.75, and so on. The raw value is the usual
/// abbreviation (`N`, `NNE`, `NE`, `ENE`, `E`, …, `NNW`).
///
/// ```swift
/// CompassPoint(bearing: 330).rawValue  // "NNW"
/// ```
public enum CompassPoint: String, Hashable, Sendable, CaseIterable {
    /// North, `N`, centred on 0°.
    ///
    /// ```swift
    /// CompassPoint(bearing: 0)  // .north
    /// ```
    case north = "N"

    /// North-northeast, `NNE`, centred on 22.5°.
    ///
    /// ```swift
    /// CompassPoint(bearing: 22.5)  // .northNortheast
    /// ```
    case northNortheast = "NNE"

    /// Northeast, `NE`, centred on 45°.
    ///
    /// ```swift
    /// CompassPoint(bearing: 45)  // .northeast
    /// ```
    case northeast = "NE"

    /// East-northeast, `ENE`, centred on 67.5°.
    ///
    /// ```swift
    /// CompassPoint(bearing: 67.5)  // .eastNortheast
    /// ```
    case eastNortheast = "ENE"

    /// East, `E`, centred on 90°.
    ///
    /// ```swift
    /// CompassPoint(bearing: 90)  // .east
    /// ```
    case east = "E"

    /// East-southeast, `ESE`, centred on 112.5°.
    ///
    /// ```swift
    /// CompassPoint(bearing: 112.5)  // .eastSoutheast
    /// ```
    case eastSoutheast = "ESE"

    /// Southeast, `SE`, centred on 135°.
    ///
    /// ```swift
    /// CompassPoint(bearing: 135)  // .southeast
    /// ```
    case southeast = "SE"

    /// South-southeast, `SSE`, centred on 157.5°.
    ///
    /// ```swift
    /// CompassPoint(bearing: 157.5)  // .southSoutheast
    /// ```
    case southSoutheast = "SSE"

    /// South, `S`, centred on 180°.
    ///
    /// ```swift
    /// CompassPoint(bearing: 180)  // .south
    /// ```
    case south = "S"

    /// South-southwest, `SSW`, centred on 202.5°.
    ///
    /// ```swift
    /// CompassPoint(bearing: 202.5)  // .southSouthwest
    /// ```
    case southSouthwest = "SSW"

    /// Southwest, `SW`, centred on 225°.
    ///
    /// ```swift
    /// CompassPoint(bearing: 225)  // .southwest
    /// ```
    case southwest = "SW"

    /// West-southwest, `WSW`, centred on 247.5°.
    ///
    /// ```swift
    /// CompassPoint(bearing: 247.5)  // .westSouthwest
    /// ```
    case westSouthwest = "WSW"

    /// West, `W`, centred on 270°.
    ///
    /// ```swift
    /// CompassPoint(bearing: 270)  // .west
    /// ```
    case west = "W"

    /// West-northwest, `WNW`, centred on 292.5°.
    ///
    /// ```swift
    /// CompassPoint(bearing: 292.5)  // .westNorthwest
    /// ```
    case westNorthwest = "WNW"

    /// Northwest, `NW`, centred on 315°.
    ///
    /// ```swift
    /// CompassPoint(bearing: 315)  // .northwest
    /// ```
    case northwest = "NW"

    /// North-northwest, `NNW`, centred on 337.5°.
    ///
    /// ```swift
    /// CompassPoint(bearing: 337.5)  // .northNorthwest
    /// ```
    case northNorthwest = "NNW"

    /// The compass point nearest to a bearing.
    ///
    /// Any finite bearing is accepted and reduced modulo 360 first, so `-90` is ``west`` and `720` is ``north``.
    /// A bearing exactly between two points belongs to the clockwise one (11.25 is ``northNortheast``).
    /// A non-finite bearing gives ``north``.
    ///
    /// ```swift
    /// CompassPoint(bearing: 11.24)   // .north
    /// CompassPoint(bearing: 11.25)   // .northNortheast
    /// CompassPoint(bearing: 348.75)  // .north
    /// ```
    ///
    /// - Parameter bearing: A bearing in degrees clockwise from true north.
    public init(bearing: Double) {
        guard bearing.isFinite else {
            self = .north
            return
        }
        var reduced = bearing.truncatingRemainder(dividingBy: 360)
        if reduced < 0 { reduced += 360 }
        let sector = Int((reduced / 22.5).rounded(.toNearestOrAwayFromZero)) % 16
        self = Self.allCases[sector]
    }

    /// The usual abbreviation, such as `NNE`; the same as `rawValue`.
    ///
    /// ```swift
    /// CompassPoint.southSouthwest.abbreviation  // "SSW"
    /// ```
    public var abbreviation: String {
        rawValue
    }
}

extension Coordinate {
    /// The mean radius of the Earth used for all distances: 6371.0088 km.
    ///
    /// This is the IUGG mean radius R₁ = (2a + b) / 3 of the WGS 84 ellipsoid. Distances are computed on a sphere
    /// of this radius, which is within about 0.5 % of the true (ellipsoidal) distance anywhere on Earth.
    ///
    /// ```swift
    /// let halfCircumference = Double.pi * Coordinate.earthMeanRadiusKilometers  // ≈ 20015.1 km
    /// ```
    public static let earthMeanRadiusKilometers = 6371.0088

    /// The great-circle distance to another coordinate.
    ///
    /// Computed with the haversine formula on a sphere of radius ``earthMeanRadiusKilometers`` (6371.0088 km,
    /// the IUGG mean radius). Both the haversine of the central angle and its complement are computed as sums of
    /// squares and combined with `atan2`, so the result keeps full precision for very small distances and for
    /// nearly antipodal points, where the textbook `1 − a` loses digits. The result is
    /// symmetric (`a.distance(to: b) == b.distance(to: a)`), zero for identical coordinates, and never more than
    /// half the circumference (π × 6371.0088 km ≈ 20015.1 km).
    ///
    /// ```swift
    /// let paris = try Coordinate(latitude: 48.8566, longitude: 2.3522)
    /// let london = try Coordinate(latitude: 51.5074, longitude: -0.1278)
    /// paris.distance(to: london)                    // ≈ 343.56 km
    /// paris.distance(to: london, in: .nauticalMiles)  // ≈ 185.5 NM
    /// ```
    ///
    /// - Parameters:
    ///   - other: The other end of the great circle.
    ///   - unit: The unit of the result; kilometres by default.
    /// - Returns: The distance along the surface of the sphere, in `unit`.
    public func distance(to other: Coordinate, in unit: DistanceUnit = .kilometers) -> Double {
        // With Δφ, Σφ the difference and sum of the latitudes and Δλ the difference of the longitudes, the haversine
        // of the central angle θ is h = sin²(Δφ/2)·cos²(Δλ/2) + cos²(Σφ/2)·sin²(Δλ/2), which equals the textbook
        // sin²(Δφ/2) + cos φ₁·cos φ₂·sin²(Δλ/2), and its complement is
        // 1 − h = cos²(Δφ/2)·cos²(Δλ/2) + sin²(Σφ/2)·sin²(Δλ/2). Computing both as sums of non-negative terms
        // (instead of 1 − h by subtraction) keeps full relative precision for tiny and for nearly antipodal
        // distances; θ = 2·atan2(√h, √(1 − h)).
        let halfDeltaLatitude = radians(other.latitude - latitude) / 2
        let halfSumLatitude = radians(other.latitude + latitude) / 2
        let halfDeltaLongitude = radians(other.longitude - longitude) / 2
        let sinHalfDeltaLatitude = sin(halfDeltaLatitude)
        let cosHalfDeltaLatitude = cos(halfDeltaLatitude)
        let sinHalfSumLatitude = sin(halfSumLatitude)
        let cosHalfSumLatitude = cos(halfSumLatitude)
        let sinSquaredHalfDeltaLongitude = sin(halfDeltaLongitude) * sin(halfDeltaLongitude)
        let cosSquaredHalfDeltaLongitude = cos(halfDeltaLongitude) * cos(halfDeltaLongitude)
        let haversine =
            sinHalfDeltaLatitude * sinHalfDeltaLatitude * cosSquaredHalfDeltaLongitude
            + cosHalfSumLatitude * cosHalfSumLatitude * sinSquaredHalfDeltaLongitude
        let complement =
            cosHalfDeltaLatitude * cosHalfDeltaLatitude * cosSquaredHalfDeltaLongitude
            + sinHalfSumLatitude * sinHalfSumLatitude * sinSquaredHalfDeltaLongitude
        let centralAngle = 2 * atan2(haversine.squareRoot(), complement.squareRoot())
        let kilometers = Self.earthMeanRadiusKilometers * centralAngle
        return unit == .kilometers ? kilometers : kilometers / unit.kilometers
    }

    /// The initial great-circle bearing (forward azimuth) towards another coordinate.
    ///
    /// The bearing is measured in degrees clockwise from true north, in 0..<360, at the start of the shortest path
    /// on the sphere; it generally changes along the way. It is computed with `atan2`, which is well conditioned in
    /// every direction.
    ///
    /// Special cases, by definition:
    /// - If both coordinates are the same place (equal, at the same pole, or on the ±180° meridian written as
    ///   180 and −180), the bearing is `0`.
    /// - From a pole, every direction is south (north pole) or north (south pole); the result then follows the
    ///   formula with the pole's stored longitude as the reference meridian.
    /// - For antipodal points every direction is a shortest path; the result is whatever the formula gives.
    ///
    /// ```swift
    /// let paris = try Coordinate(latitude: 48.8566, longitude: 2.3522)
    /// let london = try Coordinate(latitude: 51.5074, longitude: -0.1278)
    /// paris.initialBearing(to: london)  // ≈ 330.0 (NNW)
    /// ```
    ///
    /// - Parameter other: The destination.
    /// - Returns: The bearing in degrees, at least 0 and less than 360.
    public func initialBearing(to other: Coordinate) -> Double {
        if isSamePlace(as: other) { return 0 }
        let latitude1 = radians(latitude)
        let latitude2 = radians(other.latitude)
        let deltaLongitude = radians(other.longitude - longitude)
        let y = sin(deltaLongitude) * cos(latitude2)
        let x = cos(latitude1) * sin(latitude2) - sin(latitude1) * cos(latitude2) * cos(deltaLongitude)
        var bearing = atan2(y, x) * 180 / .pi
        if bearing < 0 { bearing += 360 }
        // Guard against -0.0 and against a tiny negative angle rounding up to exactly 360.
        if bearing >= 360 || bearing == 0 { bearing = 0 }
        return bearing
    }

    /// The 16-point compass direction of the initial bearing towards another coordinate.
    ///
    /// The same as `CompassPoint(bearing: initialBearing(to: other))`; identical places give ``CompassPoint/north``.
    ///
    /// ```swift
    /// paris.compassPoint(to: london)  // .northNorthwest
    /// ```
    ///
    /// - Parameter other: The destination.
    /// - Returns: The compass point nearest to ``initialBearing(to:)``.
    public func compassPoint(to other: Coordinate) -> CompassPoint {
        CompassPoint(bearing: initialBearing(to: other))
    }

    /// The point halfway along the great circle to another coordinate: the midpoint of the
    /// shortest route between them, as ``GreatCircleRoute`` draws it.
    ///
    /// Longitudes wrap: the midpoint of two points on either side of the ±180° meridian lies on
    /// it, not on the other side of the world. For antipodal points every great circle is a
    /// shortest path, so there is no single midpoint: the result is `nil`, as
    /// ``GreatCircleRoute/isDefined`` is `false` for them.
    ///
    /// ```swift
    /// let paris = try Coordinate(latitude: 48.8566, longitude: 2.3522)
    /// let london = try Coordinate(latitude: 51.5074, longitude: -0.1278)
    /// paris.midpoint(to: london)   // ≈ 50.1886° N, 1.1466° E
    /// ```
    ///
    /// - Parameter other: The other end of the route.
    /// - Returns: The midpoint, or `nil` for antipodal points.
    public func midpoint(to other: Coordinate) -> Coordinate? {
        // Within a millimetre of the antipode, as for GreatCircleRoute.
        guard Double.pi - distance(to: other) / Self.earthMeanRadiusKilometers >= 1e-10 else { return nil }
        // The sum of the two unit vectors points at the midpoint; atan2 needs no normalising.
        let latitude1 = radians(latitude)
        let latitude2 = radians(other.latitude)
        let longitude1 = radians(longitude)
        let longitude2 = radians(other.longitude)
        let x = cos(latitude1) * cos(longitude1) + cos(latitude2) * cos(longitude2)
        let y = cos(latitude1) * sin(longitude1) + cos(latitude2) * sin(longitude2)
        let z = sin(latitude1) + sin(latitude2)
        let middleLatitude = atan2(z, (x * x + y * y).squareRoot()) * 180 / .pi
        let middleLongitude = atan2(y, x) * 180 / .pi
        // atan2 stays within -90…90 and -180…180; the clamps only guard the last bit of rounding.
        return try? Coordinate(
            latitude: min(90, max(-90, middleLatitude)), longitude: min(180, max(-180, middleLongitude)))
    }

    private func isSamePlace(as other: Coordinate) -> Bool {
        guard latitude == other.latitude else { return false }
        let atPole = latitude.magnitude == 90
        let onAntimeridian = longitude.magnitude == 180 && other.longitude.magnitude == 180
        return longitude == other.longitude || atPole || onAntimeridian
    }
}

private func radians(_ degrees: Double) -> Double {
    degrees * .pi / 180
}
