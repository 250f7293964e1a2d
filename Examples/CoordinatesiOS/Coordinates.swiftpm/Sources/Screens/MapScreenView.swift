import CoordinatesApp
import SwiftUI

/// The headless map screen, when the app has one: the position, the target and the great-circle
/// route on a full-screen MapKit map.
struct MapScreenView: View {
    @State var presenter: ScreenPresenter

    var body: some View {
        Group {
            if let model = presenter.screen.model {
                RouteMap(position: model.position, target: model.target)
                    .ignoresSafeArea(edges: .bottom)
            }
        }
        .navigationTitle(presenter.content.title)
        .navigationBarTitleDisplayMode(.inline)
        .statusBanner(presenter.status)
        .onAppear { presenter.refresh() }
    }
}
