/// Assigns a ``ScreenTree`` to a UIKit window with the fewest UIKit calls, atomically: the
/// UIKit counterpart of ``NavigationPlan``, on the same converted tree (``NavigationPlan/Node``)
/// and the same checks (``NavigationPlan/validate(_:)``).
///
/// **Prepare** (no UIKit call on a controller that is shown): walk the window's controllers
/// beside the target; keep every controller whose route is unchanged (in a stack, only while the
/// controllers below are kept); make every other one through the app's factory, build what it
/// shows (UIKit calls on the new, unshown controllers only), wire its context to where it will be
/// shown and resolve it with the transition that will show it. Anything that throws undoes the
/// wiring and the coordinators' changes (``ResolutionJournal``), and nothing else has changed.
///
/// The last step of preparing is to `dismiss` each presentation that goes
/// (`UIViewController.h:251-252`: everything presented above goes with it); a dismissal UIKit
/// refuses fails the assignment there, before anything else changes.
///
/// **Apply** (cannot fail): change the containers — one
/// `setViewControllers(_:animated:)` per stack (`UINavigationController.h:72`; UIKit sends
/// appearance callbacks only to the old and the new top), one `selectedIndex =` per tab bar
/// controller (`UITabBarController.h:41`), `rootViewController =` for a new root — hidden parts
/// first, then, once the dismissals have completed, `present` each new presentation in order
/// (`UIViewController.h:246-249`: the completion comes after the presented controller's
/// `viewDidAppear(_:)`, and the next one is presented then). Each transition is begun once,
/// before its call, already wired and resolved: the exchanged methods join it (a presentation, a
/// root change), or are handed it (a stack change, ``UIKitEvents/withStackChange(_:shown:wires:on:_:)``),
/// instead of beginning and resolving again.
@MainActor
final class UIKitNavigationPlan {
    typealias Node = NavigationPlan.Node
    typealias Failure = NavigationPlan.Failure
    typealias Location = TreeLocation

    private let window: any UIKitWindow
    private let animated: Bool
    private let make: UIKitNavigation.ErasedFactory
    private var target: Node?
    /// Undoes the wiring of new controllers, newest last.
    private var undo: [@MainActor () -> Void] = []
    /// Controllers whose presentation goes (each is the tree's presenter of it).
    private var dismissals: [any UIKitScreen] = []
    /// Container changes, hidden parts first.
    private var changes: [Change] = []
    /// New presentations from controllers that stay, then from new ones, in the tree's order.
    private var presentationsOnKept: [(presenter: any UIKitScreen, presented: any UIKitScreen)] = []
    private var presentationsOnNew: [(presenter: any UIKitScreen, presented: any UIKitScreen)?] = []
    /// The start-up flow the assignment waits for: it would change the step of a hopping
    /// container that has not reached its main screen (shows no step yet, or one that waits for
    /// an unhop). Set with the failure that stops the preparation.
    private(set) var waitsFor: (any HopFlowContainer)?
    /// The controllers made so far, which the plan's changes keep alive until it is applied.
    private var made: Set<ObjectIdentifier> = []
    /// The new controllers built inside new containers and resolved as they were made.
    private var resolvedByPlan: Set<ObjectIdentifier> = []
    private let shapes = UIKitShapes()

    /// A plan for trees of any route type (see ``ErasedScreenTree``); `make` is
    /// ``UIKitNavigation/erased(_:)``'s factory.
    init(window: any UIKitWindow, animated: Bool, making make: @escaping UIKitNavigation.ErasedFactory) {
        self.window = window
        self.animated = animated
        self.make = make
    }

    // MARK: - Preparing

    func prepare(_ node: Node) throws(Failure) {
        target = node
        do throws(Failure) {
            try ResolutionJournal.recording { () throws(Failure) in
                try NavigationPlan.validate(node)
                try prepareRoot(node)
                try beginDismissals()
            }
        } catch {
            for step in undo.reversed() { step() }
            undo = []
            clear()
            throw error
        }
    }

