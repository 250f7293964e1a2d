#if canImport(UIKit)
    import Baton
    import BatonUIKit
    import UIKit

    // The launch call and a segue resolved by the dependency coordinator (README "UIKit").

    struct Item {
        let title: String
    }

    final class ItemListViewController: UITableViewController {
        var items: [Item] = []

        override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
            performSegue(withIdentifier: "showItem", sender: indexPath)
        }

        override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
            super.prepare(for: segue, sender: sender)  // the resolvers run here
            segue.destination.navigationItem.largeTitleDisplayMode = .never
        }
    }

    final class ItemDetailViewController: UIViewController {
        var item: Item?
    }

    @main
    final class AppDelegate: UIResponder, UIApplicationDelegate {
        func application(
            _ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?
        ) -> Bool {
            UIKitAdapter.install()
            do {
                _ = try DependencyCoordinator.default.register(
                    .transition(identifier: "showItem") {
                        (transition, list: ItemListViewController, detail: ItemDetailViewController) in
                        guard let indexPath = transition.sender as? IndexPath else { return }
                        detail.item = list.items[indexPath.row]
                    })
            } catch {
                print("Baton:", error)  // a resolver for the same transition and types is registered already
            }
            return true
        }
    }
#endif
