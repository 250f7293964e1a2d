/// Holds resolvers and runs them on every forward transition of the screen tree
/// (MHDependencyKit's `DependencyCoordinator`, without swizzling).
///
/// ```swift
/// let coordinator = DependencyCoordinator.default
/// try coordinator.register(.direct { (source: ContactListScreen, destination: ContactDetailsScreen) in
///     destination.contactID = source.selectedContact.id
/// })
/// try stack.push(ContactDetailsScreen())   // the resolver runs before the details' will-appear
/// ```
///
/// A screen's coordinator is stored in its context, so a destination inherits its source's
/// coordinator, and a coordinator set on a screen (a workflow coordinator) applies to it and
/// all its descendants. Screens without one use ``default``.
///
/// Order: on a forward transition, the destination's context is wired first, then the
/// coordinator runs (before any lifecycle callback of the transition, so before the
/// destination's will-appear), then the container changes and lifecycle callbacks fire. If a
/// resolver throws, the wiring is undone, the transition is not performed, and the coordinator's
/// own state (a context resolver's remembered source, an initial resolver's single use) is left
/// as it was.
///
/// Dispatch cost does not grow with resolvers that cannot match: matches are indexed by the
/// screens' concrete types and cached until the next registration.
@MainActor
public final class DependencyCoordinator {
    /// The shared coordinator that screens use unless they have their own.
    ///
    /// ```swift
    /// try DependencyCoordinator.default.register(.destination { (d: MainScreen) in d.model = model })
    /// ```
    public static let `default` = DependencyCoordinator(name: "default")

    /// The coordinator's name, for descriptions and errors.
    ///
    /// ```swift
    /// DependencyCoordinator(name: "signup").name   // "signup"
    /// ```
    public let name: String

    /// Whether each resolution is recorded in ``resolutionLog``; off by default.
    ///
    /// ```swift
    /// coordinator.recordsResolutions = true
    /// ```
    public var recordsResolutions = false

    /// The resolutions recorded while ``recordsResolutions`` is on: which resolvers ran for which
    /// transition.
    ///
    /// ```swift
    /// coordinator.resolutionLog.last?.resolvers   // ["direct: ListScreen → DetailScreen (…)"]
    /// ```
    public private(set) var resolutionLog: [ResolutionRecord] = []

    fileprivate var entries: [ResolverEntry] = []
    private var children: [DependencyCoordinator] = []
    private var destinationIndex: [ObjectIdentifier: [ResolverEntry]] = [:]
    private var sourceIndex: [ObjectIdentifier: [ResolverEntry]] = [:]
    /// How many resolver-against-screen-type checks filled the indexes. It stops growing once
    /// every screen type seen has been indexed, whatever the number of resolvers (DESIGN rule
    /// 29); tests read it.
    private(set) var indexMatchChecks = 0

    /// Makes an empty coordinator.
    ///
    /// ```swift
    /// let coordinator = DependencyCoordinator(name: "checkout")
    /// ```
    ///
    /// - Parameter name: A name for descriptions and errors.
    public init(name: String) {
        self.name = name
    }

    // MARK: - Registering

    /// Registers a resolver.
    ///
    /// ```swift
    /// try coordinator.register(.destination { (destination: any ModelConfigurable) in destination.model = model })
    /// ```
    ///
    /// - Parameter resolver: The resolver.
    /// - Throws: ``DependencyError/conflictingResolver(existing:new:coordinator:)`` when a resolver
    ///   of the same kind, types and identifier is already registered here.
    public func register(_ resolver: DependencyResolver) throws(DependencyError) {
        if let existing = entries.first(where: { $0.conflicts(with: resolver) }) {
            throw misuse(
                DependencyError.conflictingResolver(
                    existing: existing.resolver.summary, new: resolver.summary, coordinator: name))
        }
        entries.append(ResolverEntry(resolver))
        invalidate()
    }

