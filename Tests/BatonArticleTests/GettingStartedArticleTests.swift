import Baton
import BatonTesting
import Testing

// The article "Contexts in depth" (GettingStarted.md): its declarations, then its blocks run top
// to bottom, as the article builds one chain (app → colors → form → each), each followed by the
// checks of what the article says of it.

// MARK: - Declare values

private extension ContextValues {
    var userID: ContextEntry<String?> { .init() }  // nil until a screen sets it
    var color: ContextEntry<String?> { .init() }
    var size: ContextEntry<String?> { .init() }
    var pageSize: ContextEntry<Int> { .init(default: 20) }  // never nil
}

// MARK: - Providers, events, flags, actions

extension ContextValues {
    fileprivate var totalWeight: ContextEntry<Double?> { .init() }
    fileprivate var sessionToken: ContextEntry<String?> { .init() }
}

private enum TotalWeightChanged: ContextEvent { typealias Payload = Double }

private enum UserUsedTheTotalField: ContextFlag {}

private enum SwapWeightInputs: ContextAction {}
private enum Scale: ContextAction {
    typealias Input = Double
    typealias Output = Double
}

// MARK: - A feature context

private enum ResetWeights: ContextAction {}

private final class AssignmentWeightsContext: ScreenContext {
    var weights: [Double] = [10, 20]

    init(parent: ScreenContext) throws(ContextError) {  // an ancestor's live ResetWeights is a conflict
        super.init(name: "assignment-weights", parent: parent)
        try register(ResetWeights.self, owner: self) { context, _ in context.weights = [] }
    }
}

@MainActor
@Suite(.isolatedBaton)
struct GettingStartedArticleTests {
    /// The misuses the article shows are thrown, not stopped at: the blocks run in lenient mode.
    @Test func theArticlesBlocksRunTopToBottomAsItSays() throws {
        try MisuseMode.$current.withValue(.lenient) { try runTheArticle() }
    }

    private func runTheArticle() throws {

        // Layer contexts
        let app = ScreenContext(name: "app")
        app.set("12345", for: \.userID)

        let colors = ScreenContext(parent: app)  // colors → app, like an onion
        colors.set("Blue", for: \.color)
        colors.set("Large", for: \.size)

        let userID = colors[\.userID]  // "12345", found in app
        let color = colors[\.color]  // "Blue"
        let appColor = app[\.color]  // nil: colors' values stay in colors
        let pageSize = colors[\.pageSize]  // 20, the default: nothing stores one

        #expect(userID == "12345")
        #expect(color == "Blue")
        #expect(appColor == nil)
        #expect(pageSize == 20)
        #expect(colors.parent === app)
        #expect(app.makeChild(name: "child").parent === app)

        // Target a named scope
        let form = ScreenContext(name: "form", parent: colors)
        form.set("ABCDEF", for: \.userID)

        let formUserID = form[\.userID]  // "ABCDEF"
        let appUserID = try form.value(for: \.userID, in: "app")  // "12345"
        try form.set("67890", for: \.userID, in: "app")  // replaces app's value

        #expect(formUserID == "ABCDEF")
        #expect(appUserID == "12345")
        #expect(app[\.userID] == "67890")
        #expect(form[\.userID] == "ABCDEF")
        // A named read looks only at that context's own values.
        #expect(try form.value(for: \.color, in: "app") == nil)

        do {
            try form.set("1", for: \.userID, in: "ap")
        } catch {
            print(error)
            // No context named "ap" on the chain of userID: searched form → (unnamed) → app.
            // Named contexts on the chain: "form", "app". Did you mean "app"?
        }

        let scopeError = #expect(throws: ContextError.self) { try form.set("1", for: \.userID, in: "ap") }
        #expect(
            scopeError?.description
                == """
                No context named "ap" on the chain of userID: searched form → (unnamed) → app. \
                Named contexts on the chain: "form", "app". Did you mean "app"?
                """)
        #expect(app[\.userID] == "67890")

