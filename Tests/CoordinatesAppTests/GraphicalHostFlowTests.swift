@_spi(Adapters) import Baton
import CoordinatesKit
import Foundation
import Testing

@testable import CoordinatesApp

/// A composer that the share message is written into, shaped like MFMessageComposeViewController.
@MainActor
private final class MessageComposerDouble: ScreenModel, MessageBodyConfigurable {
    var body: String?
}

/// The iOS app's paths through the headless app, as its SwiftUI views take them: each step is what
/// a button of one view does (`ScreenPresenter.run`, `submit`, a `ShareMessage` composer, a scene
/// phase change), and every check is what the next view reads.
@MainActor
@Suite struct GraphicalHostFlowTests {
    /// The top screen's presenter, as its view makes it and refreshes it when it appears.
    private func presenter(_ harness: AppHarness) throws -> ScreenPresenter {
        let presenter = ScreenPresenter(screen: try #require(harness.top as (any CoordinatesScreen)?))
        presenter.refresh()
        return presenter
    }

    @Test func aFirstRunGoesThroughOnboardingToMainAndIsSavedWhenTheSceneResignsActive() async throws {
        let harness = try AppHarness()
        await harness.app.launch()
        let onboarding = try presenter(harness)
        #expect(onboarding.screen.screenKind == .onboarding)
        #expect(onboarding.screen.model === harness.app.model)
        onboarding.run(.continue)
        await harness.app.settle()
        let main = try presenter(harness)
        #expect(main.screen.screenKind == .main)
        #expect(main.screen.model === harness.app.model)
        let saver = SaveOnDeactivation(application: harness.app)
        #expect(saver.activityChanged(to: .inactive) == .saved)
        #expect(
            StateStore(path: harness.folder.file("state.json")).load()
                == .loaded(SavedState(position: SavedState.initial.position, target: nil, hasCompletedOnboarding: true))
        )
    }

    @Test func editingThePositionShowsTheBadPartThenPassesTheValueBack() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        try presenter(harness).run(.editPosition)
        let entry = try presenter(harness)
        #expect(entry.content.title == "Edit position")
        #expect(entry.content.field?.text == "48.858400° N, 2.294500° E")
        entry.submit("48 61 N, 2 E")
        #expect(entry.status == "minutes must be below 60 (got 61)")
        #expect(entry.content.field.flatMap(EntryErrorHighlight.init)?.bad == "61")
        entry.submit("-33.8688, 151.2093")
        let main = try presenter(harness)
        #expect(main.screen.screenKind == .main)
        #expect(main.status == "Position updated.")
        #expect(harness.app.model.position == .at("-33.8688, 151.2093"))
    }

    @Test func settingTheTargetFromBearingAndDistanceComesBackToIt() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        try presenter(harness).run(.bearing)
        let bearing = try presenter(harness)
        bearing.run(.clearTarget)
        #expect(bearing.screen.availableCommands == [.setTarget, .back, .help, .quit])
        bearing.run(.setTarget)
        let entry = try presenter(harness)
        #expect(entry.content.title == "Set target")
        entry.submit("51.5074 N, 0.1278 W")
        #expect(harness.top === (bearing.screen as AnyObject))
        bearing.refresh()
        #expect(bearing.status == "Target updated.")
        #expect(harness.app.model.target == .at("51.5074 N, 0.1278 W"))
        let route = GreatCircleRoute(from: harness.app.model.position, to: .at("51.5074 N, 0.1278 W"))
        #expect(route.segments.count == 1)
    }

    @Test func sharingPresentsAComposerThatTheResolversFillAndHelpIsASheet() async throws {
        let harness = try AppHarness(state: .paris)
        try harness.app.window.dependencyCoordinator.register(ShareMessage.resolver())
        await harness.launchToMain()
        try presenter(harness).run(.share)
        let share = try presenter(harness)
        let composer = MessageComposerDouble()
        try ExternalTransition.begin(
            .present, from: try #require(share.screen as? ScreenModel), to: composer,
            identifier: ShareMessage.transitionIdentifier
        ).complete()
        #expect(composer.body == ShareMessage.text(for: harness.app.model))
        share.show(ShareOutcome.cancelled.statusText)
        #expect(share.status == "Message not sent.")
        share.run(.help)
        let help = try presenter(harness)
        #expect(help.screen.screenKind == .help)
        #expect((help.screen as? ScreenModel)?.presentingScreen === (share.screen as AnyObject))
        help.run(.back)
        #expect(harness.top === (share.screen as AnyObject))
    }
}

/// A phone's location service, scripted: what the user answers to the permission prompt and what
/// the service reports, driven through `LocationRequestFlow` as the iOS app's CoreLocation
/// locator drives it.
private struct ScriptedLocationService: PositionLocator {
    let authorization: LocationAuthorization
    let answer: LocationAuthorization
    let readings: [LocationReading]

    var name: String { "the location service" }

    func locate() async throws(PositionFixError) -> PositionFix {
        var flow = LocationRequestFlow()
        var step = flow.start(authorization: authorization, servicesEnabled: true)
        while step.outcome == nil {
            switch step {
            case .requestAuthorization: step = flow.authorizationChanged(to: answer)
            case .requestLocation: step = flow.received(readings)
            default: throw PositionFixError("the flow stalled at \(step)")
            }
        }
        return try step.outcome!.get()
    }
}

@MainActor
@Suite struct UseMyLocationTests {
    /// Runs the main screen's locate command as the iOS "Use My Location" button does, and waits
    /// for the application's update.
    private func useMyLocation(with service: ScriptedLocationService, state: SavedState = .paris) async throws -> (
        AppHarness, ScreenPresenter
    ) {
        let harness = try AppHarness(state: state)
        harness.app.locator = service
        await harness.launchToMain()
        let main = ScreenPresenter(screen: try #require(harness.top as (any CoordinatesScreen)?))
        #expect(main.screen.availableCommands.contains(.locate))
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            harness.app.onUpdate = {
                harness.app.onUpdate = nil
                done.resume()
            }
            main.run(.locate)
            #expect(main.status == "Asking the location service for a fix…")
        }
        main.refresh()
        return (harness, main)
    }

    @Test func aFirstUseAsksPermissionThenSetsThePosition() async throws {
        let service = ScriptedLocationService(
            authorization: .notDetermined, answer: .authorizedWhenInUse,
            readings: [LocationReading(latitude: -33.8688, longitude: 151.2093, horizontalAccuracy: 12.4)])
        let (harness, main) = try await useMyLocation(with: service)
        #expect(harness.app.model.position == .at("-33.8688, 151.2093"))
        #expect(main.status == "Position set from the location service (±12 m).")
    }

    @Test func aRefusalLeavesThePositionAndSaysWhereToAllowIt() async throws {
        let service = ScriptedLocationService(authorization: .notDetermined, answer: .denied, readings: [])
        let (harness, main) = try await useMyLocation(with: service)
        #expect(harness.app.model.position == SavedState.paris.position)
        #expect(
            main.status
                == "Coordinates may not use your location. Allow it in Settings › Privacy & Security › Location Services."
        )
    }

    @Test func anInvalidReadingLeavesThePosition() async throws {
        let service = ScriptedLocationService(
            authorization: .authorizedAlways, answer: .authorizedAlways,
            readings: [LocationReading(latitude: 1, longitude: 2, horizontalAccuracy: -1)])
        let (harness, main) = try await useMyLocation(with: service)
        #expect(harness.app.model.position == SavedState.paris.position)
        #expect(main.status == "The location service gave no valid position; try again outdoors.")
    }
}
