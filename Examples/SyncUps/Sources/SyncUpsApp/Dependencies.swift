import Baton
import Foundation

/// The app's dependencies: live unless a test or a preview sets its own on the window.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension ContextValues {
    @MainActor var store: ContextEntry<SyncUpStore> {
        .init(default: SyncUpStore(file: .documents, clock: .live, whenMissing: SyncUp.samples))
    }
    var uuid: ContextEntry<@Sendable () -> UUID> { .init(default: { UUID() }) }
    var now: ContextEntry<@Sendable () -> Date> { .init(default: { Date() }) }
    var clock: ContextEntry<AppClock> { .init(default: .live) }
    var speech: ContextEntry<SpeechClient> { .init(default: .live) }
    var playSound: ContextEntry<@MainActor () -> Void> { .init(default: liveSound) }
    var openSettings: ContextEntry<@MainActor () async -> Void> { .init(default: liveOpenSettings) }
}

/// Runs work on the main actor after a delay: live with `Task.sleep`, in tests when they advance
/// their own clock, at once and in order, with no sleeping.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
struct AppClock: Sendable {
    /// Schedules work after a delay and returns what cancels it.
    let after: @MainActor (Duration, @escaping @MainActor () -> Void) -> @MainActor () -> Void

    static let live = AppClock { delay, work in
        let task = Task { @MainActor in
            // A cancelled sleep means the work is no longer wanted: not an error to report.
            do { try await Task.sleep(for: delay) } catch { return }
            work()
        }
        return { task.cancel() }
    }
}

/// Whether the app may use speech recognition, as `SFSpeechRecognizerAuthorizationStatus` says.
enum SpeechAuthorization: Sendable { case notDetermined, denied, restricted, authorized }

/// Speech recognition: the authorization and a stream of the transcript so far.
struct SpeechClient: Sendable {
    var authorizationStatus: @Sendable () -> SpeechAuthorization
    var requestAuthorization: @Sendable () async -> SpeechAuthorization
    var transcripts: @Sendable () -> AsyncThrowingStream<String, any Error>
}

/// Where the sync-ups are kept: `nil` when nothing was saved yet.
struct SyncUpsFile: Sendable {
    var read: @Sendable () throws -> Data?
    var write: @Sendable (Data) throws -> Void

    static let documents = SyncUpsFile(
        read: { FileManager.default.fileExists(atPath: url.path) ? try Data(contentsOf: url) : nil },
        write: { try $0.write(to: url, options: .atomic) })
    private static var url: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0].appendingPathComponent(
            "sync-ups.json")
    }
}
