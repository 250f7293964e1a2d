/// The base class of a screen: the object that owns a screen's context and state, whether its
/// content is a SwiftUI view (adopt `ViewScreen`), a terminal view, or nothing at all in a flow
/// test. Subclass it and override the lifecycle methods, as you would `UIViewController`.
///
/// ```swift
/// final class MainScreen: ScreenModel {
///     private(set) var userID: String?
///     override func willAppear() {
///         userID = context[UserID.self]   // read what a signup screen passed back
///     }
/// }
///
/// let window = ScreenWindow()
/// let main = MainScreen(name: "main")
/// try window.setRoot(main)
/// window.makeVisible()
/// ```
///
/// A screen's context is named after its ``name`` (or its type) unless you pass one, so
/// named scopes can target screens: `try context.set(id, for: UserID.self, in: "main")`.
@MainActor
open class ScreenModel: Screen {
    /// The screen's context; forward transitions wire it to the source screen's.
    ///
    /// ```swift
    /// detail.context.parent === list.context   // after list's stack pushes detail
    /// ```
    public final var context: ScreenContext {
        didSet { contextWasReplaced(oldValue) }
    }

    /// The name the screen was made with or registered under in a ``ScreenRegistry`` (a storyboard
    /// identifier). Logs, graphs and named scopes use it.
    ///
    /// ```swift
    /// ScreenModel(name: "splash").name   // "splash"
    /// ```
    public final internal(set) var name: String?

    /// Where the screen is in its appearance cycle.
    ///
    /// ```swift
    /// screen.appearance == .appeared
    /// ```
    public final internal(set) var appearance: Appearance = .disappeared

    final weak var container: ScreenModel?
    final weak var presenter: ScreenModel?

    /// On an outermost container: the screen that one of its contained screens presents, which
    /// covers the whole container (UIKit presents through the outermost container). Valid while
    /// that screen's presenter is still inside this container; held weakly.
    final weak var presentationOverContainer: ScreenModel?
    final var presented: ScreenModel?
    /// The style this screen was presented with, recorded when `present` ran, as UIKit resolves
    /// `modalPresentationStyle` once per presentation: what covers what, the dismissal's
    /// callbacks and a UI framework's slot read this, never ``presentationStyle`` again.
    /// Meaningful while ``presenter`` is set.
    final var shownStyle: PresentationStyle = .sheet

    /// The style a tree records for this presented screen (``ScreenTree/presentedStyle``): `nil`
    /// when it is shown in its own ``presentationStyle``, which its route gives again.
    final var recordedStyle: PresentationStyle? {
        shownStyle == presentationStyle ? nil : shownStyle
    }
    final weak var hostWindow: ScreenWindow?
    /// The route this screen was made for by ``ScreenRoute/screen()``, if it was. Set once, as
    /// the screen is made; read without the runtime's exclusivity check (a tree assignment reads
    /// it for every screen it compares).
    @exclusivity(unchecked) final var madeForRoute: (any ScreenRoute)?
    /// Whether the screen's type adopts ``RoutedScreen``, once asked (``declaresRoute``): a
    /// conformance check costs hundreds of instructions, and a tree assignment asks it of every
    /// screen it compares.
    @exclusivity(unchecked) private final var declaresRouteCache: Bool?

    /// Makes a screen.
    ///
    /// ```swift
    /// let splash = ScreenModel(name: "splash")
    /// let detail = ScreenModel(name: "detail", context: ScreenContext(name: "detail"))
    /// ```
    ///
    /// A screen reads no dependency in `init`: nothing has wired its context yet. The transition
    /// that shows it (a push, a presentation, a hop, a tree assignment, a restoration) attaches
    /// its context under its source's and runs the dependency coordinator before its first
    /// ``willAppear()``. Read there, in ``didAppear()`` or in an action; pass what `init` needs
    /// as arguments. A read in `init` sees only the screen's own context and the keys' defaults
    /// (under `.isolatedBaton`, a live default fails the test and names the key).
    ///
    /// ```swift
    /// final class FormScreen: ScreenModel {
    ///     var draft: Draft
    ///     init(_ draft: Draft) { self.draft = draft; super.init(name: "form") }
    ///     override func willAppear() { draft.id = draft.id ?? context[\.uuid]() }   // wired by now
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - name: A name for registries, logs, graphs and named scopes.
    ///   - context: The screen's context; by default a new one named after the screen's name or type.
    public init(name: String? = nil, context: ScreenContext? = nil) {
        self.name = name
        self.context = context ?? ScreenContext(name: name ?? TypeNames.name(of: Self.self))
        self.namesContextAfterType = context == nil && name == nil
        self.identitySerial = IdentitySerial.next()
    }

