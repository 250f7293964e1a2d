import Baton
import CoordinatesApp
import CoordinatesKit

#if os(iOS)
    import BatonSwiftUI
    import MapKit
    import SwiftUI
    // SwiftUI's `Map` is MapKit's cross-import overlay, which Xcode imports by itself; the iOS check
    // type-checks this module without cross-import overlays, so it is imported by name.
    import _MapKit_SwiftUI
#endif

/// The position, the target and the great-circle route between them on a full-screen map.
final class MapScreen: ScreenModel {
    var model: CoordinatesModel { context[\.coordinatesModel] }

    /// The route's points, split where it crosses ±180°; empty without a target.
    var greatCircle: [[Coordinate]] {
        model.target.map { GreatCircleRoute(from: model.position, to: $0, maximumStepKilometers: 50).segments } ?? []
    }
}

#if os(iOS)
    @available(iOS 17, *)
    extension MapScreen: ViewScreen {
        var body: some View {
            RouteMap(position: model.position, target: model.target)
                .ignoresSafeArea(edges: .bottom)
                .navigationTitle("Map")
                .navigationBarTitleDisplayMode(.inline)
        }
    }

    /// The position, the target and the great-circle route on a MapKit map, framed by
    /// CoordinatesKit's `CoordinateRegion` (tested on Linux).
    @available(iOS 17, *)
    struct RouteMap: View {
        let position: Coordinate
        let target: Coordinate?
        @State private var camera: MapCameraPosition = .automatic

        private var segments: [[Coordinate]] {
            target.map { GreatCircleRoute(from: position, to: $0, maximumStepKilometers: 50).segments } ?? []
        }

        var body: some View {
            Map(position: $camera) {
                Marker("Position", systemImage: "location.fill", coordinate: Self.point(position)).tint(.blue)
                if let target {
                    Marker("Target", systemImage: "flag.fill", coordinate: Self.point(target)).tint(.red)
                }
                ForEach(Array(segments.enumerated()), id: \.offset) { _, segment in
                    MapPolyline(coordinates: segment.map(Self.point)).stroke(.orange, lineWidth: 3)
                }
            }
            .mapControls {
                MapCompass()
                MapScaleView()
            }
            .onAppear(perform: frame)
            .onChange(of: [position] + (target.map { [$0] } ?? [])) { frame() }
        }

        /// Shows the position, the target and the whole route between them.
        private func frame() {
            let route = segments.flatMap { $0 }
            let region = CoordinateRegion(fitting: [position] + (route.isEmpty ? (target.map { [$0] } ?? []) : route))
            camera = .region(
                MKCoordinateRegion(
                    center: Self.point(region.center),
                    span: MKCoordinateSpan(latitudeDelta: region.latitudeDelta, longitudeDelta: region.longitudeDelta)))
        }

        private static func point(_ coordinate: Coordinate) -> CLLocationCoordinate2D {
            CLLocationCoordinate2D(latitude: coordinate.latitude, longitude: coordinate.longitude)
        }
    }
#endif
