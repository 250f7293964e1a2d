import CoordinatesKit
import Foundation

/// The world's land as rings of longitude/latitude points, decoded once from ``encoded``.
enum LandOutline {
    /// A ring's points, in degrees, and its bounds for quick rejection.
    struct Ring: Sendable {
        let longitudes: [Double]
        let latitudes: [Double]
        let minimumLatitude: Double
        let maximumLatitude: Double
        let minimumLongitude: Double
        let maximumLongitude: Double
    }

    static let rings: [Ring] = decode(encoded)

    static func decode(_ text: String) -> [Ring] {
        guard let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters) else { return [] }
        let bytes = [UInt8](data)
        func int16(_ offset: Int) -> Int16 {
            Int16(bitPattern: UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8)
        }
        var rings: [Ring] = []
        var offset = 0
        while offset + 2 <= bytes.count {
            let count = Int(UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8)
            offset += 2
            guard offset + count * 4 <= bytes.count else { break }
            var longitudes: [Double] = []
            var latitudes: [Double] = []
            for index in 0..<count {
                longitudes.append(Double(int16(offset + index * 4)) / 10)
                latitudes.append(Double(int16(offset + index * 4 + 2)) / 10)
            }
            offset += count * 4
            rings.append(
                Ring(
                    longitudes: longitudes, latitudes: latitudes, minimumLatitude: latitudes.min() ?? 0,
                    maximumLatitude: latitudes.max() ?? 0, minimumLongitude: longitudes.min() ?? 0,
                    maximumLongitude: longitudes.max() ?? 0))
        }
        return rings
    }
}

/// Draws the world in a terminal with Unicode braille characters (2×4 dots a cell): land, the great-circle
/// route, the position (`@`) and the target (`X`), on an equirectangular projection centred where the
/// view is, with optional ANSI colour.
///
/// ```swift
/// let view = WorldMap.View(centerLatitude: 20, centerLongitude: 0, zoom: 0)
/// let lines = WorldMap.draw(view, columns: 60, rows: 15, position: here, target: there, colour: false)
/// ```
public enum WorldMap {
    /// Where the map looks and how close.
    ///
    /// ```swift
    /// var view = WorldMap.View(centerLatitude: 0, centerLongitude: 0, zoom: 0)
    /// view.zoom += 1
    /// ```
    public struct View: Hashable, Sendable {
        /// The latitude at the map's centre, in degrees.
        ///
        /// ```swift
        /// view.centerLatitude   // 0
        /// ```
        public var centerLatitude: Double
        /// The longitude at the map's centre, in degrees.
        ///
        /// ```swift
        /// view.centerLongitude   // 0
        /// ```
        public var centerLongitude: Double
        /// 0 shows the whole world's width; each step doubles the scale, up to ``WorldMap/maximumZoom``.
        ///
        /// ```swift
        /// view.zoom   // 0
        /// ```
        public var zoom: Int

        /// Makes a view.
        ///
        /// ```swift
        /// let view = WorldMap.View(centerLatitude: 48.9, centerLongitude: 2.3, zoom: 3)
        /// ```
        ///
        /// - Parameters:
        ///   - centerLatitude: The latitude at the centre.
        ///   - centerLongitude: The longitude at the centre.
        ///   - zoom: The zoom level.
        public init(centerLatitude: Double, centerLongitude: Double, zoom: Int) {
            self.centerLatitude = centerLatitude
            self.centerLongitude = centerLongitude
            self.zoom = zoom
        }

        /// Moves the view by a quarter of the world's width it shows, `dx` to the east and `dy` to
        /// the north. East and west wrap round the world; north and south stop where the map's edge
        /// reaches a pole (see ``clamped(columns:rows:)``).
        ///
        /// ```swift
        /// view.pan(dx: 1, dy: 0, columns: 60, rows: 15)
        /// ```
        ///
        /// - Parameters:
        ///   - dx: Steps east (negative: west).
        ///   - dy: Steps north (negative: south).
        ///   - columns: The map's width in columns.
        ///   - rows: The map's height in rows.
        public mutating func pan(dx: Int, dy: Int, columns: Int, rows: Int) {
            let step = WorldMap.degreesPerDot(zoom: zoom, columns: columns) * Double(max(columns, 1)) * 2 / 4
            var longitude = centerLongitude + Double(dx) * step
            longitude = (longitude + 540).truncatingRemainder(dividingBy: 360) - 180
            centerLongitude = longitude
            centerLatitude += Double(dy) * step
            self = clamped(columns: columns, rows: rows)
        }

