import Baton
import Testing

@testable import CoordinatesApp
@testable import CoordinatesKit

/// The app passes values back through the context the entry screen shares with the screen that
/// asked (seed 000): no value it writes dies unseen, so Baton's debug-build lost-write watch
/// reports nothing. The bearing screen, pushed from main, leaves the field to edit in its own
/// context for the entry screen, which it pushes sharing that context, and takes the entry back
/// from it.
@MainActor
@Suite struct LostWriteFreeTests {
    @MainActor
    final class Reports {
        var all: [String] = []
    }

    @Test func editingThePositionAndSettingTheTargetLoseNoWrite() async throws {
        let reports = Reports()
        var state = SavedState.paris
        state.target = nil
        try await LostWrite.$reporter.withValue({ report in
            MainActor.assumeIsolated { reports.all.append(report.description) }
        }) {
            let harness = try AppHarness(state: state)
            await harness.launchToMain()
            await harness.send("e", "-33.8688 151.2093")  // main → entry (shared) → main
            await harness.send("d", "t", "51.5074 N, 0.1278 W")  // main → bearing → entry (shared) → bearing
            await harness.send("t", "<")  // the entry screen again, cancelled
            await harness.send("<")  // bearing popped: its context is released
            #expect(harness.app.topScreenName == "main")
            #expect(harness.app.model.position == .at("-33.8688, 151.2093"))
            #expect(harness.app.model.target == .at("51.5074 N, 0.1278 W"))
            #expect(harness.transitions.contains("pop: bearing → main"))
        }
        #expect(reports.all == [])
    }
}
