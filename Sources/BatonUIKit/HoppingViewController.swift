#if canImport(UIKit)
    @_spi(Adapters) import Baton
    import UIKit

    /// How a ``HoppingViewController`` animates from one step to the next: UIKit's
    /// `transition(from:to:duration:options:animations:completion:)` arguments.
    ///
    /// ```swift
    /// startup.hopTransition = .crossDissolve(duration: 0.5)      // for every hop of this container
    /// try startup.hop(to: main, transition: .immediate, then: nil)  // for this hop only
    /// ```
    public struct HopTransition {
        /// How long the animation lasts, in seconds.
        ///
        /// ```swift
        /// HopTransition.crossDissolve(duration: 0.25).duration   // 0.25
        /// ```
        public var duration: TimeInterval
        /// UIKit's animation options, such as `.transitionCrossDissolve` or `.transitionFlipFromLeft`.
        ///
        /// ```swift
        /// HopTransition(duration: 0.4, options: .transitionFlipFromLeft)
        /// ```
        public var options: UIView.AnimationOptions
        /// Extra animations run with the transition; the new step's view is already in the
        /// container.
        ///
        /// ```swift
        /// HopTransition(duration: 0.3, options: []) { from, to in to.view.alpha = 1 }
        /// ```
        public var animations: (@MainActor (_ from: UIViewController, _ to: UIViewController) -> Void)?

        /// Makes a transition.
        ///
        /// ```swift
        /// let slide = HopTransition(duration: 0.3, options: .curveEaseOut) { from, to in
        ///     from.view.transform = CGAffineTransform(translationX: -from.view.bounds.width, y: 0)
        /// }
        /// ```
        ///
        /// - Parameters:
        ///   - duration: Seconds.
        ///   - options: UIKit's animation options.
        ///   - animations: Extra animations.
        public init(
            duration: TimeInterval, options: UIView.AnimationOptions,
            animations: (@MainActor (_ from: UIViewController, _ to: UIViewController) -> Void)? = nil
        ) {
            self.duration = duration
            self.options = options
            self.animations = animations
        }

        /// A cross-dissolve, CLHoppingViewController's transition and the default.
        ///
        /// ```swift
        /// startup.hopTransition = .crossDissolve(duration: 0.3)
        /// ```
        ///
        /// - Parameter duration: Seconds; 0.3 by default.
        /// - Returns: The transition.
        public static func crossDissolve(duration: TimeInterval = 0.3) -> HopTransition {
            HopTransition(duration: duration, options: .transitionCrossDissolve)
        }

        /// No animation: the step replaces the previous one at once.
        ///
        /// ```swift
        /// try startup.hop(to: main, transition: .immediate, then: nil)
        /// ```
        public static var immediate: HopTransition { HopTransition(duration: 0, options: []) }
    }

    /// A container view controller for start-up, onboarding and login flows
    /// (CLHoppingViewController): it shows one child at a time, and each child finishes with
    /// ``Baton/Screen/unhop()`` without knowing the others.
    ///
    /// ```swift
    /// final class StartupViewController: HoppingViewController {
    ///     override func viewDidLoad() {
    ///         super.viewDidLoad()
    ///         do {
    ///             try hop(toNamed: "splash") { [unowned self] () throws(ScreenError) in
    ///                 try self.hop(toNamed: "main", then: nil)   // thrown out of the splash's unhop
    ///             }
    ///         } catch {
    ///             showStartupError(error)
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// or, awaiting each step:
    ///
    /// ```swift
    /// Task {
    ///     try await startup.hop(to: SplashViewController())
    ///     let user = try await startup.hop(to: LoginViewController(), returning: User.self)
    ///     try startup.hop(to: MainViewController(user: user), then: nil)
    /// }
    /// ```
    ///
    /// Each hop is a ``Baton/TransitionKind/hop`` transition: the step's context becomes a child of
    /// the container's and the dependency coordinator runs before the step's `viewWillAppear`. The
    /// rules of continuations and awaited results are the core's ``Baton/HopFlow``. The status bar
    /// style, its visibility, the home indicator and the supported orientations are the current
    /// step's.
    @MainActor
    open class HoppingViewController: UIViewController, HopFlowContainer {
        /// The continuations of the current step.
        ///
        /// ```swift
        /// startup.hopFlow.isWaitingForUnhop
        /// ```
        public let hopFlow = HopFlow()

        /// The transition of every hop that does not name its own; a cross-dissolve by default.
        ///
        /// ```swift
        /// startup.hopTransition = HopTransition(duration: 0.4, options: .transitionFlipFromRight)
        /// ```
        public var hopTransition: HopTransition = .crossDissolve()

        /// Makes the step hopped to by name; by default this controller's storyboard instantiates
        /// the name as a storyboard identifier (one it lacks raises, as in UIKit). Return `nil` for
        /// an unknown name to get ``Baton/ScreenError/unknownName(_:known:)`` instead.
        ///
        /// ```swift
        /// startup.makeStep = { name in name == "splash" ? SplashViewController() : nil }
        /// ```
        public var makeStep: (@MainActor (String) -> UIViewController?)?

        /// The step shown now: the flow's current step, not the last child (a child the container
        /// adds itself, such as a loading overlay, is not a step).
        ///
        /// ```swift
        /// startup.currentViewController?.screenName   // "splash"
        /// ```
        public var currentViewController: UIViewController? { hopFlow.current as? UIViewController }

        // MARK: - Hopping

        /// Shows `step` at once, releasing the previous one, and runs `continuation` when the step
        /// (or any controller inside it) calls ``Baton/Screen/unhop()``. With `nil` the step is
        /// final.
        ///
        /// ```swift
        /// try startup.hop(to: SplashViewController()) { [unowned startup] () throws(ScreenError) in
        ///     try startup.hop(toNamed: "main", then: nil)
        /// }
        /// ```
        ///
        /// - Parameters:
        ///   - step: The controller to show.
        ///   - identifier: An optional transition identifier.
        ///   - transition: The animation of this hop; ``hopTransition`` when `nil`.
        ///   - continuation: Runs once, when the step unhops; what it throws is thrown out of the
        ///     step's ``Baton/Screen/unhop()``.
        /// - Throws: ``Baton/ScreenError/dependencies(_:)`` when a resolver fails; the step is not
        ///   shown then.
        public func hop(
            to step: UIViewController, identifier: String? = nil, transition: HopTransition? = nil,
            then continuation: (@MainActor () throws(ScreenError) -> Void)?
        ) throws(ScreenError) {
            try hopFlow.hop(to: step, in: self, then: continuation) { () throws(ScreenError) in
                try show(step, identifier: identifier, transition: transition)
            }
        }

        /// Shows the step made from `name` (``makeStep``, else the storyboard identifier `name`).
        ///
        /// ```swift
        /// try hop(toNamed: "splash") { … }
        /// ```
        ///
        /// - Parameters:
        ///   - name: The step's name (its storyboard identifier by default), also the transition's
        ///     identifier.
        ///   - transition: The animation of this hop; ``hopTransition`` when `nil`.
        ///   - continuation: Runs once, when the step unhops; what it throws is thrown out of the
        ///     step's ``Baton/Screen/unhop()``.
        /// - Throws: ``Baton/ScreenError/unknownName(_:known:)`` and the errors of
        ///   ``hop(to:identifier:transition:then:)``.
        public func hop(
            toNamed name: String, transition: HopTransition? = nil,
            then continuation: (@MainActor () throws(ScreenError) -> Void)?
        ) throws(ScreenError) {
            try hop(to: try makeStep(name), identifier: name, transition: transition, then: continuation)
        }

        /// Shows the step `name` and, when it unhops, the step `nextName` as the final one.
        ///
        /// ```swift
        /// try startup.hop(toNamed: "splash", thenToNamed: "main")
        /// ```
        ///
        /// - Parameters:
        ///   - name: The first step's name (its storyboard identifier by default).
        ///   - nextName: The final step's name.
        /// - Throws: ``Baton/ScreenError/unknownName(_:known:)``; an error of the second hop is
        ///   thrown out of the first step's ``Baton/Screen/unhop()``.
        public func hop(toNamed name: String, thenToNamed nextName: String) throws(ScreenError) {
            let step = try makeStep(name)
            try hopFlow.hop(
                to: step, in: self,
                then: { [unowned self] () throws(ScreenError) in
                    let final = try self.makeStep(nextName)
                    try self.hopFlow.hop(to: final, in: self, then: nil) { () throws(ScreenError) in
                        try self.show(final, identifier: nextName, transition: nil)
                    }
                }
            ) { () throws(ScreenError) in
                try show(step, identifier: name, transition: nil)
            }
        }

        /// Shows `step` and returns when it finishes (``Baton/Screen/finish()``) or unhops.
        ///
        /// ```swift
        /// try await startup.hop(to: SplashViewController())
        /// ```
        ///
        /// - Parameters:
        ///   - step: The controller to show.
        ///   - transition: The animation of this hop; ``hopTransition`` when `nil`.
        /// - Throws: ``Baton/ScreenError/cancelled(screen:reason:)`` when the task is cancelled, the
        ///   container hops elsewhere first or leaves the tree, and resolver errors.
        public func hop(to step: UIViewController, transition: HopTransition? = nil) async throws(ScreenError) {
            _ = try await hop(to: step, returning: Any.self, transition: transition)
        }

        /// Shows `step` and returns the result it finishes with (``Baton/Screen/finish(with:)``).
        ///
        /// ```swift
        /// let user = try await startup.hop(to: LoginViewController(), returning: User.self)
        /// ```
        ///
        /// - Parameters:
        ///   - step: The controller to show.
        ///   - resultType: The type of the result.
        ///   - transition: The animation of this hop; ``hopTransition`` when `nil`.
        /// - Returns: The step's result.
        /// - Throws: The errors of ``hop(to:transition:)``, and
        ///   ``Baton/ScreenError/resultTypeMismatch(screen:expected:actual:)`` when the step finishes
        ///   with another type.
        public func hop<Result>(
            to step: UIViewController, returning resultType: Result.Type, transition: HopTransition? = nil
        ) async throws(ScreenError) -> Result {
            try await hopFlow.hop(to: step, in: self, returning: resultType) { () throws(ScreenError) in
                try show(step, identifier: nil, transition: transition)
            }
        }

        // MARK: - Forwarding to the current step

        /// The current step, which decides the status bar style.
        ///
        /// ```swift
        /// startup.childForStatusBarStyle === startup.currentViewController   // true
        /// ```
        open override var childForStatusBarStyle: UIViewController? { currentViewController }
        /// The current step, which decides whether the status bar is hidden.
        ///
        /// ```swift
        /// startup.childForStatusBarHidden === startup.currentViewController   // true
        /// ```
        open override var childForStatusBarHidden: UIViewController? { currentViewController }
        /// The current step, which decides whether the home indicator hides.
        ///
        /// ```swift
        /// startup.childForHomeIndicatorAutoHidden === startup.currentViewController   // true
        /// ```
        open override var childForHomeIndicatorAutoHidden: UIViewController? { currentViewController }
        /// The current step, which decides the screen edges that defer system gestures.
        ///
        /// ```swift
        /// startup.childForScreenEdgesDeferringSystemGestures === startup.currentViewController
        /// ```
        open override var childForScreenEdgesDeferringSystemGestures: UIViewController? { currentViewController }
        /// The current step, which decides whether the pointer is locked (iPad).
        ///
        /// ```swift
        /// startup.childViewControllerForPointerLock === startup.currentViewController
        /// ```
        @available(iOS 14.0, *)
        open override var childViewControllerForPointerLock: UIViewController? { currentViewController }
        /// The current step's supported orientations, or UIKit's default without a step.
        ///
        /// ```swift
        /// startup.supportedInterfaceOrientations == splash.supportedInterfaceOrientations   // while splash shows
        /// ```
        open override var supportedInterfaceOrientations: UIInterfaceOrientationMask {
            currentViewController?.supportedInterfaceOrientations ?? super.supportedInterfaceOrientations
        }
        /// The current step's preferred orientation for a presentation.
        ///
        /// ```swift
        /// startup.preferredInterfaceOrientationForPresentation   // the current step's
        /// ```
        open override var preferredInterfaceOrientationForPresentation: UIInterfaceOrientation {
            currentViewController?.preferredInterfaceOrientationForPresentation
                ?? super.preferredInterfaceOrientationForPresentation
        }

        // MARK: - Internals

        private func makeStep(_ name: String) throws(ScreenError) -> UIViewController {
            if let makeStep {
                guard let step = makeStep(name) else {
                    throw ScreenError.unknownName(name, known: [])
                }
                if step.screenName == String(describing: type(of: step)) { step.screenName = name }
                return step
            }
            guard let storyboard else { throw ScreenError.unknownName(name, known: []) }
            return storyboard.instantiateScreen(withIdentifier: name)
        }

        /// Begins the hop (wiring and resolution, before the step's `viewWillAppear`), adds the step
        /// (its view loads), then carries out the core's plan with UIKit's containment calls, which
        /// send the appearance callbacks. The decisions (the steps left, which view leaves and how,
        /// when the hop completes) are the core's: this method forwards.
        private func show(_ step: UIViewController, identifier: String?, transition: HopTransition?) throws(ScreenError)
        {
            let hop = try UIKitEvents.beginHop(to: step, identifier: identifier, in: self)
            (hop.presentation as? UIViewController)?.dismiss(animated: false)
            let animation = transition ?? hopTransition
            addChild(step)
            step.view.frame = view.bounds
            step.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            let plan = hop.plan(animationDuration: animation.duration)
            for case let left as UIViewController in plan.removedAtOnce {
                left.willMove(toParent: nil)
                left.removeFromParent()
            }
            let old = plan.change.leaving as? UIViewController
            let finish = { [weak self] in
                old?.removeFromParent()
                step.didMove(toParent: self)
                self?.setNeedsStatusBarAppearanceUpdate()
                self?.setNeedsUpdateOfHomeIndicatorAutoHidden()
                self?.setNeedsUpdateOfScreenEdgesDeferringSystemGestures()
                if #available(iOS 16.0, *) { self?.setNeedsUpdateOfSupportedInterfaceOrientations() }
                if #available(iOS 14.0, *) { self?.setNeedsUpdateOfPrefersPointerLocked() }
                hop.finish()
            }
            switch (plan.change, old) {
            case (.none, _):
                return
            case (.transition, let old?):
                old.willMove(toParent: nil)
                self.transition(
                    from: old, to: step, duration: animation.duration, options: animation.options,
                    animations: { animation.animations?(old, step) }, completion: { _ in finish() })
            case (.add, _), (.replace, _), (.transition, nil):
                old?.willMove(toParent: nil)
                old?.view.removeFromSuperview()
                view.addSubview(step.view)
                finish()
            }
        }
    }
    extension UIViewController {
        /// The nearest ``HoppingViewController``: this controller when it is one, else the nearest
        /// found through its parents and the controllers that presented it (CLHoppingViewController's
        /// `hoppingViewController` category); `nil` when there is none.
        ///
        /// ```swift
        /// hoppingViewController?.hopTransition = .crossDissolve(duration: 0.2)
        /// ```
        public var hoppingViewController: HoppingViewController? {
            enclosingHopFlowContainer as? HoppingViewController
        }
    }
#endif
