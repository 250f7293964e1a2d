@_spi(Adapters) import Baton
import Testing

// A model of UIKit's behaviour, for the Linux tests of BatonUIKit's decisions.
//
// Each model class stands for a UIKit class; each of its methods does what UIKit's does, by the
// rule cited beside it: a header line of the iOS 17.0 SDK (UIKit.framework/Headers/…, in
// itsnebulalol/sdks) or Apple's documentation. Where Apple documents nothing, the rule says
// "UIKit practice" and, when the review of the adapters (section E) could not settle it, it is a
// switch of `UIKitModel.Behaviour`, and the tests run under every setting.
//
// Where BatonUIKit exchanges a UIKit method, the model's method calls the same `UIKitEvents`
// entry point with its model of UIKit's original as the body, exactly as Swizzles.swift does,
// so the tests run the code that runs on a device. `UIKitModel.isInstalled = false` models an
// app that never called `UIKitAdapter.install()`.

/// The app process: UIKit's undocumented behaviours, whether the adapter is installed, the run
/// loop, and the errors the adapter reported.
@MainActor
final class UIKitModel {
    /// UIKit behaviours no Apple document settles (the review's section E), one switch each.
    struct Behaviour: Sendable, Hashable, CustomTestStringConvertible {
        /// E1. The back button and the interactive pop gesture go through the public
        /// `popViewController(animated:)` (UIKit practice; not documented).
        var backButtonCallsPublicPop = true
        /// E2. A transition coordinator's completion runs before the destination's
        /// `viewDidAppear(_:)` (not documented either way).
        var coordinatorCompletesBeforeDidAppear = false
        /// E3. Two unanimated pushes in one run-loop turn make one view transition, from the old
        /// top to the last pushed controller, so the middle one gets no appearance callback
        /// (UIKit practice: the navigation controller defers its view transition to layout).
        var coalescesUnanimatedPushes = true
        /// E4. `viewControllers =` and `init(rootViewController:)` call the exchanged
        /// `setViewControllers(_:animated:)` and `pushViewController(_:animated:)`
        /// (`UINavigationController.h:55` says the initializer "pushes the root view
        /// controller"; through which method is not documented).
        var settersCallExchangedMethods = true
        /// N-E5a. `dismiss(animated:completion:)` called while a presentation or dismissal of the
        /// same controller runs is refused, with a console warning ("Attempt to dismiss … while a
        /// presentation or dismiss is in progress"), and its completion never runs; when off,
        /// UIKit runs it once the running one has ended, and then its completion. `UIViewController.h`
        /// documents neither (`:252-253` says only that the completion runs "after the dismissed
        /// controller's viewDidDisappear:").
        var refusesDismissalDuringDismissal = true
        /// N-E5b. A `pushViewController`, pop or `setViewControllers` made while the navigation
        /// controller runs an animated transition or an interactive pop (while it vends a
        /// `transitionCoordinator`) is dropped; when off, UIKit makes it once that transition has
        /// ended. `UINavigationController.h:61-72` documents neither; its transition coordinator is
        /// "ephemeral … released after the transition completes"
        /// (`UIViewControllerTransitionCoordinator.h:74-78`).
        var dropsStackChangesDuringTransition = true
        /// N-E6. `transitionCoordinator` still returns a transition's coordinator while its
        /// completions run, and a completion added then never runs; when off, it returns `nil`
        /// once the transition has completed. The coordinator is "released after the transition
        /// completes and the last callback has been made" (`UIViewControllerTransitionCoordinator.h:76-78`);
        /// when `transitionCoordinator` stops returning it, and what becomes of a completion added
        /// from a completion (`:96-97`), are not documented.
        var vendsCoordinatorDuringCompletion = false
        /// N-E7. A full-screen presentation made from a page sheet also removes the views the
        /// sheet was presented over (its presenter, and the layers under that one shown by
        /// sheets), which then get their disappear callbacks, and their appear callbacks when it
        /// is dismissed; when off, it removes only the sheet's view, as it removes "the view
        /// controller's view we are transitioning from" (`UIPresentationController.h:104-107`),
        /// and the layers under the sheet stay in the window with no callback. Apple documents
        /// neither. Baton's core hides every layer (`PresentationStyle`); a UIKit window follows
        /// UIKit's callbacks either way.
        var coverHidesLayersUnderASheet = false

        var testDescription: String {
            "E1 \(backButtonCallsPublicPop) E2 \(coordinatorCompletesBeforeDidAppear)"
                + " E3 \(coalescesUnanimatedPushes) E4 \(settersCallExchangedMethods)"
                + " E5a \(refusesDismissalDuringDismissal) E5b \(dropsStackChangesDuringTransition)"
                + " E6 \(vendsCoordinatorDuringCompletion) E7 \(coverHidesLayersUnderASheet)"
        }

        /// Both settings of N-E7, the others as UIKit practice has them.
        static let coversOverSheets: [Behaviour] = [false, true].map { Behaviour(coverHidesLayersUnderASheet: $0) }

        /// Every combination of the section-E switches (E1–E4), with UIKit's refusals (E5) as
        /// UIKit practice has them.
        static let all: [Behaviour] = [false, true].flatMap { e1 in
            [false, true].flatMap { e2 in
                [false, true].flatMap { e3 in
                    [false, true].map { e4 in
                        Behaviour(
                            backButtonCallsPublicPop: e1, coordinatorCompletesBeforeDidAppear: e2,
                            coalescesUnanimatedPushes: e3, settersCallExchangedMethods: e4)
                    }
                }
            }
        }

        /// Every combination of the switches of changes that meet a running transition (N-E5a,
        /// N-E5b, N-E6) with the coordinator's order (E2) and the back button's path (E1).
        static let duringTransitions: [Behaviour] = [false, true].flatMap { e1 in
            [false, true].flatMap { e2 in
                [false, true].flatMap { e5a in
                    [false, true].flatMap { e5b in
                        [false, true].map { e6 in
                            Behaviour(
                                backButtonCallsPublicPop: e1, coordinatorCompletesBeforeDidAppear: e2,
                                refusesDismissalDuringDismissal: e5a, dropsStackChangesDuringTransition: e5b,
                                vendsCoordinatorDuringCompletion: e6)
                        }
                    }
                }
            }
        }
    }

    var behaviour: Behaviour
    /// Whether `UIKitAdapter.install()` ran: the exchanged methods call `UIKitEvents`.
    var isInstalled = true
    /// What the adapter reported to `UIKitAdapter.errorHandler`.
    private(set) var errors: [ScreenError] = []
    /// The UIKit methods the app (or Baton) called that change what is shown, in order:
    /// `rootViewController =`, push, pops, `setViewControllers`, `selectedIndex =`, `present`,
    /// `dismiss`, so that tests count them.
    var calls: [String] = []
    /// The windows, which the application keeps (`UIWindowScene.windows`) as long as the process
    /// runs.
    fileprivate var windows: [ModelWindow] = []

    nonisolated init(_ behaviour: Behaviour = Behaviour(), isInstalled: Bool = true) {
        self.behaviour = behaviour
        self.isInstalled = isInstalled
    }

    /// Runs an exchanged method: `UIKitEvents` when the adapter is installed, with errors
    /// collected, else UIKit's original alone.
    func exchanged(_ events: () -> Void, original: () -> Void) {
        guard isInstalled else { return original() }
        let handler = UIKitEvents.errorHandler
        UIKitEvents.errorHandler = { [weak self] error in self?.errors.append(error) }
        defer { UIKitEvents.errorHandler = handler }
        events()
    }

    // MARK: The run loop

    private var layoutPasses: [@MainActor () -> Void] = []
    private var animationEnds: [@MainActor () -> Void] = []

    /// Work UIKit defers to the next layout pass, later in this run-loop turn (UIKit practice:
    /// a navigation controller starts its view transition in layout).
    func atNextLayout(_ work: @escaping @MainActor () -> Void) { layoutPasses.append(work) }

    /// Work that runs when the running animations end (`UIView` animation completions).
    func whenAnimationsEnd(_ work: @escaping @MainActor () -> Void) { animationEnds.append(work) }

