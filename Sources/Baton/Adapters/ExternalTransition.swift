/// A transition that a UI framework performs on screens Baton does not contain itself: a
/// `UINavigationController` push, a storyboard segue, a tab selection, a SwiftUI sheet.
///
/// ``ScreenModel`` containers perform their own transitions. A framework such as UIKit
/// performs its own too, and an adapter reports them to Baton through this type, in three steps
/// that keep Baton's order:
///
/// 1. ``begin(_:from:to:identifier:sender:wiring:parentContext:resolutionSource:in:)`` before the framework shows
///    the destination (for a segue, in `prepare(for:sender:)`): wires the destination's context
///    and runs the dependency coordinator, so that both are done before the destination's
///    will-appear;
/// 2. the framework's appearance callbacks, reported with ``ScreenLifecycle/report(_:of:in:_:)``;
/// 3. ``complete()`` or ``cancel()``. The destination's did-appear completes the transition by
///    itself, and its did-disappear before that cancels it (an interactive pop given up halfway),
///    so an adapter calls them only when no callback will come, for example when the screens are
///    not in a window.
///
/// A completed transition is logged in its ``ScreenWindow`` and posted there as
/// ``TransitionDidComplete``; a cancelled one is not, and the wiring it made is undone.
///
/// Re-entrancy: the framework, not Baton, decides when its transitions run, so a transition
/// begun while another is in flight (from a resolver, an observer or an appearance callback) is
/// begun at once, never deferred as ``ScreenModel`` containers defer theirs. Baton's state is
/// settled before any user code runs: a transition is registered only after its resolvers
/// succeeded, and ends (completes or cancels) before the appearance callback that ended it runs,
/// so a transition started from a destination's did-appear is logged after the one that showed it.
/// A transition takes its place in the log when it completes, so one that never completes (its
/// screens never shown) holds up no other.
///
/// ```swift
/// // In an adapter's push:
/// let transition = try ExternalTransition.begin(.push, from: top, to: detail, in: window)
/// navigationController.pushViewController(detail, animated: true)
/// // detail's did-appear, reported through ScreenLifecycle, completes `transition`.
/// ```
///
/// What the core does not do here is inspect a framework's controllers: the adapter names the
/// kind, source and destination, and the ``Screen`` conformance gives the containment
/// (`childScreens`), which the dependency coordinator uses to look into containers (a navigation
/// controller's root and a tab bar controller's tabs as destinations, a container's first child
/// as source).
@_spi(Adapters) @MainActor
public final class ExternalTransition {
    /// Where a transition is: in flight until it completes or is cancelled.
    ///
    /// ```swift
    /// transition.state   // .completed after the destination's did-appear
    /// ```
    public enum State: Sendable, Hashable {
        /// Begun; the framework is showing the destination.
        ///
        /// ```swift
        /// try ExternalTransition.begin(.push, from: list, to: detail).state   // .inFlight
        /// ```
        case inFlight
        /// Finished: logged in the window and posted as ``TransitionDidComplete``.
        ///
        /// ```swift
        /// transition.complete()   // state == .completed
        /// ```
        case completed
        /// Given up (an interactive pop released halfway): not logged; its wiring undone.
        ///
        /// ```swift
        /// transition.cancel()   // state == .cancelled
        /// ```
        case cancelled
    }

    /// What happens. A ``TransitionKind/segue`` takes the kind of the push or presentation that
    /// the segue performs.
    ///
    /// ```swift
    /// transition.kind   // .push
    /// ```
    public private(set) var kind: TransitionKind

    /// The transition's identifier, like a storyboard segue identifier.
    ///
    /// ```swift
    /// transition.identifier   // "showDetail"
    /// ```
    public let identifier: String?

    /// The object that triggered the transition, like a segue's sender; released when the
    /// transition ends.
    ///
    /// ```swift
    /// transition.sender as? IndexPath
    /// ```
    public private(set) var sender: Any?

    /// The screen left behind, held weakly.
    ///
    /// ```swift
    /// transition.source?.screenName   // "list"
    /// ```
    public private(set) weak var source: (any Screen)?

    /// The screen that appears, held weakly: a transition never keeps a screen alive.
    ///
    /// ```swift
    /// transition.destination?.screenName   // "detail"
    /// ```
    public private(set) weak var destination: (any Screen)?

