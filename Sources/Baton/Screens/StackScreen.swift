/// A container that shows the last of a stack of screens (UIKit's `UINavigationController`).
///
/// ```swift
/// let stack = try StackScreen(root: list)
/// try stack.push(detail, identifier: "showDetail")
/// stack.pop()                   // back to list; detail is released
/// ```
///
/// Lifecycle order of a push (UIKit's): the old top's will-disappear, the new top's will-appear,
/// the old top's did-disappear, the new top's did-appear. A pop mirrors it.
@MainActor
open class StackScreen: ScreenModel {
    /// The screens on the stack, root first.
    ///
    /// A read inside an Observation tracking scope (a SwiftUI view's body) is tracked: every
    /// push, pop and `setScreens` ends it.
    ///
    /// ```swift
    /// stack.screens.map(\.screenName)   // ["list", "detail"]
    /// ```
    public final var screens: [ScreenModel] {
        observedState.track()
        return stackedScreens
    }

    final var stackedScreens: [ScreenModel] = []

    /// The screens the last pop that followed a UI framework's path took off (held weakly: the
    /// UI framework's path items keep them while it may write them back), their identities in
    /// the path, and the stack it left: a path written back with them puts them back
    /// (``followNavigationPath(_:sender:)``). Forgotten at the next path write.
    final var pathPop: PathPop?

    struct PathPop {
        struct Popped {
            weak var screen: ScreenModel?
            let identity: ScreenIdentity
        }
        let popped: [Popped]
        let left: [ObjectIdentifier]
    }

    /// The screen on top of the stack.
    ///
    /// ```swift
    /// stack.topScreen === detail
    /// ```
    public final var topScreen: ScreenModel? { screens.last }

    /// The first screen of the stack.
    ///
    /// ```swift
    /// stack.rootScreen === list
    /// ```
    public final var rootScreen: ScreenModel? { screens.first }

    /// Makes an empty stack.
    ///
    /// ```swift
    /// let stack = StackScreen(name: "main")
    /// ```
    ///
    /// - Parameters:
    ///   - name: A name for registries, logs, graphs and named scopes.
    ///   - context: The stack's context.
    public override init(name: String? = nil, context: ScreenContext? = nil) {
        super.init(name: name, context: context)
    }

    /// Makes a stack with a root screen, whose context becomes a child of the stack's.
    ///
    /// ```swift
    /// let stack = try StackScreen(root: list, name: "main")
    /// ```
    ///
    /// - Parameters:
    ///   - root: The first screen.
    ///   - name: A name for registries, logs, graphs and named scopes.
    ///   - context: The stack's context.
    /// - Throws: The root is pushed as ``ScreenModel/push(_:identifier:sender:wiring:)`` pushes, so this fails
    ///   when a resolver throws or the root's context cannot join the stack's; a root shown
    ///   elsewhere (``ScreenError/alreadyInHierarchy(screen:container:)``) is a misuse.
    public init(root: ScreenModel, name: String? = nil, context: ScreenContext? = nil) throws(ScreenError) {
        super.init(name: name, context: context)
        // Construction, not a requested transition: the root is pushed now, even inside another
        // transition.
        try TransitionEngine.exclusively(while: "push of \(root.screenName) onto \(screenName)") {
            () throws(ScreenError) in
            try performPush(root, identifier: nil, sender: nil, wiring: .inherit)
        }
    }

    /// The screens of a released stack leave the tree: awaited hops in them end with an error.
    deinit {
        ScreenModel.released(stackedScreens)
    }

    override var containedScreens: [ScreenModel] { stackedScreens }
    override var visibleChildren: [ScreenModel] { stackedScreens.last.map { [$0] } ?? [] }

    func performPush(
        _ screen: ScreenModel, identifier: String?, sender: Any?, wiring: ContextWiring,
        awaiting waiter: ResultWaiter? = nil, resolves: Bool = true
    ) throws(ScreenError) {
        try screen.requireFree()
        let previous = stackedScreens.last
        let transition = ScreenTransition(
            kind: .push, source: previous ?? self, destination: screen, identifier: identifier, sender: sender)
        try TransitionEngine.perform(
            transition, wiring: wiring, sourceContext: (previous ?? self).context, visible: isInVisibleTree,
            window: window, leaving: previous.map { [$0] } ?? [], entering: [screen], resolves: resolves
        ) {
            screen.container = self
            // Set as the screen enters, so that its own lifecycle callbacks may finish it.
            if let waiter { screen.awaitedResult = waiter }
            stackedScreens.append(screen)
        }
        observedState.publish()
    }

    /// Pops the top screen, which is released unless you keep it. Does nothing on a stack of one
    /// or no screens, as UIKit does.
    ///
    /// ```swift
    /// stack.pop()
    /// ```
    ///
    /// - Parameter sender: An optional sender.
    /// - Returns: The popped screen, or `nil` when the stack has one screen or none.
    @discardableResult
    public final func pop(sender: Any? = nil) -> ScreenModel? {
        var popped: ScreenModel?
        // The body cannot throw (a pop wires and resolves nothing); `try?` is for the signature.
        try? requestTransition("pop of \(screenName)") { [self] () throws(ScreenError) in
            guard stackedScreens.count > 1 else { return }
            popped = popTo(index: stackedScreens.count - 2, sender: sender).first
        }
        return popped
    }

