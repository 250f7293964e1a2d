/// A container that shows one of several tabs (UIKit's `UITabBarController`).
///
/// Tabs may share one context, the container's, so that what one tab sets the others read. On
/// every selection the container stores the selected index under ``SelectedTabIndex`` in its
/// context, so the selection can be reported back to the screen that showed the tabs:
///
/// ```swift
/// let tabs = try TabScreen(tabs: [colors, sizes], sharesContext: true)
/// try main.present(tabs, wiring: .share)   // tabs, colors and sizes all use main's context
/// try tabs.select(at: 1)
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
    /// - Throws: ``ScreenError/tabOutOfRange(index:container:tabs:)`` when `selectedIndex` is not a
    ///   tab's, ``ScreenError/alreadyInHierarchy(screen:container:)`` when a tab is shown elsewhere.
    public init(
        tabs: [ScreenModel], selectedIndex: Int = 0, sharesContext: Bool = false, name: String? = nil,
        context: Context? = nil
    ) throws(ScreenError) {
        self.tabs = tabs
        self.selection = selectedIndex
        self.sharesContext = sharesContext
        super.init(name: name, context: context)
        guard tabs.indices.contains(selectedIndex) else {
            throw misuse(
                ScreenError.tabOutOfRange(index: selectedIndex, container: screenName, tabs: tabs.map(\.screenName)))
        }
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
    /// try tabs.select(at: 1)
    /// ```
    ///
    /// - Parameters:
    ///   - index: The tab's index.
    ///   - sender: An optional sender.
    /// - Throws: ``ScreenError/tabOutOfRange(index:container:tabs:)``.
    public final func select(at index: Int, sender: Any? = nil) throws(ScreenError) {
        try requestTransition("selection of tab \(index) of \(screenName)") { () throws(ScreenError) in
            try self.performSelect(at: index, sender: sender)
        }
    }

    func performSelect(at index: Int, sender: Any?) throws(ScreenError) {
        guard tabs.indices.contains(index) else {
            throw misuse(ScreenError.tabOutOfRange(index: index, container: screenName, tabs: tabs.map(\.screenName)))
        }
        guard index != selectedIndex else { return }
        let old = tabs[selectedIndex]
        let new = tabs[index]
        let transition = ScreenTransition(kind: .selectTab, source: old, destination: new, sender: sender)
        try TransitionEngine.perform(
            transition, wiring: .isolate, sourceContext: nil, visible: isInVisibleTree, window: window,
            leaving: [old], entering: [new]
        ) {
            selection = index
            context.set(index, for: SelectedTabIndex.self)
        }
        observedState.publish()
    }

    /// Selects `tab`.
    ///
    /// ```swift
    /// try tabs.select(sizes)
    /// ```
    ///
    /// - Parameters:
    ///   - tab: One of the tabs.
    ///   - sender: An optional sender.
    /// - Throws: ``ScreenError/notATab(screen:container:tabs:)``.
    public final func select(_ tab: ScreenModel, sender: Any? = nil) throws(ScreenError) {
        guard let index = tabs.firstIndex(where: { $0 === tab }) else {
            throw misuse(
                ScreenError.notATab(screen: tab.screenName, container: screenName, tabs: tabs.map(\.screenName)))
        }
        try select(at: index, sender: sender)
    }
}