    /// The screen's serial number, which its ``ScreenIdentity`` holds: no other screen has it.
    final let identitySerial: UInt64

    /// Whether the context is the default one, named after the type; a registry renames it after
    /// the name it makes the screen for.
    final let namesContextAfterType: Bool

    /// Whether the screen's type adopts ``RoutedScreen``: checked once per screen.
    final var declaresRoute: Bool {
        if let declaresRouteCache { return declaresRouteCache }
        let declares = self is any RoutedScreen
        declaresRouteCache = declares
        return declares
    }

    // MARK: - Screen

    /// The container holding this screen.
    ///
    /// ```swift
    /// detail.parentScreen === stack   // true
    /// ```
    public final var parentScreen: (any Screen)? { container }

    /// The screens this one contains; empty for a plain screen.
    ///
    /// ```swift
    /// stack.childScreens.count   // the stack's depth
    /// ```
    public final var childScreens: [any Screen] { containedScreens }

    /// The screen this one presents.
    ///
    /// ```swift
    /// main.presentedScreen === login
    /// ```
    public final var presentedScreen: (any Screen)? {
        observedState.track()
        return presented
    }

    /// Container state that Observation tracks: a stack's screens, the selected tab, a hopping
    /// container's current screen, the presented screen.
    final var observedState = ObservedState()

    /// The screen presenting this one or, as UIKit's `presentingViewController` reports it for a
    /// child, the screen presenting its nearest presented container: a tab inside a presented tab
    /// container reports the container's presenter.
    ///
    /// ```swift
    /// login.presentingScreen === main
    /// try main.present(TabScreen(tabs: [settings, about]))
    /// settings.presentingScreen === main
    /// ```
    public final var presentingScreen: (any Screen)? { presentationOwner?.presenter }

    /// This screen, or its nearest container, that was presented; `nil` when none was.
    final var presentationOwner: ScreenModel? {
        var current: ScreenModel? = self
        while let screen = current {
            if screen.presenter != nil { return screen }
            current = screen.container
        }
        return nil
    }

    /// Whether the screen is visible: from did-appear until did-disappear (during will-disappear
    /// it is still on screen; during will-appear not yet).
    ///
    /// ```swift
    /// if screen.isOnScreen { refresh() }
    /// ```
    public final var isOnScreen: Bool { appearance == .appeared || appearance == .disappearing }

    /// The screen's ``name``, or its type's name when it has none.
    ///
    /// ```swift
    /// ScreenModel(name: "splash").screenName   // "splash"
    /// ```
    public final var screenName: String { name ?? TypeNames.name(of: type(of: self)) }

    /// The window showing this screen's tree, found through containers and presenters.
    ///
    /// ```swift
    /// detail.window === window   // true once the tree is the window's root
    /// ```
    public final var window: ScreenWindow? {
        var current: ScreenModel = self
        while let next = current.container ?? current.presenter { current = next }
        return current.hostWindow
    }

    /// Whether the screen is meant to be shown without a route, as an alert or a share sheet
    /// is: `false` unless overridden. In a window whose root has a route, a screen shown without
    /// one is reported (``ScreenWithoutRoute``) unless this is `true`; either way, saving leaves
    /// it out.
    ///
    /// ```swift
    /// final class ShareScreen: ScreenModel {
    ///     override var isRouteless: Bool { true }
    /// }
    /// ```
    open var isRouteless: Bool { false }

    /// How the screen is shown when it is presented without a style of its own
    /// (``present(_:style:identifier:sender:wiring:)`` with `style` `nil`):
    /// ``PresentationStyle/sheet`` (the presenter stays on screen) unless overridden. Override it
    /// for a screen that is always a cover, as a UIKit controller may set its own
    /// `modalPresentationStyle` (UIViewController.h:269); to choose per presentation, pass
    /// `style:` instead. Read once, when it is presented: a value that changes while the screen
    /// is shown changes nothing until its next presentation.
    ///
    /// ```swift
    /// final class TourScreen: ScreenModel {
    ///     override var presentationStyle: PresentationStyle { .fullScreenCover }
    /// }
    /// ```
    open var presentationStyle: PresentationStyle { .sheet }