    /// The window the transition is logged in, held weakly.
    ///
    /// ```swift
    /// transition.window === window
    /// ```
    public private(set) weak var window: ScreenWindow?

    /// Where the transition is.
    ///
    /// ```swift
    /// if transition.state == .inFlight { transition.complete() }
    /// ```
    public private(set) var state: State = .inFlight

    /// Undoes the wiring, newest first, when the transition is cancelled.
    private var undos: [@MainActor () -> Void] = []

    /// When its window observes navigation events: the cause, start and resolutions of its event.
    var watch: NavigationWatch?
    private var resolutions: [String] = []

    private init(
        kind: TransitionKind, source: (any Screen)?, destination: any Screen, identifier: String?, sender: Any?,
        window: ScreenWindow?
    ) {
        self.kind = kind
        self.source = source
        self.destination = destination
        self.identifier = identifier
        self.sender = sender
        self.window = window
    }

    // MARK: - Beginning

    /// Begins a transition the framework is about to perform: wires the destination's context and
    /// runs the dependency coordinator (forward transitions), and remembers the transition until
    /// the destination appears.
    ///
    /// Call it before the framework shows the destination, so that the coordinator runs before
    /// the destination's will-appear: before `pushViewController`, `present`, `setViewControllers`
    /// or a root change, and in `prepare(for:sender:)` for a segue.
    ///
    /// - Forward transitions (push, present, set stack, replace root, hop, segue) wire the
    ///   destination's context to `parentContext` as `wiring` says, wire every screen the
    ///   destination contains whose context has no parent yet to its container's (a navigation
    ///   controller's root, a tab bar controller's tabs), then resolve.
    /// - ``TransitionKind/selectTab`` selects a tab that is already in the tree: it wires the tab
    ///   only if it never was, and does not resolve again.
    /// - Backward transitions (pop, dismiss) wire and resolve nothing.
    /// - Beginning a forward transition to a destination that already has one in flight from the
    ///   same source (or a segue's) returns that one and does nothing else: a segue begun in
    ///   `prepare(for:sender:)` and the push it then performs resolve once, and the transition
    ///   takes the push's kind, keeping the segue's identifier and sender.
    /// - Any other transition in flight to the destination, or to the source, is settled first
    ///   from the real state of the screens, never undone blindly: a forward transition whose
    ///   destination is in a container, presented or a window's root happened (UIKit may skip the
    ///   callbacks that would have completed it), so it completes; one whose destination is in
    ///   none never will (a presentation UIKit refused), so it is cancelled.
    ///
    /// ```swift
    /// let transition = try ExternalTransition.begin(
    ///     .segue, from: list, to: detail, identifier: "showDetail", sender: indexPath)
    /// ```
    ///
    /// - Parameters:
    ///   - kind: What happens.
    ///   - source: The screen left behind; `nil` for a window's first root.
    ///   - destination: The screen that appears (for a pop, the new top; for a dismiss, the
    ///     presenter).
    ///   - identifier: An optional identifier, like a segue's.
    ///   - sender: An optional sender, like a segue's.
    ///   - wiring: How the destination's context is wired to `parentContext`.
    ///   - parentContext: The context the destination is wired to; `nil` means the source's, or
    ///     the window's when there is no source. Pass the window's context for a root change.
    ///   - resolutionSource: The screen the dependency coordinator takes as the source when it
    ///     is not `source`: a hopping container's first hop comes from no screen but is resolved
    ///     from the container, as ``HoppingScreen`` does. `nil` means `source`.
    ///   - window: The window to log in; `nil` means the window that shows the source (or the
    ///     resolution source, or the destination), found with ``ScreenWindow/containing(_:)``.
    /// - Returns: The transition in flight.
    /// - Throws: ``ScreenError/contextWiring(destination:_:)`` when the contexts cannot be joined,
    ///   ``ScreenError/dependencies(_:)`` when a resolver fails. Nothing stays wired when it throws.
    @discardableResult
    public static func begin(
        _ kind: TransitionKind, from source: (any Screen)?, to destination: any Screen, identifier: String? = nil,
        sender: Any? = nil, wiring: ContextWiring = .inherit, parentContext: ScreenContext? = nil,
        resolutionSource: (any Screen)? = nil, in window: ScreenWindow? = nil
    ) throws(ScreenError) -> ExternalTransition {
        try begin(
            kind, from: source, to: destination, identifier: identifier, sender: sender, wiring: wiring,
            parentContext: parentContext, resolutionSource: resolutionSource, in: window, prepared: false)
    }

