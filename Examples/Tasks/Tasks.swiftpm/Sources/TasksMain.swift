import Baton
import BatonSwiftUI
import SwiftUI
import TasksApp

/// The scene: the app's window, which opens `tasks:` links and is restored where the user left it.
@main
struct TasksMain: App {
    @State private var window = ScreenWindow()
    @SceneStorage("screens") private var saved: String?

    var body: some Scene {
        WindowGroup { WindowView(window).routes(root: Route.startup, links: Route.links, savedIn: $saved) }
    }
}
