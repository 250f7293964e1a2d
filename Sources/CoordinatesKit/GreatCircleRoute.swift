import Foundation

/// The great-circle route between two coordinates, sampled into points that a map can draw as
/// straight lines.
///
/// Points are at most ``maximumStepKilometers`` apart (and never more than ``maximumPointCount``),
/// so that a map drawing straight lines between them shows the curve of the great circle. Where the
/// route crosses the ±180° meridian it is split into two ``segments``, the first ending on one side
/// and the next starting on the other, so that no line is drawn the long way round the world.
///
/// The first point is always the start and the last one always the end. For antipodal points every
/// great circle through them is a shortest path, so the route is undefined: ``segments`` is empty.
///
/// ```swift
/// let tokyo = try Coordinate(latitude: 35.6762, longitude: 139.6503)
/// let sanFrancisco = try Coordinate(latitude: 37.7749, longitude: -122.4194)
/// let route = GreatCircleRoute(from: tokyo, to: sanFrancisco)
/// route.segments.count          // 2: it crosses the ±180° meridian
/// route.segments[0].last?.longitude   // 180.0
/// route.segments[1].first?.longitude  // -180.0
/// ```
public struct GreatCircleRoute: Hashable, Sendable {
    /// The most points a route holds, whatever its length and step.
    ///
    /// ```swift
    /// GreatCircleRoute.maximumPointCount   // 1024
    /// ```
    public static let maximumPointCount = 1024

    /// Where the route starts.
    ///
    /// ```swift
    /// route.start == route.segments.first?.first   // true, unless the route is undefined
    /// ```
    public let start: Coordinate

    /// Where the route ends.
    ///
    /// ```swift
    /// route.end == route.segments.last?.last   // true, unless the route is undefined
    /// ```
    public let end: Coordinate

    /// The longest distance between two successive points, in kilometres.
    ///
    /// ```swift
    /// GreatCircleRoute(from: a, to: b, maximumStepKilometers: 50).maximumStepKilometers   // 50
    /// ```
    public let maximumStepKilometers: Double

    /// The sampled points, in order from ``start`` to ``end``, split where the route crosses the
    /// ±180° meridian; empty when the route is undefined (antipodal points).
    ///
    /// ```swift
    /// for segment in route.segments { drawPolyline(segment) }
    /// ```
    public let segments: [[Coordinate]]

    /// Whether a single shortest route exists: `false` only for antipodal points.
    ///
    /// ```swift
    /// if !route.isDefined { print("every direction is a shortest path") }
    /// ```
    public var isDefined: Bool { !segments.isEmpty }

    /// Samples the great circle from `start` to `end`.
    ///
    /// ```swift
    /// let route = GreatCircleRoute(from: paris, to: london, maximumStepKilometers: 25)
    /// ```
    ///
    /// - Parameters:
    ///   - start: Where the route starts.
    ///   - end: Where it ends.
    ///   - maximumStepKilometers: The longest distance between two successive points; values below
    ///     1 km, and non-finite ones, are taken as 1 km. At most ``maximumPointCount`` points are made,
    ///     so very long routes get longer steps.
    public init(from start: Coordinate, to end: Coordinate, maximumStepKilometers: Double = 100) {
        self.start = start
        self.end = end
        let step = maximumStepKilometers.isFinite ? max(1, maximumStepKilometers) : 1
        self.maximumStepKilometers = step
        segments = Self.sample(from: start, to: end, step: step)
    }

    private static func sample(from start: Coordinate, to end: Coordinate, step: Double) -> [[Coordinate]] {
        let distance = start.distance(to: end)
        let angle = distance / Coordinate.earthMeanRadiusKilometers
        // Within a millimetre of the antipode, every great circle is a shortest path.
        if Double.pi - angle < 1e-10 { return [] }
        let count = min(maximumPointCount - 1, max(1, Int((distance / step).rounded(.up))))
        var points = [start]
        let a = UnitVector(start)
        let b = UnitVector(end)
        if angle > 0 {
            let sinAngle = sin(angle)
            for index in 1..<count {
                let fraction = Double(index) / Double(count)
                let weightA = sin((1 - fraction) * angle) / sinAngle
                let weightB = sin(fraction * angle) / sinAngle
                points.append(
                    UnitVector(
                        x: weightA * a.x + weightB * b.x, y: weightA * a.y + weightB * b.y,
                        z: weightA * a.z + weightB * b.z
                    ).coordinate)
            }
        }
        points.append(end)
        return splitAtAntimeridian(points, crossing: crossingLatitude(a, b))
    }

    /// Where the great circle through `a` and `b` meets the 180° meridian, or `nil` when it runs along
    /// meridians (through the poles), so that the crossing is interpolated between samples instead.
    private static func crossingLatitude(_ a: UnitVector, _ b: UnitVector) -> Double? {
        // The circle's plane has the normal n = a × b; the meridian plane is y = 0. Their common line
        // points along n × (0, 1, 0) = (-n.z, 0, n.x); the 180° side has x < 0.
        let normalX = a.y * b.z - a.z * b.y
        let normalZ = a.x * b.y - a.y * b.x
        var x = -normalZ
        var z = normalX
        guard (x * x + z * z).squareRoot() > 1e-12, x.magnitude > 1e-12 else { return nil }
        if x > 0 {
            x = -x
            z = -z
        }
        return atan2(z, -x) * 180 / .pi
    }

