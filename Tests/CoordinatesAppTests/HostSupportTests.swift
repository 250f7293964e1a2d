@_spi(Adapters) import Baton
import CoordinatesKit
import Foundation
import Observation
import Synchronization
import Testing

@testable import CoordinatesApp

/// Counts `withObservationTracking` change notifications.
private final class Notifications: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func increment() { count.withLock { $0 += 1 } }
}

@MainActor
@Suite struct CoordinatesScreenTests {
    @Test func everyRegisteredScreenIsACoordinatesScreenOfItsKind() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        for kind in CoordinatesScreenKind.allCases where harness.app.registry.identifiers.contains(kind.rawValue) {
            let screen = try harness.app.registry.makeScreen(kind.rawValue)
            #expect((screen as? any CoordinatesScreen)?.screenKind == kind)
        }
        #expect((harness.top as (any CoordinatesScreen)?)?.screenKind == .main)
    }

    @Test func theMainScreenOffersItsCommandsByWord() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        let main = try #require(harness.top as (any CoordinatesScreen)?)
        #expect(main.availableCommands == [.editPosition, .bearing, .map, .share, .help, .quit])
        #expect(main.model === harness.app.model)
    }

    @Test func runningACommandNavigatesAsItsKeyDoes() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        try #require(harness.top as (any CoordinatesScreen)?).run(.bearing)
        #expect(harness.app.topScreenName == "bearing")
        let bearing = try #require(harness.top as (any CoordinatesScreen)?)
        #expect(bearing.availableCommands == [.setTarget, .clearTarget, .back, .help, .quit])
        #expect(bearing.model === harness.app.model)
        try bearing.run(.clearTarget)
        #expect(harness.app.model.target == nil)
        #expect(bearing.availableCommands == [.setTarget, .back, .help, .quit])
    }

    @Test func aCommandTheScreenDoesNotOfferIsATypedErrorNamingWhatItOffers() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        let main = try #require(harness.top as (any CoordinatesScreen)?)
        #expect(throws: UnavailableCommandError.self) { try main.run(.clearTarget) }
        do {
            try main.run(.clearTarget)
        } catch {
            #expect(
                error.description
                    == "the main screen has no command 'clear'; it offers: edit, distance, map, share, help, quit")
        }
        #expect(harness.app.topScreenName == "main")
    }
}

@MainActor
@Suite struct ScreenPresenterTests {
    @Test func runningACommandRefreshesTheStatusAndNotifiesObservers() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        try #require(harness.top as (any CoordinatesScreen)?).run(.bearing)
        let presenter = ScreenPresenter(screen: try #require(harness.top as (any CoordinatesScreen)?))
        let notifications = Notifications()
        withObservationTracking {
            _ = presenter.status
        } onChange: {
            notifications.increment()
        }
        presenter.run(.clearTarget)
        #expect(presenter.status == "Target cleared.")
        #expect(notifications.value == 1)
        #expect(presenter.content.lines[1] == "To               not set")
    }

    @Test func anUnavailableCommandBecomesTheStatus() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        let presenter = ScreenPresenter(screen: try #require(harness.top as (any CoordinatesScreen)?))
        presenter.run(.continue)
        #expect(
            presenter.status
                == "the main screen has no command 'continue'; it offers: edit, distance, map, share, help, quit")
    }

    @Test func makingAPresenterLeavesTheStatusForTheOneThatAppears() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        let main = try #require(harness.top as (any CoordinatesScreen)?)
        try main.run(.editPosition)
        try #require(harness.top as (any CoordinatesScreen)?).handle(.line("1, 2"))
        #expect(harness.top === main)
        // SwiftUI makes a view's initial state again on every update of its parent, and drops it.
        let discarded = ScreenPresenter(screen: main)
        #expect(discarded.status == nil)
        #expect(discarded.content.status == nil)
        #expect(main.content.status == "Position updated.")
        let shown = ScreenPresenter(screen: main)
        shown.refresh()
        #expect(shown.status == "Position updated.")
        #expect(main.content.status == nil)
    }

    @Test func aHostMessageShowsUntilTheNextCommand() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        try #require(harness.top as (any CoordinatesScreen)?).run(.share)
        let presenter = ScreenPresenter(screen: try #require(harness.top as (any CoordinatesScreen)?))
        presenter.show(ShareOutcome.sent.statusText)
        #expect(presenter.status == "Message sent.")
        presenter.refresh()
        #expect(presenter.status == "Message sent.")
        presenter.run(.help)
        #expect(presenter.status == nil)
        #expect(harness.app.topScreenName == "help")
    }

    @Test func aBadEntryPointsAtTheBadPartAndStaysOnTheEntryScreen() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        try #require(harness.top as (any CoordinatesScreen)?).run(.editPosition)
        let entry = try #require(harness.top as (any CoordinatesScreen)?)
        #expect(entry.screenKind == .entry)
        let presenter = ScreenPresenter(screen: entry)
        presenter.submit("48 61 N, 2 E")
        #expect(presenter.status == "minutes must be below 60 (got 61)")
        let field = try #require(presenter.content.field)
        #expect(EntryErrorHighlight(field) == EntryErrorHighlight(text: "48 61 N, 2 E", offset: 3))
        #expect(harness.app.topScreenName == "entry")
        presenter.submit("1.5, 2.5")
        #expect(harness.app.topScreenName == "main")
        #expect(harness.app.model.position == .at("1.5, 2.5"))
    }

    @Test func aDismissedScreenIsFreedWhileNoPresenterHoldsIt() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        try #require(harness.top as (any CoordinatesScreen)?).run(.share)
        weak let share = harness.top
        var presenter: ScreenPresenter? = ScreenPresenter(screen: try #require(harness.top as (any CoordinatesScreen)?))
        presenter?.run(.back)
        #expect(harness.app.topScreenName == "main")
        presenter = nil
        #expect(share == nil)
    }
}

