import Baton
import BatonTesting
import Testing

/// ProContext's feature context: a context type with its own actions and state.
@MainActor
final class AssignmentWeightsContext: ScreenContext {
    private(set) var showsTotalField = true
    private(set) var swaps = 0

    init(parent: ScreenContext? = nil) throws {
        super.init(name: "assignment-weights", parent: parent)
        try register(SwapWeightInputs.self, owner: self) { owner, _ in owner.swapWeightInputViews() }
    }

    func swapWeightInputViews() {
        showsTotalField.toggle()
        swaps += 1
    }
}

@MainActor
@Suite(.lenientMisuse)
struct ContextFlagAndActionTests {
    // MARK: - Rule 13: flags

    @Test func flagIsSetOnTheChainAndCanBeUnset() throws {
        let app = ScreenContext(name: "app")
        let form = ScreenContext(name: "form", parent: app)
        try app.setFlag(UserUsedTheTotalField.self)
        #expect(form.isSet(UserUsedTheTotalField.self))
        #expect(!form.isSet(UserUsedTheEachField.self))
        try form.unsetFlag(UserUsedTheTotalField.self)
        #expect(!app.isSet(UserUsedTheTotalField.self))
    }

    @Test func flagSetInASiblingIsNotOnTheChain() throws {
        let app = ScreenContext(name: "app")
        let left = ScreenContext(name: "left", parent: app)
        let right = ScreenContext(name: "right", parent: app)
        try left.setFlag(UserUsedTheTotalField.self)
        #expect(!right.isSet(UserUsedTheTotalField.self))
    }