    /// Runs the layout passes due, which start the deferred view transitions, and leaves their
    /// animations running: what the app does next meets them.
    func runLayout() {
        while !layoutPasses.isEmpty {
            let passes = layoutPasses
            layoutPasses.removeAll()
            for pass in passes { pass() }
        }
    }

    /// Lets the run loop turn until nothing is left: layout passes, then animation ends.
    func runLoop() {
        while !layoutPasses.isEmpty || !animationEnds.isEmpty {
            if !layoutPasses.isEmpty {
                let passes = layoutPasses
                layoutPasses.removeAll()
                for pass in passes { pass() }
            } else {
                let ends = animationEnds
                animationEnds.removeAll()
                for end in ends { end() }
            }
        }
    }

    /// The process the controllers made in this task belong to; tests that run under several
    /// behaviours bind their own with `UIKitModel.$current.withValue(UIKitModel(behaviour)) { … }`.
    @TaskLocal static var current = UIKitModel()
}

/// `UIViewControllerTransitionCoordinator` of a running animated transition.
@MainActor
final class ModelCoordinator: UIKitTransitionCoordinator {
    weak var fromScreen: (any Screen)?
    weak var toScreen: (any Screen)?
    private(set) var completions: [@MainActor (Bool) -> Void] = []
    var isCancelled = false
    /// `isInteractive` (UIViewControllerTransitionCoordinator.h:41): the user drives it.
    var isInteractive = false

    init(from: (any Screen)?, to: (any Screen)?) {
        fromScreen = from
        toScreen = to
    }

    /// `animateAlongsideTransition:completion:` (UIViewControllerTransitionCoordinator.h:96-97):
    /// the completion runs when the transition ends, with `isCancelled` (:43-44).
    func onCompletion(_ body: @escaping @MainActor (Bool) -> Void) { completions.append(body) }

    /// The transition ends: its completions run, in order. One added while they run never runs
    /// (what UIKit does then is not documented; the model takes the case that loses it, N-E6).
    func end() {
        let completions = self.completions
        self.completions.removeAll()
        for completion in completions { completion(isCancelled) }
    }
}

// MARK: - UIViewController

/// `UIViewController`.
@MainActor
class ModelViewController: UIKitScreen {
    let uikit: UIKitModel
    let storyboardIdentifier: String?
    lazy var context = ScreenContext(name: screenName)
    let screenLifecycle = ScreenLifecycle()

    /// `parentViewController` (UIViewController.h:198-203): the containing view controller, not
    /// the presenting one.
    private(set) weak var parent: ModelViewController?
    /// `childViewControllers`.
    fileprivate(set) var children: [ModelViewController] = []
    /// The window this controller is the root of.
    fileprivate(set) weak var window: ModelWindow?

    /// What this controller presents as a presentation context, and the context that presents it.
    fileprivate(set) var presentedOwn: ModelViewController?
    fileprivate(set) weak var presentingOwn: ModelViewController?

    /// UIKit's `isBeingDismissed` (UIViewController.h:234-241): set on the presented controller
    /// during a dismissal's callbacks, not on its children.
    fileprivate(set) var isBeingDismissed = false

    /// `modalPresentationStyle` (UIViewController.h:269-273), as the model needs it: a
    /// full-screen presentation removes the presenter's view, a page sheet leaves it
    /// (`shouldRemovePresentersView`, UIPresentationController.h:104-107), as alerts and popovers
    /// do. Set on the presented controller, per instance (:273), before it is presented.
    enum PresentationStyle { case fullScreen, pageSheet }
    /// A page sheet unless set: the default `.automatic` (UIViewController.h:271, "Defaults to
    /// UIModalPresentationAutomatic on iOS starting in iOS 13.0") resolves to
    /// `UIModalPresentationPageSheet` for a plain controller (:270).
    var presentationStyle = PresentationStyle.pageSheet

    /// The appearance callbacks whose override in the app does not call `super` (Apple requires
    /// it; apps forget): BatonUIKit, which exchanges UIViewController's implementation, never
    /// sees them, but UIKit still forwards them to the children.
    var skipsSuper: Set<LifecyclePhase> = []
    /// The app's own overrides of the appearance callbacks.
    var onAppearance: ((LifecyclePhase) -> Void)?
    /// The app's own `viewDidLoad()`.
    var onViewDidLoad: (() -> Void)?
    private(set) var isViewLoaded = false

    init(storyboardIdentifier: String? = nil, uikit: UIKitModel = .current) {
        self.storyboardIdentifier = storyboardIdentifier
        self.uikit = uikit
    }

    // MARK: Screen and UIKitScreen, as BatonUIKit's UIViewController answers them

    var parentScreen: (any Screen)? { parent }
    var childScreens: [any Screen] { children }
    var presentedScreen: (any Screen)? { presentedViewController }
    var presentingScreen: (any Screen)? { presentingViewController }
    var isOnScreen: Bool { UIKitEvents.isOnScreen(self) }
    var screenName: String { storyboardIdentifier ?? UIKitEvents.defaultName(of: self) }
    var containerRole: UIKitContainerRole { .plain }
    var visibleChildScreen: (any Screen)? { nil }
    var reportsAppearance: Bool { uikit.isInstalled }

    // MARK: Rule 1, as BatonUIKit's UIViewController answers it

    /// BatonUIKit: `@objc(baton_isRouteless) open var isRouteless: Bool { isMarkedRouteless }`,
    /// which an app's controller overrides.
    var isRouteless: Bool { isMarkedRouteless }
    /// BatonUIKit keeps it in an associated object, for a system controller the app cannot subclass.
    var isMarkedRouteless = false
    /// BatonUIKit: `NSStringFromClass` of the class and each superclass. A model class answers
    /// with its own name, then the UIKit classes it stands for.
    var classLineage: [String] { [String(describing: type(of: self))] + Self.uikitLineage }
    /// The UIKit classes this model class stands for, nearest first.
    class var uikitLineage: [String] { ["UIViewController", "UIResponder", "NSObject"] }

    // MARK: Navigation as data, as BatonUIKit's UIViewController answers it

    /// BatonUIKit keeps it in an associated object.
    var recordedScreenRoute: (any ScreenRoute)?

    /// BatonUIKit: `(self as? UINavigationController)?.setViewControllers(…, animated:)`.
    func setStackScreens(_ screens: [any Screen], animated: Bool) {
        (self as? ModelNavigationController)?.setViewControllers(
            screens.compactMap { $0 as? ModelViewController }, animated: animated)
    }

    /// BatonUIKit: `(self as? UITabBarController)?.selectedIndex = index`.
    func selectTabScreen(at index: Int) {
        (self as? ModelTabBarController)?.selectTab(at: index)
    }

    /// BatonUIKit: `present(controller, animated: animated) { completion() }`.
    func presentScreen(_ screen: any Screen, animated: Bool, completion: @escaping @MainActor () -> Void) {
        guard let controller = screen as? ModelViewController else { return }
        present(controller, animated: animated) { completion() }
    }

    /// BatonUIKit: `modalPresentationStyle`, `.fullScreen` for a cover, `.pageSheet` for a sheet.
    var screenPresentationStyle: Baton.PresentationStyle {
        get { presentationStyle == .fullScreen ? .fullScreenCover : .sheet }
        set { presentationStyle = newValue == .fullScreenCover ? .fullScreen : .pageSheet }
    }

    /// BatonUIKit: `dismiss(animated: animated) { completion() }`.
    func dismissPresentedScreen(animated: Bool, completion: @escaping @MainActor () -> Void) {
        dismiss(animated: animated) { completion() }
    }

    /// `presentedViewController` (UIViewController.h:208-209): "presented by this view
    /// controller or its nearest ancestor".
    var presentedViewController: ModelViewController? {
        var current: ModelViewController? = self
        while let controller = current {
            if let presented = controller.presentedOwn { return presented }
            current = controller.parent
        }
        return nil
    }