    // MARK: - Lifecycle, overridable

    /// Called before the screen appears. Read what other screens left in the context here: by
    /// the first call, the transition that showed the screen has wired its context and resolved
    /// it. It is called again each time the screen reappears (a screen pushed over it popped, a
    /// full-screen cover over it dismissed), not when a sheet or an alert over it goes.
    ///
    /// ```swift
    /// override func willAppear() { title = context[Title.self] }
    /// ```
    open func willAppear() {}
    /// Called after the screen appeared.
    ///
    /// ```swift
    /// override func didAppear() { startClock() }
    /// ```
    open func didAppear() {}
    /// Called before the screen disappears.
    ///
    /// ```swift
    /// override func willDisappear() { save() }
    /// ```
    open func willDisappear() {}
    /// Called after the screen disappeared.
    ///
    /// ```swift
    /// override func didDisappear() { stopClock() }
    /// ```
    open func didDisappear() {}

    // MARK: - Containment, for containers

    /// The screens a container holds; containers override it.
    var containedScreens: [ScreenModel] { [] }

    /// The contained screens that are visible while the container is; containers override it.
    var visibleChildren: [ScreenModel] { [] }

    /// Keeps the contained and presented screens wired when the context is replaced (for example
    /// by a `.share` wiring): a screen that shared the old context shares the new one, and a
    /// screen whose context was a child of the old one becomes a child of the new one.
    final func contextWasReplaced(_ old: ScreenContext) {
        guard old !== context else { return }
        for screen in containedScreens + (presented.map { [$0] } ?? []) {
            if screen.context === old {
                screen.context = context
            } else if screen.context.parent === old {
                // `attach` reports a conflict itself, as a misuse; the screen then keeps its context.
                try? screen.context.attach(to: context)
            }
        }
    }

    /// Called on a screen, its contained screens and its presented screens when it leaves the
    /// screen tree, taken out by `transition` (`nil`: what held it was released); containers that
    /// await something override it.
    func didLeaveHierarchy(by transition: ScreenTransition?) {}

    /// Called each time the screen appears, before ``didAppear()``, for what Baton starts
    /// itself: a start-up flow's ``HoppingScreen/run()``.
    func didAppearInTree() {}

    /// The await for this screen's result, set by the push or presentation that awaits it
    /// (``ScreenModel/push(_:returning:identifier:sender:wiring:)``); ended when it finishes or
    /// leaves the tree.
    final var awaitedResult: ResultWaiter?

    /// The identity of the link (``ScreenLinkRequest``) that pushed this screen, which
    /// ``ScreenIdentity`` reports for it while it is shown.
    final var linkIdentity: ScreenIdentity?

    /// How a transition last resolved this screen, for the report of an unresolved ``Resolved``
    /// property.
    final var resolutionTrace: ResolutionTrace?

    /// Set by ``Screen/finish(with:)`` on the screen it takes out of the tree, until it has left:
    /// a second finish (a double-tapped button) does nothing.
    final var isFinishing = false

    /// The tasks this screen runs (``task(_:)``), cancelled when it leaves the screen tree.
    // Main-actor state read as each screen leaves the tree; no user code runs during an access
    // (cancelling copies the tasks out first), so the run-time exclusivity checks are skipped.
    @exclusivity(unchecked) final var runningTasks: [Int: Task<Void, Never>] = [:]
    /// The identifier of the next task this screen starts.
    final var nextTaskID = 0
    /// Set when the screen leaves the screen tree: a task it starts while it is out of every
    /// window after that starts cancelled (``task(_:)``).
    @exclusivity(unchecked) final var hasLeftTree = false

    /// The keys whose values this screen stores on its own context for whoever shares it: a
    /// `.share` wiring moves them to the shared context instead of refusing.
    var valuesMovedWhenShared: [ObjectIdentifier] { [] }

    /// How a transition wired this screen's context, so that leaving the tree undoes it.
    enum Wiring {
        /// The context was attached under the source's; it goes back under `previousParent`.
        case inherited(previousParent: ScreenContext?)
        /// The screen shared the source's context; it gets its own back.
        case shared(own: ScreenContext)
    }

