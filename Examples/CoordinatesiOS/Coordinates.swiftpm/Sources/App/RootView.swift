import Baton
import CoordinatesApp
import SwiftUI

/// The app's window: the headless window's screen tree (``AppWindowView``), and the problems the
/// app reports (an unreadable state file, a failed save), each shown once.
struct RootView: View {
    let host: AppHost

    var body: some View {
        Group {
            if host.isLaunched {
                AppWindowView(window: host.application.window, host: host)
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
