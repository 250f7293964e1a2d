#if canImport(UIKit)
    @_spi(Adapters) import Baton
    import ObjectiveC
    import UIKit

    /// Installs Baton into UIKit, once, at launch: from then on the transitions UIKit performs wire
    /// contexts, run the dependency coordinator and report lifecycle callbacks by themselves.
    ///
    /// ```swift
    /// func application(
    ///     _ application: UIApplication, willFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?
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
    /// | UIKit method | Baton, around it |
    /// | --- | --- |
    /// | `performSegue(withIdentifier:sender:)` | remembers the sender for the segue it performs |
    /// | `prepare(for:sender:)` | begins a ``Baton/TransitionKind/segue`` with the segue's identifier and sender, where the app's override calls `super` (not for an unwind segue) |
    /// | `UIStoryboardSegue.perform()` | the same, when `prepare(for:sender:)` did not (an override that does not call `super`), with the sender of `performSegue(withIdentifier:sender:)` if that started it |
    /// | `pushViewController`, `popViewController`, `popToViewController`, `popToRootViewController`, `setViewControllers` | begins a push, pop or set-stack |
    /// | `present(_:animated:completion:)`, `dismiss(animated:completion:)` | begins a present (from the visible controller of a container) or dismiss |
    /// | `showDetailViewController(_:sender:)` in a split view controller | begins a push (the detail replaces the secondary column, or is pushed when collapsed) |
    /// | `willMove(toParent:)`, `didMove(toParent:)` | wires and resolves a child added outside those transitions (a container view's child, a new page); takes a removed one out of the tree |
    /// | `UIWindow.rootViewController`'s setter | begins a root change, wiring the root to ``UIKit/UIWindow/batonWindow``'s context |
    /// | `viewWillAppear(_:)`, `viewDidAppear(_:)`, `viewWillDisappear(_:)`, `viewDidDisappear(_:)` | reports the callback to the controller's appearance state, begins a tab selection or a swipe-dismiss it reveals |
    ///
    /// `show(_:sender:)`, and `showDetailViewController(_:sender:)` outside a split view
    /// controller, reach Baton through the push or presentation they perform; a tab selection, by a
    /// tap or by code, through the new tab's `viewWillAppear(_:)`; a sheet dismissed by a swipe,
    /// through its `viewWillDisappear(_:)` (`isBeingDismissed`); the interactive pop, through the
    /// `popViewController(animated:)` UIKit calls when the swipe starts and the callbacks that
    /// follow, which cancel it when the swipe is released halfway.
    ///
    /// Trade-offs. Swizzling needs no change to the app's classes and keeps every delegate of the
    /// app (`UINavigationControllerDelegate`, `UITabBarControllerDelegate`, a presentation
    /// controller's delegate) untouched, which delegate proxies cannot promise. Its costs: it is
    /// global to the process (hence opt-in, and installed once however often `install()` is
    /// called); the appearance callbacks and `prepare(for:sender:)` reach Baton only where an
    /// override calls `super`, as Apple requires (an override of `viewWillAppear(_:)` that does not
    /// is made up for by the next callback; one of `prepare(for:sender:)` that does not hides the
    /// segue until `perform()`); and every view controller, UIKit's own included (alerts,
    /// keyboards), gets a context on first use. (Baton's members of a view controller are the
    /// ``Baton/Screen`` protocol's, so a controller's own `context` compiles; Baton's is then
    /// `baton.context`.) Everything
    /// Baton decides (is this segue an unwind, which controller is the visible source, which
    /// controllers leave the tree now and which when the transition completes) happens in the
    /// core, which Linux tests run on a model of UIKit; these methods only hand UIKit's calls over.
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
        /// UIKit performs it anyway. By default it prints the error's description. A misuse on a
        /// path UIKit drives (a user's tap, a system callback) comes here in every build, and never
        /// stops a debug build.
        ///
        /// ```swift
        /// UIKitAdapter.errorHandler = { error in Logger.navigation.error("\(error.description)") }
        /// ```
        public static var errorHandler: @MainActor (ScreenError) -> Void {
            get { UIKitEvents.errorHandler }
            set { UIKitEvents.errorHandler = newValue }
        }

        /// The lifecycle-logging mode, to check on a device or simulator what UIKit calls and what
        /// Baton makes of it: one line per exchanged method called and per transition begun,
        /// completed or cancelled, printed with the prefix `Baton:` (or given to `logger`).
        ///
        /// ```swift
        /// UIKitAdapter.logsLifecycle = true
        /// // Baton: pushViewController detail on nav
        /// // Baton: began push: list → detail
        /// ```
        public static var logsLifecycle: Bool {
            get { UIKitEvents.trace != nil }
            set {
                if newValue {
                    UIKitEvents.trace = { line in logger(line) }
                } else {
                    UIKitEvents.trace = nil
                }
            }
        }

        /// Where ``logsLifecycle`` writes its lines; `print` with the prefix `Baton:` by default.
        ///
        /// ```swift
        /// UIKitAdapter.logger = { line in Logger.navigation.debug("\(line)") }
        /// ```
        public static var logger: @MainActor (String) -> Void = { line in print("Baton: \(line)") }

        /// Installs the mechanism. Call it once at launch, in
        /// `application(_:willFinishLaunchingWithOptions:)` (an app without scenes loads its main
        /// storyboard's root before `didFinishLaunching`); the roots of windows that already exist
        /// (in connected scenes, or the app delegate's `window`) are adopted, and a root that
        /// appears later in a window Baton does not host yet is adopted when it appears. Later
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
                controller, #selector(UIViewController.performSegue(withIdentifier:sender:)),
                #selector(UIViewController.batonPerformSegue(withIdentifier:sender:)))
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
            exchange(
                controller, #selector(UIViewController.willMove(toParent:)),
                #selector(UIViewController.batonWillMove(toParent:)))
            exchange(
                controller, #selector(UIViewController.didMove(toParent:)),
                #selector(UIViewController.batonDidMove(toParent:)))
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
            for scene in UIApplication.shared.connectedScenes {
                for window in (scene as? UIWindowScene)?.windows ?? [] { UIKitEvents.adoptRoot(of: window) }
            }
            // An app without scenes keeps its window in its delegate (`UIApplicationDelegate.window`).
            if let window = UIApplication.shared.delegate?.window ?? nil { UIKitEvents.adoptRoot(of: window) }
            NotificationCenter.default.addObserver(
                SceneObserver.shared, selector: #selector(SceneObserver.sceneDidDisconnect(_:)),
                name: UIScene.didDisconnectNotification, object: nil)
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
    }

    /// Hands `UISceneDidDisconnectNotification` (`UIKit/UIScene.h:104`, posted on the main thread
    /// with `sceneDidDisconnect(_:)`) to the core.
    @MainActor
    private final class SceneObserver: NSObject {
        static let shared = SceneObserver()

        @objc func sceneDidDisconnect(_ notification: Notification) {
            for window in (notification.object as? UIWindowScene)?.windows ?? [] { UIKitEvents.windowClosed(window) }
        }
    }
#endif
