import Baton
import BatonTesting
import CoordinatesApp
import CoordinatesKit
import Foundation
import Testing

@testable import CoordinatesScreens

/// The iOS app's flows, driven headlessly: the screens are the ones the app shows, and every
/// button of their views calls one of the methods used here.
@MainActor
@Suite(.isolatedBaton)
struct CoordinatesPhoneTests {
    /// A started app on `file`, on its main screen (after onboarding on a first run).
    private func started(
        _ file: TemporaryStateFile, locator: (any PositionLocator)? = nil
    ) async throws -> (CoordinatesPhone, MainScreen) {
        let app = CoordinatesPhone(store: StateStore(path: file.path), locator: locator)
        Task { await app.start() }
        if file.contents == nil { try await app.window.next(OnboardingScreen.self).finish() }
        return (app, try await app.window.next(MainScreen.self))
    }

    // MARK: - Start-up and state

    @Test func theFirstRunShowsOnboardingThenMain() async throws {
        let file = TemporaryStateFile()
        let (app, _) = try await started(file)
        #expect(app.model.hasCompletedOnboarding)
        #expect(
            app.window.transitionLog.map(\.description) == [
                "replaceRoot: → startup", "hop: → SplashScreen", "hop: SplashScreen → OnboardingScreen",
                "hop: OnboardingScreen → navigation",
            ])
    }

    @Test func aLaterRunLoadsTheSavedStateAndSkipsOnboarding() async throws {
        let file = TemporaryStateFile()
        file.write(savedState(position: (51.5074, -0.1278), target: (48.8584, 2.2945)))
        let (app, _) = try await started(file)
        #expect(app.model.position == .at(51.5074, -0.1278))
        #expect(app.model.target == .at(48.8584, 2.2945))
        #expect(!app.window.transitionLog.map(\.description).contains("hop: SplashScreen → OnboardingScreen"))
        #expect(app.problem == nil)
    }

    @Test func leavingTheSceneSavesWhatChangedOnce() async throws {
        let file = TemporaryStateFile()
        file.write(savedState(position: (1, 2)))
        let (app, _) = try await started(file)
        #expect(app.sceneDidDeactivate() == false)  // nothing changed since the load
        app.model.setPosition(.at(48.8584, 2.2945))
        #expect(app.sceneDidDeactivate())
        #expect(app.sceneDidDeactivate() == false)
        guard case .loaded(let state) = StateStore(path: file.path).read() else {
            Issue.record("the saved file does not load")
            return
        }
        #expect(state.position == .at(48.8584, 2.2945))
    }

    @Test func anUnreadableStateFileIsReportedMovedAsideAndReplaced() async throws {
        let file = TemporaryStateFile()
        file.write("{ not json")
        let app = CoordinatesPhone(store: StateStore(path: file.path), locator: nil)
        Task { await app.start() }
        try await app.window.next(OnboardingScreen.self).finish()
        _ = try await app.window.next(MainScreen.self)
        #expect(app.problem?.hasPrefix("could not read the state file \(file.path)") == true)
        #expect(file.names == ["state.json.corrupt"])
        #expect(app.sceneDidDeactivate())
        #expect(file.names == ["state.json", "state.json.corrupt"])
    }

    // MARK: - geo: links (.onOpenURL)

    @Test func aGeoLinkSetsThePositionAndGoesBackToTheMainScreen() async throws {
        let file = TemporaryStateFile()
        file.write(savedState(position: (1, 2)))
        let (app, main) = try await started(file)
        try main.push(BearingScreen(name: "bearing"))
        try main.present(HelpScreen(name: "help"))
        app.open("geo:48.8584,2.2945,35;u=10")
        #expect(app.model.position == .at(48.8584, 2.2945))
        #expect(app.window.topScreen === main)
        #expect(app.problem == nil)
    }

    @Test func aGeoLinkThatOpensTheAppIsNotReplacedByTheSavedState() async throws {
        let file = TemporaryStateFile()
        file.write(savedState(position: (1, 2)))
        let app = CoordinatesPhone(store: StateStore(path: file.path), locator: nil)
        // The link arrives before the start-up flow has loaded the state.
        app.open("geo:-33.8688,151.2093")
        Task { await app.start() }
        _ = try await app.window.next(MainScreen.self)
        #expect(app.model.position == .at(-33.8688, 151.2093))
    }

    @Test func aBadLinkIsReportedNamingTheWrongPart() async throws {
        let (app, _) = try await started(TemporaryStateFile())
        let before = app.model.position
        app.open("geo:91,0")
        #expect(app.problem == #"cannot open geo:91,0: the latitude "91" is outside -90…90."#)
        app.problem = nil
        app.open("coordinates://map")
        #expect(app.problem == "coordinates://map names no position; Coordinates opens geo: links.")
        #expect(app.model.position == before)
    }

    // MARK: - Entry

    @Test func editingThePositionAcceptsAnyFormat() async throws {
        let (app, main) = try await started(TemporaryStateFile())
        let editing = Task { await main.editPosition() }
        let entry = try await app.window.next(EntryScreen.self)
        #expect(entry.role == .position)
        #expect(entry.submit("48°51′30.2″N 2°17′40.2″E") == nil)
        #expect(await editing.value == "Position updated.")
        #expect(app.model.position.formatted() == "48.858389° N, 2.294500° E")
        #expect(app.window.topScreen === main)
    }

    @Test func anInvalidEntryStaysAndSaysWhereItIsWrong() async throws {
        let (app, main) = try await started(TemporaryStateFile())
        let before = app.model.position
        let editing = Task { await main.editPosition() }
        let entry = try await app.window.next(EntryScreen.self)
        let invalid = try #require(entry.submit("48 61 N, 2 E"))
        #expect(invalid.error.message == "minutes must be below 60 (got 61)")
        #expect(invalid.error.offset == 3)
        #expect(app.window.topScreen === entry)
        app.navigation?.pop()  // the back button
        #expect(await editing.value == nil)
        #expect(app.model.position == before)
    }

    @Test func anEditFromAScreenOnNoStackSaysWhyInsteadOfNothing() async throws {
        let (app, main) = try await started(TemporaryStateFile())
        let before = app.model.position
        let sheet = MainScreen(name: "sheet")
        try main.present(sheet)
        #expect(
            await sheet.editPosition()
                == "Cannot push entry from sheet: no StackScreen encloses sheet, which is in no container and is"
                + " presented by main. Present a StackScreen(root: sheet) from main to push inside the"
                + " presentation, or present entry from sheet.")
        #expect(app.model.position == before)
        #expect(app.window.topScreen === sheet)
    }

    // MARK: - Bearing, map, share, help

    @Test func theBearingScreenSetsAndClearsTheTarget() async throws {
        let file = TemporaryStateFile()
        file.write(savedState(position: (48.8584, 2.2945)))
        let (app, main) = try await started(file)
        let bearing = BearingScreen(name: "bearing")
        try main.push(bearing)
        #expect(bearing.report == nil)
        let setting = Task { await bearing.setTarget() }
        #expect(try await app.window.next(EntryScreen.self).submit("51.5074 N, 0.1278 W") == nil)
        #expect(await setting.value == "Target updated.")
        #expect(bearing.report?.initialBearingText == "330.6° (NNW)")
        #expect(bearing.report?.distanceText == "341.3 km (212.1 mi, 184.3 NM)")
        #expect(bearing.clearTarget() == "Target cleared.")
        #expect(app.model.target == nil)
    }

    @Test func theMapDrawsTheGreatCircleRoute() async throws {
        let file = TemporaryStateFile()
        file.write(savedState(position: (35.6762, 139.6503), target: (37.7749, -122.4194)))
        let (app, main) = try await started(file)
        let map = MapScreen(name: "map")
        try main.push(map)
        #expect(map.greatCircle.count == 2)  // split where it crosses ±180°
        app.model.setTarget(nil)
        #expect(map.greatCircle.isEmpty)
    }

    @Test func theShareScreenSendsTheMessageAsAText() async throws {
        let file = TemporaryStateFile()
        file.write(savedState(position: (48.8584, 2.2945)))
        let (app, main) = try await started(file)
        let share = ShareScreen(name: "share")
        try main.push(share)
        #expect(share.message.contains("geo:48.858400,2.294500"))
        let sending = Task { await share.sendAsText() }
        weak let composer = try await app.window.next(MessageScreen.self)
        #expect(composer?.text == share.message)
        composer?.finish(with: ShareOutcome.sent)
        #expect(await sending.value == "Message sent.")
        #expect(app.window.topScreen === share)
        #expect(composer == nil)
    }

    @Test func swipingTheComposerAwayIsACancelledMessage() async throws {
        let (app, main) = try await started(TemporaryStateFile())
        let share = ShareScreen(name: "share")
        try main.push(share)
        let sending = Task { await share.sendAsText() }
        _ = try await app.window.next(MessageScreen.self)
        share.dismiss()  // what a swipe-down does
        #expect(await sending.value == "Message not sent.")
    }

    @Test func helpIsPresentedAndDone() async throws {
        let (app, main) = try await started(TemporaryStateFile())
        try main.present(HelpScreen(name: "help"))
        weak let help = try await app.window.next(HelpScreen.self)
        help?.finish()
        #expect(app.window.topScreen === main)
        #expect(help == nil)
    }

    // MARK: - Location

    @Test func useMyLocationSetsThePositionFromTheLocator() async throws {
        let fix = PositionFix(coordinate: .at(40.7128, -74.006), accuracy: 12.4)
        let (app, main) = try await started(TemporaryStateFile(), locator: FixedLocator(answer: .success(fix)))
        #expect(await main.locate() == "Position set from the test locator (±12 m).")
        #expect(app.model.position == .at(40.7128, -74.006))
    }

    @Test func aLocatorThatFailsSaysWhyAndKeepsThePosition() async throws {
        let failing = FixedLocator(answer: .failure(PositionFixError("Location access is off for Coordinates.")))
        let (app, main) = try await started(TemporaryStateFile(), locator: failing)
        let before = app.model.position
        #expect(await main.locate() == "Location access is off for Coordinates.")
        #expect(app.model.position == before)
    }
}

