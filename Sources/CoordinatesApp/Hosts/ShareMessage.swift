/// The text message that shares the position, as the share screen shows it: what the iOS app
/// sends as a text message or through the share sheet.
///
/// ```swift
/// ShareMessage.text(for: model)   // "I'm at 48.858400° N, 2.294500° E\n…"
/// ```
public enum ShareMessage {
    /// The message for the model's position and target, lines separated by newlines: the three
    /// formats, a `geo:` link and, when a target is set, the bearing and distance to it.
    ///
    /// ```swift
    /// ShareMessage.text(for: model)
    /// ```
    ///
    /// - Parameter model: The model.
    /// - Returns: The message.
    @MainActor
    public static func text(for model: CoordinatesModel) -> String {
        ShareScreen.message(for: model).joined(separator: "\n")
    }
}
