#if canImport(UIKit)
    import Baton
    import BatonUIKit
    import UIKit

    // "Coming from CLHoppingViewController", in a UIKit app.

    final class WelcomeViewController: UIViewController {
        @objc func continueTapped() {
            do { try unhop() } catch { print("Baton:", error) }  // [self.hoppingViewController unhop]
        }
    }

    final class TermsViewController: UIViewController {
        @objc func acceptTapped() {
            // Works from any controller inside the step, here inside a navigation controller.
            do { try unhop() } catch { print("Baton:", error) }
        }
    }

    final class OnboardingFlowViewController: HoppingViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            hopTransition = HopTransition(duration: 0.5, options: .transitionFlipFromRight)  // every hop
            do {
                try hop(to: WelcomeViewController()) { [unowned self] in
                    let terms = UINavigationController(rootViewController: TermsViewController())
                    // The transition of this hop only.
                    do {
                        try self.hop(to: terms, transition: .crossDissolve(duration: 0.2)) { [unowned self] in
                            // The nil block: a final step.
                            do { try self.hop(toNamed: "main", then: nil) } catch { print("Baton:", error) }
                        }
                    } catch {
                        print("Baton:", error)
                    }
                }
            } catch {
                print("Baton:", error)
            }
        }
    }

    final class SplashThenMainViewController: HoppingViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            do { try hop(toNamed: "splash", thenToNamed: "main") } catch { print("Baton:", error) }  // hopTo:thenTo:
        }
    }

    final class SettingsViewController: UIViewController {
        @objc func restartOnboardingTapped() {
            // The category's hoppingViewController: nil when no hopping view controller encloses this one.
            do {
                try hoppingViewController?.hop(to: OnboardingFlowViewController(), then: nil)
            } catch {
                print("Baton:", error)
            }
        }
    }
#endif
