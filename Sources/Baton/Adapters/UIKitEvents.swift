/// Every decision BatonUIKit makes, one entry point per UIKit method it exchanges: the exchanged
/// method calls its entry point with UIKit's original as `body`, and nothing else. The Linux
/// tests' UIKit behaviour model calls the same entry points around its model of UIKit, so the
/// code that runs on a device is the code the tests run.
///
/// Each entry point decides what the UIKit call means for Baton (is this segue an unwind? which
/// controller is the visible source? which controllers leave the tree now, which when the
/// transition completes?), begins and ends ``ExternalTransition``s, and runs `body` exactly once.
/// An error goes to ``errorHandler`` and UIKit goes on: what UIKit does on a user's tap or a
/// system callback never traps, in any build (a misuse there is reported, not asserted).
///
/// ```swift
/// @objc dynamic func batonPushViewController(_ controller: UIViewController, animated: Bool) {
///     UIKitEvents.push(controller, on: self) { batonPushViewController(controller, animated: animated) }
/// }
/// ```
@_spi(Adapters)
@MainActor
public enum UIKitEvents {
    /// Called when a transition UIKit performs cannot be resolved (a resolver threw) or wired;
    /// UIKit performs it anyway. By default it prints the error's description.
    ///
    /// ```swift
    /// UIKitEvents.errorHandler = { error in log.error("\(error.description)") }
    /// ```
    public static var errorHandler: @MainActor (ScreenError) -> Void = { error in
        print("Baton: \(error.description)")
    }

    /// Receives one line for every entry point called and for every transition begun, completed
    /// or cancelled, with Baton's resulting state: the adapter's lifecycle-logging mode. `nil`
    /// (off) by default.
    ///
    /// ```swift
    /// UIKitEvents.trace = { print("Baton:", $0) }
    /// // Baton: viewDidAppear detail: appeared
    /// ```
    public static var trace: (@MainActor (String) -> Void)? {
        didSet { ExternalTransition.trace = trace }
    }

    // MARK: - Appearance

    /// `viewWillAppear(_:)`, `viewDidAppear(_:)`, `viewWillDisappear(_:)`, `viewDidDisappear(_:)`.
    ///
    /// A tab appearing while its tab bar controller is on screen begins a tab selection (UIKit
    /// announces none); a presented controller disappearing because it is being dismissed, with no
    /// dismissal begun, begins one (a sheet swiped down). Then the callback is reported to the
    /// controller's ``ScreenLifecycle``, which runs `body`.
    ///
    /// ```swift
    /// UIKitEvents.appearance(.willAppear, of: self) { batonViewWillAppear(animated) }
    /// ```
    ///
    /// - Parameters:
    ///   - phase: The callback.
    ///   - screen: The controller it is called on.
    ///   - body: UIKit's original.
    public static func appearance(_ phase: LifecyclePhase, of screen: any UIKitScreen, _ body: () -> Void) {
        switch phase {
        case .willAppear:
            if let tabs = screen.parentScreen as? any UIKitScreen, tabs.containerRole == .tabs {
                attempt { () throws(ScreenError) in
                    try ExternalTransition.beginSelection(revealedBy: screen) {
                        ($0 as? any UIKitScreen)?.screenLifecycle.appearance
                    }
                }
            }
        case .willDisappear:
            if screen.isBeingDismissed, let presenter = screen.presentingScreen,
                ExternalTransition.inFlight(to: ExternalTransition.presentationCaller(of: screen) ?? presenter) == nil,
                ExternalTransition.backwardInFlight(from: screen).isEmpty
            {
                // Dismissed without a `dismiss` call: the user swiped the sheet down.
                let dismissal = attempt { () throws(ScreenError) in
                    try ExternalTransition.beginDismissal(calledOn: screen)
                }
                if let dismissal = dismissal ?? nil, dismissal.watch != nil {
                    dismissal.watch?.cause = .gesture(.sheetSwipe)
                }
            }
        case .didAppear, .didDisappear:
            break
        }
        let before = screen.screenLifecycle.appearance
        screen.screenLifecycle.report(phase, of: screen) {
            if phase == .didAppear, let navigation = screen.parentScreen as? any UIKitScreen,
                navigation.containerRole == .navigation
            {
                // The stack under a top that appeared is there: pushes UIKit made in one view
                // transition (their controllers got no callback) happened.
                for arrived in ExternalTransition.forwardInFlight(into: navigation) { arrived.settle() }
            }
            if let trace {
                let after = screen.screenLifecycle.appearance
                trace(
                    "\(callbackName(phase)) \(screen.screenName): "
                        + (after == before ? "ignored (already \(after))" : "\(after)"))
            }
            body()
        }
    }

    /// Whether `screen` is on screen: from its `viewDidAppear(_:)` until its `viewDidDisappear(_:)`
    /// when its callbacks are reported, else whether its view is in a window.
    ///
    /// ```swift
    /// public var isOnScreen: Bool { UIKitEvents.isOnScreen(self) }
    /// ```
    ///
    /// - Parameter screen: A controller.
    /// - Returns: Whether it is on screen.
    public static func isOnScreen(_ screen: any UIKitScreen) -> Bool {
        screen.reportsAppearance ? screen.screenLifecycle.isOnScreen : screen.isViewInWindow
    }

    /// The name a controller has when nobody named it: its type's name without generic
    /// arguments, so that a `UIHostingController<ModifiedContent<…>>` is `UIHostingController`
    /// in logs, graphs and its context's name, not a type name kilobytes long.
    ///
    /// ```swift
    /// UIKitEvents.defaultName(of: UIHostingController(rootView: Text("Hi")))   // "UIHostingController"
    /// ```
    ///
    /// - Parameter controller: A controller.
    /// - Returns: Its default name.
    public static func defaultName(of controller: AnyObject) -> String {
        let name = TypeNames.name(of: type(of: controller))
        guard let generic = name.firstIndex(of: "<") else { return name }
        return String(name[..<generic])
    }

    // MARK: - Segues

