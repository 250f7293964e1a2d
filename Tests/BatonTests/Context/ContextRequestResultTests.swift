import Baton
import Testing

extension ContextValues {
    /// A weight served by a provider whose condition the tests control.
    fileprivate var parcelWeight: ContextEntry<Double?> { .init() }
}

/// A provider's answer or the reason there is none, in one request (`requestResult(_:)`, what
/// BatonSwiftUI's `@ContextRequest` reads): the provider's condition is asked once, and a
/// missing provider is an answer, not a misuse, in either key form.
@MainActor
@Suite
struct ContextRequestResultTests {
    /// A condition that holds for its first `holds` evaluations, and counts them.
    @MainActor
    private final class Flipping {
        var holds: Int
        private(set) var evaluations = 0
        init(holds: Int) { self.holds = holds }
        var condition: Condition {
            Condition { [self] in
                evaluations += 1
                return evaluations <= holds
            }
        }
    }

    private final class Owner {}

    // MARK: - One evaluation of the condition

    @Test func aConditionTrueOnceThenFalseGivesTheValueAndIsAskedOnceByKeyType() throws {
        let context = ScreenContext(name: "cart")
        let owner = Owner()
        let flipping = Flipping(holds: 1)
        try context.provide(TotalWeight.self, owner: owner, if: flipping.condition) { _ in 12 }
        #expect(try context.requestResult(TotalWeight.self).get() == 12)
        #expect(flipping.evaluations == 1)
        // Asked again, it no longer holds: the typed reason, asked once more.
        #expect(
            context.requestResult(TotalWeight.self).failure
                == .providerUnavailable(key: "TotalWeight", registeredIn: "cart"))
        #expect(flipping.evaluations == 2)
    }

    @Test func aConditionTrueOnceThenFalseGivesTheValueAndIsAskedOnceByMember() throws {
        let context = ScreenContext(name: "cart")
        let owner = Owner()
        let flipping = Flipping(holds: 1)
        try context.provide(\.parcelWeight, owner: owner, if: flipping.condition) { _ in 3.5 }
        #expect(try context.requestResult(\.parcelWeight).get() == 3.5)
        #expect(flipping.evaluations == 1)
        #expect(
            context.requestResult(\.parcelWeight).failure
                == .providerUnavailable(key: "parcelWeight", registeredIn: "cart"))
        #expect(flipping.evaluations == 2)
    }

    // MARK: - No provider is an answer, not a misuse

    @Test func aMissingProviderIsTheTypedReasonEvenInStrictMode() {
        let context = ScreenContext(name: "screen", parent: ScreenContext(name: "app"))
        MisuseMode.$current.withValue(.strict) {
            #expect(
                context.requestResult(\.parcelWeight).failure
                    == .providerMissing(key: "parcelWeight", searched: ["screen", "app"], available: []))
            #expect(
                context.requestResult(TotalWeight.self).failure
                    == .providerMissing(key: "TotalWeight", searched: ["screen", "app"], available: []))
        }
    }

    @Test func anExpiredProviderIsTheTypedReasonAndIsRemoved() throws {
        let context = ScreenContext(name: "cart")
        do {
            let owner = Owner()
            try context.provide(TotalWeight.self, owner: owner) { _ in 1 }
        }
        #expect(
            context.requestResult(TotalWeight.self).failure
                == .providerExpired(key: "TotalWeight", registeredIn: "cart"))
        #expect(
            context.requestResult(TotalWeight.self).failure
                == .providerMissing(key: "TotalWeight", searched: ["cart"], available: []))
    }
}

extension Result {
    /// The error, or `nil` for a success.
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