    /// `presentingViewController` (UIViewController.h:211-212): "the view controller that
    /// presented this view controller (or its farthest ancestor)": for a child of a presented
    /// container, that container's presenter.
    var presentingViewController: ModelViewController? {
        var current: ModelViewController? = self
        while let controller = current {
            if let presenting = controller.presentingOwn { return presenting }
            current = controller.parent
        }
        return nil
    }

    /// The outermost container of this controller: UIKit presents from it, the presentation
    /// context of a full-screen or sheet presentation (UIViewController.h:212, "or its farthest
    /// ancestor"; :215-219 names the root as the presenter when no ancestor defines a context).
    var presentationContext: ModelViewController {
        var current = self
        while let next = current.parent { current = next }
        return current
    }

    /// `transitionCoordinator` (UIViewControllerTransitionCoordinator.h:124-131): the running
    /// presentation's or dismissal's coordinator, "otherwise it will ask the parent view
    /// controller".
    var activeTransitionCoordinator: (any UIKitTransitionCoordinator)? {
        ownCoordinator ?? parent?.activeTransitionCoordinator
    }
    fileprivate var ownCoordinator: ModelCoordinator?

    /// UIKit stops vending `coordinator`, the transition having completed: before its
    /// completions run (`completionsRan` false) or after them (true), as switch N-E6 says.
    fileprivate func stopVending(_ coordinator: ModelCoordinator, completionsRan: Bool) {
        guard completionsRan == uikit.behaviour.vendsCoordinatorDuringCompletion, ownCoordinator === coordinator
        else { return }
        ownCoordinator = nil
    }

    /// `viewIfLoaded?.window != nil`: the root of a visible window, a visible child of a
    /// controller in the window, or a presented controller whose presentation is on. A
    /// controller covered by a full-screen presentation has its view removed
    /// (`UIPresentationController.shouldRemovePresentersView`, UIPresentationController.h:104-107).
    var isViewInWindow: Bool {
        guard isViewLoaded else { return false }
        if isCoveredByAPresentation { return false }
        if let parent {
            return parent.isViewInWindow && parent.visibleChildren.contains { $0 === self }
        }
        if let window { return window.isKeyWindow && window.rootViewController === self }
        if let presenting = presentingOwn { return presenting.isViewInWindowOrCovered }
        return false
    }
    private var isViewInWindowOrCovered: Bool {
        if let parent { return parent.isViewInWindowOrCovered && parent.visibleChildren.contains { $0 === self } }
        if let window { return window.isKeyWindow && window.rootViewController === self }
        if let presenting = presentingOwn { return presenting.isViewInWindowOrCovered }
        return false
    }
    /// Whether a full-screen presentation removed this controller's view: the one it presents,
    /// or (N-E7 on) one presented from a page sheet above it.
    private var isCoveredByAPresentation: Bool {
        var presented = presentedOwn
        while let current = presented {
            if current.presentationStyle == .fullScreen { return current.coversPresenter }
            guard uikit.behaviour.coverHidesLayersUnderASheet else { return false }
            presented = current.presentedOwn
        }
        return false
    }

    /// The controllers whose views a full-screen presentation from `presenter` removes, bottom
    /// first: `presenter` and (N-E7 on) each layer under it shown by page sheets.
    fileprivate static func coveredByAFullScreenPresentation(from presenter: ModelViewController)
        -> [ModelViewController]
    {
        var layers = [presenter]
        guard presenter.uikit.behaviour.coverHidesLayersUnderASheet else { return layers }
        var current = presenter
        while current.presentationStyle == .pageSheet, let under = current.presentingOwn {
            layers.insert(under, at: 0)
            current = under
        }
        return layers
    }

    /// Whether this controller's presentation has ended (its viewDidAppear comes next).
    fileprivate var isPresentationDone = false
    /// Whether this controller, presented full screen, covers its presenter, whose view UIKit
    /// removed from the window.
    fileprivate var coversPresenter = false

    /// Whether this controller's presentation or dismissal runs.
    fileprivate var isInPresentationTransition: Bool {
        presentingOwn != nil && (!isPresentationDone || isBeingDismissed)
    }

    /// The children that appear and disappear with this controller: all of them for a plain
    /// container (its children's views are in its view).
    var visibleChildren: [ModelViewController] { children }

    /// `loadViewIfNeeded()`: the first access to `view` loads it and calls `viewDidLoad()`.
    func loadViewIfNeeded() {
        guard !isViewLoaded else { return }
        isViewLoaded = true
        onViewDidLoad?()
    }

    // MARK: Appearance

    /// The app's override of an appearance callback.
    func appOverride(_ phase: LifecyclePhase) { onAppearance?(phase) }

    /// UIKit calls an appearance callback, then forwards it to the visible children
    /// (`shouldAutomaticallyForwardAppearanceMethods` is YES by default, UIViewController.h:462-475).
    /// The app's override runs first; BatonUIKit's exchange of UIViewController's implementation
    /// runs where it calls `super`, so not at all when it does not.
    func appearanceCallback(_ phase: LifecyclePhase) {
        loadViewIfNeeded()
        if skipsSuper.contains(phase) {
            appOverride(phase)
        } else {
            uikit.exchanged({
                UIKitEvents.appearance(phase, of: self) { self.appOverride(phase) }
                // BatonUIKit's batonViewDidAppear, after UIKit's original.
                if phase == .didAppear, let window { UIKitEvents.appeared(self, in: window) }
            }) {
                appOverride(phase)
            }
        }
        for child in visibleChildren { child.appearanceCallback(phase) }
    }

    // MARK: Containment

    /// `addChildViewController:` calls `willMoveToParentViewController:` before adding the child,
    /// not `didMove` (UIViewController.h:484-486).
    func addChild(_ child: ModelViewController) {
        child.willMove(toParent: self)
        children.append(child)
        child.parent = self
    }

