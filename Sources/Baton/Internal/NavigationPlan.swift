/// Assigns a ``ScreenTree`` to a window with the fewest transitions, atomically.
///
/// **Prepare** (nothing in the window changes): walk the window's tree beside the target; keep
/// every screen whose route is unchanged (and everything above it in a stack only while the
/// screens below are kept); make every other screen through its route, build what it contains
/// (offline, as app code builds a container before showing it), wire its context to where it
/// will be shown and resolve it with the transition that will show it. Anything that throws
/// (a factory, a resolver, a context conflict, a tree that does not fit) undoes the wiring and the
/// coordinators' changes (``ResolutionJournal``), and nothing else has changed.
///
/// **Apply** (cannot fail): dismiss the presentations that go, present the new ones on screens
/// that stay, change the containers (hidden parts first, so that only what is visible at the end
/// appears), then present from the new screens. Every change is a transition of its own kind
/// (`dismiss`, `present`, `pop`, `push`, `setStack`, `selectTab`, `hop`, `replaceRoot`), logged
/// by the window, with its resolution skipped: it was done while preparing.
///
/// The plan's state is `@exclusivity(unchecked)`: one assignment uses it, on the main actor, and
/// no user code reaches it, so the runtime's checks of each access cost without protecting.
@MainActor
final class NavigationPlan {
    private let window: ScreenWindow?
    /// Undoes the wiring of new screens into the window's context tree, newest last.
    @exclusivity(unchecked) private var undo: [@MainActor () -> Void] = []
    /// Screens whose presentation is dismissed, outermost first.
    @exclusivity(unchecked) private var dismissals: [ScreenModel] = []
    /// New presentations on screens that stay: made before the containers change beneath them.
    @exclusivity(unchecked) private var presentationsOnKept:
        [(presenter: ScreenModel, presented: ScreenModel, style: PresentationStyle?)] = []
    /// Container changes, hidden parts first.
    @exclusivity(unchecked) private var changes: [Change] = []
    /// New presentations from new screens, once those are in the tree.
    /// The new screens built inside new containers and resolved as they were made.
    @exclusivity(unchecked) private var resolvedByPlan: Set<ObjectIdentifier> = []
    @exclusivity(unchecked) private var presentationsOnNew:
        [(presenter: ScreenModel, presented: ScreenModel, style: PresentationStyle?)?] = []
    /// The screens the factories made for this assignment: one object cannot be in two places.
    @exclusivity(unchecked) private var made: Set<ObjectIdentifier> = []

    /// A failure while preparing: a navigation error and where in the tree it happened (see
    /// ``Location``), or the wait for a flow.
    enum Failure: Error {
        case error(NavigationError, at: [Int])
        case wait(HoppingScreen)
    }

    typealias Location = TreeLocation
    typealias Step = TreeStep
    typealias Node = ErasedScreenTree

    /// A change of a container in the window, made by ``apply()``: values rather than closures,
    /// which cost an allocation and their captures' retains each.
    private enum Change {
        case setRoot(ScreenModel)
        /// Pops the screens above `index`.
        case pop(StackScreen, to: Int)
        case push(ScreenModel, onto: StackScreen)
        case setScreens([ScreenModel], of: StackScreen)
        case select(Int, of: TabScreen)
        /// Applies a tree as the flow's step (a link's, a restoration's): a hop that keeps the flow
        /// at its main screen, whatever the tree's root (``HoppingScreen/HopOrigin/treeStep``).
        case stepOfFlow(ScreenModel, of: HoppingScreen)
    }

    /// The tree being assigned, whose routes describe a ``Location`` in a report.
    @exclusivity(unchecked) private var target: Node?

    /// A plan for trees of any route type; see ``ErasedScreenTree``.
    init(window: ScreenWindow?) {
        self.window = window
    }

    /// Whether `screen`'s route, of the type of `route`, equals `route`. The route is compared
    /// opened from its existential, without a closure or a cast from the existential.
    private func matches(_ screen: ScreenModel, _ route: any ScreenRoute) -> Bool {
        Self.matches(screen, route)
    }

