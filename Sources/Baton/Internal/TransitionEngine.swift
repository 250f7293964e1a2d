/// Performs every transition of the screen tree in one order:
///
/// 1. wire the destination's context to the source's (forward transitions);
/// 2. run the dependency coordinator (forward transitions); on failure, undo step 1 and throw;
/// 3. change the container's structure;
/// 4. if the container is visible: will-disappear (leaving), will-appear (entering), the custom
///    transition hook, did-disappear (leaving), did-appear (entering);
/// 5. log the transition in the window and post ``TransitionDidComplete``; when the window has
///    an observer of ``NavigationEvent``s, report the transition to it.
@MainActor
enum TransitionEngine {
    static func perform(
        _ transition: ScreenTransition,
        wiring: ContextWiring,
        sourceContext: ScreenContext?,
        visible: Bool,
        window: ScreenWindow?,
        leaving: [ScreenModel],
        entering: [ScreenModel],
        hook: (@MainActor (ScreenTransition, _ complete: @escaping @MainActor () -> Void) -> Void)? = nil,
        resolves: Bool = true,
        newInStack: @autoclosure () -> [ScreenModel]? = nil,
        change: () -> Void
    ) throws(ScreenError) {
        let destination = transition.destination
        let entering = visible && transition.kind.isForward ? withOffScreenPresentations(entering) : entering
        if isBusy {
            // The replaced description is released after the assignment: see `exclusively`.
            let outer = running
            running = { transition.record.description }
            keepAlive(outer)
        }
        // The log keeps start order: this transition's record waits for those started before it.
        let ticket = window?.reserveLogEntry()
        // Rule 1 is checked against the reporter in effect now, when the transition is asked
        // for, even when a hook completes it later, outside the caller's scope.
        let routeCheck = ticket == nil ? nil : RouteCheck.asked(entering: newInStack())
        // Off (no observer of navigation events), this is one check and nothing else.
        let watch = window?.observesNavigation == true ? NavigationWatch() : nil
        let undo: (@MainActor () -> Void)?
        do {
            undo = transition.kind.isForward ? try wire(destination, to: sourceContext, wiring) : nil
        } catch {
            if let ticket { window?.log(nil, at: ticket) }
            if let watch { window?.emit(watch.event(transition, resolutions: [], outcome: .failed(error.description))) }
            throw error
        }
        let resolutions: [String]
        // A tab already in the tree was resolved when its container was shown: selecting it
        // does not resolve it again.
        // A screen tree assignment resolves its new screens before it changes the tree
        // (`resolves` is then false): see NavigationPlan.
        if resolves && transition.kind.isForward && transition.kind != .selectTab {
            do {
                if watch != nil {
                    resolutions = try NavigationContext.collectingResolutions { () throws(ScreenError) in
                        try DependencyCoordinator.resolve(transition, in: window)
                    }
                } else {
                    try DependencyCoordinator.resolve(transition, in: window)
                    resolutions = []
                }
            } catch {
                undo?()
                if let ticket { window?.log(nil, at: ticket) }
                if let watch {
                    window?.emit(watch.event(transition, resolutions: [], outcome: .failed(error.description)))
                }
                throw error
            }
        } else {
            resolutions = []
        }
        #if DEBUG
            // Values the destination writes into its own context from now on die with it: a pushed
            // or presented screen's, and a hop step's (a login that keeps the user to itself).
            if wiring == .inherit, transition.kind == .push || transition.kind == .present || transition.kind == .hop,
                let sourceContext
            {
                LostWriteWatch.watch(transition, sourceContext: sourceContext)
            }
        #endif
        departures = []
        change()
        let departed = departures ?? []
        departures = nil
        #if DEBUG
            // The destination is now in front of the screens that share its context.
            LostWriteWatch.showed(destination)
        #endif
        let completion = Completion()
        let finish: @MainActor () -> Void = {
            // A custom hook must call `complete` once; a second call does nothing.
            guard !completion.isDone else { return }
            completion.isDone = true
            // A hook may complete later, outside any transition: the did-phase is then a step of
            // its own, and transitions its callbacks request wait for it.
            exclusively(while: transition.record.description) {
                // Only a watched transition touches the lifecycle cause: off, this costs nothing.
                let outerCause = watch.map { NavigationContext.replaceLifecycleCause(with: $0.cause(of: transition)) }
                if visible {
                    for screen in leaving where screen.canReceive(.didDisappear) {
                        screen.apply(.didDisappear, in: window)
                    }
                    for screen in entering where screen.canReceive(.didAppear) { screen.apply(.didAppear, in: window) }
                }
                // Screens that left the tree leave the context tree once their did-phase has run:
                // until then (in `willDisappear`, say) they still read and write the tree.
                // Innermost first (departures are recorded outermost first: a stack's popped
                // screens bottom up, a presentation chain from its presenter): each context then
                // leaves with no departed child under it, so that leaving costs the same at any
                // depth; walking down, each unwire would walk the chain above it again.
                for screen in departed.reversed() where screen.currentHolder == nil { screen.unwire() }
                if let ticket { window?.log(transition, at: ticket, check: routeCheck) }
                if let watch {
                    NavigationContext.lifecycleCause = outerCause ?? nil
                    window?.emit(watch.event(transition, resolutions: resolutions))
                }
            }
        }
        guard visible else { return finish() }
        let outerCause = watch.map { NavigationContext.replaceLifecycleCause(with: $0.cause(of: transition)) }
        // A screen receives a phase only from the state before it: one already hidden (covered by
        // a presentation, say) does not disappear twice.
        for screen in leaving where screen.canReceive(.willDisappear) { screen.apply(.willDisappear, in: window) }
        for screen in entering where screen.canReceive(.willAppear) { screen.apply(.willAppear, in: window) }
        if let outerCause { NavigationContext.lifecycleCause = outerCause }
        if let hook {
            hook(transition, finish)
        } else {
            finish()
        }
    }