    /// `removeFromParentViewController` removes the child, then calls its
    /// `didMoveToParentViewController:nil` (Apple's documentation of `didMove(toParent:)`:
    /// "The removeFromParent() method automatically calls the didMove(toParent:) method"); it
    /// does not call `willMove(toParent: nil)` (UIViewController.h:488-489).
    func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        didMove(toParent: nil)
    }

    /// `willMoveToParentViewController:`, exchanged by BatonUIKit.
    func willMove(toParent parent: ModelViewController?) {
        uikit.exchanged({ UIKitEvents.willMove(self, toParent: parent) {} }) {}
    }

    /// `didMoveToParentViewController:`, exchanged by BatonUIKit.
    func didMove(toParent parent: ModelViewController?) {
        uikit.exchanged({ UIKitEvents.didMove(self, toParent: parent) {} }) {}
    }

    /// The controller whose view holds this child's view (`view.superview` is in its view), for
    /// the children a container adds the views of itself (`addSubview`).
    fileprivate(set) weak var superviewOwner: ModelViewController?

    /// `view.addSubview(child.view)`: the child's view joins this controller's view; in a window,
    /// UIKit sends the child `viewWillAppear(_:)` and `viewDidAppear(_:)` (Apple's documentation
    /// of `viewWillAppear(_:)`: "before the view controller's view is about to be added to a view
    /// hierarchy").
    func addSubview(of child: ModelViewController) {
        child.loadViewIfNeeded()
        child.superviewOwner = self
        guard isViewInWindow, visibleChildren.contains(where: { $0 === child }) else { return }
        child.appearanceCallback(.willAppear)
        child.appearanceCallback(.didAppear)
    }

    /// `child.view.removeFromSuperview()`: in a window, UIKit sends the child
    /// `viewWillDisappear(_:)` and `viewDidDisappear(_:)`.
    func removeSubview(of child: ModelViewController) {
        guard child.superviewOwner === self else { return }
        let visible = isViewInWindow && visibleChildren.contains { $0 === child }
        child.superviewOwner = nil
        guard visible else { return }
        child.appearanceCallback(.willDisappear)
        child.appearanceCallback(.didDisappear)
    }

    /// `transitionFromViewController:toViewController:…` (UIViewController.h:425-436): both must
    /// be children of the receiver (an `NSInvalidArgumentException` otherwise: modelled as a
    /// test failure); it "will add the toViewController's view to the superview of the
    /// fromViewController's view", so a from-view without a superview leaves the new view out of
    /// every view hierarchy; the old view is removed after the transition completes. The
    /// callbacks run as the views swap, the completion after the animation.
    func transition(
        from old: ModelViewController, to new: ModelViewController, animated: Bool,
        completion: @escaping @MainActor () -> Void
    ) {
        guard old.parent === self, new.parent === self else {
            Issue.record(
                "transition(from: \(old.screenName), to: \(new.screenName)) raises: not children of \(screenName)")
            return
        }
        new.loadViewIfNeeded()
        let superview = old.superviewOwner
        new.superviewOwner = superview
        let visible = superview != nil && (superview?.isViewInWindow ?? false)
        if visible {
            old.appearanceCallback(.willDisappear)
            new.appearanceCallback(.willAppear)
        }
        let end: @MainActor () -> Void = {
            old.superviewOwner = nil
            if visible {
                old.appearanceCallback(.didDisappear)
                new.appearanceCallback(.didAppear)
            }
            completion()
        }
        if animated { uikit.whenAnimationsEnd(end) } else { end() }
    }

    // MARK: Presentation

    /// `presentViewController:animated:completion:`, exchanged by BatonUIKit. `style`, when
    /// given, is set as the controller's `modalPresentationStyle` first, as an app does.
    func present(
        _ controller: ModelViewController, style: PresentationStyle? = nil, animated: Bool = false,
        completion: (() -> Void)? = nil
    ) {
        if let style { controller.presentationStyle = style }
        uikit.calls.append("present \(controller.screenName) on \(screenName)")
        uikit.exchanged({
            UIKitEvents.present(controller, on: self) { done in
                self.uikitPresent(controller, animated: animated) {
                    done()
                    completion?()
                }
            }
        }) {
            uikitPresent(controller, animated: animated) { completion?() }
        }
    }

    /// UIKit's presentation. UIKit refuses it, with a console warning and no completion, when
    /// the presentation context already presents a controller, is not in a window, or is itself
    /// being presented or dismissed (UIKit practice: "Attempt to present … while a presentation
    /// is in progress"; the review's N-E5). The presented controller's callbacks run, then the
    /// covered context's, then the completion "after the presented controller's viewDidAppear"
    /// (UIViewController.h:246-249).
    private func uikitPresent(
        _ controller: ModelViewController, animated: Bool, completion: @escaping @MainActor () -> Void
    ) {
        let presenter = presentationContext
        guard presenter.presentedOwn == nil, presenter.isViewInWindow, !presenter.isInPresentationTransition
        else { return }
        presenter.presentedOwn = controller
        controller.presentingOwn = presenter
        controller.isPresentationDone = false
        controller.coversPresenter = false
        controller.loadViewIfNeeded()
        let coordinator = ModelCoordinator(from: presenter, to: controller)
        controller.ownCoordinator = animated ? coordinator : nil
        let covered =
            controller.presentationStyle == .fullScreen ? Self.coveredByAFullScreenPresentation(from: presenter) : []
        for screen in covered { screen.appearanceCallback(.willDisappear) }
        controller.appearanceCallback(.willAppear)
        let end: @MainActor () -> Void = {
            // The presenter's view leaves the window as the transition ends, before its viewDidDisappear.
            controller.coversPresenter = true
            controller.stopVending(coordinator, completionsRan: false)
            if self.uikit.behaviour.coordinatorCompletesBeforeDidAppear { coordinator.end() }
            for screen in covered { screen.appearanceCallback(.didDisappear) }
            // The presentation runs until the presented controller's viewDidAppear: the appearance
            // callbacks are where it asks whether it is being presented (UIViewController.h:233-241),
            // and the completion comes after that viewDidAppear (:246-249). A dismissal made before it
            // (in the coordinator's completion, when E2 runs that first) meets a presentation in
            // progress.
            controller.isPresentationDone = true
            controller.appearanceCallback(.didAppear)
            if !self.uikit.behaviour.coordinatorCompletesBeforeDidAppear { coordinator.end() }
            controller.stopVending(coordinator, completionsRan: true)
            completion()
            controller.runAfterTransition()
        }
        if animated { uikit.whenAnimationsEnd(end) } else { end() }
    }

    /// The calls UIKit makes once this controller's presentation or dismissal has ended (N-E5a).
    private var afterTransition: [@MainActor () -> Void] = []

    fileprivate func runAfterTransition() {
        let calls = afterTransition
        afterTransition.removeAll()
        for call in calls { call() }
    }

    /// `dismissViewControllerAnimated:completion:`, exchanged by BatonUIKit.
    func dismiss(animated: Bool = false, completion: (() -> Void)? = nil) {
        uikit.calls.append("dismiss on \(screenName)")
        uikit.exchanged({
            UIKitEvents.dismiss(on: self) { done in
                self.uikitDismiss(animated: animated) {
                    done()
                    completion?()
                }
            }
        }) {
            uikitDismiss(animated: animated) { completion?() }
        }
    }

    /// UIKit's dismissal: what this controller or its nearest ancestor presents
    /// (UIViewController.h:208-209), else the presented controller this one is, or is inside
    /// (UIKit asks the presenter to dismiss it, `dismiss(animated:completion:)` documentation),
    /// with everything presented above it. The completion runs "after the dismissed
    /// controller's viewDidDisappear" (UIViewController.h:251-252).
    private func uikitDismiss(animated: Bool, completion: @escaping @MainActor () -> Void) {
        let dismissed: ModelViewController
        if let presented = presentedViewController {
            dismissed = presented
        } else if presentingViewController != nil {
            dismissed = presentationContext
        } else {
            return
        }
        guard let presenter = dismissed.presentingOwn else { return }
        // While its presentation or a dismissal of it runs: refused, with a console warning and
        // no completion (UIKit practice: "Attempt to dismiss … while a presentation or dismiss is
        // in progress"), or made once it has ended (switch N-E5a). Made then, with nothing left
        // to dismiss, it only completes.
        if dismissed.isInPresentationTransition {
            guard !uikit.behaviour.refusesDismissalDuringDismissal else { return }
            dismissed.afterTransition.append { [self] in
                if presentedViewController == nil, presentingViewController == nil {
                    completion()
                } else {
                    uikitDismiss(animated: animated, completion: completion)
                }
            }
            return
        }
        var top = dismissed
        while let next = top.presentedOwn { top = next }
        dismissed.isBeingDismissed = true
        let coordinator = ModelCoordinator(from: top, to: presenter)
        dismissed.ownCoordinator = animated ? coordinator : nil
        let covered =
            dismissed.presentationStyle == .fullScreen ? Self.coveredByAFullScreenPresentation(from: presenter) : []
        top.appearanceCallback(.willDisappear)
        for screen in covered { screen.appearanceCallback(.willAppear) }
        let end: @MainActor () -> Void = {
            dismissed.stopVending(coordinator, completionsRan: false)
            top.appearanceCallback(.didDisappear)
            for screen in covered { screen.appearanceCallback(.didAppear) }
            presenter.presentedOwn = nil
            dismissed.presentingOwn = nil
            dismissed.isBeingDismissed = false
            coordinator.end()
            dismissed.stopVending(coordinator, completionsRan: true)
            completion()
            dismissed.runAfterTransition()
        }
        if animated { uikit.whenAnimationsEnd(end) } else { end() }
    }

    /// A sheet swiped down by the user: UIKit sets `isBeingDismissed` and sends the sheet's
    /// `viewWillDisappear`; released early, it sends `viewWillAppear` and `viewDidAppear` again
    /// (UIViewControllerTransitionCoordinator.h:104-110); finished, `viewDidDisappear`. A page
    /// sheet's presenter stays on screen and gets nothing. UIKit does not call the public
    /// `dismiss` (modelled as the conservative case: BatonUIKit must see it in the callbacks).
    /// `duringDrag` runs while the user drags, when the sheet's transition coordinator (from the
    /// sheet to its presenter) is the one its children's `transitionCoordinator` returns.
    func swipeDownSheet(releasedEarly: Bool) { swipeDownSheet(releasedEarly: releasedEarly, duringDrag: {}) }

    func swipeDownSheet(releasedEarly: Bool, duringDrag: () throws -> Void) rethrows {
        guard let presenter = presentingOwn else { return }
        let coordinator = ModelCoordinator(from: self, to: presenter)
        coordinator.isInteractive = true
        ownCoordinator = coordinator
        isBeingDismissed = true
        appearanceCallback(.willDisappear)
        try duringDrag()
        stopVending(coordinator, completionsRan: false)
        if releasedEarly {
            coordinator.isCancelled = true
            isBeingDismissed = false
            appearanceCallback(.willAppear)
            appearanceCallback(.didAppear)
            coordinator.end()
            stopVending(coordinator, completionsRan: true)
            runAfterTransition()
            return
        }
        appearanceCallback(.didDisappear)
        presenter.presentedOwn = nil
        presentingOwn = nil
        isBeingDismissed = false
        coordinator.end()
        stopVending(coordinator, completionsRan: true)
        runAfterTransition()
    }

    // MARK: Split views

    /// `showDetailViewController:sender:`, exchanged by BatonUIKit on UIViewController: in a
    /// split view controller UIKit's implementation forwards to it (UISplitViewController.h:
    /// "in a collapsed split view, the detail is pushed onto the primary navigation controller";
    /// expanded, it replaces the secondary column); elsewhere it presents.
    func showDetailViewController(_ controller: ModelViewController, sender: Any?) {
        uikit.exchanged({ UIKitEvents.showDetail(controller, on: self, sender: sender) { uikitShowDetail(controller) } }
        ) {
            uikitShowDetail(controller)
        }
    }

    private func uikitShowDetail(_ controller: ModelViewController) {
        var current: ModelViewController? = self
        while let screen = current, !(screen is ModelSplitViewController) { current = screen.parent }
        guard let split = current as? ModelSplitViewController else { return present(controller) }
        split.showDetail(controller)
    }

    // MARK: Segues

    /// How the app overrides `prepare(for:sender:)`.
    enum PrepareOverride {
        /// No override: UIKit's implementation (which Baton exchanges) runs.
        case none
        /// An override that calls `super` first, as the adapter's article asks.
        case callsSuperFirst
        /// Xcode's template override, which does not call `super`.
        case skipsSuper
    }
    var prepareOverride = PrepareOverride.none
    /// What the app's own `prepare(for:sender:)` override saw.
    private(set) var preparedSegues: [String] = []
    /// The rest of the app's `prepare(for:sender:)` override, given the segue's identifier and
    /// destination (`UIStoryboardSegue.h:25`, `:27`).
    var onPrepare: ((String?, ModelViewController) -> Void)?

    /// `performSegueWithIdentifier:sender:` (UIViewController.h:130), exchanged by BatonUIKit:
    /// UIKit makes the destination, sends `prepareForSegue:sender:` to the source (:132), then
    /// `perform` to the segue (UIStoryboardSegue.h:29-31), whose show segue pushes in a
    /// navigation controller (`showViewController:sender:` is "interpreted as
    /// pushViewController:animated:", UINavigationController.h:85) and presents elsewhere.
    func performSegue(withIdentifier identifier: String, sender: Any?, destination: ModelViewController) {
        uikit.exchanged({
            UIKitEvents.performSegue(identifier, sender: sender, on: self) {
                uikitPerformSegue(identifier, sender: sender, destination: destination)
            }
        }) {
            uikitPerformSegue(identifier, sender: sender, destination: destination)
        }
    }

    /// A segue Interface Builder triggers (a cell's segue): UIKit prepares and performs it
    /// without `performSegueWithIdentifier:sender:` (UIStoryboardSegue.h:29-31).
    func triggerSegue(_ identifier: String, sender: Any?, destination: ModelViewController) {
        uikitPerformSegue(identifier, sender: sender, destination: destination)
    }

    private func uikitPerformSegue(_ identifier: String, sender: Any?, destination: ModelViewController) {
        prepare(identifier, destination: destination, sender: sender)
        performSegueEffect(identifier, from: self, to: destination) {
            if let navigation = self.parent as? ModelNavigationController {
                navigation.pushViewController(destination, animated: true)
            } else {
                self.present(destination, animated: true)
            }
        }
    }

    /// `prepareForSegue:sender:` on the source, with the app's override.
    fileprivate func prepare(_ identifier: String?, destination: ModelViewController, sender: Any?) {
        let base = {
            self.uikit.exchanged({
                UIKitEvents.prepare(identifier, from: self, to: destination, sender: sender) {}
            }) {}
        }
        switch prepareOverride {
        case .none: base()
        case .callsSuperFirst:
            base()
            preparedSegues.append(identifier ?? "-")
            onPrepare?(identifier, destination)
        case .skipsSuper:
            preparedSegues.append(identifier ?? "-")
            onPrepare?(identifier, destination)
        }
    }

    /// `UIStoryboardSegue.perform`, exchanged by BatonUIKit.
    fileprivate func performSegueEffect(
        _ identifier: String?, from source: ModelViewController, to destination: ModelViewController,
        _ effect: () -> Void
    ) {
        uikit.exchanged({ UIKitEvents.performSegue(identifier, from: source, to: destination) { effect() } }) {
            effect()
        }
    }

    /// An unwind segue from this controller to `destination`, which implements the unwind
    /// action: UIKit sends `prepareForSegue:sender:` to the source with the destination already
    /// shown (UIStoryboardSegue.h:35-36; UIViewController.h:134-147), then unwinds: dismisses the
    /// presentations on the way and pops the navigation controller to reveal the destination
    /// (UIViewController.h:153, "UINavigationController's implementation of this method will
    /// pop any necessary view controllers to reveal the subsequentVC").
    func performUnwind(_ identifier: String, to destination: ModelViewController, sender: Any? = nil) {
        prepare(identifier, destination: destination, sender: sender)
        performSegueEffect(identifier, from: self, to: destination) {
            if self.presentationContext !== destination.presentationContext {
                destination.presentationContext.dismiss(animated: true)
            }
            if let navigation = destination.parent as? ModelNavigationController,
                navigation.topViewController !== destination
            {
                _ = navigation.popToViewController(destination, animated: true)
            }
        }
    }
}

