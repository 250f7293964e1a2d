import Baton
import Foundation
import Observation

/// Every screen as the data that recreates it: what links open and restoration saves.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
public enum Route: ScreenRoute {
    case app, list, detail(id: UUID), meeting(id: UUID, syncUp: UUID), record(id: UUID)

    /// The screen of this route.
    public func makeScreen() throws -> ScreenModel {
        switch self {
        case .app: try StackScreen(root: Route.list.screen(), name: "app")
        case .list: SyncUpsListScreen(name: "list")
        case .detail(let id): SyncUpDetailScreen(id: id)
        case .meeting(let id, let syncUp): MeetingScreen(id: id, syncUp: syncUp)
        case .record(let id): RecordMeetingScreen(id: id)
        }
    }

    /// `syncups://syncup/<id>` shows that sync-up over the list.
    public static let links = ScreenLinks<Route>([LinkPattern("syncups://syncup/{id}", .detail(id: UUID()))]) {
        .stack(.app, [.list, $0])
    }
}

/// A link or a restored screen names a sync-up the store does not have (it was deleted).
struct SyncUpNotFound: Error, Equatable, CustomStringConvertible {
    let id: UUID
    var description: String { "No sync-up has the id \(id): it was deleted, or the link is wrong." }
}

/// A screen that shows one sync-up of the store.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
class SyncUpScreen: ScreenModel {
    let id: UUID
    init(id: UUID, name: String) {
        self.id = id
        super.init(name: name)
    }
    /// The sync-up, or an empty one while ``notFound`` says why there is none.
    var syncUp: SyncUp {
        get { context[\.store][id] ?? SyncUp(id: id) }
        set { context[\.store][id] = newValue }
    }
    /// Set when the store has no sync-up with this id (a link or a restored screen to a deleted
    /// one): the screen shows "not found" and its actions throw this error instead of editing nothing.
    var notFound: SyncUpNotFound? { context[\.store][id] == nil ? SyncUpNotFound(id: id) : nil }
    /// Throws ``notFound`` when there is no sync-up to act on.
    func requireSyncUp() throws(SyncUpNotFound) { if let notFound { throw notFound } }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
final class SyncUpsListScreen: ScreenModel {
    func addTapped() async throws {
        let form = SyncUpFormScreen(SyncUp(id: context[\.uuid]()), title: "New sync-up", done: "Add")
        guard var syncUp = try await present(form, returningIfFinished: SyncUp.self) else { return }
        syncUp.attendees.removeAll { $0.name.allSatisfy(\.isWhitespace) }
        if syncUp.attendees.isEmpty { syncUp.attendees.append(Attendee(id: context[\.uuid]())) }
        context[\.store].syncUps.append(syncUp)
    }
}

/// The add and edit sheet: finishes with the edited sync-up; Cancel and a swipe dismiss it. It has no
/// route, on purpose: a relaunch does not restore a half-edited sheet.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@Observable
final class SyncUpFormScreen: ScreenModel {
    enum Field: Hashable { case title, attendee(UUID) }
    var syncUp: SyncUp
    var focus: Field? = .title
    let title: String, done: String
    override var isRouteless: Bool { true }

    init(_ syncUp: SyncUp, title: String, done: String) {
        (self.syncUp, self.title, self.done) = (syncUp, title, done)
        super.init(name: "form")
    }

    override func willAppear() {
        if syncUp.attendees.isEmpty { syncUp.attendees.append(Attendee(id: context[\.uuid]())) }
    }

    func addAttendeeTapped() {
        let attendee = Attendee(id: context[\.uuid]())
        syncUp.attendees.append(attendee)
        focus = .attendee(attendee.id)
    }

    func deleteAttendees(atOffsets indices: IndexSet) {
        syncUp.attendees.removeAll(at: indices)
        if syncUp.attendees.isEmpty { syncUp.attendees.append(Attendee(id: context[\.uuid]())) }
        guard let first = indices.first else { return }
        focus = .attendee(syncUp.attendees[min(first, syncUp.attendees.count - 1)].id)
    }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
final class SyncUpDetailScreen: SyncUpScreen {
    init(id: UUID) { super.init(id: id, name: "detail") }

