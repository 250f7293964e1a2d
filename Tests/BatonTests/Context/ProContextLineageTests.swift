import Baton
import BatonTesting
import Testing

/// ProContext's uniqueness rule is per lineage (`contextTree` = supercontexts, self, subcontexts):
/// its README's "Surprise" has an assignments context and an exams context under one class
/// context, each adding its own `.totalWeight`.
@MainActor
private final class WeightsForm {
    let weight: Double
    init(weight: Double) { self.weight = weight }
}

@MainActor
@Suite(.lenientMisuse)
struct ProContextLineageTests {
    @Test func assignmentsAndExamsEachAddTheirOwnTotalWeight() throws {
        let classContext = ScreenContext(name: "class")
        let assignments = ScreenContext(name: "assignments", parent: classContext)
        let exams = ScreenContext(name: "exams", parent: classContext)
        let assignmentsForm = WeightsForm(weight: 30)
        let examsForm = WeightsForm(weight: 70)
        try assignments.provide(TotalWeight.self, owner: assignmentsForm) { $0.weight }
        try exams.provide(TotalWeight.self, owner: examsForm) { $0.weight }
        #expect(try assignments.request(TotalWeight.self) == 30)
        #expect(try exams.request(TotalWeight.self) == 70)
        // The class context cannot tell which one it would mean: neither is on its chain.
        // The message names both and says why a request from class does not reach them.
        let missing = #expect(throws: ContextError.self) { try classContext.request(TotalWeight.self) }
        #expect(
            missing
                == .providerMissing(
                    key: "TotalWeight", searched: ["class"], available: [], offChain: ["assignments", "exams"],
                    commonAncestor: "class"))
        #expect(
            missing?.description
                == "No provider for TotalWeight: searched class. Providers on the chain: none. Off this chain,"
                + " assignments and exams provide TotalWeight below class, but a request searches only class and"
                + " the contexts above it. Provide it in class instead.")
        // And it cannot add its own: both subcontexts are on its lineage.
        #expect(
            throws: ContextError.providerAlreadyRegistered(key: "TotalWeight", registeredIn: "assignments → class")
        ) {
            try classContext.provide(TotalWeight.self, owner: assignmentsForm) { $0.weight }
        }
    }

    @Test func twoTabsEachRegisterTheSameAction() throws {
        let tabs = ScreenContext(name: "tabs")
        let tab1 = ScreenContext(name: "tab1", parent: tabs)
        let tab2 = ScreenContext(name: "tab2", parent: tabs)
        let owner1 = Owner()
        let owner2 = Owner()
        var swapped: [String] = []
        try tab1.register(SwapWeightInputs.self, owner: owner1) { _, _ in swapped.append("tab1") }
        try tab2.register(SwapWeightInputs.self, owner: owner2) { _, _ in swapped.append("tab2") }
        try ScreenContext(parent: tab2).execute(SwapWeightInputs.self)
        try tab1.execute(SwapWeightInputs.self)
        #expect(swapped == ["tab2", "tab1"])
    }

    @Test func isSetAndSetFlagAgreeAcrossSiblings() throws {
        let tabs = ScreenContext(name: "tabs")
        let tab1 = ScreenContext(name: "tab1", parent: tabs)
        let tab2 = ScreenContext(name: "tab2", parent: tabs)
        try tab1.setFlag(UserUsedTheTotalField.self)
        #expect(!tab2.isSet(UserUsedTheTotalField.self))
        try tab2.setFlag(UserUsedTheTotalField.self)
        #expect(tab2.isSet(UserUsedTheTotalField.self))
        // Where isSet is true, setting again is refused.
        #expect(throws: ContextError.flagAlreadySet(flag: "UserUsedTheTotalField", setIn: "tab2 → tabs")) {
            try ScreenContext(name: "field", parent: tab2).setFlag(UserUsedTheTotalField.self)
        }
        try tab1.unsetFlag(UserUsedTheTotalField.self)
        #expect(tab2.isSet(UserUsedTheTotalField.self))
        #expect(!tab1.isSet(UserUsedTheTotalField.self))
    }

    @Test func attachingASubtreeBesideASiblingWithTheSameNamesSucceeds() throws {
        let tabs = ScreenContext(name: "tabs")
        let tab1 = ScreenContext(name: "tab1", parent: tabs)
        let form1 = WeightsForm(weight: 1)
        try tab1.provide(TotalWeight.self, owner: form1) { $0.weight }
        try tab1.setFlag(UserUsedTheTotalField.self)

        let tab2 = ScreenContext(name: "tab2")
        let field = ScreenContext(name: "field", parent: tab2)
        let form2 = WeightsForm(weight: 2)
        try field.provide(TotalWeight.self, owner: form2) { $0.weight }
        try field.setFlag(UserUsedTheTotalField.self)
        try tab2.attach(to: tabs)
        #expect(try field.request(TotalWeight.self) == 2)
        #expect(try tab1.request(TotalWeight.self) == 1)
    }

    @Test func attachingASubtreeUnderAContextWhoseChainHoldsTheNameIsRefused() throws {
        let tabs = ScreenContext(name: "tabs")
        let tab1 = ScreenContext(name: "tab1", parent: tabs)
        try tab1.setFlag(UserUsedTheTotalField.self)
        let sheet = ScreenContext(name: "sheet")
        let field = ScreenContext(name: "field", parent: sheet)
        try field.setFlag(UserUsedTheTotalField.self)
        #expect(throws: ContextError.flagAlreadySet(flag: "UserUsedTheTotalField", setIn: "tab1 → tabs")) {
            try sheet.attach(to: ScreenContext(name: "detail", parent: tab1))
        }
        #expect(sheet.parent == nil)
    }

    @Test func movingASubtreeWithinOneTreeChecksTheNewLineage() throws {
        let tabs = ScreenContext(name: "tabs")
        let tab1 = ScreenContext(name: "tab1", parent: tabs)
        let tab2 = ScreenContext(name: "tab2", parent: tabs)
        let owner1 = Owner()
        let owner2 = Owner()
        try tab1.register(SwapWeightInputs.self, owner: owner1) { _, _ in }
        let field = ScreenContext(name: "field", parent: tab2)
        try field.register(SwapWeightInputs.self, owner: owner2) { _, _ in }
        #expect(
            throws: ContextError.actionAlreadyRegistered(action: "SwapWeightInputs", registeredIn: "tab1 → tabs")
        ) {
            try field.attach(to: tab1)
        }
        #expect(field.parent === tab2)
    }

    @Test func anExpiredProviderOnTheLineageIsReplacedSilently() throws {
        let tabs = ScreenContext(name: "tabs")
        let field = ScreenContext(name: "field", parent: ScreenContext(name: "tab1", parent: tabs))
        do {
            let gone = WeightsForm(weight: 1)
            try field.provide(TotalWeight.self, owner: gone) { $0.weight }
        }
        let form = WeightsForm(weight: 5)
        try tabs.provide(TotalWeight.self, owner: form) { $0.weight }
        #expect(try field.request(TotalWeight.self) == 5)
    }
}