// MARK: - UINavigationController

/// `UINavigationController`.
@MainActor
class ModelNavigationController: ModelViewController {
    override class var uikitLineage: [String] { ["UINavigationController"] + super.uikitLineage }
    /// The top whose view is shown, which changes when the deferred view transition runs.
    private(set) weak var displayedTop: ModelViewController?
    private var transitionScheduled = false
    /// Pending view transitions when pushes are not coalesced (E3 off).
    private var pendingAnimated: [Bool] = []

    /// `initWithRootViewController:`, "that also pushes the root view controller without
    /// animation" (UINavigationController.h:55); through the exchanged method or not (E4).
    init(rootViewController: ModelViewController, storyboardIdentifier: String? = nil, uikit: UIKitModel = .current) {
        super.init(storyboardIdentifier: storyboardIdentifier, uikit: uikit)
        if uikit.behaviour.settersCallExchangedMethods {
            pushViewController(rootViewController, animated: false)
        } else {
            uikitPush(rootViewController, animated: false)
        }
    }

    override var containerRole: UIKitContainerRole { .navigation }
    override var visibleChildScreen: (any Screen)? { topViewController }
    /// Only the top's view is in the navigation controller's view (UINavigationController.h:20).
    override var visibleChildren: [ModelViewController] { displayedTop.map { [$0] } ?? [] }

    /// `viewControllers` (UINavigationController.h:70); its setter calls the exchanged
    /// `setViewControllers(_:animated:)` or not (E4).
    var viewControllers: [ModelViewController] {
        get { children }
        set {
            if uikit.behaviour.settersCallExchangedMethods {
                setViewControllers(newValue, animated: false)
            } else {
                uikitSetViewControllers(newValue, animated: false)
            }
        }
    }
    var topViewController: ModelViewController? { children.last }

