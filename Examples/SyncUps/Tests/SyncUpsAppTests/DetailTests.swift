import Baton
import BatonTesting
import Foundation
import Testing

@testable import SyncUpsApp

extension TestApp {
    /// The app opened on `syncUp`'s detail by its link.
    func detail(_ syncUp: SyncUp = .mock) async throws -> (ScreenWindow, SyncUpDetailScreen) {
        let window = try launch([syncUp])
        try window.open("syncups://syncup/\(syncUp.id)", with: Route.links)
        return (window, try await window.next(SyncUpDetailScreen.self))
    }
}

@MainActor
@Suite(.isolatedBaton)
struct DetailTests {
    let app = TestApp()

    func starting(_ status: SpeechAuthorization) async throws -> (ScreenWindow, AlertScreen, Task<Void, any Error>) {
        app.speech.authorizationStatus = { status }
        let (window, detail) = try await app.detail()
        let starting = Task { try await detail.startMeetingTapped() }
        return (window, try await window.next(AlertScreen.self), starting)
    }

    @Test func restrictedSpeechAsksWhetherToContinueWithoutRecording() async throws {
        let (window, alert, starting) = try await starting(.restricted)
        #expect(alert.shows(.speechRestricted))
        try alert.tap("Continue without recording")
        try await starting.value
        _ = try await window.next(RecordMeetingScreen.self)
    }

    @Test func deniedSpeechOffersTheSettings() async throws {
        let (window, alert, starting) = try await starting(.denied)
        #expect(alert.shows(.speechDenied))
        try alert.tap("Open settings")
        try await starting.value
        #expect(app.settingsOpened)
        #expect(window.topScreen is SyncUpDetailScreen)
    }

    @Test func deniedSpeechCanContinueWithoutRecording() async throws {
        let (window, alert, starting) = try await starting(.denied)
        try alert.tap("Continue without recording")
        try await starting.value
        #expect(window.topScreen is RecordMeetingScreen)
    }

    @Test func authorizedSpeechStartsTheMeeting() async throws {
        app.speech.authorizationStatus = { SpeechAuthorization.authorized }
        let (window, detail) = try await app.detail()
        try await detail.startMeetingTapped()
        #expect(window.transitionLog.last?.description == "push: detail → record")
    }

    @Test func editingSavesTheSyncUp() async throws {
        let (window, detail) = try await app.detail(SyncUp(id: UUID(7), title: "Engineering"))
        let editing = Task { try await detail.editTapped() }
        let form = try await window.next(SyncUpFormScreen.self)
        form.syncUp.theme = .lavender
        form.finish(with: form.syncUp)
        try await editing.value
        #expect(
            detail.syncUp
                == SyncUp(id: UUID(7), attendees: [Attendee(id: UUID(0))], theme: .lavender, title: "Engineering"))
    }

    @Test func cancellingTheEditKeepsTheSyncUp() async throws {
        let (window, detail) = try await app.detail()
        let editing = Task { try await detail.editTapped() }
        let form = try await window.next(SyncUpFormScreen.self)
        form.syncUp.title = "Changed"
        form.dismiss()
        try await editing.value
        #expect(app.store.syncUps == [.mock])
    }

    @Test func deletingAsksThenLeavesAndRemovesTheSyncUp() async throws {
        let window = try await app.detail().0
        weak let shown = window.topScreen as? SyncUpDetailScreen
        let deleting = Task { [weak shown] in try await shown?.deleteTapped() }
        let alert = try await window.next(AlertScreen.self)
        #expect(alert.shows(.deleteSyncUp))
        try alert.tap("Yes")
        try await deleting.value
        #expect(app.store.syncUps.isEmpty)
        #expect(window.topScreen is SyncUpsListScreen)
        #expect(shown == nil)
    }

    @Test func aPastMeetingOpensWithItsTranscript() async throws {
        let (window, detail) = try await app.detail()
        try detail.push(Route.meeting(id: UUID(300), syncUp: SyncUp.mock.id))
        let meeting = try await window.next(MeetingScreen.self)
        #expect(meeting.meeting?.transcript == "Hi")
        detail.deleteMeetings(atOffsets: [0])
        #expect(app.store.syncUps[0].meetings.isEmpty)
    }

    // MARK: - Beyond the original: the link and restoration

    @Test func theLinkOfTheShownSyncUpOpensItAgain() async throws {
        let (window, _) = try await app.detail()
        let tree = try #require(try window.screenTree(Route.self))
        #expect(try Route.links.url(for: tree) == "syncups://syncup/\(SyncUp.mock.id)")
    }

    @Test func aLinkToAnUnknownSyncUpShowsItIsNotFoundAndRefusesEveryAction() async throws {
        let window = try app.launch([.mock])
        try window.open("syncups://syncup/\(UUID(9))", with: Route.links)
        let detail = try await window.next(SyncUpDetailScreen.self)
        let notFound = try #require(detail.notFound)
        #expect(notFound.description == "No sync-up has the id \(UUID(9)): it was deleted, or the link is wrong.")
        await #expect(throws: notFound) { try await detail.editTapped() }
        await #expect(throws: notFound) { try await detail.startMeetingTapped() }
        await #expect(throws: notFound) { try await detail.deleteTapped() }
        #expect(window.topScreen === detail)
        #expect(app.store.syncUps == [.mock])
    }

    @Test func aRestoredDetailOfADeletedSyncUpShowsItIsNotFound() async throws {
        let (first, _) = try await app.detail()
        let saved = try #require(try first.saveScreenTree(Route.self)).json
        let second = try TestApp().launch([], restoring: saved)
        #expect(try await second.next(SyncUpDetailScreen.self).notFound == SyncUpNotFound(id: SyncUp.mock.id))
    }

    @Test func aRelaunchReturnsToTheMeetingOfTheLastRun() async throws {
        let (first, detail) = try await app.detail()
        try detail.push(Route.meeting(id: UUID(300), syncUp: SyncUp.mock.id))
        let saved = try #require(try first.saveScreenTree(Route.self)).json
        let second = try TestApp().launch([.mock], restoring: saved)
        #expect(try await second.next(MeetingScreen.self).meeting?.transcript == "Hi")
        #expect(second.screen(StackScreen.self)?.screens.map(\.screenName) == ["list", "detail", "meeting"])
        #expect(second.transitionLog.map(\.description) == ["replaceRoot: → app", "setStack: list → meeting"])
    }

    @Test func anAlertIsLeftOutOfWhatIsSaved() async throws {
        let (window, detail) = try await app.detail()
        let deleting = Task { try await detail.deleteTapped() }
        let alert = try await window.next(AlertScreen.self)
        let saved = try #require(try window.saveScreenTree(Route.self)).json
        let second = try TestApp().launch([.mock], restoring: saved)
        #expect(second.topScreen is SyncUpDetailScreen)
        try alert.tap("Nevermind")
        try await deleting.value
        #expect(app.store.syncUps == [.mock])
    }
}