    /// Pops every screen above the root.
    ///
    /// ```swift
    /// stack.popToRoot()
    /// ```
    ///
    /// - Parameter sender: An optional sender.
    /// - Returns: The popped screens, bottom first.
    @discardableResult
    public final func popToRoot(sender: Any? = nil) -> [ScreenModel] {
        var popped: [ScreenModel] = []
        // The body cannot throw (a pop wires and resolves nothing); `try?` is for the signature.
        try? requestTransition("pop to the root of \(screenName)") { [self] () throws(ScreenError) in
            guard stackedScreens.count > 1 else { return }
            popped = popTo(index: 0, sender: sender)
        }
        return popped
    }

    /// Replaces all screens at once (UIKit's `setViewControllers`). Screens new to the stack are
    /// wired in order, each to the one below; screens no longer on it are released. When the top
    /// changes this is a ``TransitionKind/setStack`` transition to the new top; when the top stays,
    /// only the screens below it change, without a transition.
    ///
    /// ```swift
    /// try stack.setScreens([home, list, detail])
    /// ```
    ///
    /// - Parameters:
    ///   - newScreens: The screens, root first.
    ///   - sender: An optional sender.
    /// - Throws: Screens new to the stack are wired and resolved as pushes are, so this fails as
    ///   ``ScreenModel/push(_:identifier:sender:wiring:)`` does (a resolver that throws, a context that cannot
    ///   join); nothing changes then. An empty list (``ScreenError/emptyStack(container:)``), a
    ///   screen shown elsewhere (``ScreenError/alreadyInHierarchy(screen:container:)``) and a
    ///   screen listed twice (``ScreenError/duplicateScreen(screen:container:)``) are misuses.
    ///   A request made while another transition runs (from a resolver, a lifecycle callback or
    ///   a continuation) is queued behind it and does not throw; its failure is posted in the
    ///   window as ``TransitionDidFail``.
    public final func setScreens(_ newScreens: [ScreenModel], sender: Any? = nil) throws(ScreenError) {
        try requestTransition("setScreens of \(screenName)") { () throws(ScreenError) in
            try self.performSetScreens(newScreens, sender: sender)
        }
    }

    func performSetScreens(_ newScreens: [ScreenModel], sender: Any?, resolves: Bool = true) throws(ScreenError) {
        guard let newTop = newScreens.last else { throw misuse(ScreenError.emptyStack(container: screenName)) }
        try requireDistinct(newScreens)
        for screen in newScreens where screen.container !== self {
            try screen.requireFree()
        }
        var below: ScreenModel? = nil
        var undos: [@MainActor () -> Void] = []
        let undoWiring = { for undo in undos.reversed() { undo() } }
        for screen in newScreens.dropLast() {
            if screen.container !== self {
                do {
                    if let undo = try TransitionEngine.wire(screen, to: (below ?? self).context, .inherit) {
                        undos.append(undo)
                    }
                } catch {
                    undoWiring()
                    throw error
                }
            }
            below = screen
        }
        let oldTop = stackedScreens.last
        let transition = ScreenTransition(kind: .setStack, source: oldTop ?? self, destination: newTop, sender: sender)
        let replace = {
            for screen in self.stackedScreens where !newScreens.contains(where: { $0 === screen }) {
                screen.container = nil
                screen.leaveTree(by: transition)
            }
            for screen in newScreens { screen.container = self }
            self.stackedScreens = newScreens
        }
        if let oldTop, !newScreens.contains(where: { $0 === oldTop }) {
            dismissPresentations(from: [oldTop])
        }
        // The same top stays on screen: the stack below it changes without a transition.
        defer { observedState.publish() }
        guard oldTop !== newTop else {
            // Rule 1 still holds for the screens put below it.
            let check = window == nil ? nil : RouteCheck.asked(entering: newScreens.filter { $0.container !== self })
            replace()
            if let check, let window { window.report(transition, check) }
            return
        }
        do {
            try TransitionEngine.perform(
                transition, wiring: newTop.container === self ? .isolate : .inherit,
                sourceContext: (below ?? self).context, visible: isInVisibleTree, window: window,
                leaving: oldTop.map { [$0] } ?? [], entering: [newTop], resolves: resolves,
                newInStack: newScreens.filter { $0.container !== self }, change: replace)
        } catch {
            undoWiring()
            throw error
        }
    }

    final func popTo(index: Int, sender: Any?) -> [ScreenModel] {
        dismissPresentations(from: Array(stackedScreens[(index + 1)...]))
        defer { observedState.publish() }
        let popped = Array(stackedScreens[(index + 1)...])
        let top = popped.last!
        let destination = stackedScreens[index]
        let transition = ScreenTransition(kind: .pop, source: top, destination: destination, sender: sender)
        // A pop never wires contexts nor resolves dependencies, so it cannot fail.
        try? TransitionEngine.perform(
            transition, wiring: .isolate, sourceContext: nil, visible: isInVisibleTree, window: window,
            leaving: [top], entering: [destination]
        ) {
            stackedScreens.removeSubrange((index + 1)...)
            for screen in popped {
                screen.container = nil
                screen.leaveTree(by: transition)
            }
        }
        return popped
    }
}
