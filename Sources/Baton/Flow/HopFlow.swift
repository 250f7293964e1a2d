/// The continuations of a hopping container that a UI framework shows, such as BatonUIKit's
/// `HoppingViewController`: what runs when the current step unhops, the flow awaiting it, and
/// the rules of ``HoppingScreen`` for both.
///
/// The container shows each step itself (child containment, a cross-dissolve) inside
/// ``hop(to:in:then:show:)``, and adopts ``HopFlowContainer`` so that ``Screen/unhop()`` called from
/// any screen inside the current step reaches the flow:
///
/// - a continuation runs once; unhopping with none waiting is a misuse
///   (``ScreenError/noPendingContinuation(hopping:screen:)``), finishing
///   (``Screen/finish(with:)``) with none waiting does nothing;
/// - an awaiting hop returns the step's result, of the type awaited
///   (``ScreenError/resultTypeMismatch(screen:expected:actual:)`` otherwise), and throws
///   ``ScreenError/cancelled(screen:reason:)`` when the container hops elsewhere first, after
///   ``containerLeftTree()``, or when its task is cancelled.
///
/// ```swift
/// final class StartupViewController: UIViewController, HopFlowContainer {
///     let hopFlow = HopFlow()
///     func hop(to step: UIViewController, then next: (@MainActor () -> Void)?) throws(ScreenError) {
///         try hopFlow.hop(to: step, in: self, then: next) { () throws(ScreenError) in
///             try ExternalTransition.begin(.hop, from: self.children.first, to: step,
///                                          parentContext: self.context, resolutionSource: self)
///             self.showChild(step)
///         }
///     }
/// }
/// ```
@MainActor
public final class HopFlow {
    private enum State {
        case empty
        case showing(step: ObjectIdentifier, name: String, PendingUnhop)
    }

    private var state = State.empty
    private weak var currentStep: (any Screen)?
    /// The container's name, for errors.
    private var containerName = "hopping container"
    /// The hops whose `show` runs and whose step's view is not in the container yet, outermost
    /// first: a step that finishes while it loads makes a hop inside the hop showing it.
    private var undisplayedHops: [UndisplayedHop] = []
    /// The steps hopped away from that may still be children of the container (while their
    /// view animates away), held weakly: an unhop from one of them is late, not a misuse.
    private var stepsLeft: [WeakStep] = []

    private struct UndisplayedHop {
        weak var step: (any Screen)?
        weak var leaving: (any Screen)?
    }

    private struct WeakStep {
        weak var step: (any Screen)?
    }

    /// Makes the flow of an empty container.
    ///
    /// ```swift
    /// let hopFlow = HopFlow()
    /// ```
    public init() {}

    /// The step shown now, held weakly (the container holds it).
    ///
    /// ```swift
    /// hopFlow.current?.screenName   // "splash"
    /// ```
    public var current: (any Screen)? { currentStep }

    /// Whether a continuation or an awaiting flow waits for the current step to unhop.
    ///
    /// ```swift
    /// hopFlow.isWaitingForUnhop   // true after hop(to:then:) with a continuation
    /// ```
    public var isWaitingForUnhop: Bool {
        guard case .showing(_, _, let pending) = state else { return false }
        return pending.isWaiting
    }

    // MARK: - Hopping

    /// Shows `step` with `show` and remembers `continuation` for its unhop; with `nil` the step
    /// is final. A flow awaiting the previous step ends with
    /// ``ScreenError/cancelled(screen:reason:)``. When `show` throws, nothing changes.
    ///
    /// ```swift
    /// try hopFlow.hop(to: splash, in: self, then: { () throws(ScreenError) in try self.hop(to: main, then: nil) }) {
    ///     self.showChild(splash)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - step: The screen the container shows next.
    ///   - container: The hopping container, for error messages.
    ///   - continuation: Runs once, when the step unhops; it may throw, and its error is thrown
    ///     out of the step's unhop.
    ///   - show: Shows the step (begins the transition, child containment, animation).
    /// - Throws: What `show` throws.
    public func hop(
        to step: any Screen, in container: any Screen,
        then continuation: (@MainActor () throws(ScreenError) -> Void)?,
        show: () throws(ScreenError) -> Void
    ) throws(ScreenError) {
        try perform(step, in: container, pending: PendingUnhop(continuation), show: show)
    }

    /// Shows `step` with `show` and returns the result it finishes with.
    ///
    /// ```swift
    /// let user = try await hopFlow.hop(to: login, in: self, returning: User.self) { self.showChild(login) }
    /// ```
    ///
    /// - Parameters:
    ///   - step: The screen the container shows next.
    ///   - container: The hopping container, for error messages.
    ///   - resultType: The type of result awaited; `Any.self` accepts a plain unhop.
    ///   - show: Shows the step.
    /// - Returns: The step's result.
    /// - Throws: What `show` throws, ``ScreenError/cancelled(screen:reason:)``,
    ///   ``ScreenError/resultTypeMismatch(screen:expected:actual:)``.
    public func hop<Result>(
        to step: any Screen, in container: any Screen, returning resultType: Result.Type,
        show: () throws(ScreenError) -> Void
    ) async throws(ScreenError) -> Result {
        try await ResultWaiter.wait(for: step.screenName, Result.self) { waiter in
            do throws(ScreenError) {
                try perform(step, in: container, pending: .awaiting(waiter), show: show)
            } catch {
                waiter.fail(error)
            }
        }
    }