    /// `pushViewController:animated:`, exchanged by BatonUIKit.
    func pushViewController(_ controller: ModelViewController, animated: Bool) {
        uikit.calls.append("push \(controller.screenName) on \(screenName)")
        uikit.exchanged({ UIKitEvents.push(controller, on: self) { uikitPush(controller, animated: animated) } }) {
            uikitPush(controller, animated: animated)
        }
    }

    /// UIKit's push: "Has no effect if the view controller is already in the stack"
    /// (UINavigationController.h:61). The controller joins the stack at once; the view
    /// transition waits for layout.
    private func uikitPush(_ controller: ModelViewController, animated: Bool) {
        if meetsRunningTransition({ [self] in uikitPush(controller, animated: animated) }) { return }
        guard !children.contains(where: { $0 === controller }) else { return }
        addChild(controller)
        scheduleViewTransition(animated: animated, added: [controller])
    }

    /// `popViewControllerAnimated:` (UINavigationController.h:63), exchanged by BatonUIKit.
    @discardableResult
    func popViewController(animated: Bool) -> ModelViewController? {
        uikit.calls.append("pop on \(screenName)")
        var popped: ModelViewController?
        uikit.exchanged({
            popped = UIKitEvents.pop(on: self) { uikitPop(to: children.count - 2, animated: animated).last }
        }) {
            popped = uikitPop(to: children.count - 2, animated: animated).last
        }
        return popped
    }

    /// `popToViewController:animated:` (UINavigationController.h:64), exchanged by BatonUIKit:
    /// returns the popped controllers, root first.
    @discardableResult
    func popToViewController(_ controller: ModelViewController, animated: Bool) -> [ModelViewController]? {
        uikit.calls.append("popTo \(controller.screenName) on \(screenName)")
        var popped: [ModelViewController]?
        let index = children.firstIndex { $0 === controller }
        uikit.exchanged({
            popped = UIKitEvents.pop(to: controller, on: self) { index.map { uikitPop(to: $0, animated: animated) } }
        }) {
            popped = index.map { uikitPop(to: $0, animated: animated) }
        }
        return popped
    }

    /// `popToRootViewControllerAnimated:` (UINavigationController.h:65), exchanged by BatonUIKit.
    @discardableResult
    func popToRootViewController(animated: Bool) -> [ModelViewController]? {
        uikit.calls.append("popToRoot on \(screenName)")
        var popped: [ModelViewController]?
        uikit.exchanged({ popped = UIKitEvents.popToRoot(on: self) { uikitPop(to: 0, animated: animated) } }) {
            popped = uikitPop(to: 0, animated: animated)
        }
        return popped
    }

    /// UIKit's pop: the controllers leave the stack at once (UIKit practice: `viewControllers`
    /// and `topViewController` answer the new stack during the animation); the view transition
    /// waits for layout; each popped controller is removed from its parent when it ends.
    private func uikitPop(to index: Int, animated: Bool) -> [ModelViewController] {
        if meetsRunningTransition({ [self] in _ = uikitPop(to: index, animated: animated) }) { return [] }
        guard index >= 0, index < children.count - 1 else { return [] }
        let popped = Array(children[(index + 1)...])
        children.removeSubrange((index + 1)...)
        scheduleViewTransition(animated: animated, removed: popped)
        return popped
    }

    /// `setViewControllers:animated:` (UINavigationController.h:72), exchanged by BatonUIKit:
    /// "If animated is YES, then simulate a push or pop depending on whether the new top view
    /// controller was previously in the stack."
    func setViewControllers(_ controllers: [ModelViewController], animated: Bool) {
        uikit.calls.append(
            "setViewControllers [\(controllers.map(\.screenName).joined(separator: ", "))] on \(screenName)")
        uikit.exchanged({
            UIKitEvents.setStack(controllers, on: self) { uikitSetViewControllers(controllers, animated: animated) }
        }) {
            uikitSetViewControllers(controllers, animated: animated)
        }
    }

    private func uikitSetViewControllers(_ controllers: [ModelViewController], animated: Bool) {
        if meetsRunningTransition({ [self] in uikitSetViewControllers(controllers, animated: animated) }) { return }
        let removed = children.filter { old in !controllers.contains { $0 === old } }
        let added = controllers.filter { new in !children.contains { $0 === new } }
        for controller in added { controller.willMove(toParent: self) }
        children = controllers
        for controller in added { controller.setParent(self) }
        scheduleViewTransition(animated: animated, added: added, removed: removed)
    }

    /// The animated view transition or the interactive pop that runs, while it runs.
    private var runningTransition: ModelCoordinator?

    /// A change of the stack made while a view transition runs is dropped, or made when it has
    /// ended (switch N-E5b). Returns whether the change met one.
    private func meetsRunningTransition(_ change: @escaping @MainActor () -> Void) -> Bool {
        guard let running = runningTransition else { return false }
        if !uikit.behaviour.dropsStackChangesDuringTransition { running.onCompletion { _ in change() } }
        return true
    }

    /// The back button, or the interactive pop gesture finished: through the public
    /// `popViewControllerAnimated:` or not (E1).
    func tapBackButton() {
        if uikit.behaviour.backButtonCallsPublicPop {
            popViewController(animated: true)
        } else {
            _ = uikitPop(to: children.count - 2, animated: true)
        }
    }

    /// The interactive pop gesture. When it starts, UIKit pops (E1: through the public method or
    /// not) and sends the top's `viewWillDisappear` and the next one's `viewWillAppear`; released
    /// halfway, "the view controller that was appearing will receive a viewWillDisappear: call,
    /// and the view controller that was disappearing will receive a viewWillAppear: call"
    /// (UIViewControllerTransitionCoordinator.h:104-110), and the stack is restored; finished,
    /// the did-callbacks follow.
    func interactivePop(cancelledHalfway: Bool) { interactivePop(cancelledHalfway: cancelledHalfway, duringDrag: {}) }

    /// The interactive pop, with `duringDrag` run while the user drags: the navigation
    /// controller's interactive transition coordinator is the one its children's
    /// `transitionCoordinator` returns.
    func interactivePop(cancelledHalfway: Bool, duringDrag: () throws -> Void) rethrows {
        guard children.count > 1, let top = children.last else { return }
        let below = children[children.count - 2]
        let coordinator = ModelCoordinator(from: top, to: below)
        coordinator.isInteractive = true
        ownCoordinator = coordinator
        interactive = true
        defer { interactive = false }
        if uikit.behaviour.backButtonCallsPublicPop {
            popViewController(animated: true)
        } else {
            _ = uikitPop(to: children.count - 2, animated: true)
        }
        top.appearanceCallback(.willDisappear)
        below.appearanceCallback(.willAppear)
        runningTransition = coordinator
        try duringDrag()
        runningTransition = nil
        if cancelledHalfway {
            coordinator.isCancelled = true
            children.append(top)
            below.appearanceCallback(.willDisappear)
            below.appearanceCallback(.didDisappear)
            top.appearanceCallback(.willAppear)
            top.appearanceCallback(.didAppear)
            stopVending(coordinator, completionsRan: false)
            interactive = false
            coordinator.end()
            stopVending(coordinator, completionsRan: true)
            return
        }
        // The gesture is over: what the completion changes gets its own view transition.
        interactive = false
        if uikit.behaviour.coordinatorCompletesBeforeDidAppear { coordinator.end() }
        top.appearanceCallback(.didDisappear)
        displayedTop = below
        below.appearanceCallback(.didAppear)
        stopVending(coordinator, completionsRan: false)
        if !uikit.behaviour.coordinatorCompletesBeforeDidAppear { coordinator.end() }
        stopVending(coordinator, completionsRan: true)
        top.removeFromParent()
    }
    private var interactive = false

