import BatonSwiftUI
import SwiftUI
import TasksApp

/// The app: each scene shows the start-up flow, opens `tasks:` links, and is restored where the
/// user left it.
@main
struct TasksMain: App {
    var body: some Scene {
        WindowGroup { ScreenScene(root: Route.startup, links: Route.links) }
    }
}
