import Baton
import BatonTesting
import Foundation
import Testing

@testable import SyncUpsApp

@MainActor
@Suite(.isolatedBaton, .timeLimit(.minutes(1)))
struct RecordMeetingTests {
    let app = TestApp()

    /// A meeting of `syncUp` in progress, started from its detail.
    func recording(_ syncUp: SyncUp, speech: [String] = [], failing: Bool = false) async throws -> (
        ScreenWindow, RecordMeetingScreen
    ) {
        if !speech.isEmpty || failing {
            app.speech = SpeechClient(
                authorizationStatus: { .authorized }, requestAuthorization: { .authorized },
                transcripts: {
                    AsyncThrowingStream { stream in
                        for text in speech { stream.yield(text) }
                        stream.finish(throwing: failing ? CancellationError() : nil)
                    }
                })
        }
        let (window, detail) = try await app.detail(syncUp)
        try detail.push(Route.record(id: syncUp.id))
        return (window, try await window.next(RecordMeetingScreen.self))
    }

    /// Taps `button` in the alert the recognition shows, from the window's transition event, and
    /// awaits the recognition: no timer, however late the main actor runs it (not `next`, whose
    /// timeout is wall time). Returns whether each alert shown was the speech-failure one.
    func answering(_ record: RecordMeetingScreen, in window: ScreenWindow, with button: String) async -> [Bool] {
        var asked: [ObjectIdentifier: Bool] = [:]
        func answer() {
            guard let alert = window.screen(AlertScreen.self), asked[ObjectIdentifier(alert)] == nil else { return }
            asked[ObjectIdentifier(alert)] = alert.shows(.speechRecognizerFailed)
            #expect(throws: Never.self) { try alert.tap(button) }
        }
        window.context.observe(TransitionDidComplete.self, owner: record) { _, _ in answer() }
        // The alert may be shown already (the recognition ran while `recording` awaited `next`):
        // its transition event came before the observer.
        answer()
        await record.recognition?.value
        return Array(asked.values)
    }

    @Test func eachAttendeeSpeaksInTurnAndTheLastOneEndsTheMeeting() async throws {
        let (window, record) = try await recording(.attendees(3, seconds: 3))
        #expect(record.speakerIndex == 0)
        #expect(record.secondsRemaining == 3)
        for (index, remaining, sounds) in [(1, 2, 1), (2, 1, 2)] {
            app.clock.advance(by: .seconds(1))
            #expect((record.speakerIndex, record.secondsRemaining, app.sounds) == (index, remaining, sounds))
        }
        app.clock.advance(by: .seconds(1))
        #expect((record.speakerIndex, record.secondsElapsed, app.sounds) == (2, 3, 2))
        #expect(
            app.store.syncUps[0].meetings == [
                Meeting(id: UUID(0), date: Date(timeIntervalSince1970: 1_234_567_890), transcript: "")
            ])
        #expect(window.topScreen is SyncUpDetailScreen)
        app.clock.advance(by: .seconds(10))
        #expect(app.sounds == 2)
    }

    @Test func theTranscriptIsSavedWithTheMeeting() async throws {
        let (_, record) = try await recording(
            .attendees(1, seconds: 3), speech: ["I completed", "I completed the project"])
        await record.recognition?.value
        app.clock.advance(by: .seconds(3))
        #expect(app.store.syncUps[0].meetings.map(\.transcript) == ["I completed the project"])
    }

    @Test func endingEarlyAsksAndSaving() async throws {
        let (window, record) = try await recording(.mock)
        let ending = Task { try await record.endMeetingTapped() }
        let alert = try await window.next(AlertScreen.self)
        #expect(alert.shows(.endMeeting(isDiscardable: true)))
        app.clock.advance(by: .seconds(5))
        #expect((record.speakerIndex, record.secondsRemaining) == (0, 60))
        try alert.tap("Save and end")
        try await ending.value
        #expect(app.store.syncUps[0].meetings.count == 2)
        #expect(window.topScreen is SyncUpDetailScreen)
    }

    @Test func endingEarlyAndDiscardingSavesNothing() async throws {
        let window = try await recording(.mock).0
        weak let shown = window.topScreen as? RecordMeetingScreen
        let ending = Task { [weak shown] in try await shown?.endMeetingTapped() }
        try await window.next(AlertScreen.self).tap("Discard")
        try await ending.value
        #expect(app.store.syncUps == [.mock])
        #expect(window.topScreen is SyncUpDetailScreen)
        app.clock.advance(by: .seconds(60))
        #expect(shown == nil)
    }

    @Test func nextSpeakerAndPastTheLastOneAsksToEnd() async throws {
        let (window, record) = try await recording(.attendees(3, seconds: 3))
        for (index, remaining) in [(1, 2), (2, 1)] {
            try await record.nextTapped()
            #expect((record.speakerIndex, record.secondsRemaining, app.sounds) == (index, remaining, index))
        }
        let ending = Task { try await record.nextTapped() }
        let alert = try await window.next(AlertScreen.self)
        #expect(alert.shows(.endMeeting(isDiscardable: false)))
        app.clock.advance(by: .seconds(5))
        #expect((record.speakerIndex, record.secondsRemaining, app.sounds) == (2, 1, 2))
        try alert.tap("Save and end")
        try await ending.value
        #expect(app.store.syncUps[0].meetings.count == 1)
        #expect(app.sounds == 2)
    }

    @Test func aSpeechFailureAsksAndTheMeetingContinues() async throws {
        let (window, record) = try await recording(
            .attendees(1, seconds: 3), speech: ["I completed the project"], failing: true)
        #expect(await answering(record, in: window, with: "Continue meeting") == [true])
        app.clock.advance(by: .seconds(3))
        #expect(app.store.syncUps[0].meetings.map(\.transcript) == ["I completed the project ❌"])
    }

    @Test func aSpeechFailureCanDiscardTheMeeting() async throws {
        let window = try await recording(.attendees(1, seconds: 3), failing: true).0
        weak let shown = window.topScreen as? RecordMeetingScreen
        // The alert is shown before `answering` observes transitions: it still answers it.
        _ = try await window.next(AlertScreen.self)
        #expect(await answering(shown!, in: window, with: "Discard meeting") == [true])
        #expect((window.topScreen is SyncUpDetailScreen, app.store.syncUps[0].meetings.count) == (true, 0))
        #expect(shown == nil)
    }
}
