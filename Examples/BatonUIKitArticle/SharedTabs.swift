#if canImport(UIKit)
    import Baton
    import BatonUIKit
    import UIKit

    // ControllerContext's third example: tabs share data and return the selection to the screen
    // that presented them.

    extension ContextValues {
        var color: ContextEntry<String?> { .init() }
        var size: ContextEntry<String?> { .init() }
    }

    final class ShopViewController: UIViewController {
        override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            let color = context[\.color] ?? "any color"
            let size = context[\.size] ?? "any size"
            title = "\(color), \(size)"
        }

        @objc func chooseTapped() {
            let colors = ColorsViewController()
            let sizes = SizesViewController()
            let tabs = UITabBarController()
            tabs.viewControllers = [colors, sizes]
            for tab in [colors, sizes] as [UIViewController] { tab.context = tabs.context }
            // `.share`: the tab bar controller, and the tabs sharing its context, use this one's.
            do { try present(tabs, wiring: .share) } catch { print("Baton:", error) }
        }
    }

    final class ColorsViewController: UIViewController {
        func colorPicked(_ color: String) {
            context.set(color, for: \.color)  // the sizes tab and the shop see it
        }
    }

    final class SizesViewController: UIViewController {
        override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            title = "Sizes in \(context[\.color] ?? "any color")"
        }

        func sizePicked(_ size: String) {
            context.set(size, for: \.size)
            dismiss(animated: true)
        }
    }
#endif
