import Baton
import BatonTesting
import Foundation
import Testing

@testable import SyncUpsApp

@MainActor
@Suite(.isolatedBaton)
struct ListAndFormTests {
    let app = TestApp()

    /// The add sheet, shown from the list, and the await of the list's add.
    func adding() throws -> (ScreenWindow, SyncUpsListScreen, Task<Void, any Error>) {
        let window = try app.launch()
        let list = try #require(window.screen(SyncUpsListScreen.self))
        return (window, list, Task { try await list.addTapped() })
    }

    @Test func addingSavesTheSyncUpWithItsAttendees() async throws {
        let (window, _, adding) = try adding()
        weak let form = try await window.next(SyncUpFormScreen.self)
        form?.syncUp.title = "Engineering"
        form?.syncUp.attendees[0].name = "Blob"
        form?.addAttendeeTapped()
        form?.syncUp.attendees[1].name = "Blob Jr."
        form?.finish(with: form?.syncUp)
        try await adding.value
        #expect(form == nil)
        #expect(
            app.store.syncUps == [
                SyncUp(
                    id: UUID(0),
                    attendees: [Attendee(id: UUID(1), name: "Blob"), Attendee(id: UUID(2), name: "Blob Jr.")],
                    title: "Engineering")
            ])
    }

    @Test func blankAttendeesAreDroppedAndOneIsLeft() async throws {
        let (window, _, adding) = try adding()
        let form = try await window.next(SyncUpFormScreen.self)
        form.syncUp.title = "Design"
        form.syncUp.attendees = [Attendee(id: UUID(50), name: ""), Attendee(id: UUID(51), name: "    ")]
        form.finish(with: form.syncUp)
        try await adding.value
        #expect(app.store.syncUps == [SyncUp(id: UUID(0), attendees: [Attendee(id: UUID(2))], title: "Design")])
    }

    @Test func dismissingTheSheetAddsNothing() async throws {
        let (window, _, adding) = try adding()
        try await window.next(SyncUpFormScreen.self).dismiss()
        try await adding.value
        #expect(app.store.syncUps.isEmpty)
    }

    @Test func aNewAttendeeTakesTheFocus() async throws {
        let (window, _, _) = try adding()
        let form = try await window.next(SyncUpFormScreen.self)
        #expect(form.syncUp.attendees == [Attendee(id: UUID(1))])
        #expect(form.focus == .title)
        form.addAttendeeTapped()
        #expect(form.syncUp.attendees == [Attendee(id: UUID(1)), Attendee(id: UUID(2))])
        #expect(form.focus == .attendee(UUID(2)))
    }

    @Test func removingAnAttendeeFocusesTheNextOneOrANewOne() async throws {
        let (window, _, _) = try adding()
        let form = try await window.next(SyncUpFormScreen.self)
        form.syncUp.attendees = (1...4).map { Attendee(id: UUID($0)) }
        app.ids = 5
        for (offset, focus, left) in [(0, 2, [2, 3, 4]), (1, 4, [2, 4]), (1, 2, [2]), (0, 5, [5])] {
            form.deleteAttendees(atOffsets: [offset])
            #expect(form.focus == .attendee(UUID(focus)))
            #expect(form.syncUp.attendees.map(\.id) == left.map(UUID.init))
        }
    }

    // MARK: - The file

    @Test func theListIsReadAtLaunchAndWrittenASecondAfterTheLastChange() async throws {
        let saved = try JSONEncoder().encode([SyncUp.mock])
        let writes = Writes()
        let file = SyncUpsFile(
            read: { saved }, write: { data in MainActor.assumeIsolated { writes.data.append(data) } })
        let store = SyncUpStore(file: file, clock: app.clock.clock)
        #expect(store.syncUps == [.mock])
        store.syncUps[0].title = "Design review"
        app.clock.advance(by: .milliseconds(900))
        store.syncUps[0].theme = .sky
        app.clock.advance(by: .milliseconds(900))
        #expect(writes.data.isEmpty)
        app.clock.advance(by: .milliseconds(100))
        #expect(try writes.data.map { try JSONDecoder().decode([SyncUp].self, from: $0) } == [store.syncUps])
        #expect(store.syncUps[0].title == "Design review")
    }

    @Test func aWriteToADeletedSyncUpIsReportedNotLostSilently() {
        app.store[UUID(9)] = SyncUp(id: UUID(9), title: "Gone")  // a meeting saved after another scene deleted it
        #expect(app.store.syncUps.isEmpty)
        #expect(app.store.problem == "A change was not saved: no sync-up has the id \(UUID(9)) (it was deleted).")
    }

    @Test func anUnreadableFileIsShownAndSampleDataReplacesIt() throws {
        let store = SyncUpStore(file: SyncUpsFile(read: { Data("{".utf8) }, write: { _ in }), clock: app.clock.clock)
        #expect(store.syncUps.isEmpty)
        #expect(store.problem?.hasPrefix("The sync-ups could not be read: ") == true)
        store.loadSamples()
        #expect(store.syncUps.map(\.title) == ["Design", "Engineering", "Product"])
        #expect(store.problem == nil)
    }
}

@MainActor
final class Writes {
    var data: [Data] = []
}