    /// ``begin(_:from:to:identifier:sender:wiring:parentContext:resolutionSource:in:)``, without
    /// wiring the destination or running the dependency coordinator when it is `prepared`: a
    /// screen tree assignment (``UIKitNavigationPlan``) wired every new controller (with its
    /// route's wiring, and what its factory put inside it to its container) and resolved it
    /// before it changed anything.
    static func begin(
        _ kind: TransitionKind, from source: (any Screen)?, to destination: any Screen, identifier: String? = nil,
        sender: Any? = nil, wiring: ContextWiring = .inherit, parentContext: ScreenContext? = nil,
        resolutionSource: (any Screen)? = nil, in window: ScreenWindow? = nil, prepared: Bool
    ) throws(ScreenError) -> ExternalTransition {
        // The source is being left, so whatever brought it there happened.
        if let source, source !== destination, let arriving = inFlight(to: source) { arriving.settle() }
        if let existing = inFlight(to: destination) {
            if kind.isForward && existing.kind.isForward && (existing.kind == .segue || existing.source === source) {
                if existing.kind == .segue { existing.kind = kind }
                return existing
            }
            existing.settle()
        }
        let window =
            window ?? ScreenWindow.containing(source ?? resolutionSource ?? destination)
            ?? ScreenWindow.containing(destination)
        let transition = ExternalTransition(
            kind: kind, source: source, destination: destination, identifier: identifier, sender: sender,
            window: window)
        if window?.observesNavigation == true { transition.watch = NavigationWatch() }
        // Rule 1 is checked against the reporter in effect when the transition is asked for.
        if window != nil { transition.routeCheck = RouteCheck.asked() }
        if kind.isForward && !prepared {
            do {
                let parent = parentContext ?? (source ?? resolutionSource)?.context ?? window?.context
                try transition.wire(destination, to: parent, wiring)
                if kind != .selectTab {
                    var resolved = transition.makeTransition(destination)
                    if let resolutionSource { resolved.resolutionSource = resolutionSource }
                    if transition.watch != nil {
                        transition.resolutions = try NavigationContext.collectingResolutions {
                            () throws(ScreenError) in
                            try DependencyCoordinator.resolve(resolved, in: window)
                        }
                    } else {
                        try DependencyCoordinator.resolve(resolved, in: window)
                    }
                }
            } catch {
                transition.undoWiring()
                if let watch = transition.watch, let window {
                    window.emit(
                        watch.event(
                            transition.makeTransition(destination), resolutions: [],
                            outcome: .failed(error.description)))
                }
                throw error
            }
        }
        if kind == .replaceRoot, let window { ScreenWindow.setHostedRoot(destination, of: window) }
        register(transition)
        trace?("began \(transition.describe())")
        return transition
    }

    /// Begins the tab selection that a tab's will-appear reveals, for a framework that does not
    /// announce selections (UIKit's taps): a tab about to appear while its container is on
    /// screen, with nothing in flight to it, is selected from the sibling tab that is leaving or
    /// still visible. Call it from the tab's will-appear, before ``ScreenLifecycle/report(_:of:in:_:)``,
    /// only for a tab container's children.
    ///
    /// ```swift
    /// // In viewWillAppear(_:) of a child of a UITabBarController:
    /// try ExternalTransition.beginSelection(revealedBy: self) { lifecycle(of: $0)?.appearance }
    /// ```
    ///
    /// - Parameters:
    ///   - tab: The tab about to appear.
    ///   - appearance: Where a screen is in its appearance cycle (from its ``ScreenLifecycle``);
    ///     `nil` for a screen without one.
    /// - Returns: The ``TransitionKind/selectTab`` transition, or `nil` when the will-appear is not
    ///   a selection (the container itself is appearing, or a transition to the tab is in flight).
    /// - Throws: The errors of ``begin(_:from:to:identifier:sender:wiring:parentContext:resolutionSource:in:)``.
    @discardableResult
    public static func beginSelection(
        revealedBy tab: any Screen, appearance: (any Screen) -> Appearance?
    ) throws(ScreenError) -> ExternalTransition? {
        guard let container = tab.parentScreen, appearance(container) == .appeared, inFlight(to: tab) == nil,
            let old = container.childScreens.first(where: {
                $0 !== tab && (appearance($0) == .disappearing || appearance($0) == .appeared)
            })
        else { return nil }
        return try begin(.selectTab, from: old, to: tab)
    }

