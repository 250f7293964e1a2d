import BatonTesting
import Observation
import Testing

@testable import Baton

enum SortOrder: String { case byName, byDate }

extension ContextValues {
    var sortOrder: ContextEntry<SortOrder> { .init(default: .byName) }
    var signedInUser: ContextEntry<String?> { .init() }
    var color: ContextEntry<String> { .init(default: "Blue", name: "tint") }
    var countedDefault: ContextEntry<Int> {
        CountedDefault.made += 1
        return .init(default: 7)
    }
}

/// A namespace inside the namespace, so that a test can build equal key paths that are distinct
/// objects (appending to `\.self` gives back the literal's object).
struct AppearanceValues {
    var theme: ContextEntry<String> { .init(default: "light") }
}

extension ContextValues {
    var appearance: AppearanceValues { AppearanceValues() }
}

/// `\.appearance.theme`, built anew on each call.
func builtThemePath() -> ContextEntryPath<String> {
    (\ContextValues.appearance).appending(path: \AppearanceValues.theme)
}

enum CountedDefault {
    nonisolated(unsafe) static var made = 0
}

/// Values declared as members of `ContextValues` and named by key path (issue 19): no key type
/// to name, nothing that shadows SwiftUI's types, a default, and readable names.
@MainActor
@Suite(.lenientMisuse)
struct ContextEntryTests {
    // MARK: - Reading and writing

    @Test func aMemberReadsItsDefaultUntilAValueIsStored() {
        let app = ScreenContext(name: "app")
        let list = ScreenContext(name: "list", parent: app)
        let order: SortOrder = list[\.sortOrder]
        #expect(order == .byName)
        app.set(.byDate, for: \.sortOrder)
        #expect(list[\.sortOrder] == .byDate)
        #expect(list.holder(of: \.sortOrder) === app)
        #expect(list.contains(\.sortOrder))
    }

    @Test func theNearestValueShadowsAndARemoveLetsTheInnerOneOrTheDefaultShowThrough() {
        let app = ScreenContext(name: "app")
        let list = ScreenContext(name: "list", parent: app)
        app.set(.byDate, for: \.sortOrder)
        list.set(.byName, for: \.sortOrder)
        #expect(list[\.sortOrder] == .byName)
        #expect(list.remove(\.sortOrder))
        #expect(list[\.sortOrder] == .byDate)
        #expect(list.remove(\.sortOrder))
        #expect(list[\.sortOrder] == .byName)
        #expect(list.remove(\.sortOrder) == false)
    }

    @Test func aNilOfAnOptionalMemberMasksTheInnerValue() {
        let app = ScreenContext(name: "app")
        app.set("ada", for: \.signedInUser)
        let list = ScreenContext(name: "list", parent: app)
        #expect(list[\.signedInUser] == "ada")
        list.set(nil, for: \.signedInUser)
        #expect(list[\.signedInUser] == nil)
        #expect(list.holder(of: \.signedInUser) === list)
    }

    @Test func membersAndKeyTypesAreDistinctKeys() {
        let context = ScreenContext()
        context.set("Red", for: Color.self)
        #expect(context[\.color] == "Blue")
        context.set("Green", for: \.color)
        #expect(context[Color.self] == "Red")
    }

    @Test func namedScopesWorkByKeyPath() throws {
        let app = ScreenContext(name: "app")
        let list = ScreenContext(name: "list", parent: app)
        list.set(.byDate, for: \.sortOrder)
        #expect(try list.value(for: \.sortOrder, in: "app") == .byName)
        try list.set(.byDate, for: \.sortOrder, in: "app")
        #expect(app[\.sortOrder] == .byDate)
        #expect(try list.remove(\.sortOrder, in: "app"))
        #expect(app.contains(\.sortOrder) == false)
    }

    // MARK: - Identity

    @Test func equalKeyPathsMadeAtRunTimeNameTheSameValue() {
        let context = ScreenContext()
        context.set("dark", for: \.appearance.theme)
        let built = builtThemePath()
        let literal: ContextEntryPath<String> = \.appearance.theme
        #expect(ObjectIdentifier(built) != ObjectIdentifier(literal))
        #expect(context[built] == "dark")
        context.set("dim", for: builtThemePath())
        #expect(context[\.appearance.theme] == "dim")
        #expect(context.allKeys.map(\.name) == ["theme"])
    }

    @Test func aMemberIsAskedForItsDefaultOnce() {
        let context = ScreenContext()
        let before = CountedDefault.made
        for _ in 0..<1000 { _ = context[\.countedDefault] }
        #expect(context[\.countedDefault] == 7)
        #expect(CountedDefault.made - before <= 1)
    }

