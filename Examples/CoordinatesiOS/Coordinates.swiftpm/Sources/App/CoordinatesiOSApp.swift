import BatonSwiftUI
import CoordinatesApp
import CoordinatesScreens
import Foundation
import SwiftUI

/// The app: one window showing the Baton screen tree that `CoordinatesPhone` runs, saved
/// whenever the scene stops being active, and reporting problems (an unreadable state file, a
/// failed save) once.
@main
@MainActor
struct CoordinatesiOSApp: App {
    @State private var app = CoordinatesPhone(
        store: StateStore(path: StateStore.path(inApplicationSupport: Self.applicationSupport)),
        locator: CoreLocationLocator())
    @Environment(\.scenePhase) private var scenePhase

    var body: some Scene {
        WindowGroup {
            WindowView(app.window)
                .task { await app.start() }
                // The geo: link that the share message prints opens here (the app declares the
                // geo URL scheme), on the main screen at that position.
                .onOpenURL { url in app.open(url.absoluteString) }
                .alert(
                    "Coordinates",
                    isPresented: Binding {
                        app.problem != nil
                    } set: {
                        if !$0 { app.problem = nil }
                    }
                ) {
                    Button("OK") {}
                } message: {
                    Text(app.problem ?? "")
                }
        }
        .onChange(of: scenePhase) { _, phase in
            if phase != .active { app.sceneDidDeactivate() }
        }
    }

    /// Library/Application Support in the app's container; the temporary folder if the system
    /// cannot make it (the state is then kept until the system clears it, and the app still runs).
    private static var applicationSupport: String {
        (try? FileManager.default.url(
            for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true))?.path
            ?? NSTemporaryDirectory()
    }
}