    /// Lets go of the prepared changes, whose closures hold the plan and the new controllers.
    private func clear() {
        changes = []
        dismissals = []
        presentationsOnKept = []
        presentationsOnNew = []
        gate = nil
    }

    private func prepareRoot(_ tree: Node) throws(Failure) {
        let path = Location.root
        if let root = window.currentRoot as? any UIKitScreen, let content = keptContent(of: root, showing: tree) {
            changes = try reconcile(root, with: tree, at: path, live: true, content: content)
            return
        }
        let old = window.currentRoot
        if let old { collectDismissals(in: old) }
        let screen = try makeScreen(
            tree, step: "the root of the window", at: path, live: true, parent: window.batonWindow.context,
            kind: .replaceRoot, source: old)
        changes.append(.root(screen))
    }

    /// What `controller` shows, read once, when it can stay and show `tree`: its route is the
    /// tree's and ``PlanRules/canKeep(_:_:_:)`` holds; else `nil`.
    private func keptContent(of controller: any UIKitScreen, showing tree: Node) -> UIKitNavigation.Content? {
        guard let route = controller.recordedScreenRoute, UIKitShapes.same(route, tree.route) else { return nil }
        let content = UIKitNavigation.content(ofController: controller)
        return PlanRules.canKeep(controller, tree, UIKitShapes(controller, showing: content)) ? content : nil
    }

    /// Brings a controller that stays (`live`: shown in the window; else new, being built) in line
    /// with `tree`. Returns the container changes, hidden parts first; offline, it makes them at
    /// once (UIKit calls on controllers not shown yet) and returns none.
    ///
    /// `checked: false` for a controller whose fit ``PlanRules/canKeep(_:_:_:)`` did not check: a
    /// new one. `content`: what it shows, when read already.
    private func reconcile(
        _ screen: any UIKitScreen, with tree: Node, at path: Location, live: Bool, presentation: Bool = true,
        checked: Bool = true, content known: UIKitNavigation.Content? = nil
    ) throws(Failure) -> [Change] {
        if case .none = tree.content, !tree.presents, screen.presentedScreen == nil { return [] }
        var before: [Change] = []
        var own: Change?
        var after: [Change] = []
        if presentation { try reconcilePresentation(of: screen, with: tree, at: path, live: live, into: &after) }
        switch tree.content {
        case nil:
            break
        case .stack(let nodes):
            guard case .stack(let current) = known ?? UIKitNavigation.content(ofController: screen) else {
                throw notFitting(screen, tree, at: path)
            }
            // A navigation controller the tree empties cannot be kept: a tree's empty stack fits
            // only one that shows nothing yet.
            if PlanRules.cannotEmpty(current, nodes) { throw notFitting(screen, tree, at: path) }
            let kept = PlanRules.keptCount(current, nodes, shapes)
            for index in 0..<kept {
                guard let controller = current[index] as? any UIKitScreen else { continue }
                let ops = try reconcile(controller, with: nodes[index], at: path.child(index), live: live)
                // The top is visible now: what changes in it waits until the stack has changed.
                if index == current.count - 1 { after += ops } else { before += ops }
            }
            guard kept < current.count || kept < nodes.count else { break }
            if live { for screen in current[kept...] { collectDismissals(in: screen) } }
            var final: [any Screen] = []
            final.reserveCapacity(nodes.count)
            final += current[..<kept]
            for index in kept..<nodes.count {
                let below = final.last ?? screen
                let made = try makeScreen(
                    nodes[index], step: "push onto \(screen.screenName) at \(text(path))", at: path.child(index),
                    live: live, parent: below.context, kind: .push, source: below)
                final.append(made)
            }
            own = .stack(screen, final, made: nodes.count - kept)
        case .tabs(let nodes, let selected):
            // A kept tab bar controller was checked by ``PlanRules/canKeep(_:_:_:)``; a new one has the routes.
            guard case .tabs(let shown, let selection) = known ?? UIKitNavigation.content(ofController: screen),
                checked || PlanRules.tabRoutesMatch(shown, nodes, shapes)
            else { throw notFitting(screen, tree, at: path) }
            for index in shown.indices {
                guard let tab = shown[index] as? any UIKitScreen else { continue }
                let ops = try reconcile(tab, with: nodes[index], at: path.child(index), live: live)
                if index == selection { after += ops } else { before += ops }
            }
            if selected != selection { own = .selection(screen, selected) }
        case .hop(let step):
            guard case .hop(let current) = known ?? UIKitNavigation.content(ofController: screen) else {
                throw notFitting(screen, tree, at: path)
            }
            guard let step else {
                if current != nil { throw notFitting(screen, tree, at: path) }
                break
            }
            guard let current = current as? any UIKitScreen, shapes.matches(current, step.route),
                PlanRules.canKeep(current, step, shapes)
            else {
                // A start-up flow that has not reached its main screen: the assignment waits for it.
                if live, let flow = screen as? any HopFlowContainer,
                    flow.hopFlow.current == nil || flow.hopFlow.isWaitingForUnhop
                {
                    waitsFor = flow
                }
                // A hopping view controller's steps are the app's flow: it changes them by hopping.
                throw notFitting(screen, tree, at: path)
            }
            after += try reconcile(current, with: step, at: path.child(0), live: live)
        }
        var ops = before
        if let own { ops.append(own) }
        if !after.isEmpty { ops += after }
        guard live else {
            for op in ops {
                if let error = make(op) { throw .error(error, at: path.indices) }
            }
            return []
        }
        return ops
    }

