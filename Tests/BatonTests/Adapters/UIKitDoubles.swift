@_spi(Adapters) import Baton

// Test doubles shaped like UIKit's view controllers: the same parent, children and presentation
// relations, and the appearance callbacks in the order UIKit's documentation gives (a container
// forwards each callback to its visible children, outer to inner). Each UIKit method does what
// BatonUIKit's glue does around the real one: begin an ExternalTransition before UIKit shows the
// destination, report each callback to the controller's ScreenLifecycle.

/// `UIViewController`: a context created on first use and named after the storyboard identifier
/// or the type; `parent`, `children`, `presentedViewController`, `presentingViewController`.
@MainActor
class FakeViewController: Screen {
    let storyboardIdentifier: String?
    lazy var context = Context(name: screenName)
    let lifecycle = ScreenLifecycle()
    weak var parent: FakeViewController?
    var children: [FakeViewController] = []
    var presentedViewController: FakeViewController?
    weak var presentingViewController: FakeViewController?
    /// What the app's own `prepare(for:sender:)` override saw.
    var preparedSegues: [String] = []

    init(storyboardIdentifier: String? = nil) { self.storyboardIdentifier = storyboardIdentifier }

    var parentScreen: (any Screen)? { parent }
    var childScreens: [any Screen] { children }
    var presentedScreen: (any Screen)? { presentedViewController }
    var presentingScreen: (any Screen)? { presentingViewController }
    var isOnScreen: Bool { lifecycle.isOnScreen }
    var screenName: String { storyboardIdentifier ?? String(describing: type(of: self)) }

    /// The children that appear with this controller (a navigation controller's top, the
    /// selected tab).
    var visibleChildren: [FakeViewController] { children }

    /// The app's own `viewDidAppear(_:)` and friends.
    var onAppearance: ((LifecyclePhase) -> Void)?

    /// `viewWillAppear(_:)` and friends, forwarded to the visible children as UIKit does; the
    /// glue reports each and runs the app's override as the body.
    func appearanceCallback(_ phase: LifecyclePhase) {
        if phase == .willAppear, parent is FakeTabBarController {
            // The glue sees a tab selection (a tap) in the new tab's viewWillAppear.
            _ = try? ExternalTransition.beginSelection(revealedBy: self) {
                ($0 as? FakeViewController)?.lifecycle.appearance
            }
        }
        lifecycle.report(phase, of: self) { onAppearance?(phase) }
        for child in visibleChildren { child.appearanceCallback(phase) }
    }

    /// The outermost container: what a full-screen presentation covers.
    var presentationRoot: FakeViewController {
        var current = self
        while let next = current.parent { current = next }
        return current
    }

    // MARK: Presentation

    enum PresentationStyle { case fullScreen, pageSheet }
    var presentationStyle = PresentationStyle.fullScreen

    /// `present(_:animated:completion:)`.
    func present(
        _ controller: FakeViewController, style: PresentationStyle = .fullScreen, identifier: String? = nil,
        sender: Any? = nil, wiring: ContextWiring = .inherit
    ) throws(ScreenError) {
        let transition = try ExternalTransition.begin(
            .present, from: self, to: controller, identifier: identifier, sender: sender, wiring: wiring)
        controller.presentationStyle = style
        presentedViewController = controller
        controller.presentingViewController = self
        guard presentationRoot.isOnScreen else { return transition.complete() }
        // iOS 13 sheets leave the presenter on screen: it receives no callback.
        let covered = style == .fullScreen ? [presentationRoot] : []
        for screen in covered { screen.appearanceCallback(.willDisappear) }
        controller.appearanceCallback(.willAppear)
        for screen in covered { screen.appearanceCallback(.didDisappear) }
        controller.appearanceCallback(.didAppear)
    }

    /// `dismiss(animated:completion:)` on the presenter.
    func dismissPresented(sender: Any? = nil) throws(ScreenError) {
        guard let presented = presentedViewController,
            let transition = try ExternalTransition.beginDismissal(calledOn: self, sender: sender)
        else { return }
        let covered = presented.presentationStyle == .fullScreen ? [presentationRoot] : []
        presented.appearanceCallback(.willDisappear)
        for screen in covered { screen.appearanceCallback(.willAppear) }
        presented.appearanceCallback(.didDisappear)
        for screen in covered { screen.appearanceCallback(.didAppear) }
        presentedViewController = nil
        presented.presentingViewController = nil
        // A sheet's presenter gets no did-appear: the glue completes in `dismiss`'s completion.
        transition.complete()
    }

    /// A sheet dragged down by the user: the sheet's will-disappear, then either its
    /// did-disappear or, when the drag is released early, its will-appear and did-appear again.
    /// The presenter, still on screen, receives nothing. The glue begins the dismiss in the
    /// sheet's viewWillDisappear, seeing `isBeingDismissed`; the callbacks end it.
    func swipeDownSheet(releasedEarly: Bool) throws(ScreenError) {
        guard let presenter = presentingViewController else { return }
        try ExternalTransition.beginDismissal(calledOn: self)
        appearanceCallback(.willDisappear)
        if releasedEarly {
            appearanceCallback(.willAppear)
            appearanceCallback(.didAppear)
            return
        }
        presenter.presentedViewController = nil
        presentingViewController = nil
        appearanceCallback(.didDisappear)
    }