@Suite struct EntryErrorHighlightTests {
    @Test func theBadPartRunsToTheNextSeparator() {
        let highlight = EntryErrorHighlight(text: "48 61 N, 2 E", offset: 3)
        #expect(highlight.before == "48 ")
        #expect(highlight.bad == "61")
        #expect(highlight.after == " N, 2 E")
    }

    @Test func anErrorAtTheEndHasAnEmptyBadPart() {
        #expect(EntryErrorHighlight(text: "48.5", offset: 4) == EntryErrorHighlight(text: "48.5", offset: 99))
        #expect(EntryErrorHighlight(text: "48.5", offset: 4).bad == "")
        #expect(EntryErrorHighlight(text: "48.5", offset: 4).before == "48.5")
    }

    @Test func anErrorOnASeparatorMarksThatOneCharacter() {
        let highlight = EntryErrorHighlight(text: "1,,2", offset: 2)
        #expect([highlight.before, highlight.bad, highlight.after] == ["1,", ",", "2"])
    }

    @Test func offsetsCountCharactersNotBytes() {
        let highlight = EntryErrorHighlight(text: "48°61′ N, 2 E", offset: 3)
        #expect([highlight.before, highlight.bad, highlight.after] == ["48°", "61′", " N, 2 E"])
        #expect(EntryErrorHighlight(text: "é1 x", offset: -5).before == "")
    }

    @Test func aFieldWithoutAnErrorHasNoHighlight() {
        #expect(EntryErrorHighlight(ScreenContent.Field(text: "1, 2", cursor: 4, errorOffset: nil)) == nil)
    }
}

@Suite struct LocationRequestFlowTests {
    private let paris = LocationReading(latitude: 48.8584, longitude: 2.2945, horizontalAccuracy: 12)

    @Test func aFirstRequestAsksPermissionThenOnePosition() {
        var flow = LocationRequestFlow()
        #expect(flow.start(authorization: .notDetermined, servicesEnabled: true) == .requestAuthorization)
        #expect(flow.phase == .waitingForAuthorization)
        // CoreLocation reports the undecided state again when its manager is made.
        #expect(flow.authorizationChanged(to: .notDetermined) == .wait)
        #expect(flow.authorizationChanged(to: .authorizedWhenInUse) == .requestLocation)
        #expect(flow.received([paris]) == .located(.at("48.8584, 2.2945"), accuracy: 12))
        #expect(flow.phase == .idle)
    }

    @Test func anAuthorizedAppAsksForThePositionAtOnce() {
        var flow = LocationRequestFlow()
        #expect(flow.start(authorization: .authorizedAlways, servicesEnabled: true) == .requestLocation)
    }