    /// Keeps, dismisses or makes what `screen` presents.
    private func reconcilePresentation(
        of screen: any UIKitScreen, with tree: Node, at path: Location, live: Bool,
        into after: inout [Change]
    ) throws(Failure) {
        let current = UIKitNavigation.presented(by: screen)
        // A presentation asked for in another style than it is shown with is made again in it:
        // UIKit cannot change the style of a shown presentation.
        if let current = current as? any UIKitScreen, let target = tree.presented,
            shapes.matches(current, target.route),
            tree.presentedStyle.map({ $0 == current.screenPresentationStyle }) ?? true,
            PlanRules.canKeep(current, target, shapes)
        {
            after += try reconcile(current, with: target, at: path.presented, live: live)
            return
        }
        if current != nil { dismissals.append(screen) }
        guard let target = tree.presented else { return }
        // A presentation from a new controller is made once that controller is shown; its place in
        // the order is taken now, before what the new presented controller itself presents.
        let slot = live ? nil : presentationsOnNew.count
        if !live { presentationsOnNew.append(nil) }
        let made = try makeScreen(
            target, step: "presentation from \(screen.screenName) at \(text(path))", at: path.presented, live: live,
            parent: screen.context, kind: .present, source: screen)
        // Set before it is presented, as UIKit reads it then (UIViewController.h:268-273).
        if let style = tree.presentedStyle { made.screenPresentationStyle = style }
        if let slot {
            presentationsOnNew[slot] = (screen, made)
        } else {
            presentationsOnKept.append((screen, made))
        }
    }

