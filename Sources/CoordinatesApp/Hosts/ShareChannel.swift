/// How a phone sends the share message: as a text message when the device can send one, else
/// through the system's share sheet (mail, chat apps, copy).
///
/// ```swift
/// switch ShareChannel(canSendText: MFMessageComposeViewController.canSendText()) {
/// case .textMessage: showMessageComposer()
/// case .shareSheet: showShareSheet()
/// }
/// ```
public enum ShareChannel: Hashable, Sendable {
    /// A text message composer.
    ///
    /// ```swift
    /// ShareChannel(canSendText: true)   // .textMessage
    /// ```
    case textMessage
    /// The system share sheet.
    ///
    /// ```swift
    /// ShareChannel(canSendText: false)   // .shareSheet
    /// ```
    case shareSheet

    /// Chooses the channel.
    ///
    /// ```swift
    /// let channel = ShareChannel(canSendText: false)
    /// ```
    ///
    /// - Parameter canSendText: Whether the device can send text messages.
    public init(canSendText: Bool) {
        self = canSendText ? .textMessage : .shareSheet
    }

    /// The button title for this channel.
    ///
    /// ```swift
    /// ShareChannel.textMessage.actionTitle   // "Send as text message"
    /// ```
    public var actionTitle: String {
        switch self {
        case .textMessage: "Send as text message"
        case .shareSheet: "Share…"
        }
    }
}

/// How sending the share message ended, as the composer or the share sheet reports it.
///
/// ```swift
/// let outcome: ShareOutcome = result == .sent ? .sent : result == .cancelled ? .cancelled : .failed
/// presenter.status = outcome.statusText
/// ```
public enum ShareOutcome: Hashable, Sendable {
    /// The message was sent (or handed to the chosen app).
    ///
    /// ```swift
    /// ShareOutcome.sent.statusText   // "Message sent."
    /// ```
    case sent
    /// The user closed the composer without sending.
    ///
    /// ```swift
    /// ShareOutcome.cancelled.statusText   // "Message not sent."
    /// ```
    case cancelled
    /// Sending failed.
    ///
    /// ```swift
    /// ShareOutcome.failed.statusText   // "The message could not be sent."
    /// ```
    case failed

    /// A one-line status for the share screen.
    ///
    /// ```swift
    /// Text(outcome.statusText)
    /// ```
    public var statusText: String {
        switch self {
        case .sent: "Message sent."
        case .cancelled: "Message not sent."
        case .failed: "The message could not be sent."
        }
    }
}
