#if canImport(UIKit)
    import Baton
    import BatonUIKit
    import UIKit

    // "Check it on a device": the lifecycle-logging mode and the checks of UIKit behaviours that
    // Apple does not document, run from a debug menu of the app on a simulator.

    @MainActor
    func startDeviceCheck() {
        UIKitAdapter.install()
        UIKitAdapter.logsLifecycle = true  // one line per UIKit call Baton sees, and what Baton made of it
    }

    final class DeviceCheckViewController: UIViewController {
        init(name: String) {
            super.init(nibName: nil, bundle: nil)
            screenName = name
        }

        required init?(coder: NSCoder) {
            super.init(coder: coder)
        }
    }

    @MainActor
    func checkCoordinatorOrder(in navigation: UINavigationController) {
        navigation.pushViewController(DeviceCheckViewController(name: "detail"), animated: true)
        navigation.transitionCoordinator?.animate(alongsideTransition: nil) { _ in
            print("Baton check: coordinator completion")
        }
    }

    @MainActor
    func checkTwoPushesInOneTurn(in navigation: UINavigationController) {
        navigation.pushViewController(DeviceCheckViewController(name: "middle"), animated: false)
        navigation.pushViewController(DeviceCheckViewController(name: "top"), animated: false)
    }

    @MainActor
    func checkStackSetters(in navigation: UINavigationController) {
        navigation.viewControllers = [
            DeviceCheckViewController(name: "list"), DeviceCheckViewController(name: "detail"),
        ]
        let modal = UINavigationController(rootViewController: DeviceCheckViewController(name: "root"))
        navigation.present(modal, animated: true)
    }
#endif
