/// Saving a tree: the part that fits in a ``SavedScreenTree``, and what was left out.
///
/// A node is saved as `{"route":…,"stack":[…]|"tabs":[…],"selected":n|"hop":…,"presents":{…},"presentsAs":…}`
/// (``ScreenTreeFormat``).
/// A part is left out, with the screens it holds, when its route cannot be encoded or when it
/// would nest deeper than ``SavedScreenTree/maximumDepth``: a stack keeps the screens below it,
/// a container whose tab or step is left out keeps what it shows (as reading does), a
/// presentation is left out.
struct ScreenTreeSaver<Route: ScreenRoute> {
    let root: ScreenTree<Route>
    let maximumDepth: Int
    var leftOut: [NavigationError] = []
    /// Whether a saved presentation records its style (`presentsAs`): the text is format 2 then.
    private var recordsStyles = false
    /// The child indices from the root to the node being saved (`-1` for a presentation).
    private var indices: [Int] = []

    init(root: ScreenTree<Route>, maximumDepth: Int) {
        self.root = root
        self.maximumDepth = maximumDepth
    }

    /// The saved form of the whole tree with its envelope, or the reason the root cannot be saved.
    mutating func envelope() -> Result<JSONValue, NavigationError> {
        guard let tree = node(root, depth: 1) else {
            return .failure(leftOut.first ?? .notSaved(path: "", reason: "it cannot be saved"))
        }
        return .success(
            .object([
                JSONValue.Member(
                    key: "format", value: .number(String(ScreenTreeFormat.format(recordsStyles: recordsStyles)))),
                JSONValue.Member(key: "tree", value: tree),
            ]))
    }

    /// The node of `tree` at JSON depth `depth` (the text's envelope is at 0), or `nil` when it
    /// is left out (reported).
    private mutating func node(_ tree: ScreenTree<Route>, depth: Int) -> JSONValue? {
        let route: JSONValue
        do {
            route = try JSONValueCoding.encode(tree.route)
        } catch {
            leave(reason: "its route cannot be saved: \(JSONValueCoding.describe(error))")
            return nil
        }
        // The parser reads a value at depth d only when d < maximumDepth: the route's deepest
        // value is at depth + 1 + its height.
        guard depth + 1 + route.height < maximumDepth else {
            leave(
                reason: "it would be nested deeper than the \(maximumDepth) levels a saved tree holds"
                    + " (SavedScreenTree.maximumDepth)")
            return nil
        }
        var members = [JSONValue.Member(key: "route", value: route)]
        switch tree.content {
        case nil: break
        case .stack(let screens):
            var nodes: [JSONValue] = []
            nodes.reserveCapacity(screens.count)
            for (index, screen) in screens.enumerated() {
                indices.append(index)
                let saved = node(screen, depth: depth + 2)
                indices.removeLast()
                guard let saved else { break }
                nodes.append(saved)
            }
            members.append(JSONValue.Member(key: "stack", value: .array(nodes)))
        case .tabs(let tabs, let selected):
            var nodes: [JSONValue] = []
            nodes.reserveCapacity(tabs.count)
            for (index, tab) in tabs.enumerated() {
                indices.append(index)
                let saved = node(tab, depth: depth + 2)
                indices.removeLast()
                if let saved { nodes.append(saved) }
            }
            // Tabs come from the container's route: without all of them, it keeps what it shows.
            if nodes.count == tabs.count {
                members.append(JSONValue.Member(key: "tabs", value: .array(nodes)))
                members.append(JSONValue.Member(key: "selected", value: .number(String(selected))))
            }
        case .hop(let step):
            if let step {
                indices.append(0)
                let saved = node(step, depth: depth + 1)
                indices.removeLast()
                if let saved { members.append(JSONValue.Member(key: "hop", value: saved)) }
            } else {
                members.append(JSONValue.Member(key: "hop", value: .null))
            }
        }
        if let presented = tree.presented {
            indices.append(-1)
            let saved = node(presented, depth: depth + 1)
            indices.removeLast()
            if let saved {
                members.append(JSONValue.Member(key: "presents", value: saved))
                if let style = tree.presentedStyle {
                    recordsStyles = true
                    members.append(JSONValue.Member(key: "presentsAs", value: .string(style.savedName)))
                }
            }
        }
        return .object(members)
    }

    /// Reports the node at `indices` as left out, with what it holds and, in a stack, the screens
    /// above it.
    private mutating func leave(reason: String) {
        var held = ""
        if let last = indices.last, last >= 0, let parent = root.node(at: indices.dropLast()),
            case .stack(let screens) = parent.content, last + 1 < screens.count
        {
            held = "; the \(screens.count - last - 1) screens above it are left out with it"
        }
        leftOut.append(.notSaved(path: indices.isEmpty ? "" : root.path(to: indices), reason: reason + held))
    }
}

