import Baton
import BatonTesting
import Testing

@MainActor
@Suite(.lenientMisuse)
struct ContextValueTests {
    // MARK: - Rule 1: typed keys

    @Test func keysFixTheValueTypeAndHaveReadableNames() {
        let context = ScreenContext()
        context.set(42, for: Count.self)
        let count: Int? = context[Count.self]
        #expect(count == 42)
        #expect(UserID.name == "UserID")
        #expect(AnyContextKey(UserID.self) == AnyContextKey(UserID.self))
        #expect(AnyContextKey(UserID.self) != AnyContextKey(Color.self))
        #expect(AnyContextKey(UserID.self).description == "UserID")
    }

    @Test func aKeyCanOverrideItsName() {
        enum Renamed: ContextKey {
            typealias Value = Int
            static var name: String { "renamed-key" }
        }
        let context = ScreenContext(name: "app")
        context.set(1, for: Renamed.self)
        #expect(context.allKeys.map(\.name) == ["renamed-key"])
    }

    // MARK: - Rule 2: set stores in the outermost context

    @Test func setStoresInTheContextItIsCalledOn() {
        let app = ScreenContext(name: "app")
        let form = ScreenContext(name: "form", parent: app)
        form.set("Blue", for: Color.self)
        #expect(form.holder(of: Color.self) === form)
        #expect(app[Color.self] == nil)
    }

    @Test func outerValueShadowsInnerValue() {
        let app = ScreenContext(name: "app")
        app.set("12345", for: UserID.self)
        let form = ScreenContext(parent: app)
        form.set("ABCDEF", for: UserID.self)
        #expect(form[UserID.self] == "ABCDEF")
        #expect(app[UserID.self] == "12345")
    }

    // MARK: - Rule 3: reads walk towards the root; explicit nil masks

    @Test func readsWalkTowardsTheRoot() {
        let app = ScreenContext(name: "app")
        app.set("12345", for: UserID.self)
        let middle = ScreenContext(parent: app)
        let form = ScreenContext(parent: middle)
        form.set("Blue", for: Color.self)
        form.set("Large", for: Size.self)
        #expect(form[UserID.self] == "12345")
        #expect(form.value(for: Color.self) == "Blue")
        #expect(form[Size.self] == "Large")
        #expect(middle[Color.self] == nil)
    }

    @Test func readOfAMissingKeyIsNil() {
        let form = ScreenContext(parent: ScreenContext())
        #expect(form[UserID.self] == nil)
        #expect(!form.contains(UserID.self))
    }

    @Test func explicitNilMasksInnerValues() {
        let app = ScreenContext(name: "app")
        app.set("12345", for: UserID.self)
        let form = ScreenContext(parent: app)
        form.set(nil, for: UserID.self)
        #expect(form[UserID.self] == nil)
        #expect(form.contains(UserID.self))
        #expect(form.holder(of: UserID.self) === form)
    }

    @Test func readsSeeWritesMadeAfterAnEarlierRead() {
        let app = ScreenContext(name: "app")
        let form = ScreenContext(parent: ScreenContext(parent: app))
        #expect(form[UserID.self] == nil)
        app.set("1", for: UserID.self)
        #expect(form[UserID.self] == "1")
        app.set("2", for: UserID.self)
        #expect(form[UserID.self] == "2")
    }

    @Test func optionalValueTypesStoreNilInsideTheValue() {
        let app = ScreenContext()
        app.set(.some(nil), for: TotalWeight.self)
        #expect(app.contains(TotalWeight.self))
        #expect(app[TotalWeight.self] == .some(nil))
    }

    // MARK: - Rule 4: named scopes

    @Test func namedReadTargetsTheNamedContext() throws {
        let app = ScreenContext(name: "app")
        app.set("12345", for: UserID.self)
        let form = ScreenContext(parent: app)
        form.set("ABCDEF", for: UserID.self)
        #expect(form[UserID.self] == "ABCDEF")
        #expect(try form.value(for: UserID.self, in: "app") == "12345")
    }

    @Test func namedReadDoesNotFallThroughToInnerContexts() throws {
        let base = ScreenContext(name: "base")
        base.set("12345", for: UserID.self)
        let app = ScreenContext(name: "app", parent: base)
        let form = ScreenContext(parent: app)
        #expect(try form.value(for: UserID.self, in: "app") == nil)
        #expect(try form.value(for: UserID.self, in: "base") == "12345")
    }

