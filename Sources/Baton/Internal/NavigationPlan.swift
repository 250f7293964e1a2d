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
@MainActor
final class NavigationPlan {
    private let window: ScreenWindow?
    /// Undoes the wiring of new screens into the window's context tree, newest last.
    private var undo: [@MainActor () -> Void] = []
    /// Screens whose presentation is dismissed, outermost first.
    private var dismissals: [ScreenModel] = []
    /// New presentations on screens that stay: made before the containers change beneath them.
    private var presentationsOnKept: [(presenter: ScreenModel, presented: ScreenModel)] = []
    /// Container changes, hidden parts first.
    private var changes: [@MainActor () -> Void] = []
    /// New presentations from new screens, once those are in the tree.
    private var presentationsOnNew: [(presenter: ScreenModel, presented: ScreenModel)?] = []

    /// A failure while preparing: a navigation error and where in the tree it happened (see
    /// ``Location``), or the wait for a flow.
    enum Failure: Error {
        case error(NavigationError, at: [Int])
        case wait(HoppingScreen)
    }

    typealias Location = TreeLocation
    typealias Step = TreeStep

    /// The tree being assigned, whose routes describe a ``Location`` in a report.
    private var target: Node?

    /// A plan for trees of any route type. The plan itself is not generic: Baton cannot
    /// specialize it for the app's route type, and unspecialized generic code looks up the runtime
    /// metadata of every type built from `Route` at each use (`ScreenTree<Route>`, `Route?`,
    /// arrays of them), which cost more than the transitions of a small change. The tree is
    /// converted once (``Node``), and a route is compared opened from its existential (``matches(_:_:)``).
    init(window: ScreenWindow?) {
        self.window = window
    }

    /// Whether `screen`'s route, of the type of `route`, equals `route`.
    private func matches(_ screen: ScreenModel, _ route: any ScreenRoute) -> Bool {
        Self.matches(screen, route)
    }

    private static func matches<Route: ScreenRoute>(_ screen: ScreenModel, _ route: Route) -> Bool {
        // A screen made for a route of this very type that declares none of its own: compared
        // without a cast (`ScreenModel.route(as:)` would cast, and look up `Route?`'s metadata).
        if let made = screen.madeForRoute, type(of: made) == Route.self, !(screen is any RoutedScreen) {
            return same(made, route)
        }
        guard let own = screen.route(as: Route.self) else { return false }
        return own == route
    }

    /// `made == route`, for a `Made` that is `Route` (checked by the caller).
    private static func same<Made: ScreenRoute, Route: ScreenRoute>(_ made: Made, _ route: Route) -> Bool {
        made == unsafeBitCast(route, to: Made.self)
    }

    /// A screen of the tree being assigned, its route type erased.
    final class Node {
        let route: any ScreenRoute
        let content: Content?
        let presented: Node?

        enum Content {
            case stack([Node])
            case tabs([Node], selected: Int)
            case hop(Node?)
        }

        // Loops rather than `map`: unspecialized, `map` costs thousands of instructions a call.
        init<Route: ScreenRoute>(_ tree: ScreenTree<Route>) {
            route = tree.route
            switch tree.content {
            case nil: content = nil
            case .stack(let screens): content = .stack(Self.nodes(screens))
            case .tabs(let tabs, let selected): content = .tabs(Self.nodes(tabs), selected: selected)
            case .hop(let step):
                if let step { content = .hop(Node(step)) } else { content = .hop(nil) }
            }
            if tree.presents, let presented = tree.presented {
                self.presented = Node(presented)
            } else {
                presented = nil
            }
        }

        private static func nodes<Route: ScreenRoute>(_ trees: [ScreenTree<Route>]) -> [Node] {
            var nodes: [Node] = []
            nodes.reserveCapacity(trees.count)
            for index in 0..<trees.count { nodes.append(Node(trees[index])) }
            return nodes
        }

        var presents: Bool { presented != nil }

        var children: [Node] {
            switch content {
            case nil: []
            case .stack(let screens): screens
            case .tabs(let tabs, _): tabs
            case .hop(let step): step.map { [$0] } ?? []
            }
        }
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

    private func prepare(_ tree: Node) throws(Failure) {
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
                changes += try reconcile(screen, with: tree, at: .root, live: screen.window != nil)
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
            changes += try reconcile(root, with: tree, at: path, live: true)
            return
        }
        let old = window.currentRoot
        if let old { collectDismissals(in: old) }
        let step = Step.root
        let screen = try make(tree, step: step, at: path, live: true) { screen throws(Failure) in
            try self.wire(screen, to: window.context, tree.route.wiring, step: step, at: path, route: tree.route)
        } resolve: { screen in
            ScreenTransition(kind: .replaceRoot, source: old, destination: screen)
        }
        changes.append { [window] in
            Self.expect { () throws(ScreenError) in
                try window.performSetRoot(screen, identifier: nil, sender: nil, wiring: .isolate, resolves: false)
            }
        }
    }

