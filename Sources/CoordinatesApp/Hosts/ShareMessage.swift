import Baton

/// A screen that sends the share message, such as iOS's text-message composer: the resolver from
/// ``ShareMessage/resolver()`` writes the message into its ``body``.
///
/// ```swift
/// extension MFMessageComposeViewController: MessageBodyConfigurable {}
/// ```
@MainActor
public protocol MessageBodyConfigurable: AnyObject {
    /// The message's text.
    ///
    /// ```swift
    /// composer.body   // "I'm at 48.858400° N, 2.294500° E\n…"
    /// ```
    var body: String? { get set }
}

/// The text message that shares the position, as the share screen shows it, and the resolver that
/// hands it to a composer presented from the share screen.
///
/// ```swift
/// try app.window.dependencyCoordinator.register(ShareMessage.resolver())
/// try ExternalTransition.begin(.present, from: shareScreen, to: composer,
///                              identifier: ShareMessage.transitionIdentifier)
/// composer.body   // the message
/// ```
public enum ShareMessage {
    /// The transition identifier of a composer's presentation from the share screen.
    ///
    /// ```swift
    /// ShareMessage.transitionIdentifier   // "compose-message"
    /// ```
    public static let transitionIdentifier = "compose-message"

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

    /// A transition resolver, for transitions identified by ``transitionIdentifier`` from the share
    /// screen to a ``MessageBodyConfigurable`` screen, that writes ``text(for:)`` of the model the
    /// share screen was given into the composer's body.
    ///
    /// ```swift
    /// try coordinator.register(ShareMessage.resolver())
    /// ```
    ///
    /// - Returns: The resolver to register.
    @MainActor
    public static func resolver() -> DependencyResolver {
        .transition(identifier: transitionIdentifier) {
            (_, share: ShareScreen, composer: any MessageBodyConfigurable) in
            guard let model = share.model else {
                throw MissingModel(source: share.screenName)
            }
            composer.body = text(for: model)
        }
    }
}
