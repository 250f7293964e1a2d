#if canImport(UIKit)
    @_spi(Adapters) import Baton
    import ObjectiveC
    import UIKit

    extension UIWindow {
        /// The Baton ``Baton/ScreenWindow`` beside this window, created on first use: the app-wide context
        /// (named `"app"`) that the root controller's context is wired to, and the logs of
        /// transitions and lifecycle callbacks.
        ///
        /// ```swift
        /// window.batonWindow.context.set(model, for: SharedModel.self)
        /// window.batonWindow.recordsLifecycle = true
        /// ```
        public var batonWindow: ScreenWindow {
            if let window = objc_getAssociatedObject(self, AssociatedKeys.window) as? ScreenWindow { return window }
            let window = ScreenWindow()
            objc_setAssociatedObject(self, AssociatedKeys.window, window, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
            return window
        }

        /// Makes `controller` the root (UIKit's `rootViewController`), wiring its context to
        /// ``batonWindow``'s as `wiring` says and running the dependency coordinator first.
        ///
        /// ```swift
        /// try window.setRoot(MainViewController())
        /// window.makeKeyAndVisible()
        /// ```
        ///
        /// - Parameters:
        ///   - controller: The new root.
        ///   - wiring: How its context is wired to the app context.
        /// - Throws: ``Baton/ScreenError/dependencies(_:)`` when a resolver fails (the root is then
        ///   not replaced), ``Baton/ScreenError/contextWiring(destination:_:)``.
        public func setRoot(_ controller: UIViewController, wiring: ContextWiring = .inherit) throws(ScreenError) {
            let transition = try ExternalTransition.begin(
                .replaceRoot, from: rootViewController, to: controller, wiring: wiring,
                parentContext: batonWindow.context,
                in: batonWindow)
            rootViewController = controller
            UIKitEvents.finishRootChange(transition, of: self)
        }
    }
#endif
