/// What a window shows at one moment, as a value: its screens with their names, types, routes
/// and lifecycle phases; the context values each holds and reads; how each was shown and
/// resolved; the links that wait for a start-up flow and the results that flows await.
///
/// One text form (``text``) and one JSON form (``json``), the same in a test (BatonTesting
/// prints it when `window.next` or a recorder fails), on a device (BatonSwiftUI's inspector)
/// and in a terminal. Values are described with `String(describing:)`; a key that declares
/// itself ``ContextKey/isPrivate`` shows `<private>` instead.
///
/// ```swift
/// print(window.snapshot())
/// // window app
/// //   holds session = <private>
/// // stack (StackScreen) appeared
/// //   list (ScreenModel) appeared
/// //     holds filter = open
/// ```
public struct WindowSnapshot: Hashable, Sendable, CustomStringConvertible {
    /// One context value: the key's name, the value described (or `<private>`), and for a read,
    /// the context that holds it.
    ///
    /// ```swift
    /// snapshot.screen?.values.first?.description   // "filter = open"
    /// ```
    public struct Value: Hashable, Sendable, CustomStringConvertible {
        /// The key's name.
        ///
        /// ```swift
        /// value.key   // "filter"
        /// ```
        public let key: String
        /// The value, described; `<private>` for a private key, `<null>` for an explicit nil.
        ///
        /// ```swift
        /// value.value   // "open"
        /// ```
        public let value: String
        /// For a read: the name of the context that holds the value.
        ///
        /// ```swift
        /// value.holder   // "app"
        /// ```
        public let holder: String?

        /// `key = value`, with `(from holder)` for a read.
        ///
        /// ```swift
        /// print(value)   // session = <private> (from app)
        /// ```
        public var description: String {
            "\(key) = \(value)" + (holder.map { " (from \($0))" } ?? "")
        }
    }

    /// One screen and what it contains.
    ///
    /// ```swift
    /// snapshot.screen?.children.map(\.name)   // ["list", "detail"]
    /// ```
    public struct Screen: Hashable, Sendable {
        /// The screen's name.
        ///
        /// ```swift
        /// screen.name   // "list"
        /// ```
        public let name: String
        /// The screen's type.
        ///
        /// ```swift
        /// screen.type   // "TaskListScreen"
        /// ```
        public let type: String
        /// Its route, described; `nil` for a screen made without one.
        ///
        /// ```swift
        /// screen.route   // "list"
        /// ```
        public let route: String?
        /// Where it is in its appearance cycle.
        ///
        /// ```swift
        /// screen.phase   // .appeared
        /// ```
        public let phase: Appearance
        /// Whether it is the selected tab of a tab container.
        ///
        /// ```swift
        /// screen.isSelectedTab   // true
        /// ```
        public let isSelectedTab: Bool
        /// The name of the screen whose context it shares (``ContextWiring/share``, tabs that
        /// share one context); `nil` when it has its own. Its values are listed there.
        ///
        /// ```swift
        /// screen.sharesContextWith   // "tabs"
        /// ```
        public let sharesContextWith: String?
        /// The values its own context holds, by key name.
        ///
        /// ```swift
        /// screen.values.map(\.description)   // ["filter = open"]
        /// ```
        public let values: [Value]
        /// The values it read from contexts further in (its read cache), by key name.
        ///
        /// ```swift
        /// screen.reads.map(\.description)   // ["session = <private> (from app)"]
        /// ```
        public let reads: [Value]
        /// The transition that last resolved it, the coordinator (unless the window's) and, while
        /// the window records navigation events, the resolvers that ran: where its dependencies
        /// came from. `nil` when it was never resolved.
        ///
        /// ```swift
        /// screen.resolvedBy   // "push: list → detail, coordinator checkout; resolvers direct: …"
        /// ```
        public let resolvedBy: String?
        /// What waits for it: a flow awaiting its result or a hop's continuation.
        ///
        /// ```swift
        /// screen.awaitedBy   // "an await of SortOrder"
        /// ```
        public let awaitedBy: String?
        /// The screens it contains: a stack's, bottom first; a tab container's tabs; a hopping
        /// container's step.
        ///
        /// ```swift
        /// screen.children.map(\.name)   // ["list", "detail"]
        /// ```
        public let children: [Screen]
        /// The screen it presents, if any (boxed: a screen's value contains screens).
        ///
        /// ```swift
        /// screen.presented?.name   // "sort"
        /// ```
        public var presented: Screen? { presentedBox.first }
        let presentedBox: [Screen]
    }

