import Baton
import BatonTesting
import Testing

extension ContextValues {
    /// The total weight the each-fields ask for (ProContext's requestable), as a member.
    fileprivate var boxWeight: ContextEntry<Double?> { .init() }
    /// A member nobody provides.
    fileprivate var parcelCount: ContextEntry<Int> { .init(default: 0) }
}

@MainActor
private final class WeightField {
    var weight: Double? = 40
    var isInWindow = true
}

/// Providers of ``ContextValues`` members: the key-path form of `provide`, `request` and
/// `canRequest`, with the rules and messages of the key-type form.
@MainActor
@Suite(.lenientMisuse)
struct ContextEntryProviderTests {
    @Test func aMemberIsServedByAClosureAlongItsChain() throws {
        let app = ScreenContext(name: "app")
        let total = WeightField()
        try app.provide(\.boxWeight, owner: total) { owner in owner.weight }
        let each = ScreenContext(name: "each", parent: ScreenContext(parent: app))
        #expect(try each.request(\.boxWeight) == 40)
        #expect(each.canRequest(\.boxWeight))
        total.weight = 55
        #expect(try each.request(\.boxWeight) == 55)
        // The subscript still reads the stored value or the default, not the provider.
        #expect(each[\.boxWeight] == nil)
    }

    @Test func aMissingProviderNamesTheMemberWhereItLookedAndWhatExists() throws {
        let app = ScreenContext(name: "app")
        let total = WeightField()
        try app.provide(\.boxWeight, owner: total) { $0.weight }
        let screen = ScreenContext(name: "screen", parent: app)
        #expect(!screen.canRequest(\.parcelCount))
        #expect(
            throws: ContextError.providerMissing(
                key: "parcelCount", searched: ["screen", "app"], available: ["boxWeight"])
        ) {
            try screen.request(\.parcelCount)
        }
        #expect(
            ContextError.providerMissing(key: "parcelCount", searched: ["screen", "app"], available: ["boxWeight"])
                .description
                == "No provider for parcelCount: searched screen → app. Providers on the chain: boxWeight."
                + " Register one with provide(\\.parcelCount, owner:_:).")
    }

    @Test func aSecondProviderOnTheLineageIsAMisuseAndSiblingsMayEachServe() throws {
        let app = ScreenContext(name: "app")
        let first = WeightField()
        let second = WeightField()
        try app.provide(\.boxWeight, owner: first) { $0.weight }
        let child = ScreenContext(name: "child", parent: app)
        #expect(throws: ContextError.providerAlreadyRegistered(key: "boxWeight", registeredIn: "app")) {
            try child.provide(\.boxWeight, owner: second) { $0.weight }
        }
        let tabs = ScreenContext(name: "tabs")
        try ScreenContext(name: "left", parent: tabs).provide(\.boxWeight, owner: first) { _ in 1 }
        try ScreenContext(name: "right", parent: tabs).provide(\.boxWeight, owner: second) { _ in 2 }
    }

    @Test func aProviderWithAConditionIsUnavailableWhileItDoesNotHold() throws {
        let context = ScreenContext(name: "weights")
        let total = WeightField()
        try context.provide(\.boxWeight, owner: total, if: Condition { total.isInWindow }) { $0.weight }
        total.isInWindow = false
        #expect(!context.canRequest(\.boxWeight))
        #expect(throws: ContextError.providerUnavailable(key: "boxWeight", registeredIn: "weights")) {
            try context.request(\.boxWeight)
        }
    }

    @Test func theProviderEndsWithItsOwnerAndFreesIt() throws {
        let context = ScreenContext(name: "weights")
        weak var gone: WeightField?
        do {
            let total = WeightField()
            gone = total
            try context.provide(\.boxWeight, owner: total) { $0.weight }
            #expect(try context.request(\.boxWeight) == 40)
        }
        #expect(gone == nil)
        #expect(!context.canRequest(\.boxWeight))
        // An expired provider is replaced silently.
        let next = WeightField()
        try context.provide(\.boxWeight, owner: next) { _ in 7 }
        #expect(try context.request(\.boxWeight) == 7)
    }

    @Test func aKeyTypeAndAMemberOfTheSameNameAreDifferentProviders() throws {
        let context = ScreenContext(name: "weights")
        let total = WeightField()
        try context.provide(\.boxWeight, owner: total) { _ in 1 }
        try context.provide(TotalWeight.self, owner: total) { _ in 2 }
        #expect(try context.request(\.boxWeight) == 1)
        #expect(try context.request(TotalWeight.self) == 2)
    }
}
