@_spi(Adapters) import Baton

// A UIKit-like fake for the UIKit assignment rows, built like the Linux tests' UIKit behaviour
// model (Tests/BatonTests/Adapters/UIKitModel.swift), which the benchmarks cannot import: a
// window whose root is a navigation controller, in a visible window, with the adapter installed.
// Its methods call the same `UIKitEvents` entry points BatonUIKit's exchanged methods call, with
// UIKit's unanimated behaviour as the body: the stack changes, the old top gets
// `viewWillDisappear`/`viewDidDisappear`, the new top `viewWillAppear`/`viewDidAppear`, added
// controllers `didMove(toParent:)`, removed ones `didMove(toParent: nil)`. It counts the UIKit
// calls that change what is shown.

/// `UIViewController`.
@MainActor
class FakeViewController: UIKitScreen {
    let screenName: String
    lazy var context = ScreenContext(name: screenName)
    let screenLifecycle = ScreenLifecycle()
    var recordedScreenRoute: (any ScreenRoute)?
    fileprivate(set) weak var parent: FakeViewController?
    fileprivate(set) var children: [FakeViewController] = []
    fileprivate(set) weak var window: FakeWindow?

    init(name: String) { screenName = name }

    var parentScreen: (any Screen)? { parent }
    var childScreens: [any Screen] { children }
    var presentedScreen: (any Screen)? { nil }
    var presentingScreen: (any Screen)? { nil }
    var isOnScreen: Bool { UIKitEvents.isOnScreen(self) }
    var isViewInWindow: Bool { parent?.visibleChildScreen === self || window != nil }
    var isBeingDismissed: Bool { false }
    var containerRole: UIKitContainerRole { .plain }
    var visibleChildScreen: (any Screen)? { nil }
    var activeTransitionCoordinator: (any UIKitTransitionCoordinator)? { nil }
    var reportsAppearance: Bool { true }
    var isRouteless: Bool { false }
    var classLineage: [String] { [String(describing: type(of: self)), "UIViewController", "UIResponder", "NSObject"] }
    var screenPresentationStyle: PresentationStyle = .sheet

    func setStackScreens(_ screens: [any Screen], animated: Bool) {}
    func selectTabScreen(at index: Int) {}
    func presentScreen(_ screen: any Screen, animated: Bool, completion: @escaping @MainActor () -> Void) {}
    func dismissPresentedScreen(animated: Bool, completion: @escaping @MainActor () -> Void) {}

    /// An appearance callback, through BatonUIKit's exchanged implementation.
    fileprivate func appearance(_ phase: LifecyclePhase) {
        UIKitEvents.appearance(phase, of: self) {}
    }
}

/// `UINavigationController`, unanimated.
@MainActor
final class FakeNavigationController: FakeViewController {
    /// The UIKit calls made on it that change what is shown.
    private(set) var calls = 0

    init(name: String, root: FakeViewController) {
        super.init(name: name)
        children = [root]
        root.parent = self
    }

    override var containerRole: UIKitContainerRole { .navigation }
    override var visibleChildScreen: (any Screen)? { children.last }

    override func setStackScreens(_ screens: [any Screen], animated: Bool) {
        let controllers = screens.compactMap { $0 as? FakeViewController }
        calls += 1
        UIKitEvents.setStack(controllers, on: self) { change(to: controllers) }
    }

    /// `pushViewController(_:animated:)`, exchanged.
    func pushViewController(_ controller: FakeViewController) {
        calls += 1
        UIKitEvents.push(controller, on: self) { change(to: children + [controller]) }
    }

    /// `popViewController(animated:)`, exchanged.
    @discardableResult
    func popViewController() -> FakeViewController? {
        calls += 1
        return UIKitEvents.pop(on: self) { () -> FakeViewController? in
            guard children.count > 1, let top = children.last else { return nil }
            change(to: Array(children.dropLast()))
            return top
        }
    }

    /// UIKit's stack change and its view transition, unanimated.
    private func change(to controllers: [FakeViewController]) {
        let old = children
        let oldTop = old.last
        let added = controllers.filter { new in !old.contains { $0 === new } }
        let removed = old.filter { gone in !controllers.contains { $0 === gone } }
        for controller in added { UIKitEvents.willMove(controller, toParent: self) {} }
        children = controllers
        for controller in added { controller.parent = self }
        let newTop = controllers.last
        if oldTop !== newTop {
            oldTop?.appearance(.willDisappear)
            newTop?.appearance(.willAppear)
            oldTop?.appearance(.didDisappear)
            newTop?.appearance(.didAppear)
        }
        for controller in added { UIKitEvents.didMove(controller, toParent: self) {} }
        for controller in removed {
            controller.parent = nil
            UIKitEvents.didMove(controller, toParent: nil) {}
        }
    }
}

/// `UIWindow`, visible, with the Baton window BatonUIKit keeps beside it.
@MainActor
final class FakeWindow: UIKitWindow {
    let batonWindow = ScreenWindow()
    private(set) var root: FakeViewController?

    var currentRoot: (any Screen)? { root }
    var isHidden: Bool { false }
    var isAppWindow: Bool { true }

    func replaceRootScreen(with screen: any Screen) {
        guard let controller = screen as? FakeViewController else { return }
        UIKitEvents.setRoot(controller, of: self) {
            root = controller
            controller.window = self
            controller.appearance(.willAppear)
            controller.appearance(.didAppear)
            for child in controller.visibleChildScreen.map({ [$0] }) ?? [] {
                (child as? FakeViewController)?.appearance(.willAppear)
                (child as? FakeViewController)?.appearance(.didAppear)
            }
        }
    }
}