    /// Begins the dismissal that a framework performs when `dismiss` is called on `screen`, with
    /// UIKit's rule: a screen that presents another dismisses the one it presents, else a
    /// presented screen dismisses itself; everything presented above goes with it. The transition
    /// goes from the topmost screen shown to the presenter that reappears.
    ///
    /// ```swift
    /// // In dismiss(animated:completion:):
    /// let transition = try ExternalTransition.beginDismissal(calledOn: self)
    /// ```
    ///
    /// - Parameters:
    ///   - screen: The screen `dismiss` is called on.
    ///   - sender: An optional sender.
    /// - Returns: The ``TransitionKind/dismiss`` transition, or `nil` when `screen` neither
    ///   presents nor is presented.
    /// - Throws: The errors of ``begin(_:from:to:identifier:sender:wiring:parentContext:resolutionSource:in:)``.
    @discardableResult
    public static func beginDismissal(calledOn screen: any Screen, sender: Any? = nil) throws(ScreenError)
        -> ExternalTransition?
    {
        guard let dismissed = dismissedScreen(calledOn: screen), let presenter = dismissed.presentingScreen else {
            return nil
        }
        var chain = [dismissed]
        while let next = chain.last?.presentedScreen, next !== chain.last { chain.append(next) }
        let transition = try begin(
            .dismiss, from: chain.last ?? dismissed, to: presentationCaller(of: dismissed) ?? presenter, sender: sender)
        transition.leavingOnCompletion = chain.map(WeakScreen.init)
        return transition
    }

    /// The screen a `dismiss` called on `screen` dismisses, by UIKit's rule: what `screen` (or its
    /// nearest ancestor) presents; else, when `screen` is presented or inside a presented
    /// container (UIKit answers `presentingViewController` for children too), that container.
    static func dismissedScreen(calledOn screen: any Screen) -> (any Screen)? {
        if let presented = screen.presentedScreen { return presented }
        guard screen.presentingScreen != nil else { return nil }
        var presented = screen
        while let parent = presented.parentScreen, parent.presentingScreen != nil { presented = parent }
        return presented
    }

    /// Begins the change of a stack's screens that a framework is about to make (UIKit's
    /// `setViewControllers`): screens new to the stack below the new top are wired in order, each
    /// to the one below it (the first to the container); then a new top is a
    /// ``TransitionKind/setStack`` transition (resolved), a top that was already on the stack a
    /// ``TransitionKind/pop``, and an unchanged top no transition. In a container that is not
    /// shown (a navigation controller being built), every new screen is only wired, and is
    /// resolved when the container is shown.
    ///
    /// ```swift
    /// let transition = try ExternalTransition.beginStackChange(
    ///     in: navigationController, from: navigationController.viewControllers, to: [list, detail])
    /// ```
    ///
    /// - Parameters:
    ///   - container: The stack container.
    ///   - current: Its screens now, root first.
    ///   - screens: Its screens next, root first.
    ///   - sender: An optional sender.
    ///   - isShown: Whether the container is in a window's screen tree.
    /// - Returns: The transition to the new top, or `nil`.
    /// - Throws: The errors of ``begin(_:from:to:identifier:sender:wiring:parentContext:resolutionSource:in:)``
    ///   and ``wire(_:to:_:)``.
    @discardableResult
    public static func beginStackChange(
        in container: any Screen, from current: [any Screen], to screens: [any Screen], sender: Any? = nil,
        isShown: Bool = true
    ) throws(ScreenError) -> ExternalTransition? {
        try beginStackChange(in: container, from: current, to: screens, sender: sender, isShown: isShown, begun: nil)
    }