    static func matches(_ screen: ScreenModel, _ route: any ScreenRoute) -> Bool {
        opened(screen, route)
    }

    private static func opened<Route: ScreenRoute>(_ screen: ScreenModel, _ route: Route) -> Bool {
        // A screen whose type declares no route of its own is compared by the route it was made
        // for, without a cast (`ScreenModel.route(as:)` would cast, and look up `Route?`'s metadata).
        guard screen.declaresRoute else {
            // Compared as identifiers: `==` on metatypes looks up `Optional`'s metadata.
            guard let made = screen.madeForRoute, ObjectIdentifier(type(of: made)) == ObjectIdentifier(Route.self)
            else { return false }
            return same(made, route)
        }
        return declared(by: screen, route)
    }

    /// Whether `screen`'s route equals `route`, for a screen whose type declares its route. A
    /// function of its own: a local `Route?` makes unspecialized code look up `Optional`'s
    /// metadata for `Route` on entry, which ``matches(_:_:)`` would then pay for every screen.
    @inline(never)
    private static func declared<Route: ScreenRoute>(by screen: ScreenModel, _ route: Route) -> Bool {
        guard let own = screen.route(as: Route.self) else { return false }
        return own == route
    }

    /// `made == route`, for a `Made` that is `Route` (checked by the caller).
    private static func same<Made: ScreenRoute, Route: ScreenRoute>(_ made: Made, _ route: Route) -> Bool {
        made == unsafeBitCast(route, to: Made.self)
    }

    /// The readable form of `location` in the tree being assigned: `main > feed > item(id: 42)`.
    func text(_ location: Location) -> String {
        guard let target else { return "" }
        return Self.text(location, in: target)
    }

    static func text(_ location: Location, in root: Node) -> String {
        var node = root
        var text = describe(root.route)
        for index in location.indices {
            if index < 0 {
                guard let presented = node.presented else { break }
                node = presented
                text += " ^ "
            } else {
                let children = node.children
                guard index < children.count else { break }
                node = children[index]
                text += " > "
            }
            text += describe(node.route)
        }
        return text
    }

    func text(_ step: Step) -> String {
        switch step {
        case .root: "the root of the window"
        case .push(let stack, let path): "push onto \(stack.screenName) at \(text(path))"
        case .hop(let hopping, let path): "hop of \(hopping.screenName) at \(text(path))"
        case .presentation(let screen, let path): "presentation from \(screen.screenName) at \(text(path))"
        }
    }

    // MARK: - Preparing

    /// Prepares the assignment of `tree`; on failure, undoes what it wired.
    func prepare<Route: ScreenRoute>(_ tree: ScreenTree<Route>) throws(Failure) {
        try prepare(Node(tree))
    }

    /// Prepares the assignment of `tree`; on failure, undoes what it wired.
    func prepare(_ tree: Node) throws(Failure) {
        do throws(Failure) {
            target = tree
            try ResolutionJournal.recording { () throws(Failure) in
                try Self.validate(tree)
                try prepareRoot(tree)
            }
        } catch {
            for step in undo.reversed() { step() }
            undo = []
            throw error
        }
    }

    /// Prepares bringing `screen`, which stays, in line with `tree` (a stack's route path).
    func prepare<Route: ScreenRoute>(keeping screen: ScreenModel, _ tree: ScreenTree<Route>) throws(Failure) {
        try prepare(keeping: screen, Node(tree))
    }

    private func prepare(keeping screen: ScreenModel, _ tree: Node) throws(Failure) {
        do throws(Failure) {
            target = tree
            try ResolutionJournal.recording { () throws(Failure) in
                try Self.validate(tree)
                try reconcile(screen, with: tree, at: .root, live: screen.window != nil, checked: false, into: &changes)
            }
        } catch {
            for step in undo.reversed() { step() }
            undo = []
            throw error
        }
    }