    /// `performSegue(withIdentifier:sender:)`: remembers the sender while UIKit prepares and
    /// performs the segue, so that a segue begun at `perform()` (an app's `prepare(for:sender:)`
    /// that does not call `super`) still carries it.
    ///
    /// ```swift
    /// UIKitEvents.performSegue(identifier, sender: sender, on: self) {
    ///     batonPerformSegue(withIdentifier: identifier, sender: sender)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - identifier: The segue's identifier.
    ///   - sender: The sender.
    ///   - source: The controller it is called on.
    ///   - body: UIKit's original.
    public static func performSegue(_ identifier: String, sender: Any?, on source: any Screen, _ body: () -> Void) {
        trace?("performSegue \(identifier) on \(source.screenName)")
        pendingSegues.append(PendingSegue(source: source, identifier: identifier, sender: sender))
        defer { pendingSegues.removeLast() }
        body()
    }

    /// `prepare(for:sender:)`: begins the ``TransitionKind/segue`` to the segue's destination,
    /// with its identifier and sender, unless the segue is an unwind (its destination is already
    /// shown).
    ///
    /// UIKit calls Baton's exchange where the app's override calls `super`, and not at all when
    /// it does not: then ``performSegue(_:from:to:_:)`` begins it.
    ///
    /// ```swift
    /// UIKitEvents.prepare(segue.identifier, from: segue.source, to: segue.destination, sender: sender) {
    ///     batonPrepare(for: segue, sender: sender)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - identifier: The segue's identifier.
    ///   - source: The segue's source.
    ///   - destination: The segue's destination.
    ///   - sender: The sender.
    ///   - body: UIKit's original.
    public static func prepare(
        _ identifier: String?, from source: any Screen, to destination: any Screen, sender: Any?, _ body: () -> Void
    ) {
        if isUnwind(to: destination) {
            trace?("prepare \(identifier ?? "segue") \(source.screenName) → \(destination.screenName): an unwind")
        } else if ExternalTransition.inFlight(to: destination) == nil {
            trace?("prepare \(identifier ?? "segue") \(source.screenName) → \(destination.screenName)")
            begin(.segue, from: source, to: destination, identifier: identifier, sender: sender)
        }
        body()
    }

    /// `UIStoryboardSegue.perform()`: begins the segue when `prepare(for:sender:)` did not (an
    /// override that does not call `super`), with the sender of the `performSegue(withIdentifier:sender:)`
    /// that started it, if any; nothing for an unwind.
    ///
    /// ```swift
    /// UIKitEvents.performSegue(identifier, from: source, to: destination) { batonPerform() }
    /// ```
    ///
    /// - Parameters:
    ///   - identifier: The segue's identifier.
    ///   - source: The segue's source.
    ///   - destination: The segue's destination.
    ///   - body: UIKit's original.
    public static func performSegue(
        _ identifier: String?, from source: any Screen, to destination: any Screen, _ body: () -> Void
    ) {
        if !isUnwind(to: destination), ExternalTransition.inFlight(to: destination) == nil {
            let pending = pendingSegues.last { $0.source === source && $0.identifier == identifier }
            trace?("perform \(identifier ?? "segue") \(source.screenName) → \(destination.screenName)")
            begin(.segue, from: source, to: destination, identifier: identifier, sender: pending?.sender)
        }
        body()
    }

    /// BatonUIKit's `segue.setDestinationRoute(_:root:)`, called in `prepare(for:sender:)`:
    /// records `route` on the segue's destination, which the storyboard made without one before
    /// UIKit sent `prepare(for:sender:)` to the source (`UIStoryboardSegue.h:27`,
    /// `UIViewController.h:132`), so that rule 1 (``ScreenWithoutRoute``), checked when the
    /// segue's transition completes, finds it, and reading, saving and restoring the tree keep it.
    /// It may come before or after `super.prepare(for:sender:)`, or without it.
    ///
    /// `root` is the route of the root a storyboard embeds in a navigation controller destination
    /// (its first view controller: `initWithRootViewController:` pushes it, `viewControllers` is
    /// the stack, `UINavigationController.h:55`, `:70`). An unwind segue's destination is already
    /// shown with its own route (``isUnwind(to:)``), and a `root` needs a navigation controller
    /// with a root: what cannot be recorded is reported to ``ScreenWithoutRoute/reporter``,
    /// naming the segue and the route, never dropped silently.
    ///
    /// ```swift
    /// UIKitEvents.recordRoute(ShopRoute.checkout, root: ShopRoute.cart, ofSegue: segue.identifier, to: segue.destination)
    /// ```
    ///
    /// - Parameters:
    ///   - route: The route the destination stands for.
    ///   - root: The route of the destination's root view controller, for a navigation controller.
    ///   - identifier: The segue's identifier.
    ///   - destination: The segue's destination.
    public static func recordRoute(
        _ route: any ScreenRoute, root: (any ScreenRoute)? = nil, ofSegue identifier: String?,
        to destination: any UIKitScreen
    ) {
        let segue = identifier.map { "segue \($0)" } ?? "segue without an identifier"
        func report(_ shown: String, _ ignored: ScreenWithoutRoute.IgnoredRoute) {
            trace?("\(shown): route not recorded on \(destination.screenName)")
            ScreenWithoutRoute.reporter?(
                ScreenWithoutRoute(
                    screen: "\(destination.screenName) (\(TypeNames.name(of: type(of: destination))))",
                    shown: shown, routeType: TypeNames.name(of: type(of: route)), fix: "", ignored: ignored))
        }
        guard !isUnwind(to: destination) else {
            let given = root.map { "\(route) and the root route \($0)" } ?? "the route \(route)"
            return report("unwind \(segue)", .unwind(given))
        }
        trace?("segue route \(route) recorded on \(destination.screenName)")
        destination.recordedScreenRoute = route
        guard let root else { return }
        guard case .stack(let screens) = UIKitNavigation.content(ofController: destination),
            let first = screens.first as? any UIKitScreen
        else { return report(segue, .rootOfNoStack(root: "\(root)")) }
        first.recordedScreenRoute = root
    }

    /// Whether a segue to `destination` is an unwind: UIKit prepares an unwind segue on its
    /// source with the controller that implements the unwind action as its destination, which
    /// is already shown (in a container, presented, or a window's root), whereas a forward
    /// segue's destination is new.
    ///
    /// ```swift
    /// UIKitEvents.isUnwind(to: list)   // true: list is on the navigation stack
    /// ```
    ///
    /// - Parameter destination: The segue's destination.
    /// - Returns: Whether the segue is an unwind.
    public static func isUnwind(to destination: any Screen) -> Bool {
        ExternalTransition.isInTree(destination) || (destination as? any UIKitScreen)?.isViewInWindow == true
    }

    // MARK: - Presentation

