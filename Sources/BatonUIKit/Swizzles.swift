#if canImport(UIKit)
    @_spi(Adapters) import Baton
    import UIKit

    // The replacements that UIKitAdapter.install() exchanges with UIKit's methods. After the
    // exchange, calling a `baton_` method calls UIKit's original. Each one translates a UIKit call
    // into a core call and decides nothing of its own.

    extension UIViewController {
        @objc func batonViewWillAppear(_ animated: Bool) {
            beginTabSelectionIfRevealed()
            screenLifecycle.report(.willAppear, of: self) { batonViewWillAppear(animated) }
        }

        @objc func batonViewDidAppear(_ animated: Bool) {
            screenLifecycle.report(.didAppear, of: self) { batonViewDidAppear(animated) }
        }

        @objc func batonViewWillDisappear(_ animated: Bool) {
            beginSwipeDismissIfRevealed()
            screenLifecycle.report(.willDisappear, of: self) { batonViewWillDisappear(animated) }
        }

        @objc func batonViewDidDisappear(_ animated: Bool) {
            screenLifecycle.report(.didDisappear, of: self) { batonViewDidDisappear(animated) }
        }

        @objc func batonPrepare(for segue: UIStoryboardSegue, sender: Any?) {
            if !segue.isUnwind {
                _ = UIKitAdapter.begin(
                    .segue, from: segue.source, to: segue.destination, identifier: segue.identifier, sender: sender)
            }
            batonPrepare(for: segue, sender: sender)
        }

        @objc func batonPresent(_ controller: UIViewController, animated: Bool, completion: (() -> Void)?) {
            let transition = UIKitAdapter.begin(.present, from: self, to: controller)
            batonPresent(controller, animated: animated) {
                transition?.complete()
                completion?()
            }
        }

        @objc func batonDismiss(animated: Bool, completion: (() -> Void)?) {
            let transition = UIKitAdapter.attempt { () throws(ScreenError) in
                try ExternalTransition.beginDismissal(calledOn: self)
            }
            batonDismiss(animated: animated) {
                transition??.complete()
                completion?()
            }
        }

        @objc func batonShowDetailViewController(_ controller: UIViewController, sender: Any?) {
            // In a split view controller the detail replaces the secondary column, or is pushed
            // when collapsed (then the push joins this transition); elsewhere UIKit presents it,
            // and the presentation begins the transition.
            let transition =
                splitViewController != nil
                ? UIKitAdapter.begin(.push, from: self, to: controller, sender: sender) : nil
            batonShowDetailViewController(controller, sender: sender)
            UIKitAdapter.finish(transition, after: self)
        }

        /// A tab bar controller's tab appearing while the tab bar controller is on screen is a tab
        /// selection, by a tap or by code: from the tab that is leaving.
        private func beginTabSelectionIfRevealed() {
            guard parent is UITabBarController else { return }
            _ = UIKitAdapter.attempt { () throws(ScreenError) in
                try ExternalTransition.beginSelection(revealedBy: self) {
                    ($0 as? UIViewController)?.screenLifecycle.appearance
                }
            }
        }

        /// A presented controller disappearing because it is being dismissed, when no dismiss was
        /// asked for by code: a sheet swiped down.
        private func beginSwipeDismissIfRevealed() {
            guard isBeingDismissed, let presenter = presentingViewController,
                ExternalTransition.inFlight(to: presenter) == nil
            else { return }
            _ = UIKitAdapter.attempt { () throws(ScreenError) in try ExternalTransition.beginDismissal(calledOn: self) }
        }
    }

    extension UINavigationController {
        @objc func batonPushViewController(_ controller: UIViewController, animated: Bool) {
            let transition: ExternalTransition?
            if isInScreenTree {
                transition = UIKitAdapter.begin(.push, from: topViewController ?? self, to: controller)
            } else {
                // A navigation controller being built: its screens are wired now and resolved when it
                // is shown, with everything it contains.
                wireOffscreen(controller, below: topViewController)
                transition = nil
            }
            batonPushViewController(controller, animated: animated)
            UIKitAdapter.finish(transition, after: self)
        }

        @objc func batonPopViewController(animated: Bool) -> UIViewController? {
            let count = viewControllers.count
            let transition =
                count > 1
                ? UIKitAdapter.begin(.pop, from: viewControllers[count - 1], to: viewControllers[count - 2]) : nil
            let popped = batonPopViewController(animated: animated)
            if popped == nil { transition?.cancel() }
            UIKitAdapter.finish(transition, after: self)
            return popped
        }

        @objc func batonPopToViewController(_ controller: UIViewController, animated: Bool) -> [UIViewController]? {
            let transition =
                topViewController.flatMap {
                    $0 === controller ? nil : UIKitAdapter.begin(.pop, from: $0, to: controller)
                }
            let popped = batonPopToViewController(controller, animated: animated)
            if popped?.isEmpty ?? true { transition?.cancel() }
            // The top leaves when the pop completes; the ones under it leave now.
            for screen in (popped ?? []).dropLast() { ExternalTransition.leaveTree(screen) }
            UIKitAdapter.finish(transition, after: self)
            return popped
        }

        @objc func batonPopToRootViewController(animated: Bool) -> [UIViewController]? {
            var transition: ExternalTransition?
            if viewControllers.count > 1, let root = viewControllers.first, let top = topViewController {
                transition = UIKitAdapter.begin(.pop, from: top, to: root)
            }
            let popped = batonPopToRootViewController(animated: animated)
            if popped?.isEmpty ?? true { transition?.cancel() }
            for screen in (popped ?? []).dropLast() { ExternalTransition.leaveTree(screen) }
            UIKitAdapter.finish(transition, after: self)
            return popped
        }

        @objc func batonSetViewControllers(_ controllers: [UIViewController], animated: Bool) {
            let transition = UIKitAdapter.attempt { () throws(ScreenError) in
                try ExternalTransition.beginStackChange(
                    in: self, from: viewControllers, to: controllers, isShown: isInScreenTree)
            }
            let dropped = viewControllers.filter { old in !controllers.contains { $0 === old } }
            batonSetViewControllers(controllers, animated: animated)
            for screen in dropped { ExternalTransition.leaveTree(screen) }
            UIKitAdapter.finish(transition ?? nil, after: self)
        }

        /// Whether this navigation controller is in a window's screen tree, so that a push in it
        /// brings a screen into the tree.
        private var isInScreenTree: Bool { ScreenWindow.containing(self) != nil || viewIfLoaded?.window != nil }

        private func wireOffscreen(_ controller: UIViewController, below: UIViewController?) {
            do {
                try ExternalTransition.wire(controller, to: (below ?? self).context)
            } catch {
                UIKitAdapter.errorHandler(error)
            }
        }
    }

    extension UIStoryboardSegue {
        @objc func batonPerform() {
            // An override of prepare(for:sender:) that does not call super hid the segue until now.
            if !isUnwind, ExternalTransition.inFlight(to: destination) == nil,
                destination.parent == nil, destination.presentingViewController == nil
            {
                _ = UIKitAdapter.begin(.segue, from: source, to: destination, identifier: identifier)
            }
            batonPerform()
        }

        /// Whether this is an unwind segue: its destination is already shown, before the source.
        /// (UIKit does not publish the unwind segue's class.)
        var isUnwind: Bool {
            if destination.viewIfLoaded?.window != nil { return true }
            var current: UIViewController? = source
            while let controller = current {
                if controller === destination { return true }
                current = controller.parent ?? controller.presentingViewController
            }
            return false
        }
    }

    extension UIWindow {
        @objc func batonSetRootViewController(_ controller: UIViewController?) {
            var transition: ExternalTransition?
            if let controller, controller !== rootViewController {
                transition = UIKitAdapter.begin(
                    .replaceRoot, from: rootViewController, to: controller, parentContext: batonWindow.context,
                    in: batonWindow)
            }
            batonSetRootViewController(controller)
            if isHidden { transition?.complete() }
        }
    }
#endif