    /// Makes the controller for `tree` with the app's factory, wires it, builds what it shows and
    /// resolves it with the transition that will show it (`live`: in the window).
    private func makeScreen(
        _ tree: Node, step: @autoclosure () -> String, at path: Location, live: Bool, parent: ScreenContext,
        kind: TransitionKind,
        source: (any Screen)?
    ) throws(Failure) -> any UIKitScreen {
        // The step and the route are described only for an error: describing a route costs more
        // than making its screen.
        func route() -> String { NavigationPlan.describe(tree.route) }
        let screen: any UIKitScreen
        do {
            screen = try make(tree.route)
        } catch {
            throw .error(
                .factoryFailed(step: step(), route: route(), reason: UnderlyingError(error)), at: path.indices)
        }
        if !made.insert(ObjectIdentifier(screen)).inserted {
            throw .error(
                .factoryFailed(
                    step: step(), route: route(),
                    reason: UnderlyingError(
                        reason:
                            "it made \(screen.screenName), which this tree already shows elsewhere; make a new screen")),
                at: path.indices)
        }
        if ExternalTransition.isInTree(screen) || screen === window.currentRoot {
            // UIKit raises an exception for a controller shown twice (pushed, or in two stacks).
            throw .error(
                .factoryFailed(
                    step: step(), route: route(),
                    reason: UnderlyingError(
                        reason: "it made \(screen.screenName), which is already shown; make a new controller")),
                at: path.indices)
        }
        screen.recordedScreenRoute = tree.route
        // The controllers its factory put inside it, whose required dependencies are checked with its own.
        let inside = screen.screenAndDescendants
        try wire(screen, to: parent, tree.route.wiring, step: step(), route: route(), at: path)
        // What the factory put inside it joins it, as an external transition wires it.
        for inner in inside.dropFirst() where inner.context.parent == nil {
            guard let container = inner.parentScreen, container.context !== inner.context else { continue }
            try wire(inner, to: container.context, .inherit, step: step(), route: route(), at: path)
        }
        _ = try reconcile(screen, with: tree, at: path, live: false, presentation: false, checked: false)
        // As in ``NavigationPlan``: each controller the plan builds inside a new container is
        // resolved with its own transition (a push from the one below it, a presentation from its
        // presenter) as it is made, and the container's resolution covers itself and what its
        // factory made, once.
        do {
            try DependencyCoordinator.resolve(
                ScreenTransition(kind: kind, source: source, destination: screen), in: live ? window.batonWindow : nil,
                skipping: resolvedByPlan)
            if !live { resolvedByPlan.insert(ObjectIdentifier(screen)) }
        } catch {
            throw .error(.transitionFailed(step: step(), route: route(), error: error), at: path.indices)
        }
        // A required dependency no resolver set would stop the program when the controller reads it.
        for checked in inside {
            if let report = ResolvedCheck.unsetReport(for: checked) {
                throw .error(.unresolvedDependency(step: step(), route: route(), report: report), at: path.indices)
            }
        }
        // What it presents is resolved after it, as a controller presents only once it is shown.
        var none: [Change] = []
        try reconcilePresentation(of: screen, with: tree, at: path, live: false, into: &none)
        return screen
    }

    private func wire(
        _ screen: any Screen, to context: ScreenContext, _ wiring: ContextWiring, step: @autoclosure () -> String,
        route: @autoclosure () -> String,
        at path: Location
    ) throws(Failure) {
        do {
            if let undoWiring = try ExternalTransition.recordedWire(screen, to: context, wiring) {
                undo.append(undoWiring)
            }
        } catch {
            throw .error(.transitionFailed(step: step(), route: route(), error: error), at: path.indices)
        }
    }

    /// Records the presentations that go with a controller that leaves.
    private func collectDismissals(in screen: any Screen) {
        // Nearly every controller that leaves holds and presents nothing: no walk then.
        if screen.presentedScreen == nil && screen.childScreens.isEmpty { return }
        for inner in screen.screenAndDescendants {
            if let controller = inner as? any UIKitScreen, UIKitNavigation.presented(by: controller) != nil {
                dismissals.append(controller)
            }
        }
    }

    // MARK: - Applying

    /// Opens when the dismissals begun by ``beginDismissals()`` have completed and the containers
    /// have changed: then the new presentations are made.
    private var gate: Countdown?

