import Baton
import BatonTesting
import Testing

enum PageSize: ContextKeyWithDefault { static let defaultValue = 20 }
enum Greeting: ContextKeyWithDefault { static var defaultValue: String? { "hello" } }

/// Keys with a default (issue 19): reading them is non-optional and gives the default where
/// nothing is stored; keys without one keep optional reads.
@MainActor
@Suite(.lenientMisuse)
struct ContextDefaultTests {
    @Test func aKeyWithADefaultReadsTheDefaultWhereNothingIsStored() {
        let app = ScreenContext(name: "app")
        let form = ScreenContext(name: "form", parent: app)
        let size: Int = form[PageSize.self]
        #expect(size == 20)
        #expect(form.value(for: PageSize.self) == 20)
        #expect(form.contains(PageSize.self) == false)
    }

    @Test func theNearestStoredValueWinsOverTheDefault() {
        let app = ScreenContext(name: "app")
        let form = ScreenContext(name: "form", parent: app)
        app.set(50, for: PageSize.self)
        #expect(form[PageSize.self] == 50)
        form.set(10, for: PageSize.self)
        #expect(form[PageSize.self] == 10)
        form.remove(PageSize.self)
        #expect(form[PageSize.self] == 50)
        app.remove(PageSize.self)
        #expect(form[PageSize.self] == 20)
    }

    @Test func anExplicitNilReadsAsTheDefault() {
        let app = ScreenContext(name: "app")
        app.set(50, for: PageSize.self)
        let form = ScreenContext(name: "form", parent: app)
        form.set(nil, for: PageSize.self)
        #expect(form[PageSize.self] == 20)
    }

    @Test func theOptionalFormOfAReadGivesTheDefaultToo() {
        let context = ScreenContext()
        let optional: Int? = context[PageSize.self]
        #expect(optional == 20)
        func genericRead<Key: ContextKey>(_ key: Key.Type) -> Key.Value? { context[key] }
        #expect(genericRead(PageSize.self) == 20)
    }

    @Test func aDefaultOfAnOptionalTypeIsReadAsIs() {
        let context = ScreenContext()
        #expect(context[Greeting.self] == "hello")
        context.set("hi", for: Greeting.self)
        #expect(context[Greeting.self] == "hi")
    }

    @Test func aKeyWithoutADefaultKeepsOptionalReads() {
        let context = ScreenContext()
        let userID: String? = context[UserID.self]
        #expect(userID == nil)
    }

    @Test func aNamedReadGivesTheDefaultWhenTheNamedContextStoresNone() throws {
        let app = ScreenContext(name: "app")
        let form = ScreenContext(name: "form", parent: app)
        form.set(10, for: PageSize.self)
        let size: Int = try form.value(for: PageSize.self, in: "app")
        #expect(size == 20)
        app.set(30, for: PageSize.self)
        #expect(try form.value(for: PageSize.self, in: "app") == 30)
        #expect(throws: ContextError.self) { try form.value(for: PageSize.self, in: "nowhere") }
    }

    @Test func observersOfAKeyWithADefaultReceiveTheDefaultWhenItIsRemoved() {
        let context = ScreenContext()
        let owner = Owner()
        var seen: [Int] = []
        context.onChange(of: PageSize.self, owner: owner) { _, size in seen.append(size) }
        context.set(5, for: PageSize.self)
        context.remove(PageSize.self)
        #expect(seen == [5, 20])
    }

    @Test func theChangesOfAKeyWithADefaultStartWithTheDefault() async {
        let context = ScreenContext()
        var iterator = context.changes(of: PageSize.self).makeAsyncIterator()
        #expect(await iterator.next() == 20)
        context.set(7, for: PageSize.self)
        #expect(await iterator.next() == 7)
    }

    @Test func aContextPropertyOfAKeyWithADefaultIsNotOptional() {
        final class ListContext: ScreenContext {
            @ContextProperty(PageSize.self) var pageSize: Int
        }
        let list = ListContext(name: "list")
        #expect(list.pageSize == 20)
        list.pageSize = 3
        #expect(list[PageSize.self] == 3)
    }
}
