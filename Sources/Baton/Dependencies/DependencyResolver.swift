/// One rule that passes data or dependencies to screens as transitions happen
/// (MHDependencyKit's resolvers). Register it on a ``DependencyCoordinator``.
///
/// Source and destination types may be concrete screen types or protocols that screens adopt
/// ("configurables"), so one registration serves every conforming pair:
///
/// ```swift
/// protocol ContactIDConfigurable: AnyObject { var contactID: String? { get set } }
///
/// try coordinator.register(.context { (source: any ContactIDConfigurable, destination: any ContactIDConfigurable) in
///     destination.contactID = source.contactID
/// })
/// ```
///
/// Matching looks into containers as MHDependencyKit does: the source is the transition's source
/// screen or its first child; the destinations are the destination screen and every descendant
/// (every tab of a tab container, the root of a stack) that matches.
@MainActor
public struct DependencyResolver {
    /// The kinds of resolver.
    ///
    /// ```swift
    /// resolver.kind   // .direct
    /// ```
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Source → destination for screens directly one after another.
        ///
        /// ```swift
        /// DependencyResolver.direct { (source: List, destination: Detail) in … }
        /// ```
        case direct
        /// Any transition to a matching destination, whatever the source.
        ///
        /// ```swift
        /// DependencyResolver.destination { (destination: Detail) in … }
        /// ```
        case destination
        /// The last matching transition source seen anywhere earlier in the workflow to every
        /// later matching destination.
        ///
        /// ```swift
        /// DependencyResolver.context { (source: Picker, destination: Summary) in … }
        /// ```
        case context
        /// Nothing (app start) to the first matching destination.
        ///
        /// ```swift
        /// DependencyResolver.initial { (destination: any ModelConfigurable) in … }
        /// ```
        case initial
        /// Like ``direct`` but also sees the transition's identifier and sender; it runs once per
        /// transition, for the first matching destination.
        ///
        /// ```swift
        /// DependencyResolver.transition(identifier: "showDetail") { (t, s: List, d: Detail) in … }
        /// ```
        case transition
        /// A destination resolved without a source only (MHDependencyKit's
        /// `ConsumerDependencyResolver`): ``DependencyCoordinator/resolveDependencies(to:)`` and
        /// transitions that come from no screen, such as a window's root.
        ///
        /// ```swift
        /// DependencyResolver.consumer { (destination: Detail) in … }
        /// ```
        case consumer
    }

    /// The kind of resolver.
    ///
    /// ```swift
    /// DependencyResolver.destination { (d: Detail) in }.kind   // .destination
    /// ```
    public let kind: Kind
    /// The source type's name, `nil` for destination and initial resolvers.
    ///
    /// ```swift
    /// resolver.sourceType   // "ListScreen"
    /// ```
    public let sourceType: String?
    /// The destination type's name.
    ///
    /// ```swift
    /// resolver.destinationType   // "DetailScreen"
    /// ```
    public let destinationType: String
    /// For transition resolvers, the transition identifier they are limited to.
    ///
    /// ```swift
    /// resolver.identifier   // "showDetail"
    /// ```
    public let identifier: String?
    /// Where the resolver was made, `file:line`.
    ///
    /// ```swift
    /// resolver.site   // "App/Dependencies.swift:14"
    /// ```
    public let site: String

    let sourceTypeID: ObjectIdentifier?
    let destinationTypeID: ObjectIdentifier
    let matchesSource: @MainActor (Any) -> Bool
    let matchesDestination: @MainActor (Any) -> Bool
    let apply: @MainActor (Any?, Any, ScreenTransition?) throws -> Void
    /// Whether a resolver declared with an optional source also runs when there is none.
    var acceptsNoSource = false
    /// Further conditions on the transition, such as the sender's type.
    var matchesTransition: (@MainActor (ScreenTransition?) -> Bool)?
    /// The sender type a transition resolver matches, for conflicts.
    var senderTypeID: ObjectIdentifier?

    /// `kind: Source → Destination (site)`, for example `direct: ListScreen → DetailScreen (App.swift:12)`.
    ///
    /// ```swift
    /// print(resolver)
    /// ```
    public var summary: String {
        let from = sourceType.map { "\($0) → " } ?? ""
        let id = identifier.map { " [\($0)]" } ?? ""
        return "\(kind.rawValue): \(from)\(destinationType)\(id) (\(site))"
    }

    // MARK: - Factories

    /// Resolves between screens directly one after another (MHDependencyKit's
    /// `UIViewControllerDependencyResolver`).
    ///
    /// ```swift
    /// .direct { (source: ContactListScreen, destination: ContactDetailsScreen) in
    ///     destination.contactID = source.selectedContact.id
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: Where the resolver is made (filled in for you).
    ///   - line: The line (filled in for you).
    ///   - resolve: Passes what the destination needs; it may throw to stop the transition.
    /// - Returns: A resolver to register.
    public static func direct<Source, Destination>(
        fileID: String = #fileID, line: Int = #line,
        _ resolve: @escaping @MainActor (Source, Destination) throws -> Void
    ) -> DependencyResolver {
        pair(.direct, identifier: nil, fileID: fileID, line: line) { _, source, destination in
            try resolve(source, destination)
        }
    }

    /// Resolves every transition to a matching destination, whatever the source (MHDependencyKit's
    /// `UIViewControllerConsumerDependencyResolver`).
    ///
    /// ```swift
    /// .destination { (destination: any ModelConfigurable) in destination.model = model }
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: Where the resolver is made (filled in for you).
    ///   - line: The line (filled in for you).
    ///   - resolve: Configures the destination.
    /// - Returns: A resolver to register.
    public static func destination<Destination>(
        fileID: String = #fileID, line: Int = #line,
        _ resolve: @escaping @MainActor (Destination) throws -> Void
    ) -> DependencyResolver {
        single(.destination, fileID: fileID, line: line, resolve)
    }

    /// Remembers, weakly, the last matching screen that was the source of a transition anywhere
    /// in the workflow, and resolves it to every later matching destination (MHDependencyKit's
    /// `UIViewControllerContextDependencyResolver`). A new matching source replaces the old one;
    /// a source that is gone resolves nothing. A screen starts a context when it is left for the
    /// next screen, not when it appears.
    ///
    /// ```swift
    /// .context { (source: any ContactIDConfigurable, destination: any ContactIDConfigurable) in
    ///     destination.contactID = source.contactID
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: Where the resolver is made (filled in for you).
    ///   - line: The line (filled in for you).
    ///   - resolve: Passes what the destination needs from the remembered source.
    /// - Returns: A resolver to register.
    public static func context<Source, Destination>(
        fileID: String = #fileID, line: Int = #line,
        _ resolve: @escaping @MainActor (Source, Destination) throws -> Void
    ) -> DependencyResolver {
        pair(.context, identifier: nil, fileID: fileID, line: line) { _, source, destination in
            try resolve(source, destination)
        }
    }

    /// Resolves from nothing (app start) to the first matching destination, once
    /// (MHDependencyKit's `UIViewControllerConsumerContextDependencyResolver`).
    ///
    /// ```swift
    /// .initial { (destination: MainScreen) in destination.model = loadedModel }
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: Where the resolver is made (filled in for you).
    ///   - line: The line (filled in for you).
    ///   - resolve: Configures the first matching destination.
    /// - Returns: A resolver to register.
    public static func initial<Destination>(
        fileID: String = #fileID, line: Int = #line,
        _ resolve: @escaping @MainActor (Destination) throws -> Void
    ) -> DependencyResolver {
        single(.initial, fileID: fileID, line: line, resolve)
    }

    /// Resolves a destination only when it is resolved without a source: with
    /// ``DependencyCoordinator/resolveDependencies(to:)``, or by a transition that comes from no
    /// screen (a window's root). This is MHDependencyKit's `ConsumerDependencyResolver`, whose
    /// provider is `Void`; ``destination(fileID:line:_:)`` instead runs whatever the source.
    ///
    /// ```swift
    /// .consumer { (destination: any StoreConfigurable) in destination.store = store }
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: Where the resolver is made (filled in for you).
    ///   - line: The line (filled in for you).
    ///   - resolve: Configures the destination.
    /// - Returns: A resolver to register.
    public static func consumer<Destination>(
        fileID: String = #fileID, line: Int = #line,
        _ resolve: @escaping @MainActor (Destination) throws -> Void
    ) -> DependencyResolver {
        single(.consumer, fileID: fileID, line: line, resolve)
    }

    /// A transition resolver that matches only when the transition's sender is a `Sender`, and
    /// receives it typed (MHDependencyKit's `UIStoryboardSegueDependencyResolver<Sender>`).
    ///
    /// ```swift
    /// .transition(identifier: "showOrder", sender: String.self) {
    ///     (transition, orderID, source: OrdersScreen, destination: OrderScreen) in
    ///     destination.orderID = orderID
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - identifier: When given, only transitions with this identifier match.
    ///   - sender: The sender's type; transitions with another sender, or none, do not match.
    ///   - fileID: Where the resolver is made (filled in for you).
    ///   - line: The line (filled in for you).
    ///   - resolve: Receives the transition, the typed sender, the source and the destination.
    /// - Returns: A resolver to register.
    public static func transition<Sender, Source, Destination>(
        identifier: String? = nil, sender: Sender.Type, fileID: String = #fileID, line: Int = #line,
        _ resolve: @escaping @MainActor (ScreenTransition, Sender, Source, Destination) throws -> Void
    ) -> DependencyResolver {
        var resolver = pair(.transition, identifier: identifier, fileID: fileID, line: line) {
            (transition: ScreenTransition?, source: Source, destination: Destination) in
            guard let transition, let sender = transition.sender as? Sender else { return }
            try resolve(transition, sender, source, destination)
        }
        resolver.matchesTransition = { transition in transition?.sender is Sender }
        resolver.senderTypeID = ObjectIdentifier(Sender.self)
        return resolver
    }

    /// Resolves between screens directly one after another and sees the transition, with its
    /// identifier and sender (MHDependencyKit's `UIStoryboardSegueDependencyResolver`).
    ///
    /// ```swift
    /// .transition(identifier: "showDetail") { (transition, source: ListScreen, destination: DetailScreen) in
    ///     destination.row = transition.sender as? Int
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - identifier: When given, only transitions with this identifier match.
    ///   - fileID: Where the resolver is made (filled in for you).
    ///   - line: The line (filled in for you).
    ///   - resolve: Passes what the destination needs.
    /// - Returns: A resolver to register.
    public static func transition<Source, Destination>(
        identifier: String? = nil, fileID: String = #fileID, line: Int = #line,
        _ resolve: @escaping @MainActor (ScreenTransition, Source, Destination) throws -> Void
    ) -> DependencyResolver {
        var resolver = pair(.transition, identifier: identifier, fileID: fileID, line: line) {
            (transition: ScreenTransition?, source: Source, destination: Destination) in
            guard let transition else { return }
            try resolve(transition, source, destination)
        }
        resolver.matchesTransition = { $0 != nil }
        return resolver
    }

    // MARK: - Internals

    static func typeName(_ type: Any.Type) -> String {
        let name = String(describing: type)
        return name.hasPrefix("any ") ? String(name.dropFirst(4)) : name
    }

    private static func pair<Source, Destination>(
        _ kind: Kind, identifier: String?, fileID: String, line: Int,
        _ resolve: @escaping @MainActor (ScreenTransition?, Source, Destination) throws -> Void
    ) -> DependencyResolver {
        let none = (Source.self as? any OptionalSource.Type)?.noSource as? Source
        var resolver = DependencyResolver(
            kind: kind, sourceType: typeName(Source.self), destinationType: typeName(Destination.self),
            identifier: identifier, site: "\(fileID):\(line)",
            sourceTypeID: ObjectIdentifier(Source.self), destinationTypeID: ObjectIdentifier(Destination.self),
            matchesSource: { $0 is Source }, matchesDestination: { $0 is Destination },
            apply: { source, destination, transition in
                guard let destination = destination as? Destination else { return }
                if let source = source as? Source {
                    try resolve(transition, source, destination)
                } else if source == nil, let none {
                    try resolve(transition, none, destination)
                }
            })
        resolver.acceptsNoSource = none != nil
        return resolver
    }

    private static func single<Destination>(
        _ kind: Kind, fileID: String, line: Int, _ resolve: @escaping @MainActor (Destination) throws -> Void
    ) -> DependencyResolver {
        DependencyResolver(
            kind: kind, sourceType: nil, destinationType: typeName(Destination.self), identifier: nil,
            site: "\(fileID):\(line)", sourceTypeID: nil, destinationTypeID: ObjectIdentifier(Destination.self),
            matchesSource: { _ in false }, matchesDestination: { $0 is Destination },
            apply: { _, destination, _ in
                guard let destination = destination as? Destination else { return }
                try resolve(destination)
            })
    }
}

/// An optional source type: a resolver declared with `Source?` also runs when there is no source,
/// receiving `nil`.
protocol OptionalSource {
    static var noSource: Any { get }
}

extension Optional: OptionalSource {
    static var noSource: Any { Self.none as Any }
}
