/// What BatonUIKit's decisions read from a view controller: the UIKit properties that
/// `UIViewController` answers in BatonUIKit (one line each) and the Linux tests' UIKit behaviour
/// model answers by UIKit's documented rules, so that both run the same ``UIKitEvents`` code.
///
/// ```swift
/// extension UIViewController: UIKitScreen {
///     public var isViewInWindow: Bool { viewIfLoaded?.window != nil }
///     // …
/// }
/// ```
@_spi(Adapters)
@MainActor
public protocol UIKitScreen: Screen {
    /// The appearance state Baton keeps for the controller, which its callbacks report to.
    ///
    /// ```swift
    /// controller.screenLifecycle.appearance   // .appeared
    /// ```
    var screenLifecycle: ScreenLifecycle { get }

    /// Whether the controller's view is in a window (`viewIfLoaded?.window != nil`).
    ///
    /// ```swift
    /// navigationController.isViewInWindow
    /// ```
    var isViewInWindow: Bool { get }

    /// UIKit's `isBeingDismissed`: true, during its disappearance callbacks, for the presented
    /// controller a dismissal removes (not for its children, `UIViewController.h:234-241`).
    ///
    /// ```swift
    /// sheet.isBeingDismissed   // in viewWillDisappear(_:) of a sheet swiped down
    /// ```
    var isBeingDismissed: Bool { get }

    /// Which of UIKit's containers the controller is.
    ///
    /// ```swift
    /// navigationController.containerRole   // .navigation
    /// ```
    var containerRole: UIKitContainerRole { get }

    /// The child that is on screen with the controller: a navigation controller's
    /// `topViewController`, a tab bar controller's `selectedViewController`; `nil` for others.
    ///
    /// ```swift
    /// tabBarController.visibleChildScreen === tabBarController.selectedViewController
    /// ```
    var visibleChildScreen: (any Screen)? { get }

    /// UIKit's `transitionCoordinator`: the running presentation's or dismissal's, else the
    /// parent's (`UIViewControllerTransitionCoordinator.h:124-131`), so possibly an enclosing
    /// transition's.
    ///
    /// ```swift
    /// navigationController.activeTransitionCoordinator?.onCompletion { cancelled in … }
    /// ```
    var activeTransitionCoordinator: (any UIKitTransitionCoordinator)? { get }

    /// Whether the controller's appearance callbacks reach Baton (BatonUIKit's
    /// `UIKitAdapter.install()` ran).
    ///
    /// ```swift
    /// controller.reportsAppearance   // true once the adapter is installed
    /// ```
    var reportsAppearance: Bool { get }

    // MARK: Rule 1

    /// Whether the app declared the controller to be shown without a route (BatonUIKit's
    /// overridable `UIViewController.isRouteless`), as ``ScreenModel/isRouteless`` does for a
    /// model screen. Rule 1 (``ScreenWithoutRoute``) does not report such a controller.
    ///
    /// ```swift
    /// final class DebugMenuViewController: UIViewController {
    ///     override var isRouteless: Bool { true }
    /// }
    /// ```
    var isRouteless: Bool { get }

    /// The names of the controller's class and of its superclasses, nearest first, as
    /// `NSStringFromClass` gives them (`["UIAlertController", "UIViewController", "UIResponder",
    /// "NSObject"]`). Read only for a controller shown without a route, to tell whether it is
    /// one of the system's controllers that rule 1 exempts
    /// (``UIKitEvents/routelessSystemControllers``).
    ///
    /// ```swift
    /// UIAlertController().classLineage.first   // "UIAlertController"
    /// ```
    var classLineage: [String] { get }

    // MARK: Navigation as data

    /// The route a screen tree assignment made the controller for, or that the app recorded on it
    /// (BatonUIKit's `ViewControllerRoute.viewController()`); `nil` when it has none. Reading a
    /// UIKit window's tree names every controller without one.
    ///
    /// ```swift
    /// detail.recordedScreenRoute as? AppRoute   // .item(id: 42)
    /// ```
    var recordedScreenRoute: (any ScreenRoute)? { get set }

    /// `setViewControllers(_:animated:)` on a navigation controller, with these controllers:
    /// the one call a screen tree assignment makes to change a stack (`UINavigationController.h:72`).
    ///
    /// ```swift
    /// navigationController.setStackScreens([list, detail], animated: false)
    /// ```
    ///
    /// - Parameters:
    ///   - screens: The new stack, root first.
    ///   - animated: Whether UIKit animates the change.
    func setStackScreens(_ screens: [any Screen], animated: Bool)

    /// `selectedIndex =` on a tab bar controller (`UITabBarController.h:41`): the one call a screen
    /// tree assignment makes to select a tab.
    ///
    /// ```swift
    /// tabBarController.selectTabScreen(at: 1)
    /// ```
    ///
    /// - Parameter index: The tab to select.
    func selectTabScreen(at index: Int)

    /// `present(_:animated:completion:)`: the one call a screen tree assignment makes for each
    /// new presentation.
    ///
    /// ```swift
    /// detail.presentScreen(share, animated: false) {}
    /// ```
    ///
    /// - Parameters:
    ///   - screen: The controller to present.
    ///   - animated: Whether UIKit animates the presentation.
    ///   - completion: Runs after the presented controller's `viewDidAppear(_:)`.
    func presentScreen(_ screen: any Screen, animated: Bool, completion: @escaping @MainActor () -> Void)

