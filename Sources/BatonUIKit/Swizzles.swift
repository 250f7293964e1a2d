#if canImport(UIKit)
    @_spi(Adapters) import Baton
    import UIKit

    // The replacements that UIKitAdapter.install() exchanges with UIKit's methods. After the
    // exchange, calling a `baton…` method calls UIKit's original. Each one hands UIKit's call to its
    // entry point in the core's UIKitEvents, with the original as the body, and decides nothing of
    // its own: the Linux tests run the same entry points on a model of UIKit.
    //
    // The methods are `@objc dynamic`, so that the self-call reaches the exchanged implementation
    // through the Objective-C runtime. UIKit's originals then run with `_cmd` set to the `baton…`
    // selector, which none of these methods reads.

    extension UIViewController {
        @objc dynamic func batonViewWillAppear(_ animated: Bool) {
            UIKitEvents.appearance(.willAppear, of: self) { batonViewWillAppear(animated) }
        }

        @objc dynamic func batonViewDidAppear(_ animated: Bool) {
            UIKitEvents.appearance(.didAppear, of: self) { batonViewDidAppear(animated) }
            if let window = viewIfLoaded?.window { UIKitEvents.appeared(self, in: window) }
        }

        @objc dynamic func batonViewWillDisappear(_ animated: Bool) {
            UIKitEvents.appearance(.willDisappear, of: self) { batonViewWillDisappear(animated) }
        }

        @objc dynamic func batonViewDidDisappear(_ animated: Bool) {
            UIKitEvents.appearance(.didDisappear, of: self) { batonViewDidDisappear(animated) }
        }

        @objc dynamic func batonPerformSegue(withIdentifier identifier: String, sender: Any?) {
            UIKitEvents.performSegue(identifier, sender: sender, on: self) {
                batonPerformSegue(withIdentifier: identifier, sender: sender)
            }
        }

        @objc dynamic func batonPrepare(for segue: UIStoryboardSegue, sender: Any?) {
            UIKitEvents.prepare(segue.identifier, from: segue.source, to: segue.destination, sender: sender) {
                batonPrepare(for: segue, sender: sender)
            }
        }

        @objc dynamic func batonPresent(_ controller: UIViewController, animated: Bool, completion: (() -> Void)?) {
            UIKitEvents.present(controller, on: self) { done in
                batonPresent(controller, animated: animated) {
                    done()
                    completion?()
                }
            }
        }

        @objc dynamic func batonDismiss(animated: Bool, completion: (() -> Void)?) {
            UIKitEvents.dismiss(on: self) { done in
                batonDismiss(animated: animated) {
                    done()
                    completion?()
                }
            }
        }

        @objc dynamic func batonShowDetailViewController(_ controller: UIViewController, sender: Any?) {
            UIKitEvents.showDetail(controller, on: self, sender: sender) {
                batonShowDetailViewController(controller, sender: sender)
            }
        }

        @objc dynamic func batonWillMove(toParent parent: UIViewController?) {
            UIKitEvents.willMove(self, toParent: parent) { batonWillMove(toParent: parent) }
        }

        @objc dynamic func batonDidMove(toParent parent: UIViewController?) {
            UIKitEvents.didMove(self, toParent: parent) { batonDidMove(toParent: parent) }
        }
    }

    extension UINavigationController {
        @objc dynamic func batonPushViewController(_ controller: UIViewController, animated: Bool) {
            UIKitEvents.push(controller, on: self) { batonPushViewController(controller, animated: animated) }
        }

        @objc dynamic func batonPopViewController(animated: Bool) -> UIViewController? {
            UIKitEvents.pop(on: self) { batonPopViewController(animated: animated) }
        }

        @objc dynamic func batonPopToViewController(_ controller: UIViewController, animated: Bool)
            -> [UIViewController]?
        {
            UIKitEvents.pop(to: controller, on: self) { batonPopToViewController(controller, animated: animated) }
        }

        @objc dynamic func batonPopToRootViewController(animated: Bool) -> [UIViewController]? {
            UIKitEvents.popToRoot(on: self) { batonPopToRootViewController(animated: animated) }
        }

        @objc dynamic func batonSetViewControllers(_ controllers: [UIViewController], animated: Bool) {
            UIKitEvents.setStack(controllers, on: self) { batonSetViewControllers(controllers, animated: animated) }
        }
    }

    extension UIStoryboardSegue {
        @objc dynamic func batonPerform() {
            UIKitEvents.performSegue(identifier, from: source, to: destination) { batonPerform() }
        }
    }

    extension UIWindow {
        @objc dynamic func batonSetRootViewController(_ controller: UIViewController?) {
            UIKitEvents.setRoot(controller, of: self) { batonSetRootViewController(controller) }
        }
    }
#endif