    /// The wiring a transition gave this screen, undone when it leaves the tree.
    final var wiring: Wiring?

    /// Takes this screen, which left the tree, out of the context tree: its context goes back
    /// to where it was before a transition wired it, so that it no longer receives the tree's
    /// events nor blocks registrations of the same name. Showing it again wires it again.
    ///
    /// A context that is a root again keeps reading values from the chain it left, held weakly
    /// (``ScreenContext/leftChain``): code that runs after `finish()` or `dismiss()` (the rest of
    /// an async action, a task) reads the live values of that chain while it exists, in a named
    /// scope too, not a key's default. Writes stay in its own context.
    final func unwire() {
        guard let wiring else { return }
        self.wiring = nil
        switch wiring {
        case .inherited(let previousParent):
            let left = context.parent
            // Back to a root (or to the parent it was made with), as it was before it was shown.
            // The attach is lenient: detaching cannot conflict, and the parent it was made with
            // held it before.
            MisuseMode.$current.withValue(.lenient) { try? context.attach(to: previousParent) }
            if context.parent == nil, let left { context.leftChain = LeftChain(left) }
        case .shared(let own):
            // The context it shared is the chain it read from.
            let left = context
            context = own
            if own.parent == nil {
                own.leftChain = LeftChain(left)
                // What it cached before it shared a context read a chain without that one.
                own.walkSubtree { context in
                    context.readCache.removeAll()
                    return true
                }
            }
        }
    }

    /// Called where a screen leaves the tree (popped, dismissed, replaced, hopped away): tells it
    /// and what it shows, and unwires its context once the transition has completed.
    final func leaveTree(by transition: ScreenTransition?) {
        leaveHierarchy(by: transition)
        TransitionEngine.departed(self)
    }