    /// The registered resolvers, in registration order (children's not included).
    ///
    /// ```swift
    /// coordinator.resolvers.map(\.summary)
    /// ```
    public var resolvers: [DependencyResolver] { entries.map(\.resolver) }

    /// Adds a child coordinator whose resolvers take part in every resolution this one performs,
    /// after this one's. A coordinator reached several times through children (or through a
    /// cycle) takes part once per transition.
    ///
    /// ```swift
    /// let analytics = DependencyCoordinator(name: "analytics")
    /// coordinator.addChild(analytics)
    /// ```
    ///
    /// - Parameter child: The child coordinator.
    public func addChild(_ child: DependencyCoordinator) {
        guard child !== self, !children.contains(where: { $0 === child }) else { return }
        children.append(child)
    }

    /// The child coordinators, in the order they were added.
    ///
    /// ```swift
    /// coordinator.childCoordinators.map(\.name)   // ["analytics"]
    /// ```
    public var childCoordinators: [DependencyCoordinator] { children }

    /// Removes a child coordinator.
    ///
    /// ```swift
    /// coordinator.removeChild(analytics)
    /// ```
    ///
    /// - Parameter child: The child coordinator.
    public func removeChild(_ child: DependencyCoordinator) {
        children.removeAll { $0 === child }
    }

    /// Makes a workflow coordinator: a copy of this one (its resolvers and children) plus extra
    /// resolvers. Set it on a screen with ``Screen/dependencyCoordinator`` to apply it to that
    /// screen and all its descendants.
    ///
    /// ```swift
    /// signup.dependencyCoordinator = try DependencyCoordinator.default.makeWorkflow(
    ///     named: "signup", adding: [.direct { (s: SignupScreen, d: TermsScreen) in d.email = s.email }])
    /// ```
    ///
    /// - Parameters:
    ///   - name: The workflow coordinator's name.
    ///   - extras: The resolvers to add.
    /// - Returns: The new coordinator.
    /// - Throws: ``DependencyError/conflictingResolver(existing:new:coordinator:)``.
    public func makeWorkflow(named name: String, adding extras: [DependencyResolver]) throws(DependencyError)
        -> DependencyCoordinator
    {
        let workflow = DependencyCoordinator(name: name)
        workflow.entries = entries
        workflow.children = children
        for resolver in extras { try workflow.register(resolver) }
        return workflow
    }

    // MARK: - Resolving

    /// Resolves by hand between two screens, outside the screen tree (MHDependencyKit's
    /// `resolveDependencies(from:to:)`), with a ``TransitionKind/manual`` transition.
    ///
    /// ```swift
    /// try coordinator.resolveDependencies(from: contactList, to: contactDetails)
    /// ```
    ///
    /// - Parameters:
    ///   - source: The source screen.
    ///   - destination: The destination screen.
    ///   - identifier: An optional transition identifier.
    ///   - sender: An optional sender.
    /// - Throws: ``DependencyError/resolverFailed(resolver:transition:reason:alreadyRan:)``.
    public func resolveDependencies(
        from source: any Screen, to destination: any Screen, identifier: String? = nil, sender: Any? = nil
    ) throws(DependencyError) {
        try resolve(
            Transition(kind: .manual, source: source, destination: destination, identifier: identifier, sender: sender))
    }

