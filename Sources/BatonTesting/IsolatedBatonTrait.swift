import Baton
import Testing

/// A trait that gives each test its own `DependencyCoordinator.default` and
/// `ScreenRegistry.main`, so that tests running in parallel do not see each other's
/// resolvers, one-shot resolvers or registered screens.
///
/// Attached to a suite, every test of the suite (and of nested suites) gets fresh ones. Code the
/// test runs — including tasks it creates — reads the test's own coordinator and registry.
///
/// ```swift
/// @Suite(.isolatedBaton) @MainActor struct CheckoutFlowTests {
///     @Test func pushResolvesTheTitle() throws {
///         try DependencyCoordinator.default.register(.destination { (d: PayScreen) in d.title = "Pay" })
///         // … push and expect; the next test starts with an empty default coordinator.
///     }
/// }
/// ```
public struct IsolatedBatonTrait: SuiteTrait, TestTrait, TestScoping {
    /// Applies to every test of a suite it is attached to.
    ///
    /// ```swift
    /// IsolatedBatonTrait.isolatedBaton.isRecursive   // true
    /// ```
    public var isRecursive: Bool { true }

    /// Makes the trait; write `.isolatedBaton` instead.
    ///
    /// ```swift
    /// @Test(IsolatedBatonTrait()) func flow() {}
    /// ```
    public init() {}

    /// Runs `function` with a new default coordinator (named after the test) and a new main registry.
    ///
    /// ```swift
    /// try await IsolatedBatonTrait().provideScope(for: test, testCase: nil) { try await body() }
    /// ```
    ///
    /// - Parameters:
    ///   - test: The test or suite.
    ///   - testCase: The test case, or `nil` for a suite.
    ///   - function: The test.
    /// - Throws: What `function` throws.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let name = test.name
        let coordinator = await DependencyCoordinator(name: "test \(name)")
        let registry = await ScreenRegistry()
        try await DependencyCoordinator.withDefault(coordinator) {
            try await ScreenRegistry.withMain(registry) {
                try await function()
            }
        }
    }
}

extension Trait where Self == IsolatedBatonTrait {
    /// Each test gets its own default dependency coordinator and main screen registry.
    ///
    /// ```swift
    /// @Test(.isolatedBaton) func flow() async throws { /* … */ }
    /// ```
    public static var isolatedBaton: Self { Self() }
}
