/// A window's screen tree as a value: each screen as its route, what containers show, and what
/// each screen presents, recursively.
///
/// Read it from a window with ``ScreenWindow/screenTree(_:)``, assign it with
/// ``ScreenWindow/navigate(to:)``, save and restore it (it is `Codable`, with a format version), or
/// make it from a URL with ``ScreenLinks``.
///
/// ```swift
/// let tree = ScreenTree.tabs(.main, [
///     .stack(.feed, [.list, .item(id: 42)]),
///     ScreenTree(.settings),
/// ], selected: 0)
/// try window.navigate(to: tree)
/// print(window.screenTree(AppRoute.self) ?? "empty")   // main{*feed[list, item(id: 42)], settings}
/// ```
///
/// In a tree read from a window, every container has its ``content``. In a tree you assign, a
/// container without content keeps what it shows (or shows what its route makes, when it is new):
/// a deep link names only the branch it changes.
public struct ScreenTree<Route: ScreenRoute>: Hashable, Sendable {
    /// The screen's route.
    ///
    /// ```swift
    /// tree.route   // .main
    /// ```
    public var route: Route

    /// What the screen shows inside it, when it is a container; `nil` for a plain screen, or for
    /// a container that keeps (or, when new, makes) what it shows.
    ///
    /// ```swift
    /// if case .stack(let screens) = tree.content { print(screens.count) }
    /// ```
    public var content: Content?

    /// What ``presented`` and ``presentedStyle`` hold, boxed: a struct cannot hold itself. Not
    /// private, so that ``ErasedScreenTree`` reads it in code specialized for the app's route type.
    @usableFromInline var presentedStorage: Indirect?

    /// The screen this one presents, if any.
    ///
    /// ```swift
    /// tree.presented?.route   // .login
    /// ```
    public var presented: ScreenTree? {
        get {
            guard case .tree(let tree, _)? = presentedStorage else { return nil }
            return tree
        }
        set {
            switch newValue {
            case .some(let tree): presentedStorage = .tree(tree, style: presentedStyle)
            case .none: presentedStorage = nil
            }
        }
    }

    /// How ``presented`` is shown, when it was chosen where it was presented
    /// (``ScreenModel/present(_:style:identifier:sender:wiring:)``); `nil` for the presented
    /// screen's own ``ScreenModel/presentationStyle``, and when nothing is presented.
    ///
    /// A tree read from a window has a style only where a presentation's style differs from the
    /// presented screen's own: restored, that screen is presented in it again. In a tree you
    /// assign, a presentation with a style that differs from the one it is shown with is
    /// presented again, in that style; `nil` keeps the style it is shown with (or gives a new
    /// presentation the screen's own). In a UIKit window, an assigned style is set as the
    /// presented controller's `modalPresentationStyle`, and a tree read from the window has no
    /// style: a controller's own style comes from the factory of its route.
    ///
    /// ```swift
    /// let tree = ScreenTree(.settings, presenting: ScreenTree(.tour), style: .fullScreenCover)
    /// tree.presentedStyle   // .fullScreenCover
    /// ```
    public var presentedStyle: PresentationStyle? {
        get {
            guard case .tree(_, let style)? = presentedStorage else { return nil }
            return style
        }
        set {
            guard case .tree(let tree, _)? = presentedStorage else { return }
            presentedStorage = .tree(tree, style: newValue)
        }
    }

    @usableFromInline indirect enum Indirect: Hashable, Sendable {
        case tree(ScreenTree, style: PresentationStyle?)
    }

    /// What a container shows.
    ///
    /// ```swift
    /// ScreenTree<AppRoute>.Content.stack([ScreenTree(.list)])
    /// ```
    public indirect enum Content: Hashable, Sendable {
        /// A ``StackScreen``'s screens, root first.
        ///
        /// ```swift
        /// .stack([ScreenTree(.list), ScreenTree(.item(id: 42))])
        /// ```
        case stack([ScreenTree])
        /// A ``TabScreen``'s tabs, in order, and the index of the selected one.
        ///
        /// ```swift
        /// .tabs([ScreenTree(.feed), ScreenTree(.settings)], selected: 1)
        /// ```
        case tabs([ScreenTree], selected: Int)
        /// A ``HoppingScreen``'s current step, or `nil` before its first hop.
        ///
        /// ```swift
        /// .hop(ScreenTree(.main))
        /// ```
        case hop(ScreenTree?)
    }

    /// A screen, with what it shows and presents.
    ///
    /// ```swift
    /// ScreenTree(.item(id: 42), presenting: ScreenTree(.share))
    /// ScreenTree(.settings, presenting: ScreenTree(.tour), style: .fullScreenCover)
    /// ```
    ///
    /// - Parameters:
    ///   - route: The screen's route.
    ///   - content: What it shows inside, for a container.
    ///   - presented: What it presents.
    ///   - style: How it presents it (``presentedStyle``); `nil` for the presented screen's own.
    public init(
        _ route: Route, content: Content? = nil, presenting presented: ScreenTree? = nil,
        style: PresentationStyle? = nil
    ) {
        self.route = route
        self.content = content
        // The storage set directly: going through `presented`'s setter cost a metadata lookup
        // per node in the unspecialized code that decodes a saved tree.
        switch presented {
        case .some(let tree): presentedStorage = .tree(tree, style: style)
        case .none: presentedStorage = nil
        }
    }

