#if canImport(UIKit)
    import Baton
    import BatonUIKit
    import UIKit

    // ControllerContext's first example: a sign-up screen returns the user ID through a shared context.

    extension ContextValues {
        var userID: ContextEntry<String?> { .init() }
    }

    final class MainViewController: UIViewController {
        private let userLabel = UILabel()

        override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            // Read what the sign-up screen left in the shared context.
            userLabel.text = context[\.userID].map { "Signed in as \($0)" } ?? "Not signed in"
        }

        @objc func signUpTapped() {
            // `.share`: the sign-up screen uses this controller's context itself.
            do { try present(SignUpViewController(), wiring: .share) } catch { print("Baton:", error) }
        }
    }

    final class SignUpViewController: UIViewController {
        func signUpSucceeded(userID: String) {
            context.set(userID, for: \.userID)
            dismiss(animated: true)
        }
    }
#endif