    private func prepareRoot(_ tree: Node) throws(Failure) {
        guard let window else { return }
        let path = Location.root
        if let root = window.currentRoot, matches(root, tree.route), canKeep(root, tree) {
            try reconcile(root, with: tree, at: path, live: true, into: &changes)
            return
        }
        let old = window.currentRoot
        if let old { collectDismissals(in: old) }
        let step = Step.root
        let screen = try make(tree, step: step, at: path, live: true, wiringTo: window.context) { screen in
            ScreenTransition(kind: .replaceRoot, source: old, destination: screen)
        }
        changes.append(.setRoot(screen))
    }

    /// Brings a screen that stays (`live`: in the window; else new, being built) in line with
    /// `tree`. Appends to `ops` the container changes to make, hidden parts first; offline, it
    /// makes them at once and appends none.
    ///
    /// `presentation: false` leaves what the screen presents for later (see ``make``).
    ///
    /// `checked: false` for a screen whose fit ``canKeep(_:_:)`` did not check: a new one.
    private func reconcile(
        _ screen: ScreenModel, with tree: Node, at path: Location, live: Bool, presentation: Bool = true,
        checked: Bool = true, into ops: inout [Change]
    ) throws(Failure) {
        if Self.isSettled(screen, tree) { return }
        guard live else {
            var made: [Change] = []
            try reconcileContent(
                screen, with: tree, at: path, live: false, presentation: presentation, checked: checked, into: &made)
            for change in made { perform(change) }
            return
        }
        try reconcileContent(
            screen, with: tree, at: path, live: true, presentation: presentation, checked: checked, into: &ops)
    }

    /// A plain screen that presents nothing and is asked to present nothing: nothing to do.
    private static func isSettled(_ screen: ScreenModel, _ tree: Node) -> Bool {
        if case .none = tree.content, !tree.presents, screen.presented == nil { return true }
        return false
    }

