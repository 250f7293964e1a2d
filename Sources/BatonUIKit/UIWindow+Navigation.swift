#if canImport(UIKit)
    @_spi(Adapters) import Baton
    import UIKit

    /// The data that recreates a view controller: a ``Baton/ScreenRoute`` whose screens are view
    /// controllers, so that a `UIWindow`'s controllers can be read, assigned, saved, restored and
    /// opened from a URL as a ``Baton/ScreenTree``.
    ///
    /// Declare one route type for the app and say once, in ``makeViewController()``, how each
    /// route makes its controller. A container's route makes the container with what it shows by
    /// default; make the controllers inside it with ``viewController()``, so that they know
    /// their routes.
    ///
    /// ```swift
    /// enum ShopRoute: ViewControllerRoute {
    ///     case main, catalog, products, product(id: Int), cart
    ///
    ///     func makeViewController() throws -> UIViewController {
    ///         switch self {
    ///         case .main:
    ///             let tabs = UITabBarController()
    ///             tabs.viewControllers = [try ShopRoute.catalog.viewController(), try ShopRoute.cart.viewController()]
    ///             return tabs
    ///         case .catalog: return UINavigationController(rootViewController: try ShopRoute.products.viewController())
    ///         case .products: return ProductListViewController()
    ///         case .product(let id): return ProductViewController(productID: id)
    ///         case .cart: return CartViewController()
    ///         }
    ///     }
    /// }
    /// ```
    public protocol ViewControllerRoute: ScreenRoute {
        /// Makes a new view controller for this route. Baton calls it (through
        /// ``viewController()``) for every controller a tree assignment needs.
        ///
        /// ```swift
        /// func makeViewController() throws -> UIViewController {
        ///     switch self {
        ///     case .product(let id): ProductViewController(productID: id)
        ///     case .cart: CartViewController()
        ///     }
        /// }
        /// ```
        ///
        /// - Returns: A new controller, not shown anywhere yet.
        /// - Throws: Any error; an assignment that needs the controller then fails with
        ///   ``Baton/NavigationError/factoryFailed(step:route:reason:)`` and changes nothing.
        @MainActor func makeViewController() throws -> UIViewController
    }

    extension ViewControllerRoute {
        /// A route of view controllers makes no model screen: it throws
        /// ``Baton/NavigationError/factoryFailed(step:route:reason:)``. Show its trees in a
        /// `UIWindow` (``UIKit/UIWindow/navigate(to:animated:)``).
        ///
        /// ```swift
        /// try ShopRoute.cart.makeScreen()   // throws: ShopRoute makes view controllers
        /// ```
        ///
        /// - Returns: Never.
        /// - Throws: ``Baton/NavigationError/factoryFailed(step:route:reason:)``.
        @MainActor public func makeScreen() throws -> ScreenModel {
            throw NavigationError.factoryFailed(
                step: "a ScreenWindow of model screens", route: String(describing: self),
                reason: UnderlyingError(
                    reason: "\(Self.self) makes view controllers; show its trees in a UIWindow with"
                        + " navigate(to:animated:)"))
        }

        /// Makes the controller for this route with ``makeViewController()`` and records the
        /// route on it, so that reading the tree finds it. Use it wherever you make a routed
        /// controller yourself: the tabs a container's route makes, a push.
        ///
        /// ```swift
        /// navigationController?.pushViewController(try ShopRoute.product(id: 42).viewController(), animated: true)
        /// ```
        ///
        /// - Returns: The new controller.
        /// - Throws: What ``makeViewController()`` throws.
        @MainActor public func viewController() throws -> UIViewController {
            let controller = try makeViewController()
            controller.recordedScreenRoute = self
            return controller
        }
    }

    extension UIViewController {
        /// This controller's route of type `Route`: the one it was made for by
        /// ``ViewControllerRoute/viewController()`` or by a tree assignment; `nil` when it has none.
        ///
        /// ```swift
        /// productViewController.screenRoute(as: ShopRoute.self)   // .product(id: 42)
        /// ```
        ///
        /// - Parameter type: The app's route type.
        /// - Returns: The route, or `nil`.
        public func screenRoute<Route: ScreenRoute>(as type: Route.Type) -> Route? {
            recordedScreenRoute as? Route
        }
    }

    extension UIStoryboardSegue {
        /// Names the route this segue's destination stands for. A storyboard makes the destination
        /// itself, without a route, before UIKit sends `prepare(for:sender:)` to the source
        /// (`UIStoryboardSegue.h:27`, `UIViewController.h:132`): call this there, before or after
        /// `super`, so that the destination is a routed screen: not reported by rule 1, read back,
        /// saved and restored in the tree.
        ///
        /// A destination that is a navigation controller with a root the storyboard embeds (its
        /// first view controller, `UINavigationController.h:55`, `:70`) names the root's route with
        /// `root:` in the same line. A route an unwind segue is given (its destination is already
        /// shown with its own), or a `root:` for a destination that is no navigation controller,
        /// is not recorded and is reported (``Baton/ScreenWithoutRoute/reporter``), naming the
        /// segue and the route.
        ///
        /// ```swift
        /// override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        ///     super.prepare(for: segue, sender: sender)
        ///     switch segue.identifier {
        ///     case "showProduct": segue.setDestinationRoute(ShopRoute.product(id: selectedProductID))
        ///     case "showCheckout": segue.setDestinationRoute(ShopRoute.checkout, root: .cart)
        ///     default: break
        ///     }
        /// }
        /// ```
        ///
        /// - Parameters:
        ///   - route: The destination's route, the one whose `makeViewController()` would make the
        ///     same screen.
        ///   - root: The route of the root view controller of a navigation controller destination.
        public func setDestinationRoute<Route: ViewControllerRoute>(_ route: Route, root: Route? = nil) {
            UIKitEvents.recordRoute(route, root: root, ofSegue: identifier, to: destination)
        }
    }

    extension UIWindow {
        /// The window's controllers as a tree of routes: a navigation controller's stack, a tab bar
        /// controller's tabs and selection, a ``HoppingViewController``'s step, and what each
        /// controller presented (the one `present` was called on). `nil` without a root.
        ///
        /// ```swift
        /// print(try window.screenTree(ShopRoute.self)!)   // main{*catalog[products, product(id: 42)], cart}
        /// ```
        ///
        /// - Parameter type: The app's route type.
        /// - Returns: The tree, or `nil`.
        /// - Throws: ``Baton/NavigationError/viewControllersWithoutRoute(_:routeType:)`` naming every
        ///   controller without a route (make it with ``ViewControllerRoute/viewController()``).
        public func screenTree<Route: ScreenRoute>(_ type: Route.Type) throws(NavigationError) -> ScreenTree<Route>? {
            try UIKitNavigation.screenTree(in: self, as: type)
        }

        /// Shows `tree` with UIKit's own calls, each made once: `setViewControllers(_:animated:)`
        /// for each stack that changes (UIKit sends appearance callbacks to the old and new top
        /// only), `selectedIndex =` for each tab selection, `present` and `dismiss` for each
        /// presentation that comes or goes, `rootViewController =` for a new root. Controllers
        /// whose route is unchanged stay, with their contexts.
        ///
        /// The assignment is atomic: every new controller is made with
        /// ``ViewControllerRoute/makeViewController()``, wired and resolved by the dependency
        /// coordinator before UIKit is called; when one throws, nothing changed.
        ///
        /// ```swift
        /// try window.navigate(to: .tabs(.main, [.stack(.catalog, [.products, .product(id: 42)]), ScreenTree(.cart)], selected: 0))
        /// ```
        ///
        /// While a ``HoppingViewController`` has not reached its main screen (it shows its splash,
        /// a step that waits for an unhop, or nothing yet), the assignment waits until it hops to a
        /// final step (``Baton/NavigationOutcome/waiting(for:)``); after that its step is kept,
        /// never changed: the flow hops. Requested from a resolver or a lifecycle callback of
        /// another assignment, it runs right after it (``Baton/NavigationOutcome/queued``). While
        /// UIKit runs a transition in the window (a presentation or dismissal, a navigation
        /// controller's animated push or pop, the user's swipe back), it waits for that
        /// transition to complete (``Baton/NavigationOutcome/waiting(for:)``).
        ///
        /// - Parameters:
        ///   - tree: The tree to show.
        ///   - animated: Whether UIKit animates its calls; presentations then follow one another
        ///     in their completions.
        /// - Returns: How the assignment went.
        /// - Throws: ``Baton/NavigationError`` naming the step that could not be made.
        @discardableResult
        public func navigate<Route: ViewControllerRoute>(to tree: ScreenTree<Route>, animated: Bool = false)
            throws(NavigationError) -> NavigationOutcome
        {
            try UIKitNavigation.navigate(self, to: tree, animated: animated) { route in try route.viewController() }
        }

        /// Opens a URL: shows the tree that the app's links map it to.
        ///
        /// ```swift
        /// func scene(_ scene: UIScene, openURLContexts contexts: Set<UIOpenURLContext>) {
        ///     for context in contexts { _ = try? window?.open(context.url.absoluteString, with: ShopRoute.links) }
        /// }
        /// ```
        ///
        /// - Parameters:
        ///   - url: The URL's text.
        ///   - links: The app's links.
        ///   - animated: Whether UIKit animates its calls.
        /// - Returns: How the assignment went.
        /// - Throws: The errors of ``Baton/ScreenLinks/tree(for:)`` and of ``navigate(to:animated:)``.
        @discardableResult
        public func open<Route: ViewControllerRoute>(
            _ url: String, with links: ScreenLinks<Route>, animated: Bool = false
        ) throws(NavigationError) -> NavigationOutcome {
            try navigate(to: links.tree(for: url), animated: animated)
        }

        /// Starts a scene's window (``Baton/UIKitLaunch``): shows `root` when the window shows
        /// nothing yet, restores the screens the last run saved, then opens the scene's URLs. Call
        /// it after `makeKeyAndVisible()`.
        ///
        /// ```swift
        /// let json = session.stateRestorationActivity?.userInfo?["screens"] as? String
        /// let urls = connectionOptions.urlContexts.map(\.url.absoluteString)
        /// for failure in window.launch(ShopRoute.main, restoring: json, opening: urls, with: ShopRoute.links) {
        ///     print("Baton:", failure)
        /// }
        /// ```
        ///
        /// - Parameters:
        ///   - root: The route of the window's root.
        ///   - saved: The JSON text of a saved tree, or `nil`.
        ///   - urls: The URLs the scene was opened with.
        ///   - links: The app's links.
        /// - Returns: Every failure, in order; empty when everything was shown.
        @discardableResult
        public func launch<Route: ViewControllerRoute>(
            _ root: Route, restoring saved: String?, opening urls: [String] = [], with links: ScreenLinks<Route>? = nil
        ) -> [NavigationError] {
            UIKitLaunch.launch(self, root: root, restoring: saved, opening: urls, with: links) { route in
                try route.viewController()
            }
        }

        /// Restores the screens of a restoration activity UIKit gives after connection
        /// (`scene(_:restoreInteractionStateWith:)`, `UIKit/UISceneSession.h:49-50`), unless the
        /// launch restored already or opened a link (``Baton/UIKitLaunch/restoreLate(_:saved:as:making:)``).
        ///
        /// ```swift
        /// func scene(_ scene: UIScene, restoreInteractionStateWith activity: NSUserActivity) {
        ///     guard let json = activity.userInfo?["screens"] as? String else { return }
        ///     for failure in window?.restoreLate(json, as: ShopRoute.self) ?? [] { print("Baton:", failure) }
        /// }
        /// ```
        ///
        /// - Parameters:
        ///   - saved: The JSON text of the saved tree.
        ///   - type: The app's route type.
        /// - Returns: What was left out.
        @discardableResult
        public func restoreLate<Route: ViewControllerRoute>(_ saved: String, as type: Route.Type) -> [NavigationError] {
            UIKitLaunch.restoreLate(self, saved: saved, as: type) { route in try route.viewController() }
        }

        /// Saves the window's tree, for scene restoration, keeping every part that can be saved;
        /// `nil` without a root. A controller without a route (a `UIAlertController`, a share
        /// sheet, a controller pushed by hand) is left out with what it holds, and reported in
        /// ``Baton/SavedScreenTree/leftOut``.
        ///
        /// ```swift
        /// let saved = try window.saveScreenTree(ShopRoute.self)
        /// for part in saved?.leftOut ?? [] { print(part) }
        /// let json = saved?.json
        /// ```
        ///
        /// - Parameter type: The app's route type.
        /// - Returns: The saved tree.
        /// - Throws: ``Baton/NavigationError/viewControllersWithoutRoute(_:routeType:)`` when the root
        ///   controller has no route, ``Baton/NavigationError/notSaved(path:reason:)`` when its
        ///   route cannot be encoded.
        public func saveScreenTree<Route: ScreenRoute>(_ type: Route.Type) throws(NavigationError) -> SavedScreenTree? {
            try UIKitNavigation.saveScreenTree(in: self, as: type)
        }

        /// Restores a saved tree, keeping every part that still fits; the parts left out are
        /// returned.
        ///
        /// ```swift
        /// for failure in try window.restoreScreenTree(saved, as: ShopRoute.self) { print(failure) }
        /// ```
        ///
        /// - Parameters:
        ///   - saved: The saved tree.
        ///   - type: The app's route type.
        ///   - animated: Whether UIKit animates its calls.
        /// - Returns: What was left out, as ``Baton/NavigationError/dropped(path:reason:)`` values.
        /// - Throws: The ``Baton/NavigationError`` of the root when not even the root can be restored.
        @discardableResult
        public func restoreScreenTree<Route: ViewControllerRoute>(
            _ saved: SavedScreenTree, as type: Route.Type, animated: Bool = false
        ) throws(NavigationError) -> [NavigationError] {
            try UIKitNavigation.restoreScreenTree(saved, as: type, in: self, animated: animated) { route in
                try route.viewController()
            }
        }
    }
#endif