    /// The last step of preparing: `dismiss` each presentation that goes, outermost first. UIKit
    /// refuses a dismissal while a presentation or dismissal runs, with a console warning and no
    /// completion (UIKit practice; the review's N-E5): a dismissal that neither completed nor
    /// began fails the assignment here, where nothing else has changed yet, instead of leaving
    /// its presentations waiting for a completion that never comes.
    private func beginDismissals() throws(Failure) {
        // Nearly every assignment dismisses and presents nothing: no gate then.
        guard !dismissals.isEmpty || !presentationsOnKept.isEmpty || !presentationsOnNew.isEmpty else { return }
        var seen = Set<ObjectIdentifier>()
        let presenters = dismissals.filter { seen.insert(ObjectIdentifier($0)).inserted }
        dismissals = []
        let presentations = presentationsOnKept + presentationsOnNew.compactMap { $0 }
        // Presentations wait for the dismissals (UIKit presents one controller at a time from a
        // presentation context) and for the containers that show their presenters.
        let gate = Countdown(presenters.count + 1) { [self] in present(presentations[...]) }
        self.gate = gate
        var dismissed: [String] = []
        for presenter in presenters {
            // Everything presented above a dismissed controller goes with it (`UIViewController.h:251-252`).
            guard let presented = presenter.presentedScreen, !Self.isGoing(presenter) else {
                gate.done()
                continue
            }
            dismiss(from: presenter) { gate.done() }
            guard Self.isRefused(presented) else {
                dismissed.append(presented.screenName)
                continue
            }
            self.gate = nil
            throw .error(
                .refusedByUIKit(
                    step: "dismissal of \(presented.screenName) from \(presenter.screenName)",
                    reason: "UIKit did not begin it, as it does while a presentation or dismissal runs; "
                        + (dismissed.isEmpty
                            ? "nothing changed"
                            : "only \(dismissed.joined(separator: ", ")) was dismissed, nothing else changed")),
                at: [])
        }
    }

    /// Whether `presented`, asked to go, still shows and is not going: UIKit refused the call.
    private static func isRefused(_ presented: any Screen) -> Bool {
        guard presented.presentingScreen != nil, let controller = presented as? any UIKitScreen else { return false }
        return !controller.isBeingDismissed && controller.activeTransitionCoordinator == nil
    }

    /// Whether `screen` is inside a presentation that is being dismissed.
    private static func isGoing(_ screen: any Screen) -> Bool {
        var current: any Screen = screen
        while true {
            while let parent = current.parentScreen { current = parent }
            if (current as? any UIKitScreen)?.isBeingDismissed == true { return true }
            guard let presenter = current.presentingScreen else { return false }
            current = presenter
        }
    }

    /// Makes the prepared UIKit calls: the container changes, then, once the dismissals begun
    /// while preparing have completed, the new presentations.
    ///
    /// - Throws: ``NavigationError/refusedByUIKit(step:reason:)`` for the first stack change that
    ///   did not reach UIKit (an app's override of `setViewControllers(_:animated:)` that skips
    ///   `super`, or calls it later), once every other change was made: the transition begun for
    ///   it ended from the navigation controller's real state, so nothing waits for it.
    func apply() throws(NavigationError) {
        let changes = self.changes
        let gate = self.gate
        clear()
        var refused: NavigationError?
        for change in changes {
            if let error = make(change), refused == nil { refused = error }
        }
        gate?.done()
        if let refused { throw refused }
    }

    /// A container change, made when the plan is applied (or at once on a controller not shown yet).
    private enum Change {
        /// `setViewControllers(_:animated:)` with these controllers, the last `made` of them new.
        case stack(any UIKitScreen, [any Screen], made: Int)
        /// `selectedIndex =`.
        case selection(any UIKitScreen, Int)
        /// `rootViewController =`.
        case root(any UIKitScreen)
    }

    /// Makes one change; returns why UIKit did not get it, if it did not.
    private func make(_ change: Change) -> NavigationError? {
        switch change {
        case .stack(let navigation, let screens, let made): return setStack(navigation, screens, made: made)
        case .selection(let tabs, let index): tabs.selectTabScreen(at: index)
        case .root(let screen): setRoot(screen)
        }
        return nil
    }

