#if canImport(UIKit)
    @_spi(Adapters) import Baton
    import ObjectiveC
    import UIKit

    // Module-qualified names: BatonUIKit owns neither UIViewController nor Screen, and Baton is in the
    // same package, so neither `@retroactive` nor its absence would be right in every build.
    extension UIKit.UIViewController: Baton.Screen {}

    // The members of the conformance are the protocol's, for view controllers, not members of
    // UIViewController itself: a controller of the app that declares its own `context` (a Core
    // Data `NSManagedObjectContext`, say), `screenName` or `isOnScreen` compiles, and its own
    // member wins in its code; Baton's stays reachable as `baton.context`.
    extension Baton.Screen where Self: UIKit.UIViewController {
        /// This controller as Baton sees it, for a controller that declares a member of its own
        /// named like one of ``Baton/Screen``'s.
        ///
        /// ```swift
        /// final class NotesViewController: UIViewController {
        ///     var context: NSManagedObjectContext!   // Core Data's
        ///     func show() { title = baton.context[UserID.self] }
        /// }
        /// ```
        public var baton: any Screen { self }

        /// The controller's context, created on first use and named after ``screenName``;
        /// transitions wire it to the source controller's.
        ///
        /// ```swift
        /// override func viewWillAppear(_ animated: Bool) {
        ///     super.viewWillAppear(animated)
        ///     userLabel.text = context[UserID.self]
        /// }
        /// ```
        public var context: ScreenContext {
            get {
                if let context = objc_getAssociatedObject(self, AssociatedKeys.context) as? ScreenContext {
                    return context
                }
                let context = ScreenContext(name: screenName)
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
        public var isOnScreen: Bool { UIKitEvents.isOnScreen(self) }

        /// The name in logs, graphs, errors and of the default context: the name you set (as
        /// `ScreenModel(name:)` does for a model screen), else the storyboard identifier
        /// `UIStoryboard.instantiateScreen(withIdentifier:)` records, else the
        /// `restorationIdentifier` (Interface Builder's "Use Storyboard ID"), else the type's name
        /// without generic arguments (`UIHostingController`). Set it
        /// before the context is first used, which is named after it.
        ///
        /// ```swift
        /// let signUp = SignUpViewController()
        /// signUp.screenName = "signUp"
        /// storyboard.instantiateScreen(withIdentifier: "store").screenName   // "store"
        /// ```
        public var screenName: String {
            get {
                objc_getAssociatedObject(self, AssociatedKeys.name) as? String ?? restorationIdentifier
                    ?? UIKitEvents.defaultName(of: self)
            }
            set {
                objc_setAssociatedObject(self, AssociatedKeys.name, newValue, .OBJC_ASSOCIATION_COPY_NONATOMIC)
            }
        }
    }

    extension UIStoryboard {
        /// Instantiates the controller with a storyboard identifier and names it after it
        /// (``UIKit/UIViewController/screenName``), so that its context, logs and flow graphs use
        /// the identifier.
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
            controller.screenName = identifier
            return controller
        }
    }

    /// Keys of the associated objects: the addresses of distinct bytes that live as long as the
    /// process.
    @MainActor
    enum AssociatedKeys {
        static let context = UnsafeRawPointer(UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1))
        static let name = UnsafeRawPointer(UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1))
        static let lifecycle = UnsafeRawPointer(UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1))
        static let window = UnsafeRawPointer(UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1))
        static let route = UnsafeRawPointer(UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1))
        static let alertAnswer = UnsafeRawPointer(UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1))
        static let markedRouteless = UnsafeRawPointer(UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1))
    }
#endif