    /// `present(_:animated:completion:)`: begins a ``TransitionKind/present`` from the visible
    /// controller the call reaches (a navigation controller's top, a tab bar controller's selected
    /// tab, not the container itself), records which controller called `present` (UIKit's
    /// `presentingViewController` is the presentation context instead), and completes when UIKit
    /// calls the completion, after the presented controller's `viewDidAppear(_:)`
    /// (`UIViewController.h:246-249`). A presented controller still appearing then (its override
    /// of `viewDidAppear(_:)` skipped `super`) is resynchronised as appeared, so that nothing
    /// waits for a callback Baton will never hear.
    ///
    /// ```swift
    /// UIKitEvents.present(controller, on: self) { done in
    ///     batonPresent(controller, animated: animated) { done(); completion?() }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - presented: The controller to present.
    ///   - caller: The controller `present` is called on.
    ///   - body: UIKit's original, given the completion to call before the app's.
    public static func present(
        _ presented: any Screen, on caller: any Screen, _ body: (_ completion: @escaping @MainActor () -> Void) -> Void
    ) {
        trace?("present \(presented.screenName) on \(caller.screenName)")
        ExternalTransition.recordPresentation(of: presented, by: caller)
        let transition = begin(.present, from: visibleSource(of: caller), to: presented)
        body { [weak presented] in
            // UIKit calls the completion after the presented controller's viewDidAppear
            // (`UIViewController.h:246-249`): one Baton did not hear (an override that skips
            // `super`) happened all the same, and what waits for it runs now.
            if let presented = presented as? any UIKitScreen, presented.screenLifecycle.appearance == .appearing {
                trace?("viewDidAppear \(presented.screenName): resynchronised at its presentation's completion")
                presented.screenLifecycle.report(.didAppear, of: presented)
            }
            transition?.settle()
        }
    }

    /// `dismiss(animated:completion:)`: begins the ``TransitionKind/dismiss`` that the call makes
    /// by UIKit's rule (what the controller or its nearest ancestor presents, else the presented
    /// container it is in), and completes when UIKit calls the completion, after the dismissed
    /// controller's `viewDidDisappear(_:)` (`UIViewController.h:252`).
    ///
    /// ```swift
    /// UIKitEvents.dismiss(on: self) { done in
    ///     batonDismiss(animated: animated) { done(); completion?() }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - screen: The controller `dismiss` is called on.
    ///   - body: UIKit's original, given the completion to call before the app's.
    public static func dismiss(
        on screen: any Screen, _ body: (_ completion: @escaping @MainActor () -> Void) -> Void
    ) {
        trace?("dismiss on \(screen.screenName)")
        let dismissed = ExternalTransition.dismissedScreen(calledOn: screen)
        var transition: ExternalTransition?
        if let dismissed, let running = ExternalTransition.backwardInFlight(from: topPresented(above: dismissed)).first
        {
            transition = running
        } else {
            transition =
                attempt { () throws(ScreenError) in try ExternalTransition.beginDismissal(calledOn: screen) }
                ?? nil
        }
        body { transition?.complete() }
    }

    /// The controller `present` called on `caller` is shown from: `caller`, or the visible leaf
    /// of a container (a navigation controller's top, a tab bar controller's selected tab).
    ///
    /// ```swift
    /// UIKitEvents.visibleSource(of: navigationController) === navigationController.topViewController
    /// ```
    ///
    /// - Parameter caller: The controller a transition is started on.
    /// - Returns: Its visible leaf.
    public static func visibleSource(of caller: any Screen) -> any Screen {
        var current = caller
        while let container = current as? any UIKitScreen,
            container.containerRole == .navigation
                || container.containerRole == .tabs, let visible = container.visibleChildScreen
        {
            current = visible
        }
        return current
    }

    /// The screen that `step`, or a screen inside it, presented and that is still presented:
    /// what a hopping container dismisses when it hops away from `step`.
    ///
    /// ```swift
    /// (UIKitEvents.presentation(over: old) as? UIViewController)?.dismiss(animated: false)
    /// ```
    ///
    /// - Parameter step: The step being left.
    /// - Returns: The presented screen, or `nil`.
    public static func presentation(over step: any Screen) -> (any Screen)? {
        for screen in step.screenAndDescendants {
            if let presented = screen.presentedScreen, presented.parentScreen == nil,
                ExternalTransition.presentationCaller(of: presented).map({ caller in
                    step.screenAndDescendants.contains { $0 === caller }
                }) ?? (screen === step)
            {
                return presented
            }
        }
        return nil
    }

    // MARK: - Navigation controllers

    /// `pushViewController(_:animated:)`: begins a ``TransitionKind/push`` from the top when the
    /// navigation controller is in a window's tree; one being built is only wired (its
    /// controllers are resolved when it is shown). A controller already on the stack is no push
    /// (`UINavigationController.h:61`).
    ///
    /// ```swift
    /// UIKitEvents.push(controller, on: self) { batonPushViewController(controller, animated: animated) }
    /// ```
    ///
    /// - Parameters:
    ///   - controller: The controller pushed.
    ///   - navigation: The navigation controller.
    ///   - body: UIKit's original.
    public static func push(_ controller: any Screen, on navigation: any UIKitScreen, _ body: () -> Void) {
        trace?("pushViewController \(controller.screenName) on \(navigation.screenName)")
        guard !navigation.childScreens.contains(where: { $0 === controller }) else { return body() }
        let top = navigation.childScreens.last
        var transition: ExternalTransition?
        if isShown(navigation) {
            transition = begin(.push, from: top ?? navigation, to: controller)
        } else if ExternalTransition.inFlight(to: controller) == nil {
            // Being built: wired now, resolved with everything it contains when it is shown.
            attempt { () throws(ScreenError) in try ExternalTransition.wire(controller, to: (top ?? navigation).context)
            }
        }
        body()
        finish(transition, after: navigation)
    }