    /// ``beginStackChange(in:from:to:sender:isShown:)``; when a screen tree assignment began the
    /// transition already (`begun`: ``UIKitNavigationPlan``, which hands it over with
    /// ``UIKitEvents/withStackChange(_:shown:wires:on:_:)``), it wires the screens as above and returns
    /// that transition (`.some(nil)`: none) instead of beginning one.
    static func beginStackChange(
        in container: any Screen, from current: [any Screen], to screens: [any Screen], sender: Any?,
        isShown: Bool, begun: ExternalTransition??
    ) throws(ScreenError) -> ExternalTransition? {
        guard let newTop = screens.last else { return nil }
        func isNew(_ screen: any Screen) -> Bool { !current.contains { $0 === screen } }
        var below: (any Screen)? = nil
        var undos: [@MainActor () -> Void] = []
        do throws(ScreenError) {
            for screen in screens.dropLast() {
                if isNew(screen), let undo = try recordedWire(screen, to: (below ?? container).context, .inherit) {
                    undos.append(undo)
                }
                below = screen
            }
            let oldTop = current.last
            guard oldTop !== newTop else { return nil }
            guard isShown else {
                if isNew(newTop) { _ = try recordedWire(newTop, to: (below ?? container).context, .inherit) }
                return nil
            }
            if let begun { return begun }
            let transition: ExternalTransition
            if !isNew(newTop) {
                guard let oldTop else { return nil }
                transition = try begin(.pop, from: oldTop, to: newTop, sender: sender)
            } else {
                transition = try begin(
                    .setStack, from: oldTop ?? container, to: newTop, sender: sender,
                    parentContext: (below ?? container).context)
            }
            transition.stackContainer = container
            // Rule 1 checks every controller the change adds, not just a new top.
            transition.routeCheck = transition.routeCheck.map {
                RouteCheck(reporter: $0.reporter, entered: screens.filter(isNew))
            }
            return transition
        } catch {
            // Nothing stays wired when it throws.
            for undo in undos.reversed() { undo() }
            throw error
        }
    }

    /// Wires `screen`'s context to `parent` outside any transition, for containment that is not a
    /// transition of its own: the screens a `setViewControllers` puts below the new top, a child
    /// embedded by a container view.
    ///
    /// ```swift
    /// try ExternalTransition.wire(list, to: navigationController.context)
    /// ```
    ///
    /// - Parameters:
    ///   - screen: The screen whose context is wired.
    ///   - parent: The context to wire it to; `nil` does nothing.
    ///   - wiring: How: a child context, the same context, or left alone.
    /// - Throws: ``ScreenError/contextWiring(destination:_:)`` when the contexts cannot be joined.
    public static func wire(_ screen: any Screen, to parent: ScreenContext?, _ wiring: ContextWiring = .inherit)
        throws(ScreenError)
    {
        _ = try recordedWire(screen, to: parent, wiring)
    }

    /// Wires `screen` outside a transition and records how it was before, so that
    /// ``leaveTree(_:)`` restores it; returns how to undo it.
    static func recordedWire(_ screen: any Screen, to parent: ScreenContext?, _ wiring: ContextWiring)
        throws(ScreenError)
        -> (@MainActor () -> Void)?
    {
        let previousContext = screen.context
        let previousParent = previousContext.parent
        guard let undo = try TransitionEngine.wire(screen, to: parent, wiring) else { return nil }
        let key = ObjectIdentifier(screen)
        guard wirings[key]?.screen !== screen else { return undo }
        let before: WiringRecord.Before =
            screen.context === previousContext ? .parent(previousParent) : .context(previousContext)
        wirings[key] = WiringRecord(screen: screen, before: before, context: screen.context)
        return {
            undo()
            wirings[key] = nil
        }
    }

    /// The forward or backward transition in flight to `destination`, if any.
    ///
    /// ```swift
    /// ExternalTransition.inFlight(to: detail)?.identifier   // "showDetail"
    /// ```
    ///
    /// - Parameter destination: The screen that appears.
    /// - Returns: The transition, or `nil`.
    public static func inFlight(to destination: any Screen) -> ExternalTransition? {
        guard let transition = registry[ObjectIdentifier(destination)] else { return nil }
        // An identifier can be reused once its object is gone.
        guard transition.destination === destination else {
            registry[ObjectIdentifier(destination)] = nil
            return nil
        }
        return transition
    }

