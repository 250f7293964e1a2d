#if canImport(UIKit)
    @_spi(Adapters) import Baton
    import UIKit

    extension UIViewController {
        /// Presents `alert` as a `UIAlertController` and returns the choice of the button the
        /// user taps.
        ///
        /// ```swift
        /// if try await present(ScreenAlert.deleteSyncUp) { store.remove(id) }
        /// ```
        ///
        /// A ``Baton/AlertStyle/confirmationDialog`` is an action sheet, anchored to this
        /// controller's view on iPad. Each button is a `UIAlertAction` whose handler taps it
        /// (UIAlertController.h:34, `actionWithTitle:style:handler:`); UIKit dismisses the alert as
        /// it runs the handler. Dismissed without one (a tap outside a popover), the controller is
        /// released untapped and the await returns the cancel button's choice, or throws when
        /// there is none. The alert controller is presented through UIKit's `present`, so Baton
        /// records the presentation as any other.
        ///
        /// - Parameters:
        ///   - alert: The alert or confirmation dialog.
        ///   - animated: Whether UIKit animates it.
        /// - Returns: The choice of the button tapped.
        /// - Throws: ``Baton/ScreenError/cancelled(screen:reason:)`` when it leaves without a
        ///   choice and has no cancel button.
        public func present<Choice>(_ alert: ScreenAlert<Choice>, animated: Bool = true) async throws(ScreenError)
            -> Choice
        {
            try await AlertAnswer.await(alert) { answer in
                let controller = UIAlertController(
                    title: alert.title, message: alert.message,
                    preferredStyle: alert.style == .alert ? .alert : .actionSheet)
                for (index, button) in alert.buttons.enumerated() {
                    let style: UIAlertAction.Style =
                        switch button.role {
                        case .cancel: .cancel
                        case .destructive: .destructive
                        case nil: .default
                        }
                    controller.addAction(
                        UIAlertAction(title: button.label, style: style) { _ in answer.tap(at: index) })
                }
                controller.popoverPresentationController?.sourceView = view
                // The answer lives as long as the controller: released untapped, it ends the await.
                objc_setAssociatedObject(
                    controller, AssociatedKeys.alertAnswer, answer, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
                present(controller, animated: animated)
            }
        }
    }
#endif
