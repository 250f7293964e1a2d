/// What a navigation plan asks of the screens a window shows: a screen's route, and what it
/// shows inside it in the tree's terms (a stack's screens, a tab container's tabs, a hopping
/// container's step). Model screens (``NavigationPlan``) and UIKit controllers
/// (``UIKitNavigationPlan``) each answer it, so that ``PlanRules`` decides every case once for
/// both: which screens stay, which containers are made new, and what a tree that does not fit is
/// told.
@MainActor
protocol TreeShapeReader {
    associatedtype Shaped
    /// Whether `screen`'s route equals `route`.
    func matches(_ screen: Shaped, _ route: any ScreenRoute) -> Bool
    /// The screens of `screen` as a stack, or `nil` when it is no stack.
    func stack(of screen: Shaped) -> [Shaped]?
    /// The tabs of `screen` and the selected one, or `nil` when it is no tab container.
    func tabs(of screen: Shaped) -> (tabs: [Shaped], selected: Int)?
    /// The step `screen` shows as a hopping container (`.some(nil)`: none yet), or `nil` when
    /// it is no hopping container.
    func step(of screen: Shaped) -> Shaped??
}

/// The rules of a navigation plan, one for each case, over either kind of screen.
@MainActor
enum PlanRules {
    typealias Node = ErasedScreenTree

    /// Whether `screen`, whose route is the tree's, can stay and show what the tree asks for: the
    /// same kind of container; a stack that the tree would leave empty only when it shows
    /// nothing (a stack cannot be emptied); tabs that stay, each one (a tab that cannot be kept
    /// makes its tab container new, as a tab with another route does); a hopping container asked
    /// to show nothing only when it shows nothing.
    static func canKeep<Reader: TreeShapeReader>(_ screen: Reader.Shaped, _ tree: Node, _ reader: Reader) -> Bool {
        switch tree.content {
        case nil:
            return true
        case .stack(let nodes):
            guard let screens = reader.stack(of: screen) else { return false }
            return !nodes.isEmpty || screens.isEmpty
        case .tabs(let nodes, _):
            guard let (tabs, _) = reader.tabs(of: screen) else { return false }
            return tabsMatch(tabs, nodes, reader)
        case .hop(let step):
            guard let current = reader.step(of: screen) else { return false }
            return step != nil || current == nil
        }
    }

    /// Whether every tab stays: as many tabs, each with its route and able to show its tree.
    static func tabsMatch<Reader: TreeShapeReader>(_ tabs: [Reader.Shaped], _ nodes: [Node], _ reader: Reader) -> Bool {
        guard tabs.count == nodes.count else { return false }
        for index in tabs.indices
        where !reader.matches(tabs[index], nodes[index].route) || !canKeep(tabs[index], nodes[index], reader) {
            return false
        }
        return true
    }

    /// Whether a new tab container, as its factory made it, has the tree's tabs: as many, each
    /// with its route. What each tab shows is then reconciled, and a tab that cannot show its
    /// tree is named in the error.
    static func tabRoutesMatch<Reader: TreeShapeReader>(_ tabs: [Reader.Shaped], _ nodes: [Node], _ reader: Reader)
        -> Bool
    {
        guard tabs.count == nodes.count else { return false }
        for index in tabs.indices where !reader.matches(tabs[index], nodes[index].route) { return false }
        return true
    }

    /// How many screens at the bottom of a stack stay: each while its route is the tree's, it can
    /// show its tree, and every screen below it stays.
    static func keptCount<Reader: TreeShapeReader>(_ screens: [Reader.Shaped], _ nodes: [Node], _ reader: Reader)
        -> Int
    {
        var kept = 0
        while kept < min(screens.count, nodes.count), reader.matches(screens[kept], nodes[kept].route),
            canKeep(screens[kept], nodes[kept], reader)
        {
            kept += 1
        }
        return kept
    }

    /// Whether a stack showing `screens` cannot show `nodes`: a tree's empty stack fits only a
    /// stack that shows nothing yet, as a stack cannot be emptied. A new stack its factory made
    /// with screens is refused, in both kinds of window, instead of being asked to pop below its
    /// first screen.
    static func cannotEmpty<Shaped>(_ screens: [Shaped], _ nodes: [Node]) -> Bool {
        nodes.isEmpty && !screens.isEmpty
    }

    /// What the tree asks for, in a ``NavigationError/doesNotFit(step:route:expected:found:)``.
    /// `controllers`: in UIKit's words.
    static func expected(by tree: Node, controllers: Bool) -> String {
        switch tree.content {
        case nil:
            return controllers ? "a controller" : "a screen"
        case .stack(let nodes):
            let stack = controllers ? "navigation controller" : "stack"
            return nodes.isEmpty ? "an empty \(stack)" : "a \(stack)"
        case .tabs(let nodes, _):
            return (controllers ? "a tab bar controller" : "a tab container") + " with the tabs "
                + nodes.map { NavigationPlan.describe($0.route) }.joined(separator: ", ")
        case .hop(let step):
            return step.map { "a hopping container showing \(NavigationPlan.describe($0.route))" }
                ?? "a hopping container that shows nothing"
        }
    }
}