    /// `rootViewController =`, with the root change begun, already resolved.
    private func setRoot(_ screen: any UIKitScreen) {
        let baton = window.batonWindow
        let source = window.currentRoot
        UIKitEvents.attempt { () throws(ScreenError) in
            try ExternalTransition.begin(.replaceRoot, from: source, to: screen, in: baton, prepared: true)
        }
        if screen.reportsAppearance {
            window.replaceRootScreen(with: screen)
        } else {
            UIKitEvents.setRoot(screen, of: window) { window.replaceRootScreen(with: screen) }
        }
    }

    /// `setViewControllers(_:animated:)`, with its transition begun here, once, and handed to the
    /// ``UIKitEvents/setStack(_:on:_:)`` the call reaches: a new top's, already resolved (every new
    /// controller was wired and resolved while preparing), or a pop's to a top that stays; none
    /// for an unchanged top or a navigation controller not shown. A call that never reaches
    /// UIKit's implementation (an override that skips `super`, or defers it) ends that transition
    /// from the navigation controller's real state (DESIGN rule 42) and returns the error that
    /// says so; the deferred call, if it comes, is the app's own.
    private func setStack(_ navigation: any UIKitScreen, _ screens: [any Screen], made: Int) -> NavigationError? {
        let current = navigation.childScreens
        var transition: ExternalTransition?
        let top = screens.last
        let shown = top != nil && top !== current.last && UIKitEvents.isShown(navigation)
        if let top, shown {
            transition = UIKitEvents.attempt { () throws(ScreenError) in
                // Logged in the assignment's window.
                if let old = current.last, current.contains(where: { $0 === top }) {
                    return try ExternalTransition.begin(.pop, from: old, to: top, in: window.batonWindow)
                }
                return try ExternalTransition.begin(
                    .setStack, from: current.last ?? navigation, to: top, in: window.batonWindow, prepared: true)
            }
            transition?.stackContainer = navigation
        }
        // The call wires what is new as any `setViewControllers` does: controllers below the top,
        // and a top in a stack not shown.
        let wires = made > 1 || (made == 1 && !shown)
        let reached = UIKitEvents.withStackChange(transition, shown: shown, wires: wires, on: navigation) {
            if navigation.reportsAppearance {
                navigation.setStackScreens(screens, animated: animated)
            } else {
                UIKitEvents.setStack(screens, on: navigation) {
                    navigation.setStackScreens(screens, animated: animated)
                }
            }
        }
        guard !reached else { return nil }
        transition?.settle()
        func names(_ screens: [any Screen]) -> String { "[\(screens.map(\.screenName).joined(separator: ", "))]" }
        return .refusedByUIKit(
            step: "setViewControllers \(names(screens)) on \(navigation.screenName)",
            reason: "the call did not reach UINavigationController's setViewControllers(_:animated:) (an override"
                + " that does not call super, or calls it later): \(navigation.screenName) still shows"
                + " \(names(navigation.childScreens))")
    }

    /// `dismiss(animated:completion:)` on the tree's presenter.
    private func dismiss(from presenter: any UIKitScreen, completion: @escaping @MainActor () -> Void) {
        if presenter.reportsAppearance {
            presenter.dismissPresentedScreen(animated: animated, completion: completion)
        } else {
            UIKitEvents.dismiss(on: presenter) { done in
                presenter.dismissPresentedScreen(animated: animated) {
                    done()
                    completion()
                }
            }
        }
    }

    /// `present(_:animated:completion:)` for each presentation, the next one in the completion
    /// of the one before.
    private func present(_ presentations: ArraySlice<(presenter: any UIKitScreen, presented: any UIKitScreen)>) {
        guard let (presenter, presented) = presentations.first else { return }
        let rest = presentations.dropFirst()
        let transition = UIKitEvents.attempt { () throws(ScreenError) in
            try ExternalTransition.begin(
                .present, from: UIKitEvents.visibleSource(of: presenter), to: presented, prepared: true)
        }
        let next: @MainActor () -> Void = { [self] in
            transition?.settle()
            present(rest)
        }
        if presenter.reportsAppearance {
            ExternalTransition.recordPresentation(of: presented, by: presenter)
            presenter.presentScreen(presented, animated: animated, completion: next)
        } else {
            UIKitEvents.present(presented, on: presenter) { done in
                presenter.presentScreen(presented, animated: animated) {
                    done()
                    next()
                }
            }
        }
    }

