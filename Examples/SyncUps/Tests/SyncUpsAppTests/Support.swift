import Baton
import BatonTesting
import Foundation

@testable import SyncUpsApp

/// A clock the test moves: `advance(by:)` runs what is due, in order, at once, on the main actor.
@MainActor
final class TestClock {
    private var now = Duration.zero
    private var due: [(at: Duration, order: Int, work: @MainActor () -> Void)] = []
    private var scheduled = 0

    var clock: AppClock {
        AppClock { [self] delay, work in
            scheduled += 1
            let order = scheduled
            due.append((now + delay, order, work))
            return { [weak self] in self?.due.removeAll { $0.order == order } }
        }
    }

    func advance(by duration: Duration) {
        let end = now + duration
        while let next = due.filter({ $0.at <= end }).min(by: { ($0.at, $0.order) < ($1.at, $1.order) }) {
            due.removeAll { $0.order == next.order }
            now = next.at
            next.work()
        }
        now = end
    }
}

/// The test's dependencies, set on its window; the clock and the sound count are the test's.
@MainActor
final class TestApp {
    let clock = TestClock()
    var sounds = 0
    var settingsOpened = false
    var ids = 0
    lazy var store = SyncUpStore(file: SyncUpsFile(read: { nil }, write: { _ in }), clock: clock.clock)
    var speech = SpeechClient(
        authorizationStatus: { .denied }, requestAuthorization: { .denied },
        transcripts: { AsyncThrowingStream { $0.finish() } })

    /// Launches the app, restoring `saved` if given, and returns its window, shown.
    func launch(_ syncUps: [SyncUp] = [], restoring saved: String? = nil) throws -> ScreenWindow {
        store.syncUps = syncUps
        let window = ScreenWindow()
        window.context[\.store] = store
        window.context[\.clock] = clock.clock
        window.context[\.speech] = speech
        window.context[\.uuid] = { [unowned self] in MainActor.assumeIsolated { nextID() } }
        window.context[\.playSound] = { [unowned self] in sounds += 1 }
        window.context[\.openSettings] = { [unowned self] in settingsOpened = true }
        if let failure = window.launch(Route.app, restoring: saved).first { throw failure }
        window.makeVisible()
        return window
    }
}

extension UUID {
    /// 00000000-0000-0000-0000-00000000000n, as swift-dependencies' incrementing generator makes.
    init(_ value: Int) {
        self.init(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, UInt8(value >> 8), UInt8(value & 255)))
    }
}

extension TestApp {
    func nextID() -> UUID {
        defer { ids += 1 }
        return UUID(ids)
    }
}

extension SyncUp {
    static let mock = SyncUp(
        id: UUID(100), attendees: (1...6).map { Attendee(id: UUID(200 + $0), name: "Blob \($0)") },
        duration: .seconds(60),
        meetings: [Meeting(id: UUID(300), date: Date(timeIntervalSince1970: 0), transcript: "Hi")],
        theme: .orange, title: "Design")

    static func attendees(_ count: Int, seconds: Int) -> SyncUp {
        SyncUp(id: UUID(100), attendees: (1...count).map { Attendee(id: UUID(200 + $0)) }, duration: .seconds(seconds))
    }
}
