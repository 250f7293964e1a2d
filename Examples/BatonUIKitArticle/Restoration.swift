#if canImport(UIKit)
    import Baton
    import BatonUIKit
    import UIKit

    // Navigation as data in UIKit: routes, deep links and scene restoration, one Baton window per
    // UIScene (article "Using Baton with UIKit", "Scenes, restoration and deep links").

    final class ProductListViewController: UITableViewController {
        var productIDs: [Int] = []

        override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
            super.prepare(for: segue, sender: sender)
            if segue.identifier == "showProduct", let row = (sender as? IndexPath)?.row {
                segue.setDestinationRoute(ShopRoute.product(id: productIDs[row]))  // a routed screen
            }
        }
    }

    final class ProductViewController: UIViewController {
        let productID: Int
        init(productID: Int) {
            self.productID = productID
            super.init(nibName: nil, bundle: nil)
        }
        required init?(coder: NSCoder) { nil }
    }

    final class CartViewController: UIViewController {
        override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
            super.prepare(for: segue, sender: sender)
            if segue.identifier == "browseCatalog" {  // a navigation controller, the list its storyboard root
                segue.setDestinationRoute(ShopRoute.catalog, root: .products)
            }
        }
    }

    final class DebugMenuViewController: UIViewController {
        override var isRouteless: Bool { true }  // not reported, and left out when saving
    }

    enum ShopRoute: ViewControllerRoute {
        case main, catalog, products, product(id: Int), cart

        func makeViewController() throws -> UIViewController {
            switch self {
            case .main:
                let tabs = UITabBarController()
                tabs.viewControllers = [try ShopRoute.catalog.viewController(), try ShopRoute.cart.viewController()]
                return tabs
            case .catalog: return UINavigationController(rootViewController: try ShopRoute.products.viewController())
            case .products: return ProductListViewController()
            case .product(let id): return ProductViewController(productID: id)
            case .cart: return CartViewController()
            }
        }

        static let links = ScreenLinks<ShopRoute>([LinkPattern("shop://product/{id}", .product(id: 0))]) { route in
            .tabs(.main, [.stack(.catalog, [.products, route]), ScreenTree(.cart)], selected: 0)
        }
    }

    final class ShopSceneDelegate: UIResponder, UIWindowSceneDelegate {
        var window: UIWindow?

        func scene(
            _ scene: UIScene, willConnectTo session: UISceneSession,
            options connectionOptions: UIScene.ConnectionOptions
        ) {
            guard let scene = scene as? UIWindowScene else { return }
            let window = UIWindow(windowScene: scene)  // its own Baton window: window.batonWindow
            self.window = window
            window.makeKeyAndVisible()
            // The saved screens, when UIKit has them at connection (a locked device may give them later).
            let json = session.stateRestorationActivity?.userInfo?["screens"] as? String
            let urls = connectionOptions.urlContexts.map(\.url.absoluteString)
            for failure in window.launch(ShopRoute.main, restoring: json, opening: urls, with: ShopRoute.links) {
                print("Baton:", failure)  // the root, a saved part that no longer fits, a link
            }
        }

        func scene(_ scene: UIScene, restoreInteractionStateWith activity: NSUserActivity) {
            guard let json = activity.userInfo?["screens"] as? String else { return }
            for failure in window?.restoreLate(json, as: ShopRoute.self) ?? [] { print("Baton:", failure) }
        }

        func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? {
            var activity: NSUserActivity?
            report {
                guard let saved = try window?.saveScreenTree(ShopRoute.self) else { return }
                for part in saved.leftOut { print("Baton:", part) }  // an alert, a screen without a route
                activity = NSUserActivity(activityType: "com.example.shop.screens")
                activity?.addUserInfoEntries(from: ["screens": saved.json])
            }
            return activity
        }

        func scene(_ scene: UIScene, openURLContexts contexts: Set<UIOpenURLContext>) {
            for context in contexts {
                report { try window?.open(context.url.absoluteString, with: ShopRoute.links) }
            }
        }

        /// Logs what Baton could not do, so that nothing fails silently.
        private func report(_ body: () throws -> Void) {
            do { try body() } catch { print("Baton:", error) }
        }
    }

    @MainActor
    func showProduct(_ id: Int, in navigationController: UINavigationController) throws {
        navigationController.pushViewController(try ShopRoute.product(id: id).viewController(), animated: true)
    }
#endif
