import BatonSwiftUI
import SwiftUI
import TasksApp

/// The app: each scene shows the start-up flow, opens `tasks:` links, is restored where the user
/// left it, and draws the screens that are only a view.
@main
struct TasksMain: App {
    var body: some Scene {
        WindowGroup { ScreenScene(root: Route.startup, links: Route.links).tasksScreens() }
    }
}