    /// The navigation controller starts its view transition in layout (UIKit practice), from the
    /// top it shows to the top of the stack then. With E3 on, unanimated changes in one turn make
    /// one transition; with it off, each change makes its own, in order.
    private func scheduleViewTransition(
        animated: Bool, added: [ModelViewController] = [], removed: [ModelViewController] = []
    ) {
        guard !interactive else { return }
        for controller in added { controller.loadViewIfNeeded() }
        guard isViewInWindow else {
            // Not in a window: no callbacks; the views swap at once.
            displayedTop = children.last
            for controller in added where controller.parent === self { controller.didMove(toParent: self) }
            for controller in removed { controller.detachFromParent() }
            return
        }
        if uikit.behaviour.coalescesUnanimatedPushes {
            pendingRemoved.append(contentsOf: removed)
            pendingAdded.append(contentsOf: added)
            pendingAnimation = pendingAnimation || animated
            guard !transitionScheduled else { return }
            transitionScheduled = true
            uikit.atNextLayout { [self] in
                transitionScheduled = false
                let (addedNow, removedNow, animatedNow) = (pendingAdded, pendingRemoved, pendingAnimation)
                (pendingAdded, pendingRemoved, pendingAnimation) = ([], [], false)
                runViewTransition(to: children.last, animated: animatedNow, added: addedNow, removed: removedNow)
            }
        } else {
            let target = children.last
            uikit.atNextLayout { [self] in
                runViewTransition(to: target, animated: animated, added: added, removed: removed)
            }
        }
    }
    private var pendingAdded: [ModelViewController] = []
    private var pendingRemoved: [ModelViewController] = []
    private var pendingAnimation = false

    private func runViewTransition(
        to target: ModelViewController?, animated: Bool, added: [ModelViewController], removed: [ModelViewController]
    ) {
        let from = displayedTop
        let visible = isViewInWindow
        if from !== target {
            let coordinator = ModelCoordinator(from: from, to: target)
            ownCoordinator = animated ? coordinator : nil
            runningTransition = animated ? coordinator : nil
            if visible {
                from?.appearanceCallback(.willDisappear)
                displayedTop = target
                target?.appearanceCallback(.willAppear)
            } else {
                displayedTop = target
            }
            let end: @MainActor () -> Void = { [self] in
                stopVending(coordinator, completionsRan: false)
                if runningTransition === coordinator { runningTransition = nil }
                if uikit.behaviour.coordinatorCompletesBeforeDidAppear { coordinator.end() }
                if visible {
                    from?.appearanceCallback(.didDisappear)
                    target?.appearanceCallback(.didAppear)
                }
                if !uikit.behaviour.coordinatorCompletesBeforeDidAppear { coordinator.end() }
                stopVending(coordinator, completionsRan: true)
                for controller in added where controller.parent === self { controller.didMove(toParent: self) }
                for controller in removed { controller.detachFromParent() }
            }
            if animated { uikit.whenAnimationsEnd(end) } else { end() }
        } else {
            for controller in added where controller.parent === self { controller.didMove(toParent: self) }
            for controller in removed { controller.detachFromParent() }
        }
    }
}

extension ModelViewController {
    /// A container's own bookkeeping (UIKit's private `_setParentViewController:`), without the
    /// exchanged containment methods.
    fileprivate func setParent(_ parent: ModelViewController?) { self.parent = parent }

    /// The end of a removal a container started: the child's parent goes, and
    /// `didMoveToParentViewController:nil` follows, as `removeFromParentViewController` does.
    fileprivate func detachFromParent() {
        guard let parent, !parent.children.contains(where: { $0 === self }) else { return }
        self.parent = nil
        didMove(toParent: nil)
    }
}

// MARK: - UITabBarController

/// `UITabBarController`: its tabs are its children (UITabBarController.h); the selected one is
/// the only one in its view.
@MainActor
final class ModelTabBarController: ModelViewController {
    override class var uikitLineage: [String] { ["UITabBarController"] + super.uikitLineage }
    private(set) var selectedIndex = 0

    init(viewControllers: [ModelViewController], storyboardIdentifier: String? = nil, uikit: UIKitModel = .current) {
        super.init(storyboardIdentifier: storyboardIdentifier, uikit: uikit)
        setViewControllers(viewControllers)
    }

    override var containerRole: UIKitContainerRole { .tabs }
    override var visibleChildScreen: (any Screen)? {
        children.indices.contains(selectedIndex) ? children[selectedIndex] : nil
    }
    override var visibleChildren: [ModelViewController] {
        children.indices.contains(selectedIndex) ? [children[selectedIndex]] : []
    }

    /// `viewControllers =`: each new tab is added as a child (`addChildViewController:`).
    func setViewControllers(_ controllers: [ModelViewController]) {
        for controller in controllers where !children.contains(where: { $0 === controller }) {
            addChild(controller)
            controller.didMove(toParent: self)
        }
    }

    /// A tap on a tab, or `selectedIndex =`: the old tab disappears and the new one appears,
    /// without animation; UIKit announces no transition to the adapter.
    func selectTab(at index: Int) {
        uikit.calls.append("selectedIndex = \(index) on \(screenName)")
        guard index != selectedIndex, children.indices.contains(index) else { return }
        let old = children[selectedIndex]
        let new = children[index]
        let visible = isViewInWindow
        selectedIndex = index
        guard visible else { return }
        old.appearanceCallback(.willDisappear)
        new.appearanceCallback(.willAppear)
        old.appearanceCallback(.didDisappear)
        new.appearanceCallback(.didAppear)
    }
}

// MARK: - UISplitViewController

/// `UISplitViewController` with a primary and a secondary column.
@MainActor
final class ModelSplitViewController: ModelViewController {
    override class var uikitLineage: [String] { ["UISplitViewController"] + super.uikitLineage }
    var isCollapsed = false

    init(primary: ModelViewController, secondary: ModelViewController?, uikit: UIKitModel = .current) {
        super.init(storyboardIdentifier: "split", uikit: uikit)
        addChild(primary)
        primary.didMove(toParent: self)
        if let secondary {
            addChild(secondary)
            secondary.didMove(toParent: self)
        }
    }

    override var containerRole: UIKitContainerRole { .split(isCollapsed: isCollapsed) }
    override var visibleChildren: [ModelViewController] { isCollapsed ? Array(children.prefix(1)) : children }

    /// UISplitViewController's `showDetailViewController:sender:`: collapsed, the detail is
    /// pushed onto the primary navigation controller; expanded, it replaces the secondary column.
    fileprivate func showDetail(_ detail: ModelViewController) {
        if isCollapsed, let navigation = children.first as? ModelNavigationController {
            navigation.pushViewController(detail, animated: true)
            return
        }
        let old = children.count > 1 ? children[1] : nil
        old?.willMove(toParent: nil)
        addChild(detail)
        detail.loadViewIfNeeded()
        if isViewInWindow {
            old?.appearanceCallback(.willDisappear)
            detail.appearanceCallback(.willAppear)
            old?.appearanceCallback(.didDisappear)
            detail.appearanceCallback(.didAppear)
        }
        old?.removeFromParent()
        detail.didMove(toParent: self)
    }
}

// MARK: - UIWindow

/// `UIWindow`, with the Baton window BatonUIKit keeps beside it.
@MainActor
final class ModelWindow: UIKitWindow {
    let uikit: UIKitModel
    let batonWindow: ScreenWindow
    private(set) var rootViewController: ModelViewController?
    private(set) var isKeyWindow = false
    /// UIKit's private windows (the keyboard's) are not the app's.
    var isAppWindow = true

    init(context: ScreenContext = ScreenContext(name: "app"), uikit: UIKitModel = .current) {
        self.uikit = uikit
        batonWindow = ScreenWindow(context: context)
        batonWindow.recordsLifecycle = true
        batonWindow.dependencyCoordinator = DependencyCoordinator(name: "test")
        uikit.windows.append(self)
    }

    var baton: ScreenWindow { batonWindow }
    var currentRoot: (any Screen)? { rootViewController }
    var isHidden: Bool { !isKeyWindow }

