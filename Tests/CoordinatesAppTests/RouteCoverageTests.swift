import Baton
import BatonTesting
import Testing

@testable import CoordinatesApp

/// Every restorable place makes its screen, is saved and restored, and its link round-trips.
@MainActor
@Suite(.isolatedBaton)
struct RouteCoverageTests {
    @Test func everyRestorablePlaceMakesItsScreenRestoresAndRoundTripsItsLink() {
        // `.startup` and `.entry` are made by the application, never from a route (Place.swift).
        let coverage = checkRoutes(
            [
                Place.splash, .onboarding, .navigation, .main, .bearing, .map, .share, .help,
                .position(latitude: 48.8584, longitude: 2.2945),
            ],
            links: Place.links)
        #expect(
            coverage.table == """
                  route                                           screen                         restoration         link
                ✓ splash                                          splash (SplashScreen)          saved and restored  no link
                ✓ onboarding                                      onboarding (OnboardingScreen)  saved and restored  no link
                ✓ navigation                                      navigation (StackScreen)       saved and restored  no link
                ✓ main                                            main (MainScreen)              saved and restored  coordinates://main
                ✓ bearing                                         bearing (BearingScreen)        saved and restored  coordinates://bearing
                ✓ map                                             map (MapScreen)                saved and restored  coordinates://map
                ✓ share                                           share (ShareScreen)            saved and restored  coordinates://share
                ✓ help                                            help (HelpScreen)              saved and restored  coordinates://help
                ✓ position(latitude: 48.8584, longitude: 2.2945)  main (MainScreen)              saved and restored  geo:48.8584,2.2945
                """)
    }
}