    /// A stack and its screens, root first.
    ///
    /// ```swift
    /// ScreenTree.stack(.feed, [ScreenTree(.list), ScreenTree(.item(id: 42))])
    /// ```
    ///
    /// - Parameters:
    ///   - route: The stack's route.
    ///   - screens: Its screens, root first.
    ///   - presented: What the stack presents.
    ///   - style: How it presents it (``presentedStyle``); `nil` for the presented screen's own.
    /// - Returns: The tree.
    public static func stack(
        _ route: Route, _ screens: [ScreenTree], presenting presented: ScreenTree? = nil,
        style: PresentationStyle? = nil
    ) -> ScreenTree {
        ScreenTree(route, content: .stack(screens), presenting: presented, style: style)
    }

    /// A stack of plain screens, root first.
    ///
    /// ```swift
    /// ScreenTree.stack(.feed, [.list, .item(id: 42)])
    /// ```
    ///
    /// - Parameters:
    ///   - route: The stack's route.
    ///   - routes: Its screens' routes, root first.
    ///   - presented: What the stack presents.
    ///   - style: How it presents it (``presentedStyle``); `nil` for the presented screen's own.
    /// - Returns: The tree.
    public static func stack(
        _ route: Route, _ routes: [Route], presenting presented: ScreenTree? = nil, style: PresentationStyle? = nil
    ) -> ScreenTree {
        ScreenTree(route, content: .stack(routes.map { ScreenTree($0) }), presenting: presented, style: style)
    }

    /// A tab container, its tabs and the selected one.
    ///
    /// ```swift
    /// ScreenTree.tabs(.main, [ScreenTree(.feed), ScreenTree(.settings)], selected: 1)
    /// ```
    ///
    /// - Parameters:
    ///   - route: The container's route.
    ///   - tabs: The tabs, in order.
    ///   - selected: The selected tab's index.
    ///   - presented: What the container presents.
    ///   - style: How it presents it (``presentedStyle``); `nil` for the presented screen's own.
    /// - Returns: The tree.
    public static func tabs(
        _ route: Route, _ tabs: [ScreenTree], selected: Int, presenting presented: ScreenTree? = nil,
        style: PresentationStyle? = nil
    ) -> ScreenTree {
        ScreenTree(route, content: .tabs(tabs, selected: selected), presenting: presented, style: style)
    }

    /// A hopping container and its current step.
    ///
    /// ```swift
    /// ScreenTree.hopping(.startup, to: ScreenTree(.main))
    /// ```
    ///
    /// - Parameters:
    ///   - route: The container's route.
    ///   - step: The step it shows.
    ///   - presented: What the container presents.
    ///   - style: How it presents it (``presentedStyle``); `nil` for the presented screen's own.
    /// - Returns: The tree.
    public static func hopping(
        _ route: Route, to step: ScreenTree?, presenting presented: ScreenTree? = nil, style: PresentationStyle? = nil
    ) -> ScreenTree {
        ScreenTree(route, content: .hop(step), presenting: presented, style: style)
    }

    /// The screens this one contains, in order (a stack's screens, the tabs, the current step).
    ///
    /// ```swift
    /// tree.children.map(\.route)   // [.list, .item(id: 42)]
    /// ```
    public var children: [ScreenTree] {
        switch content {
        case nil: []
        case .stack(let screens): screens
        case .tabs(let tabs, _): tabs
        case .hop(let step): step.map { [$0] } ?? []
        }
    }

    /// The route of the screen on top: the visible leaf, or the last presented screen.
    ///
    /// ```swift
    /// ScreenTree.stack(.feed, [.list, .item(id: 42)]).topRoute   // .item(id: 42)
    /// ```
    public var topRoute: Route {
        if let presented { return presented.topRoute }
        if let shown = visibleChild { return shown.topRoute }
        return route
    }

    /// The contained screen that is visible while this one is: a stack's last screen, the
    /// selected tab, the current step.
    var visibleChild: ScreenTree? {
        switch content {
        case nil: nil
        case .stack(let screens): screens.last
        case .tabs(let tabs, let selected): tabs.indices.contains(selected) ? tabs[selected] : nil
        case .hop(let step): step
        }
    }

    /// How many screens the tree holds, presented ones included.
    ///
    /// ```swift
    /// ScreenTree.stack(.feed, [.list, .item(id: 42)]).count   // 3
    /// ```
    public var count: Int {
        1 + children.reduce(0) { $0 + $1.count } + (presented?.count ?? 0)
    }
}

extension ScreenTree: CustomStringConvertible {
    /// Short text for logs and test assertions: a route as it prints, a stack's screens in `[ ]`,
    /// tabs in `{ }` with the selected one marked `*`, a hopping container's step in `( )`, and
    /// `^` before what a screen presents (`^cover` or `^sheet` when its ``presentedStyle`` is
    /// set).
    ///
    /// ```swift
    /// print(tree)   // startup(main{*feed[list, item(id: 42) ^ share], settings ^cover tour})
    /// ```
    public var description: String {
        ErasedScreenTree(self).description
    }
}