    @Test func refusalsAndSwitchedOffServicesEndTheRequestWithTheirReason() {
        var flow = LocationRequestFlow()
        #expect(flow.start(authorization: .authorizedAlways, servicesEnabled: false) == .failed(.servicesDisabled))
        #expect(flow.start(authorization: .denied, servicesEnabled: true) == .failed(.denied))
        #expect(flow.start(authorization: .restricted, servicesEnabled: true) == .failed(.restricted))
        #expect(flow.start(authorization: .notDetermined, servicesEnabled: true) == .requestAuthorization)
        #expect(flow.authorizationChanged(to: .denied) == .failed(.denied))
        #expect(flow.phase == .idle)
        #expect(
            LocationError.denied.description
                == "Coordinates may not use your location. Allow it in Settings › Privacy & Security › Location Services."
        )
    }

    @Test func permissionWithdrawnWhileWaitingForAPositionEndsTheRequest() {
        var flow = LocationRequestFlow()
        _ = flow.start(authorization: .authorizedWhenInUse, servicesEnabled: true)
        #expect(flow.authorizationChanged(to: .authorizedAlways) == .wait)
        #expect(flow.authorizationChanged(to: .restricted) == .failed(.restricted))
        #expect(flow.received([paris]) == .wait)
    }

    @Test func theNewestValidReadingWins() {
        var flow = LocationRequestFlow()
        _ = flow.start(authorization: .authorizedWhenInUse, servicesEnabled: true)
        let older = LocationReading(latitude: 1, longitude: 2, horizontalAccuracy: 100)
        let invalid = LocationReading(latitude: 3, longitude: 4, horizontalAccuracy: -1)
        #expect(flow.received([older, paris, invalid]) == .located(.at("48.8584, 2.2945"), accuracy: 12))
    }

    @Test func invalidReadingsGiveNoPosition() {
        for reading in [
            LocationReading(latitude: 1, longitude: 2, horizontalAccuracy: -1),
            LocationReading(latitude: .nan, longitude: 2, horizontalAccuracy: 5),
            LocationReading(latitude: 91, longitude: 2, horizontalAccuracy: 5),
            LocationReading(latitude: 1, longitude: 2, horizontalAccuracy: .infinity),
        ] {
            #expect(reading.coordinate == nil)
            var flow = LocationRequestFlow()
            _ = flow.start(authorization: .authorizedWhenInUse, servicesEnabled: true)
            #expect(flow.received([reading]) == .failed(.noUsableReading))
        }
    }

    @Test func aSecondStartWhileWaitingDoesNotRestartTheRequest() {
        var flow = LocationRequestFlow()
        _ = flow.start(authorization: .notDetermined, servicesEnabled: true)
        #expect(flow.start(authorization: .notDetermined, servicesEnabled: true) == .wait)
        #expect(flow.phase == .waitingForAuthorization)
    }

    @Test func finalStepsAreWhatALocatorAnswers() {
        #expect(
            LocationRequestFlow.Step.located(.at("1, 2"), accuracy: 12).outcome
                == .success(PositionFix(coordinate: .at("1, 2"), accuracy: 12)))
        #expect(
            LocationRequestFlow.Step.failed(.restricted).outcome
                == .failure(PositionFixError("This device does not allow Coordinates to use your location.")))
        #expect(LocationRequestFlow.Step.requestAuthorization.outcome == nil)
        #expect(LocationRequestFlow.Step.requestLocation.outcome == nil)
        #expect(LocationRequestFlow.Step.wait.outcome == nil)
    }

    @Test func aServiceFailureEndsTheRequestOnce() {
        var flow = LocationRequestFlow()
        #expect(flow.failed(.unavailable("x")) == .wait)
        _ = flow.start(authorization: .authorizedWhenInUse, servicesEnabled: true)
        #expect(
            flow.failed(.unavailable("the position is unknown")) == .failed(.unavailable("the position is unknown")))
        #expect(flow.failed(.unavailable("again")) == .wait)
        #expect(
            LocationError.unavailable("the position is unknown").description
                == "Your location is not available: the position is unknown.")
    }
}

