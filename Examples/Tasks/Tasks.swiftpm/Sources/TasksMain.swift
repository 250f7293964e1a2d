import BatonSwiftUI
import SwiftUI
import TasksApp

/// The scene: the app's window, opened from `tasks:` links and restored where the user left it.
@main @MainActor
struct TasksMain: App {
    @State private var app = TasksApp()
    @SceneStorage("navigation") private var saved: Data?
    @Environment(\.scenePhase) private var phase

    var body: some Scene {
        WindowGroup {
            WindowView(app.window)
                .task { await app.start(restoring: saved) }
                .onOpenURL { app.open($0) }
                .onChange(of: phase) { if phase != .active { saved = app.saved } }
        }
    }
}
