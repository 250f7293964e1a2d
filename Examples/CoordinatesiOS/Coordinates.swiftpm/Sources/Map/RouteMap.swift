import CoordinatesKit
import MapKit
import SwiftUI

/// The position, the target and the great-circle route between them on a MapKit map. The route's
/// points and the framing come from CoordinatesKit (`GreatCircleRoute`, `CoordinateRegion`), which
/// are tested on Linux; this view only draws them.
struct RouteMap: View {
    let position: Coordinate
    let target: Coordinate?

    @State private var camera: MapCameraPosition = .automatic

    private var route: GreatCircleRoute? {
        target.map { GreatCircleRoute(from: position, to: $0, maximumStepKilometers: 50) }
    }

    var body: some View {
        Map(position: $camera) {
            Marker("Position", systemImage: "location.fill", coordinate: Self.point(position))
                .tint(.blue)
            if let target {
                Marker("Target", systemImage: "flag.fill", coordinate: Self.point(target))
                    .tint(.red)
            }
            if let route {
                ForEach(Array(route.segments.enumerated()), id: \.offset) { _, segment in
                    MapPolyline(coordinates: segment.map(Self.point))
                        .stroke(.orange, lineWidth: 3)
                }
            }
        }
        .mapControls {
            MapCompass()
            MapScaleView()
        }
        .onAppear { frame() }
        .onChange(of: Framing(position: position, target: target)) { frame() }
    }

    /// Shows the position and the target, and the whole route between them.
    private func frame() {
        let points = [position] + (route?.segments.flatMap { $0 } ?? target.map { [$0] } ?? [])
        let region = CoordinateRegion(fitting: points)
        camera = .region(
            MKCoordinateRegion(
                center: Self.point(region.center),
                span: MKCoordinateSpan(latitudeDelta: region.latitudeDelta, longitudeDelta: region.longitudeDelta)))
    }

    private static func point(_ coordinate: Coordinate) -> CLLocationCoordinate2D {
        CLLocationCoordinate2D(latitude: coordinate.latitude, longitude: coordinate.longitude)
    }

    private struct Framing: Equatable {
        let position: Coordinate
        let target: Coordinate?
    }
}
