/// How a screen was last resolved: what a report needs, later, to explain why no resolver set a
/// ``Resolved`` property. Kept cheap, since every forward transition records it: no strings,
/// the screens held weakly.
@MainActor
struct ResolutionTrace {
    let kind: TransitionKind
    let identifier: String?
    weak var source: (any Screen)?
    /// The transition's destination when it is not the screen itself (a container the screen is
    /// inside), held weakly.
    weak var shownWith: (any Screen)?
    let senderType: Any.Type?
    let coordinator: DependencyCoordinator
    weak var window: ScreenWindow?

    /// The traces of screens that are not ``ScreenModel``s (view controllers), held weakly.
    private static var external: [ObjectIdentifier: ExternalTrace] = [:]
    private static var externalCompactionThreshold = 64

    /// Records `trace` for `screen`.
    static func record(_ trace: ResolutionTrace, for screen: any Screen) {
        if let model = screen as? ScreenModel {
            model.resolutionTrace = trace
            return
        }
        if external.count >= externalCompactionThreshold {
            external = external.filter { $0.value.screen != nil }
            externalCompactionThreshold = max(64, 2 * external.count)
        }
        external[ObjectIdentifier(screen)] = ExternalTrace(screen: screen, trace: trace)
    }

    /// The last trace recorded for `screen`.
    static func last(for screen: any Screen) -> ResolutionTrace? {
        if let model = screen as? ScreenModel { return model.resolutionTrace }
        guard let entry = external[ObjectIdentifier(screen)], entry.screen === screen else { return nil }
        return entry.trace
    }

    private struct ExternalTrace {
        weak var screen: (any Screen)?
        let trace: ResolutionTrace
    }
}

/// The report of a ``Resolved`` property read before any resolver set it.
@MainActor
enum ResolutionReport {
    /// `read`: the screen read the property (else a screen tree assignment found it unset after
    /// resolving the screen, before showing it).
    static func unresolved(screen: any Screen, property: String, valueType: Any.Type, site: String, read: Bool)
        -> String
    {
        let type = TypeNames.name(of: Swift.type(of: screen))
        let valueName = String(describing: valueType)
        var lines = [
            "\(type).\(property) (@Resolved \(valueName), \(site)) "
                + (read ? "was read before a resolver set it." : "is not set by any resolver.")
        ]
        let coordinator: DependencyCoordinator
        if let trace = ResolutionTrace.last(for: screen) {
            coordinator = trace.coordinator
            lines.append(
                "\(screen.screenName) (\(type)) was shown by \(describe(trace, of: screen)), resolved by coordinator"
                    + " \(coordinator.name)\(coordinator.resolvers.isEmpty && coordinator.childCoordinators.isEmpty ? ", which has no resolvers." : ":")"
            )
            lines += explanations(in: coordinator, for: screen, trace: trace, property: property, indent: "  ")
        } else {
            coordinator = screen.dependencyCoordinator
            lines.append(
                "\(screen.screenName) (\(type)) has not been shown by a transition yet: resolvers run when a push,"
                    + " a presentation, a hop or a root change shows it, before its first will-appear. Read"
                    + " \(property) from willAppear or later.")
        }
        lines.append(
            "Register a resolver that sets it on coordinator \(coordinator.name), for example"
                + " .destination { (screen: \(type)) in screen.\(property) = … }")
        return lines.joined(separator: "\n")
    }

    /// `push: home → items`, with `(as nav's root)`-style context when the screen was inside the
    /// destination.
    static func describe(_ trace: ResolutionTrace, of screen: any Screen) -> String {
        let destination = trace.shownWith ?? screen
        let source = trace.source.map { "\($0.screenName) " } ?? ""
        let id = trace.identifier.map { " (\($0))" } ?? ""
        let inside = trace.shownWith.map { " (\(screen.screenName) inside \($0.screenName))" } ?? ""
        return "\(trace.kind.rawValue): \(source)→ \(destination.screenName)\(id)\(inside)"
    }

    /// One line per resolver of `coordinator` and its children: why it did not set the property.
    private static func explanations(
        in coordinator: DependencyCoordinator, for screen: any Screen, trace: ResolutionTrace, property: String,
        indent: String
    ) -> [String] {
        var lines: [String] = []
        var visited: Set<ObjectIdentifier> = []
        func add(_ coordinator: DependencyCoordinator, indent: String) {
            guard visited.insert(ObjectIdentifier(coordinator)).inserted else { return }
            for entry in coordinator.entries {
                lines.append(
                    "\(indent)- \(entry.resolver.summary): "
                        + reason(entry, for: screen, trace: trace, property: property))
            }
            for temporary in coordinator.temporaryResolvers {
                lines.append("\(indent)- temporary \(temporary.summary): still waiting for a transition it matches")
            }
            for child in coordinator.childCoordinators {
                lines.append("\(indent)coordinator \(child.name)\(child.resolvers.isEmpty ? ", no resolvers" : ":")")
                add(child, indent: indent + "  ")
            }
        }
        add(coordinator, indent: indent)
        return lines
    }

    /// Why `entry` did not set the property of `screen` in the transition `trace` describes.
    private static func reason(_ entry: ResolverEntry, for screen: any Screen, trace: ResolutionTrace, property: String)
        -> String
    {
        let resolver = entry.resolver
        let type = TypeNames.name(of: Swift.type(of: screen))
        guard resolver.matchesDestination(screen) else { return "its destination type is not \(type)" }
        let ranButDidNotSet = "it matches \(type) and ran, but did not set \(property)"
        var sources: [any Screen] = []
        if let source = trace.source {
            sources.append(source)
            if let first = source.childScreens.first { sources.append(first) }
        }
        switch resolver.kind {
        case .destination:
            return ranButDidNotSet
        case .consumer:
            return trace.source == nil
                ? ranButDidNotSet : "a consumer resolver runs only for a screen shown from no screen (a window's root)"
        case .initial:
            return entry.isSpent(in: trace.window)
                ? "an initial resolver runs once per window, and had run for an earlier \(resolver.destinationType)"
                : ranButDidNotSet
        case .direct, .transition:
            if let identifier = resolver.identifier, identifier != trace.identifier {
                return "it is limited to the identifier \"\(identifier)\", and the transition had "
                    + (trace.identifier.map { "\"\($0)\"" } ?? "none")
            }
            if let wanted = resolver.senderTypeID, trace.senderType.map(ObjectIdentifier.init) != wanted {
                return "it wants a sender of another type, and the transition's was "
                    + (trace.senderType.map { String(describing: $0) } ?? "none")
            }
            if sources.isEmpty {
                return resolver.acceptsNoSource ? ranButDidNotSet : "the transition came from no screen"
            }
            guard sources.contains(where: { resolver.matchesSource($0) }) else {
                let names = sources.map { TypeNames.name(of: Swift.type(of: $0)) }.joined(separator: " nor ")
                return "its source type is not \(names)"
            }
            return ranButDidNotSet
        case .context:
            guard entry.rememberedSource(onBranch: ResolutionPass.branch(of: screen)) != nil else {
                return "no screen of its source type \(resolver.sourceType ?? "?") was left for another one earlier"
                    + " in the workflow"
            }
            return ranButDidNotSet
        }
    }
}