    // MARK: Segues

    /// `performSegue(withIdentifier:sender:)`: UIKit makes the destination, calls
    /// `prepare(for:sender:)` (where the glue begins the transition, then calls the app's own
    /// override), then performs the segue: a show segue pushes when in a navigation controller.
    func performSegue(
        withIdentifier identifier: String, sender: Any?, destination: FakeViewController
    ) throws(ScreenError) {
        try ExternalTransition.begin(.segue, from: self, to: destination, identifier: identifier, sender: sender)
        preparedSegues.append(identifier)
        if let navigation = parent as? FakeNavigationController {
            try navigation.pushViewController(destination)
        } else {
            try present(destination)
        }
    }
}

/// `UINavigationController`.
@MainActor
final class FakeNavigationController: FakeViewController {
    var viewControllers: [FakeViewController] { children }
    var topViewController: FakeViewController? { children.last }

    init(rootViewController: FakeViewController, storyboardIdentifier: String? = nil) {
        super.init(storyboardIdentifier: storyboardIdentifier)
        children = [rootViewController]
        rootViewController.parent = self
    }

    override var visibleChildren: [FakeViewController] { children.last.map { [$0] } ?? [] }

    /// `pushViewController(_:animated:)`.
    func pushViewController(
        _ controller: FakeViewController, identifier: String? = nil, sender: Any? = nil,
        wiring: ContextWiring = .inherit
    ) throws(ScreenError) {
        let top = topViewController
        let transition = try ExternalTransition.begin(
            .push, from: top ?? self, to: controller, identifier: identifier, sender: sender, wiring: wiring)
        children.append(controller)
        controller.parent = self
        guard isOnScreen else { return transition.complete() }
        top?.appearanceCallback(.willDisappear)
        controller.appearanceCallback(.willAppear)
        top?.appearanceCallback(.didDisappear)
        controller.appearanceCallback(.didAppear)
    }

    /// `popViewController(animated:)`, the back button.
    @discardableResult
    func popViewController() throws(ScreenError) -> FakeViewController? {
        guard children.count > 1, let top = children.last else { return nil }
        let below = children[children.count - 2]
        let transition = try ExternalTransition.begin(.pop, from: top, to: below)
        children.removeLast()
        top.parent = nil
        guard isOnScreen else {
            transition.complete()
            return top
        }
        top.appearanceCallback(.willDisappear)
        below.appearanceCallback(.willAppear)
        top.appearanceCallback(.didDisappear)
        below.appearanceCallback(.didAppear)
        return top
    }

    /// The interactive pop gesture: UIKit calls the top's will-disappear and the one below's
    /// will-appear when the swipe starts. Released halfway, the one below disappears again and
    /// the top reappears; finished, the pop completes.
    func interactivePop(cancelledHalfway: Bool) throws(ScreenError) {
        guard children.count > 1, let top = children.last else { return }
        let below = children[children.count - 2]
        try ExternalTransition.begin(.pop, from: top, to: below)
        top.appearanceCallback(.willDisappear)
        below.appearanceCallback(.willAppear)
        if cancelledHalfway {
            below.appearanceCallback(.willDisappear)
            below.appearanceCallback(.didDisappear)
            top.appearanceCallback(.willAppear)
            top.appearanceCallback(.didAppear)
            return
        }
        children.removeLast()
        top.parent = nil
        top.appearanceCallback(.didDisappear)
        below.appearanceCallback(.didAppear)
    }

    /// `setViewControllers(_:animated:)`.
    func setViewControllers(_ controllers: [FakeViewController]) throws(ScreenError) {
        guard let newTop = controllers.last else { return }
        let oldTop = topViewController
        let transition = try ExternalTransition.beginStackChange(
            in: self, from: children, to: controllers, isShown: ScreenWindow.containing(self) != nil)
        for controller in children where !controllers.contains(where: { $0 === controller }) {
            controller.parent = nil
        }
        children = controllers
        for controller in controllers { controller.parent = self }
        guard oldTop !== newTop else { return }
        guard isOnScreen else {
            transition?.complete()
            return
        }
        oldTop?.appearanceCallback(.willDisappear)
        newTop.appearanceCallback(.willAppear)
        oldTop?.appearanceCallback(.didDisappear)
        newTop.appearanceCallback(.didAppear)
    }
}

/// `UITabBarController`: every tab is a child from the start; the selected one is visible.
@MainActor
final class FakeTabBarController: FakeViewController {
    private(set) var selectedIndex = 0

    init(viewControllers: [FakeViewController], storyboardIdentifier: String? = nil) {
        super.init(storyboardIdentifier: storyboardIdentifier)
        children = viewControllers
        for controller in viewControllers { controller.parent = self }
    }

    override var visibleChildren: [FakeViewController] { [children[selectedIndex]] }