    /// `popViewController(animated:)`, which the back button and the interactive pop call: begins
    /// a ``TransitionKind/pop`` from the top to the controller below. The top leaves the tree
    /// when the pop completes (after its `viewDidDisappear(_:)`); a pop UIKit does not perform
    /// (it returns `nil`) is cancelled.
    ///
    /// ```swift
    /// UIKitEvents.pop(on: self) { batonPopViewController(animated: animated) }
    /// ```
    ///
    /// - Parameters:
    ///   - navigation: The navigation controller.
    ///   - body: UIKit's original.
    /// - Returns: What UIKit's original returns.
    public static func pop<Popped: Screen>(on navigation: any UIKitScreen, _ body: () -> Popped?) -> Popped? {
        trace?("popViewController on \(navigation.screenName)")
        let stack = navigation.childScreens
        let transition =
            stack.count > 1 ? beginPop(from: stack[stack.count - 1], to: stack[stack.count - 2], in: navigation) : nil
        let popped = body()
        if popped == nil { transition?.cancel() }
        // UIKit's interactive pop calls this when the swipe begins, with an interactive coordinator.
        if transition?.watch != nil, navigation.activeTransitionCoordinator?.isInteractive == true {
            transition?.watch?.cause = .gesture(.swipeBack)
        }
        finish(transition, after: navigation)
        return popped
    }

    /// `popToViewController(_:animated:)`, which the back button's long-press menu calls: a
    /// ``TransitionKind/pop`` from the top to `destination`; the controllers popped under the top
    /// leave the tree now, the top when the pop completes.
    ///
    /// ```swift
    /// UIKitEvents.pop(to: controller, on: self) { batonPopToViewController(controller, animated: animated) }
    /// ```
    ///
    /// - Parameters:
    ///   - destination: The controller that becomes the top.
    ///   - navigation: The navigation controller.
    ///   - body: UIKit's original.
    /// - Returns: What UIKit's original returns.
    public static func pop<Popped: Screen>(
        to destination: any Screen, on navigation: any UIKitScreen, _ body: () -> [Popped]?
    ) -> [Popped]? {
        trace?("popToViewController \(destination.screenName) on \(navigation.screenName)")
        let top = navigation.childScreens.last
        let transition = top.flatMap { $0 === destination ? nil : beginPop(from: $0, to: destination, in: navigation) }
        return finishPop(transition, on: navigation, popped: body())
    }

    /// `popToRootViewController(animated:)`: a ``TransitionKind/pop`` from the top to the root;
    /// the controllers popped under the top leave the tree now, the top when the pop completes.
    ///
    /// ```swift
    /// UIKitEvents.popToRoot(on: self) { batonPopToRootViewController(animated: animated) }
    /// ```
    ///
    /// - Parameters:
    ///   - navigation: The navigation controller.
    ///   - body: UIKit's original.
    /// - Returns: What UIKit's original returns.
    public static func popToRoot<Popped: Screen>(on navigation: any UIKitScreen, _ body: () -> [Popped]?)
        -> [Popped]?
    {
        trace?("popToRootViewController on \(navigation.screenName)")
        let stack = navigation.childScreens
        var transition: ExternalTransition?
        if stack.count > 1, let root = stack.first, let top = stack.last {
            transition = beginPop(from: top, to: root, in: navigation)
        }
        return finishPop(transition, on: navigation, popped: body())
    }

    /// `setViewControllers(_:animated:)` (and `viewControllers =`, which calls it): wires the new
    /// controllers and begins the transition to the new top
    /// (``ExternalTransition/beginStackChange(in:from:to:sender:isShown:)``); for the call a screen
    /// tree assignment makes, it takes the transition the assignment began, already resolved. The
    /// dropped controllers leave the tree now, except the old top, which leaves when the transition
    /// completes, after its `viewWillDisappear(_:)` and `viewDidDisappear(_:)`, as a popped top does.
    ///
    /// ```swift
    /// UIKitEvents.setStack(controllers, on: self) { batonSetViewControllers(controllers, animated: animated) }
    /// ```
    ///
    /// - Parameters:
    ///   - controllers: The new stack, root first.
    ///   - navigation: The navigation controller.
    ///   - body: UIKit's original.
    public static func setStack(_ controllers: [any Screen], on navigation: any UIKitScreen, _ body: () -> Void) {
        trace?(
            "setViewControllers [\(controllers.map(\.screenName).joined(separator: ", "))] on \(navigation.screenName)")
        let current = navigation.childScreens
        let transition: ExternalTransition?
        if let planned = plannedStackChange, planned.navigation == ObjectIdentifier(navigation) {
            // A screen tree assignment's call: it began the transition; the new controllers are
            // wired here as for any other call.
            plannedStackChange = nil
            if planned.wires {
                transition =
                    attempt { () throws(ScreenError) in
                        try ExternalTransition.beginStackChange(
                            in: navigation, from: current, to: controllers, sender: nil, isShown: planned.isShown,
                            begun: .some(planned.transition))
                    } ?? planned.transition
            } else {
                transition = planned.transition
            }
        } else {
            transition =
                attempt { () throws(ScreenError) in
                    try ExternalTransition.beginStackChange(
                        in: navigation, from: current, to: controllers, isShown: isShown(navigation))
                } ?? nil
        }
        let dropped = current.filter { old in !controllers.contains { $0 === old } }
        body()
        for screen in dropped where transition == nil || transition?.source !== screen {
            ExternalTransition.leaveTree(screen)
        }
        if let top = controllers.last, top === current.last, isShown(navigation) {
            checkScreensPut(
                below: top, added: controllers.filter { new in !current.contains { $0 === new } }, in: navigation)
        }
        finish(transition, after: navigation)
    }

    /// The stack change a screen tree assignment (``UIKitNavigationPlan``) makes on a navigation
    /// controller: its transition, begun once by the assignment (`nil`: none to begin), which the
    /// ``setStack(_:on:_:)`` its `setViewControllers(_:animated:)` reaches takes instead of
    /// beginning one; whether the navigation controller is shown, and whether the call has new
    /// controllers to wire (below the top, or a top in a stack not shown).
    private static var plannedStackChange:
        (navigation: ObjectIdentifier, transition: ExternalTransition?, isShown: Bool, wires: Bool)?

    /// Runs `body`, the assignment's `setViewControllers(_:animated:)` on `navigation`, with
    /// `transition` handed to the ``setStack(_:on:_:)`` it reaches.
    ///
    /// - Returns: Whether the call reached ``setStack(_:on:_:)``: an app's override of
    ///   `setViewControllers(_:animated:)` that skips `super`, or calls it later, keeps it from UIKit.
    @discardableResult
    static func withStackChange(
        _ transition: ExternalTransition?, shown: Bool, wires: Bool, on navigation: any UIKitScreen,
        _ body: () -> Void
    ) -> Bool {
        let outer = plannedStackChange
        plannedStackChange = (ObjectIdentifier(navigation), transition, shown, wires)
        defer { plannedStackChange = outer }
        body()
        return plannedStackChange == nil
    }