        /// The view moved north or south just enough that the map, at this size, does not run past
        /// a pole: its top edge at most 90° N and its bottom edge at least 90° S. A map taller than
        /// the world (at zoom 0 in a tall terminal) is centred on the equator. Longitudes wrap, so
        /// they are only brought within ±180°.
        ///
        /// ```swift
        /// WorldMap.View(centerLatitude: 89, centerLongitude: 0, zoom: 2).clamped(columns: 72, rows: 18)
        /// // centre 67.5° N: the map shows 45° of latitude, from 45° N to the north pole
        /// ```
        ///
        /// - Parameters:
        ///   - columns: The map's width in columns.
        ///   - rows: The map's height in rows.
        /// - Returns: The view, moved if need be.
        public func clamped(columns: Int, rows: Int) -> View {
            let projection = WorldMap.Projection(self, columns: columns, rows: rows)
            let half = Double(projection.height) * projection.scale / 2
            var view = self
            if !centerLatitude.isFinite || half >= 90 {
                view.centerLatitude = 0
            } else {
                view.centerLatitude = min(90 - half, max(-90 + half, centerLatitude))
            }
            if !centerLongitude.isFinite {
                view.centerLongitude = 0
            } else if centerLongitude > 180 || centerLongitude < -180 {
                view.centerLongitude = (centerLongitude + 180).truncatingRemainder(dividingBy: 360)
                if view.centerLongitude < 0 { view.centerLongitude += 360 }
                view.centerLongitude -= 180
            }
            view.zoom = max(0, min(zoom, WorldMap.maximumZoom))
            return view
        }
    }

    /// Where each point of the world lands on a map of a given size: dot (x, y) covers longitude
    /// `left + x * scale` and latitude `top - y * scale`, in each copy of the world the view shows.
    struct Projection {
        /// The map's size in braille dots (2×4 a cell).
        let width: Int
        let height: Int
        /// Degrees a dot.
        let scale: Double
        /// The longitude of the left edge and the latitude of the top edge.
        let left: Double
        let top: Double

        init(_ view: View, columns: Int, rows: Int) {
            let columns = max(1, min(columns, 1_000))
            let rows = max(1, min(rows, 500))
            width = columns * 2
            height = rows * 4
            scale = WorldMap.degreesPerDot(zoom: view.zoom, columns: columns)
            left = view.centerLongitude - Double(width) / 2 * scale
            top = view.centerLatitude + Double(height) / 2 * scale
        }

        /// The dot a point lands on, or `nil` when it is off the map. A point on the map's top or
        /// bottom edge (a pole, when the map reaches it) lands in the edge's row, not off the map
        /// by a rounding error.
        func dot(_ latitude: Double, _ longitude: Double) -> (x: Int, y: Int)? {
            let row = (top - latitude) / scale
            let tolerance = 1e-6
            guard row > -tolerance, row < Double(height) + tolerance else { return nil }
            let y = min(height - 1, max(0, Int(row.rounded(.down))))
            var best: Int?
            for shift in [-360.0, 0, 360] {
                let x = Int(((longitude + shift - left) / scale).rounded(.down))
                if (0..<width).contains(x) { best = x }
            }
            return best.map { (x: $0, y: y) }
        }
    }

    /// The closest zoom level.
    ///
    /// ```swift
    /// WorldMap.maximumZoom   // 8
    /// ```
    public static let maximumZoom = 8

    static func degreesPerDot(zoom: Int, columns: Int) -> Double {
        360 / Double(max(columns, 1) * 2) / Double(1 << max(0, min(zoom, maximumZoom)))
    }

    /// Colours, as SGR parameters.
    static let landColour = "32"
    static let routeColour = "33"
    static let positionColour = "1;31"
    static let targetColour = "1;36"

