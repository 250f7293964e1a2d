import Baton
import BatonTesting
import Testing

/// ProContext's example: the each-field asks for the total weight that the total-field provides.
@MainActor
private final class TotalFieldContainer {
    var weight: Double? = 40
    var isInWindow = true
    init() {}
}

@MainActor
@Suite(.lenientMisuse)
struct ContextProviderTests {
    // MARK: - Rule 8: providers

    @Test func providerServesAKeyByAClosure() throws {
        let context = ScreenContext(name: "weights")
        let total = TotalFieldContainer()
        try context.provide(TotalWeight.self, owner: total) { owner in owner.weight }
        #expect(try context.request(TotalWeight.self) == 40)
        total.weight = 55
        #expect(try context.request(TotalWeight.self) == 55)
    }

    @Test func requestWalksTheChain() throws {
        let app = ScreenContext(name: "app")
        let total = TotalFieldContainer()
        try app.provide(TotalWeight.self, owner: total) { owner in owner.weight }
        let each = ScreenContext(name: "each", parent: ScreenContext(parent: app))
        #expect(try each.request(TotalWeight.self) == 40)
        #expect(each.canRequest(TotalWeight.self))
    }

    @Test func unavailableProviderIsAMisuse() throws {
        let context = ScreenContext(name: "weights")
        let total = TotalFieldContainer()
        try context.provide(TotalWeight.self, owner: total, if: Condition { total.isInWindow }) { $0.weight }
        total.isInWindow = false
        #expect(!context.canRequest(TotalWeight.self))
        #expect(throws: ContextError.providerUnavailable(key: "TotalWeight", registeredIn: "weights")) {
            try context.request(TotalWeight.self)
        }
        #expect(
            ContextError.providerUnavailable(key: "TotalWeight", registeredIn: "weights").description
                == "The provider for TotalWeight in weights is not available: its condition is not met. "
                + "Check the condition before requesting, or observe the event that makes it available.")
        total.isInWindow = true
        #expect(try context.request(TotalWeight.self) == 40)
    }

    @Test func providerEndsWhenItsOwnerIsGone() throws {
        let context = ScreenContext(name: "weights")
        weak var weakOwner: TotalFieldContainer?
        do {
            let total = TotalFieldContainer()
            weakOwner = total
            try context.provide(TotalWeight.self, owner: total) { $0.weight }
        }
        #expect(weakOwner == nil)
        #expect(!context.canRequest(TotalWeight.self))
        #expect(throws: ContextError.providerExpired(key: "TotalWeight", registeredIn: "weights")) {
            try context.request(TotalWeight.self)
        }
        #expect(
            ContextError.providerExpired(key: "TotalWeight", registeredIn: "weights").description
                == "The provider for TotalWeight in weights has expired: its owner is gone or its expiry "
                + "condition holds. Register a new provider before requesting.")
    }

    @Test func providerExpiresWhenItsExpiryHolds() throws {
        let context = ScreenContext(name: "weights")
        let total = TotalFieldContainer()
        let expired = Switch()
        try context.provide(TotalWeight.self, owner: total, expiresIf: Condition { expired.isOn }) { $0.weight }
        #expect(try context.request(TotalWeight.self) == 40)
        expired.isOn = true
        #expect(throws: ContextError.providerExpired(key: "TotalWeight", registeredIn: "weights")) {
            try context.request(TotalWeight.self)
        }
    }

    @Test func expiryIsOneWay() throws {
        let context = ScreenContext(name: "weights")
        let total = TotalFieldContainer()
        let expired = Switch()
        let registration = try context.provide(TotalWeight.self, owner: total, expiresIf: Condition { expired.isOn }) {
            $0.weight
        }
        expired.isOn = true
        #expect(!registration.isActive)
        expired.isOn = false
        #expect(!registration.isActive)
        #expect(!context.canRequest(TotalWeight.self))
    }

    // MARK: - Rule 9: one live provider per key per lineage

    @Test func secondLiveProviderOnTheLineageIsAMisuse() throws {
        let app = ScreenContext(name: "app")
        let left = ScreenContext(name: "left", parent: app)
        let leaf = ScreenContext(name: "leaf", parent: left)
        let first = TotalFieldContainer()
        let second = TotalFieldContainer()
        try left.provide(TotalWeight.self, owner: first) { $0.weight }
        // A descendant and an ancestor are on left's lineage.
        #expect(throws: ContextError.providerAlreadyRegistered(key: "TotalWeight", registeredIn: "left → app")) {
            try leaf.provide(TotalWeight.self, owner: second) { $0.weight }
        }
        #expect(throws: ContextError.providerAlreadyRegistered(key: "TotalWeight", registeredIn: "left → app")) {
            try app.provide(TotalWeight.self, owner: second) { $0.weight }
        }
        #expect(
            ContextError.providerAlreadyRegistered(key: "TotalWeight", registeredIn: "left → app").description
                == "A live provider for TotalWeight is already registered in left → app; "
                + "only one live provider per key may exist on a lineage (a context, its ancestors and its "
                + "descendants). Cancel it, or let its owner go, before registering another.")
    }

    @Test func expiredProviderIsReplacedSilently() throws {
        let app = ScreenContext(name: "app")
        let left = ScreenContext(name: "left", parent: app)
        do {
            let first = TotalFieldContainer()
            try left.provide(TotalWeight.self, owner: first) { $0.weight }
        }
        let second = TotalFieldContainer()
        second.weight = 7
        try app.provide(TotalWeight.self, owner: second) { $0.weight }
        #expect(try left.request(TotalWeight.self) == 7)
    }

    @Test func cancelledProviderCanBeReplaced() throws {
        let app = ScreenContext(name: "app")
        let first = TotalFieldContainer()
        let registration = try app.provide(TotalWeight.self, owner: first) { $0.weight }
        registration.cancel()
        #expect(!app.canRequest(TotalWeight.self))
        try app.provide(TotalWeight.self, owner: first) { _ in 1 }
        #expect(try app.request(TotalWeight.self) == 1)
    }

    // MARK: - Rule 10: missing providers

    @Test func missingProviderNamesTheChainAndTheProvidersThatExist() throws {
        enum TotalWeigth: ContextKey { typealias Value = Double }
        let app = ScreenContext(name: "app")
        let total = TotalFieldContainer()
        try app.provide(TotalWeight.self, owner: total) { $0.weight }
        let screen = ScreenContext(name: "screen", parent: app)
        #expect(
            throws: ContextError.providerMissing(
                key: "TotalWeigth", searched: ["screen", "app"], available: ["TotalWeight"])
        ) {
            try screen.request(TotalWeigth.self)
        }
        #expect(
            ContextError.providerMissing(key: "TotalWeigth", searched: ["screen", "app"], available: ["TotalWeight"])
                .description
                == "No provider for TotalWeigth: searched screen → app. Providers on the chain: TotalWeight. "
                + "Did you mean \"TotalWeight\"? Register one with provide(TotalWeigth.self, owner:_:).")
        #expect(
            ContextError.providerMissing(key: "Count", searched: ["app"], available: []).description
                == "No provider for Count: searched app. Providers on the chain: none. "
                + "Register one with provide(Count.self, owner:_:).")
    }

    @Test func attachingTwoTreesWithTheSameLiveProviderIsRefused() throws {
        let app = ScreenContext(name: "app")
        let other = ScreenContext(name: "other")
        let first = TotalFieldContainer()
        let second = TotalFieldContainer()
        try app.provide(TotalWeight.self, owner: first) { $0.weight }
        try other.provide(TotalWeight.self, owner: second) { $0.weight }
        #expect(throws: ContextError.providerAlreadyRegistered(key: "TotalWeight", registeredIn: "app")) {
            try other.attach(to: app)
        }
        #expect(other.parent == nil)
    }
}