    /// `entering` and, after each, the presentations it made while in no window (a screen that
    /// presents in its `init`, a tree built before it is shown): they come on screen with it,
    /// as a window shows the presentations of its root when it becomes visible.
    private static func withOffScreenPresentations(_ entering: [ScreenModel]) -> [ScreenModel] {
        // Nearly always none: one look per entering screen.
        guard entering.contains(where: { $0.visiblePresentation != nil }) else { return entering }
        var all: [ScreenModel] = []
        for screen in entering {
            all.append(screen)
            var current = screen.visiblePresentation
            while let shown = current {
                all.append(shown)
                current = shown.visiblePresentation
            }
        }
        return all
    }

    /// Wires the destination's context and returns how to undo it.
    static func wire(_ destination: any Screen, to source: ScreenContext?, _ wiring: ContextWiring) throws(ScreenError)
        -> (@MainActor () -> Void)?
    {
        guard let source else { return nil }
        switch wiring {
        case .isolate:
            return nil
        case .share:
            let previous = destination.context
            guard previous !== source else { return nil }
            // What the screen registered on its own context would be dropped silently: refuse,
            // naming it. Values a container keeps for its presenter (a tab screen's selection)
            // move to the shared context instead.
            let moved = Set((destination as? ScreenModel)?.valuesMovedWhenShared ?? [])
            let held = previous.ownRegistrations(except: moved)
            guard held.isEmpty else {
                throw misuse(
                    ScreenError.sharedContextHasRegistrations(destination: destination.screenName, registrations: held))
            }
            for id in moved { previous.moveValue(id, to: source) }
            destination.context = source
            (destination as? ScreenModel)?.wiring = .shared(own: previous)
            return { [weak destination] in
                destination?.context = previous
                (destination as? ScreenModel)?.wiring = nil
            }
        case .inherit:
            let context = destination.context
            let previousParent = context.parent
            guard previousParent !== source, context !== source else { return nil }
            do {
                try context.attach(to: source)
            } catch {
                throw misuse(ScreenError.contextWiring(destination: destination.screenName, error))
            }
            (destination as? ScreenModel)?.wiring = .inherited(previousParent: previousParent)
            return { [weak destination] in
                // Undoing the attach above: back where the context was, which attach reports
                // itself (a misuse) if it conflicts.
                try? context.attach(to: previousParent)
                (destination as? ScreenModel)?.wiring = nil
            }
        }
    }
}