    /// The window's context's name.
    ///
    /// ```swift
    /// snapshot.windowContext   // "app"
    /// ```
    public let windowContext: String
    /// The values the window's context (and the contexts it is layered over) holds.
    ///
    /// ```swift
    /// snapshot.windowValues.map(\.key)   // ["session"]
    /// ```
    public let windowValues: [Value]
    /// The root screen's tree, or `nil` for a window without a root.
    ///
    /// ```swift
    /// snapshot.screen?.name   // "startup"
    /// ```
    public let screen: Screen?
    /// The screen tree assignments (links, restorations) that wait for a start-up flow, in order.
    ///
    /// ```swift
    /// snapshot.waitingLinks   // ["navigation to startup(main[item(id: 42)])"]
    /// ```
    public let waitingLinks: [String]

    /// The snapshot as indented text: the window's values, then one line per screen
    /// (`name (Type) route phase`) with its values, reads and resolution under it, then the
    /// waiting links.
    ///
    /// ```swift
    /// print(snapshot.text)
    /// ```
    public var text: String {
        var lines = ["window \(windowContext)"]
        for value in windowValues { lines.append("  holds \(value)") }
        if let screen { Self.write(screen, depth: 0, into: &lines) }
        for link in waitingLinks { lines.append("waiting: \(link)") }
        return lines.joined(separator: "\n")
    }

    /// ``text``.
    ///
    /// ```swift
    /// print(window.snapshot())
    /// ```
    public var description: String { text }

    /// The snapshot as JSON text: `{"window":{"context":…,"values":[…]},"screen":{…},"waitingLinks":[…]}`;
    /// each screen is `{"name","type","route","phase","selectedTab","sharesContextWith","values",
    /// "reads","resolvedBy","awaitedBy","children","presented"}`, each value
    /// `{"key","value","holder"}`.
    ///
    /// ```swift
    /// try saveText(window.snapshot().json, to: "snapshot.json")
    /// ```
    public var json: String {
        let window = JSONValue.object([
            .init(key: "context", value: .string(windowContext)),
            .init(key: "values", value: .array(windowValues.map(Self.json))),
        ])
        return JSONValue.object([
            .init(key: "window", value: window),
            .init(key: "screen", value: screen.map(Self.json) ?? .null),
            .init(key: "waitingLinks", value: .array(waitingLinks.map(JSONValue.string))),
        ]).text
    }

    private static func write(_ screen: Screen, depth: Int, into lines: inout [String]) {
        let indent = String(repeating: "  ", count: depth)
        var line = indent + (screen.isSelectedTab ? "* " : "") + "\(screen.name) (\(screen.type))"
        if let route = screen.route, route != screen.name { line += " route \(route)" }
        line += " \(phaseName(screen.phase))"
        lines.append(line)
        if let shared = screen.sharesContextWith { lines.append("\(indent)    shares the context of \(shared)") }
        for value in screen.values { lines.append("\(indent)    holds \(value)") }
        for value in screen.reads { lines.append("\(indent)    reads \(value)") }
        if let resolved = screen.resolvedBy { lines.append("\(indent)    shown by \(resolved)") }
        if let awaited = screen.awaitedBy { lines.append("\(indent)    awaited by \(awaited)") }
        for child in screen.children { write(child, depth: depth + 1, into: &lines) }
        if let presented = screen.presented {
            lines.append("\(indent)  presents:")
            write(presented, depth: depth + 2, into: &lines)
        }
    }