    /// The forward transitions in flight to screens of `container`, oldest first.
    ///
    /// ```swift
    /// ExternalTransition.forwardInFlight(into: navigationController).map(\.identifier)
    /// ```
    ///
    /// - Parameter container: A container.
    /// - Returns: The transitions.
    public static func forwardInFlight(into container: any Screen) -> [ExternalTransition] {
        guard !registry.isEmpty else { return [] }
        return registry.values.filter { $0.kind.isForward && $0.destination?.parentScreen === container }
            .sorted { $0.order < $1.order }
    }

    /// The backward transitions (pop, dismiss) in flight from `source`, oldest first.
    ///
    /// ```swift
    /// ExternalTransition.backwardInFlight(from: sheet).first?.kind   // .dismiss
    /// ```
    ///
    /// - Parameter source: The screen being left.
    /// - Returns: The transitions.
    public static func backwardInFlight(from source: any Screen) -> [ExternalTransition] {
        registry.values.filter { !$0.kind.isForward && $0.source === source }.sorted { $0.order < $1.order }
    }

    // MARK: - Ending

    /// Finishes the transition: a pop, dismiss or root change takes its source out of the
    /// context tree (``leaveTree(_:)``); then the transition is logged in its window and posted
    /// there as ``TransitionDidComplete``. Does nothing unless the transition is in flight.
    ///
    /// The destination's did-appear, reported through ``ScreenLifecycle``, calls it; call it
    /// yourself when no did-appear will come (the screens are not in a window, or a sheet's
    /// presenter stays visible when it is dismissed).
    ///
    /// ```swift
    /// transition.complete()
    /// ```
    public func complete() {
        guard state == .inFlight else { return }
        state = .completed
        Self.unregister(self)
        undos.removeAll()
        let destination = self.destination
        sender = nil
        let leaving = leavingScreens()
        leavingOnCompletion = []
        Self.trace?("completed \(describe())")
        for screen in leaving { Self.leaveTree(screen) }
        // Settled before user code (the observers of the post) runs.
        if let destination, let window {
            let transition = makeTransition(destination)
            window.log(transition, check: routeCheck)
            if let watch { window.emit(watch.event(transition, resolutions: resolutions)) }
        }
    }

    /// Gives the transition up: undoes its wiring and logs nothing. Does nothing unless the
    /// transition is in flight. Resolvers that already ran are not undone.
    ///
    /// The destination's did-disappear before its did-appear, reported through
    /// ``ScreenLifecycle``, calls it (an interactive pop released halfway).
    ///
    /// ```swift
    /// transition.cancel()
    /// ```
    public func cancel() {
        guard state == .inFlight else { return }
        state = .cancelled
        Self.unregister(self)
        sender = nil
        leavingOnCompletion = []
        undoWiring()
        Self.trace?("cancelled \(describe())")
    }

    /// Ends a transition whose end Baton cannot confirm (the callback that would have ended it
    /// never came) from the real state of its screens: a forward transition whose destination is
    /// in a container, presented or a window's root completes, one whose destination is in none
    /// is cancelled; a backward transition completes when its source left, else it is cancelled.
    ///
    /// ```swift
    /// ExternalTransition.inFlight(to: detail)?.settle()
    /// ```
    public func settle() {
        guard state == .inFlight else { return }
        if kind.isForward {
            if let destination, Self.isInTree(destination) { complete() } else { cancel() }
        } else {
            if let source, Self.isInTree(source), !leavingScreens().contains(where: { $0 === source }) {
                cancel()
            } else {
                complete()
            }
        }
    }

    /// Whether `screen` is in a container, presented, or a window's root.
    static func isInTree(_ screen: any Screen) -> Bool {
        screen.parentScreen != nil || screen.presentingScreen != nil || ScreenWindow.containing(screen) != nil
    }

    /// The screens the transition takes out of the tree when it completes: the source of a pop or
    /// set-stack that is no longer in its stack, the screens a dismissal dismisses, a replaced
    /// root, and those named with ``leaveOnCompletion(_:)``.
    private func leavingScreens() -> [any Screen] {
        var screens = leavingOnCompletion.compactMap(\.screen)
        guard let source else { return screens }
        switch kind {
        case .pop, .setStack:
            if let container = stackContainer {
                if !container.childScreens.contains(where: { $0 === source }) { screens.append(source) }
            } else if kind == .pop {
                screens.append(source)
            }
        case .dismiss:
            if screens.isEmpty { screens.append(source) }
        case .replaceRoot:
            screens.append(source)
        case .push, .selectTab, .present, .hop, .manual, .segue, .embed:
            break
        }
        return screens
    }

