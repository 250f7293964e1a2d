import Baton
import Testing

/// A trait that runs a test, or every test of a suite, with `MisuseMode.lenient`: a misuse
/// throws its typed error instead of stopping the test process at an assertion (the debug
/// default), so a test can expect the error.
///
/// ```swift
/// @Suite(.lenientMisuse) struct FlagMisuseTests {
///     @Test @MainActor func unsettingAMissingFlagThrows() {
///         #expect(throws: ContextError.self) { try ScreenContext(name: "c").unsetFlag(Onboarded.self) }
///     }
/// }
/// ```
public struct LenientMisuseTrait: SuiteTrait, TestTrait, TestScoping {
    /// Applies to every test of a suite it is attached to.
    ///
    /// ```swift
    /// LenientMisuseTrait.lenientMisuse.isRecursive   // true
    /// ```
    public var isRecursive: Bool { true }

    /// Makes the trait; write `.lenientMisuse` instead.
    ///
    /// ```swift
    /// @Test(LenientMisuseTrait()) func misuseThrows() {}
    /// ```
    public init() {}

    /// Runs `function` with `MisuseMode.current` set to `MisuseMode.lenient`.
    ///
    /// ```swift
    /// try await LenientMisuseTrait().provideScope(for: test, testCase: nil) { try await body() }
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
        try await MisuseMode.$current.withValue(.lenient) {
            try await function()
        }
    }
}

extension Trait where Self == LenientMisuseTrait {
    /// Misuses throw their typed error instead of stopping at an assertion.
    ///
    /// ```swift
    /// @Test(.lenientMisuse) func secondProviderThrows() { /* … */ }
    /// ```
    public static var lenientMisuse: Self { Self() }
}
