#if canImport(UIKit)
    import AudioToolbox
    import UIKit

    let liveSound: @MainActor () -> Void = { AudioServicesPlaySystemSound(1057) }
    let liveOpenSettings: @MainActor () async -> Void = {
        guard let url = URL(string: UIApplication.openSettingsURLString) else { return }
        await UIApplication.shared.open(url)
    }

#else
    // Where there is no speech recognition (Linux, the tests), nothing is recorded.
    let liveSound: @MainActor () -> Void = {}
    let liveOpenSettings: @MainActor () async -> Void = {}

    extension SpeechClient {
        static let live = SpeechClient(
            authorizationStatus: { .restricted }, requestAuthorization: { .restricted },
            transcripts: { AsyncThrowingStream { $0.finish() } })
    }
#endif