    /// BatonUIKit: `rootViewController = screen as? UIViewController`.
    func replaceRootScreen(with screen: any Screen) {
        guard let controller = screen as? ModelViewController else { return }
        setRootViewController(controller)
    }

    /// `rootViewController =`, exchanged by BatonUIKit: in a visible window the old root's view
    /// leaves and the new root's joins, with their callbacks.
    func setRootViewController(_ controller: ModelViewController?) {
        uikit.calls.append("rootViewController = \(controller?.screenName ?? "nil")")
        uikit.exchanged({ UIKitEvents.setRoot(controller, of: self) { uikitSetRoot(controller) } }) {
            uikitSetRoot(controller)
        }
    }

    private func uikitSetRoot(_ controller: ModelViewController?) {
        let old = rootViewController
        old?.window = nil
        rootViewController = controller
        controller?.window = self
        guard isKeyWindow else { return }
        controller?.loadViewIfNeeded()
        old?.appearanceCallback(.willDisappear)
        controller?.appearanceCallback(.willAppear)
        old?.appearanceCallback(.didDisappear)
        controller?.appearanceCallback(.didAppear)
    }

    /// The system disconnects this window's scene (`sceneDidDisconnect(_:)`, UIScene.h:65): UIKit
    /// posts `UISceneDidDisconnectNotification` (UIScene.h:104), on which BatonUIKit's observer
    /// calls `UIKitEvents.windowClosed` for each of the scene's windows, and releases the scene,
    /// which releases its windows (the application keeps them no longer).
    func disconnectScene() {
        if uikit.isInstalled { UIKitEvents.windowClosed(self) }
        uikit.windows.removeAll { $0 === self }
    }

    /// `makeKeyAndVisible()`: the root appears.
    func makeKeyAndVisible() {
        guard !isKeyWindow else { return }
        isKeyWindow = true
        rootViewController?.loadViewIfNeeded()
        rootViewController?.appearanceCallback(.willAppear)
        rootViewController?.appearanceCallback(.didAppear)
    }
}

// MARK: - BatonUIKit's HoppingViewController

/// BatonUIKit's `HoppingViewController`: the continuations in a `HopFlow`, each hop begun with
/// `UIKitEvents.beginHop` and carried out as `HopHandoff.plan` says, with UIKit's child
/// containment. `show` follows the real one call for call; the model leaves out what only draws
/// (frames, the status bar updates).
@MainActor
final class ModelHoppingViewController: ModelViewController, HopFlowContainer {
    let hopFlow = HopFlow()
    /// The storyboard: identifiers it can instantiate.
    var storyboard: [String: () -> ModelViewController] = [:]
    /// `hopTransition.duration`: the real default is a 0.3 s cross-dissolve.
    var hopDuration = 0.3

    /// `hopFlow.current`, not `children.last`: a child the container adds itself (an overlay) is
    /// not the step.
    var currentViewController: ModelViewController? { hopFlow.current as? ModelViewController }

    func hop(to step: ModelViewController, then continuation: (@MainActor () -> Void)?) throws(ScreenError) {
        try hopFlow.hop(to: step, in: self, then: continuation) { () throws(ScreenError) in
            try show(step, identifier: nil)
        }
    }

    func hop(toNamed name: String, thenToNamed nextName: String) throws(ScreenError) {
        let step = try instantiate(name)
        guard storyboard[nextName] != nil else {
            throw ScreenError.unknownName(nextName, known: storyboard.keys.sorted())
        }
        try hopFlow.hop(
            to: step, in: self,
            then: { [unowned self] () throws(ScreenError) in
                let final = try self.instantiate(nextName)
                try self.hopFlow.hop(to: final, in: self, then: nil) { () throws(ScreenError) in
                    try self.show(final, identifier: nextName)
                }
            }
        ) { () throws(ScreenError) in try show(step, identifier: name) }
    }

    func hop<Result>(to step: ModelViewController, returning: Result.Type) async throws -> Result {
        try await hopFlow.hop(to: step, in: self, returning: Result.self) { () throws(ScreenError) in
            try show(step, identifier: nil)
        }
    }

    private func instantiate(_ name: String) throws(ScreenError) -> ModelViewController {
        guard let make = storyboard[name] else {
            throw ScreenError.unknownName(name, known: storyboard.keys.sorted())
        }
        return make()
    }

    /// HoppingViewController.show: begin the hop, dismiss what the old step presented, add the
    /// child (its view loads: `viewDidLoad`), then carry out the core's plan.
    private func show(_ step: ModelViewController, identifier: String?) throws(ScreenError) {
        let hop = try UIKitEvents.beginHop(to: step, identifier: identifier, in: self)
        (hop.presentation as? ModelViewController)?.dismiss(animated: false)
        addChild(step)
        step.loadViewIfNeeded()
        let plan = hop.plan(animationDuration: hopDuration)
        for case let left as ModelViewController in plan.removedAtOnce {
            left.willMove(toParent: nil)
            left.removeFromParent()
        }
        let old = plan.change.leaving as? ModelViewController
        let finish = { [weak self] in
            old?.removeFromParent()
            step.didMove(toParent: self)
            hop.finish()
        }
        switch (plan.change, old) {
        case (.none, _):
            return
        case (.transition, let old?):
            old.willMove(toParent: nil)
            transition(from: old, to: step, animated: true) { finish() }
        case (.add, _), (.replace, _), (.transition, nil):
            old?.willMove(toParent: nil)
            if let old { removeSubview(of: old) }
            addSubview(of: step)
            finish()
        }
    }

    /// The children whose view is in this controller's view: the current step, and during a
    /// cross-dissolve the step it replaces.
    override var visibleChildren: [ModelViewController] { children.filter { $0.superviewOwner === self } }
}

// MARK: - App controllers of the scenarios

final class ListViewController: ModelViewController {
    var selectedRow = 0
}
final class DetailViewController: ModelViewController {
    var row: Int?
    var seenInViewWillAppear: Int?
    override func appOverride(_ phase: LifecyclePhase) {
        if phase == .willAppear { seenInViewWillAppear = row }
        super.appOverride(phase)
    }
}
final class SignUpViewController: ModelViewController {}
final class ColorsViewController: ModelViewController {}
final class SizesViewController: ModelViewController {}

// MARK: - BatonUIKit's explicit calls (UIViewController+Transitions.swift, UIWindow+Baton.swift)

extension ModelNavigationController {
    /// BatonUIKit's `push(_:identifier:sender:wiring:animated:)`.
    func push(
        _ controller: ModelViewController, identifier: String? = nil, sender: Any? = nil,
        wiring: ContextWiring = .inherit, animated: Bool = true
    ) throws(ScreenError) {
        let transition = try UIKitEvents.beginExplicit(
            .push, from: self, to: controller, identifier: identifier, sender: sender, wiring: wiring)
        pushViewController(controller, animated: animated)
        UIKitEvents.finish(transition, after: self)
    }
}

extension ModelViewController {
    /// BatonUIKit's `present(_:identifier:sender:wiring:animated:completion:)`.
    func present(
        _ controller: ModelViewController, identifier: String? = nil, sender: Any? = nil, wiring: ContextWiring,
        style: PresentationStyle? = nil, animated: Bool = false
    ) throws(ScreenError) {
        let transition = try UIKitEvents.beginExplicit(
            .present, from: self, to: controller, identifier: identifier, sender: sender, wiring: wiring)
        present(controller, style: style, animated: animated) { transition.settle() }
    }
}

extension ModelWindow {
    /// BatonUIKit's `setRoot(_:wiring:)`.
    func setRoot(_ controller: ModelViewController, wiring: ContextWiring = .inherit) throws(ScreenError) {
        let transition = try ExternalTransition.begin(
            .replaceRoot, from: rootViewController, to: controller, wiring: wiring, parentContext: batonWindow.context,
            in: batonWindow)
        setRootViewController(controller)
        UIKitEvents.finishRootChange(transition, of: self)
    }
}

/// UIKit's `UIHostingController<Content>`, whose type name carries its SwiftUI view's type.
final class HostingController<Content>: ModelViewController {}
