import Baton
import Foundation

/// The app's dependencies: live unless a test or a preview sets its own on the window.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension ContextValues {
    @MainActor var store: ContextEntry<SyncUpStore> {
        .init(live: SyncUpStore(file: .documents, clock: .live, whenMissing: SyncUp.samples))
    }
    @MainActor var uuid: ContextEntry<@Sendable () -> UUID> { .init(live: { UUID() }) }
    @MainActor var now: ContextEntry<@Sendable () -> Date> {
        .init(live: { Date() }, test: { Date(timeIntervalSince1970: 1_234_567_890) })
    }
    @MainActor var clock: ContextEntry<AppClock> { .init(live: .live) }
    /// No speech recognition unless the iOS app sets its live recognizer (``ScreenWindow/syncUps(speech:)``).
    @MainActor var speech: ContextEntry<SpeechClient> { .init(live: .unavailable) }
    @MainActor var playSound: ContextEntry<@MainActor () -> Void> { .init(live: liveSound) }
    @MainActor var openSettings: ContextEntry<@MainActor () async -> Void> { .init(live: liveOpenSettings) }
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
public enum SpeechAuthorization: Sendable {
    /// Not asked yet; denied; restricted on this device; allowed.
    case notDetermined, denied, restricted, authorized
}

/// Speech recognition: the authorization and a stream of the transcript so far.
public struct SpeechClient: Sendable {
    var authorizationStatus: @Sendable () -> SpeechAuthorization
    var requestAuthorization: @Sendable () async -> SpeechAuthorization
    var transcripts: @Sendable () -> AsyncThrowingStream<String, any Error>

    /// A recognizer from its three parts, for the iOS app's live one.
    public init(
        authorizationStatus: @escaping @Sendable () -> SpeechAuthorization,
        requestAuthorization: @escaping @Sendable () async -> SpeechAuthorization,
        transcripts: @escaping @Sendable () -> AsyncThrowingStream<String, any Error>
    ) {
        (self.authorizationStatus, self.requestAuthorization) = (authorizationStatus, requestAuthorization)
        self.transcripts = transcripts
    }

    static let unavailable = SpeechClient(
        authorizationStatus: { .restricted }, requestAuthorization: { .restricted },
        transcripts: { AsyncThrowingStream { $0.finish() } })
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension ScreenWindow {
    /// A scene's window whose screens recognize speech with `speech`.
    @MainActor public static func syncUps(speech: SpeechClient) -> ScreenWindow {
        let window = ScreenWindow()
        window.context[\.speech] = speech
        return window
    }
}

/// Where the sync-ups are kept: `nil` when nothing was saved yet.
struct SyncUpsFile: Sendable {
    var read: @Sendable () throws -> Data?
    var write: @Sendable (Data) throws -> Void

    static let documents = SyncUpsFile(
        read: { FileManager.default.fileExists(atPath: url.path) ? try Data(contentsOf: url) : nil },
        write: { try $0.write(to: url, options: .atomic) })
    /// In the app's documents (which iOS always gives an app; the temporary folder elsewhere).
    private static var url: URL {
        let folders = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)
        return (folders.first ?? FileManager.default.temporaryDirectory).appendingPathComponent("sync-ups.json")
    }
}