    @Test func namedSetAndRemoveTargetTheNamedContext() throws {
        let app = ScreenContext(name: "app")
        let form = ScreenContext(name: "form", parent: app)
        try form.set("12345", for: UserID.self, in: "app")
        #expect(form.holder(of: UserID.self) === app)
        #expect(try form.remove(UserID.self, in: "app"))
        #expect(form[UserID.self] == nil)
        #expect(try !form.remove(UserID.self, in: "app"))
    }

    @Test func nearestContextWithTheNameWins() throws {
        let outerApp = ScreenContext(name: "app")
        let innerApp = ScreenContext(name: "app", parent: outerApp)
        let form = ScreenContext(parent: innerApp)
        try form.set("near", for: UserID.self, in: "app")
        #expect(innerApp[UserID.self] == "near")
        #expect(outerApp[UserID.self] == nil)
        #expect(try form.context(named: "app") === innerApp)
    }

    @Test func unknownScopeIsAnErrorThatNamesTheChainAndSuggests() {
        let app = ScreenContext(name: "app")
        let form = ScreenContext(name: "form", parent: ScreenContext(parent: app))
        #expect(
            throws: ContextError.unknownScope(
                name: "ap", key: "UserID", searched: ["form", "(unnamed)", "app"], named: ["form", "app"])
        ) {
            try form.set("1", for: UserID.self, in: "ap")
        }
        do {
            _ = try form.value(for: UserID.self, in: "ap")
            Issue.record("expected an error")
        } catch {
            #expect(
                error.description
                    == "No context named \"ap\" on the chain of UserID: searched form → (unnamed) → app. "
                    + "Named contexts on the chain: \"form\", \"app\". Did you mean \"app\"?")
        }
        #expect(throws: ContextError.self) { try form.remove(UserID.self, in: "nowhere") }
    }

    @Test func unknownScopeOnAnUnnamedChainSaysNone() {
        let form = ScreenContext()
        do {
            _ = try form.context(named: "app")
            Issue.record("expected an error")
        } catch {
            #expect(
                error.description
                    == "No context named \"app\" on the chain: searched (unnamed). "
                    + "Named contexts on the chain: none.")
        }
    }

    // MARK: - Rule 5: remove from the nearest holder

    @Test func removeDeletesFromTheNearestHolderAndRevealsTheInnerValue() {
        let app = ScreenContext(name: "app")
        app.set("12345", for: UserID.self)
        let form = ScreenContext(parent: app)
        form.set("ABCDEF", for: UserID.self)
        #expect(form.remove(UserID.self))
        #expect(form[UserID.self] == "12345")
        #expect(form.remove(UserID.self))
        #expect(form[UserID.self] == nil)
        #expect(!form.remove(UserID.self))
    }

    @Test func removeOfAnExplicitNilRevealsTheInnerValue() {
        let app = ScreenContext(name: "app")
        app.set("12345", for: UserID.self)
        let form = ScreenContext(parent: app)
        form.set(nil, for: UserID.self)
        form.remove(UserID.self)
        #expect(form[UserID.self] == "12345")
    }

    // MARK: - Rule 6: listing and dumps

    @Test func allKeysListsEachKeyOnTheChainOnceNearestFirst() {
        let app = ScreenContext(name: "app")
        app.set("12345", for: UserID.self)
        app.set("Red", for: Color.self)
        let form = ScreenContext(parent: app)
        form.set("Blue", for: Color.self)
        form.set("Large", for: Size.self)
        #expect(form.allKeys.map(\.name) == ["Color", "Size", "UserID"])
        #expect(app.allKeys.map(\.name) == ["Color", "UserID"])
    }

    @Test func textDumpMatchesControllerContextsFormat() {
        let app = ScreenContext(name: "app")
        app.set("12345", for: UserID.self)
        let form = ScreenContext(parent: app)
        form.set("Blue", for: Color.self)
        form.set("Large", for: Size.self)
        form.set(nil, for: Count.self)
        #expect(
            form.dump() == """
                ---------------
                1:--- (unnamed) ---
                1:Color = Blue
                1:Count = <null>
                1:Size = Large
                0:--- app ---
                0:UserID = 12345
                ---------------
                """)
    }

    @Test func test4DumpsEveryLayerAndEmptyOnesAsEmpty() {
        // ControllerContext's test4: a named base, two layers with a key each, an empty top layer.
        let context1 = ScreenContext(name: "base")
        context1.set("Level 0 - Key 0", for: UserID.self)
        let context2 = ScreenContext(parent: context1)
        context2.set("Level 1 - Key 0", for: Color.self)
        let context3 = ScreenContext(parent: context2)
        context3.set("Level 2 - Key 0", for: Size.self)
        let context4 = ScreenContext(parent: context3)
        #expect(
            context4.dump() == """
                ---------------
                3:--- (unnamed) ---
                3:[empty]
                2:--- (unnamed) ---
                2:Size = Level 2 - Key 0
                1:--- (unnamed) ---
                1:Color = Level 1 - Key 0
                0:--- base ---
                0:UserID = Level 0 - Key 0
                ---------------
                """)
        #expect(
            ScreenContext().dump() == """
                ---------------
                0:--- (unnamed) ---
                0:[empty]
                ---------------
                """)
    }

    @Test func jsonDumpKeepsValueTypes() {
        let app = ScreenContext(name: "app")
        app.set("12\"345", for: UserID.self)
        let form = ScreenContext(parent: app)
        form.set(3, for: Count.self)
        form.set(nil, for: Color.self)
        #expect(
            form.dump(format: .json)
                == #"{"contexts":[{"name":null,"level":1,"values":{"Color":null,"Count":3}},"#
                + #"{"name":"app","level":0,"values":{"UserID":"12\"345"}}]}"#)
    }

    // MARK: - The tree

    @Test func childrenAreHeldWeaklyAndParentsStrongly() {
        let app = ScreenContext(name: "app")
        weak var weakForm: ScreenContext?
        do {
            let form = ScreenContext(name: "form", parent: app)
            weakForm = form
            #expect(app.children.count == 1)
            #expect(form.level == 1)
            #expect(form.root === app)
        }
        #expect(weakForm == nil)
        #expect(app.children.isEmpty)
    }

    @Test func attachMovesAContextAndReadsFollow() throws {
        let first = ScreenContext(name: "first")
        first.set("1", for: UserID.self)
        let second = ScreenContext(name: "second")
        second.set("2", for: UserID.self)
        let form = ScreenContext(parent: first)
        #expect(form[UserID.self] == "1")
        try form.attach(to: second)
        #expect(form[UserID.self] == "2")
        #expect(first.children.isEmpty)
        #expect(second.children.count == 1)
        try form.attach(to: nil)
        #expect(form[UserID.self] == nil)
        #expect(form.parent == nil)
    }

    @Test func movingAContextWithinItsTreeKeepsItsRegistrations() throws {
        let root = ScreenContext(name: "root")
        let left = ScreenContext(name: "left", parent: root)
        let right = ScreenContext(name: "right", parent: root)
        let owner = Owner()
        try right.setFlag(UserUsedTheTotalField.self)
        try right.provide(Count.self, owner: owner) { _ in 1 }
        try right.register(SwapWeightInputs.self, owner: owner) { _, _ in }
        try right.attach(to: left)
        #expect(right.parent === left)
        #expect(right.isSet(UserUsedTheTotalField.self))
        #expect(try right.request(Count.self) == 1)
    }

    @Test func theReadCacheDoesNotKeepRemovedValuesAlive() {
        final class Heavy {}
        let root = ScreenContext(name: "root")
        let child = ScreenContext(parent: ScreenContext(parent: root))
        enum HeavyKey: ContextKey { typealias Value = Heavy }
        weak var weakHeavy: Heavy?
        do {
            let heavy = Heavy()
            weakHeavy = heavy
            root.set(heavy, for: HeavyKey.self)
        }
        #expect(child[HeavyKey.self] === weakHeavy)
        root.remove(HeavyKey.self)
        #expect(weakHeavy == nil)
        #expect(child[HeavyKey.self] == nil)
    }

    @Test func attachingUnderADescendantIsACycle() {
        let app = ScreenContext(name: "app")
        let form = app.makeChild(name: "form")
        #expect(throws: ContextError.cycle(context: "app", parent: "form")) { try app.attach(to: form) }
        #expect(throws: ContextError.cycle(context: "app", parent: "app")) { try app.attach(to: app) }
        #expect(
            ContextError.cycle(context: "app", parent: "form").description
                == "Cannot attach app to form: form is app or one of its descendants, which would make a cycle.")
        #expect(form.parent === app)
    }
}