    /// ``reconcile(_:with:at:live:presentation:into:)``: appends this screen's changes in order,
    /// those of the parts hidden at the end first, then its own, then those of the parts visible
    /// at the end.
    private func reconcileContent(
        _ screen: ScreenModel, with tree: Node, at path: Location, live: Bool, presentation: Bool, checked: Bool,
        into ops: inout [Change]
    ) throws(Failure) {
        var after: [Change] = []
        if presentation { try reconcilePresentation(of: screen, with: tree, at: path, live: live, into: &after) }
        switch tree.content {
        case nil:
            break
        case .stack(let nodes):
            guard let stack = screen as? StackScreen else { throw notFitting(screen, tree, at: path) }
            let current = stack.stackedScreens
            // A stack cannot be emptied (``ScreenError/emptyStack(container:)``): a tree's empty
            // stack fits only a stack that shows nothing yet.
            if PlanRules.cannotEmpty(current, nodes) { throw notFitting(screen, tree, at: path) }
            let kept = PlanRules.keptCount(current, nodes, ModelShapes())
            for index in 0..<kept where !Self.isSettled(current[index], nodes[index]) {
                // The top is visible now: what changes in it waits until the stack has changed.
                if index == current.count - 1 {
                    try reconcile(current[index], with: nodes[index], at: path.child(index), live: live, into: &after)
                } else {
                    try reconcile(current[index], with: nodes[index], at: path.child(index), live: live, into: &ops)
                }
            }
            guard kept < current.count || kept < nodes.count else { break }
            if live { for screen in current[kept...] { collectDismissals(in: screen) } }
            var made: [ScreenModel] = []
            var below: ScreenModel = kept > 0 ? current[kept - 1] : stack
            for index in kept..<nodes.count {
                let source = below
                below = try make(
                    nodes[index], step: .push(onto: stack, at: path), at: path.child(index), live: live,
                    wiringTo: source.context
                ) { screen in
                    ScreenTransition(kind: .push, source: source, destination: screen)
                }
                made.append(below)
            }
            if made.isEmpty {
                // Only screens above the kept ones go: one pop.
                ops.append(.pop(stack, to: kept - 1))
            } else if kept == current.count, made.count == 1 {
                ops.append(.push(made[0], onto: stack))
            } else {
                ops.append(.setScreens(current[..<kept] + made, of: stack))
            }
        case .tabs(let nodes, let selected):
            // A kept tab container was checked by ``canKeep(_:_:)``, tabs and all; a new one has the tabs' routes.
            guard let tabs = screen as? TabScreen, checked || PlanRules.tabRoutesMatch(tabs.tabs, nodes, ModelShapes())
            else { throw notFitting(screen, tree, at: path) }
            let shown = tabs.tabs
            for index in shown.indices where !Self.isSettled(shown[index], nodes[index]) {
                if index == tabs.selection {
                    try reconcile(shown[index], with: nodes[index], at: path.child(index), live: live, into: &after)
                } else {
                    try reconcile(shown[index], with: nodes[index], at: path.child(index), live: live, into: &ops)
                }
            }
            if selected != tabs.selection { ops.append(.select(selected, of: tabs)) }
        case .hop(let step):
            guard let hopping = screen as? HoppingScreen else { throw notFitting(screen, tree, at: path) }
            guard let step else {
                if hopping.currentScreen != nil { throw notFitting(screen, tree, at: path) }
                break
            }
            let stepPath = path.child(0)
            if let current = hopping.currentScreen, matches(current, step.route),
                canKeep(current, step)
            {
                try reconcile(current, with: step, at: stepPath, live: live, into: &after)
                break
            }
            // A start-up flow that has not reached its main screen (HoppingScreen.mainRoute, or a
            // final step): the assignment waits for it.
            if live && !hopping.hasReachedMainScreen { throw .wait(hopping) }
            let previous = hopping.currentScreen
            if live, let previous { collectDismissals(in: previous) }
            let made = try make(
                step, step: .hop(hopping, at: path), at: stepPath, live: live, wiringTo: hopping.context
            ) { made in
                var transition = ScreenTransition(kind: .hop, source: previous, destination: made)
                transition.resolutionSource = previous ?? hopping
                return transition
            }
            ops.append(.stepOfFlow(made, of: hopping))
        }
        if !after.isEmpty { ops += after }
    }

    /// Keeps, dismisses or makes what `screen` presents.
    private func reconcilePresentation(
        of screen: ScreenModel, with tree: Node, at path: Location, live: Bool, into after: inout [Change]
    ) throws(Failure) {
        let current = screen.presented
        // A presentation asked for in another style than it is shown with is made again in it:
        // UIKit and SwiftUI cannot change the style of a shown presentation.
        if let current, let target = tree.presented, matches(current, target.route),
            tree.presentedStyle.map({ $0 == current.shownStyle }) ?? true, canKeep(current, target)
        {
            try reconcile(current, with: target, at: path.presented, live: live, into: &after)
            return
        }
        if current != nil {
            if live {
                dismissals.append(screen)
            } else {
                screen.performDismiss(sender: nil)
            }
        }
        guard let target = tree.presented else { return }
        // A presentation from a new screen is made once that screen is in the window; its place
        // in the order is taken now, before what the new presented screen itself presents.
        let slot = live ? nil : presentationsOnNew.count
        if !live { presentationsOnNew.append(nil) }
        let made = try make(
            target, step: .presentation(from: screen, at: path), at: path.presented, live: live,
            wiringTo: screen.context
        ) { made in
            ScreenTransition(kind: .present, source: screen, destination: made)
        }
        if let slot {
            presentationsOnNew[slot] = (screen, made, tree.presentedStyle)
        } else {
            presentationsOnKept.append((screen, made, tree.presentedStyle))
        }
    }

