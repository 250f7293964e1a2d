import Baton
import BatonSwiftUI
import CoordinatesApp
import SwiftUI

/// The app's window: BatonSwiftUI draws the headless window's screen tree (the start-up flow's
/// hopping container, then the navigation stack and its sheets) and asks ``CoordinatesScreenView`` for each
/// of the app's own screens.
struct RootView: View {
    let host: AppHost

    var body: some View {
        Group {
            if host.isLaunched {
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
