/// A container that shows one of several tabs (UIKit's `UITabBarController`).
///
/// Tabs may share one context, the container's, so that what one tab sets the others read. On
/// every selection the container stores the selected index under ``SelectedTabIndex`` in its
/// context, so the selection can be reported back to the screen that showed the tabs:
///
/// ```swift
/// let tabs = try TabScreen(tabs: [colors, sizes], sharesContext: true)
/// try main.present(tabs, wiring: .share)   // tabs, colors and sizes all use main's context
/// tabs.select(at: 1)
/// main.context[TabScreen.SelectedTabIndex.self]   // 1
/// ```
///
/// Lifecycle order of a selection: the old tab's will-disappear, the new tab's will-appear, the
/// old tab's did-disappear, the new tab's did-appear.
@MainActor
open class TabScreen: ScreenModel {
    /// The key under which a tab container stores its selected index, in its own context.
    ///
    /// ```swift
    /// let selected = context[TabScreen.SelectedTabIndex.self]
    /// ```
    public enum SelectedTabIndex: ContextKey {
        /// The index of the selected tab.
        ///
        /// ```swift
        /// let index: TabScreen.SelectedTabIndex.Value = 0
        /// ```
        public typealias Value = Int
    }

    /// The tabs, in order.
    ///
    /// ```swift
    /// tabs.tabs.map(\.screenName)   // ["colors", "sizes"]
    /// ```
    public final private(set) var tabs: [ScreenModel]

    /// The index of the selected tab.
    ///
    /// A read inside an Observation tracking scope (a SwiftUI view's body) is tracked: a
    /// ``select(at:sender:)`` that changes the selection ends it.
    ///
    /// ```swift
    /// tabs.selectedIndex   // 0
    /// ```
    public final var selectedIndex: Int {
        observedState.track()
        return selection
    }

    final var selection: Int

    /// Whether every tab uses the container's context.
    ///
    /// ```swift
    /// tabs.sharesContext   // true
    /// ```
    public final let sharesContext: Bool

    /// The selected tab.
    ///
    /// ```swift
    /// tabs.selectedTab === colors
    /// ```
    public final var selectedTab: ScreenModel { tabs[selectedIndex] }

    /// Makes a tab container. Each tab's context becomes a child of the container's, or, with
    /// `sharesContext`, is the container's.
    ///
    /// ```swift
    /// let tabs = try TabScreen(tabs: [colors, sizes], selectedIndex: 0, sharesContext: true)
    /// ```
    ///
    /// - Parameters:
    ///   - tabs: The tabs, at least one.
    ///   - selectedIndex: The tab selected first.
    ///   - sharesContext: Whether every tab uses the container's context.
    ///   - name: A name for registries, logs, graphs and named scopes.
    ///   - context: The container's context.
    /// - Throws: Each tab's context is wired to the container's, so this fails when a tab's
    ///   context cannot join (``ScreenError/contextWiring(destination:_:)``); a `selectedIndex`
    ///   that is not a tab's, or no tabs (``ScreenError/tabOutOfRange(index:container:tabs:)``), a
    ///   tab shown elsewhere (``ScreenError/alreadyInHierarchy(screen:container:)``) and a screen
    ///   listed twice (``ScreenError/duplicateScreen(screen:container:)``) are misuses.
    public init(
        tabs: [ScreenModel], selectedIndex: Int = 0, sharesContext: Bool = false, name: String? = nil,
        context: ScreenContext? = nil
    ) throws(ScreenError) {
        self.tabs = tabs
        self.selection = selectedIndex
        self.sharesContext = sharesContext
        super.init(name: name, context: context)
        guard tabs.indices.contains(selectedIndex) else {
            throw misuse(
                ScreenError.tabOutOfRange(index: selectedIndex, container: screenName, tabs: tabs.map(\.screenName)))
        }
        try requireDistinct(tabs)
        for tab in tabs { try tab.requireFree() }
        for tab in tabs {
            _ = try TransitionEngine.wire(tab, to: self.context, sharesContext ? .share : .inherit)
            tab.container = self
        }
        self.context.set(selectedIndex, for: SelectedTabIndex.self)
    }

    /// The tabs of a released tab container leave the tree: awaited hops in them end with an error.
    deinit {
        ScreenModel.released(tabs)
    }