    static func phaseName(_ phase: Appearance) -> String {
        switch phase {
        case .disappeared: "disappeared"
        case .appearing: "appearing"
        case .appeared: "appeared"
        case .disappearing: "disappearing"
        }
    }

    private static func json(_ value: Value) -> JSONValue {
        .object([
            .init(key: "key", value: .string(value.key)),
            .init(key: "value", value: .string(value.value)),
            .init(key: "holder", value: value.holder.map(JSONValue.string) ?? .null),
        ])
    }

    private static func json(_ screen: Screen) -> JSONValue {
        func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
        return .object([
            .init(key: "name", value: .string(screen.name)),
            .init(key: "type", value: .string(screen.type)),
            .init(key: "route", value: optional(screen.route)),
            .init(key: "phase", value: .string(phaseName(screen.phase))),
            .init(key: "selectedTab", value: .bool(screen.isSelectedTab)),
            .init(key: "sharesContextWith", value: optional(screen.sharesContextWith)),
            .init(key: "values", value: .array(screen.values.map(json))),
            .init(key: "reads", value: .array(screen.reads.map(json))),
            .init(key: "resolvedBy", value: optional(screen.resolvedBy)),
            .init(key: "awaitedBy", value: optional(screen.awaitedBy)),
            .init(key: "children", value: .array(screen.children.map(json))),
            .init(key: "presented", value: screen.presented.map(json) ?? .null),
        ])
    }
}

extension ScreenWindow {
    /// A snapshot of what the window shows now: screens, routes, phases, context values, how
    /// each screen was resolved, waiting links and awaited results. It changes nothing and costs
    /// one visit per screen and per value (a 1,000-screen window takes well under 10 ms).
    ///
    /// ```swift
    /// print(window.snapshot())         // text
    /// let json = window.snapshot().json
    /// ```
    ///
    /// - Returns: The snapshot.
    public func snapshot() -> WindowSnapshot {
        var windowValues: [WindowSnapshot.Value] = []
        var current: ScreenContext? = context
        while let layer = current {
            windowValues += Self.values(of: layer, holder: current === context ? nil : layer.label)
            current = layer.parent
        }
        return WindowSnapshot(
            windowContext: context.label, windowValues: windowValues,
            screen: currentRoot.map { snapshot(of: $0, in: nil, selected: false) },
            waitingLinks: waitingNavigations.map(\.request))
    }

    private func snapshot(of screen: ScreenModel, in container: ScreenModel?, selected: Bool) -> WindowSnapshot.Screen {
        let shares = container.flatMap { $0.context === screen.context ? $0.screenName : nil }
        var children: [WindowSnapshot.Screen] = []
        if let tabs = screen as? TabScreen {
            for (index, tab) in tabs.tabs.enumerated() {
                children.append(snapshot(of: tab, in: screen, selected: index == tabs.selection))
            }
        } else {
            children = screen.containedScreens.map { snapshot(of: $0, in: screen, selected: false) }
        }
        var awaited: String?
        if let waiter = screen.awaitedResult, waiter.isWaiting { awaited = "an await of \(waiter.typeName)" }
        if let hopping = container as? HoppingScreen, hopping.currentStep === screen {
            awaited = awaited ?? hopping.waitingForStep
        }
        return WindowSnapshot.Screen(
            name: screen.screenName, type: TypeNames.name(of: type(of: screen)),
            route: screen.anyRoute.map { String(describing: $0) }, phase: screen.appearance, isSelectedTab: selected,
            sharesContextWith: shares, values: shares == nil ? Self.values(of: screen.context, holder: nil) : [],
            reads: shares == nil ? Self.reads(of: screen.context) : [], resolvedBy: resolution(of: screen),
            awaitedBy: awaited, children: children,
            presentedBox: screen.presented.map { [snapshot(of: $0, in: nil, selected: false)] } ?? [])
    }

