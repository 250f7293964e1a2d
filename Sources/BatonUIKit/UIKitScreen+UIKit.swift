#if canImport(UIKit)
    @_spi(Adapters) import Baton
    import ObjectiveC
    import UIKit

    // What the core's UIKitEvents reads from UIKit, one line each: the Linux tests' model of UIKit
    // answers the same protocols by UIKit's documented rules.

    @_spi(Adapters)
    extension UIKit.UIViewController: Baton.UIKitScreen {
        /// The appearance state that the exchanged callbacks report to.
        ///
        /// ```swift
        /// controller.screenLifecycle.appearance
        /// ```
        public var screenLifecycle: ScreenLifecycle {
            if let lifecycle = objc_getAssociatedObject(self, AssociatedKeys.lifecycle) as? ScreenLifecycle {
                return lifecycle
            }
            let lifecycle = ScreenLifecycle()
            objc_setAssociatedObject(self, AssociatedKeys.lifecycle, lifecycle, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
            return lifecycle
        }

        /// `viewIfLoaded?.window != nil`.
        ///
        /// ```swift
        /// controller.isViewInWindow
        /// ```
        public var isViewInWindow: Bool { viewIfLoaded?.window != nil }

        /// The kind of UIKit container.
        ///
        /// ```swift
        /// navigationController.containerRole   // .navigation
        /// ```
        public var containerRole: UIKitContainerRole {
            switch self {
            case is UINavigationController: .navigation
            case is UITabBarController: .tabs
            case let split as UISplitViewController: .split(isCollapsed: split.isCollapsed)
            default: .plain
            }
        }

        /// `topViewController` or `selectedViewController`.
        ///
        /// ```swift
        /// navigationController.visibleChildScreen === navigationController.topViewController
        /// ```
        public var visibleChildScreen: (any Screen)? {
            (self as? UINavigationController)?.topViewController
                ?? (self as? UITabBarController)?.selectedViewController
        }

        /// `transitionCoordinator`.
        ///
        /// ```swift
        /// controller.activeTransitionCoordinator?.toScreen
        /// ```
        public var activeTransitionCoordinator: (any UIKitTransitionCoordinator)? {
            transitionCoordinator.map(TransitionCoordinator.init)
        }

        /// Whether ``UIKitAdapter/install()`` ran.
        ///
        /// ```swift
        /// controller.reportsAppearance
        /// ```
        public var reportsAppearance: Bool { UIKitAdapter.isInstalled }

        /// `NSStringFromClass` of the class and of each superclass, nearest first, for the core's
        /// rule 1 exemptions (``Baton/UIKitEvents/isRouteless(_:)``).
        ///
        /// ```swift
        /// UIAlertController().classLineage.first   // "UIAlertController"
        /// ```
        public var classLineage: [String] {
            sequence(first: type(of: self) as AnyClass) { class_getSuperclass($0) }.map { NSStringFromClass($0) }
        }

        /// The route kept in an associated object.
        ///
        /// ```swift
        /// controller.recordedScreenRoute as? AppRoute
        /// ```
        public var recordedScreenRoute: (any ScreenRoute)? {
            get { (objc_getAssociatedObject(self, AssociatedKeys.route) as? RouteBox)?.route }
            set {
                objc_setAssociatedObject(
                    self, AssociatedKeys.route, newValue.map(RouteBox.init), .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
            }
        }

        /// `setViewControllers(_:animated:)`, on a navigation controller.
        ///
        /// ```swift
        /// navigationController.setStackScreens([list, detail], animated: false)
        /// ```
        public func setStackScreens(_ screens: [any Screen], animated: Bool) {
            (self as? UINavigationController)?.setViewControllers(
                screens.compactMap { $0 as? UIViewController }, animated: animated)
        }

        /// `selectedIndex =`, on a tab bar controller.
        ///
        /// ```swift
        /// tabBarController.selectTabScreen(at: 1)
        /// ```
        public func selectTabScreen(at index: Int) {
            (self as? UITabBarController)?.selectedIndex = index
        }

        /// `present(_:animated:completion:)`.
        ///
        /// ```swift
        /// detail.presentScreen(share, animated: true) {}
        /// ```
        public func presentScreen(_ screen: any Screen, animated: Bool, completion: @escaping @MainActor () -> Void) {
            guard let controller = screen as? UIViewController else { return }
            present(controller, animated: animated) { completion() }
        }

        /// `modalPresentationStyle`: `.fullScreen` is a cover; every other style leaves the
        /// presenter's view, as a sheet does (UIPresentationController.h:104-107).
        ///
        /// ```swift
        /// tour.screenPresentationStyle = .fullScreenCover
        /// ```
        public var screenPresentationStyle: PresentationStyle {
            get { modalPresentationStyle == .fullScreen ? .fullScreenCover : .sheet }
            set { modalPresentationStyle = newValue == .fullScreenCover ? .fullScreen : .pageSheet }
        }

        /// `dismiss(animated:completion:)`.
        ///
        /// ```swift
        /// detail.dismissPresentedScreen(animated: true) {}
        /// ```
        public func dismissPresentedScreen(animated: Bool, completion: @escaping @MainActor () -> Void) {
            dismiss(animated: animated) { completion() }
        }
    }

    extension UIKit.UIViewController {
        /// Whether the controller is meant to be shown without a route, as an alert or a share
        /// sheet is: ``isMarkedRouteless`` unless overridden. In a window whose root has a route,
        /// a controller pushed, presented or set without one is reported
        /// (``Baton/ScreenWithoutRoute``) unless this is `true` or it is one of the system's
        /// controllers that are never navigated to (`UIAlertController`,
        /// `UIActivityViewController`, the system's pickers, players and composers); either way,
        /// saving leaves it out.
        ///
        /// ```swift
        /// final class DebugMenuViewController: UIViewController {
        ///     override var isRouteless: Bool { true }
        /// }
        /// ```
        @objc(baton_isRouteless) open var isRouteless: Bool { isMarkedRouteless }

        /// Marks this one controller as shown without a route (``isRouteless``), for a system
        /// controller the app may not subclass and Baton does not know; `false` until set.
        ///
        /// ```swift
        /// let scanner = DataScannerViewController(recognizedDataTypes: [.barcode()])
        /// scanner.isMarkedRouteless = true   // not reported, and left out when saving
        /// present(scanner, animated: true)
        /// ```
        public var isMarkedRouteless: Bool {
            get { (objc_getAssociatedObject(self, AssociatedKeys.markedRouteless) as? Bool) ?? false }
            set {
                objc_setAssociatedObject(
                    self, AssociatedKeys.markedRouteless, newValue, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
            }
        }
    }

    /// A route in an associated object.
    private final class RouteBox {
        let route: any ScreenRoute
        init(_ route: any ScreenRoute) { self.route = route }
    }

    /// UIKit's transition coordinator, as the core reads it.
    @MainActor
    struct TransitionCoordinator: UIKitTransitionCoordinator {
        let coordinator: any UIViewControllerTransitionCoordinator

        var fromScreen: (any Screen)? { coordinator.viewController(forKey: .from) }
        var toScreen: (any Screen)? { coordinator.viewController(forKey: .to) }
        var isInteractive: Bool { coordinator.isInteractive }

        func onCompletion(_ body: @escaping @MainActor (Bool) -> Void) {
            coordinator.animate(alongsideTransition: nil) { context in body(context.isCancelled) }
        }
    }

    @_spi(Adapters)
    extension UIKit.UIWindow: Baton.UIKitWindow {
        /// `rootViewController`.
        ///
        /// ```swift
        /// window.currentRoot === window.rootViewController
        /// ```
        public var currentRoot: (any Screen)? { rootViewController }

        /// Whether the core's rule (``Baton/UIKitEvents/isAppWindow(classIsUIWindow:classBundlePath:uikitBundlePath:)``)
        /// counts this window as the app's, from the bundle that defines its class.
        ///
        /// ```swift
        /// window.isAppWindow
        /// ```
        public var isAppWindow: Bool {
            UIKitEvents.isAppWindow(
                classIsUIWindow: type(of: self) == UIWindow.self,
                classBundlePath: Bundle(for: type(of: self)).bundlePath,
                uikitBundlePath: Bundle(for: UIWindow.self).bundlePath)
        }

        /// `rootViewController =`.
        ///
        /// ```swift
        /// window.replaceRootScreen(with: tabBarController)
        /// ```
        public func replaceRootScreen(with screen: any Screen) {
            guard let controller = screen as? UIViewController else { return }
            rootViewController = controller
        }
    }
#endif