    /// A tap on a tab: UIKit sends the callbacks; the glue sees the selection in the new tab's
    /// viewWillAppear.
    func selectTab(at index: Int) {
        guard index != selectedIndex else { return }
        let old = children[selectedIndex]
        let new = children[index]
        selectedIndex = index
        guard isOnScreen else { return }
        old.appearanceCallback(.willDisappear)
        new.appearanceCallback(.willAppear)
        old.appearanceCallback(.didDisappear)
        new.appearanceCallback(.didAppear)
    }
}

/// `UIWindow`, with the Baton window the glue keeps beside it.
@MainActor
final class FakeWindow {
    let baton: ScreenWindow
    private(set) var rootViewController: FakeViewController?
    private(set) var isKeyWindow = false

    init(context: Context = Context(name: "app")) {
        baton = ScreenWindow(context: context)
        baton.recordsLifecycle = true
        baton.dependencyCoordinator = DependencyCoordinator(name: "test")
    }

    /// `rootViewController = controller`.
    func setRootViewController(_ controller: FakeViewController) throws(ScreenError) {
        let old = rootViewController
        let transition = try ExternalTransition.begin(
            .replaceRoot, from: old, to: controller, parentContext: baton.context, in: baton)
        rootViewController = controller
        guard isKeyWindow else { return transition.complete() }
        old?.appearanceCallback(.willDisappear)
        controller.appearanceCallback(.willAppear)
        old?.appearanceCallback(.didDisappear)
        controller.appearanceCallback(.didAppear)
    }

    /// `makeKeyAndVisible()`: the root appears.
    func makeKeyAndVisible() {
        guard !isKeyWindow else { return }
        isKeyWindow = true
        rootViewController?.appearanceCallback(.willAppear)
        rootViewController?.appearanceCallback(.didAppear)
    }
}

// App controllers of the scenarios.
final class ListViewController: FakeViewController {
    var selectedRow = 0
}
final class DetailViewController: FakeViewController {
    var row: Int?
    var seenInViewWillAppear: Int?
    override func appearanceCallback(_ phase: LifecyclePhase) {
        if phase == .willAppear { seenInViewWillAppear = row }
        super.appearanceCallback(phase)
    }
}
final class SignUpViewController: FakeViewController {}
final class ColorsViewController: FakeViewController {}
final class SizesViewController: FakeViewController {}

/// BatonUIKit's `HoppingViewController`: one child at a time, shown by child containment; the
/// continuations in a HopFlow.
@MainActor
final class FakeHoppingViewController: FakeViewController, HopFlowContainer {
    let hopFlow = HopFlow()
    /// The storyboard: identifiers it can instantiate.
    var storyboard: [String: () -> FakeViewController] = [:]

    var currentViewController: FakeViewController? { children.first }

    func hop(to step: FakeViewController, then continuation: (@MainActor () -> Void)?) throws(ScreenError) {
        try hopFlow.hop(to: step, in: self, then: continuation) {
            () throws(ScreenError) in try show(step, identifier: nil)
        }
    }

    func hop(to identifier: String, thenTo next: String) throws(ScreenError) {
        let step = try instantiate(identifier)
        guard storyboard[next] != nil else {
            throw ScreenError.unknownIdentifier(next, known: storyboard.keys.sorted())
        }
        try hopFlow.hop(
            to: step, in: self,
            then: { [unowned self] () throws(ScreenError) in
                let final = try self.instantiate(next)
                try self.hopFlow.hop(to: final, in: self, then: nil) { () throws(ScreenError) in
                    try self.show(final, identifier: next)
                }
            }
        ) { () throws(ScreenError) in try show(step, identifier: identifier) }
    }

    func hop<Result>(to step: FakeViewController, returning: Result.Type) async throws -> Result {
        try await hopFlow.hop(to: step, in: self, returning: Result.self) { () throws(ScreenError) in
            try show(step, identifier: nil)
        }
    }

    private func instantiate(_ identifier: String) throws(ScreenError) -> FakeViewController {
        guard let make = storyboard[identifier] else {
            throw ScreenError.unknownIdentifier(identifier, known: storyboard.keys.sorted())
        }
        return make()
    }

    /// addChild, the cross-dissolve, removeFromParent; callbacks as UIKit's
    /// `transition(from:to:duration:options:animations:completion:)` sends them.
    private func show(_ step: FakeViewController, identifier: String?) throws(ScreenError) {
        let old = currentViewController
        // The first hop comes from no step, and is resolved from the container.
        let transition = try ExternalTransition.begin(
            .hop, from: old, to: step, identifier: identifier, parentContext: context, resolutionSource: self)
        children = [step]
        step.parent = self
        old?.parent = nil
        defer { if let old { ExternalTransition.leaveTree(old) } }  // the glue, after the swap
        guard isOnScreen else { return transition.complete() }
        old?.appearanceCallback(.willDisappear)
        step.appearanceCallback(.willAppear)
        old?.appearanceCallback(.didDisappear)
        step.appearanceCallback(.didAppear)
    }
}
