import CoordinatesKit

extension WorldMap {
    /// The view at `zoom` that keeps the position in view: centred on the midpoint of the route to
    /// the target when both ends fit on the map at that zoom, else on the position; then moved just
    /// enough not to run past a pole (``View/clamped(columns:rows:)``). At zoom 0 it shows the
    /// whole world's width.
    ///
    /// ```swift
    /// let view = WorldMap.focusedView(zoom: 3, position: here, target: there, columns: 72, rows: 18)
    /// WorldMap.shows(here, in: view, columns: 72, rows: 18)   // true
    /// ```
    ///
    /// - Parameters:
    ///   - zoom: The zoom level, from 0 to ``maximumZoom``.
    ///   - position: The position, always in view.
    ///   - target: The target, if one is set.
    ///   - columns: The map's width in columns.
    ///   - rows: The map's height in rows.
    /// - Returns: The view.
    static func focusedView(zoom: Int, position: Coordinate, target: Coordinate?, columns: Int, rows: Int) -> View {
        func centred(on point: Coordinate) -> View {
            View(centerLatitude: point.latitude, centerLongitude: point.longitude, zoom: zoom)
                .clamped(columns: columns, rows: rows)
        }
        if let target, let middle = position.midpoint(to: target) {
            let view = centred(on: middle)
            if shows(position, in: view, columns: columns, rows: rows),
                shows(target, in: view, columns: columns, rows: rows)
            {
                return view
            }
        }
        return centred(on: position)
    }

    /// Whether `coordinate` lands on the map that ``draw(_:columns:rows:position:target:colour:)``
    /// draws for `view` at this size, so that its mark is drawn.
    ///
    /// ```swift
    /// WorldMap.shows(here, in: view, columns: 72, rows: 18)
    /// ```
    ///
    /// - Parameters:
    ///   - coordinate: The point.
    ///   - view: Where the map looks.
    ///   - columns: The map's width in columns.
    ///   - rows: The map's height in rows.
    /// - Returns: Whether the point is on the map.
    static func shows(_ coordinate: Coordinate, in view: View, columns: Int, rows: Int) -> Bool {
        Projection(view, columns: columns, rows: rows).dot(coordinate.latitude, coordinate.longitude) != nil
    }
}
