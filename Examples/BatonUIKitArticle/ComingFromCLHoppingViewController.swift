#if canImport(UIKit)
    import Baton
    import BatonUIKit
    import UIKit

    // "Coming from CLHoppingViewController", in a UIKit app.

    final class WelcomeViewController: UIViewController {
        @objc func continueTapped() {
            try? unhop()  // [self.hoppingViewController unhop]
        }
    }

    final class TermsViewController: UIViewController {
        @objc func acceptTapped() {
            // Works from any controller inside the step, here inside a navigation controller.
            try? unhop()
        }
    }

    final class OnboardingFlowViewController: HoppingViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            hopTransition = HopTransition(duration: 0.5, options: .transitionFlipFromRight)  // every hop
            try? hop(to: WelcomeViewController()) { [unowned self] in
                let terms = UINavigationController(rootViewController: TermsViewController())
                try? self.hop(to: terms, transition: .crossDissolve(duration: 0.2)) { [unowned self] in  // this hop
                    try? self.hop(toNamed: "main", then: nil)  // the nil block: a final step
                }
            }
        }
    }

    final class SplashThenMainViewController: HoppingViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            try? hop(toNamed: "splash", thenToNamed: "main")  // hopTo:thenTo:
        }
    }

    final class SettingsViewController: UIViewController {
        @objc func restartOnboardingTapped() {
            // The category's hoppingViewController: nil when no hopping view controller encloses this one.
            try? hoppingViewController?.hop(to: OnboardingFlowViewController(), then: nil)
        }
    }
#endif