    /// Makes the screen for `tree` through its route, wires it to `context` (the screen before
    /// it), builds what it contains and resolves it with the transition that will show it
    /// (`live`: in the window).
    private func make(
        _ tree: Node, step: Step, at path: Location, live: Bool, wiringTo context: ScreenContext,
        resolve transition: (ScreenModel) -> ScreenTransition
    ) throws(Failure) -> ScreenModel {
        let screen: ScreenModel
        do {
            screen = try tree.route.screen()
        } catch {
            throw .error(
                .factoryFailed(step: text(step), route: Self.describe(tree.route), reason: UnderlyingError(error)),
                at: path.indices)
        }
        if !made.insert(ObjectIdentifier(screen)).inserted {
            throw .error(
                .factoryFailed(
                    step: text(step), route: Self.describe(tree.route),
                    reason: UnderlyingError(
                        reason:
                            "it made \(screen.screenName), which this tree already shows elsewhere; make a new screen")),
                at: path.indices)
        }
        if let holder = screen.currentHolder {
            throw .error(
                .factoryFailed(
                    step: text(step), route: Self.describe(tree.route),
                    reason: UnderlyingError(
                        reason: "it made \(screen.screenName), which \(holder) already shows; make a new screen")),
                at: path.indices)
        }
        // The screens its factory put inside it, whose required dependencies are checked with its own.
        var inside: [ScreenModel] = []
        Self.collectContained(in: screen, into: &inside)
        for contained in inside where !made.insert(ObjectIdentifier(contained)).inserted {
            throw .error(
                .factoryFailed(
                    step: text(step), route: Self.describe(tree.route),
                    reason: UnderlyingError(
                        reason: "it made \(screen.screenName) with \(contained.screenName) inside, which this tree"
                            + " already shows elsewhere; make a new screen")),
                at: path.indices)
        }
        try wire(screen, to: context, tree.route.wiring, step: step, at: path, route: tree.route)
        // What the new screen contains is built now, outside the window.
        var none: [Change] = []
        try reconcile(screen, with: tree, at: path, live: false, presentation: false, checked: false, into: &none)
        do {
            // The screens built inside it were resolved as they were made, each with its own
            // transition: its resolution covers itself and what its factory made, once.
            try DependencyCoordinator.resolve(transition(screen), in: live ? window : nil, skipping: resolvedByPlan)
            // Only a screen made inside a new container can be inside a later resolution.
            if !live { resolvedByPlan.insert(ObjectIdentifier(screen)) }
        } catch {
            throw .error(
                .transitionFailed(step: text(step), route: Self.describe(tree.route), error: error), at: path.indices)
        }
        // A required dependency no resolver set would stop the program when the screen reads it.
        for checked in CollectionOfOne(screen) + inside {
            if let report = ResolvedCheck.unsetReport(for: checked) {
                throw .error(
                    .unresolvedDependency(step: text(step), route: Self.describe(tree.route), report: report),
                    at: path.indices)
            }
        }
        // What it presents is resolved after it, as a screen presents only once it was shown: a
        // resolver that passes data from the presenting screen finds it there.
        try reconcilePresentation(of: screen, with: tree, at: path, live: false, into: &none)
        return screen
    }

    private func wire(
        _ screen: ScreenModel, to context: ScreenContext, _ wiring: ContextWiring, step: Step, at path: Location,
        route: any ScreenRoute
    ) throws(Failure) {
        do {
            if let undoWiring = try TransitionEngine.wire(screen, to: context, wiring) { undo.append(undoWiring) }
        } catch {
            throw .error(
                .transitionFailed(step: text(step), route: Self.describe(route), error: error), at: path.indices)
        }
    }

    /// The screens inside `screen` (its containers' screens, all the way down).
    private static func collectContained(in screen: ScreenModel, into screens: inout [ScreenModel]) {
        for child in screen.containedScreens {
            screens.append(child)
            collectContained(in: child, into: &screens)
        }
    }

