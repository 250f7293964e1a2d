#if canImport(SwiftUI) && canImport(MapKit) && canImport(UIKit)
    import Baton
    import MapKit
    import SwiftUI

    // MARK: - Xcode's representable template, in a file that imports Baton

    // `Context` is SwiftUI's `UIViewRepresentableContext<MapView>`: Baton's context type is ScreenContext.
    struct MapView: UIViewRepresentable {
        func makeUIView(context: Context) -> MKMapView { MKMapView() }
        func updateUIView(_ view: MKMapView, context: Context) {}
    }
#endif
