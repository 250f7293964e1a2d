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
/// coordinator. A transition is resolved by its source's coordinator, as MHDependencyKit's
/// `prepare(for:sender:)` is, so a coordinator set on a screen (a workflow coordinator) applies
/// to the transitions after it and to everything shown after them. A transition from no screen
/// (a window's root) is resolved by the window's. Screens without one use ``default``.
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
    /// Inside `withDefault(_:operation:)` it is the coordinator given there, so
    /// that tests running in parallel each have their own.
    ///
    /// ```swift
    /// try DependencyCoordinator.default.register(.destination { (d: MainScreen) in d.model = model })
    /// ```
    public static var `default`: DependencyCoordinator { BatonScope.coordinator?.coordinator ?? shared }

    private static let shared = DependencyCoordinator(name: "default")

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

    /// The newest resolutions recorded while ``recordsResolutions`` is on, oldest first: which
    /// resolvers ran for which transition. At most ``resolutionLogLimit`` are kept; each read
    /// makes a copy.
    ///
    /// ```swift
    /// coordinator.resolutionLog.last?.resolvers   // ["direct: ListScreen → DetailScreen (…)"]
    /// ```
    public var resolutionLog: [ResolutionRecord] { resolutions.elements }

    /// How many resolutions ``resolutionLog`` keeps; the oldest are dropped beyond it, so that a
    /// coordinator that records in a long-running app does not grow without bound. 10,000 by
    /// default; lowering it drops the oldest at once, and 0 keeps none.
    ///
    /// ```swift
    /// coordinator.resolutionLogLimit = 500
    /// ```
    public var resolutionLogLimit: Int {
        get { resolutions.limit }
        set { resolutions.limit = newValue }
    }

    private var resolutions = RecentRecords<ResolutionRecord>(limit: 10_000)

    var entries: [ResolverEntry] = []
    private var children: [DependencyCoordinator] = []
    private var temporaries: [InlineResolver] = []
    private var destinationIndex: [ObjectIdentifier: [ResolverEntry]] = [:]
    private var sourceIndex: [ObjectIdentifier: [ResolverEntry]] = [:]
    /// How many resolver-against-screen-type checks filled the indexes. It stops growing once
    /// every screen type seen has been indexed, whatever the number of resolvers (DESIGN rule
    /// 29); tests read it.
    private(set) var indexMatchChecks = 0
    /// Changes whenever the resolvers change, so that a resolution running meanwhile notices.
    private var generation = 0

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
    /// Keep the returned handle to remove the resolver later (a test's or a screen's set-up):
    ///
    /// ```swift
    /// let registration = try coordinator.register(.destination { (d: DetailScreen) in d.title = "Test" })
    /// registration.cancel()   // DetailScreen is no longer resolved by it
    /// ```
    ///
    /// - Parameter resolver: The resolver.
    /// - Returns: A handle that removes the resolver from this coordinator.
    /// - Throws: ``DependencyError/conflictingResolver(existing:new:coordinator:)`` when a resolver
    ///   of the same kind, types and identifier is already registered here.
    @discardableResult
    public func register(_ resolver: DependencyResolver) throws(DependencyError) -> ResolverRegistration {
        if let existing = entries.first(where: { $0.conflicts(with: resolver) }) {
            throw misuse(
                DependencyError.conflictingResolver(
                    existing: existing.resolver.summary, new: resolver.summary, coordinator: name))
        }
        let entry = ResolverEntry(resolver)
        entries.append(entry)
        invalidate()
        return ResolverRegistration(coordinator: self, entry: entry)
    }

    /// Removes a registered resolver; does nothing when it is no longer registered.
    fileprivate func cancel(_ entry: ResolverEntry) {
        guard let index = entries.firstIndex(where: { $0 === entry }) else { return }
        // The entry (and what its closure captured) is released after the state is consistent.
        let removed = entries.remove(at: index)
        invalidate()
        keepAlive(removed)
    }

    /// Removes a waiting temporary resolver; does nothing once it ran or was removed.
    fileprivate func cancel(_ temporary: InlineResolver) {
        guard let index = temporaries.firstIndex(where: { $0 === temporary }) else { return }
        let removed = temporaries.remove(at: index)
        keepAlive(removed)
    }

    /// Whether `entry` is registered here.
    fileprivate func holds(_ entry: ResolverEntry) -> Bool { entries.contains { $0 === entry } }

    /// Whether `temporary` still waits here.
    fileprivate func holds(_ temporary: InlineResolver) -> Bool {
        temporaries.contains { $0 === temporary && !$0.isUsed }
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
    /// resolvers. An extra resolver of the same kind and types (and identifier) as one of this
    /// coordinator's replaces it in the workflow. Set it on a screen with ``Screen/dependencyCoordinator`` to apply it to that
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
    /// - Throws: ``DependencyError/conflictingResolver(existing:new:coordinator:)`` when two of
    ///   the extras conflict.
    public func makeWorkflow(named name: String, adding extras: [DependencyResolver]) throws(DependencyError)
        -> DependencyCoordinator
    {
        let workflow = DependencyCoordinator(name: name)
        // The copied resolvers are shared, as MHDependencyKit's copy shares its resolver objects:
        // a context resolver keeps one context across the coordinator and its workflows.
        workflow.entries = entries
        workflow.children = children
        var inherited = Set(workflow.entries.indices)
        for resolver in extras {
            // An extra of the same kind and types as an inherited resolver overrides it for this
            // workflow (MHDependencyKit runs both; Baton deliberately does not, as `register`
            // refuses a second one); two extras still conflict.
            if let index = inherited.sorted().first(where: { workflow.entries[$0].conflicts(with: resolver) }) {
                inherited.remove(index)
                workflow.entries[index] = ResolverEntry(resolver)
                workflow.invalidate()
            } else {
                try workflow.register(resolver)
            }
        }
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
            ScreenTransition(
                kind: .manual, source: source, destination: destination, identifier: identifier, sender: sender))
        // As a transition's wiring does, the destination inherits the source's coordinator unless
        // it has one on its own chain.
        if destination.context[DependencyCoordinatorKey.self] == nil {
            destination.context.set(
                source.context[DependencyCoordinatorKey.self] ?? self, for: DependencyCoordinatorKey.self)
        }
    }

    /// Resolves by hand between any two values, not only screens (MHDependencyKit's core
    /// `resolveDependencies(from:to:)` over any provider and consumer): every direct, context
    /// and destination resolver whose types match runs, this coordinator's first, then its
    /// children's.
    ///
    /// ```swift
    /// struct Settings { var theme = "dark" }
    /// final class Renderer { var theme = "" }
    /// try coordinator.register(.direct { (settings: Settings, renderer: Renderer) in renderer.theme = settings.theme })
    /// try coordinator.resolveDependencies(from: Settings(), to: renderer)
    /// ```
    ///
    /// - Parameters:
    ///   - provider: The value that provides; a context resolver remembers it when it is an object.
    ///   - consumer: The value that consumes; usually an object, so that resolvers can change it.
    /// - Throws: ``DependencyError/resolverFailed(resolver:transition:reason:alreadyRan:)``.
    public func resolveDependencies(from provider: Any, to consumer: Any) throws(DependencyError) {
        if let source = provider as? any Screen, let destination = consumer as? any Screen {
            return try resolveDependencies(from: source, to: destination, identifier: nil, sender: nil)
        }
        var visited: Set<ObjectIdentifier> = []
        var remembered: [(ResolverEntry, AnyObject)] = []
        // A `Void` provider is no provider, as in MHDependencyKit.
        try resolveValues(
            from: provider is Void ? nil : provider, to: consumer, visited: &visited, remembering: &remembered)
        // As for a transition, context resolvers remember the provider only once all succeeded.
        for (entry, source) in remembered { entry.remember(source, branch: []) }
    }

    /// Resolves by hand a destination that has no provider (MHDependencyKit's
    /// `resolveDependencies(to:)`, whose provider is `Void`):
    /// ``DependencyResolver/consumer(fileID:line:_:)`` and
    /// ``DependencyResolver/destination(fileID:line:_:)`` resolvers run, and direct resolvers
    /// declared with an optional source, which receive `nil`, or over `Void` or `Any` providers,
    /// which receive `()`. A screen is resolved as by a transition from no screen: with every
    /// screen it contains, and initial resolvers take part.
    ///
    /// ```swift
    /// try coordinator.resolveDependencies(to: settingsScreen)
    /// ```
    ///
    /// - Parameter consumer: The screen or value to resolve.
    /// - Throws: ``DependencyError/resolverFailed(resolver:transition:reason:alreadyRan:)``.
    public func resolveDependencies(to consumer: Any) throws(DependencyError) {
        if let destination = consumer as? any Screen {
            return try resolve(ScreenTransition(kind: .manual, source: nil, destination: destination))
        }
        var visited: Set<ObjectIdentifier> = []
        var remembered: [(ResolverEntry, AnyObject)] = []
        try resolveValues(from: nil, to: consumer, visited: &visited, remembering: &remembered)
    }

    private func resolveValues(
        from provider: Any?, to consumer: Any, visited: inout Set<ObjectIdentifier>,
        remembering remembered: inout [(ResolverEntry, AnyObject)]
    ) throws(DependencyError) {
        guard visited.insert(ObjectIdentifier(self)).inserted else { return }
        var ran: [String] = []
        for entry in entries {
            let resolver = entry.resolver
            guard resolver.matchesDestination(consumer) else { continue }
            var source: Any?
            switch resolver.kind {
            case .destination: source = nil
            case .consumer: guard provider == nil else { continue }
            case .direct:
                if let provider, resolver.matchesSource(provider) {
                    source = provider
                } else if provider == nil, resolver.matchesSource(()) {
                    source = ()  // a resolver over `Void` or `Any` providers gets `()`, as in MHDependencyKit
                } else if provider == nil, resolver.acceptsNoSource {
                    source = nil
                } else {
                    continue
                }
            case .context:
                if let provider, resolver.matchesSource(provider) {
                    source = provider
                    remembered.append((entry, provider as AnyObject))
                } else if let remembered = entry.rememberedSource(onBranch: []) {
                    source = remembered
                } else {
                    continue
                }
            case .initial, .transition: continue
            }
            do {
                try resolver.apply(source, consumer, nil)
                ran.append(resolver.summary)
            } catch {
                throw DependencyError.resolverFailed(
                    resolver: resolver.summary, transition: "manual: values", reason: UnderlyingError(error),
                    alreadyRan: ran)
            }
        }
        for child in children {
            try child.resolveValues(from: provider, to: consumer, visited: &visited, remembering: &remembered)
        }
    }

    /// Runs `body` with a one-shot resolver that applies to the first transition `body`
    /// performs that it matches, and to no other (MHDependencyKit's "perform a segue with inline
    /// resolution").
    ///
    /// As in MHDependencyKit, a transition the resolver does not match (such as the push that
    /// ``StackScreen/init(root:name:context:)`` performs) leaves it waiting, and it runs
    /// after the coordinator's own resolvers, whichever coordinator resolves the transition, so
    /// it can override what they set. Within that transition it runs for every matching
    /// destination (a container and the screens it holds, both tabs of a tab container), as
    /// MHDependencyKit's resolves a navigation controller and its root; it is used up when that
    /// transition completes, so a transition it requests while it runs (which waits until this
    /// one is done) does not see it, and if the transition fails it keeps waiting.
    /// ``resolveDependencies(from:to:identifier:sender:)`` counts as a transition. When calls are
    /// nested, each waiting one-shot resolver applies to the first transition it matches, outer
    /// first. A transition `body` requests while another one runs (from a lifecycle callback) is
    /// queued, and the resolver still applies to it when it runs, after `body` has returned.
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
        let store = InlineResolverStore.current
        store.resolvers.append(inline)
        defer { store.resolvers.removeAll { $0 === inline } }
        return try body()
    }

    /// Registers a resolver that is used once, by the first transition this coordinator resolves
    /// that it matches, after the coordinator's own and its children's resolvers; transitions it
    /// does not match leave it waiting (MHDependencyKit's temporary dependency coordinator).
    /// Within that transition it runs for every matching destination (a container and the screens
    /// it holds), as MHDependencyKit's does; it is used up when the transition completes, and a
    /// transition that fails leaves it waiting. One registered while a transition is resolved
    /// (by a resolver) waits for the next transition.
    ///
    /// A temporary ``DependencyResolver/context(fileID:line:_:)`` resolver remembers a matching
    /// source and runs for the matching destinations of the first later transition of the
    /// workflow that has any, as ``Screen/registerTemporaryContextResolver(fileID:line:_:)`` does.
    ///
    /// ```swift
    /// coordinator.registerTemporary(.direct { (_: OrdersScreen, order: OrderScreen) in order.title = "Order" })
    /// ```
    ///
    /// The returned handle removes the resolver while it still waits:
    ///
    /// ```swift
    /// let registration = coordinator.registerTemporary(.destination { (d: OrderScreen) in d.title = "Order" })
    /// registration.cancel()   // the next OrderScreen is not resolved by it
    /// ```
    ///
    /// - Parameter resolver: The resolver, used once.
    /// - Returns: A handle that removes the resolver while it still waits.
    @discardableResult
    public func registerTemporary(_ resolver: DependencyResolver) -> ResolverRegistration {
        temporaries.removeAll(where: \.isUsed)
        let temporary = InlineResolver(resolver)
        temporaries.append(temporary)
        return ResolverRegistration(coordinator: self, temporary: temporary)
    }

    /// The temporary resolvers still waiting for a matching transition.
    ///
    /// ```swift
    /// coordinator.temporaryResolvers.count   // 1 until it runs
    /// ```
    public var temporaryResolvers: [DependencyResolver] {
        temporaries.filter { !$0.isUsed }.compactMap { $0.coordinator.entries.first?.resolver }
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
    /// //     destination: ScreenModel (Analytics.swift:3)
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
    public func clearResolutionLog() { resolutions.removeAll() }

    // MARK: - Internals

    /// The one-shot resolvers waiting now, kept by a transition that is queued to run later.
    static var waitingInlineResolvers: [InlineResolver] { InlineResolverStore.current.resolvers }

    /// Runs `body`, a queued transition, with the one-shot resolvers that waited when it was
    /// requested waiting again.
    static func with<Failure: Error>(_ waiting: [InlineResolver], _ body: () throws(Failure) -> Void)
        throws(Failure)
    {
        let store = InlineResolverStore.current
        let added = waiting.filter { inline in !store.resolvers.contains { $0 === inline } }
        store.resolvers += added
        defer { store.resolvers.removeAll { inline in added.contains { $0 === inline } } }
        try body()
    }

    /// Called by the transition engine for every forward transition, after the destination's
    /// context is wired.
    ///
    /// `skipping`: screens inside the destination resolved already with a transition of their own
    /// (a navigation plan builds a new container's content screen by screen, each with the push or
    /// hop that shows it); the resolution leaves them and what they contain out.
    static func resolve(
        _ transition: ScreenTransition, in window: ScreenWindow?, skipping: Set<ObjectIdentifier> = []
    ) throws(ScreenError) {
        do {
            try coordinator(for: transition, in: window).resolve(transition, window: window, skipping: skipping)
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
    static func coordinator(for transition: ScreenTransition, in window: ScreenWindow?) -> DependencyCoordinator {
        // As MHDependencyKit's prepare(for:sender:) uses the source's coordinator, a workflow
        // set on a screen resolves the transitions after it, not the one into it.
        if let source = transition.resolutionSource {
            return source.context[DependencyCoordinatorKey.self]
                ?? transition.destination.context[DependencyCoordinatorKey.self]
                ?? window?.context[DependencyCoordinatorKey.self]
                ?? .default
        }
        return window?.context[DependencyCoordinatorKey.self]
            ?? transition.destination.context[DependencyCoordinatorKey.self]
            ?? .default
    }

    func resolve(
        _ transition: ScreenTransition, window: ScreenWindow? = nil, skipping: Set<ObjectIdentifier> = []
    ) throws(DependencyError) {
        let pass = ResolutionPass(transition, window: window, skipping: skipping)
        do {
            try resolve(pass)
            // One-shot resolvers run after the registered ones, and are used up only by a
            // transition they match.
            for inline in InlineResolverStore.current.resolvers where !inline.isUsed {
                try pass.runTemporary(inline)
            }
        } catch {
            pass.abandon()
            throw error
        }
        pass.commit()
        if NavigationContext.resolutions != nil { NavigationContext.resolutions? += pass.ran }
        // What a report of an unresolved `@Resolved` property explains later.
        let trace = ResolutionTrace(
            kind: transition.kind, identifier: transition.identifier, source: transition.resolutionSource,
            senderType: transition.sender.map { Swift.type(of: $0) }, coordinator: self, window: window)
        for screen in pass.destinations {
            var recorded = trace
            if screen !== transition.destination { recorded.shownWith = transition.destination }
            ResolutionTrace.record(recorded, for: screen)
        }
        if recordsResolutions {
            ResolutionJournal.current?.willAppendLog(of: self)
            resolutions.append(ResolutionRecord(transition: transition.record, resolvers: pass.ran))
        }
    }

    /// Runs this coordinator's resolvers and then its children's, each coordinator once per pass
    /// even when children form a diamond or a cycle.
    fileprivate func resolve(_ pass: ResolutionPass) throws(DependencyError) {
        guard pass.visit(self) else { return }
        // A temporary resolver registered while this transition is resolved (by a resolver)
        // waits for the next one.
        let waiting = temporaries
        // ScreenContext resolvers remember a matching transition source, and only a transition source:
        // as in MHDependencyKit, a context starts when a matching screen is left for the next one,
        // not when it appears (the seed's note: F starts a new context once it is passed to G).
        // The screen itself wins over its first child, as for direct resolvers.
        for source in pass.sources.reversed() {
            for entry in contextEntries(forSource: source) {
                pass.remember(source, for: entry)
            }
        }
        // A resolver registered or cancelled meanwhile (by a resolver) changes nothing in this
        // resolution, even for the destinations still to come: it finishes with the resolvers it
        // started with. Only then are they matched from that list rather than from the index.
        let started = generation
        let startedWith = entries
        for destination in pass.destinations {
            let matching =
                generation == started
                ? destinationEntries(for: destination)
                : startedWith.filter { $0.resolver.matchesDestination(destination) }
            try resolve(pass, with: matching, destination: destination)
        }
        for child in children {
            try child.resolve(pass)
        }
        for temporary in waiting where !temporary.isUsed {
            try pass.runTemporary(temporary)
        }
    }

    private func resolve(
        _ pass: ResolutionPass, with entries: [ResolverEntry], destination: any Screen
    ) throws(DependencyError) {
        for entry in entries {
            let resolver = entry.resolver
            // A transition resolver runs once per transition, for its first matching destination.
            // (A one-shot or temporary resolver runs for every matching destination of the
            // transition it first matches: it is used up when that transition commits.)
            if resolver.kind == .transition, pass.hasRun(entry) { continue }
            switch resolver.kind {
            case .destination:
                try pass.run(entry, nil, destination)
            case .consumer:
                guard pass.sources.isEmpty else { continue }
                try pass.run(entry, nil, destination)
            case .initial:
                guard !pass.isSpent(entry) else { continue }
                pass.spend(entry)
                try pass.run(entry, nil, destination)
            case .direct, .transition:
                if let identifier = resolver.identifier, identifier != pass.transition.identifier { continue }
                if let matches = resolver.matchesTransition, !matches(pass.transition) { continue }
                if let source = pass.sources.first(where: { resolver.matchesSource($0) }) {
                    try pass.run(entry, source, destination)
                } else if pass.sources.isEmpty, resolver.acceptsNoSource {
                    try pass.run(entry, nil, destination)
                }
            case .context:
                guard let source = pass.rememberedSource(for: entry, destination: destination), source !== destination
                else { continue }
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
        generation &+= 1
        destinationIndex.removeAll()
        sourceIndex.removeAll()
    }

    /// How many resolutions were ever logged: a point that ``removeResolutions(since:)`` goes
    /// back to.
    var resolutionsLogged: Int { resolutions.appended }

    /// Drops the resolutions logged since `sequence` (a rolled-back screen tree assignment's).
    /// Older entries that the log's limit dropped meanwhile do not come back.
    func removeResolutions(since sequence: Int) {
        resolutions.removeAppended(since: sequence)
    }

    /// Drops every resolver, and the indexes that hold them too (a used temporary's coordinator).
    func removeAllEntries() {
        entries.removeAll()
        invalidate()
    }
}

/// A handle on a resolver registered with ``DependencyCoordinator/register(_:)`` or
/// ``DependencyCoordinator/registerTemporary(_:)``: ``cancel()`` removes it from its coordinator.
///
/// Dropping the handle does not remove the resolver; a workflow made from the coordinator with
/// ``DependencyCoordinator/makeWorkflow(named:adding:)`` before the cancellation keeps its copy.
///
/// ```swift
/// let registration = try DependencyCoordinator.default.register(
///     .destination { (d: DetailScreen) in d.title = "Test" })
/// defer { registration.cancel() }
/// ```
@MainActor
public final class ResolverRegistration {
    private weak var coordinator: DependencyCoordinator?
    private weak var entry: ResolverEntry?
    private weak var temporary: InlineResolver?

    fileprivate init(coordinator: DependencyCoordinator, entry: ResolverEntry) {
        self.coordinator = coordinator
        self.entry = entry
    }

    fileprivate init(coordinator: DependencyCoordinator, temporary: InlineResolver) {
        self.coordinator = coordinator
        self.temporary = temporary
    }

    /// Whether the resolver is still registered (for a temporary one: still waiting).
    ///
    /// ```swift
    /// registration.isActive   // false after cancel()
    /// ```
    public var isActive: Bool {
        guard let coordinator else { return false }
        if let entry { return coordinator.holds(entry) }
        if let temporary { return coordinator.holds(temporary) }
        return false
    }

    /// Removes the resolver from its coordinator. Calling it again, after a temporary resolver
    /// ran, or from inside a resolution does no harm: a resolution already running finishes with
    /// the resolvers it started with.
    ///
    /// ```swift
    /// registration.cancel()
    /// ```
    public func cancel() {
        guard let coordinator else { return }
        if let entry { coordinator.cancel(entry) }
        if let temporary { coordinator.cancel(temporary) }
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
    /// The sources a context resolver remembers, one per branch of the screen tree (a tab
    /// container's tabs are branches), held weakly; the newest on a destination's branch, or on
    /// a branch it grew out of, applies to it.
    private var remembered: [RememberedSource] = []
    /// The windows an initial resolver has run in (a second window or scene gets its own run);
    /// `spentWithoutWindow` for resolutions outside any window.
    private var spentWindows: [WeakWindow] = []
    private var spentWithoutWindow = false

    init(_ resolver: DependencyResolver) { self.resolver = resolver }

    /// The state a resolution changes, for a screen tree assignment that may roll it back.
    struct State {
        fileprivate let remembered: [RememberedSource]
        fileprivate let spentWindows: [WeakWindow]
        fileprivate let spentWithoutWindow: Bool
    }

    /// The state a resolution changes, as it is now.
    var state: State {
        State(remembered: remembered, spentWindows: spentWindows, spentWithoutWindow: spentWithoutWindow)
    }

    /// Puts back a state taken with ``state``.
    func restore(_ state: State) {
        remembered = state.remembered
        spentWindows = state.spentWindows
        spentWithoutWindow = state.spentWithoutWindow
    }

    /// Remembers `source` for its branch; it replaces the source remembered for the same branch.
    func remember(_ source: AnyObject, branch: [ObjectIdentifier]) {
        remembered.removeAll { $0.source == nil || $0.branch == branch }
        remembered.append(RememberedSource(source: source, branch: branch))
    }

    /// The newest live source remembered on `branch` or on a branch it grew out of (a prefix):
    /// two tabs of one workflow do not see each other's sources.
    func rememberedSource(onBranch branch: [ObjectIdentifier]) -> AnyObject? {
        for candidate in remembered.reversed() {
            guard let source = candidate.source, branch.starts(with: candidate.branch) else { continue }
            return source
        }
        return nil
    }

    func isSpent(in window: ScreenWindow?) -> Bool {
        guard let window else { return spentWithoutWindow }
        return spentWindows.contains { $0.window === window }
    }

    func spend(in window: ScreenWindow?) {
        guard let window else { return spentWithoutWindow = true }
        spentWindows.removeAll { $0.window == nil }
        spentWindows.append(WeakWindow(window: window))
    }

    func conflicts(with other: DependencyResolver) -> Bool {
        resolver.kind == other.kind && resolver.sourceTypeID == other.sourceTypeID
            && resolver.destinationTypeID == other.destinationTypeID && resolver.identifier == other.identifier
            && resolver.senderTypeID == other.senderTypeID
    }
}

@MainActor
struct WeakWindow {
    weak var window: ScreenWindow?
}

/// A context resolver's remembered source and the branch it was seen on.
@MainActor
struct RememberedSource {
    weak var source: AnyObject?
    let branch: [ObjectIdentifier]
}

/// A one-shot resolver of ``DependencyCoordinator/resolvingNextTransition(_:_:)``, in a
/// coordinator of its own so that it is matched like any registered resolver.
@MainActor
final class InlineResolver {
    let coordinator: DependencyCoordinator
    var isUsed = false
    /// Ran in a pass that has not committed yet: a resolution nested in a resolver must not run
    /// it a second time.
    var isClaimed = false

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
    let transition: ScreenTransition
    /// The screens a resolver may take as source: the transition's source and its first child.
    let sources: [any Screen]
    /// The destination and all its descendants, containers before their children.
    let destinations: [any Screen]
    /// The resolvers that ran, in order; their summaries are built only when asked for.
    private var ranEntries: [ResolverEntry] = []
    private var ranIDs: Set<ObjectIdentifier> = []
    var ran: [String] { ranEntries.map(\.resolver.summary) }
    private var visited: Set<ObjectIdentifier> = []
    private var remembered: [ObjectIdentifier: (entry: ResolverEntry, source: any Screen, branch: [ObjectIdentifier])] =
        [:]
    /// The branch the transition starts on: the tabs above its source.
    private lazy var sourceBranch: [ObjectIdentifier] = {
        guard let source = transition.resolutionSource else { return [] }
        return Self.branch(of: source)
    }()
    private var spent: [ObjectIdentifier: ResolverEntry] = [:]
    private var usedTemporaries: [InlineResolver] = []
    /// The window the transition happens in, for initial resolvers (once per window).
    private weak var window: ScreenWindow?

    init(_ transition: ScreenTransition, window: ScreenWindow? = nil, skipping: Set<ObjectIdentifier> = []) {
        self.transition = transition
        self.window = window
        var sources: [any Screen] = []
        if let source = transition.resolutionSource {
            sources.append(source)
            if let first = source.childScreens.first { sources.append(first) }
        }
        self.sources = sources
        if skipping.isEmpty {
            destinations = transition.destination.screenAndDescendants
        } else {
            // The screen and its descendants, without the subtrees resolved already.
            var destinations: [any Screen] = []
            var pending: [any Screen] = [transition.destination]
            while let screen = pending.popLast() {
                destinations.append(screen)
                pending += screen.childScreens.reversed().filter {
                    !skipping.contains(ObjectIdentifier($0))
                }
            }
            self.destinations = destinations
        }
    }

    /// Marks `coordinator` as visited; `false` when it already was.
    func visit(_ coordinator: DependencyCoordinator) -> Bool {
        visited.insert(ObjectIdentifier(coordinator)).inserted
    }

    func remember(_ source: any Screen, for entry: ResolverEntry) {
        remembered[ObjectIdentifier(entry)] = (entry, source, Self.branch(of: source))
    }

    func rememberedSource(for entry: ResolverEntry, destination: any Screen) -> (any Screen)? {
        let branch = branch(ofDestination: destination)
        if let local = remembered[ObjectIdentifier(entry)], branch.starts(with: local.branch) { return local.source }
        return entry.rememberedSource(onBranch: branch) as? any Screen
    }

    /// The tabs above `screen`, outermost first: its branch of the screen tree.
    static func branch(of screen: any Screen) -> [ObjectIdentifier] {
        var branch: [ObjectIdentifier] = []
        var current = screen
        while let parent = current.parentScreen ?? current.presentingScreen {
            if parent is TabScreen { branch.append(ObjectIdentifier(current)) }
            current = parent
        }
        return branch.reversed()
    }

    /// A destination's branch: where the transition starts, then the tabs within the destination
    /// above it (the destination is not in the tree yet while it is resolved).
    private func branch(ofDestination screen: any Screen) -> [ObjectIdentifier] {
        var tail: [ObjectIdentifier] = []
        var current = screen
        while current !== transition.destination, let parent = current.parentScreen {
            if parent is TabScreen { tail.append(ObjectIdentifier(current)) }
            current = parent
        }
        return sourceBranch + tail.reversed()
    }

    func isSpent(_ entry: ResolverEntry) -> Bool {
        entry.isSpent(in: window) || spent[ObjectIdentifier(entry)] != nil
    }

    func hasRun(_ entry: ResolverEntry) -> Bool {
        ranIDs.contains(ObjectIdentifier(entry))
    }

    /// Runs a one-shot or temporary resolver's coordinator; it is used up when it ran.
    func runTemporary(_ temporary: InlineResolver) throws(DependencyError) {
        guard !temporary.isClaimed else { return }
        temporary.isClaimed = true
        let before = ranEntries.count
        do {
            try temporary.coordinator.resolve(self)
        } catch {
            temporary.isClaimed = false
            throw error
        }
        if ranEntries.count > before {
            usedTemporaries.append(temporary)
        } else {
            temporary.isClaimed = false
        }
    }

    /// Gives back the temporary resolvers this failed pass ran, so that they keep waiting.
    func abandon() {
        for temporary in usedTemporaries { temporary.isClaimed = false }
    }

    func spend(_ entry: ResolverEntry) {
        spent[ObjectIdentifier(entry)] = entry
    }

    func run(_ entry: ResolverEntry, _ source: (any Screen)?, _ destination: any Screen) throws(DependencyError) {
        do {
            try entry.resolver.apply(source, destination, transition)
            ranEntries.append(entry)
            ranIDs.insert(ObjectIdentifier(entry))
        } catch {
            throw DependencyError.resolverFailed(
                resolver: entry.resolver.summary, transition: transition.record.description,
                reason: UnderlyingError(error), alreadyRan: ran)
        }
    }

    /// Applies the state changes once the whole transition resolved.
    func commit() {
        let journal = ResolutionJournal.current
        for (entry, source, branch) in remembered.values {
            journal?.willChange(entry)
            entry.remember(source, branch: branch)
        }
        for entry in spent.values {
            journal?.willChange(entry)
            entry.spend(in: window)
        }
        for temporary in usedTemporaries {
            temporary.isUsed = true
            if let journal {
                // Released when the assignment that journals this pass commits, so that a
                // rollback can put the resolver back.
                journal.used(temporary)
            } else {
                // A used temporary lets go of its resolver and what it captured; `ranEntries` holds
                // it until this pass ends, after the coordinator's state is settled.
                temporary.coordinator.removeAllEntries()
            }
        }
    }
}

/// The context key under which a screen's coordinator is stored.
enum DependencyCoordinatorKey: ContextKey {
    typealias Value = DependencyCoordinator
}

extension Screen {
    /// The coordinator that resolves the transitions from this screen: the one set on this screen
    /// or inherited through its context from the screens before it, else
    /// ``DependencyCoordinator/default``. Setting it starts a workflow at this screen, as
    /// MHDependencyKit's `setupWorkflowDependencyCoordinator` does: the transitions after it use
    /// it, and a container's children that had a coordinator of their own get it too.
    ///
    /// A screen shown with an isolated context (``ContextWiring/isolate``) inherits nothing
    /// through its context: unless one is set on it, this is its window's coordinator, which is
    /// the one that resolves the transitions from it (and ``DependencyCoordinator/default``
    /// outside a window).
    ///
    /// ```swift
    /// checkout.dependencyCoordinator = checkoutCoordinator
    /// ```
    public var dependencyCoordinator: DependencyCoordinator {
        get {
            context[DependencyCoordinatorKey.self]
                ?? ScreenWindow.containing(self)?.context[DependencyCoordinatorKey.self]
                ?? .default
        }
        set {
            context.set(newValue, for: DependencyCoordinatorKey.self)
            // As MHDependencyKit's setupWorkflowDependencyCoordinator sets it on every child, a
            // workflow set on a container reaches the children that have a coordinator of their own.
            let id = ObjectIdentifier(DependencyCoordinatorKey.self)
            for screen in screenAndDescendants.dropFirst() where screen.context.slots[id] != nil {
                screen.context.set(newValue, for: DependencyCoordinatorKey.self)
            }
        }
    }

    /// Registers a context resolver on this screen's coordinator that is used once: it remembers
    /// the next matching source and resolves every matching destination of the first later
    /// transition of the workflow that has one (a navigation stack and its root, say), after the
    /// coordinator's own resolvers (MHDependencyKit's `registerTemporaryContextDependencyResolver`).
    /// Transitions it does not match leave it waiting.
    ///
    /// ```swift
    /// orders.registerTemporaryContextResolver { (source: OrdersScreen, destination: OrderScreen) in
    ///     destination.title = source.selectedOrder.name
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: Where the resolver is made (filled in for you).
    ///   - line: The line (filled in for you).
    ///   - resolve: Passes what the destination needs.
    public func registerTemporaryContextResolver<Source, Destination>(
        fileID: String = #fileID, line: Int = #line,
        _ resolve: @escaping @MainActor (Source, Destination) throws -> Void
    ) {
        dependencyCoordinator.registerTemporary(.context(fileID: fileID, line: line, resolve))
    }
}

extension ScreenWindow {
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