    /// Runs `body` with a one-shot resolver that applies to the first transition `body`
    /// performs, and to no other (MHDependencyKit's "perform a segue with inline resolution").
    ///
    /// The one-shot resolver runs before the coordinator's own resolvers, whichever coordinator
    /// resolves the transition; ``resolveDependencies(from:to:identifier:sender:)`` counts as a
    /// transition. When calls are nested, every one-shot resolver not used yet applies to that
    /// first transition, outer first.
    ///
    /// ```swift
    /// try DependencyCoordinator.resolvingNextTransition(.direct { (s: MainScreen, d: AwesomeScreen) in
    ///     d.title = "My Awesome Screen"
    /// }) {
    ///     try stack.push(AwesomeScreen())
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - resolver: The one-shot resolver.
    ///   - body: Performs the transition.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public static func resolvingNextTransition<Result, Failure: Error>(
        _ resolver: DependencyResolver, _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let inline = InlineResolver(resolver)
        inlineResolvers.append(inline)
        defer { inlineResolvers.removeAll { $0 === inline } }
        return try body()
    }

    /// A description of every resolver, one per line, with children indented. A coordinator
    /// reached a second time through children is listed once more by name only, marked
    /// `(already listed)`.
    ///
    /// ```swift
    /// print(coordinator.describe())
    /// // coordinator default
    /// //   direct: ListScreen → DetailScreen (App/Setup.swift:12)
    /// //   coordinator analytics
    /// //     destination: HeadlessScreen (Analytics.swift:3)
    /// ```
    ///
    /// - Returns: The description.
    public func describe() -> String {
        var listed: Set<ObjectIdentifier> = []
        return describeLines(indent: "", listed: &listed).joined(separator: "\n")
    }

    private func describeLines(indent: String, listed: inout Set<ObjectIdentifier>) -> [String] {
        guard listed.insert(ObjectIdentifier(self)).inserted else {
            return ["\(indent)coordinator \(name) (already listed)"]
        }
        var lines = ["\(indent)coordinator \(name)"]
        lines += entries.map { "\(indent)  \($0.resolver.summary)" }
        for child in children {
            lines += child.describeLines(indent: indent + "  ", listed: &listed)
        }
        return lines
    }

    /// Empties ``resolutionLog``.
    ///
    /// ```swift
    /// coordinator.clearResolutionLog()
    /// ```
    public func clearResolutionLog() { resolutionLog.removeAll() }

    // MARK: - Internals

    private static var inlineResolvers: [InlineResolver] = []

    /// Called by the transition engine for every forward transition, after the destination's
    /// context is wired.
    static func resolve(_ transition: Transition, in window: Window?) throws(ScreenError) {
        do {
            try coordinator(for: transition, in: window).resolve(transition)
        } catch {
            // A resolver may throw for reasons of the app's own (a failed validation), so this is
            // reported as an error but is not a misuse that strict mode stops at.
            throw ScreenError.dependencies(error)
        }
    }

    /// The coordinator that resolves `transition`: the one on the destination's context chain
    /// (set on it, or inherited from the source through the wiring), else the source's, else the
    /// window's, else ``default``. The fallbacks matter when the destination's context is
    /// isolated (``ContextWiring/isolate``): it still inherits its source's coordinator.
    static func coordinator(for transition: Transition, in window: Window?) -> DependencyCoordinator {
        transition.destination.context[DependencyCoordinatorKey.self]
            ?? transition.resolutionSource?.context[DependencyCoordinatorKey.self]
            ?? window?.context[DependencyCoordinatorKey.self]
            ?? .default
    }

    func resolve(_ transition: Transition) throws(DependencyError) {
        let pass = ResolutionPass(transition)
        for inline in Self.inlineResolvers where !inline.isUsed {
            inline.isUsed = true
            try inline.coordinator.resolve(pass)
        }
        try resolve(pass)
        pass.commit()
        if recordsResolutions {
            resolutionLog.append(ResolutionRecord(transition: transition.record, resolvers: pass.ran))
        }
    }

    /// Runs this coordinator's resolvers and then its children's, each coordinator once per pass
    /// even when children form a diamond or a cycle.
    private func resolve(_ pass: ResolutionPass) throws(DependencyError) {
        guard pass.visit(self) else { return }
        // Context resolvers remember a matching transition source, and only a transition source:
        // as in MHDependencyKit, a context starts when a matching screen is left for the next one,
        // not when it appears (the seed's note: F starts a new context once it is passed to G).
        // The screen itself wins over its first child, as for direct resolvers.
        for source in pass.sources.reversed() {
            for entry in contextEntries(forSource: source) {
                pass.remember(source, for: entry)
            }
        }
        for destination in pass.destinations {
            try resolve(pass, with: destinationEntries(for: destination), destination: destination)
        }
        for child in children {
            try child.resolve(pass)
        }
    }

    private func resolve(
        _ pass: ResolutionPass, with entries: [ResolverEntry], destination: any Screen
    ) throws(DependencyError) {
        for entry in entries {
            let resolver = entry.resolver
            switch resolver.kind {
            case .destination:
                try pass.run(entry, nil, destination)
            case .initial:
                guard !pass.isSpent(entry) else { continue }
                pass.spend(entry)
                try pass.run(entry, nil, destination)
            case .direct, .transition:
                if let identifier = resolver.identifier, identifier != pass.transition.identifier { continue }
                guard let source = pass.sources.first(where: { resolver.matchesSource($0) }) else { continue }
                try pass.run(entry, source, destination)
            case .context:
                guard let source = pass.rememberedSource(for: entry), source !== destination else { continue }
                try pass.run(entry, source, destination)
            }
        }
    }

    private func destinationEntries(for screen: any Screen) -> [ResolverEntry] {
        let key = ObjectIdentifier(type(of: screen))
        if let cached = destinationIndex[key] { return cached }
        indexMatchChecks += entries.count
        let matching = entries.filter { $0.resolver.matchesDestination(screen) }
        destinationIndex[key] = matching
        return matching
    }

    /// The context resolvers whose source type `screen` matches.
    private func contextEntries(forSource screen: any Screen) -> [ResolverEntry] {
        let key = ObjectIdentifier(type(of: screen))
        if let cached = sourceIndex[key] { return cached }
        indexMatchChecks += entries.count
        let matching = entries.filter { $0.resolver.kind == .context && $0.resolver.matchesSource(screen) }
        sourceIndex[key] = matching
        return matching
    }

    private func invalidate() {
        destinationIndex.removeAll()
        sourceIndex.removeAll()
    }
}

