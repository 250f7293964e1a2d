@_spi(Adapters) import Baton
import BatonUIKit
import CoordinatesApp
import MessageUI
import UIKit

/// Presents UIKit's text-message composer from the headless share screen, through Baton: with
/// BatonUIKit every `UIViewController` is a Baton screen, so the composer's presentation is a Baton
/// transition from the share screen (`ExternalTransition`, the core entry point BatonUIKit is built
/// on). Its context becomes a child of the share screen's, and the app's dependency coordinator
/// resolves it like any other screen: `ShareMessage.resolver()` (CoordinatesApp, tested on Linux)
/// writes the message for the model that the share screen got through the resolvers into the
/// composer's body. No code here passes the model or the text.
@MainActor
final class MessageComposer: NSObject, MFMessageComposeViewControllerDelegate {
    private var finish: ((ShareOutcome) -> Void)?
    /// The screen that presented the composer, which the dismissal returns to.
    private weak var source: (any Screen)?

    /// Registers the resolver that writes the message into the composer's body.
    static func register(in coordinator: DependencyCoordinator) throws(DependencyError) {
        try coordinator.register(ShareMessage.resolver())
    }

    /// Presents the composer over the app, as a Baton transition from the share screen.
    func compose(from share: any CoordinatesScreen, finish: @escaping (ShareOutcome) -> Void) {
        guard let presenter = Self.topViewController(), let source = share as? any Screen else {
            return finish(.failed)
        }
        let composer = MFMessageComposeViewController()
        composer.messageComposeDelegate = self
        do {
            let transition = try ExternalTransition.begin(
                .present, from: source, to: composer, identifier: ShareMessage.transitionIdentifier)
            self.finish = finish
            self.source = source
            presenter.present(composer, animated: true) { transition.complete() }
        } catch {
            finish(.failed)
        }
    }

    nonisolated func messageComposeViewController(
        _ controller: MFMessageComposeViewController, didFinishWith result: MessageComposeResult
    ) {
        let outcome: ShareOutcome =
            switch result {
            case .sent: .sent
            case .cancelled: .cancelled
            default: .failed
            }
        MainActor.assumeIsolated {
            let dismissal = source.flatMap { try? ExternalTransition.begin(.dismiss, from: controller, to: $0) }
            controller.dismiss(animated: true) { dismissal?.complete() }
            finish?(outcome)
            finish = nil
        }
    }

    /// The view controller on top of the foreground scene's key window.
    private static func topViewController() -> UIViewController? {
        let scenes = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }
        let window = scenes.flatMap(\.windows).first(where: \.isKeyWindow)
        var top = window?.rootViewController
        while let presented = top?.presentedViewController { top = presented }
        return top
    }
}

/// The composer's `body` is what the share message resolver writes.
extension MFMessageComposeViewController: @retroactive MessageBodyConfigurable {}
