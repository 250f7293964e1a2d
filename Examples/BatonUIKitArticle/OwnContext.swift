#if canImport(UIKit)
    import Baton
    import BatonUIKit
    import CoreData
    import UIKit

    // "A controller with its own context": Baton's members of a view controller are the Screen
    // protocol's, so a controller's own `context` compiles and wins in its code.

    final class NotesViewController: UIViewController {
        var context: NSManagedObjectContext!  // Core Data's; Baton's is baton.context

        override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            title = baton.context[\.userID].map { "Notes of \($0)" }
            do {
                _ = try context.count(for: NSFetchRequest<NSManagedObject>(entityName: "Note"))
            } catch {
                print("Core Data:", error)
            }
        }
    }
#endif