extension TransitionEngine {
    // MARK: - One transition at a time

    /// What is running now, for reports: a transition's description, or `nil` while idle. Made
    /// only when a report needs it (a transition requested meanwhile is queued): writing it on
    /// every transition cost more than the rest of a push.
    static var running: (() -> String)?
    /// The screens that left the tree during the running transition's change, or `nil` outside one.
    private static var departures: [ScreenModel]?

    /// Records that `screen` left the tree: inside a transition it is unwired when that
    /// completes, elsewhere at once.
    static func departed(_ screen: ScreenModel) {
        if departures != nil {
            departures?.append(screen)
        } else {
            screen.unwire()
        }
    }
    /// Transitions requested while another ran, in request order.
    private static var deferred: [Deferred] = []
    private static var isDraining = false

    private struct Deferred {
        let request: String
        let inProgress: String
        weak var window: ScreenWindow?
        let run: @MainActor () throws(ScreenError) -> Void
    }

    /// Whether a transition is running now, so that a new request must wait.
    static var isBusy: Bool { running != nil }

    /// Queues a transition requested while another runs, to run right after it; `false` when
    /// nothing runs and the caller goes ahead now.
    ///
    /// - Parameters:
    ///   - request: What is requested, for a failure report: `push of detail from stack`.
    ///   - window: Where a failure of the deferred transition is reported.
    ///   - run: Requests the transition again; it runs when nothing else does.
    static func defers(
        _ request: @autoclosure () -> String, window: ScreenWindow?,
        _ run: @escaping @MainActor () throws(ScreenError) -> Void
    ) -> Bool {
        guard let running else { return false }
        // A one-shot resolver waiting around the request (resolvingNextTransition) still applies
        // when the queued transition runs, after the request's body has returned.
        let waiting = DependencyCoordinator.waitingInlineResolvers
        // The cause of the request (a link, a gesture) is the cause of the deferred transition.
        let run = NavigationContext.carrying(run)
        if waiting.isEmpty {
            deferred.append(Deferred(request: request(), inProgress: running(), window: window, run: run))
        } else {
            deferred.append(
                Deferred(request: request(), inProgress: running(), window: window) { () throws(ScreenError) in
                    try DependencyCoordinator.with(waiting, run)
                })
        }
        return true
    }

    /// Runs `body`, one step of a transition, marked as running; then the transitions requested
    /// during it, in request order. Inside a running step it just runs `body`.
    static func exclusively<Value, Failure: Error>(
        while description: @autoclosure () -> String, _ body: () throws(Failure) -> Value
    ) throws(Failure) -> Value {
        if running != nil { return try body() }
        // The description is kept only while `body` runs, and written only if a report needs it.
        let outcome: Result<Value, Failure> = withoutActuallyEscaping(description) { description in
            running = description
            defer {
                // The description may capture the last reference to a screen (the transition's
                // source or destination): it is released only once `running` is settled, because
                // that screen's deinit, or its context's (a lost-write report), may call back into
                // Baton and request a transition, which reads `running`.
                let finished = running
                running = nil
                keepAlive(finished)
            }
            do throws(Failure) {
                return .success(try body())
            } catch {
                return .failure(error)
            }
        }
        runDeferred()
        // Not `get()`: its typed-throws form is newer than the iOS 17 SDK's standard library.
        switch outcome {
        case .success(let value): return value
        case .failure(let error): throw error
        }
    }

    /// Runs the transitions requested while others ran, oldest first. Each may queue more; they
    /// run after it, in turn.
    private static func runDeferred() {
        guard !isDraining else { return }
        isDraining = true
        defer { isDraining = false }
        while !deferred.isEmpty {
            let next = deferred.removeFirst()
            do {
                try exclusively(while: next.request, next.run)
            } catch {
                let failure = TransitionFailure(request: next.request, inProgress: next.inProgress, error: error)
                next.window?.context.post(TransitionDidFail.self, failure, reach: .local)
            }
        }
    }
}

/// Whether a transition's did-phase has run, so a hook that completes twice cannot repeat it.
@MainActor
private final class Completion {
    var isDone = false
}
