/// An alert or a confirmation dialog as data: a title, a message and the buttons, each with the
/// typed choice it stands for. Present it with ``ScreenModel/present(_:)`` and await the choice.
///
/// ```swift
/// enum EndChoice { case save, discard, resume }
///
/// let endMeeting = ScreenAlert<EndChoice>(
///     "End meeting?", message: "You are ending the meeting early. What would you like to do?",
///     buttons: [.init("Save and end", .save), .destructive("Discard", .discard), .cancel("Resume", .resume)])
/// switch try await record.present(endMeeting) {
/// case .save: save()
/// case .discard: record.finish()
/// case .resume: break
/// }
/// ```
///
/// A value, so an app declares its alerts once, as static members or functions, and a test can
/// compare what it sees (``AlertScreen``) with them.
public struct ScreenAlert<Choice> {
    /// The title.
    ///
    /// ```swift
    /// endMeeting.title   // "End meeting?"
    /// ```
    public var title: String
    /// The text under the title, if any.
    ///
    /// ```swift
    /// endMeeting.message   // "You are ending the meeting early. …"
    /// ```
    public var message: String?
    /// An alert in the middle of the screen, or a confirmation dialog (an action sheet).
    ///
    /// ```swift
    /// endMeeting.style   // .alert
    /// ```
    public var style: AlertStyle
    /// The buttons, in order.
    ///
    /// ```swift
    /// endMeeting.buttons.map(\.label)   // ["Save and end", "Discard", "Resume"]
    /// ```
    public var buttons: [AlertButton<Choice>]

    /// Makes an alert or a confirmation dialog.
    ///
    /// ```swift
    /// let delete = ScreenAlert<Bool>(
    ///     "Delete?", message: "Are you sure?", buttons: [.destructive("Yes", true), .cancel("Nevermind", false)])
    /// ```
    ///
    /// - Parameters:
    ///   - title: The title.
    ///   - message: The text under the title.
    ///   - style: ``AlertStyle/alert`` or ``AlertStyle/confirmationDialog``.
    ///   - buttons: The buttons, in order. When the user dismisses it without a button (a tap
    ///     outside a dialog), the choice is that of the ``AlertButtonRole/cancel`` button.
    public init(
        _ title: String, message: String? = nil, style: AlertStyle = .alert, buttons: [AlertButton<Choice>]
    ) {
        self.title = title
        self.message = message
        self.style = style
        self.buttons = buttons
    }
}

extension ScreenAlert: Equatable where Choice: Equatable {}
extension ScreenAlert: Hashable where Choice: Hashable {}
extension ScreenAlert: Sendable where Choice: Sendable {}

/// One button of a ``ScreenAlert``: its label, its role and the choice it stands for.
///
/// ```swift
/// AlertButton("Save and end", EndChoice.save)
/// AlertButton.destructive("Discard", EndChoice.discard)
/// AlertButton.cancel("Resume", EndChoice.resume)
/// ```
public struct AlertButton<Choice> {
    /// The button's text.
    ///
    /// ```swift
    /// AlertButton("Yes", true).label   // "Yes"
    /// ```
    public var label: String
    /// Whether it cancels or destroys; `nil` for a plain button.
    ///
    /// ```swift
    /// AlertButton.cancel("Nevermind", false).role   // .cancel
    /// ```
    public var role: AlertButtonRole?
    /// What the await of ``ScreenModel/present(_:)`` returns when the user taps it.
    ///
    /// ```swift
    /// AlertButton("Yes", true).choice   // true
    /// ```
    public var choice: Choice

    /// A button.
    ///
    /// ```swift
    /// AlertButton("Continue without recording", DetailChoice.continueWithoutRecording)
    /// ```
    ///
    /// - Parameters:
    ///   - label: The button's text.
    ///   - choice: What the await returns when the user taps it.
    ///   - role: ``AlertButtonRole/cancel``, ``AlertButtonRole/destructive`` or `nil`.
    public init(_ label: String, _ choice: Choice, role: AlertButtonRole? = nil) {
        self.label = label
        self.choice = choice
        self.role = role
    }

    /// A button with the cancel role: drawn apart, and chosen when the user dismisses the alert
    /// without a button.
    ///
    /// ```swift
    /// .cancel("Resume", EndChoice.resume)
    /// ```
    ///
    /// - Parameters:
    ///   - label: The button's text.
    ///   - choice: What the await returns when the user taps it or dismisses the alert.
    /// - Returns: The button.
    public static func cancel(_ label: String, _ choice: Choice) -> Self {
        Self(label, choice, role: .cancel)
    }

    /// A button with the destructive role: drawn in red.
    ///
    /// ```swift
    /// .destructive("Discard", EndChoice.discard)
    /// ```
    ///
    /// - Parameters:
    ///   - label: The button's text.
    ///   - choice: What the await returns when the user taps it.
    /// - Returns: The button.
    public static func destructive(_ label: String, _ choice: Choice) -> Self {
        Self(label, choice, role: .destructive)
    }
}

extension AlertButton: Equatable where Choice: Equatable {}
extension AlertButton: Hashable where Choice: Hashable {}
extension AlertButton: Sendable where Choice: Sendable {}

/// The role of an ``AlertButton``, as SwiftUI's `ButtonRole` and UIKit's `UIAlertAction.Style`.
///
/// ```swift
/// AlertButton("Discard", EndChoice.discard, role: .destructive)
/// ```
public enum AlertButtonRole: Hashable, Sendable {
    /// Cancels: drawn apart, and chosen when the alert is dismissed without a button.
    ///
    /// ```swift
    /// AlertButton("Nevermind", false, role: .cancel)
    /// ```
    case cancel
    /// Destroys data: drawn in red.
    ///
    /// ```swift
    /// AlertButton("Delete", true, role: .destructive)
    /// ```
    case destructive
}

/// How a ``ScreenAlert`` is shown: SwiftUI's `alert` or `confirmationDialog`, UIKit's
/// `UIAlertController.Style.alert` or `.actionSheet`.
///
/// ```swift
/// ScreenAlert("Delete?", style: .confirmationDialog, buttons: [.destructive("Delete", true)])
/// ```
public enum AlertStyle: Hashable, Sendable {
    /// An alert in the middle of the screen.
    ///
    /// ```swift
    /// ScreenAlert("Saved", buttons: [.cancel("OK", ())]).style   // .alert
    /// ```
    case alert
    /// A confirmation dialog (an action sheet) at the bottom of the screen; a tap outside it
    /// dismisses it without a button.
    ///
    /// ```swift
    /// ScreenAlert("Delete?", style: .confirmationDialog, buttons: [.destructive("Delete", true)])
    /// ```
    case confirmationDialog
}
