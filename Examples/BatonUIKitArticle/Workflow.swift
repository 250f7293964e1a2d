#if canImport(UIKit)
    import Baton
    import BatonUIKit
    import UIKit

    // ControllerContext's second example: a multi-screen workflow returns its result to the screen
    // that started it, through a named context.

    extension ContextValues {
        var shippingAddress: ContextEntry<String?> { .init() }
        var orderNumber: ContextEntry<String?> { .init() }
    }

    final class StoreViewController: UIViewController {
        init() {
            super.init(nibName: nil, bundle: nil)
            screenName = "store"  // names this controller's context "store"
        }

        required init?(coder: NSCoder) {
            super.init(coder: coder)
            screenName = "store"
        }

        override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            if let order = context[\.orderNumber] { title = "Order \(order) placed" }
        }

        @objc func checkoutTapped() {
            let checkout = UINavigationController(rootViewController: AddressViewController())
            present(checkout, animated: true)  // every step's context layers over this one
        }
    }

    final class AddressViewController: UIViewController {
        func addressEntered(_ address: String) {
            context.set(address, for: \.shippingAddress)
            navigationController?.pushViewController(ConfirmViewController(), animated: true)
        }
    }

    final class ConfirmViewController: UIViewController {
        func orderPlaced(number: String) {
            // Reads the address from the step before; writes the result where the store reads it.
            print("Shipping to \(context[\.shippingAddress] ?? "?")")
            // No "store" scope on the chain is an error that names the scopes there, not a lost write.
            do { try context.set(number, for: \.orderNumber, in: "store") } catch { print("Baton:", error) }
            dismiss(animated: true)
        }
    }
#endif