    // MARK: - Unhopping

    /// Runs the current step's continuation, or resumes the flow awaiting it with `result`, on
    /// behalf of `screen`: the step itself or any screen inside it (found through its parents and
    /// presenters), or the container.
    ///
    /// ``Screen/unhop()`` calls it for a screen inside a ``HopFlowContainer``.
    ///
    /// ```swift
    /// try hopFlow.unhop(from: passwordField, in: self, result: ())
    /// ```
    ///
    /// - Parameters:
    ///   - screen: The screen that finished.
    ///   - container: The hopping container.
    ///   - result: The result for an awaiting flow; `()` for a plain unhop.
    /// - Throws: ``ScreenError/noPendingContinuation(hopping:screen:)`` when the flow never hopped,
    ///   `screen` is not in the current step, or the step was hopped to without a continuation;
    ///   what the continuation throws. A second unhop of a step that already finished is
    ///   ignored, and so is a late unhop from a step the container hopped away from while that
    ///   step is still its child (its view animating away). A result of another type than
    ///   awaited ends the await with ``ScreenError/resultTypeMismatch(screen:expected:actual:)``.
    public func unhop(from screen: any Screen, in container: any Screen, result: Any) throws(ScreenError) {
        guard case .showing(let step, let name, let pending) = state,
            screen === container || isWithin(screen, step: step, container: container)
        else {
            // A step already left (still a child while its view animates away) finished late:
            // a "Skip" tap racing an automatic advance. Its continuation ran; ignored, as a
            // second unhop of the current step is.
            if isInStepLeft(screen, container: container) { return }
            throw misuse(ScreenError.noPendingContinuation(hopping: container.screenName, screen: screen.screenName))
        }
        let settle = try pending.unhop(result: result, hopping: container.screenName, screen: screen.screenName)
        state = .showing(step: step, name: name, .spent)
        try settle()
    }

    /// Ends the current step on behalf of `screen` with `result`, as ``Screen/finish(with:)``
    /// does: runs the continuation or ends the await; does nothing when nothing waits (a second
    /// finish). A continuation's failure is posted as ``TransitionDidFail`` in the container's
    /// window.
    func finishStep(from screen: any Screen, in container: any Screen, result: Any) {
        guard case .showing(let step, let name, let pending) = state, pending.isWaiting,
            screen === container || isWithin(screen, step: step, container: container)
        else { return }
        state = .showing(step: step, name: name, .spent)
        pending.settle(
            result: result, container: container.screenName, step: name, screen: screen,
            window: { ScreenWindow.containing(container) })
    }

    /// Ends a flow that awaits the current step, with ``ScreenError/cancelled(screen:reason:)``
    /// and ``CancellationReason/containerLeft(_:)``: call it when the container leaves the screen tree
    /// (it is popped, dismissed or replaced as a window's root), so that the awaiting task
    /// neither hangs nor keeps screens alive.
    ///
    /// ```swift
    /// override func didMove(toParent parent: UIViewController?) {
    ///     if parent == nil { hopFlow.containerLeftTree() }
    /// }
    /// ```
    public func containerLeftTree() {
        guard case .showing(let step, let name, let pending) = state, let waiter = pending.waiter else { return }
        state = .showing(step: step, name: name, .spent)
        waiter.cancel(.containerLeft(containerName))
    }

    // MARK: - Internals

    private func perform(
        _ step: any Screen, in container: any Screen, pending: PendingUnhop, show: () throws(ScreenError) -> Void
    ) throws(ScreenError) {
        // The step is current before it is shown: UIKit runs its viewDidLoad and, in a container
        // on screen, its appearance callbacks inside `show`, and a finish there must reach this
        // step's continuation (or a hop there must not be overwritten by this one).
        let previous = (state: state, step: currentStep, name: containerName)
        var superseded: (waiter: ResultWaiter, name: String)?
        if case .showing(_, let name, let pending) = state, let waiter = pending.waiter {
            superseded = (waiter, name)
        }
        state = .showing(step: ObjectIdentifier(step), name: step.screenName, pending)
        if let left = previous.step, left !== step { stepsLeft.append(WeakStep(step: left)) }
        stepsLeft.removeAll { entry in entry.step.map { $0 === step || $0.parentScreen !== container } ?? true }
        undisplayedHops.append(UndisplayedHop(step: step, leaving: previous.step))
        currentStep = step
        containerName = container.screenName
        defer { undisplayedHops.removeAll { $0.step === step || $0.step == nil } }
        do {
            try show()
        } catch {
            // Nothing changes when `show` throws.
            if case .showing(let shown, _, _) = state, shown == ObjectIdentifier(step) {
                (state, currentStep, containerName) = previous
                stepsLeft.removeAll { $0.step == nil || $0.step === previous.step }
            }
            throw error
        }
        // Settled before user code (the superseded flow) resumes.
        if let superseded {
            let record = TransitionRecord(
                kind: .hop, source: superseded.name, destination: step.screenName, identifier: nil)
            superseded.waiter.cancel(.transition(record))
        }
        // A final step is the flow's main screen: UIKit screen tree assignments that waited for it
        // run next.
        if !pending.isWaiting, let container = container as? any HopFlowContainer {
            UIKitNavigation.flowReachedMainScreen(container)
        }
    }

