#if canImport(UIKit)
    import Baton
    import BatonUIKit
    import UIKit

    // ControllerContext's third example: tabs share data and return the selection to the screen
    // that presented them.

    enum Color: ContextKey { typealias Value = String }
    enum Size: ContextKey { typealias Value = String }

    final class ShopViewController: UIViewController {
        override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            let color = context[Color.self] ?? "any color"
            let size = context[Size.self] ?? "any size"
            title = "\(color), \(size)"
        }

        @objc func chooseTapped() {
            let colors = ColorsViewController()
            let sizes = SizesViewController()
            let tabs = UITabBarController()
            tabs.viewControllers = [colors, sizes]
            for tab in [colors, sizes] as [UIViewController] { tab.context = tabs.context }
            // `.share`: the tab bar controller, and the tabs sharing its context, use this one's.
            try? present(tabs, wiring: .share)
        }
    }

    final class ColorsViewController: UIViewController {
        func colorPicked(_ color: String) {
            context.set(color, for: Color.self)  // the sizes tab and the shop see it
        }
    }

    final class SizesViewController: UIViewController {
        override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            title = "Sizes in \(context[Color.self] ?? "any color")"
        }

        func sizePicked(_ size: String) {
            context.set(size, for: Size.self)
            dismiss(animated: true)
        }
    }
#endif