    // MARK: - Split views

    /// `showDetailViewController(_:sender:)`: in a split view controller that shows both columns,
    /// the detail replaces the secondary column, so it is wired to the primary column's context
    /// (not to the caller's, which would chain every detail to the one before) and the replaced
    /// detail leaves the tree when the transition completes; collapsed, UIKit pushes it onto the
    /// primary navigation controller, from its top. Outside a split view controller UIKit
    /// presents it, and the presentation begins the transition.
    ///
    /// ```swift
    /// UIKitEvents.showDetail(controller, on: self, sender: sender) {
    ///     batonShowDetailViewController(controller, sender: sender)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - controller: The detail.
    ///   - caller: The controller it is called on.
    ///   - sender: The sender.
    ///   - body: UIKit's original.
    public static func showDetail(
        _ controller: any Screen, on caller: any Screen, sender: Any?, _ body: () -> Void
    ) {
        trace?("showDetailViewController \(controller.screenName) on \(caller.screenName)")
        var split: (any UIKitScreen)?
        var current: (any Screen)? = caller
        while let screen = current {
            if let candidate = screen as? any UIKitScreen, case .split = candidate.containerRole {
                split = candidate
                break
            }
            current = screen.parentScreen
        }
        guard let split, case .split(let isCollapsed) = split.containerRole else { return body() }
        let primary = split.childScreens.first
        let transition: ExternalTransition?
        if isCollapsed {
            transition = begin(.push, from: visibleSource(of: primary ?? caller), to: controller, sender: sender)
        } else {
            transition = begin(
                .push, from: caller, to: controller, sender: sender, parentContext: (primary ?? split).context)
            if let replaced = split.childScreens.dropFirst().first, replaced !== controller {
                transition?.leaveOnCompletion(replaced)
            }
        }
        body()
        finish(transition, after: split)
    }

    // MARK: - Child containment

    /// `willMove(toParent:)`, which `addChild(_:)` calls before adding the child
    /// (`UIViewController.h:484-485`): a child added outside a transition that Baton already
    /// follows (a container view's embedded controller, a page view controller's new page, a tab
    /// added later) is wired to its new parent and, when the parent is in a window's tree,
    /// resolved as an ``TransitionKind/embed`` transition, before its `viewWillAppear(_:)`.
    ///
    /// ```swift
    /// UIKitEvents.willMove(self, toParent: parent) { batonWillMove(toParent: parent) }
    /// ```
    ///
    /// - Parameters:
    ///   - child: The controller being added or removed.
    ///   - parent: The new parent; `nil` when it is being removed.
    ///   - body: UIKit's original.
    public static func willMove(_ child: any Screen, toParent parent: (any Screen)?, _ body: () -> Void) {
        defer { body() }
        // A child wired already (by a transition, a set-stack below its top, or the app sharing
        // its parent's context) keeps its wiring.
        guard let parent, parent !== child.parentScreen, ExternalTransition.inFlight(to: child) == nil,
            child.context !== parent.context, child.context.parent == nil
        else { return }
        trace?("willMove \(child.screenName) toParent \(parent.screenName)")
        if isShown(parent) {
            attempt { () throws(ScreenError) in try ExternalTransition.begin(.embed, from: parent, to: child).complete()
            }
        } else {
            attempt { () throws(ScreenError) in try ExternalTransition.wire(child, to: parent.context) }
        }
    }

    /// `didMove(toParent:)`, which `removeFromParent()` calls with `nil` after removing the child:
    /// a child removed outside a transition that takes it out of the tree itself leaves the tree.
    ///
    /// ```swift
    /// UIKitEvents.didMove(self, toParent: parent) { batonDidMove(toParent: parent) }
    /// ```
    ///
    /// - Parameters:
    ///   - child: The controller added or removed.
    ///   - parent: The new parent; `nil` when it was removed.
    ///   - body: UIKit's original.
    public static func didMove(_ child: any Screen, toParent parent: (any Screen)?, _ body: () -> Void) {
        if parent == nil, child.parentScreen == nil, child.presentingScreen == nil,
            ExternalTransition.inFlight(to: child) == nil, ExternalTransition.backwardInFlight(from: child).isEmpty
        {
            trace?("didMove \(child.screenName) toParent nil: left the tree")
            ExternalTransition.leaveTree(child)
        }
        body()
    }

    // MARK: - Windows

    /// `UIWindow.rootViewController`'s setter: begins a ``TransitionKind/replaceRoot`` wiring the
    /// new root to the window's app context. It completes at once when no appearance callback
    /// will come (a hidden window, or callbacks not reported), else at the new root's
    /// `viewDidAppear(_:)`. UIKit's private windows (the keyboard's) are not the app's: their
    /// roots are left alone.
    ///
    /// ```swift
    /// UIKitEvents.setRoot(controller, of: self) { batonSetRootViewController(controller) }
    /// ```
    ///
    /// - Parameters:
    ///   - controller: The new root.
    ///   - window: The window.
    ///   - body: UIKit's original.
    public static func setRoot(_ controller: (any UIKitScreen)?, of window: any UIKitWindow, _ body: () -> Void) {
        guard window.isAppWindow else {
            trace?("setRootViewController in \(type(of: window)), a private UIKit window: ignored")
            return body()
        }
        guard let controller else {
            // `rootViewController = nil` (a scene that disconnects, say): the old root leaves.
            let old = window.currentRoot
            body()
            if let old { leaveTree(showing: old) }
            if window.currentRoot == nil { ScreenWindow.removeHostedRoot(of: window.batonWindow) }
            return
        }
        guard controller !== window.currentRoot else { return body() }
        trace?("setRootViewController \(controller.screenName)")
        let transition = begin(
            .replaceRoot, from: window.currentRoot, to: controller, parentContext: window.batonWindow.context,
            in: window.batonWindow)
        body()
        if let transition { finishRootChange(transition, of: window) }
    }

    /// Ends a root change when no appearance callback will: the window is hidden, or the
    /// callbacks are not reported (`window.setRoot(_:wiring:)` without `install()`). Otherwise the
    /// new root's `viewDidAppear(_:)` ends it.
    ///
    /// ```swift
    /// UIKitEvents.finishRootChange(transition, of: self)
    /// ```
    ///
    /// - Parameters:
    ///   - transition: The ``TransitionKind/replaceRoot`` transition.
    ///   - window: The window.
    public static func finishRootChange(_ transition: ExternalTransition, of window: any UIKitWindow) {
        if window.isHidden || (window.currentRoot as? any UIKitScreen)?.reportsAppearance != true {
            transition.complete()
        }
    }

