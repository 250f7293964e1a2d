#if canImport(UIKit)
    @_spi(Adapters) import Baton
    import ObjectiveC
    import UIKit

    /// Installs Baton into UIKit, once, at launch: from then on the transitions UIKit performs wire
    /// contexts, run the dependency coordinator and report lifecycle callbacks by themselves.
    ///
    /// ```swift
    /// func application(
    ///     _ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?
    /// ) -> Bool {
    ///     UIKitAdapter.install()
    ///     return true
    /// }
    /// ```
    ///
    /// ## The mechanism: method swizzling
    ///
    /// `install()` exchanges the implementations of a few UIKit methods with Baton's, which call the
    /// originals (as MHDependencyKit does for `prepare(for:sender:)`):
    ///
    /// | UIKit method | Baton, before calling it |
    /// | --- | --- |
    /// | `prepare(for:sender:)` | begins a ``Baton/TransitionKind/segue`` with the segue's identifier and sender, so resolvers run before the app's own override |
    /// | `UIStoryboardSegue.perform()` | the same, when an override of `prepare(for:sender:)` does not call `super` and the segue's class calls this `perform()` (the sender is then unknown) |
    /// | `pushViewController`, `popViewController`, `popToViewController`, `popToRootViewController`, `setViewControllers` | begins a push, pop or set-stack |
    /// | `present(_:animated:completion:)`, `dismiss(animated:completion:)` | begins a present or dismiss |
    /// | `showDetailViewController(_:sender:)` in a split view controller | begins a push (the detail replaces the secondary column, or is pushed when collapsed) |
    /// | `UIWindow.rootViewController`'s setter | begins a root change, wiring the root to ``UIKit/UIWindow/batonWindow``'s context |
    /// | `viewWillAppear(_:)`, `viewDidAppear(_:)`, `viewWillDisappear(_:)`, `viewDidDisappear(_:)` | reports the callback to `ScreenLifecycle`, begins a tab selection or a swipe-dismiss it reveals |
    ///
    /// `show(_:sender:)`, and `showDetailViewController(_:sender:)` outside a split view
    /// controller, reach Baton through the push or presentation they perform; a tab selection, by a tap or by code, through the new tab's
    /// `viewWillAppear(_:)`; a sheet dismissed by a swipe, through its `viewWillDisappear(_:)`
    /// (`isBeingDismissed`); the interactive pop, through the `popViewController(animated:)` UIKit
    /// calls when the swipe starts and the callbacks that follow, which cancel it when the swipe is
    /// released halfway.
    ///
    /// Trade-offs. Swizzling needs no change to the app's classes and keeps every delegate of the
    /// app (`UINavigationControllerDelegate`, `UITabBarControllerDelegate`, a presentation
    /// controller's delegate) untouched, which delegate proxies cannot promise; an app's own
    /// `prepare(for:sender:)` overrides keep working, and run after the resolvers. Its costs: it is
    /// global to the process (hence opt-in, and installed once however often `install()` is
    /// called); an override of `prepare(for:sender:)` that does not call `super` hides the segue's
    /// identifier and sender from the resolvers (the segue is then begun at `perform()` when its
    /// class calls `UIStoryboardSegue`'s, else at the push or presentation it performs, still
    /// before the destination's `viewWillAppear`); every view controller, UIKit's own included
    /// (alerts, keyboards), gets a context on first use; and an app property named `context`,
    /// `screenName` or `isOnScreen` on a view controller clashes with the ``Baton/Screen``
    /// conformance. Everything
    /// Baton decides (wiring, resolution, lifecycle order, cancellation) happens in the core's
    /// `ExternalTransition` and `ScreenLifecycle`, which Linux tests cover; these
    /// methods only translate UIKit's calls.
    ///
    /// Without `install()`, the explicit calls (``UIKit/UINavigationController/push(_:identifier:sender:wiring:animated:)``,
    /// ``UIKit/UIViewController/present(_:identifier:sender:wiring:animated:completion:)``,
    /// ``UIKit/UIWindow/setRoot(_:wiring:)``) still wire and resolve.
    @MainActor
    public enum UIKitAdapter {
        /// Whether ``install()`` ran.
        ///
        /// ```swift
        /// UIKitAdapter.isInstalled   // true after install()
        /// ```
        public private(set) static var isInstalled = false

        /// Called when a transition UIKit performs cannot be resolved (a resolver threw) or wired;
        /// UIKit performs it anyway. By default it prints the error's description.
        ///
        /// ```swift
        /// UIKitAdapter.errorHandler = { error in Logger.navigation.error("\(error.description)") }
        /// ```
        public static var errorHandler: @MainActor (ScreenError) -> Void = { error in
            print("Baton: \(error.description)")
        }

        /// Installs the mechanism. Call it once at launch, before the first window shows; later
        /// calls do nothing.
        ///
        /// ```swift
        /// UIKitAdapter.install()
        /// ```
        public static func install() {
            guard !isInstalled else { return }
            isInstalled = true
            let controller = UIViewController.self
            exchange(
                controller, #selector(UIViewController.viewWillAppear(_:)),
                #selector(UIViewController.batonViewWillAppear(_:)))
            exchange(
                controller, #selector(UIViewController.viewDidAppear(_:)),
                #selector(UIViewController.batonViewDidAppear(_:)))
            exchange(
                controller, #selector(UIViewController.viewWillDisappear(_:)),
                #selector(UIViewController.batonViewWillDisappear(_:)))
            exchange(
                controller, #selector(UIViewController.viewDidDisappear(_:)),
                #selector(UIViewController.batonViewDidDisappear(_:)))
            exchange(
                controller, #selector(UIViewController.prepare(for:sender:)),
                #selector(UIViewController.batonPrepare(for:sender:)))
            exchange(
                controller, #selector(UIViewController.present(_:animated:completion:)),
                #selector(UIViewController.batonPresent(_:animated:completion:)))
            exchange(
                controller, #selector(UIViewController.dismiss(animated:completion:)),
                #selector(UIViewController.batonDismiss(animated:completion:)))
            exchange(
                controller, #selector(UIViewController.showDetailViewController(_:sender:)),
                #selector(UIViewController.batonShowDetailViewController(_:sender:)))
            let navigation = UINavigationController.self
            exchange(
                navigation, #selector(UINavigationController.pushViewController(_:animated:)),
                #selector(UINavigationController.batonPushViewController(_:animated:)))
            exchange(
                navigation, #selector(UINavigationController.popViewController(animated:)),
                #selector(UINavigationController.batonPopViewController(animated:)))
            exchange(
                navigation, #selector(UINavigationController.popToViewController(_:animated:)),
                #selector(UINavigationController.batonPopToViewController(_:animated:)))
            exchange(
                navigation, #selector(UINavigationController.popToRootViewController(animated:)),
                #selector(UINavigationController.batonPopToRootViewController(animated:)))
            exchange(
                navigation, #selector(UINavigationController.setViewControllers(_:animated:)),
                #selector(UINavigationController.batonSetViewControllers(_:animated:)))
            exchange(
                UIStoryboardSegue.self, #selector(UIStoryboardSegue.perform as (UIStoryboardSegue) -> () -> Void),
                #selector(UIStoryboardSegue.batonPerform))
            exchange(
                UIWindow.self, #selector(setter: UIWindow.rootViewController),
                #selector(UIWindow.batonSetRootViewController(_:)))
        }

        /// Exchanges two methods of `type`, adding the original to `type` first when it only
        /// inherits it, so that a superclass is never changed.
        private static func exchange(_ type: AnyClass, _ original: Selector, _ replacement: Selector) {
            guard let originalMethod = class_getInstanceMethod(type, original),
                let replacementMethod = class_getInstanceMethod(type, replacement)
            else { return }
            let added = class_addMethod(
                type, original, method_getImplementation(replacementMethod), method_getTypeEncoding(replacementMethod))
            if added {
                class_replaceMethod(
                    type, replacement, method_getImplementation(originalMethod), method_getTypeEncoding(originalMethod))
            } else {
                method_exchangeImplementations(originalMethod, replacementMethod)
            }
        }

        /// Begins a transition UIKit is about to perform; an error goes to ``errorHandler`` and UIKit
        /// goes on.
        static func begin(
            _ kind: TransitionKind, from source: UIViewController?, to destination: UIViewController,
            identifier: String? = nil, sender: Any? = nil, parentContext: Context? = nil, in window: ScreenWindow? = nil
        ) -> ExternalTransition? {
            do {
                return try ExternalTransition.begin(
                    kind, from: source, to: destination, identifier: identifier, sender: sender,
                    parentContext: parentContext, in: window)
            } catch {
                errorHandler(error)
                return nil
            }
        }

        /// Runs `body`; an error goes to ``errorHandler`` and UIKit goes on.
        static func attempt<Result>(_ body: () throws(ScreenError) -> Result) -> Result? {
            do {
                return try body()
            } catch {
                errorHandler(error)
                return nil
            }
        }

        /// Ends `transition` with UIKit's transition coordinator when there is one, or at once when
        /// no appearance callback will be reported (the controller is not in a window, or
        /// ``install()`` did not run). Otherwise the destination's callbacks end it.
        static func finish(_ transition: ExternalTransition?, after controller: UIViewController) {
            guard let transition, transition.state == .inFlight else { return }
            if let coordinator = controller.transitionCoordinator {
                coordinator.animate(alongsideTransition: nil) { context in
                    if context.isCancelled { transition.cancel() } else { transition.complete() }
                }
            } else if !isInstalled || controller.viewIfLoaded?.window == nil {
                // No appearance callback will be reported.
                transition.complete()
            }
        }
    }
#endif
