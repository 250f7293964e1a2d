import CoordinatesApp
import SwiftUI

/// The app: one window showing the headless app's screen tree, saved whenever the scene stops
/// being active.
@main
@MainActor
struct CoordinatesiOSApp: App {
    @State private var host = AppHost()
    @Environment(\.scenePhase) private var scenePhase

    var body: some Scene {
        WindowGroup {
            RootView(host: host)
                .task { await host.launch() }
        }
        .onChange(of: scenePhase) { _, phase in
            switch phase {
            case .active: host.activityChanged(to: .active)
            case .inactive: host.activityChanged(to: .inactive)
            case .background: host.activityChanged(to: .background)
            @unknown default: host.activityChanged(to: .inactive)
            }
        }
    }
}