    /// Splits a polyline where a step jumps more than 180° of longitude, inserting the crossing point
    /// on both sides of the ±180° meridian.
    private static func splitAtAntimeridian(_ points: [Coordinate], crossing: Double?) -> [[Coordinate]] {
        var segments: [[Coordinate]] = []
        var current: [Coordinate] = []
        for point in points {
            guard let previous = current.last else {
                current.append(point)
                continue
            }
            let jump = point.longitude - previous.longitude
            if jump.magnitude > 180 {
                // Going east across +180 (jump < 0) or west across -180 (jump > 0).
                let eastward = jump < 0
                let unwrapped = point.longitude + (eastward ? 360 : -360)
                let edge: Double = eastward ? 180 : -180
                let fraction = (edge - previous.longitude) / (unwrapped - previous.longitude)
                let latitude =
                    crossing ?? previous.latitude + fraction * (point.latitude - previous.latitude)
                // Both latitudes are within -90…90 and the fraction within 0…1, so these cannot throw.
                if previous.longitude != edge {
                    current.append(try! Coordinate(latitude: latitude, longitude: edge))
                }
                segments.append(current)
                current = point.longitude == -edge ? [] : [try! Coordinate(latitude: latitude, longitude: -edge)]
            }
            current.append(point)
        }
        segments.append(current)
        return segments
    }
}

/// A point on the unit sphere.
private struct UnitVector {
    var x: Double
    var y: Double
    var z: Double

    init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    init(_ coordinate: Coordinate) {
        let latitude = coordinate.latitude * .pi / 180
        let longitude = coordinate.longitude * .pi / 180
        x = cos(latitude) * cos(longitude)
        y = cos(latitude) * sin(longitude)
        z = sin(latitude)
    }

    var coordinate: Coordinate {
        let latitude = atan2(z, (x * x + y * y).squareRoot()) * 180 / .pi
        let longitude = atan2(y, x) * 180 / .pi
        // atan2 stays within -180…180 and -90…90, so this cannot throw.
        return try! Coordinate(latitude: min(90, max(-90, latitude)), longitude: min(180, max(-180, longitude)))
    }
}

/// The smallest latitude/longitude box that shows a set of coordinates, with a margin, as a map's
/// visible region: its ``center`` and its spans in degrees.
///
/// Longitudes wrap: a box around Fiji (178° E) and Samoa (172° W) spans 10° across the ±180°
/// meridian, not 350° across Greenwich.
///
/// ```swift
/// let region = CoordinateRegion(fitting: [position, target])
/// MapCameraPosition.region(MKCoordinateRegion(
///     center: CLLocationCoordinate2D(latitude: region.center.latitude, longitude: region.center.longitude),
///     span: MKCoordinateSpan(latitudeDelta: region.latitudeDelta, longitudeDelta: region.longitudeDelta)))
/// ```
public struct CoordinateRegion: Hashable, Sendable {
    /// The centre of the box.
    ///
    /// ```swift
    /// region.center.formatted()   // "49.….° N, 1.….° E"
    /// ```
    public let center: Coordinate
    /// The height of the box in degrees of latitude, at most 180.
    ///
    /// ```swift
    /// region.latitudeDelta   // 3.1…
    /// ```
    public let latitudeDelta: Double
    /// The width of the box in degrees of longitude, at most 360.
    ///
    /// ```swift
    /// region.longitudeDelta   // 3.0…
    /// ```
    public let longitudeDelta: Double

    /// The box around `coordinates`, each span grown by `margin` and at least `minimumDelta`.
    ///
    /// ```swift
    /// let region = CoordinateRegion(fitting: route.segments.flatMap { $0 })
    /// ```
    ///
    /// - Parameters:
    ///   - coordinates: The points to show; an empty list gives a box around 0° N, 0° E.
    ///   - margin: The factor each span grows by, so points are not on the edge; at least 1.
    ///   - minimumDelta: The smallest span in degrees, so a single point is not infinitely zoomed in.
    public init(fitting coordinates: [Coordinate], margin: Double = 1.3, minimumDelta: Double = 0.05) {
        let margin = margin.isFinite ? max(1, margin) : 1
        let minimumDelta = minimumDelta.isFinite ? min(180, max(0, minimumDelta)) : 0
        guard let first = coordinates.first else {
            center = try! Coordinate(latitude: 0, longitude: 0)
            latitudeDelta = minimumDelta
            longitudeDelta = minimumDelta
            return
        }
        var south = first.latitude
        var north = first.latitude
        for coordinate in coordinates {
            south = min(south, coordinate.latitude)
            north = max(north, coordinate.latitude)
        }
        // The longitudes' smallest covering arc is the circle minus its largest gap between neighbours.
        let longitudes = coordinates.map { $0.longitude == -180 ? 180 : $0.longitude }.sorted()
        var gapEnd = longitudes[0]
        var largestGap = longitudes[0] + 360 - longitudes[longitudes.count - 1]
        for index in longitudes.indices.dropFirst() where longitudes[index] - longitudes[index - 1] > largestGap {
            largestGap = longitudes[index] - longitudes[index - 1]
            gapEnd = longitudes[index]
        }
        let width = 360 - largestGap
        var middle = gapEnd + width / 2
        if middle > 180 { middle -= 360 }
        // Both values are within range by construction.
        center = try! Coordinate(latitude: (south + north) / 2, longitude: middle)
        latitudeDelta = min(180, max(minimumDelta, (north - south) * margin))
        longitudeDelta = min(360, max(minimumDelta, width * margin))
    }
}
