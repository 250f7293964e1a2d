import Baton
import Testing

@testable import CoordinatesApp
@testable import CoordinatesKit

@MainActor
@Suite struct SharedModelTests {
    // MARK: - One model through a resolver on a protocol

    @Test func everyScreenReceivesTheOneSharedModel() async throws {
        let harness = try AppHarness()
        await harness.app.launch()
        var seen: [String] = []
        func check() {
            #expect(harness.top?.model === harness.app.model)
            seen.append(harness.app.topScreenName ?? "?")
        }
        check()  // onboarding
        await harness.send("c")
        check()  // main
        await harness.send("e")
        check()  // entry
        await harness.send("")
        await harness.send("d")
        check()  // bearing
        await harness.send("?")
        check()  // help
        await harness.send("<", "<", "s")
        check()  // share
        #expect(harness.app.startup.model === harness.app.model)
        #expect(seen == ["onboarding", "main", "entry", "bearing", "help", "share"])
    }

    @Test func theInitialResolverServesTheFirstScreenAndTheContextResolverTheRest() async throws {
        let harness = try AppHarness(state: .paris)
        harness.app.coordinator.recordsResolutions = true
        await harness.app.launch()
        await harness.send("d")
        let kinds = harness.app.coordinator.resolutionLog.map { record in
            "\(record.transition): "
                + record.resolvers.map { String($0.prefix(while: { $0 != ":" })) }.joined(separator: ", ")
        }
        #expect(
            kinds == [
                "replaceRoot: → startup: initial",
                "hop: → splash (splash): context, destination",
                "hop: splash → navigation (navigation): context",
                "push: main → bearing (bearing): context",
            ])
    }

    @Test func screensKnowEachOtherOnlyByRegistryIdentifier() throws {
        let harness = try AppHarness()
        #expect(
            harness.app.registry.names == [
                "bearing", "entry", "help", "main", "map", "navigation", "onboarding", "share", "splash",
            ])
    }

    // MARK: - Refreshing through a context event

    @Test func aModelChangeReachesEveryScreenAsAContextEvent() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        final class Listener {
            var changes: [CoordinatesModel.Change] = []
        }
        let listener = Listener()
        harness.top?.context.observe(CoordinatesModelDidChange.self, owner: listener) { listener, change in
            listener.changes.append(change)
        }
        harness.app.model.setTarget(nil)
        harness.app.model.setPosition(.at("1, 2"))
        #expect(listener.changes == [.target, .position])
    }

    @Test func mainRefreshesItsLinesOnTheEventWhileShown() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        let main = try #require(harness.top as? MainScreen)
        let before = main.refreshCount
        harness.app.model.setPosition(.at("-33.8688, 151.2093"))
        #expect(main.refreshCount == before + 1)
        #expect(main.shownLines[1] == "  Decimal degrees            33.868800° S, 151.209300° E")
    }
}
