#if canImport(UIKit)
    import Baton
    import BatonUIKit
    import UIKit

    // CLHoppingViewController's tutorial: a start-up flow of self-contained steps, by storyboard
    // identifier ("splash", "onboarding", "main" in Main.storyboard).

    final class MyStartupViewController: HoppingViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            do {
                try hop(toNamed: "splash") { [unowned self] in
                    self.conditionalHopToOnboarding { [unowned self] in
                        do { try self.hop(toNamed: "main", then: nil) } catch { print("Baton:", error) }
                    }
                }
            } catch {
                print("Baton:", error)  // no storyboard to make "splash" from: ScreenError.unknownName
            }
        }

        private func conditionalHopToOnboarding(_ next: @escaping @MainActor () -> Void) {
            if !UserDefaults.standard.bool(forKey: "onboarded") {
                do { try hop(toNamed: "onboarding", then: next) } catch { print("Baton:", error) }
            } else {
                next()
            }
        }
    }

    final class MySplashViewController: UIViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            loadStuff { [weak self] in
                // The hopping view controller runs its continuation.
                do { try self?.unhop() } catch { print("Baton:", error) }
            }
        }

        private func loadStuff(completion: @escaping @MainActor () -> Void) {
            DispatchQueue.main.async { completion() }
        }
    }

    final class MyOnboardingViewController: UIViewController {
        @IBAction func onboardingFinished(_ sender: Any) {
            UserDefaults.standard.set(true, forKey: "onboarded")
            do { try unhop() } catch { print("Baton:", error) }  // a final step (a nil block) cannot unhop
        }
    }

    // The same flow, awaited step by step, with a login step that returns the user.

    struct User {
        let name: String
    }

    final class LoginViewController: UIViewController {
        func loggedIn(as name: String) {
            finish(with: User(name: name))
        }
    }

    final class AwaitingStartupViewController: HoppingViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            hopTransition = .crossDissolve(duration: 0.4)  // every hop of this container
            Task {
                try await hop(to: MySplashViewController())
                let user = try await hop(to: LoginViewController(), returning: User.self)
                context.set(user.name, for: \.userID)
                try hop(to: MainViewController(), transition: .immediate, then: nil)  // this hop only
            }
        }
    }
#endif