    /// Draws the map: exactly `rows` lines of exactly `columns` terminal columns (colour escapes aside).
    ///
    /// ```swift
    /// let lines = WorldMap.draw(view, columns: 60, rows: 15, position: here, target: nil, colour: true)
    /// ```
    ///
    /// - Parameters:
    ///   - view: Where to look.
    ///   - columns: The width in terminal columns.
    ///   - rows: The height in terminal rows.
    ///   - position: The position, marked `@`.
    ///   - target: The target, marked `X`, with the great-circle route to it.
    ///   - colour: Whether to colour land, route and marks with ANSI escapes.
    /// - Returns: The lines.
    public static func draw(
        _ view: View, columns: Int, rows: Int, position: Coordinate, target: Coordinate?, colour: Bool
    ) -> [String] {
        let columns = max(1, min(columns, 1_000))
        let rows = max(1, min(rows, 500))
        let projection = Projection(view, columns: columns, rows: rows)
        let width = projection.width
        let height = projection.height
        let scale = projection.scale
        let left = projection.left
        let top = projection.top
        var land = [Bool](repeating: false, count: width * height)
        var routeDots = [Bool](repeating: false, count: width * height)

        // Land: fill every ring, even-odd, one scanline per dot row, in each copy of the world the view shows.
        let shifts = stride(from: -360.0, through: 360.0, by: 360.0).filter { shift in
            left < 180 + shift && left + Double(width) * scale > -180 + shift
        }
        for y in 0..<height {
            let latitude = top - (Double(y) + 0.5) * scale
            guard latitude > -90, latitude < 90 else { continue }
            var crossings: [Double] = []
            for ring in LandOutline.rings where ring.minimumLatitude <= latitude && latitude <= ring.maximumLatitude {
                crossings.removeAll(keepingCapacity: true)
                let count = ring.latitudes.count
                var previous = count - 1
                for index in 0..<count {
                    let a = ring.latitudes[previous]
                    let b = ring.latitudes[index]
                    if (a > latitude) != (b > latitude) {
                        let t = (latitude - a) / (b - a)
                        crossings.append(
                            ring.longitudes[previous] + t * (ring.longitudes[index] - ring.longitudes[previous]))
                    }
                    previous = index
                }
                crossings.sort()
                var pair = 0
                while pair + 1 < crossings.count {
                    for shift in shifts {
                        let start = Int(((crossings[pair] + shift - left) / scale).rounded())
                        let end = Int(((crossings[pair + 1] + shift - left) / scale).rounded())
                        let low = max(0, start)
                        let high = min(width, end)
                        if low < high { for x in low..<high { land[y * width + x] = true } }
                    }
                    pair += 2
                }
            }
        }

        let dot = projection.dot
        if let target {
            // Consecutive samples are joined dot by dot, so the route has no gaps at any zoom.
            let route = GreatCircleRoute(from: position, to: target, maximumStepKilometers: max(1, scale * 111 / 2))
            for segment in route.segments {
                for (a, b) in zip(segment, segment.dropFirst()) {
                    let steps = max(
                        1, Int((max(abs(b.longitude - a.longitude), abs(b.latitude - a.latitude)) / scale).rounded(.up))
                    )
                    for step in 0...min(steps, 4 * (width + height)) {
                        let t = Double(step) / Double(steps)
                        let latitude = a.latitude + t * (b.latitude - a.latitude)
                        let longitude = a.longitude + t * (b.longitude - a.longitude)
                        if let (x, y) = dot(latitude, longitude) { routeDots[y * width + x] = true }
                    }
                }
            }
        }

        var marks: [Int: (Character, String)] = [:]
        if let target, let (x, y) = dot(target.latitude, target.longitude) {
            marks[(y / 4) * columns + x / 2] = ("X", targetColour)
        }
        if let (x, y) = dot(position.latitude, position.longitude) {
            marks[(y / 4) * columns + x / 2] = ("@", positionColour)
        }

        // Braille: dot numbers 1-8 by (column, row) within the cell.
        let bits: [[UInt32]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]
        var lines: [String] = []
        for row in 0..<rows {
            var line = ""
            var current = ""
            for column in 0..<columns {
                let character: Character
                var style = ""
                if let mark = marks[row * columns + column] {
                    character = mark.0
                    style = mark.1
                } else {
                    var landBits: UInt32 = 0
                    var routeBits: UInt32 = 0
                    for dy in 0..<4 {
                        for dx in 0..<2 {
                            let index = (row * 4 + dy) * width + column * 2 + dx
                            if routeDots[index] { routeBits |= bits[dy][dx] }
                            if land[index] { landBits |= bits[dy][dx] }
                        }
                    }
                    if routeBits != 0 {
                        character = Character(Unicode.Scalar(0x2800 + (routeBits | (colour ? 0 : landBits)))!)
                        style = routeColour
                    } else if landBits != 0 {
                        character = Character(Unicode.Scalar(0x2800 + landBits)!)
                        style = landColour
                    } else {
                        character = " "
                    }
                }
                if colour, style != current {
                    line += "\u{1B}[0m" + (style.isEmpty ? "" : "\u{1B}[\(style)m")
                    current = style
                }
                line.append(character)
            }
            if colour, !current.isEmpty { line += "\u{1B}[0m" }
            lines.append(line)
        }
        return lines
    }
}