    /// Takes `screen` out of the context tree when this transition completes (a detail that a
    /// split view's new detail replaces); nothing happens when it is cancelled.
    ///
    /// ```swift
    /// transition.leaveOnCompletion(oldDetail)
    /// ```
    ///
    /// - Parameter screen: The screen that leaves with the transition.
    public func leaveOnCompletion(_ screen: any Screen) {
        leavingOnCompletion.append(WeakScreen(screen))
    }

    /// Takes a screen that left the tree out of the context tree: its context goes back to where
    /// it was before an external transition wired it (a root again, or its own context instead of
    /// a shared one), so that it no longer receives the tree's events nor blocks registrations of
    /// the same name; the screens it contains leave with it. Showing it again wires it again.
    ///
    /// A completed pop, dismiss or root change calls it for its source; call it for the other
    /// screens a framework removes (the screens under the top that `popToRoot` pops, those
    /// `setViewControllers` drops).
    ///
    /// ```swift
    /// for popped in poppedViewControllers { ExternalTransition.leaveTree(popped) }
    /// ```
    ///
    /// - Parameter screen: The screen that left the tree.
    public static func leaveTree(_ screen: any Screen) {
        // A hopping container leaving ends the flow awaiting its step, which would never resume.
        for contained in screen.screenAndDescendants {
            (contained as? any HopFlowContainer)?.hopFlow.containerLeftTree()
        }
        if wirings.count >= 64 { wirings = wirings.filter { $0.value.screen != nil } }
        let key = ObjectIdentifier(screen)
        guard let record = wirings[key], record.screen === screen else { return }
        wirings[key] = nil
        switch record.before {
        case .parent(let previousParent):
            // A context the app replaced since (sharing its container's, say) is not Baton's to move.
            let context = screen.context
            guard context === record.context else { return }
            MisuseMode.$current.withValue(.lenient) { try? context.attach(to: previousParent) }
        case .context(let own):
            screen.context = own
        }
    }

    // MARK: - Internals

    /// The screens that leave the tree when the transition completes, besides its source.
    private var leavingOnCompletion: [WeakScreen] = []
    /// The stack a pop or set-stack happens in, to tell whether its source left it.
    weak var stackContainer: (any Screen)?
    /// Rule 1's check, taken when the transition began.
    private var routeCheck: RouteCheck?

    /// Receives a line for each transition begun, completed or cancelled (the adapter's
    /// lifecycle-logging mode).
    static var trace: (@MainActor (String) -> Void)?

    /// `kind: source → destination (identifier)`, for traces.
    func describe() -> String {
        TransitionRecord(
            kind: kind, source: source?.screenName, destination: destination?.screenName ?? "(gone)",
            identifier: identifier
        ).description
    }

    // MARK: - Presenters of record

    /// The screen `presented` was presented from (UIKit's `presentingViewController` is the
    /// presentation context, often the root container, not the controller that called
    /// `present`), when an adapter recorded it with ``recordPresentation(of:by:)``.
    ///
    /// ```swift
    /// ExternalTransition.presentationCaller(of: sheet) === step   // step called present
    /// ```
    ///
    /// - Parameter presented: A presented screen.
    /// - Returns: The screen that presented it, or `nil`.
    public static func presentationCaller(of presented: any Screen) -> (any Screen)? {
        guard let entry = presentationCallers[ObjectIdentifier(presented)], entry.presented === presented else {
            return nil
        }
        return entry.caller
    }

    /// Records that `caller` presented `presented`, for ``presentationCaller(of:)``.
    ///
    /// ```swift
    /// ExternalTransition.recordPresentation(of: sheet, by: step)
    /// ```
    ///
    /// - Parameters:
    ///   - presented: The presented screen.
    ///   - caller: The screen `present` was called on.
    public static func recordPresentation(of presented: any Screen, by caller: any Screen) {
        if presentationCallers.count >= 32 {
            presentationCallers = presentationCallers.filter { $0.value.presented != nil && $0.value.caller != nil }
        }
        presentationCallers[ObjectIdentifier(presented)] = PresentationRecord(presented: presented, caller: caller)
    }

