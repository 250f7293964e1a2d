@_spi(Testing) import Baton
import Testing

/// A trait that isolates each test and makes it loud: each test gets its own
/// `DependencyCoordinator.default`, `ScreenRegistry.main` and context defaults, and fails on a
/// live dependency it did not replace and on an error a screen's task threw.
///
/// - Tests running in parallel do not see each other's resolvers, one-shot resolvers or
///   registered screens.
/// - A ``ContextEntry`` declared with a test value (`.init(live: .server, test: .demo)`) reads a
///   test value made for this test alone; a default that is an object is made once per test
///   too, so no two tests share one.
/// - Reading a live value that the test did not set, of an entry that declares no test value,
///   records an issue naming the entry, where it is declared and the line that sets it
///   (`window.context[\.store] = …`), as swift-dependencies does for a dependency without a
///   `testValue`; the read then returns the live value.
/// - An error a screen's task throws (``ScreenModel/task(_:)``) records an issue naming the
///   screen (``ScreenTaskFailure``).
/// - A screen shown without a route in a window whose root has one records an issue naming the
///   screen, where it was shown and the fix (``ScreenWithoutRoute``).
/// - A screen made from a route that no view draws, and a route drawn by two registrations,
///   record an issue naming the route and the fix (``ScreenDrawingReport``).
///
/// Attached to a suite, every test of the suite (and of nested suites) gets its own. Code the
/// test runs — including tasks it creates — sees the test's own.
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

    /// Runs `function` with a new default coordinator (named after the test), a new main
    /// registry and the test's own context defaults; live values read without a test value,
    /// errors of screens' tasks, screens shown without a route and the reports of how screens are
    /// drawn are recorded as issues.
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
        let defaults = TestDefaults { failure in Issue.record(Comment(rawValue: failure)) }
        try await DependencyCoordinator.withDefault(coordinator) {
            try await ScreenRegistry.withMain(registry) {
                try await TestDefaults.$current.withValue(defaults) {
                    try await ScreenTaskFailure.$reporter.withValue({ failure in
                        Issue.record(Comment(rawValue: failure.description))
                    }) {
                        try await ScreenWithoutRoute.$reporter.withValue({ report in
                            Issue.record(Comment(rawValue: report.description))
                        }) {
                            try await ScreenDrawingReport.$reporter.withValue({ report in
                                Issue.record(Comment(rawValue: report.description))
                            }) {
                                try await function()
                            }
                        }
                    }
                }
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
