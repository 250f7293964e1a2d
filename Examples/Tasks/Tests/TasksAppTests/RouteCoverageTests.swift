import Baton
import BatonTesting
import Testing

@testable import TasksApp

/// Every route of the app makes its screen, is saved and restored, and its link round-trips.
@MainActor
@Suite(.isolatedBaton)
struct RouteCoverageTests {
    @Test func everyRouteMakesItsScreenRestoresAndRoundTripsItsLink() {
        let coverage = checkRoutes(
            [Route.startup, .splash, .onboarding, .main, .items, .list, .settings, .profile, .item(id: 3)],
            links: Route.links
        ) {
            let window = ScreenWindow()
            window.context.set(ItemStore(Item.samples), for: \.store)
            window.context.set(Preferences(defaults: nil), for: \.preferences)
            return window
        }
        #expect(
            coverage.table == """
                  route        screen                     restoration         link
                ✓ startup      startup (StartupScreen)    saved and restored  no link
                ✓ splash       splash (ScreenModel)       saved and restored  no link
                ✓ onboarding   onboarding (ScreenModel)   saved and restored  no link
                ✓ main         main (TabScreen)           saved and restored  no link
                ✓ items        Items (StackScreen)        saved and restored  no link
                ✓ list         list (ItemListScreen)      saved and restored  no link
                ✓ settings     settings (ScreenModel)     saved and restored  no link
                ✓ profile      profile (ScreenModel)      saved and restored  no link
                ✓ item(id: 3)  item 3 (ItemDetailScreen)  saved and restored  tasks://item/3
                """)
    }
}