    /// While a hop's `show` runs: the step it leaves.
    var leavingStep: (any Screen)? { undisplayedHops.last?.leaving }

    /// The steps the hop being shown leaves, for ``UIKitEvents/beginHop(to:identifier:in:)``:
    /// `unshown` are steps whose view never went into the container (each finished while it
    /// loaded, so its own hop stopped short), newest first; `displayed` is the step whose view
    /// the container shows, if any.
    func stepsLeftByHop() -> (unshown: [any Screen], displayed: (any Screen)?) {
        var unshown: [any Screen] = []
        var candidate = undisplayedHops.last?.leaving
        var earlier = undisplayedHops.dropLast()
        while let step = candidate, let index = earlier.lastIndex(where: { $0.step === step }) {
            unshown.append(step)
            candidate = earlier[index].leaving
            earlier = earlier[..<index]
        }
        return (unshown, candidate)
    }

    /// Records that `step`'s view goes into the container now: a hop made from then on (in its
    /// appearance callbacks, say) leaves it with a view transition.
    func stepIsDisplayed(_ step: any Screen) {
        undisplayedHops.removeAll { $0.step === step || $0.step == nil }
    }

    /// Whether `screen` is, or is inside, a step this flow hopped away from that is still a
    /// child of the container.
    private func isInStepLeft(_ screen: any Screen, container: any Screen) -> Bool {
        var candidate: (any Screen)? = screen
        while let current = candidate, current !== container {
            if current.parentScreen === container {
                return stepsLeft.contains { $0.step === current }
            }
            candidate = current.enclosingScreen
        }
        return false
    }

    private func isWithin(_ screen: any Screen, step: ObjectIdentifier, container: any Screen) -> Bool {
        var candidate: (any Screen)? = screen
        while let current = candidate {
            if ObjectIdentifier(current) == step && current === currentStep { return true }
            if current === container { return false }
            candidate = current.enclosingScreen
        }
        return false
    }

}

/// A hopping container shown by a UI framework, whose ``HopFlow`` ``Screen/unhop()`` reaches
/// from any screen inside its current step.
///
/// ```swift
/// final class StartupViewController: UIViewController, HopFlowContainer {
///     let hopFlow = HopFlow()
/// }
/// ```
@MainActor
public protocol HopFlowContainer: Screen {
    /// The container's continuations.
    ///
    /// ```swift
    /// container.hopFlow.isWaitingForUnhop
    /// ```
    var hopFlow: HopFlow { get }
}

extension Screen {
    /// Unhops the nearest hopping container, a ``HoppingScreen`` or a ``HopFlowContainer``: this
    /// screen when it is one (which unhops its current step), else the nearest found through
    /// parents and presenters.
    func unhopNearest(result: Any) throws(ScreenError) {
        var current: (any Screen)? = self
        while let screen = current {
            if let hopping = screen as? HoppingScreen { return try hopping.unhop(from: self, result: result) }
            if let container = screen as? any HopFlowContainer {
                return try container.hopFlow.unhop(from: self, in: container, result: result)
            }
            current = screen.enclosingScreen
        }
    }

    /// The screen this one is shown in: its container, else the screen that presented it (the one
    /// `present` was called on when an adapter recorded it, since UIKit's
    /// `presentingViewController` is the presentation context, often the root container).
    var enclosingScreen: (any Screen)? {
        parentScreen ?? ExternalTransition.presentationCaller(of: self) ?? presentingScreen
    }

    /// The nearest ``HopFlowContainer``: this screen when it is one, else the nearest found through
    /// containers and presenters.
    ///
    /// ```swift
    /// (field.enclosingHopFlowContainer as? HoppingViewController)?.hopTransition = .immediate
    /// ```
    public var enclosingHopFlowContainer: (any HopFlowContainer)? {
        var current: (any Screen)? = self
        while let screen = current {
            if let container = screen as? any HopFlowContainer { return container }
            current = screen.enclosingScreen
        }
        return nil
    }
}
