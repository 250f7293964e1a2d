import Baton
import Testing

/// Runs a test or suite with ``MisuseMode/lenient``, so that misuses throw instead of stopping
/// the test process with an assertion (the debug default).
struct LenientMisuseTrait: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await MisuseMode.$current.withValue(.lenient) {
            try await function()
        }
    }
}

extension Trait where Self == LenientMisuseTrait {
    /// Misuses throw their typed error instead of stopping at an assertion.
    static var lenientMisuse: Self { Self() }
}