@MainActor
@Suite struct SaveOnDeactivationTests {
    @Test func resigningActiveSavesAndBackgroundingWithoutChangesDoesNotWriteAgain() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        let saver = SaveOnDeactivation(application: harness.app)
        harness.app.model.setPosition(.at("1, 2"))
        #expect(saver.activityChanged(to: .active) == nil)
        #expect(saver.activityChanged(to: .inactive) == .saved)
        #expect(StateStore(path: harness.folder.file("state.json")).load() == .loaded(harness.app.model.savedState))
        #expect(saver.activityChanged(to: .background) == .unchanged)
        harness.app.model.setTarget(nil)
        #expect(saver.activityChanged(to: .background) == .saved)
        #expect(StateStore(path: harness.folder.file("state.json")).load() == .loaded(harness.app.model.savedState))
    }

    @Test func nothingIsSavedBeforeTheStateWasLoaded() throws {
        let harness = try AppHarness(state: .paris)
        let saver = SaveOnDeactivation(application: harness.app)
        #expect(saver.activityChanged(to: .inactive) == .declined)
        #expect(StateStore(path: harness.folder.file("state.json")).load() == .loaded(.paris))
    }

    @Test func aFailedSaveIsReportedAndReturned() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        var reports: [String] = []
        let saver = SaveOnDeactivation(application: harness.app) { reports.append($0) }
        harness.app.model.setPosition(.at("1, 2"))
        // A folder where the temporary file would go makes the write fail.
        try FileManager.default.createDirectory(
            atPath: harness.folder.file("state.json.tmp-\(getpid())"), withIntermediateDirectories: false)
        let outcome = saver.activityChanged(to: .inactive)
        guard case .failed(let error) = outcome else {
            Issue.record("expected a failure, got \(String(describing: outcome))")
            return
        }
        #expect(reports == [error.description])
        #expect(saver.lastSaved == nil)
        #expect(StateStore(path: harness.folder.file("state.json")).load() == .loaded(.paris))
    }

    @Test func theStateFileLivesInACoordinatesFolderOfApplicationSupport() {
        #expect(StateStore.path(inApplicationSupport: "/AppSupport") == "/AppSupport/Coordinates/state.json")
        #expect(StateStore.path(inApplicationSupport: "/AppSupport/") == "/AppSupport/Coordinates/state.json")
    }
}

@Suite struct ShareChannelTests {
    @Test func aDeviceThatCanSendTextUsesTheMessageComposer() {
        #expect(ShareChannel(canSendText: true) == .textMessage)
        #expect(ShareChannel(canSendText: false) == .shareSheet)
        #expect(ShareChannel.textMessage.actionTitle == "Send as text message")
        #expect(ShareChannel.shareSheet.actionTitle == "Share…")
    }

    @Test func eachOutcomeHasItsStatus() {
        #expect(ShareOutcome.sent.statusText == "Message sent.")
        #expect(ShareOutcome.cancelled.statusText == "Message not sent.")
        #expect(ShareOutcome.failed.statusText == "The message could not be sent.")
    }
}

/// A composer that the share message is written into, shaped like MFMessageComposeViewController.
@MainActor
private final class ComposerDouble: ScreenModel, MessageBodyConfigurable {
    var body: String?
}

@MainActor
@Suite struct ShareMessageTests {
    private let parisMessage = """
        I'm at 48.858400° N, 2.294500° E
        (48° 51.504′ N, 2° 17.670′ E / 48° 51′ 30.2″ N, 2° 17′ 40.2″ E)
        geo:48.858400,2.294500
        Target 51.507400° N, 0.127800° W: 341.3 km (212.1 mi, 184.3 NM) away, bearing 330.6° (NNW)
        """

    @Test func theMessageIsTheShareScreensText() {
        let model = CoordinatesModel(state: .paris)
        #expect(ShareMessage.text(for: model) == parisMessage)
    }

    @Test func aComposerPresentedFromTheShareScreenIsWiredAndGetsTheMessageFromTheResolvers() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        try harness.app.window.dependencyCoordinator.register(ShareMessage.resolver())
        try #require(harness.top as (any CoordinatesScreen)?).run(.share)
        let share = try #require(harness.top)
        weak var weakComposer: ComposerDouble?
        do {
            let composer = ComposerDouble()
            weakComposer = composer
            let transition = try ExternalTransition.begin(
                .present, from: share, to: composer, identifier: ShareMessage.transitionIdentifier)
            transition.complete()
            #expect(composer.body == parisMessage)
            #expect(composer.context.parent === share.context)
            try ExternalTransition.begin(.dismiss, from: composer, to: share).complete()
        }
        #expect(weakComposer == nil)
        #expect(
            harness.app.window.transitionLog.suffix(2).map(\.description) == [
                "present: share → ComposerDouble (compose-message)", "dismiss: ComposerDouble → share",
            ])
    }

    @Test func aComposerPresentedWithAnotherIdentifierGetsNoMessage() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        try harness.app.window.dependencyCoordinator.register(ShareMessage.resolver())
        try #require(harness.top as (any CoordinatesScreen)?).run(.share)
        let composer = ComposerDouble()
        let share: ScreenModel? = harness.top
        try ExternalTransition.begin(.present, from: share, to: composer, identifier: "other").complete()
        #expect(composer.body == nil)
    }
}
