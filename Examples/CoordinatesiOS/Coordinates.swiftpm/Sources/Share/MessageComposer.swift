import CoordinatesApp
import MessageUI
import UIKit

/// Presents UIKit's text-message composer over the app, with the share message as its body, and
/// reports how it ended.
@MainActor
final class MessageComposer: NSObject, MFMessageComposeViewControllerDelegate {
    private var finish: ((ShareOutcome) -> Void)?

    /// Shows the composer with `body`, presented by the screen that asks (`source`).
    func compose(_ body: String, from source: any CoordinatesScreen, finish: @escaping (ShareOutcome) -> Void) {
        guard let presenter = Self.topViewController() else { return finish(.failed) }
        let composer = MFMessageComposeViewController()
        composer.body = body
        composer.messageComposeDelegate = self
        self.finish = finish
        presenter.present(composer, animated: true)
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
            controller.dismiss(animated: true)
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
