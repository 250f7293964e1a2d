import Baton
import Foundation
import Testing

@testable import CoordinatesApp
@testable import CoordinatesKit

/// Issue 24: zooming keeps the position in view. Every zoom level centres the map on the position,
/// or on the route's midpoint when the target fits too, and keeps the map within the poles.
@MainActor
@Suite struct MapFocusTests {
    /// The map's lines and the view line of the map screen's content.
    private func map(_ harness: AppHarness) -> (map: [String], view: String) {
        let lines = harness.app.takeContent().lines
        return (Array(lines.dropLast(2)), lines.last ?? "")
    }

    private func harness(position: String, target: String? = nil) async throws -> AppHarness {
        let harness = try AppHarness(
            state: SavedState(position: .at(position), target: target.map(Coordinate.at), hasCompletedOnboarding: true))
        await harness.launchToMain()
        await harness.send("m")
        return harness
    }

    @Test func zoomingInCentresOnThePositionAndKeepsItsMarkInViewAtEveryLevel() async throws {
        // The issue's position, in an 80×24 terminal (a map of 78×14).
        let harness = try await harness(position: "40 41 21.4 N 74 02 40.2 W")
        harness.app.setDisplay(columns: 80, rows: 24, colour: false)
        var seen: [String] = []
        for zoom in 0...WorldMap.maximumZoom {
            if zoom > 0 { await harness.app.handle(.key(.character("+"))) }
            let (lines, view) = map(harness)
            seen.append(view)
            #expect(lines.joined().contains("@"), "zoom \(zoom)")
        }
        #expect(
            seen == [
                // The whole world's width; the map is shorter than the world, so it is moved north as
                // far as the north pole allows, which shows the position.
                "Centre 25.384615° N, 74.044500° W, zoom ×1",
                "Centre 40.689278° N, 74.044500° W, zoom ×2",
                "Centre 40.689278° N, 74.044500° W, zoom ×4",
                "Centre 40.689278° N, 74.044500° W, zoom ×8",
                "Centre 40.689278° N, 74.044500° W, zoom ×16",
                "Centre 40.689278° N, 74.044500° W, zoom ×32",
                "Centre 40.689278° N, 74.044500° W, zoom ×64",
                "Centre 40.689278° N, 74.044500° W, zoom ×128",
                "Centre 40.689278° N, 74.044500° W, zoom ×256",
            ])
        // Past the closest level, + stays there.
        await harness.app.handle(.key(.character("+")))
        #expect(map(harness).view == "Centre 40.689278° N, 74.044500° W, zoom ×256")
        await harness.app.handle(.key(.character("-")))
        #expect(map(harness).view == "Centre 40.689278° N, 74.044500° W, zoom ×128")
        await harness.app.handle(.key(.character("0")))
        #expect(map(harness).view == "Centre 25.384615° N, 74.044500° W, zoom ×1")
    }

    @Test func withATargetTheMapCentresOnTheRoutesMidpointWhileBothFitThenOnThePosition() async throws {
        let harness = try await harness(position: "48.8584, 2.2945", target: "51.5074 N, 0.1278 W")
        var seen: [String] = []
        for zoom in 0...WorldMap.maximumZoom {
            if zoom > 0 { await harness.send("+") }
            let (lines, view) = map(harness)
            seen.append(view)
            #expect(lines.joined().contains("@"), "zoom \(zoom)")
            // At the lowest zooms Paris and London share a cell, where @ wins; from zoom 3, while the
            // map is centred between them, both marks show.
            if (3...6).contains(zoom) { #expect(lines.joined().contains("X"), "zoom \(zoom)") }
        }
        let route = "; dots: great-circle route"
        #expect(
            seen == [
                "Centre 0.000000° N, 1.116945° E, zoom ×1" + route,
                "Centre 45.000000° N, 1.116945° E, zoom ×2" + route,
                "Centre 50.189192° N, 1.116945° E, zoom ×4" + route,
                "Centre 50.189192° N, 1.116945° E, zoom ×8" + route,
                "Centre 50.189192° N, 1.116945° E, zoom ×16" + route,
                "Centre 50.189192° N, 1.116945° E, zoom ×32" + route,
                "Centre 50.189192° N, 1.116945° E, zoom ×64" + route,
                // Paris and London no longer fit together: the position wins.
                "Centre 48.858400° N, 2.294500° E, zoom ×128" + route,
                "Centre 48.858400° N, 2.294500° E, zoom ×256" + route,
            ])
    }

    @Test func aRouteAcrossTheAntimeridianIsCentredOnItWithBothMarksInView() async throws {
        let harness = try await harness(position: "-10, 179.9", target: "-10, -179.9")
        for zoom in 0...WorldMap.maximumZoom {
            if zoom > 0 { await harness.send("+") }
            let (lines, view) = map(harness)
            #expect(lines.joined().contains("@"), "zoom \(zoom)")
            if zoom == WorldMap.maximumZoom { #expect(lines.joined().contains("X")) }
            if zoom > 0 {
                #expect(view == "Centre 10.000015° S, 180.000000° E, zoom ×\(1 << zoom); dots: great-circle route")
            }
        }
    }

    @Test func panningNorthStopsWhereTheMapReachesThePole() async throws {
        let harness = try await harness(position: "89, 0")
        await harness.send("+", "+")
        // 72×18 at zoom 2 shows 45° of latitude: the centre is at most 67.5° N.
        #expect(map(harness).view == "Centre 67.500000° N, 0.000000° E, zoom ×4")
        #expect(map(harness).map.joined().contains("@"))
        await harness.send("up")
        #expect(map(harness).view == "Centre 67.500000° N, 0.000000° E, zoom ×4")
        await harness.send("down")
        #expect(map(harness).view == "Centre 45.000000° N, 0.000000° E, zoom ×4")
        // Zooming brings the position back into view.
        await harness.send("down", "down", "+")
        #expect(map(harness).view == "Centre 78.750000° N, 0.000000° E, zoom ×8")
        #expect(map(harness).map.joined().contains("@"))
    }

    @Test func aViewPannedBeyondThePoleIsClampedWhenTheTerminalGrows() async throws {
        let harness = try await harness(position: "80, 0")
        await harness.send("+", "+", "+")
        #expect(map(harness).view == "Centre 78.750000° N, 0.000000° E, zoom ×8")
        // A taller map shows more latitude: the same centre would run past the pole.
        harness.app.setDisplay(columns: 74, rows: 46, colour: false)
        #expect(map(harness).view == "Centre 67.500000° N, 0.000000° E, zoom ×8")
        #expect(map(harness).map.joined().contains("@"))
    }
}

