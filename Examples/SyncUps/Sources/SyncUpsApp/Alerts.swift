import Baton

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension ScreenAlert where Choice == Bool {
    static let deleteSyncUp = ScreenAlert(
        "Delete?", message: "Are you sure you want to delete this sync-up?",
        buttons: [.destructive("Yes", true), .cancel("Nevermind", false)])

    /// Discarding is `true`.
    static let speechRecognizerFailed = ScreenAlert(
        "Speech recognition failure",
        message: "The speech recognizer has failed for some reason and so your meeting will no longer be recorded."
            + " What do you want to do?",
        buttons: [.cancel("Continue meeting", false), .destructive("Discard meeting", true)])
}

enum SpeechChoice { case continueWithoutRecording, openSettings, cancel }

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension ScreenAlert where Choice == SpeechChoice {
    static let speechDenied = ScreenAlert(
        "Speech recognition denied",
        message: "You previously denied speech recognition and so your meeting will not be recorded. You can"
            + " enable speech recognition in settings, or you can continue without recording.",
        buttons: [
            .init("Continue without recording", .continueWithoutRecording), .init("Open settings", .openSettings),
            .cancel("Cancel", .cancel),
        ])

    static let speechRestricted = ScreenAlert(
        "Speech recognition restricted",
        message: "Your device does not support speech recognition and so your meeting will not be recorded.",
        buttons: [.init("Continue without recording", .continueWithoutRecording), .cancel("Cancel", .cancel)])
}

enum EndChoice { case save, discard, resume }

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension ScreenAlert where Choice == EndChoice {
    static func endMeeting(isDiscardable: Bool) -> Self {
        ScreenAlert(
            "End meeting?", message: "You are ending the meeting early. What would you like to do?",
            buttons: [.init("Save and end", .save)] + (isDiscardable ? [.destructive("Discard", .discard)] : [])
                + [.cancel("Resume", .resume)])
    }
}