    /// Records the presentations in a screen's tree that go with it, outermost first.
    private func collectDismissals(in screen: ScreenModel) {
        if screen.presented != nil {
            dismissals.append(screen)
        }
        for child in screen.containedScreens { collectDismissals(in: child) }
    }

    // MARK: - Applying

    /// Makes the prepared changes; the number of transitions it performed.
    func apply() {
        for presenter in dismissals where presenter.presented != nil {
            presenter.performDismiss(sender: nil)
        }
        for (presenter, presented, style) in presentationsOnKept {
            Self.present(presented, from: presenter, style: style)
        }
        for change in changes { perform(change) }
        for case let (presenter, presented, style)? in presentationsOnNew {
            Self.present(presented, from: presenter, style: style)
        }
    }

    /// Makes a prepared change.
    private func perform(_ change: Change) {
        do throws(ScreenError) {
            switch change {
            case .setRoot(let screen):
                try window?.performSetRoot(screen, identifier: nil, sender: nil, wiring: .isolate, resolves: false)
            case .pop(let stack, let index):
                _ = stack.popTo(index: index, sender: nil)
            case .push(let screen, let stack):
                try stack.performPush(screen, identifier: nil, sender: nil, wiring: .isolate, resolves: false)
            case .setScreens(let screens, let stack):
                try stack.performSetScreens(screens, sender: nil, resolves: false)
            case .select(let index, let tabs):
                try tabs.performSelect(at: index, sender: nil)
            case .stepOfFlow(let screen, let hopping):
                try hopping.performHop(
                    to: screen, identifier: nil, sender: nil, wiring: .isolate, pending: .none, hook: nil,
                    origin: .treeStep)
            }
        } catch {
            Self.unexpected(error)
        }
    }

    /// Makes a prepared presentation.
    private static func present(_ presented: ScreenModel, from presenter: ScreenModel, style: PresentationStyle?) {
        do throws(ScreenError) {
            try presenter.performPresent(
                presented, style: style, identifier: nil, sender: nil, wiring: .isolate, resolves: false)
        } catch {
            unexpected(error)
        }
    }

    /// A prepared change failed: preparing checked everything a change checks, and user code
    /// cannot change the tree meanwhile (its requests are queued behind this assignment).
    private static func unexpected(_ error: ScreenError) {
        assertionFailure("Baton: a prepared screen tree change failed: \(error.description)")
    }

    // MARK: - Checks

    /// Whether `screen`, whose route is the tree's, can stay and show what the tree asks for
    /// (``PlanRules/canKeep(_:_:_:)``).
    func canKeep(_ screen: ScreenModel, _ tree: Node) -> Bool {
        PlanRules.canKeep(screen, tree, ModelShapes())
    }

    func notFitting(_ screen: ScreenModel, _ tree: Node, at path: Location) -> Failure {
        let expected = PlanRules.expected(by: tree, controllers: false)
        var found = screen.screenName
        if let tabs = screen as? TabScreen {
            found +=
                " with the tabs "
                + tabs.tabs.map { $0.anyRoute.map { String(describing: $0) } ?? $0.screenName }
                .joined(separator: ", ")
        } else if let stack = screen as? StackScreen, stack.stackedScreens.isEmpty == false, case .stack = tree.content
        {
            found += stack.stackedScreens.count == 1 ? " with 1 screen" : " with \(stack.stackedScreens.count) screens"
        } else if let hopping = screen as? HoppingScreen, let current = hopping.currentScreen {
            found += " showing \(current.screenName)"
        }
        return .error(
            .doesNotFit(step: text(path), route: Self.describe(tree.route), expected: expected, found: found),
            at: path.indices)
    }

    nonisolated static func describe(_ route: any ScreenRoute) -> String { String(describing: route) }