    @Test func settingAFlagAlreadySetOnTheLineageIsAMisuse() throws {
        let app = ScreenContext(name: "app")
        let left = ScreenContext(name: "left", parent: app)
        let leaf = ScreenContext(name: "leaf", parent: left)
        try left.setFlag(UserUsedTheTotalField.self)
        #expect(leaf.isSet(UserUsedTheTotalField.self))
        #expect(throws: ContextError.flagAlreadySet(flag: "UserUsedTheTotalField", setIn: "left → app")) {
            try leaf.setFlag(UserUsedTheTotalField.self)
        }
        // As in ProContext, isSet looks along the chain only: app does not see left's flag, yet
        // setting it on app is refused, since left is on app's lineage.
        #expect(!app.isSet(UserUsedTheTotalField.self))
        #expect(throws: ContextError.flagAlreadySet(flag: "UserUsedTheTotalField", setIn: "left → app")) {
            try app.setFlag(UserUsedTheTotalField.self)
        }
        #expect(
            ContextError.flagAlreadySet(flag: "UserUsedTheTotalField", setIn: "left → app").description
                == "Flag UserUsedTheTotalField is already set in left → app. Unset it before setting it again.")
    }

    @Test func unsettingAFlagThatIsNotSetOnTheChainIsAMisuse() throws {
        let app = ScreenContext(name: "app")
        let form = ScreenContext(name: "form", parent: app)
        try app.setFlag(UserUsedTheEachField.self)
        #expect(
            throws: ContextError.flagNotSet(
                flag: "UserUsedTheTotalField", searched: ["form", "app"], setFlags: ["UserUsedTheEachField"])
        ) {
            try form.unsetFlag(UserUsedTheTotalField.self)
        }
        #expect(
            ContextError.flagNotSet(
                flag: "UserUsedTheTotalField", searched: ["form", "app"], setFlags: ["UserUsedTheEachField"]
            ).description
                == "Flag UserUsedTheTotalField is not set: searched form → app. "
                + "Flags set on the chain: UserUsedTheEachField.")
    }

    // MARK: - Rule 14: actions

    @Test func actionExecutesFromAnywhereBelowIt() throws {
        let weights = try AssignmentWeightsContext()
        let field = ScreenContext(name: "field", parent: weights)
        try field.execute(SwapWeightInputs.self)
        #expect(weights.showsTotalField == false)
        #expect(weights.swaps == 1)
    }

    @Test func actionTakesInputAndReturnsOutput() throws {
        let context = ScreenContext(name: "app")
        final class Scaler { let factor = 3.0 }
        let scaler = Scaler()
        try context.register(Scale.self, owner: scaler) { owner, value in value * owner.factor }
        #expect(try context.execute(Scale.self, with: 2) == 6)
    }

    @Test func actionNamesAreUniquePerLineage() throws {
        let weights = try AssignmentWeightsContext()
        let child = ScreenContext(name: "child", parent: weights)
        let owner = Owner()
        #expect(
            throws: ContextError.actionAlreadyRegistered(
                action: "SwapWeightInputs", registeredIn: "assignment-weights")
        ) {
            try child.register(SwapWeightInputs.self, owner: owner) { _, _ in }
        }
        #expect(
            ContextError.actionAlreadyRegistered(action: "SwapWeightInputs", registeredIn: "assignment-weights")
                .description
                == "A live action SwapWeightInputs is already registered in assignment-weights; "
                + "action names are unique on a lineage (a context, its ancestors and its descendants). "
                + "Cancel it, or let its owner go, before registering another.")
    }

    @Test func missingActionNamesTheChainAndSuggests() throws {
        enum SwapWeightInput: ContextAction {}
        let weights = try AssignmentWeightsContext()
        let field = ScreenContext(name: "field", parent: weights)
        #expect(
            throws: ContextError.actionMissing(
                action: "SwapWeightInput", searched: ["field", "assignment-weights"], available: ["SwapWeightInputs"])
        ) {
            try field.execute(SwapWeightInput.self)
        }
        #expect(
            ContextError.actionMissing(
                action: "SwapWeightInput", searched: ["field", "assignment-weights"], available: ["SwapWeightInputs"]
            ).description
                == "No action SwapWeightInput: searched field → assignment-weights. "
                + "Actions on the chain: SwapWeightInputs. Did you mean \"SwapWeightInputs\"? "
                + "Register one with register(SwapWeightInput.self, owner:_:).")
    }

    @Test func actionOfAGoneOwnerIsExpiredAndThenReplaceable() throws {
        let context = ScreenContext(name: "app")
        do {
            let owner = Owner()
            try context.register(SwapWeightInputs.self, owner: owner) { _, _ in }
        }
        #expect(throws: ContextError.actionExpired(action: "SwapWeightInputs", registeredIn: "app")) {
            try context.execute(SwapWeightInputs.self)
        }
        #expect(
            ContextError.actionExpired(action: "SwapWeightInputs", registeredIn: "app").description
                == "The action SwapWeightInputs in app has expired: its owner is gone or its expiry condition holds. "
                + "Register it again before executing.")
        let owner = Owner()
        try context.register(SwapWeightInputs.self, owner: owner) { owner, _ in owner.received.append("ran") }
        try context.execute(SwapWeightInputs.self)
        #expect(owner.received == ["ran"])
    }

    @Test func featureContextIsFreedWithItsActions() throws {
        weak var weakContext: AssignmentWeightsContext?
        let app = ScreenContext(name: "app")
        do {
            let weights = try AssignmentWeightsContext(parent: app)
            weakContext = weights
        }
        #expect(weakContext == nil)
        #expect(throws: ContextError.self) { try app.execute(SwapWeightInputs.self) }
        let owner = Owner()
        try app.register(SwapWeightInputs.self, owner: owner) { _, _ in }
    }

    // MARK: - Names

    enum RenamedFlag: ContextFlag { static var name: String { "onboarding-done" } }
    enum RenamedAction: ContextAction { static var name: String { "swap-inputs" } }
    enum RenamedKey: ContextKey {
        typealias Value = Int
        static var name: String { "total-weight" }
    }

    @Test func customNamesOfFlagsActionsAndProvidersAppearInMessages() throws {
        let app = ScreenContext(name: "app")
        let form = ScreenContext(name: "form", parent: app)
        let owner = Owner()
        try app.setFlag(RenamedFlag.self)
        try app.register(RenamedAction.self, owner: owner) { _, _ in }
        try app.provide(RenamedKey.self, owner: owner) { _ in 42 }
        #expect(throws: ContextError.flagAlreadySet(flag: "onboarding-done", setIn: "app")) {
            try form.setFlag(RenamedFlag.self)
        }
        #expect(throws: ContextError.actionAlreadyRegistered(action: "swap-inputs", registeredIn: "app")) {
            try form.register(RenamedAction.self, owner: owner) { _, _ in }
        }
        #expect(throws: ContextError.providerAlreadyRegistered(key: "total-weight", registeredIn: "app")) {
            try form.provide(RenamedKey.self, owner: owner) { _ in 0 }
        }
        #expect(
            throws: ContextError.providerMissing(key: "UserID", searched: ["form", "app"], available: ["total-weight"])
        ) {
            try form.request(UserID.self)
        }
        #expect(
            throws: ContextError.flagNotSet(
                flag: "UserUsedTheTotalField", searched: ["form", "app"], setFlags: ["onboarding-done"])
        ) {
            try form.unsetFlag(UserUsedTheTotalField.self)
        }
        #expect(
            throws: ContextError.actionMissing(
                action: "SwapWeightInputs", searched: ["form", "app"], available: ["swap-inputs"])
        ) {
            try form.execute(SwapWeightInputs.self)
        }
    }
}