        // Store an explicit nil
        form.set(nil, for: \.color)  // masks colors' "Blue"
        let maskedColor = form[\.color]  // nil
        let storesColor = form.contains(\.color)  // true: an explicit nil is stored
        let colorHolder = form.holder(of: \.color)  // form

        #expect(maskedColor == nil)
        #expect(storesColor)
        #expect(colorHolder === form)

        // Remove a value
        let removedNil = form.remove(\.color)  // true: form's nil is gone
        let shownColor = form[\.color]  // "Blue" shows through from colors
        let removedSize = try form.remove(\.size, in: "form")  // false: form holds no size
        let keys = form.allKeys.map(\.name)  // ["userID", "color", "size"]

        #expect(removedNil)
        #expect(shownColor == "Blue")
        #expect(!removedSize)
        #expect(colors[\.size] == "Large")
        #expect(keys == ["userID", "color", "size"])

        // Observe changes
        final class SizeLabel {
            var text = ""
        }
        let sizeLabel = SizeLabel()
        form.onChange(of: \.size, owner: sizeLabel) { label, size in
            label.text = size ?? "no size"
        }
        colors.set("Small", for: \.size)  // sizeLabel.text == "Small"

        #expect(sizeLabel.text == "Small")
        form.set("Huge", for: \.size)  // a set in the context observed
        #expect(sizeLabel.text == "Huge")
        colors.set("Medium", for: \.size)  // shadowed by form's own: what form reads did not change
        #expect(sizeLabel.text == "Huge")
        form.remove(\.size)
        #expect(sizeLabel.text == "Medium")
        colors.set("Small", for: \.size)
        #expect(sizeLabel.text == "Small")

        // Provide values from another screen
        final class TotalField {
            var weight = 40.0
            var isOnScreen = true
        }
        let totalField = TotalField()
        let totalFieldIsOnScreen = Condition { [weak totalField] in totalField?.isOnScreen ?? false }
        try form.provide(\.totalWeight, owner: totalField, if: totalFieldIsOnScreen) { field in
            field.weight
        }

        let each = ScreenContext(name: "each", parent: form)
        let total = try each.request(\.totalWeight)  // Optional(40.0)
        let canRequest = each.canRequest(\.totalWeight)  // true