    /// Checks what no window can show: a selection out of range, two presentations from one
    /// container tree. A tree that passes costs one visit per screen and no text.
    static func validate(_ tree: Node) throws(Failure) {
        if isValid(tree) { return }
        var presenters: [Location] = []
        try validate(tree, at: .root, in: tree, presenters: &presenters)
        if presenters.count > 1 {
            throw .error(
                .invalidTree(
                    step: text(presenters[1], in: tree),
                    reason: presenters.map { text($0, in: tree) }.joined(separator: " and ")
                        + " both present, but a container and the screens in it present one screen at a time"),
                at: presenters[1].indices + [-1])
        }
    }

    /// Whether `tree` passes ``validate(_:)``, without describing anything.
    private static func isValid(_ tree: Node) -> Bool {
        var presenters = 0
        return isValid(tree, presenters: &presenters) && presenters <= 1
    }

    private static func isValid(_ tree: Node, presenters: inout Int) -> Bool {
        if let presented = tree.presented {
            presenters += 1
            guard isValid(presented) else { return false }
        }
        let children: [Node]
        switch tree.content {
        case nil: return true
        case .stack(let screens): children = screens
        case .tabs(let tabs, let selected):
            guard tabs.indices.contains(selected) else { return false }
            children = tabs
        case .hop(let step):
            guard let step else { return true }
            return isValid(step, presenters: &presenters)
        }
        for index in children.indices where !isValid(children[index], presenters: &presenters) { return false }
        return true
    }

    private static func validate(
        _ tree: Node, at path: Location, in root: Node, presenters: inout [Location]
    ) throws(Failure) {
        if let presented = tree.presented {
            presenters.append(path)
            var inner: [Location] = []
            try validate(presented, at: path.presented, in: root, presenters: &inner)
            if inner.count > 1 {
                throw .error(
                    .invalidTree(
                        step: text(inner[1], in: root),
                        reason: inner.map { text($0, in: root) }.joined(separator: " and ")
                            + " both present, but a container and the screens in it present one screen at a time"),
                    at: inner[1].indices + [-1])
            }
        }
        if case .tabs(let tabs, let selected) = tree.content {
            guard tabs.indices.contains(selected) else {
                throw .error(
                    .invalidTree(
                        step: text(path, in: root),
                        reason: "tab \(selected) is selected, but there are \(tabs.count) tabs"),
                    at: path.indices)
            }
        }
        let children = tree.children
        for index in children.indices {
            try validate(children[index], at: path.child(index), in: root, presenters: &presenters)
        }
    }
}

/// Model screens as a navigation plan reads them (``TreeShapeReader``).
struct ModelShapes: TreeShapeReader {
    func matches(_ screen: ScreenModel, _ route: any ScreenRoute) -> Bool { NavigationPlan.matches(screen, route) }
    func stack(of screen: ScreenModel) -> [ScreenModel]? { (screen as? StackScreen)?.stackedScreens }
    func tabs(of screen: ScreenModel) -> (tabs: [ScreenModel], selected: Int)? {
        guard let tabs = screen as? TabScreen else { return nil }
        return (tabs.tabs, tabs.selection)
    }
    func step(of screen: ScreenModel) -> ScreenModel?? {
        guard let hopping = screen as? HoppingScreen else { return nil }
        return .some(hopping.currentScreen)
    }
}

/// Where a screen is in the tree being assigned, as child indices from the root (`-1` for what a
/// screen presents), so that a restoration can leave out the part that failed. Not generic, and
/// described only for a report (``NavigationPlan/text(_:)``): describing a route goes through the
/// runtime's reflection, and generic values cost a metadata lookup at every use, which together
/// cost more than the rest of an assignment.
struct TreeLocation {
    let indices: [Int]

    static let root = TreeLocation(indices: [])

    func child(_ index: Int) -> TreeLocation {
        var indices = indices
        indices.append(index)
        return TreeLocation(indices: indices)
    }

    var presented: TreeLocation { child(-1) }
}

/// The transition that shows a new screen, for a report.
enum TreeStep {
    case root
    case push(onto: StackScreen, at: TreeLocation)
    case hop(HoppingScreen, at: TreeLocation)
    case presentation(from: ScreenModel, at: TreeLocation)
}