extension ScreenTree {
    /// The node at child `indices` (`-1` for a presentation).
    func node(at indices: some Collection<Int>) -> ScreenTree? {
        var node = self
        for index in indices {
            if index == -1 {
                guard let presented = node.presented else { return nil }
                node = presented
            } else {
                guard node.children.indices.contains(index) else { return nil }
                node = node.children[index]
            }
        }
        return node
    }
}

extension JSONValue {
    /// How many levels the value nests below itself: 0 for a scalar or an empty container.
    var height: Int {
        switch self {
        case .array(let values): values.isEmpty ? 0 : 1 + values.reduce(0) { Swift.max($0, $1.height) }
        case .object(let members): members.isEmpty ? 0 : 1 + members.reduce(0) { Swift.max($0, $1.value.height) }
        default: 0
        }
    }
}

/// What a screen of some surface (model screens, UIKit controllers) shows, for saving its tree.
enum SavingShape<Screen> {
    case plain
    case stack([Screen])
    case tabs([Screen], selected: Int)
    case hop(Screen?)
}

/// The accessors a surface gives the saving walk.
@MainActor struct SavingWalk<Screen, Route: ScreenRoute> {
    let route: (Screen) -> Route?
    /// The screen's type and name, for a screen without a route.
    let name: (Screen) -> String
    let shape: (Screen) -> SavingShape<Screen>
    let presented: (Screen) -> Screen?

    /// The tree of `screen` without the screens that have no route (N-B1): a stack is cut at its
    /// first screen without a route, a presented screen without one is left out with what it
    /// presents, a container whose tab or step has none keeps what it shows. Each cut is added to
    /// `leftOut`; `nil` when `screen` itself has no route.
    /// `prefix` is the path of the screen's parent with its separator (`main > `, `item ^ `),
    /// made only when something is left out (describing a route goes through reflection).
    func routedPart(of screen: Screen, prefix: () -> String, leftOut: inout [NavigationError]) -> ScreenTree<Route>? {
        guard let route = route(screen) else { return nil }
        func inside() -> String { prefix() + String(describing: route) + " > " }
        func presenting() -> String { prefix() + String(describing: route) + " ^ " }
        func leave(_ child: Screen, at childPrefix: String, above: Int = 0) {
            let held = above > 0 ? "; the \(above) screens above it are left out with it" : ""
            leftOut.append(
                .notSaved(
                    path: childPrefix + name(child),
                    reason: "it has no \(TypeNames.name(of: Route.self)) route; make it with route.screen(), or adopt"
                        + " RoutedScreen in its type" + held))
        }
        let content: ScreenTree<Route>.Content?
        switch shape(screen) {
        case .plain:
            content = nil
        case .stack(let screens):
            var trees: [ScreenTree<Route>] = []
            trees.reserveCapacity(screens.count)
            for (index, child) in screens.enumerated() {
                guard let tree = routedPart(of: child, prefix: inside, leftOut: &leftOut) else {
                    leave(child, at: inside(), above: screens.count - index - 1)
                    break
                }
                trees.append(tree)
            }
            content = .stack(trees)
        case .tabs(let tabs, let selected):
            var trees: [ScreenTree<Route>] = []
            for child in tabs {
                guard let tree = routedPart(of: child, prefix: inside, leftOut: &leftOut) else {
                    leave(child, at: inside())
                    continue
                }
                trees.append(tree)
            }
            // Tabs come from the container's route: without all of them, it keeps what it shows.
            content = trees.count == tabs.count ? .tabs(trees, selected: selected) : nil
        case .hop(let step):
            if let step {
                if let tree = routedPart(of: step, prefix: inside, leftOut: &leftOut) {
                    content = .hop(tree)
                } else {
                    leave(step, at: inside())
                    content = nil
                }
            } else {
                content = .hop(nil)
            }
        }
        var presentedTree: ScreenTree<Route>?
        var style: PresentationStyle?
        if let shown = presented(screen) {
            presentedTree = routedPart(of: shown, prefix: presenting, leftOut: &leftOut)
            if presentedTree == nil { leave(shown, at: presenting()) }
            // A model screen records a style chosen where it was presented. A UIKit controller
            // keeps its own `modalPresentationStyle`, which the factory of its route sets.
            style = (shown as? ScreenModel)?.recordedStyle
        }
        return ScreenTree(route, content: content, presenting: presentedTree, style: style)
    }
}