    /// Makes a window's current root Baton's, as if it had just been set: for roots set before
    /// the adapter was installed (a storyboard app without scenes loads its window's root before
    /// `application(_:didFinishLaunchingWithOptions:)`).
    ///
    /// ```swift
    /// for window in scene.windows { UIKitEvents.adoptRoot(of: window) }
    /// ```
    ///
    /// - Parameter window: The window.
    public static func adoptRoot(of window: any UIKitWindow) {
        guard window.isAppWindow else {
            trace?("adopt the root of \(type(of: window)), a private UIKit window: ignored")
            return
        }
        guard let root = window.currentRoot, ScreenWindow.containing(root) !== window.batonWindow else { return }
        trace?("adopt root \(root.screenName)")
        begin(.replaceRoot, from: nil, to: root, parentContext: window.batonWindow.context, in: window.batonWindow)?
            .complete()
    }

    /// A window whose scene disconnected (`UISceneDidDisconnectNotification`, `UIKit/UIScene.h:104`,
    /// sent with `sceneDidDisconnect(_:)`, `:65`: "UIKit removed a scene from your app", Apple's
    /// documentation of `sceneDidDisconnect(_:)`), or whose root was set to `nil`: its screens leave the
    /// tree, which ends every flow awaiting one of its hopping containers
    /// (``ScreenError/cancelled(screen:reason:)``), and every assignment waiting in it for a
    /// start-up flow is dropped with ``NavigationDidFail``, so that nothing keeps the window or
    /// its controllers alive.
    ///
    /// ```swift
    /// for window in scene.windows { UIKitEvents.windowClosed(window) }
    /// ```
    ///
    /// - Parameter window: The window of the scene that disconnected.
    public static func windowClosed(_ window: any UIKitWindow) {
        trace?("window of \(window.currentRoot?.screenName ?? "no root") closed")
        if window.isAppWindow, let root = window.currentRoot {
            leaveTree(showing: root)
            ScreenWindow.removeHostedRoot(of: window.batonWindow)
        }
        UIKitNavigation.windowClosed(window.batonWindow)
    }

    /// Takes `root`, everything inside it and everything presented over it out of the tree.
    private static func leaveTree(showing root: any Screen) {
        var pending: [any Screen] = [root]
        var seen = Set<ObjectIdentifier>()
        while let screen = pending.popLast() {
            for shown in screen.screenAndDescendants where seen.insert(ObjectIdentifier(shown)).inserted {
                if let presented = shown.presentedScreen, !seen.contains(ObjectIdentifier(presented)) {
                    pending.append(presented)
                }
            }
            ExternalTransition.leaveTree(screen)
        }
    }

    /// `viewDidAppear(_:)` of a controller in `window`: a root that appears in a window Baton
    /// does not host yet is adopted (``adoptRoot(of:)``). This is the fallback for roots set
    /// before ``UIKitEvents`` saw them: an app without scenes whose storyboard window was not
    /// in `UIApplication.shared.connectedScenes` when the adapter was installed.
    ///
    /// ```swift
    /// if let window = viewIfLoaded?.window { UIKitEvents.appeared(self, in: window) }
    /// ```
    ///
    /// - Parameters:
    ///   - screen: The controller that appeared.
    ///   - window: Its view's window.
    public static func appeared(_ screen: any Screen, in window: any UIKitWindow) {
        guard window.currentRoot === screen else { return }
        adoptRoot(of: window)
    }

    /// Whether a window is one of the app's, from where its class is defined, as
    /// `Bundle(for: type(of: window))` answers: "the NSBundle object for the framework in which
    /// aClass is defined, or the main bundle object if aClass was not dynamically loaded or is not
    /// defined in a framework" (Apple's documentation of `Bundle.init(for:)`). `UIWindow` itself
    /// and every class from another bundle than UIKit's (the app, its frameworks, a pod built
    /// with `use_frameworks!`, an SDK's debug menu) are the app's; a `UIWindow` subclass defined
    /// in UIKit's own bundle is one of UIKit's private windows (the keyboard's, text effects'),
    /// whose roots are not the app's screens.
    ///
    /// ```swift
    /// UIKitEvents.isAppWindow(
    ///     classIsUIWindow: type(of: window) == UIWindow.self,
    ///     classBundlePath: Bundle(for: type(of: window)).bundlePath,
    ///     uikitBundlePath: Bundle(for: UIWindow.self).bundlePath)
    /// ```
    ///
    /// - Parameters:
    ///   - classIsUIWindow: Whether the window's class is `UIWindow` itself.
    ///   - classBundlePath: The path of the bundle that defines the window's class.
    ///   - uikitBundlePath: The path of the bundle that defines `UIWindow`.
    /// - Returns: `false` only for a subclass defined in UIKit's bundle.
    public static func isAppWindow(classIsUIWindow: Bool, classBundlePath: String, uikitBundlePath: String) -> Bool {
        classIsUIWindow || classBundlePath != uikitBundlePath
    }

    // MARK: - Hopping containers

    /// Begins a hopping container's hop to `step`, from inside ``HopFlow``'s `show` (the flow
    /// already records `step` as its current step): a ``TransitionKind/hop`` from the step being
    /// left (the first hop is resolved from the container), wiring the step to the container's
    /// context. The container then dismisses ``HopHandoff/presentation``, adds the step, carries
    /// out ``HopHandoff/plan(animationDuration:)`` and calls ``HopHandoff/finish()``.
    ///
    /// ```swift
    /// let hop = try UIKitEvents.beginHop(to: step, identifier: identifier, in: self)
    /// ```
    ///
    /// - Parameters:
    ///   - step: The step to show.
    ///   - identifier: An optional identifier.
    ///   - container: The hopping container.
    /// - Returns: What the container does next.
    /// - Throws: The errors of ``ExternalTransition/begin(_:from:to:identifier:sender:wiring:parentContext:resolutionSource:in:)``;
    ///   nothing is shown then.
    public static func beginHop(to step: any Screen, identifier: String?, in container: any HopFlowContainer)
        throws(ScreenError) -> HopHandoff
    {
        let old = container.hopFlow.leavingStep
        let left = container.hopFlow.stepsLeftByHop()
        trace?("hop \(container.screenName) to \(step.screenName)")
        let transition = try ExternalTransition.begin(
            .hop, from: old, to: step, identifier: identifier, parentContext: container.context,
            resolutionSource: container)
        return HopHandoff(
            presentation: old.flatMap(presentation(over:)).flatMap(dismissibleNow), transition: transition,
            unshown: left.unshown,
            displayed: left.displayed, step: step, container: container)
    }