/// The map's geometry, without the app: every position, size and zoom keeps the mark in view.
@Suite struct WorldMapFocusTests {
    private static let positions: [Coordinate] = [
        .at("40 41 21.4 N 74 02 40.2 W"), .at("90, 0"), .at("-90, 0"), .at("-89.99, 179.99"), .at("0, -180"),
        .at("0, 180"), .at("89.9999, -0.0001"), .at("-33.8688, 151.2093"),
    ]
    private static let sizes = [(72, 18), (78, 14), (10, 4), (200, 60)]

    /// The latitude the map spans at this size and zoom.
    private func span(zoom: Int, columns: Int, rows: Int) -> Double {
        Double(rows * 4) * WorldMap.degreesPerDot(zoom: zoom, columns: columns)
    }

    @Test(arguments: positions)
    func thePositionMarkIsDrawnAtEveryZoomAndSizeAndTheMapStaysWithinThePoles(position: Coordinate) {
        for (columns, rows) in Self.sizes {
            for zoom in 0...WorldMap.maximumZoom {
                let view = WorldMap.focusedView(
                    zoom: zoom, position: position, target: nil, columns: columns, rows: rows)
                let place = "\(position) at zoom \(zoom), \(columns)×\(rows)"
                #expect(view.zoom == zoom, "\(place)")
                #expect(WorldMap.shows(position, in: view, columns: columns, rows: rows), "\(place)")
                let lines = WorldMap.draw(
                    view, columns: columns, rows: rows, position: position, target: nil, colour: false)
                #expect(lines.joined().contains("@"), "\(place)")
                let half = span(zoom: zoom, columns: columns, rows: rows) / 2
                if half >= 90 {
                    #expect(view.centerLatitude == 0, "\(place)")
                } else {
                    #expect(view.centerLatitude + half <= 90 + 1e-9, "\(place)")
                    #expect(view.centerLatitude - half >= -90 - 1e-9, "\(place)")
                }
                #expect((-180...180).contains(view.centerLongitude), "\(place)")
            }
        }
    }