    private struct PresentationRecord {
        weak var presented: (any Screen)?
        weak var caller: (any Screen)?
    }
    private static var presentationCallers: [ObjectIdentifier: PresentationRecord] = [:]

    private static var registry: [ObjectIdentifier: ExternalTransition] = [:]
    private static var nextOrder: UInt64 = 0
    /// When the transition began, to order transitions in flight.
    private var order: UInt64 = 0

    private static func register(_ transition: ExternalTransition) {
        guard let destination = transition.destination else { return }
        // Transitions whose destination is gone can never complete: forget them.
        if registry.count >= 16 { registry = registry.filter { $0.value.destination != nil } }
        nextOrder &+= 1
        transition.order = nextOrder
        registry[ObjectIdentifier(destination)] = transition
    }

    private static func unregister(_ transition: ExternalTransition) {
        guard let destination = transition.destination else {
            registry = registry.filter { $0.value !== transition }
            return
        }
        if registry[ObjectIdentifier(destination)] === transition { registry[ObjectIdentifier(destination)] = nil }
    }

    private func makeTransition(_ destination: any Screen) -> ScreenTransition {
        ScreenTransition(kind: kind, source: source, destination: destination, identifier: identifier, sender: sender)
    }

    /// Wires the destination, then every contained screen whose context has no parent yet to its
    /// container's, remembering how to undo each step.
    private func wire(_ destination: any Screen, to parent: ScreenContext?, _ wiring: ContextWiring) throws(ScreenError)
    {
        if kind == .selectTab {
            // A tab already in the tree keeps its wiring; one never wired joins its container.
            if destination.context.parent == nil, let container = destination.parentScreen,
                container.context !== destination.context
            {
                try wireStep(destination, to: container.context, .inherit)
            }
        } else {
            let previous = destination.context
            try wireStep(destination, to: parent, wiring)
            if destination.context !== previous { try follow(destination, from: previous) }
        }
        for screen in destination.screenAndDescendants.dropFirst() where screen.context.parent == nil {
            guard let container = screen.parentScreen, container.context !== screen.context else { continue }
            try wireStep(screen, to: container.context, .inherit)
        }
    }

    /// After a ``ContextWiring/share`` replaced the destination's context, keeps the screens it
    /// contains wired as they were: one that shared the old context shares the new one, one whose
    /// context was a child of the old one becomes a child of the new one (as a ``ScreenModel``
    /// container does for its own screens).
    private func follow(_ destination: any Screen, from previous: ScreenContext) throws(ScreenError) {
        let current = destination.context
        for screen in destination.screenAndDescendants.dropFirst() {
            if screen.context === previous {
                screen.context = current
                undos.append { screen.context = previous }
            } else if screen.context.parent === previous {
                try wireStep(screen, to: current, .inherit)
            }
        }
    }

    private func wireStep(_ screen: any Screen, to parent: ScreenContext?, _ wiring: ContextWiring) throws(ScreenError)
    {
        let previousContext = screen.context
        let previousParent = previousContext.parent
        guard let undo = try TransitionEngine.wire(screen, to: parent, wiring) else { return }
        undos.append(undo)
        // How the screen was before, so that leaving the tree restores it (the first wiring wins).
        let key = ObjectIdentifier(screen)
        if Self.wirings[key]?.screen !== screen {
            let before: WiringRecord.Before =
                screen.context === previousContext ? .parent(previousParent) : .context(previousContext)
            Self.wirings[key] = WiringRecord(screen: screen, before: before, context: screen.context)
            undos.append { Self.wirings[key] = nil }
        }
    }

    /// How a screen's context was before a transition wired it.
    private struct WiringRecord {
        enum Before {
            /// Its context had this parent.
            case parent(ScreenContext?)
            /// It had this context of its own (it shared another's since).
            case context(ScreenContext)
        }
        weak var screen: (any Screen)?
        let before: Before
        /// The context the wiring was made on.
        weak var context: ScreenContext?
    }

    /// The screens wired by external transitions and not unwired since.
    private static var wirings: [ObjectIdentifier: WiringRecord] = [:]

    private func undoWiring() {
        let undos = self.undos
        self.undos.removeAll()
        for undo in undos.reversed() { undo() }
    }
}

/// A screen held weakly.
@MainActor
struct WeakScreen {
    weak var screen: (any Screen)?
    init(_ screen: any Screen) { self.screen = screen }
}