    /// `presented`, which a hop dismisses at once, or `nil` while UIKit runs its presentation or
    /// a dismissal of it (an animation, the user dragging the sheet down): UIKit refuses a
    /// `dismiss` made then, without its completion, or makes it late (UIKit practice, the review's
    /// N-E5). Then the hop dismisses it when that transition's coordinator completes
    /// (`UIViewControllerTransitionCoordinator.h:96-97`), if it is still presented (a sheet the
    /// user let go of halfway, a presentation that ended), so nothing stays up over the next step.
    /// A hop asked in that coordinator's completion (an assignment that waited for it) may still
    /// be given it (UIKit releases it "after … the last callback", `:76-78`), and what becomes of a
    /// completion added then is not documented: the transition is over, so the sheet is dismissed
    /// at once, or after its viewDidAppear(_:) when that is still to come.
    private static func dismissibleNow(_ presented: any Screen) -> (any Screen)? {
        guard let controller = presented as? any UIKitScreen,
            let coordinator = controller.activeTransitionCoordinator,
            controller.isBeingDismissed || coordinator.toScreen === controller
        else { return presented }
        let dismissWhenAppeared = { @MainActor [weak controller] in
            // After its viewDidAppear(_:), which may come after the coordinator's completion.
            controller?.screenLifecycle.whenAppeared { [weak controller] in
                guard let controller, !controller.isBeingDismissed,
                    let presenter = controller.presentingScreen as? any UIKitScreen
                else { return }
                presenter.dismissPresentedScreen(animated: false) {}
            }
        }
        guard UIKitNavigation.isRunning(coordinator) else {
            guard controller.screenLifecycle.appearance == .appearing else { return presented }
            trace?("hop: \(controller.screenName) is dismissed when it has appeared")
            dismissWhenAppeared()
            return nil
        }
        trace?("hop: \(controller.screenName) is dismissed when UIKit's running transition ends")
        coordinator.onCompletion { _ in dismissWhenAppeared() }
        return nil
    }

    // MARK: - Explicit calls

    /// The forward transition an app's explicit call (`push(_:wiring:)`, `present(_:wiring:)`)
    /// begins before calling UIKit; the exchanged method it then reaches joins it. Unlike the
    /// entry points, it throws, and nothing is shown then.
    ///
    /// ```swift
    /// let transition = try UIKitEvents.beginExplicit(.present, from: self, to: controller, wiring: .share)
    /// ```
    ///
    /// - Parameters:
    ///   - kind: ``TransitionKind/push`` or ``TransitionKind/present``.
    ///   - caller: The controller the call is made on (for a push, the navigation controller).
    ///   - destination: The controller shown.
    ///   - identifier: An optional identifier.
    ///   - sender: An optional sender.
    ///   - wiring: How the destination's context is wired.
    /// - Returns: The transition in flight.
    /// - Throws: The errors of ``ExternalTransition/begin(_:from:to:identifier:sender:wiring:parentContext:resolutionSource:in:)``.
    public static func beginExplicit(
        _ kind: TransitionKind, from caller: any Screen, to destination: any Screen, identifier: String? = nil,
        sender: Any? = nil, wiring: ContextWiring
    ) throws(ScreenError) -> ExternalTransition {
        let source: any Screen
        if kind == .present {
            ExternalTransition.recordPresentation(of: destination, by: caller)
            source = visibleSource(of: caller)
        } else {
            source = caller.childScreens.last ?? caller
        }
        return try ExternalTransition.begin(
            kind, from: source, to: destination, identifier: identifier, sender: sender, wiring: wiring)
    }

    /// Ends `transition` when no appearance callback will end it: at once when the container's
    /// view is not in a window or callbacks are not reported, with UIKit's transition coordinator
    /// when there is one that belongs to this transition (UIKit may return an enclosing
    /// transition's). Otherwise the destination's callbacks end it, and a callback that never
    /// comes is made up for from the real state (``ExternalTransition/settle()``).
    ///
    /// ```swift
    /// UIKitEvents.finish(transition, after: navigationController)
    /// ```
    ///
    /// - Parameters:
    ///   - transition: The transition begun before UIKit's call.
    ///   - container: The controller the call was made on.
    public static func finish(_ transition: ExternalTransition?, after container: any UIKitScreen) {
        guard let transition, transition.state == .inFlight else { return }
        if container.reportsAppearance && container.isViewInWindow { return }
        if let coordinator = container.activeTransitionCoordinator,
            [coordinator.fromScreen, coordinator.toScreen].contains(where: { screen in
                screen != nil && (screen === transition.destination || screen === transition.source)
            })
        {
            coordinator.onCompletion { isCancelled in
                if isCancelled { transition.settle() } else { transition.complete() }
            }
        } else {
            transition.complete()
        }
    }

    // MARK: - Internals

    private struct PendingSegue {
        weak var source: (any Screen)?
        let identifier: String
        let sender: Any?
    }
    private static var pendingSegues: [PendingSegue] = []

    /// Whether `screen` is in a window's tree, so that a transition in it brings a screen into it.
    static func isShown(_ screen: any Screen) -> Bool {
        ScreenWindow.containing(screen) != nil || (screen as? any UIKitScreen)?.isViewInWindow == true
    }

    @discardableResult
    private static func begin(
        _ kind: TransitionKind, from source: (any Screen)?, to destination: any Screen, identifier: String? = nil,
        sender: Any? = nil, parentContext: ScreenContext? = nil, in window: ScreenWindow? = nil
    ) -> ExternalTransition? {
        attempt { () throws(ScreenError) in
            try ExternalTransition.begin(
                kind, from: source, to: destination, identifier: identifier, sender: sender,
                parentContext: parentContext, in: window)
        }
    }

    private static func beginPop(from top: any Screen, to destination: any Screen, in navigation: any Screen)
        -> ExternalTransition?
    {
        let transition = begin(.pop, from: top, to: destination)
        transition?.stackContainer = navigation
        return transition
    }

