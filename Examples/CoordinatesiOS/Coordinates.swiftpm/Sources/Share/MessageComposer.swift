import Baton
import BatonUIKit
import CoordinatesApp
import MessageUI
import UIKit

/// Presents UIKit's text-message composer from the headless share screen, through Baton: with
/// BatonUIKit every `UIViewController` is a Baton screen, so the composer's presentation is a Baton
/// transition from the share screen. Its context becomes a child of the share screen's, and the
/// app's dependency coordinator resolves it like any other screen: the resolver that
/// ``register(in:)`` adds writes the share message (`ShareReport`, from the model the share screen
/// got through the resolvers) into the composer's body. No code here passes the model or the text.
@MainActor
final class MessageComposer: NSObject, MFMessageComposeViewControllerDelegate {
    /// The transition identifier of the composer's presentation, which the resolver matches.
    static let transitionIdentifier = "compose-message"

    private var finish: ((ShareOutcome) -> Void)?
    /// The screen that presented the composer, which the dismissal returns to.
    private weak var source: (any Screen)?

    /// Registers the resolver that fills in the composer's body when the share screen presents it.
    static func register(in coordinator: DependencyCoordinator) throws(DependencyError) {
        try coordinator.register(
            .transition(identifier: transitionIdentifier) {
                (_, share: any CoordinatesScreen, composer: MFMessageComposeViewController) in
                guard let model = share.model else { return }
                composer.body = ShareReport(position: model.position, target: model.target).text
            })
    }

    /// Presents the composer over the app, as a Baton transition from `source`.
    func compose(from share: any CoordinatesScreen, finish: @escaping (ShareOutcome) -> Void) {
        guard let presenter = Self.topViewController(), let source = share as? any Screen else {
            return finish(.failed)
        }
        let composer = MFMessageComposeViewController()
        composer.messageComposeDelegate = self
        do {
            let transition = try ExternalTransition.begin(
                .present, from: source, to: composer, identifier: Self.transitionIdentifier)
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
