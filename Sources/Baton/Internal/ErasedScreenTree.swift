/// A ``ScreenTree`` with its route type erased: what ``NavigationPlan`` works on.
///
/// The plan is not generic: Baton cannot specialize generic code for the app's route type, and
/// unspecialized code looks up the runtime metadata of every type built from `Route`
/// (`ScreenTree<Route>`, its `Content`, `Route?`, arrays of them) at each use, which cost more
/// than the transitions of a small change. The conversion itself is `@inlinable`, so that it is
/// compiled, specialized, where the app calls ``ScreenWindow/navigate(to:)``: it then costs an
/// allocation per container (its array of screens) and per presentation, not a metadata lookup
/// per value touched.
@usableFromInline
struct ErasedScreenTree {
    let route: any ScreenRoute
    let content: Content?
    private let presentedBox: Box?

    @usableFromInline
    enum Content {
        case stack([ErasedScreenTree])
        case tabs([ErasedScreenTree], selected: Int)
        indirect case hop(ErasedScreenTree?)
    }

    /// What a screen presents: a struct cannot hold itself.
    @usableFromInline
    final class Box {
        let tree: ErasedScreenTree
        /// ``ScreenTree/presentedStyle``.
        let style: PresentationStyle?

        @usableFromInline
        init(_ tree: ErasedScreenTree, style: PresentationStyle?) {
            self.tree = tree
            self.style = style
        }
    }

    @usableFromInline
    init(route: any ScreenRoute, content: Content?, presented: Box?) {
        self.route = route
        self.content = content
        presentedBox = presented
    }

    // Loops rather than `map`: where this is not specialized, `map` costs thousands of
    // instructions a call.
    @inlinable
    init<Route: ScreenRoute>(_ tree: ScreenTree<Route>) {
        let content: Content?
        switch tree.content {
        case nil: content = nil
        case .stack(let screens): content = .stack(Self.trees(screens))
        case .tabs(let tabs, let selected): content = .tabs(Self.trees(tabs), selected: selected)
        case .hop(let step):
            if let step { content = .hop(ErasedScreenTree(step)) } else { content = .hop(nil) }
        }
        var presented: Box?
        if case .tree(let shown, let style)? = tree.presentedStorage {
            presented = Box(ErasedScreenTree(shown), style: style)
        }
        self.init(route: tree.route, content: content, presented: presented)
    }

    @inlinable
    static func trees<Route: ScreenRoute>(_ trees: [ScreenTree<Route>]) -> [ErasedScreenTree] {
        var erased: [ErasedScreenTree] = []
        erased.reserveCapacity(trees.count)
        for index in 0..<trees.count { erased.append(ErasedScreenTree(trees[index])) }
        return erased
    }

    /// What the screen presents.
    var presented: ErasedScreenTree? { presentedBox?.tree }

    var presents: Bool { presentedBox != nil }

    /// How the screen presents ``presented``: `nil` for the presented screen's own style.
    var presentedStyle: PresentationStyle? { presentedBox?.style }

    /// The screens this one contains, in order (a stack's screens, the tabs, the current step).
    var children: [ErasedScreenTree] {
        switch content {
        case nil: []
        case .stack(let screens): screens
        case .tabs(let tabs, _): tabs
        case .hop(let step): step.map { [$0] } ?? []
        }
    }
}

extension ErasedScreenTree: CustomStringConvertible {
    /// ``ScreenTree/description``.
    @usableFromInline
    var description: String {
        var text = ""
        write(to: &text)
        return text
    }

    private func write(to text: inout String) {
        text += String(describing: route)
        switch content {
        case nil:
            break
        case .stack(let screens):
            text += "["
            for (index, screen) in screens.enumerated() {
                if index > 0 { text += ", " }
                screen.write(to: &text)
            }
            text += "]"
        case .tabs(let tabs, let selected):
            text += "{"
            for (index, tab) in tabs.enumerated() {
                if index > 0 { text += ", " }
                if index == selected { text += "*" }
                tab.write(to: &text)
            }
            text += "}"
        case .hop(let step):
            text += "("
            step?.write(to: &text)
            text += ")"
        }
        if let presented {
            switch presentedStyle {
            case nil: text += " ^ "
            case .sheet?: text += " ^sheet "
            case .fullScreenCover?: text += " ^cover "
            }
            presented.write(to: &text)
        }
    }
}
