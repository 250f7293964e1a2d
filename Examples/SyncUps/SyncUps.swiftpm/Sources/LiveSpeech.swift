// Not type-checked by Scripts/check-ios.sh: the iOS 17.0 SDK's Speech overlay imports
// AVFoundation, whose interface does not build with the Swift 6.3.1 compiler the check uses.
import AVFAudio
@preconcurrency import Speech
import SyncUpsApp

extension SpeechAuthorization {
    init(_ status: SFSpeechRecognizerAuthorizationStatus) {
        switch status {
        case .authorized: self = .authorized
        case .denied: self = .denied
        case .restricted: self = .restricted
        default: self = .notDetermined
        }
    }
}

extension SpeechClient {
    /// Apple's speech recognizer, in US English, on the microphone.
    static let live = SpeechClient(
        authorizationStatus: { SpeechAuthorization(SFSpeechRecognizer.authorizationStatus()) },
        requestAuthorization: {
            await withCheckedContinuation { done in
                SFSpeechRecognizer.requestAuthorization { done.resume(returning: SpeechAuthorization($0)) }
            }
        },
        transcripts: {
            AsyncThrowingStream { continuation in
                let engine = AVAudioEngine()
                let request = SFSpeechAudioBufferRecognitionRequest()
                guard let recognizer = SFSpeechRecognizer(locale: Locale(identifier: "en-US")) else {
                    return continuation.finish(throwing: CocoaError(.featureUnsupported))
                }
                do {
                    try AVAudioSession.sharedInstance().setCategory(
                        .record, mode: .measurement, options: .duckOthers)
                    try AVAudioSession.sharedInstance().setActive(true, options: .notifyOthersOnDeactivation)
                    let input = engine.inputNode
                    input.installTap(onBus: 0, bufferSize: 1024, format: input.outputFormat(forBus: 0)) {
                        buffer, _ in request.append(buffer)
                    }
                    engine.prepare()
                    try engine.start()
                } catch {
                    return continuation.finish(throwing: error)
                }
                let task = recognizer.recognitionTask(with: request) { result, error in
                    if let result { continuation.yield(result.bestTranscription.formattedString) }
                    if let error { continuation.finish(throwing: error) }
                }
                continuation.onTermination = { _ in
                    engine.stop()
                    engine.inputNode.removeTap(onBus: 0)
                    task.finish()
                }
            }
        })
}
