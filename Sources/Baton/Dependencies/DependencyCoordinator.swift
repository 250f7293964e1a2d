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
/// coordinator runs (before the destination's will-appear), then the container changes and
/// lifecycle callbacks fire. If a resolver throws, the wiring is undone and the transition is
/// not performed.
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

    private var entries: [ResolverEntry] = []
    private var children: [DependencyCoordinator] = []
    private var destinationIndex: [ObjectIdentifier: [ResolverEntry]] = [:]
    private var sourceIndex: [ObjectIdentifier: [ResolverEntry]] = [:]

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

    /// Adds a child coordinator whose resolvers take part in every resolution this one performs.
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
        let inline = InlineResolver(entry: ResolverEntry(resolver))
        inlineResolvers.append(inline)
        defer { inlineResolvers.removeAll { $0 === inline } }
        return try body()
    }

    /// A description of every resolver, one per line, with children indented.
    ///
    /// ```swift
    /// print(coordinator.describe())
    /// // coordinator default
    /// //   direct: ListScreen → DetailScreen (App/Setup.swift:12)
    /// ```
    ///
    /// - Returns: The description.
    public func describe() -> String {
        var lines = ["coordinator \(name)"]
        lines += entries.map { "  \($0.resolver.summary)" }
        for child in children {
            lines += child.describe().split(separator: "\n").map { "  \($0)" }
        }
        return lines.joined(separator: "\n")
    }

    /// Empties ``resolutionLog``.
    ///
    /// ```swift
    /// coordinator.clearResolutionLog()
    /// ```
    public func clearResolutionLog() { resolutionLog.removeAll() }

    // MARK: - Internals

    private static var inlineResolvers: [InlineResolver] = []

    /// Called by the transition engine for every forward transition.
    static func resolve(_ transition: Transition) throws(ScreenError) {
        do {
            try transition.destination.dependencyCoordinator.resolve(transition)
        } catch {
            throw misuse(ScreenError.dependencies(error))
        }
    }

    func resolve(_ transition: Transition) throws(DependencyError) {
        var ran: [String] = []
        let destinations = transition.destination.screenAndDescendants
        var sources: [any Screen] = []
        if let source = transition.source {
            sources.append(source)
            if let first = source.childScreens.first { sources.append(first) }
        }
        let run: (ResolverEntry, (any Screen)?, any Screen) throws(DependencyError) -> Void = {
            entry, source, destination throws(DependencyError) in
            do {
                try entry.resolver.apply(source, destination, transition)
                ran.append(entry.resolver.summary)
            } catch {
                throw misuse(
                    DependencyError.resolverFailed(
                        resolver: entry.resolver.summary, transition: transition.record.description,
                        reason: String(describing: error), alreadyRan: ran))
            }
        }
        if let inline = Self.inlineResolvers.last, !inline.isUsed {
            inline.isUsed = true
            try resolve(transition, with: [inline.entry], destinations: destinations, sources: sources, run: run)
        }
        try resolve(transition, destinations: destinations, sources: sources, run: run)
        if recordsResolutions {
            resolutionLog.append(ResolutionRecord(transition: transition.record, resolvers: ran))
        }
    }

    private func resolve(
        _ transition: Transition, destinations: [any Screen], sources: [any Screen],
        run: (ResolverEntry, (any Screen)?, any Screen) throws(DependencyError) -> Void
    ) throws(DependencyError) {
        // Context resolvers remember a matching transition source, and only a transition source:
        // as in MHDependencyKit, a context starts when a matching screen is left for the next one,
        // not when it appears (the seed's note: F starts a new context once it is passed to G).
        // The screen itself wins over its first child, as for direct resolvers.
        for source in sources.reversed() {
            for entry in sourceEntries(for: source) where entry.resolver.kind == .context {
                entry.rememberedSource = source
            }
        }
        for destination in destinations {
            try resolve(
                transition, with: destinationEntries(for: destination), destination: destination,
                sources: sources, run: run)
        }
        for child in children {
            try child.resolve(transition, destinations: destinations, sources: sources, run: run)
        }
    }

    private func resolve(
        _ transition: Transition, with entries: [ResolverEntry], destinations: [any Screen], sources: [any Screen],
        run: (ResolverEntry, (any Screen)?, any Screen) throws(DependencyError) -> Void
    ) throws(DependencyError) {
        for destination in destinations {
            let matching = entries.filter { $0.resolver.matchesDestination(destination) }
            try resolve(transition, with: matching, destination: destination, sources: sources, run: run)
        }
    }

    private func resolve(
        _ transition: Transition, with entries: [ResolverEntry], destination: any Screen, sources: [any Screen],
        run: (ResolverEntry, (any Screen)?, any Screen) throws(DependencyError) -> Void
    ) throws(DependencyError) {
        for entry in entries {
            let resolver = entry.resolver
            switch resolver.kind {
            case .destination:
                try run(entry, nil, destination)
            case .initial:
                guard !entry.isSpent else { continue }
                entry.isSpent = true
                try run(entry, nil, destination)
            case .direct, .transition:
                if let identifier = resolver.identifier, identifier != transition.identifier { continue }
                guard let source = sources.first(where: { resolver.matchesSource($0) }) else { continue }
                try run(entry, source, destination)
            case .context:
                guard let source = entry.rememberedSource, source !== destination else { continue }
                try run(entry, source, destination)
            }
        }
    }

    private func destinationEntries(for screen: any Screen) -> [ResolverEntry] {
        let key = ObjectIdentifier(type(of: screen))
        if let cached = destinationIndex[key] { return cached }
        let matching = entries.filter { $0.resolver.matchesDestination(screen) }
        destinationIndex[key] = matching
        return matching
    }

    private func sourceEntries(for screen: any Screen) -> [ResolverEntry] {
        let key = ObjectIdentifier(type(of: screen))
        if let cached = sourceIndex[key] { return cached }
        let matching = entries.filter { $0.resolver.sourceType != nil && $0.resolver.matchesSource(screen) }
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

@MainActor
final class InlineResolver {
    let entry: ResolverEntry
    var isUsed = false
    init(entry: ResolverEntry) { self.entry = entry }
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
