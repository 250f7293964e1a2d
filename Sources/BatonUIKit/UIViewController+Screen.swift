#if canImport(UIKit)
    @_spi(Adapters) import Baton
    import ObjectiveC
    import UIKit

    // Module-qualified names: BatonUIKit owns neither UIViewController nor Screen, and Baton is in the
    // same package, so neither `@retroactive` nor its absence would be right in every build.
    extension UIKit.UIViewController: Baton.Screen {
        /// The controller's context, created on first use and named after ``screenName``;
        /// transitions wire it to the source controller's.
        ///
        /// ```swift
        /// override func viewWillAppear(_ animated: Bool) {
        ///     super.viewWillAppear(animated)
        ///     userLabel.text = context[UserID.self]
        /// }
        /// ```
        public var context: Context {
            get {
                if let context = objc_getAssociatedObject(self, AssociatedKeys.context) as? Context { return context }
                let context = Context(name: screenName)
                objc_setAssociatedObject(self, AssociatedKeys.context, context, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
                return context
            }
            set {
                objc_setAssociatedObject(self, AssociatedKeys.context, newValue, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
            }
        }

        /// UIKit's `parent`.
        ///
        /// ```swift
        /// detail.parentScreen === navigationController   // after a push
        /// ```
        public var parentScreen: (any Screen)? { parent }

        /// UIKit's `children`: a navigation controller's stack, a tab bar controller's tabs, a
        /// hopping view controller's current step.
        ///
        /// ```swift
        /// tabBarController.childScreens.count   // the number of tabs
        /// ```
        public var childScreens: [any Screen] { children }

        /// UIKit's `presentedViewController`.
        ///
        /// ```swift
        /// main.presentedScreen === signUp   // after main.present(signUp, animated: true)
        /// ```
        public var presentedScreen: (any Screen)? { presentedViewController }

        /// UIKit's `presentingViewController`.
        ///
        /// ```swift
        /// signUp.presentingScreen === main
        /// ```
        public var presentingScreen: (any Screen)? { presentingViewController }

        /// Whether the controller is on screen: from its `viewDidAppear` until its
        /// `viewDidDisappear`, once ``UIKitAdapter/install()`` reports the appearance callbacks;
        /// before that, whether its view is in a window.
        ///
        /// ```swift
        /// context.observe(Saved.self, owner: self, if: .whileOnScreen(self)) { owner, _ in owner.reload() }
        /// ```
        public var isOnScreen: Bool {
            UIKitAdapter.isInstalled ? screenLifecycle.isOnScreen : viewIfLoaded?.window != nil
        }

        /// The name in logs, graphs, errors and of the default context: ``screenIdentifier``, else
        /// the `restorationIdentifier` (Interface Builder's "Use Storyboard ID"), else the type.
        ///
        /// ```swift
        /// storyboard.instantiateScreen(withIdentifier: "signUp").screenName   // "signUp"
        /// ```
        public var screenName: String {
            screenIdentifier ?? restorationIdentifier ?? String(describing: type(of: self))
        }

        /// The identifier the controller was made with, set by
        /// `UIStoryboard.instantiateScreen(withIdentifier:)`; UIKit does not publish a controller's
        /// storyboard identifier. Set it before the context is first used, which is named after it.
        ///
        /// ```swift
        /// let signUp = SignUpViewController()
        /// signUp.screenIdentifier = "signUp"
        /// ```
        public var screenIdentifier: String? {
            get { objc_getAssociatedObject(self, AssociatedKeys.identifier) as? String }
            set {
                objc_setAssociatedObject(self, AssociatedKeys.identifier, newValue, .OBJC_ASSOCIATION_COPY_NONATOMIC)
            }
        }

        /// The appearance state that the swizzled callbacks report to.
        var screenLifecycle: ScreenLifecycle {
            if let lifecycle = objc_getAssociatedObject(self, AssociatedKeys.lifecycle) as? ScreenLifecycle {
                return lifecycle
            }
            let lifecycle = ScreenLifecycle()
            objc_setAssociatedObject(self, AssociatedKeys.lifecycle, lifecycle, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
            return lifecycle
        }
    }

    extension UIStoryboard {
        /// Instantiates the controller with a storyboard identifier and names it after it
        /// (``UIKit/UIViewController/screenIdentifier``), so that its context, logs and flow graphs
        /// use the identifier.
        ///
        /// ```swift
        /// let signUp = storyboard.instantiateScreen(withIdentifier: "signUp")
        /// ```
        ///
        /// - Parameter identifier: The storyboard identifier. As with UIKit's own
        ///   `instantiateViewController(withIdentifier:)`, an identifier the storyboard lacks raises
        ///   an Objective-C exception.
        /// - Returns: The controller.
        public func instantiateScreen(withIdentifier identifier: String) -> UIViewController {
            let controller = instantiateViewController(withIdentifier: identifier)
            controller.screenIdentifier = identifier
            return controller
        }
    }

    /// Keys of the associated objects: the addresses of three distinct bytes that live as long as
    /// the process.
    @MainActor
    enum AssociatedKeys {
        static let context = UnsafeRawPointer(UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1))
        static let identifier = UnsafeRawPointer(UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1))
        static let lifecycle = UnsafeRawPointer(UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1))
        static let window = UnsafeRawPointer(UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1))
    }
#endif