/// Which resolvers ran for one transition, as recorded by ``DependencyCoordinator/resolutionLog``.
///
/// ```swift
/// let record = coordinator.resolutionLog[0]
/// print(record.transition, record.resolvers)
/// ```
public struct ResolutionRecord: Hashable, Sendable {
    /// The transition.
    ///
    /// ```swift
    /// record.transition.description   // "push: list → detail"
    /// ```
    public let transition: TransitionRecord
    /// The summaries of the resolvers that ran, in order.
    ///
    /// ```swift
    /// record.resolvers   // ["direct: ListScreen → DetailScreen (App.swift:12)"]
    /// ```
    public let resolvers: [String]
}

/// A registered resolver with its state: the remembered source of a context resolver, whether an
/// initial resolver has run.
@MainActor
final class ResolverEntry {
    let resolver: DependencyResolver
    weak var rememberedSource: (any Screen)?
    var isSpent = false

    init(_ resolver: DependencyResolver) { self.resolver = resolver }

    func conflicts(with other: DependencyResolver) -> Bool {
        resolver.kind == other.kind && resolver.sourceTypeID == other.sourceTypeID
            && resolver.destinationTypeID == other.destinationTypeID && resolver.identifier == other.identifier
    }
}

/// A one-shot resolver of ``DependencyCoordinator/resolvingNextTransition(_:_:)``, in a
/// coordinator of its own so that it is matched like any registered resolver.
@MainActor
final class InlineResolver {
    let coordinator: DependencyCoordinator
    var isUsed = false

    init(_ resolver: DependencyResolver) {
        coordinator = DependencyCoordinator(name: "inline")
        coordinator.entries.append(ResolverEntry(resolver))
    }
}