    // MARK: - Checks

    private func text(_ location: Location) -> String {
        guard let target else { return "" }
        return NavigationPlan.text(location, in: target)
    }

    private func notFitting(_ screen: any UIKitScreen, _ tree: Node, at path: Location) -> Failure {
        let expected = PlanRules.expected(by: tree, controllers: true)
        var found = screen.screenName
        switch UIKitNavigation.content(of: screen) {
        case .plain:
            break
        case .stack(let screens):
            found += screens.count == 1 ? " with 1 controller" : " with \(screens.count) controllers"
        case .tabs(let tabs, _):
            found +=
                " with the tabs "
                + tabs.map { tab in UIKitNavigation.route(of: tab).map(NavigationPlan.describe) ?? tab.screenName }
                .joined(separator: ", ")
        case .hop(let step):
            if let step {
                found +=
                    " showing "
                    + (UIKitNavigation.route(of: step).map(NavigationPlan.describe) ?? step.screenName)
                    + " (a hopping view controller changes its step only by hopping)"
            } else {
                found += " showing nothing yet"
            }
        }
        return .error(
            .doesNotFit(
                step: text(path), route: NavigationPlan.describe(tree.route), expected: expected, found: found),
            at: path.indices)
    }
}

/// UIKit controllers as a navigation plan reads them (``TreeShapeReader``), by
/// ``UIKitNavigation/content(of:)`` and their recorded routes.
struct UIKitShapes: TreeShapeReader {
    /// A controller whose content was read already, with that content.
    private let known: (controller: ObjectIdentifier, content: UIKitNavigation.Content)?

    init() { known = nil }

    /// Answers for `controller` with `content`, read already, instead of reading it again.
    init(_ controller: any UIKitScreen, showing content: UIKitNavigation.Content) {
        known = (ObjectIdentifier(controller), content)
    }

    func matches(_ screen: any Screen, _ route: any ScreenRoute) -> Bool {
        guard let own = UIKitNavigation.route(of: screen) else { return false }
        return Self.same(own, route)
    }

    /// `own == route` when both are of one type: compared opened from their existentials, by
    /// their types' identifiers (a cast, or `==` on metatypes, looks up `Optional`'s metadata).
    static func same<Own: ScreenRoute, Route: ScreenRoute>(_ own: Own, _ route: Route) -> Bool {
        guard ObjectIdentifier(Own.self) == ObjectIdentifier(Route.self) else { return false }
        return own == unsafeBitCast(route, to: Own.self)
    }

    private func content(of screen: any Screen) -> UIKitNavigation.Content {
        if let known, known.controller == ObjectIdentifier(screen) { return known.content }
        return UIKitNavigation.content(of: screen)
    }

    func stack(of screen: any Screen) -> [any Screen]? {
        guard case .stack(let screens) = content(of: screen) else { return nil }
        return screens
    }

    func tabs(of screen: any Screen) -> (tabs: [any Screen], selected: Int)? {
        guard case .tabs(let tabs, let selected) = content(of: screen) else { return nil }
        return (tabs, selected)
    }

    func step(of screen: any Screen) -> (any Screen)?? {
        guard case .hop(let step) = content(of: screen) else { return nil }
        return .some(step)
    }
}

/// Runs `body` once `done()` was called `count` times.
@MainActor
private final class Countdown {
    private var remaining: Int
    private var body: (@MainActor () -> Void)?

    init(_ count: Int, _ body: @escaping @MainActor () -> Void) {
        remaining = count
        self.body = body
    }

    func done() {
        remaining -= 1
        guard remaining == 0, let body else { return }
        self.body = nil
        body()
    }
}
