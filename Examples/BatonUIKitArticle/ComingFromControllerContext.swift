#if canImport(UIKit)
    import Baton
    import BatonUIKit
    import UIKit

    // "Coming from ControllerContext", in a UIKit app.

    final class PaletteViewController: UIViewController {
        @objc func blueTapped() {
            context.set("Blue", for: \.color)
            // The size screen's context is layered over this one, as with initWithInnerContext:.
            navigationController?.pushViewController(SizeViewController(), animated: true)
        }
    }

    final class SizeViewController: UIViewController {
        private var size: String?

        override func viewDidLoad() {
            super.viewDidLoad()
            // registerCallback:forKey:withObject:, ended when this controller is gone.
            context.onChange(of: \.size, owner: self) { controller, size in controller.size = size }
        }

        override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            title = context[\.color]  // "Blue", from the palette's context
            if let newSize = context[\.size] { size = newSize }
        }

        @objc func largeTapped() {
            context.set("Large", for: \.size)
            print(context.dump())  // dumpToConsole
        }
    }

    final class ProfileViewController: UIViewController {
        func signedIn(as userID: String) {
            // The window's app context ("app"), which every root controller's context layers over.
            // An unknown scope is an error naming the scopes on the chain, not a lost write.
            do { try context.set(userID, for: \.userID, in: "app") } catch { print("Baton:", error) }
        }
    }
#endif
