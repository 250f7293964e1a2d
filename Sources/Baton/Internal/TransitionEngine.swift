/// Performs every transition of the screen tree in one order:
///
/// 1. wire the destination's context to the source's (forward transitions);
/// 2. run the dependency coordinator (forward transitions); on failure, undo step 1 and throw;
/// 3. change the container's structure;
/// 4. if the container is visible: will-disappear (leaving), will-appear (entering), the custom
///    transition hook, did-disappear (leaving), did-appear (entering);
/// 5. log the transition in the window and post ``TransitionDidComplete``.
@MainActor
enum TransitionEngine {
    static func perform(
        _ transition: Transition,
        wiring: ContextWiring,
        sourceContext: Context?,
        visible: Bool,
        window: Window?,
        leaving: [HeadlessScreen],
        entering: [HeadlessScreen],
        hook: (@MainActor (Transition, _ complete: @escaping @MainActor () -> Void) -> Void)? = nil,
        change: () -> Void
    ) throws(ScreenError) {
        let destination = transition.destination
        let undo = transition.kind.isForward ? try wire(destination, to: sourceContext, wiring) : nil
        // A tab already in the tree was resolved when its container was shown: selecting it
        // does not resolve it again.
        if transition.kind.isForward && transition.kind != .selectTab {
            do {
                try DependencyCoordinator.resolve(transition, in: window)
            } catch {
                undo?()
                throw error
            }
        }
        change()
        let completion = Completion()
        let finish: @MainActor () -> Void = {
            // A custom hook must call `complete` once; a second call does nothing.
            guard !completion.isDone else { return }
            completion.isDone = true
            if visible {
                for screen in leaving where screen.canReceive(.didDisappear) { screen.apply(.didDisappear, in: window) }
                for screen in entering where screen.canReceive(.didAppear) { screen.apply(.didAppear, in: window) }
            }
            window?.log(transition)
        }
        guard visible else { return finish() }
        // A screen receives a phase only from the state before it: one already hidden (covered by
        // a presentation, say) does not disappear twice.
        for screen in leaving where screen.canReceive(.willDisappear) { screen.apply(.willDisappear, in: window) }
        for screen in entering where screen.canReceive(.willAppear) { screen.apply(.willAppear, in: window) }
        if let hook {
            hook(transition, finish)
        } else {
            finish()
        }
    }

    /// Wires the destination's context and returns how to undo it.
    static func wire(_ destination: any Screen, to source: Context?, _ wiring: ContextWiring) throws(ScreenError)
        -> (@MainActor () -> Void)?
    {
        guard let source else { return nil }
        switch wiring {
        case .isolate:
            return nil
        case .share:
            let previous = destination.context
            guard previous !== source else { return nil }
            destination.context = source
            return { destination.context = previous }
        case .inherit:
            let context = destination.context
            let previousParent = context.parent
            guard previousParent !== source, context !== source else { return nil }
            do {
                try context.attach(to: source)
            } catch {
                throw misuse(ScreenError.contextWiring(destination: destination.screenName, error))
            }
            return { try? context.attach(to: previousParent) }
        }
    }
}

/// Whether a transition's did-phase has run, so a hook that completes twice cannot repeat it.
@MainActor
private final class Completion {
    var isDone = false
}
