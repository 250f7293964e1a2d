import Baton

typealias TestTree = ScreenTree<TestRoute>

/// A small deterministic random source, so that a generated seed names one tree.
struct TreeRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: Int) { state = UInt64(bitPattern: Int64(seed)) &+ 0x9E37_79B9_7F4A_7C15 }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Random screen trees from a seed: stacks, tabs, hopping containers and presentations (at most
/// one per container tree, as a window allows), from small name pools so that two trees often
/// share screens.
enum TreeGenerator {
    static func tree(seed: Int) -> TestTree {
        var random = TreeRandom(seed: seed)
        var budget = 16
        return scope(depth: 0, budget: &budget, random: &random)
    }

    /// A presentation scope: a container tree, then maybe one presentation from one of its screens.
    private static func scope(depth: Int, budget: inout Int, random: inout TreeRandom) -> TestTree {
        var tree = node(depth: depth, budget: &budget, random: &random)
        if budget > 0, depth < 3, Int.random(in: 0..<3, using: &random) == 0 {
            let presented = scope(depth: depth + 1, budget: &budget, random: &random)
            let count = presenters(in: tree)
            tree = attaching(presented, at: Int.random(in: 0..<count, using: &random), in: tree)
        }
        return tree
    }

    private static func node(depth: Int, budget: inout Int, random: inout TreeRandom) -> TestTree {
        budget -= 1
        let kind = depth >= 3 || budget <= 0 ? 0 : Int.random(in: 0..<7, using: &random)
        switch kind {
        case 3, 6:
            let count = Int.random(in: 1...3, using: &random)
            let screens = (0..<count).map { _ in node(depth: depth + 1, budget: &budget, random: &random) }
            return .stack(.stack(["s1", "s2"].randomElement(using: &random)!), screens)
        case 4:
            let count = Int.random(in: 1...3, using: &random)
            let tabs = (0..<count).map { _ in node(depth: depth + 1, budget: &budget, random: &random) }
            let name = ["t1", "t2"].randomElement(using: &random)!
            return .tabs(.tabs(name, tabs.map(\.route)), tabs, selected: Int.random(in: 0..<count, using: &random))
        case 5:
            let step =
                Int.random(in: 0..<5, using: &random) == 0
                ? nil : node(depth: depth + 1, budget: &budget, random: &random)
            return .hopping(.hop(["h1", "h2"].randomElement(using: &random)!), to: step)
        default:
            return TestTree(.screen(["a", "b", "c", "d"].randomElement(using: &random)!))
        }
    }

    /// How many screens of a container tree (not counting presented ones) could present.
    static func presenters(in tree: TestTree) -> Int {
        1 + tree.children.reduce(0) { $0 + presenters(in: $1) }
    }

    /// `tree` with `presented` presented from its screen number `index` (depth first).
    static func attaching(_ presented: TestTree, at index: Int, in tree: TestTree) -> TestTree {
        var counter = index
        return attach(presented, &counter, tree)
    }

    private static func attach(_ presented: TestTree, _ counter: inout Int, _ tree: TestTree) -> TestTree {
        var copy = tree
        if counter == 0 { copy.presented = presented }
        counter -= 1
        switch tree.content {
        case .stack(let screens): copy.content = .stack(screens.map { attach(presented, &counter, $0) })
        case .tabs(let tabs, let selected):
            copy.content = .tabs(tabs.map { attach(presented, &counter, $0) }, selected: selected)
        case .hop(let step?): copy.content = .hop(attach(presented, &counter, step))
        default: break
        }
        return copy
    }
}

/// What assigning `b` over `a` must do, computed from the two values alone.
struct ExpectedDiff {
    /// Transitions the window logs.
    var transitions = 0
    /// Pairs of (path in a, path in b) of screens that stay.
    var kept: [([Int], [Int])] = []
    /// Whether screens may appear on the way (a presentation dismissed, or one made from a new screen).
    var mayAppearOnTheWay = false
    /// The name of a start-up flow in the window that has not shown a step yet, which `b` gives
    /// one: the assignment waits for the flow to reach its main screen, and nothing changes now.
    var waitsFor: String?

    init(from a: TestTree?, to b: TestTree) {
        if let a, a.route == b.route, Self.canKeep(a, b) {
            keep(a, b, [], [])
        } else {
            if let a { transitions += Self.presentations(inContainerTreeOf: a) }
            if let a, Self.presentations(inContainerTreeOf: a) > 0 { mayAppearOnTheWay = true }
            transitions += 1
            made(b)
        }
    }

    static func canKeep(_ a: TestTree, _ b: TestTree) -> Bool {
        switch b.content {
        case nil: return true
        case .stack(let nodes):
            guard case .stack(let current) = a.content else { return false }
            return !nodes.isEmpty || current.isEmpty
        case .tabs(let nodes, _):
            guard case .tabs(let current, _) = a.content else { return false }
            // A tab that cannot be kept makes its tab container new, as a different tab would.
            return current.map(\.route) == nodes.map(\.route) && zip(current, nodes).allSatisfy { canKeep($0, $1) }
        case .hop(let step):
            guard case .hop(let current) = a.content else { return false }
            return step != nil || current == nil
        }
    }

    /// Presentations made from the screens of a container tree (each is one dismissal).
    static func presentations(inContainerTreeOf tree: TestTree) -> Int {
        (tree.presented == nil ? 0 : 1) + tree.children.reduce(0) { $0 + presentations(inContainerTreeOf: $1) }
    }

    /// A new subtree: built outside the window; its presentations are made once it is in.
    private mutating func made(_ tree: TestTree) {
        if let presented = tree.presented {
            transitions += 1
            mayAppearOnTheWay = true
            made(presented)
        }
        for child in tree.children { made(child) }
    }

    private mutating func keep(_ a: TestTree, _ b: TestTree, _ pathA: [Int], _ pathB: [Int]) {
        kept.append((pathA, pathB))
        if let pa = a.presented, let pb = b.presented, pa.route == pb.route, Self.canKeep(pa, pb) {
            keep(pa, pb, pathA + [-1], pathB + [-1])
        } else {
            if a.presented != nil {
                transitions += 1
                mayAppearOnTheWay = true
            }
            if let pb = b.presented {
                transitions += 1
                // A presentation on a screen that stays is made before anything changes beneath it.
                for child in pb.children { made(child) }
                if let nested = pb.presented {
                    transitions += 1
                    mayAppearOnTheWay = true
                    made(nested)
                }
            }
        }
        switch (a.content, b.content) {
        case (.stack(let current), .stack(let target)):
            var count = 0
            while count < min(current.count, target.count), current[count].route == target[count].route,
                Self.canKeep(current[count], target[count])
            {
                count += 1
            }
            for index in 0..<count { keep(current[index], target[index], pathA + [index], pathB + [index]) }
            if count < current.count || count < target.count {
                transitions += 1
                for removed in current[count...] {
                    let dismissals = Self.presentations(inContainerTreeOf: removed)
                    transitions += dismissals
                    if dismissals > 0 { mayAppearOnTheWay = true }
                }
                for new in target[count...] { made(new) }
            }
        case (.tabs(let current, let selectedA), .tabs(let target, let selectedB)):
            for index in current.indices { keep(current[index], target[index], pathA + [index], pathB + [index]) }
            if selectedA != selectedB { transitions += 1 }
        case (.hop(let current), .hop(let target?)):
            if current == nil, waitsFor == nil { waitsFor = a.route.name }
            if let current, current.route == target.route, Self.canKeep(current, target) {
                keep(current, target, pathA + [0], pathB + [0])
            } else {
                transitions += 1
                if let current {
                    let dismissals = Self.presentations(inContainerTreeOf: current)
                    transitions += dismissals
                    if dismissals > 0 { mayAppearOnTheWay = true }
                }
                made(target)
            }
        default:
            break
        }
    }
}

extension TestTree {
    /// The subtree at `path` (child indices, `-1` for a presentation).
    func node(at path: [Int]) -> TestTree? {
        var node = self
        for index in path {
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

    /// The routes of the screens visible in a window showing this tree, outermost first: each
    /// presentation layer's visible chain, from the last full-screen cover on (`isCover` says
    /// which presented screen, by its path, is one; a sheet leaves what is under it visible).
    func visiblePaths(isCover: ([Int]) -> Bool) -> [[Int]] {
        var scope: TestTree? = self
        var scopePath: [Int] = []
        var paths: [[Int]] = []
        while let layer = scope {
            if !scopePath.isEmpty, isCover(scopePath) { paths.removeAll() }
            paths.append(scopePath)
            var node = layer
            var path = scopePath
            while let (index, child) = node.visibleChildIndex() {
                path.append(index)
                paths.append(path)
                node = child
            }
            scope = nil
            if let (presenterPath, presented) = layer.presentation() {
                scope = presented
                scopePath += presenterPath + [-1]
            }
        }
        return paths
    }

    /// The visible routes in `window`, whose screens say which presentations are covers.
    @MainActor func visiblePaths(in window: ScreenWindow) -> [[Int]] {
        visiblePaths { path in window.rootScreen?.screen(at: path)?.presentationStyle == .fullScreenCover }
    }

    /// The one presentation made from this container tree, and the path of its presenter.
    func presentation() -> ([Int], TestTree)? {
        if let presented { return ([], presented) }
        for (index, child) in children.enumerated() {
            if let (path, presented) = child.presentation() { return ([index] + path, presented) }
        }
        return nil
    }

    func visibleChildIndex() -> (Int, TestTree)? {
        switch content {
        case .stack(let screens): screens.isEmpty ? nil : (screens.count - 1, screens[screens.count - 1])
        case .tabs(let tabs, let selected): (selected, tabs[selected])
        case .hop(let step?): (0, step)
        default: nil
        }
    }
}

extension ScreenModel {
    /// The screen at `path` below this one (child indices, `-1` for what it presents).
    @MainActor func screen(at path: [Int]) -> ScreenModel? {
        var screen = self
        for index in path {
            if index == -1 {
                guard let presented = screen.presentedScreen as? ScreenModel else { return nil }
                screen = presented
            } else {
                let children = screen.childScreens
                guard children.indices.contains(index), let child = children[index] as? ScreenModel else { return nil }
                screen = child
            }
        }
        return screen
    }

    /// This screen and every screen below it, presented ones included, with their paths.
    @MainActor func allScreens(path: [Int] = []) -> [([Int], ScreenModel)] {
        var result = [(path, self)]
        for (index, child) in childScreens.enumerated() {
            if let child = child as? ScreenModel { result += child.allScreens(path: path + [index]) }
        }
        if let presented = presentedScreen as? ScreenModel { result += presented.allScreens(path: path + [-1]) }
        return result
    }
}

/// Checks that a window's screens agree with the tree it shows: containers, presenters, context
/// parents, lifecycle phases and `isOnScreen`. Returns the first disagreement.
@MainActor
func treeViolation(in window: ScreenWindow, showing tree: TestTree) -> String? {
    guard let root = window.rootScreen else { return "the window has no root" }
    if root.context.parent !== window.context { return "the root is not wired to the window" }
    let visible = Set(tree.visiblePaths(in: window))
    for (path, screen) in root.allScreens() {
        for (index, child) in screen.childScreens.enumerated() {
            guard let child = child as? ScreenModel else { return "\(path) has a child that is not a model" }
            if child.parentScreen !== screen { return "\(path + [index]) does not know its container" }
            let expectedParent: ScreenContext
            if let stack = screen as? StackScreen, index > 0 {
                expectedParent = stack.screens[index - 1].context
            } else {
                expectedParent = screen.context
            }
            if child.context.parent !== expectedParent { return "\(path + [index]) is not wired where it is shown" }
        }
        if let presented = screen.presentedScreen as? ScreenModel {
            if presented.presentingScreen !== screen && presented.presentingScreen?.presentedScreen !== presented {
                return "\(path) ^ does not know its presenter"
            }
            if presented.context.parent !== screen.context { return "\(path) ^ is not wired to its presenter" }
        }
        let shown = window.isVisible && visible.contains(path)
        if screen.appearance != (shown ? .appeared : .disappeared) {
            return
                "\(path) (\(screen.screenName)) is \(screen.appearance), expected \(shown ? "appeared" : "disappeared")"
        }
        if screen.isOnScreen != shown { return "\(path).isOnScreen is \(screen.isOnScreen)" }
        if screen.window !== window { return "\(path) is not in the window" }
    }
    if let top = tree.visiblePaths(in: window).last, window.topScreen !== root.screen(at: top) {
        return "window.topScreen is \(window.topScreen?.screenName ?? "nil"), expected the screen at \(top)"
    }
    return nil
}
