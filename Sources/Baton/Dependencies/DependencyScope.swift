/// The task-local overrides of ``DependencyCoordinator/default`` and ``ScreenRegistry/main``.
///
/// Each override is read once per transition (when the default coordinator resolves it), never
/// per context read.
enum BatonScope {
    /// The coordinator that stands for ``DependencyCoordinator/default`` in this task, with its
    /// own store of one-shot resolvers; `nil` outside `DependencyCoordinator.withDefault(_:operation:)`.
    @TaskLocal static var coordinator: CoordinatorScope?
    /// The registry that stands for ``ScreenRegistry/main`` in this task.
    @TaskLocal static var registry: ScreenRegistry?
}

/// A scoped default coordinator and the one-shot resolvers
/// (``DependencyCoordinator/resolvingNextTransition(_:_:)``) waiting inside its scope.
struct CoordinatorScope: Sendable {
    let coordinator: DependencyCoordinator
    let inline: InlineResolverStore
}

/// A store of waiting one-shot resolvers: the process-wide one, or one per
/// `DependencyCoordinator.withDefault(_:operation:)` scope.
@MainActor
final class InlineResolverStore: Sendable {
    var resolvers: [InlineResolver] = []

    nonisolated init() {}

    /// The store of the current scope, else the process-wide one.
    static var current: InlineResolverStore { BatonScope.coordinator?.inline ?? shared }

    private static let shared = InlineResolverStore()
}

extension DependencyCoordinator {
    /// Runs `operation` with `coordinator` standing for ``default`` — and with a store of one-shot
    /// resolvers of its own — in the current task and the tasks it creates, as swift-dependencies'
    /// `withDependencies` does. Code outside the scope, such as a test running in parallel, keeps
    /// seeing its own default coordinator.
    ///
    /// ```swift
    /// let coordinator = DependencyCoordinator(name: "test")
    /// try DependencyCoordinator.withDefault(coordinator) {
    ///     try DependencyCoordinator.default.register(.destination { (d: DetailScreen) in d.title = "Test" })
    ///     try stack.push(DetailScreen())   // resolved by `coordinator`
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - coordinator: The coordinator that stands for ``default`` during `operation`.
    ///   - operation: The code to run.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public nonisolated static func withDefault<R>(
        _ coordinator: DependencyCoordinator, operation: () throws -> R
    ) rethrows -> R {
        try BatonScope.$coordinator.withValue(
            CoordinatorScope(coordinator: coordinator, inline: InlineResolverStore()), operation: operation)
    }

    /// Runs the asynchronous `operation` with `coordinator` standing for ``default`` — and with a
    /// store of one-shot resolvers of its own — in the current task and the tasks it creates.
    ///
    /// ```swift
    /// let coordinator = DependencyCoordinator(name: "test")
    /// try await DependencyCoordinator.withDefault(coordinator) { @MainActor in
    ///     try DependencyCoordinator.default.register(.destination { (d: DetailScreen) in d.title = "Test" })
    ///     try await stack.push(DetailScreen())
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - coordinator: The coordinator that stands for ``default`` during `operation`.
    ///   - operation: The code to run.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public nonisolated static func withDefault<R: Sendable>(
        _ coordinator: DependencyCoordinator, operation: @Sendable () async throws -> R
    ) async rethrows -> R {
        try await BatonScope.$coordinator.withValue(
            CoordinatorScope(coordinator: coordinator, inline: InlineResolverStore()), operation: operation)
    }
}

extension ScreenRegistry {
    /// Runs `operation` with `registry` standing for ``main`` in the current task and the tasks it
    /// creates. Code outside the scope keeps seeing its own main registry.
    ///
    /// ```swift
    /// let registry = ScreenRegistry()
    /// try ScreenRegistry.withMain(registry) {
    ///     try ScreenRegistry.main.register(named: "home") { HomeScreen() }   // registers in `registry`
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - registry: The registry that stands for ``main`` during `operation`.
    ///   - operation: The code to run.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public nonisolated static func withMain<R>(_ registry: ScreenRegistry, operation: () throws -> R) rethrows -> R {
        try BatonScope.$registry.withValue(registry, operation: operation)
    }

    /// Runs the asynchronous `operation` with `registry` standing for ``main`` in the current task
    /// and the tasks it creates.
    ///
    /// ```swift
    /// try await ScreenRegistry.withMain(ScreenRegistry()) { @MainActor in
    ///     try ScreenRegistry.main.register(named: "home") { HomeScreen() }
    ///     try await startup.hop(to: ScreenRegistry.main.makeScreen(named: "home"))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - registry: The registry that stands for ``main`` during `operation`.
    ///   - operation: The code to run.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public nonisolated static func withMain<R: Sendable>(
        _ registry: ScreenRegistry, operation: @Sendable () async throws -> R
    ) async rethrows -> R {
        try await BatonScope.$registry.withValue(registry, operation: operation)
    }
}
