import BatonSwiftUI
import SwiftUI
import SyncUpsApp

/// The app: each scene shows the sync-ups, opens `syncups:` links, and is restored where the
/// user left it.
@main
struct SyncUpsMain: App {
    var body: some Scene {
        WindowGroup {
            ScreenScene(root: Route.app, links: Route.links, window: .syncUps(speech: .live))
        }
    }
}