        #expect(total == 40.0)
        #expect(canRequest)
        totalField.isOnScreen = false
        #expect(!each.canRequest(\.totalWeight))
        #expect(throws: ContextError.providerUnavailable(key: "totalWeight", registeredIn: "form → (unnamed) → app")) {
            try each.request(\.totalWeight)
        }
        totalField.isOnScreen = true

        // Post events
        final class EachField {
            var text = ""
        }
        let eachField = EachField()
        each.observe(TotalWeightChanged.self, owner: eachField) { field, total in
            field.text = String(total / 4)
        }
        form.post(TotalWeightChanged.self, 42)  // eachField.text == "10.5"
        form.post(TotalWeightChanged.self, 50, reach: .local)  // only form's own observers

        #expect(eachField.text == "10.5")  // 42 / 4; the local post of 50 did not reach each
        app.post(TotalWeightChanged.self, 8)  // from an ancestor: reaches its descendants
        #expect(eachField.text == "2.0")

        // Set flags
        try form.setFlag(UserUsedTheTotalField.self)
        let isSet = each.isSet(UserUsedTheTotalField.self)  // true: isSet looks along the chain
        try each.unsetFlag(UserUsedTheTotalField.self)  // unsets it in form

        #expect(isSet)
        #expect(!form.isSet(UserUsedTheTotalField.self))

        // Register actions
        final class WeightsScreen {
            var showsTotalField = true
            var factor = 2.0
        }
        let weightsScreen = WeightsScreen()
        try form.register(SwapWeightInputs.self, owner: weightsScreen) { screen, _ in
            screen.showsTotalField.toggle()
        }
        try form.register(Scale.self, owner: weightsScreen) { screen, value in value * screen.factor }

        try each.execute(SwapWeightInputs.self)  // weightsScreen.showsTotalField == false
        let scaled = try each.execute(Scale.self, with: 21)  // 42.0

        #expect(weightsScreen.showsTotalField == false)
        #expect(scaled == 42.0)

        // Make a feature context
        let weightsContext = try AssignmentWeightsContext(parent: form)
        let weightsChild = weightsContext.makeChild(name: "weights-child")
        try weightsChild.execute(ResetWeights.self)  // weightsContext.weights == []

        #expect(weightsContext.weights == [])

        // Choose how misuses are reported
        MisuseMode.$current.withValue(.lenient) {
            do {
                _ = try each.request(\.sessionToken)
            } catch {
                print(error)
                // No provider for sessionToken: searched each → form → (unnamed) → app.
                // Providers on the chain: totalWeight. Register one with provide(\.sessionToken, owner:_:).
            }
        }

        let providerError = #expect(throws: ContextError.self) { try each.request(\.sessionToken) }
        #expect(
            providerError?.description
                == """
                No provider for sessionToken: searched each → form → (unnamed) → app. \
                Providers on the chain: totalWeight. Register one with provide(\\.sessionToken, owner:_:).
                """)

        // Dump a chain
        print(form.dump())
        // ---------------
        // 2:--- form ---
        // 2:userID = ABCDEF
        // 1:--- (unnamed) ---
        // 1:color = Blue
        // 1:size = Small
        // 0:--- app ---
        // 0:userID = 67890
        // ---------------

        let json = form.dump(format: .json)
        // {"contexts":[{"name":"form","level":2,"values":{"userID":"ABCDEF"}},…]}

        #expect(
            form.dump() == """
                ---------------
                2:--- form ---
                2:userID = ABCDEF
                1:--- (unnamed) ---
                1:color = Blue
                1:size = Small
                0:--- app ---
                0:userID = 67890
                ---------------
                """)
        #expect(json.hasPrefix(#"{"contexts":[{"name":"form","level":2,"values":{"userID":"ABCDEF"}},"#))
        withExtendedLifetime((totalField, eachField, weightsScreen, sizeLabel)) {}
    }

    // MARK: - What the prose says around the blocks

    @Test func aContextHoldsItsParentStronglyAndItsChildrenWeakly() {
        let parent = ScreenContext(name: "parent")
        weak var child: ScreenContext?
        var strongChild: ScreenContext? = parent.makeChild(name: "child")
        child = strongChild
        #expect(child?.parent === parent)
        strongChild = nil
        #expect(child == nil)

        weak var root: ScreenContext?
        var leaf: ScreenContext? = {
            let made = ScreenContext(name: "root")
            root = made
            return made.makeChild()
        }()
        #expect(root != nil)  // kept alive by its child
        leaf = nil
        #expect(root == nil)
        _ = leaf
    }

    @Test func attachMovesAContextUnderAnotherParent() throws {
        let first = ScreenContext(name: "first")
        let second = ScreenContext(name: "second")
        second.set("from second", for: \.color)
        let moved = first.makeChild(name: "moved")
        try moved.attach(to: second)
        #expect(moved.parent === second)
        #expect(moved[\.color] == "from second")
    }

    @Test func anObservationEndsEarlyByItsRegistrationOrByRemovingTheOwnersObservers() {
        final class Label {
            var texts: [String] = []
        }
        let label = Label()
        let form = ScreenContext(name: "form")
        let registration = form.onChange(of: \.size, owner: label) { label, size in label.texts.append(size ?? "") }
        form.onChange(of: \.color, owner: label) { label, color in label.texts.append(color ?? "") }
        form.set("Small", for: \.size)
        registration.cancel()
        form.set("Large", for: \.size)
        form.set("Blue", for: \.color)
        form.removeObservers(owner: label)
        form.set("Red", for: \.color)
        #expect(label.texts == ["Small", "Blue"])
    }

    @Test func changesOffersTheSameChangesAsAnAsyncSequence() async {
        let form = ScreenContext(name: "form")
        let sizes = form.changes(of: \.size)
        form.set("Small", for: \.size)
        var received: [String?] = []
        for await size in sizes {
            received.append(size)
            break
        }
        #expect(received == ["Small"])
    }

    @Test func theJSONDumpKeepsNumbersBooleansStringsAndExplicitNilsAsJSONValues() {
        enum Count: ContextKey { typealias Value = Int }
        enum Enabled: ContextKey { typealias Value = Bool }
        let context = ScreenContext(name: "c")
        context.set(3, for: Count.self)
        context.set(true, for: Enabled.self)
        context.set("Blue", for: \.color)
        context.set(nil, for: \.size)
        let json = context.dump(format: .json)
        #expect(json.contains(#""Count":3"#))
        #expect(json.contains(#""Enabled":true"#))
        #expect(json.contains(#""color":"Blue""#))
        #expect(json.contains(#""size":null"#))
    }

    @Test func aSecondProviderOnTheLineageIsAMisuseButASiblingMayServeTheKey() throws {
        try MisuseMode.$current.withValue(.lenient) {
            final class Owner {}
            let form = ScreenContext(name: "form")
            let first = Owner()
            try form.provide(\.totalWeight, owner: first) { _ in 1 }
            let child = form.makeChild(name: "child")
            #expect(throws: ContextError.self) { try child.provide(\.totalWeight, owner: first) { _ in 2 } }

            let tabs = ScreenContext(name: "tabs")
            let left = tabs.makeChild(name: "left")
            let right = tabs.makeChild(name: "right")
            let owner = Owner()
            try left.provide(\.totalWeight, owner: owner) { _ in 1 }
            try right.provide(\.totalWeight, owner: owner) { _ in 2 }
            #expect(try left.request(\.totalWeight) == 1)
            #expect(try right.request(\.totalWeight) == 2)
            withExtendedLifetime(first) {}
        }
    }

    @Test func aProviderWhoseOwnerIsGoneIsReplacedSilently() throws {
        final class Owner {}
        let form = ScreenContext(name: "form")
        var gone: Owner? = Owner()
        try form.provide(\.totalWeight, owner: gone!) { _ in 1 }
        gone = nil
        let next = Owner()
        try form.provide(\.totalWeight, owner: next) { _ in 2 }  // strict mode: no stop
        #expect(try form.request(\.totalWeight) == 2)
        withExtendedLifetime(next) {}
    }

    @Test func settingASetFlagOrUnsettingAnUnsetOneIsAMisuseButASiblingsFlagDoesNotCount() throws {
        try MisuseMode.$current.withValue(.lenient) {
            let tabs = ScreenContext(name: "tabs")
            let left = tabs.makeChild(name: "left")
            let right = tabs.makeChild(name: "right")
            try left.setFlag(UserUsedTheTotalField.self)
            #expect(throws: ContextError.self) { try left.makeChild().setFlag(UserUsedTheTotalField.self) }
            #expect(throws: ContextError.self) { try tabs.setFlag(UserUsedTheTotalField.self) }
            try right.setFlag(UserUsedTheTotalField.self)  // a sibling's flag does not count
            #expect(throws: ContextError.self) { try tabs.unsetFlag(UserUsedTheTotalField.self) }
        }
    }

    @Test func siblingContextsMayEachRegisterTheSameAction() throws {
        try MisuseMode.$current.withValue(.lenient) {
            final class Owner {}
            let owner = Owner()
            let tabs = ScreenContext(name: "tabs")
            let left = tabs.makeChild(name: "left")
            let right = tabs.makeChild(name: "right")
            try left.register(Scale.self, owner: owner) { _, value in value * 2 }
            try right.register(Scale.self, owner: owner) { _, value in value * 3 }
            #expect(throws: ContextError.self) {
                try tabs.register(Scale.self, owner: owner) { _, value in value }
            }
            #expect(try left.execute(Scale.self, with: 1) == 2)
            #expect(try right.execute(Scale.self, with: 1) == 3)
        }
    }
}