/// One resolution of a transition: its sources and destinations, the resolvers that ran, the
/// coordinators visited, and the resolver state it changes, which is kept apart and committed
/// only when every resolver succeeded, so that a failed transition leaves no trace (an initial
/// resolver stays unspent, a context resolver keeps its source).
@MainActor
final class ResolutionPass {
    let transition: Transition
    /// The screens a resolver may take as source: the transition's source and its first child.
    let sources: [any Screen]
    /// The destination and all its descendants, containers before their children.
    let destinations: [any Screen]
    /// The resolvers that ran, in order; their summaries are built only when asked for.
    private var ranEntries: [ResolverEntry] = []
    var ran: [String] { ranEntries.map(\.resolver.summary) }
    private var visited: Set<ObjectIdentifier> = []
    private var remembered: [ObjectIdentifier: (entry: ResolverEntry, source: any Screen)] = [:]
    private var spent: [ObjectIdentifier: ResolverEntry] = [:]

    init(_ transition: Transition) {
        self.transition = transition
        var sources: [any Screen] = []
        if let source = transition.resolutionSource {
            sources.append(source)
            if let first = source.childScreens.first { sources.append(first) }
        }
        self.sources = sources
        destinations = transition.destination.screenAndDescendants
    }

    /// Marks `coordinator` as visited; `false` when it already was.
    func visit(_ coordinator: DependencyCoordinator) -> Bool {
        visited.insert(ObjectIdentifier(coordinator)).inserted
    }

    func remember(_ source: any Screen, for entry: ResolverEntry) {
        remembered[ObjectIdentifier(entry)] = (entry, source)
    }

    func rememberedSource(for entry: ResolverEntry) -> (any Screen)? {
        remembered[ObjectIdentifier(entry)]?.source ?? entry.rememberedSource
    }

    func isSpent(_ entry: ResolverEntry) -> Bool {
        entry.isSpent || spent[ObjectIdentifier(entry)] != nil
    }

    func spend(_ entry: ResolverEntry) {
        spent[ObjectIdentifier(entry)] = entry
    }

    func run(_ entry: ResolverEntry, _ source: (any Screen)?, _ destination: any Screen) throws(DependencyError) {
        do {
            try entry.resolver.apply(source, destination, transition)
            ranEntries.append(entry)
        } catch {
            throw DependencyError.resolverFailed(
                resolver: entry.resolver.summary, transition: transition.record.description,
                reason: String(describing: error), alreadyRan: ran)
        }
    }

    /// Applies the state changes once the whole transition resolved.
    func commit() {
        for (entry, source) in remembered.values { entry.rememberedSource = source }
        for entry in spent.values { entry.isSpent = true }
    }
}

/// The context key under which a screen's coordinator is stored.
enum DependencyCoordinatorKey: ContextKey {
    typealias Value = DependencyCoordinator
}

extension Screen {
    /// The coordinator that resolves transitions to this screen: the one set on this screen or
    /// inherited through its context from the screens before it, else
    /// ``DependencyCoordinator/default``. Setting it makes a workflow coordinator for this screen
    /// and its descendants.
    ///
    /// A screen shown with an isolated context (``ContextWiring/isolate``) inherits nothing
    /// through its context, so this reads ``DependencyCoordinator/default`` for it; transitions
    /// to it are still resolved by its source's coordinator (or its window's).
    ///
    /// ```swift
    /// checkout.dependencyCoordinator = checkoutCoordinator
    /// ```
    public var dependencyCoordinator: DependencyCoordinator {
        get { context[DependencyCoordinatorKey.self] ?? .default }
        set { context.set(newValue, for: DependencyCoordinatorKey.self) }
    }
}

extension Window {
    /// The coordinator for every screen in this window that has no other; stored in ``context``.
    ///
    /// ```swift
    /// window.dependencyCoordinator = DependencyCoordinator(name: "app")
    /// ```
    public var dependencyCoordinator: DependencyCoordinator {
        get { context[DependencyCoordinatorKey.self] ?? .default }
        set { context.set(newValue, for: DependencyCoordinatorKey.self) }
    }
}