    @Test(.heavyOnTheMainActor) func keyPathsBuiltAtRunTimeDoNotGrowTheTableWithoutBound() async {
        let context = ScreenContext()
        context.set("dark", for: \.appearance.theme)
        var wrongReads = 0
        for index in 0..<100_000 {
            await shareTheMainActor(at: index, every: 500)
            if context[builtThemePath()] != "dark" { wrongReads += 1 }
        }
        #expect(wrongReads == 0)
        #expect(EntryKeys.recordedKeyPaths < 600)
    }

    // MARK: - Names in dumps and errors

    @Test func dumpsAndKeyListsShowTheMembersName() {
        let context = ScreenContext(name: "list")
        context.set(.byDate, for: \.sortOrder)
        context.set(nil, for: \.signedInUser)
        context.set("Red", for: \.color)
        #expect(context.allKeys.map(\.name) == ["signedInUser", "sortOrder", "tint"])
        #expect(
            context.dump() == """
                ---------------
                0:--- list ---
                0:signedInUser = <null>
                0:sortOrder = byDate
                0:tint = Red
                ---------------
                """)
        #expect(
            context.dump(format: .json)
                == #"{"contexts":[{"name":"list","level":0,"values":{"signedInUser":null,"sortOrder":"byDate","tint":"Red"}}]}"#
        )
    }

    @Test func anUnknownScopeNamesTheMember() {
        let list = ScreenContext(name: "list", parent: ScreenContext(name: "app"))
        #expect(throws: ContextError.self) { try list.value(for: \.sortOrder, in: "ap") }
        do {
            _ = try list.value(for: \.sortOrder, in: "ap")
        } catch {
            #expect(
                error.description
                    == #"No context named "ap" on the chain of sortOrder: searched list → app. Named contexts on the chain: "list", "app". Did you mean "app"?"#
            )
        }
    }

    // MARK: - Observing

    @Test func observersSeeEveryChangeAndTheDefaultAfterARemove() {
        let context = ScreenContext()
        let owner = Owner()
        var seen: [SortOrder] = []
        context.onChange(of: \.sortOrder, owner: owner) { _, order in seen.append(order) }
        context.set(.byDate, for: \.sortOrder)
        context.remove(\.sortOrder)
        #expect(seen == [.byDate, .byName])
    }

    @Test func theChangesOfAMemberStartWithTheDefault() async {
        let context = ScreenContext()
        var iterator = context.changes(of: \.sortOrder).makeAsyncIterator()
        #expect(await iterator.next() == .byName)
        context.set(.byDate, for: \.sortOrder)
        #expect(await iterator.next() == .byDate)
    }

    @Test func aTrackedReadByKeyPathFiresWhenTheValueChanges() {
        let app = ScreenContext(name: "app")
        let list = ScreenContext(name: "list", parent: app)
        let change = track { _ = list[\.sortOrder] }
        app.set(.byDate, for: \.sortOrder)
        #expect(change.count == 1)
    }

    @Test func trackedReadsOfTwoMembersOfOneTypeFireApart() throws {
        // Both members hold a `String`, in one context: their cells share a registrar, so their
        // key paths (typed by each member's own type) must differ.
        let app = ScreenContext(name: "app")
        let list = ScreenContext(name: "list", parent: app)
        let color = track { _ = list[\.color] }
        let theme = track { _ = list[\.appearance.theme] }
        let namedColor = track { _ = try? list.value(for: \.color, in: "list") }
        app.set("Red", for: \.appearance.theme)
        #expect([color.count, theme.count, namedColor.count] == [0, 1, 0])
        app.set("Green", for: \.color)
        #expect([color.count, theme.count, namedColor.count] == [1, 1, 0])
        list.set("Blue", for: \.color)
        #expect([color.count, theme.count, namedColor.count] == [1, 1, 1])
    }

    @Test func everyMemberOrdinalHasATypeOfItsOwn() {
        struct Identify: TypeVisitor {
            func visit<T>(_ type: T.Type) -> ObjectIdentifier { ObjectIdentifier(type) }
        }
        // Ordinals 0 to 4,999 (12 binary digits at most), and a few huge ones.
        let ordinals = Array(0..<5_000) + [Int.max - 1, Int.max / 2, 1 << 40]
        let types = ordinals.map { visitMemberType(ordinal: $0, Identify()) }
        #expect(Set(types).count == ordinals.count)
        #expect(!types.contains(ObjectIdentifier(UserID.self)))
        #expect(visitMemberType(ordinal: 4, Identify()) == ObjectIdentifier(Bit0<Bit1<MemberType>>.self))
        #expect(visitMemberType(ordinal: 0, Identify()) == ObjectIdentifier(MemberType.self))
    }

    @Test func aContextPropertyByKeyPathIsNotOptional() {
        final class ListContext: ScreenContext {
            @ContextProperty(\.sortOrder) var sortOrder: SortOrder
        }
        let list = ListContext(name: "list")
        #expect(list.sortOrder == .byName)
        list.sortOrder = .byDate
        #expect(list[\.sortOrder] == .byDate)
    }
}