    /// Brings a screen that stays (`live`: in the window; else new, being built) in line with
    /// `tree`. Returns the container changes to make, hidden parts first; offline, it makes
    /// them at once and returns none.
    ///
    /// `presentation: false` leaves what the screen presents for later (see ``make``).
    private func reconcile(
        _ screen: ScreenModel, with tree: Node, at path: Location, live: Bool, presentation: Bool = true
    ) throws(Failure) -> [@MainActor () -> Void] {
        // A plain screen that presents nothing and is asked to present nothing: nothing to do.
        if case .none = tree.content, !tree.presents, screen.presented == nil { return [] }
        var before: [@MainActor () -> Void] = []
        var own: [@MainActor () -> Void] = []
        var after: [@MainActor () -> Void] = []
        if presentation { try reconcilePresentation(of: screen, with: tree, at: path, live: live, into: &after) }
        switch tree.content {
        case nil:
            break
        case .stack(let nodes):
            guard let stack = screen as? StackScreen else { throw notFitting(screen, tree, at: path) }
            let current = stack.stackedScreens
            var kept = 0
            while kept < min(current.count, nodes.count), matches(current[kept], nodes[kept].route),
                canKeep(current[kept], nodes[kept])
            {
                kept += 1
            }
            for index in 0..<kept {
                let ops = try reconcile(current[index], with: nodes[index], at: path.child(index), live: live)
                // The top is visible now: what changes in it waits until the stack has changed.
                if index == current.count - 1 { after += ops } else { before += ops }
            }
            guard kept < current.count || kept < nodes.count else { break }
            if live { for screen in current[kept...] { collectDismissals(in: screen) } }
            var final = Array(current[..<kept])
            for index in kept..<nodes.count {
                let node = nodes[index]
                let below: ScreenModel = final.last ?? stack
                let step = Step.push(onto: stack, at: path)
                let childPath = path.child(index)
                let made = try make(node, step: step, at: childPath, live: live) { made throws(Failure) in
                    try self.wire(
                        made, to: below.context, node.route.wiring, step: step, at: childPath, route: node.route)
                } resolve: { made in
                    ScreenTransition(kind: .push, source: below, destination: made)
                }
                final.append(made)
            }
            let change: @MainActor () -> Void
            if final.count == kept {
                // Only screens above the kept ones go: one pop.
                change = { _ = stack.popTo(index: kept - 1, sender: nil) }
            } else if kept == current.count, final.count == kept + 1 {
                let pushed = final[kept]
                change = {
                    Self.expect { () throws(ScreenError) in
                        try stack.performPush(pushed, identifier: nil, sender: nil, wiring: .isolate, resolves: false)
                    }
                }
            } else {
                change = {
                    Self.expect { () throws(ScreenError) in
                        try stack.performSetScreens(final, sender: nil, resolves: false)
                    }
                }
            }
            own.append(change)
        case .tabs(let nodes, let selected):
            guard let tabs = screen as? TabScreen, tabsMatch(tabs, nodes) else {
                throw notFitting(screen, tree, at: path)
            }
            let shown = tabs.tabs
            for index in shown.indices {
                let ops = try reconcile(shown[index], with: nodes[index], at: path.child(index), live: live)
                if index == tabs.selection { after += ops } else { before += ops }
            }
            if selected != tabs.selection {
                own.append {
                    Self.expect { () throws(ScreenError) in try tabs.performSelect(at: selected, sender: nil) }
                }
            }
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
                after += try reconcile(current, with: step, at: stepPath, live: live)
                break
            }
            // A start-up flow that has not shown its first step yet, or waits for its step to
            // unhop, has not reached its main screen: the assignment waits for it.
            if live && (hopping.isWaitingForUnhop || hopping.currentScreen == nil) { throw .wait(hopping) }
            let previous = hopping.currentScreen
            if live, let previous { collectDismissals(in: previous) }
            let description = Step.hop(hopping, at: path)
            let made = try make(step, step: description, at: stepPath, live: live) { made throws(Failure) in
                try self.wire(
                    made, to: hopping.context, step.route.wiring, step: description, at: stepPath, route: step.route)
            } resolve: { made in
                var transition = ScreenTransition(kind: .hop, source: previous, destination: made)
                transition.resolutionSource = previous ?? hopping
                return transition
            }
            own.append {
                Self.expect { () throws(ScreenError) in
                    try hopping.performHop(
                        to: made, identifier: nil, sender: nil, wiring: .isolate, pending: .none, hook: nil,
                        resolves: false)
                }
            }
        }
        let ops = before + own + after
        guard live else {
            for op in ops { op() }
            return []
        }
        return ops
    }

    /// Keeps, dismisses or makes what `screen` presents.
    private func reconcilePresentation(
        of screen: ScreenModel, with tree: Node, at path: Location, live: Bool,
        into after: inout [@MainActor () -> Void]
    ) throws(Failure) {
        let current = screen.presented
        if let current, let target = tree.presented, matches(current, target.route),
            canKeep(current, target)
        {
            after += try reconcile(current, with: target, at: path.presented, live: live)
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
        let step = Step.presentation(from: screen, at: path)
        let presentedPath = path.presented
        let made = try make(target, step: step, at: presentedPath, live: live) { made throws(Failure) in
            try self.wire(
                made, to: screen.context, target.route.wiring, step: step, at: presentedPath, route: target.route)
        } resolve: { made in
            ScreenTransition(kind: .present, source: screen, destination: made)
        }
        if let slot {
            presentationsOnNew[slot] = (screen, made)
        } else {
            presentationsOnKept.append((screen, made))
        }
    }

    /// Makes the screen for `tree` through its route, wires it, builds what it contains and
    /// resolves it with the transition that will show it (`live`: in the window).
    private func make(
        _ tree: Node, step: Step, at path: Location, live: Bool,
        wire: (ScreenModel) throws(Failure) -> Void, resolve transition: (ScreenModel) -> ScreenTransition
    ) throws(Failure) -> ScreenModel {
        let screen: ScreenModel
        do {
            screen = try tree.route.screen()
        } catch {
            throw .error(
                .factoryFailed(step: text(step), route: Self.describe(tree.route), reason: String(describing: error)),
                at: path.indices)
        }
        if let holder = screen.currentHolder {
            throw .error(
                .factoryFailed(
                    step: text(step), route: Self.describe(tree.route),
                    reason: "it made \(screen.screenName), which \(holder) already shows; make a new screen"),
                at: path.indices)
        }
        try wire(screen)
        // What the new screen contains is built now, outside the window.
        _ = try reconcile(screen, with: tree, at: path, live: false, presentation: false)
        do {
            try DependencyCoordinator.resolve(transition(screen), in: live ? window : nil)
        } catch {
            throw .error(
                .transitionFailed(step: text(step), route: Self.describe(tree.route), error: error), at: path.indices)
        }
        // What it presents is resolved after it, as a screen presents only once it was shown: a
        // resolver that passes data from the presenting screen finds it there.
        var none: [@MainActor () -> Void] = []
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
        for (presenter, presented) in presentationsOnKept {
            Self.expect { () throws(ScreenError) in
                try presenter.performPresent(presented, identifier: nil, sender: nil, wiring: .isolate, resolves: false)
            }
        }
        for change in changes { change() }
        for case let (presenter, presented)? in presentationsOnNew {
            Self.expect { () throws(ScreenError) in
                try presenter.performPresent(presented, identifier: nil, sender: nil, wiring: .isolate, resolves: false)
            }
        }
    }

    /// Makes a prepared change.
    private static func expect(_ change: () throws(ScreenError) -> Void) {
        do {
            try change()
        } catch {
            // Preparing checked everything a change checks; user code cannot change the tree meanwhile
            // (its requests are queued behind this assignment).
            assertionFailure("Baton: a prepared screen tree change failed: \(error.description)")
        }
    }

    // MARK: - Checks

    /// Whether `screen`, whose route is the tree's, can stay and show what the tree asks for.
    func canKeep(_ screen: ScreenModel, _ tree: Node) -> Bool {
        switch tree.content {
        case nil: return true
        case .stack(let nodes):
            guard let stack = screen as? StackScreen else { return false }
            return !nodes.isEmpty || stack.stackedScreens.isEmpty
        case .tabs(let nodes, _):
            guard let tabs = screen as? TabScreen else { return false }
            return tabsMatch(tabs, nodes)
        case .hop(let step):
            guard let hopping = screen as? HoppingScreen else { return false }
            return step != nil || hopping.currentScreen == nil
        }
    }

    func tabsMatch(_ tabs: TabScreen, _ nodes: [Node]) -> Bool {
        let shown = tabs.tabs
        guard shown.count == nodes.count else { return false }
        for index in shown.indices where !matches(shown[index], nodes[index].route) { return false }
        return true
    }

    func notFitting(_ screen: ScreenModel, _ tree: Node, at path: Location) -> Failure {
        let expected: String
        switch tree.content {
        case nil: expected = "a screen"
        case .stack(let nodes):
            expected = nodes.isEmpty ? "an empty stack" : "a stack"
        case .tabs(let nodes, _):
            expected = "a tab container with the tabs " + nodes.map { Self.describe($0.route) }.joined(separator: ", ")
        case .hop(let step):
            expected = step == nil ? "a hopping container that shows nothing" : "a hopping container"
        }
        var found = screen.screenName
        if let tabs = screen as? TabScreen {
            found +=
                " with the tabs "
                + tabs.tabs.map { $0.anyRoute.map { String(describing: $0) } ?? $0.screenName }
                .joined(separator: ", ")
        } else if let stack = screen as? StackScreen, stack.stackedScreens.isEmpty == false, case .stack = tree.content
        {
            found += " with \(stack.stackedScreens.count) screens"
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
        for child in children where !isValid(child, presenters: &presenters) { return false }
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