/// A phone's location service, scripted: what the user answers to the permission prompt and what
/// the service reports, driven through `LocationRequestFlow` as the app's CoreLocation locator
/// drives it.
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
        guard let outcome = step.outcome else { throw PositionFixError("no outcome") }
        return try outcome.get()
    }
}

/// "Use My Location" as the app's CoreLocation locator runs it: permission, then one reading.
@MainActor
@Suite(.isolatedBaton)
struct UseMyLocationTests {
    private func main(locatingWith service: ScriptedLocationService) async throws -> (CoordinatesPhone, MainScreen) {
        let file = TemporaryStateFile()
        file.write(savedState(position: (48.8584, 2.2945)))
        let app = CoordinatesPhone(store: StateStore(path: file.path), locator: service)
        Task { await app.start() }
        return (app, try await app.window.next(MainScreen.self))
    }

    @Test func aFirstUseAsksPermissionThenSetsThePosition() async throws {
        let service = ScriptedLocationService(
            authorization: .notDetermined, answer: .authorizedWhenInUse,
            readings: [LocationReading(latitude: -33.8688, longitude: 151.2093, horizontalAccuracy: 12.4)])
        let (app, main) = try await main(locatingWith: service)
        #expect(await main.locate() == "Position set from the location service (±12 m).")
        #expect(app.model.position == .at(-33.8688, 151.2093))
    }

    @Test func aRefusalLeavesThePositionAndSaysWhereToAllowIt() async throws {
        let service = ScriptedLocationService(authorization: .notDetermined, answer: .denied, readings: [])
        let (app, main) = try await main(locatingWith: service)
        #expect(
            await main.locate()
                == "Coordinates may not use your location. Allow it in Settings › Privacy & Security › Location Services."
        )
        #expect(app.model.position == .at(48.8584, 2.2945))
    }

    @Test func anInvalidReadingLeavesThePosition() async throws {
        let service = ScriptedLocationService(
            authorization: .authorizedAlways, answer: .authorizedAlways,
            readings: [LocationReading(latitude: 1, longitude: 2, horizontalAccuracy: -1)])
        let (app, main) = try await main(locatingWith: service)
        #expect(await main.locate() == "The location service gave no valid position; try again outdoors.")
        #expect(app.model.position == .at(48.8584, 2.2945))
    }
}
