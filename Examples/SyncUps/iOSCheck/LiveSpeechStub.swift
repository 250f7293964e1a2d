// Read by Scripts/check-ios.sh only, in place of SyncUps.swiftpm/Sources/LiveSpeech.swift, which
// imports Speech: the iOS 17.0 SDK's Speech overlay imports AVFoundation, whose interface does not
// build with the Swift 6.3.1 compiler the check uses. The same declaration, with no recognizer.
import SyncUpsApp

extension SpeechClient {
    static let live = SpeechClient(
        authorizationStatus: { .restricted }, requestAuthorization: { .restricted },
        transcripts: { AsyncThrowingStream { $0.finish() } })
}
