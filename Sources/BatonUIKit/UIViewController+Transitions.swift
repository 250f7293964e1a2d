#if canImport(UIKit)
    @_spi(Adapters) import Baton
    import UIKit

    extension UINavigationController {
        /// Pushes `controller` (UIKit's `pushViewController(_:animated:)`), wiring its context to the
        /// top controller's as `wiring` says and running the dependency coordinator first.
        ///
        /// ```swift
        /// try navigationController?.push(signUp, wiring: .share)   // signUp writes into this context
        /// ```
        ///
        /// - Parameters:
        ///   - controller: The controller to show.
        ///   - identifier: An optional transition identifier, which transition resolvers can match.
        ///   - sender: An optional sender.
        ///   - wiring: How its context is wired: `.inherit` (a child context), `.share` (the same
        ///     context) or `.isolate` (left alone).
        ///   - animated: Whether UIKit animates the push.
        /// - Throws: ``Baton/ScreenError/dependencies(_:)`` when a resolver fails, and
        ///   ``Baton/ScreenError/contextWiring(destination:_:)``; nothing is pushed then.
        public func push(
            _ controller: UIViewController, identifier: String? = nil, sender: Any? = nil,
            wiring: ContextWiring = .inherit, animated: Bool = true
        ) throws(ScreenError) {
            let transition = try UIKitEvents.beginExplicit(
                .push, from: self, to: controller, identifier: identifier, sender: sender, wiring: wiring)
            pushViewController(controller, animated: animated)
            UIKitEvents.finish(transition, after: self)
        }
    }

    extension UIViewController {
        /// Presents `controller` (UIKit's `present(_:animated:completion:)`), wiring its context to
        /// this controller's as `wiring` says and running the dependency coordinator first.
        ///
        /// ```swift
        /// try present(signUp, wiring: .share)   // what signUp sets, this controller reads
        /// ```
        ///
        /// - Parameters:
        ///   - controller: The controller to present.
        ///   - identifier: An optional transition identifier.
        ///   - sender: An optional sender.
        ///   - wiring: How its context is wired to this controller's.
        ///   - animated: Whether UIKit animates the presentation.
        ///   - completion: Runs after the presentation.
        /// - Throws: ``Baton/ScreenError/dependencies(_:)`` when a resolver fails, and
        ///   ``Baton/ScreenError/contextWiring(destination:_:)``; nothing is presented then.
        public func present(
            _ controller: UIViewController, identifier: String? = nil, sender: Any? = nil, wiring: ContextWiring,
            animated: Bool = true, completion: (() -> Void)? = nil
        ) throws(ScreenError) {
            let transition = try UIKitEvents.beginExplicit(
                .present, from: self, to: controller, identifier: identifier, sender: sender, wiring: wiring)
            present(controller, animated: animated) {
                transition.settle()
                completion?()
            }
        }

        /// Shows `controller` as UIKit's `show(_:sender:)` does (a push inside a navigation
        /// controller, else a presentation), with the wiring you choose.
        ///
        /// ```swift
        /// try show(detail, wiring: .inherit, sender: cell)
        /// ```
        ///
        /// - Parameters:
        ///   - controller: The controller to show.
        ///   - wiring: How its context is wired to this controller's.
        ///   - sender: An optional sender.
        /// - Throws: The errors of ``UIKit/UINavigationController/push(_:identifier:sender:wiring:animated:)``.
        public func show(_ controller: UIViewController, wiring: ContextWiring, sender: Any? = nil) throws(ScreenError)
        {
            if let navigation = self as? UINavigationController ?? navigationController {
                let transition = try UIKitEvents.beginExplicit(
                    .push, from: navigation, to: controller, sender: sender, wiring: wiring)
                show(controller, sender: sender)
                UIKitEvents.finish(transition, after: navigation)
            } else {
                let transition = try UIKitEvents.beginExplicit(
                    .present, from: self, to: controller, sender: sender, wiring: wiring)
                show(controller, sender: sender)
                UIKitEvents.finish(transition, after: self)
            }
        }

        /// Performs the segue with a one-shot resolver for its destination (MHDependencyKit's
        /// "perform a segue with inline resolution"), run after the registered ones, for every
        /// matching destination of the segue (a navigation controller and its root).
        ///
        /// ```swift
        /// performSegue(withIdentifier: "showDetail", sender: cell) { (source: ListViewController, destination: DetailViewController) in
        ///     destination.item = source.selectedItem
        /// }
        /// ```
        ///
        /// - Parameters:
        ///   - identifier: The segue's identifier.
        ///   - sender: The segue's sender.
        ///   - resolve: Passes what the destination needs; it runs only when the types match.
        public func performSegue<Source, Destination>(
            withIdentifier identifier: String, sender: Any?,
            resolving resolve: @escaping @MainActor (Source, Destination) throws -> Void
        ) {
            DependencyCoordinator.resolvingNextTransition(.direct(resolve)) {
                performSegue(withIdentifier: identifier, sender: sender)
            }
        }
    }
#endif
