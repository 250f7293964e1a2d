import Baton
import CoordinatesKit
import Foundation
import Testing

@testable import CoordinatesApp

/// The Map's zoom and centre are state the user expects back: the screen declares them in its
/// route (RoutedScreen), so they are saved with the tree and restored with the screen.
@MainActor
@Suite struct MapStateRestorationTests {
    /// The map line of the Map screen: `Centre …, zoom ×4`.
    static func mapLine(_ app: CoordinatesApplication) -> String? {
        TextRenderer.plain(app.takeContent()).split(separator: "\n").first { $0.hasPrefix("Centre ") }.map(String.init)
    }

    @Test func quittingOnTheMapAtTimesFourRelaunchesOnTheMapAtTimesFour() async throws {
        let first = try AppHarness(state: .paris)
        await first.launchToMain()
        await first.send("m", "+", "+")
        let zoomed = try #require(Self.mapLine(first.app))
        #expect(zoomed.contains("zoom ×4"))
        #expect(try first.app.save())

        let second = CoordinatesApplication(store: first.app.store) { _ in }
        await second.launch()

        #expect(second.topScreenName == ScreenID.map)
        #expect(Self.mapLine(second) == zoomed)
        #expect(second.takeContent().status == nil)
    }

    @Test func aMapThatWasNeverZoomedIsSavedAsThePlainMapRoute() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        await harness.send("m")
        #expect(try harness.app.window.screenTree(Place.self)?.topRoute == .map)
        await harness.send("+")
        guard case .mapView(let zoom, _, _)? = try harness.app.window.screenTree(Place.self)?.topRoute else {
            Issue.record("the zoomed map's route is not a map view")
            return
        }
        #expect(zoom == 1)
    }

    @Test func aMapViewLinkRoundTrips() throws {
        let route = Place.mapView(zoom: 3, latitude: 48.5, longitude: -2.25)
        let url = try Place.links.url(for: route)
        #expect(url == "coordinates://map/3/48.5,-2.25")
        #expect(try Place.links.route(for: url) == route)
    }
}