    /// The controller's `modalPresentationStyle` in Baton's terms: ``PresentationStyle/fullScreenCover``
    /// for `.fullScreen`, ``PresentationStyle/sheet`` for any style that leaves the presenter's
    /// view (UIPresentationController.h:104-107). A screen tree assignment sets it on a
    /// controller it presents when the tree chooses a style (``ScreenTree/presentedStyle``):
    /// `.fullScreen` for a cover, `.pageSheet` for a sheet.
    ///
    /// ```swift
    /// tour.screenPresentationStyle = .fullScreenCover   // tour.modalPresentationStyle == .fullScreen
    /// ```
    var screenPresentationStyle: PresentationStyle { get set }

    /// `dismiss(animated:completion:)`: the one call a screen tree assignment makes for each
    /// presentation that goes (with everything presented above it).
    ///
    /// ```swift
    /// detail.dismissPresentedScreen(animated: false) {}
    /// ```
    ///
    /// - Parameters:
    ///   - animated: Whether UIKit animates the dismissal.
    ///   - completion: Runs after the dismissed controller's `viewDidDisappear(_:)`.
    func dismissPresentedScreen(animated: Bool, completion: @escaping @MainActor () -> Void)
}

/// Which of UIKit's containers a view controller is, for the rules that differ between them.
///
/// ```swift
/// if case .split(let isCollapsed) = controller.containerRole, !isCollapsed { … }
/// ```
@_spi(Adapters)
public enum UIKitContainerRole: Sendable, Hashable {
    /// Any other controller, an app's own container included.
    ///
    /// ```swift
    /// UIViewController().containerRole   // .plain
    /// ```
    case plain
    /// A `UINavigationController`: its children are its stack, the last one on top.
    ///
    /// ```swift
    /// UINavigationController().containerRole   // .navigation
    /// ```
    case navigation
    /// A `UITabBarController`: its children are its tabs, the selected one visible.
    ///
    /// ```swift
    /// UITabBarController().containerRole   // .tabs
    /// ```
    case tabs
    /// A `UISplitViewController`: its first child is the primary column; collapsed, it shows
    /// one column and pushes details onto the primary navigation controller.
    ///
    /// ```swift
    /// splitViewController.containerRole   // .split(isCollapsed: false)
    /// ```
    case split(isCollapsed: Bool)
}

/// UIKit's `UIViewControllerTransitionCoordinator`, as Baton's decisions need it.
///
/// ```swift
/// struct Coordinator: UIKitTransitionCoordinator {
///     let coordinator: any UIViewControllerTransitionCoordinator
///     var fromScreen: (any Screen)? { coordinator.viewController(forKey: .from) }
///     // …
/// }
/// ```
@_spi(Adapters)
@MainActor
public protocol UIKitTransitionCoordinator {
    /// `viewController(forKey: .from)`.
    ///
    /// ```swift
    /// coordinator.fromScreen === list
    /// ```
    var fromScreen: (any Screen)? { get }

    /// `viewController(forKey: .to)`.
    ///
    /// ```swift
    /// coordinator.toScreen === detail
    /// ```
    var toScreen: (any Screen)? { get }

    /// `isInteractive`: the user drives the transition with a gesture, such as the interactive
    /// pop (`UIViewControllerTransitionCoordinator.h:41`).
    ///
    /// ```swift
    /// coordinator.isInteractive   // true during a swipe back
    /// ```
    var isInteractive: Bool { get }

    /// `animate(alongsideTransition: nil, completion:)`: `body` runs when the transition ends,
    /// with `isCancelled` (true only for an interactive transition given up,
    /// `UIViewControllerTransitionCoordinator.h:43-44`).
    ///
    /// ```swift
    /// coordinator.onCompletion { isCancelled in print(isCancelled) }
    /// ```
    ///
    /// - Parameter body: Runs once, when the transition ends.
    func onCompletion(_ body: @escaping @MainActor (_ isCancelled: Bool) -> Void)
}

/// UIKit's `UIWindow`, as Baton's decisions need it.
///
/// ```swift
/// extension UIWindow: UIKitWindow {
///     public var currentRoot: (any Screen)? { rootViewController }
///     // …
/// }
/// ```
@_spi(Adapters)
@MainActor
public protocol UIKitWindow: AnyObject {
    /// The Baton window beside this one: the app context and the logs.
    ///
    /// ```swift
    /// window.batonWindow.context
    /// ```
    var batonWindow: ScreenWindow { get }

    /// `rootViewController`.
    ///
    /// ```swift
    /// window.currentRoot === main
    /// ```
    var currentRoot: (any Screen)? { get }

    /// `isHidden`: a hidden window sends no appearance callbacks.
    ///
    /// ```swift
    /// window.isHidden
    /// ```
    var isHidden: Bool { get }

    /// Whether the window is one of the app's own, as opposed to UIKit's private windows (the
    /// keyboard's, text effects'), whose root controllers are not the app's screens.
    ///
    /// ```swift
    /// window.isAppWindow   // false for UIKit's keyboard window
    /// ```
    var isAppWindow: Bool { get }

    /// `rootViewController =`: the one call a screen tree assignment makes to change the root.
    ///
    /// ```swift
    /// window.replaceRootScreen(with: tabBarController)
    /// ```
    ///
    /// - Parameter screen: The new root.
    func replaceRootScreen(with screen: any Screen)
}