    /// The selection is reported to a presenter that shares this screen's context.
    override var valuesMovedWhenShared: [ObjectIdentifier] { [ObjectIdentifier(SelectedTabIndex.self)] }

    override var containedScreens: [ScreenModel] { tabs }
    override var visibleChildren: [ScreenModel] { [tabs[selectedIndex]] }

    /// Selects the tab at `index`, with a ``TransitionKind/selectTab`` transition, and stores the
    /// index under ``SelectedTabIndex``. Selecting the selected tab does nothing.
    ///
    /// ```swift
    /// tabs.select(at: 1)
    /// ```
    ///
    /// A tab is in the tree already and was resolved when its container was shown, so selecting
    /// one wires and resolves nothing, and cannot fail: it does not throw.
    ///
    /// An index out of range changes nothing and never stops the program, as UIKit's
    /// `selectedIndex` and SwiftUI's `TabView(selection:)` ignore it (an index read from a link,
    /// say); it is not silent: the window posts
    /// ``ScreenError/tabOutOfRange(index:container:tabs:)`` as ``TransitionDidFail``.
    ///
    /// - Parameters:
    ///   - index: The tab's index.
    ///   - sender: An optional sender.
    public final func select(at index: Int, sender: Any? = nil) {
        // A selection requested during another transition runs after it; a failure names that one.
        // The body catches and reports its failure (`reportFailedSelection`): nothing is dropped.
        let inProgress = TransitionEngine.running?()
        try? requestTransition("selection of tab \(index) of \(screenName)") { () throws(ScreenError) in
            do throws(ScreenError) {
                try self.performSelect(at: index, sender: sender)
            } catch {
                self.reportFailedSelection("selection of tab \(index) of \(self.screenName)", inProgress, error)
            }
        }
    }

    /// Selects the tab at `index` now. A selection wires and resolves nothing; it throws only
    /// for an index out of range, which never stops the program: UIKit's `selectedIndex` and
    /// SwiftUI's `TabView(selection:)` ignore a selection that names no tab (DESIGN rule 38).
    func performSelect(at index: Int, sender: Any?) throws(ScreenError) {
        guard tabs.indices.contains(index) else {
            throw ScreenError.tabOutOfRange(index: index, container: screenName, tabs: tabs.map(\.screenName))
        }
        guard index != selectedIndex else { return }
        let old = tabs[selectedIndex]
        let new = tabs[index]
        let transition = ScreenTransition(kind: .selectTab, source: old, destination: new, sender: sender)
        // A tab selection wires nothing and resolves nothing: it cannot throw.
        try? TransitionEngine.perform(
            transition, wiring: .isolate, sourceContext: nil, visible: isInVisibleTree, window: window,
            leaving: [old], entering: [new]
        ) {
            selection = index
            context.set(index, for: SelectedTabIndex.self)
        }
        observedState.publish()
    }

    /// Selects `tab`; like ``select(at:sender:)``, it cannot fail and does not throw.
    ///
    /// ```swift
    /// tabs.select(sizes)
    /// ```
    ///
    /// - Parameters:
    ///   - tab: One of the tabs.
    ///   - sender: An optional sender.
    /// - Precondition: `tab` is one of the tabs. Another screen is a misuse, as UIKit's
    ///   `selectedViewController` raises for one (``ScreenError/notATab(screen:container:tabs:)``):
    ///   ``MisuseMode/strict`` stops at it; otherwise the selection is left as it is, and the
    ///   window posts the error as ``TransitionDidFail``.
    public final func select(_ tab: ScreenModel, sender: Any? = nil) {
        guard let index = tabs.firstIndex(where: { $0 === tab }) else {
            let error = misuse(
                ScreenError.notATab(screen: tab.screenName, container: screenName, tabs: tabs.map(\.screenName)))
            return reportFailedSelection(
                "selection of \(tab.screenName) in \(screenName)", TransitionEngine.running?(), error)
        }
        select(at: index, sender: sender)
    }

    /// Reports a selection that was a misuse where it is not thrown: in the window, as a
    /// ``TransitionDidFail`` post (what a transition queued behind another reports).
    private func reportFailedSelection(_ request: String, _ inProgress: String?, _ error: ScreenError) {
        let failure = TransitionFailure(request: request, inProgress: inProgress, error: error)
        window?.context.post(TransitionDidFail.self, failure, reach: .local)
    }
}