    /// Called from the `deinit` of a container or window: the screens it held, if something
    /// else keeps them alive (an awaiting task), left the tree, so awaited flows in them end.
    /// Their contexts stay as they are: the released tree's contexts live on with them.
    nonisolated static func released(_ screens: [ScreenModel]) {
        guard !screens.isEmpty else { return }
        let handoff = ReleasedScreens(screens: screens)
        // `assumeIsolated` exists from iOS 17 / macOS 14; before that the task does the same later.
        if MainActorCheck.isCurrent, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
            MainActor.assumeIsolated { for screen in handoff.screens { screen.leaveHierarchy(by: nil) } }
        } else {
            Task { @MainActor in for screen in handoff.screens { screen.leaveHierarchy(by: nil) } }
        }
    }

    /// Tells this screen and everything it shows that they left the screen tree, taken out by
    /// `transition` (`nil`: what held them was released): an await for the result of any of
    /// them ends.
    final func leaveHierarchy(by transition: ScreenTransition?) {
        // An alert a UI framework already closed leaves as a dismissal without a button.
        (self as? AlertScreen)?.answerBeforeLeaving()
        isFinishing = false
        linkIdentity = nil
        if let waiter = awaitedResult {
            awaitedResult = nil
            waiter.cancel(transition.map { .transition($0.record) } ?? .released)
        }
        hasLeftTree = true
        cancelTasks()
        didLeaveHierarchy(by: transition)
        for screen in containedScreens { screen.leaveHierarchy(by: transition) }
        presented?.leaveHierarchy(by: transition)
    }

    /// The screen presented from this screen or from one of its descendants, if any. As in UIKit,
    /// a screen inside a container presents through the container: the presentation covers it
    /// even after other screens are pushed, hopped to or selected over the presenting one.
    ///
    /// Constant time in the depth of a stack: a presentation made from a covered screen is
    /// recorded on the outermost container (``presentationOverContainer``) instead of being
    /// searched for among every contained screen.
    final var visiblePresentation: ScreenModel? {
        if let presented { return presented }
        if let shown = presentationOverContainer, let presenter = shown.presenter, presenter.presentationRoot === self {
            return shown
        }
        for child in visibleChildren {
            if let presented = child.visiblePresentation { return presented }
        }
        return nil
    }

    /// The outermost container of this screen: what a full-screen presentation from it covers.
    final var presentationRoot: ScreenModel {
        var current = self
        while let next = current.container { current = next }
        return current
    }

    /// The outermost containers on screen with this one, which is one, bottom first: this one
    /// alone when it was presented as a full-screen cover or is the window's root; else the
    /// layers under its presenter, then this one. A sheet leaves what it was presented over on
    /// screen (``PresentationStyle``).
    final var layersOnScreen: [ScreenModel] {
        var layers = [self]
        var current = self
        while current.shownStyle == .sheet, let presenter = current.presenter {
            current = presenter.presentationRoot
            layers.append(current)
        }
        return layers.reversed()
    }

    /// The outermost containers a visible window shows from this root up, bottom first: the
    /// root and each presentation above it, from the topmost full-screen cover on (what a cover
    /// hides is not shown).
    final var shownPresentationLayers: [ScreenModel] {
        var layers = [self]
        var current = self
        while let presented = current.visiblePresentation {
            if presented.shownStyle == .fullScreenCover { layers.removeAll() }
            layers.append(presented)
            current = presented
        }
        return layers
    }

    /// Whether this screen and its ancestors are in a visible window, so that transitions in it
    /// fire lifecycle callbacks.
    final var isInVisibleTree: Bool {
        appearance == .appeared || appearance == .appearing
    }

    /// Fires `phase` on this screen and then on its visible children, outer to inner.
    ///
    /// A child receives the phase only from the state that precedes it: a transition performed
    /// inside this screen's callback (a hop in `didAppear`, a push in `willAppear`) has already
    /// given the new child its own callbacks, and forwarding them again would fire them twice.
    final func apply(_ phase: LifecyclePhase, in window: ScreenWindow?) {
        switch phase {
        case .willAppear: appearance = .appearing
        case .didAppear: appearance = .appeared
        case .willDisappear: appearance = .disappearing
        case .didDisappear: appearance = .disappeared
        }
        // Through the optional, not bound with `if let`: the binding retained the window on each
        // callback (through its weak-reference side table, ~150 instructions, eight callbacks a
        // push + pop) even with nothing to record.
        if window?.notesLifecycle == true { window?.noteLifecycle(phase, of: self) }
        switch phase {
        case .willAppear: willAppear()
        case .didAppear:
            didAppearInTree()
            didAppear()
        case .willDisappear: willDisappear()
        case .didDisappear: didDisappear()
        }
        for child in visibleChildren where child.canReceive(phase) { child.apply(phase, in: window) }
    }

    /// Whether `phase` follows this screen's current appearance.
    final func canReceive(_ phase: LifecyclePhase) -> Bool {
        switch phase {
        case .willAppear: appearance == .disappeared || appearance == .disappearing
        case .didAppear: appearance == .appearing
        case .willDisappear: appearance == .appeared || appearance == .appearing
        case .didDisappear: appearance == .disappearing
        }
    }

    /// The container, presenter or window that already shows this screen, if any.
    final var currentHolder: String? {
        if let container { return container.screenName }
        if let presenter { return presenter.screenName }
        if hostWindow != nil { return "the window" }
        return nil
    }

    /// Runs a transition of this screen now, or, while another transition runs (this one was
    /// requested from a resolver, a lifecycle callback, a hook or a continuation), right after
    /// it, in request order. See <doc:Reentrancy>.
    final func requestTransition(
        _ request: @autoclosure () -> String, _ body: @escaping @MainActor () throws(ScreenError) -> Void
    ) throws(ScreenError) {
        if TransitionEngine.defers(request(), window: window, body) { return }
        try TransitionEngine.exclusively(while: request(), body)
    }

    final func requireFree() throws(ScreenError) {
        if let holder = currentHolder {
            throw misuse(ScreenError.alreadyInHierarchy(screen: screenName, container: holder))
        }
    }

    /// Throws when a screen is listed twice in `screens`, the screens given to this container:
    /// it would hold one screen in two places.
    final func requireDistinct(_ screens: [ScreenModel]) throws(ScreenError) {
        guard screens.count > 1 else { return }
        var seen = Set<ObjectIdentifier>(minimumCapacity: screens.count)
        for screen in screens where !seen.insert(ObjectIdentifier(screen)).inserted {
            throw misuse(ScreenError.duplicateScreen(screen: screen.screenName, container: screenName))
        }
    }
}

/// Screens handed from a `deinit` to the main actor; they are used only there.
private struct ReleasedScreens: @unchecked Sendable {
    let screens: [ScreenModel]
}