    func editTapped() async throws {
        try requireSyncUp()
        let form = SyncUpFormScreen(syncUp, title: syncUp.title, done: "Done")
        if let edited = try await present(form, returningIfFinished: SyncUp.self) { syncUp = edited }
    }

    func deleteTapped() async throws {
        try requireSyncUp()
        guard try await present(.deleteSyncUp) else { return }
        finish()
        context[\.store][id] = nil
    }

    func deleteMeetings(atOffsets indices: IndexSet) { syncUp.meetings.removeAll(at: indices) }

    func startMeetingTapped() async throws {
        try requireSyncUp()
        switch context[\.speech].authorizationStatus() {
        case .notDetermined, .authorized: try push(Route.record(id: id))
        case .restricted:
            if try await present(.speechRestricted) == .continueWithoutRecording { try push(Route.record(id: id)) }
        case .denied:
            switch try await present(.speechDenied) {
            case .continueWithoutRecording: try push(Route.record(id: id))
            case .openSettings: await context[\.openSettings]()
            case .cancel: break
            }
        }
    }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
final class MeetingScreen: SyncUpScreen {
    let meetingID: UUID
    init(id: UUID, syncUp: UUID) {
        meetingID = id
        super.init(id: syncUp, name: "meeting")
    }
    var meeting: Meeting? { syncUp.meetings.first { $0.id == meetingID } }
}

/// A meeting in progress: a tick a second, each attendee's share in turn, the transcript.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@Observable
final class RecordMeetingScreen: SyncUpScreen {
    private(set) var secondsElapsed = 0
    private(set) var speakerIndex = 0
    private(set) var transcript = ""
    @ObservationIgnored private(set) var recognition: Task<Void, Never>?  // awaited by tests
    @ObservationIgnored private var cancelTick: (@MainActor () -> Void)?

    init(id: UUID) { super.init(id: id, name: "record") }

    var secondsRemaining: Int { Int(syncUp.duration.components.seconds) - secondsElapsed }

    override func didAppear() {
        guard recognition == nil else { return }
        scheduleTick()
        let speech = context[\.speech]  // read now: the task may start after the whole window is gone
        recognition = task { try await self.recognize(speech) }
    }

    override func didDisappear() { cancelTick?() }  // an alert leaves it on screen: only leaving stops the clock

    func nextTapped() async throws {
        guard speakerIndex < syncUp.attendees.count - 1 else {
            if try await present(.endMeeting(isDiscardable: false)) == .save { save() }
            return
        }
        speakerIndex += 1
        context[\.playSound]()
        secondsElapsed = speakerIndex * syncUp.secondsPerAttendee
    }

    func endMeetingTapped() async throws {
        switch try await present(.endMeeting(isDiscardable: true)) {
        case .save: save()
        case .discard: finish()
        case .resume: break
        }
    }

    private func scheduleTick() {
        cancelTick = context[\.clock].after(.seconds(1)) { [weak self] in self?.tick() }
    }

    private func tick() {
        scheduleTick()
        guard presentedScreen == nil else { return }  // paused while an alert asks
        secondsElapsed += 1
        guard secondsElapsed.isMultiple(of: syncUp.secondsPerAttendee) else { return }
        if speakerIndex == syncUp.attendees.count - 1 { return save() }
        speakerIndex += 1
        context[\.playSound]()
    }

    private func recognize(_ speech: SpeechClient) async throws {
        var status = speech.authorizationStatus()
        if status == .notDetermined { status = await speech.requestAuthorization() }
        guard status == .authorized else { return }
        do {
            for try await text in speech.transcripts() { transcript = text }
        } catch {
            if !transcript.isEmpty { transcript += " ❌" }
            if try await present(.speechRecognizerFailed) { finish() }
        }
    }

    private func save() {
        cancelTick?()
        let meeting = Meeting(id: context[\.uuid](), date: context[\.now](), transcript: transcript)
        syncUp.meetings.insert(meeting, at: 0)
        finish()
    }
}
