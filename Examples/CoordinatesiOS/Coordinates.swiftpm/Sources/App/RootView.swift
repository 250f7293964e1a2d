import Baton
import BatonSwiftUI
import CoordinatesApp
import SwiftUI

/// The app's window: the headless window's screen tree, and the problems the app reports (an
/// unreadable state file, a failed save), each shown once.
struct RootView: View {
    let host: AppHost

    var body: some View {
        Group {
            if host.isLaunched {
                // BatonSwiftUI draws the window's screen tree: the start-up flow's hopping
                // container, the navigation stack and the sheets. The app's own screens are
                // headless screens from CoordinatesApp, which knows nothing of SwiftUI, so it asks
                // CoordinatesScreenView to draw each of them.
                WindowView(host.application.window)
                    .screenContent { screen in CoordinatesScreenView(screen: screen, host: host) }
            } else {
                ProgressView()
            }
        }
        .alert(
            "Coordinates",
            isPresented: Binding(
                get: { host.problems.current != nil },
                set: { if !$0 { host.problems.current = nil } })
        ) {
            Button("OK") {}
        } message: {
            Text(host.problems.current ?? "")
        }
    }
}