    @Test func aCentreOnTheRoutesMidpointShowsBothEndsOtherwiseTheViewCentresOnThePosition() {
        let pairs: [(Coordinate, Coordinate)] = [
            (.at("48.8584, 2.2945"), .at("51.5074 N, 0.1278 W")),
            (.at("35.6762, 139.6503"), .at("37.7749, -122.4194")),  // Tokyo → San Francisco, across ±180°
            (.at("0, 0"), .at("0, 180")),  // antipodal: no single route, so no midpoint
            (.at("-89, 10"), .at("89, 10")),
        ]
        for (position, target) in pairs {
            for (columns, rows) in Self.sizes {
                for zoom in 0...WorldMap.maximumZoom {
                    let view = WorldMap.focusedView(
                        zoom: zoom, position: position, target: target, columns: columns, rows: rows)
                    let place = "\(position) → \(target) at zoom \(zoom), \(columns)×\(rows)"
                    #expect(WorldMap.shows(position, in: view, columns: columns, rows: rows), "\(place)")
                    let onPosition = WorldMap.focusedView(
                        zoom: zoom, position: position, target: nil, columns: columns, rows: rows)
                    if view != onPosition {
                        #expect(WorldMap.shows(target, in: view, columns: columns, rows: rows), "\(place)")
                    }
                }
            }
        }
        // Tokyo → San Francisco fits at zoom 1 (180° wide) centred on the route over the Pacific.
        let pacific = WorldMap.focusedView(
            zoom: 1, position: .at("35.6762, 139.6503"), target: .at("37.7749, -122.4194"), columns: 72, rows: 18)
        #expect(pacific.centerLongitude.magnitude > 170)
        #expect(
            WorldMap.focusedView(zoom: 1, position: .at("0, 0"), target: .at("0, 180"), columns: 72, rows: 18)
                == WorldMap.View(centerLatitude: 0, centerLongitude: 0, zoom: 1))
    }

    @Test func thePolesAreDrawnOnTheMapsEdgeRows() {
        // 72×18 at zoom 2 shows 45° of latitude: centred at 67.5° S its bottom edge is the south pole.
        let south = WorldMap.draw(
            WorldMap.View(centerLatitude: -67.5, centerLongitude: 0, zoom: 2), columns: 72, rows: 18,
            position: .at("-90, 0"), target: nil, colour: false)
        #expect(south[17].contains("@"))
        let north = WorldMap.draw(
            WorldMap.View(centerLatitude: 67.5, centerLongitude: 0, zoom: 2), columns: 72, rows: 18,
            position: .at("90, 0"), target: nil, colour: false)
        #expect(north[0].contains("@"))
        // At zoom 0 in plain mode the map is exactly the world's height: the south pole is on its edge.
        let world = WorldMap.draw(
            WorldMap.View(centerLatitude: 0, centerLongitude: 0, zoom: 0), columns: 72, rows: 18,
            position: .at("-90, 0"), target: nil, colour: false)
        #expect(world[17].contains("@"))
    }

    @Test func clampingWrapsTheLongitudeAndTakesOddValues() {
        let wrapped = WorldMap.View(centerLatitude: 0, centerLongitude: 190, zoom: 3).clamped(columns: 72, rows: 18)
        #expect(wrapped.centerLongitude == -170)
        let west = WorldMap.View(centerLatitude: 0, centerLongitude: -540, zoom: 3).clamped(columns: 72, rows: 18)
        #expect(west.centerLongitude == -180)
        let odd = WorldMap.View(centerLatitude: .nan, centerLongitude: .infinity, zoom: 99).clamped(
            columns: 72, rows: 18)
        #expect(odd == WorldMap.View(centerLatitude: 0, centerLongitude: 0, zoom: WorldMap.maximumZoom))
    }
}
