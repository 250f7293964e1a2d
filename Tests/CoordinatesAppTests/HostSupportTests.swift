import CoordinatesKit
import Foundation
import Testing

@testable import CoordinatesApp

// The logic the iOS app (Examples/CoordinatesiOS) takes from CoordinatesApp, tested here; the
// app's screens and flows are tested by CoordinatesScreensTests.

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

@Suite struct StateFileLocationTests {
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
}