    /// How `screen` was last resolved, with the resolvers the window's recent events name.
    private func resolution(of screen: ScreenModel) -> String? {
        guard let trace = screen.resolutionTrace else { return nil }
        var text = ResolutionReport.describe(trace, of: screen)
        // The window's coordinator is what most screens use: only another one is named.
        let windowCoordinator = context[DependencyCoordinatorKey.self] ?? DependencyCoordinator.default
        if trace.coordinator !== windowCoordinator { text += ", coordinator \(trace.coordinator.name)" }
        let shown = trace.shownWith?.screenName ?? screen.screenName
        if let event = navigationEventHub?.log.elements.last(where: {
            if case .transition = $0.action { $0.destination == shown } else { false }
        }), !event.resolutions.isEmpty {
            text += "; resolvers " + event.resolutions.joined(separator: ", ")
        }
        return text
    }

    /// The values Baton stores for itself, which a snapshot shows otherwise: a screen's
    /// coordinator (in its "shown by" line), a tab container's selection (its `*` tab).
    private static let ownKeys: Set<ObjectIdentifier> = [
        ObjectIdentifier(DependencyCoordinatorKey.self), ObjectIdentifier(TabScreen.SelectedTabIndex.self),
    ]

    private static func values(of context: ScreenContext, holder: String?) -> [WindowSnapshot.Value] {
        context.sortedSlots.filter { !ownKeys.contains($0.key.id) }.map { slot in
            WindowSnapshot.Value(
                key: slot.key.name, value: slot.key.isPrivate ? "<private>" : (slot.box?.debugText ?? "<null>"),
                holder: holder)
        }
    }

    /// The values `context` read from contexts further in, found through its read cache.
    private static func reads(of context: ScreenContext) -> [WindowSnapshot.Value] {
        var reads: [WindowSnapshot.Value] = []
        for id in context.readCache.keys where context.slots[id] == nil && !ownKeys.contains(id) {
            // The nearest holder now, walked afresh: a cached holder may be stale.
            var current = context.parent
            var found: (ScreenContext, Slot)?
            while let layer = current {
                if let slot = layer.slots[id] {
                    found = (layer, slot)
                    break
                }
                current = layer.parent
            }
            guard let (holder, slot) = found else { continue }
            reads.append(
                WindowSnapshot.Value(
                    key: slot.key.name, value: slot.key.isPrivate ? "<private>" : (slot.box?.debugText ?? "<null>"),
                    holder: holder.label))
        }
        return reads.sorted { ($0.key, $0.holder ?? "") < ($1.key, $1.holder ?? "") }
    }
}

extension ScreenWindow {
    /// The inspector's page: the window's snapshot (``snapshot()``), then its newest navigation
    /// events, newest last. The same text on a device (BatonSwiftUI's `WindowInspectorView`) and
    /// in a terminal. Events are listed while ``recordsNavigationEvents`` is on; an inspector
    /// turns it on.
    ///
    /// ```swift
    /// window.recordsNavigationEvents = true
    /// print(window.inspectorText())
    /// // window app
    /// // …
    /// // events:
    /// //   push: list → detail (call by list)
    /// ```
    ///
    /// - Parameter events: How many of the newest events to list.
    /// - Returns: The page.
    public func inspectorText(events: Int = 50) -> String {
        let recent = recentNavigationEvents.suffix(max(events, 0))
        var lines = [snapshot().text, "events:"]
        if recent.isEmpty {
            lines.append(recordsNavigationEvents ? "  none yet" : "  not recorded (recordsNavigationEvents is off)")
        }
        for event in recent { lines.append("  \(event)") }
        return lines.joined(separator: "\n")
    }
}
