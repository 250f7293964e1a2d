#if canImport(UIKit)
    import Baton
    import BatonUIKit
    import UIKit

    // "Coming from MHDependencyKit", in a UIKit app: resolvers between view controllers, run by
    // UIKit's own transitions once UIKitAdapter.install() ran.

    @MainActor protocol ContactIDConfigurable: AnyObject {
        var contactID: String? { get set }
    }

    final class ContactListViewController: UITableViewController, ContactIDConfigurable {
        var contactID: String?
        var contactIDs: [String] = []

        override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
            contactID = contactIDs[indexPath.row]
            performSegue(withIdentifier: "showContact", sender: indexPath)
        }

        override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
            super.prepare(for: segue, sender: sender)  // the resolvers run here
            segue.destination.navigationItem.largeTitleDisplayMode = .never
        }

        func showFavorite() {
            // performSegue with inline resolution: a one-shot resolver for this segue only.
            performSegue(withIdentifier: "showContact", sender: nil) {
                (list: ContactListViewController, details: ContactDetailsViewController) in
                details.contactID = list.contactIDs.first
            }
        }
    }

    final class ContactDetailsViewController: UIViewController, ContactIDConfigurable {
        var contactID: String?
        var isEditable = false
    }

    final class ContactEditViewController: UIViewController, ContactIDConfigurable {
        var contactID: String?
    }

    @MainActor
    func registerContactResolvers(in coordinator: DependencyCoordinator = .default) throws(DependencyError) {
        // UIViewControllerDependencyResolver
        try coordinator.register(
            .direct { (list: ContactListViewController, details: ContactDetailsViewController) in
                details.contactID = list.contactID
            })
        // UIViewControllerContextDependencyResolver: the last contact seen flows to every later screen.
        try coordinator.register(
            .context { (source: any ContactIDConfigurable, destination: any ContactIDConfigurable) in
                destination.contactID = destination.contactID ?? source.contactID
            })
        // UIStoryboardSegueDependencyResolver
        try coordinator.register(
            .transition(identifier: "editContact") {
                (_, details: ContactDetailsViewController, edit: ContactEditViewController) in
                edit.contactID = details.contactID
            })
        // UIViewControllerConsumerDependencyResolver
        try coordinator.register(.destination { (details: ContactDetailsViewController) in details.isEditable = true })
    }

    @MainActor
    func showContactByHand(from list: ContactListViewController) throws(DependencyError) {
        let details = ContactDetailsViewController()
        // resolveDependencies(from:to:), for a controller shown outside UIKit's transitions.
        try DependencyCoordinator.default.resolveDependencies(from: list, to: details)
        list.addChild(details)
    }
#endif