    private static func finishPop<Popped: Screen>(
        _ transition: ExternalTransition?, on navigation: any UIKitScreen, popped: [Popped]?
    ) -> [Popped]? {
        if popped?.isEmpty ?? true { transition?.cancel() }
        // UIKit returns the popped controllers root first: the top leaves when the pop completes,
        // the ones under it now.
        for screen in (popped ?? []).dropLast() { ExternalTransition.leaveTree(screen) }
        finish(transition, after: navigation)
        return popped
    }

    private static func topPresented(above screen: any Screen) -> any Screen {
        var top = screen
        while let next = top.presentedScreen, next !== top { top = next }
        return top
    }

    private static func callbackName(_ phase: LifecyclePhase) -> String {
        switch phase {
        case .willAppear: "viewWillAppear"
        case .didAppear: "viewDidAppear"
        case .willDisappear: "viewWillDisappear"
        case .didDisappear: "viewDidDisappear"
        }
    }

    /// Runs `body` without trapping on a misuse; an error goes to ``errorHandler``.
    @discardableResult
    static func attempt<Result>(_ body: () throws(ScreenError) -> Result) -> Result? {
        let outcome = MisuseMode.$current.withValue(.lenient) { () -> Swift.Result<Result, ScreenError> in
            do throws(ScreenError) {
                return .success(try body())
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case .success(let value):
            return value
        case .failure(let error):
            trace?("error: \(error.description)")
            errorHandler(error)
            return nil
        }
    }
}

/// What a hopping container does after ``UIKitEvents/beginHop(to:identifier:in:)``: dismiss
/// what the old step presented, add the step as a child (its view loads), then carry out
/// ``plan(animationDuration:)``.
///
/// ```swift
/// (hop.presentation as? UIViewController)?.dismiss(animated: false)
/// ```
@_spi(Adapters)
@MainActor
public struct HopHandoff {
    /// What the old step, or a screen inside it, presents: a presentation over the container
    /// that would otherwise stay up over the next step. `nil` while UIKit presents or dismisses
    /// it: the core dismisses it once that transition has ended.
    ///
    /// ```swift
    /// (hop.presentation as? UIViewController)?.dismiss(animated: false)
    /// ```
    public let presentation: (any Screen)?
    let transition: ExternalTransition
    /// Steps left whose view never went into the container: each finished while it loaded.
    let unshown: [any Screen]
    /// The step whose view the container shows now, which this hop replaces.
    let displayed: (any Screen)?
    weak var step: (any Screen)?
    weak var container: (any HopFlowContainer)?

    /// What the container does once the step's view is loaded (its `viewDidLoad()` ran, and may
    /// have finished the step and hopped on). Call it once, after `addChild(step)` and loading
    /// the step's view.
    ///
    /// ```swift
    /// let plan = hop.plan(animationDuration: animation.duration)
    /// ```
    ///
    /// - Parameter duration: The hop's animation, in seconds; 0 for none.
    /// - Returns: The children to remove at once and how to swap the views: with UIKit's
    ///   `transition(from:to:…)` only when the container's view is in a window, the animation
    ///   lasts, and the step left has its view in the container (`UIKit/UIViewController.h:426-430`:
    ///   the new view goes to the old view's superview).
    public func plan(animationDuration duration: Double) -> HopPlan {
        guard let step, let container, container.hopFlow.current === step else {
            // The step finished in its viewDidLoad and the container hopped on: that hop removed
            // this step and swapped the views.
            return HopPlan(removedAtOnce: [], change: .none)
        }
        container.hopFlow.stepIsDisplayed(step)
        guard let displayed else { return HopPlan(removedAtOnce: unshown, change: .add) }
        let inWindow = (container as? any UIKitScreen)?.isViewInWindow ?? false
        return HopPlan(
            removedAtOnce: unshown,
            change: inWindow && duration > 0 ? .transition(from: displayed) : .replace(displayed))
    }

    /// Ends the hop once the views are swapped: the steps left leave the tree, and the hop
    /// completes (if the step's `viewDidAppear(_:)` has not already).
    ///
    /// ```swift
    /// hop.finish()
    /// ```
    public func finish() {
        for left in unshown { ExternalTransition.leaveTree(left) }
        if let displayed { ExternalTransition.leaveTree(displayed) }
        transition.complete()
    }
}

/// What a hopping container does with its children and views for one hop, decided by
/// ``HopHandoff/plan(animationDuration:)``.
///
/// ```swift
/// for case let left as UIViewController in plan.removedAtOnce {
///     left.willMove(toParent: nil)
///     left.removeFromParent()
/// }
/// ```
@_spi(Adapters)
@MainActor
public struct HopPlan {
    /// Steps left whose view never went into the container (each finished while it loaded):
    /// the container removes them at once with `willMove(toParent: nil)` and
    /// `removeFromParent()`.
    ///
    /// ```swift
    /// plan.removedAtOnce.map(\.screenName)   // ["login"]
    /// ```
    public let removedAtOnce: [any Screen]
    /// How the views change.
    ///
    /// ```swift
    /// if case .transition(let old) = plan.change { … }
    /// ```
    public let change: HopViewChange
}

/// How a hopping container swaps its views for one hop (``HopPlan/change``). After `.add`,
/// `.replace` and `.transition`, the container removes the step left (`removeFromParent()`),
/// calls the step's `didMove(toParent:)` and ``HopHandoff/finish()``.
///
/// ```swift
/// switch plan.change {
/// case .none: return
/// case .add: view.addSubview(step.view)
/// case .replace(let old): old.view.removeFromSuperview(); view.addSubview(step.view)
/// case .transition(let old): transition(from: old, to: step, …)
/// }
/// ```
@_spi(Adapters)
public enum HopViewChange {
    /// Nothing: a hop made while this one loaded its step shows its own step.
    case none
    /// No step's view is in the container: add the step's view.
    case add
    /// Without animation: `willMove(toParent: nil)` the step left, remove its view, add the
    /// step's.
    case replace(any Screen)
    /// Animated: `willMove(toParent: nil)` the step left, then UIKit's
    /// `transition(from:to:duration:options:animations:completion:)`.
    case transition(from: any Screen)

    /// The step left whose view leaves the container, if any.
    ///
    /// ```swift
    /// (plan.change.leaving as? UIViewController)?.removeFromParent()
    /// ```
    public var leaving: (any Screen)? {
        switch self {
        case .none, .add: nil
        case .replace(let old), .transition(let old): old
        }
    }
}
