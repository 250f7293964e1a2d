#if canImport(UIKit)
    import Baton
    import BatonUIKit
    import UIKit

    // CLHoppingViewController's tutorial: a start-up flow of self-contained steps, by storyboard
    // identifier ("splash", "onboarding", "main" in Main.storyboard).

    final class MyStartupViewController: HoppingViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            try? hop(toNamed: "splash") { [unowned self] in
                self.conditionalHopToOnboarding { [unowned self] in
                    try? self.hop(toNamed: "main", then: nil)
                }
            }
        }

        private func conditionalHopToOnboarding(_ next: @escaping @MainActor () -> Void) {
            if !UserDefaults.standard.bool(forKey: "onboarded") {
                try? hop(toNamed: "onboarding", then: next)
            } else {
                next()
            }
        }
    }

    final class MySplashViewController: UIViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            loadStuff { [weak self] in
                try? self?.unhop()  // the hopping view controller runs its continuation
            }
        }

        private func loadStuff(completion: @escaping @MainActor () -> Void) {
            DispatchQueue.main.async { completion() }
        }
    }

    final class MyOnboardingViewController: UIViewController {
        @IBAction func onboardingFinished(_ sender: Any) {
            UserDefaults.standard.set(true, forKey: "onboarded")
            try? unhop()
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
