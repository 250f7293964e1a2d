import Baton
import BatonTesting
import Testing

// ControllerContext's keys "Key:0:0", "Key:1:0", … as key types.
private enum Key00: ContextKey { typealias Value = String }
private enum Key01: ContextKey { typealias Value = String }
private enum Key10: ContextKey { typealias Value = String }
private enum Key11: ContextKey { typealias Value = String }
private enum Key20: ContextKey { typealias Value = String }
private enum Key21: ContextKey { typealias Value = String }
private enum TestNil: ContextKey { typealias Value = String }

/// ControllerContext's own tests (Tests/TestsTests/ControllerContextTests.m), ported one by one.
@MainActor
@Suite(.lenientMisuse)
struct ControllerContextTestsPort {
    @Test func test1() {
        let context = ScreenContext()
        context.set("Level 0 - Key 0", for: Key00.self)
        #expect(context[Key00.self] == "Level 0 - Key 0")
    }

    @Test func test2() {
        let context1 = ScreenContext()
        context1.set("Level 0 - Key 0", for: Key00.self)
        let context2 = ScreenContext(parent: context1)
        context2.set("Level 1 - Key 0", for: Key10.self)
        #expect(context2[Key00.self] == "Level 0 - Key 0")
        #expect(context2[Key10.self] == "Level 1 - Key 0")
    }

    @Test func test3() {
        let context1 = ScreenContext()
        context1.set("Level 0 - Key 0", for: Key00.self)
        let context2 = ScreenContext(parent: context1)
        context2.set("Level 1 - Key 0", for: Key10.self)
        let context3 = ScreenContext(parent: context2)
        context3.set("Level 2 - Key 0", for: Key20.self)
        let context4 = ScreenContext(parent: context3)
        #expect(context4[Key00.self] == "Level 0 - Key 0")
        #expect(context4[Key10.self] == "Level 1 - Key 0")
        #expect(context4[Key20.self] == "Level 2 - Key 0")
    }

    @Test func test4() throws {
        let context1 = ScreenContext(name: "base")
        context1.set("Level 0 - Key 0", for: Key00.self)
        let context2 = ScreenContext(parent: context1)
        context2.set("Level 1 - Key 0", for: Key10.self)
        let context3 = ScreenContext(parent: context2)
        context3.set("Level 2 - Key 0", for: Key20.self)
        let context4 = ScreenContext(parent: context3)
        #expect(try context4.value(for: Key00.self, in: "base") == "Level 0 - Key 0")
        #expect(try context4.value(for: Key10.self, in: "base") == nil)
    }

    @Test func test5() {
        let context1 = ScreenContext()
        context1.set("Level 0 - Key 0", for: Key00.self)
        let context2 = ScreenContext(parent: context1)
        context2.set("Level 1 - Key 0", for: Key10.self)
        let context3 = ScreenContext(parent: context2)
        context3.set("Level 2 - Key 0", for: Key20.self)
        context3.remove(Key20.self)
        #expect(context3[Key20.self] == nil)
        context3.remove(Key10.self)  // removed from context2, which holds it
        #expect(context3[Key10.self] == nil)
        context3.remove(Key00.self)
        #expect(context3[Key00.self] == nil)
    }

    @Test func test6() throws {
        let context1 = ScreenContext(name: "base")
        let context2 = ScreenContext(parent: context1)
        try context2.set("Base Level 0 - Key 0", for: Key00.self, in: "base")
        #expect(try context1.value(for: Key00.self, in: "base") == "Base Level 0 - Key 0")
        #expect(try context2.value(for: Key00.self, in: "base") == "Base Level 0 - Key 0")
        try context2.set("Base Level 0 - Key 0 - A", for: Key00.self, in: "base")
        #expect(try context1.value(for: Key00.self, in: "base") == "Base Level 0 - Key 0 - A")
        #expect(try context2.value(for: Key00.self, in: "base") == "Base Level 0 - Key 0 - A")
        context2.remove(Key00.self)
        #expect(context1[Key00.self] == nil)
        #expect(context2[Key00.self] == nil)
    }

    @Test func test7() throws {
        let context1 = ScreenContext(name: "base")
        let context2 = ScreenContext(parent: context1)
        try context2.set("Base Level 0 - Key 0", for: Key00.self, in: "base")
        #expect(try context2.value(for: Key00.self, in: "base") == "Base Level 0 - Key 0")
        context2.set("Base Level 0 - Key 0 - Changed", for: Key00.self)
        #expect(try context2.value(for: Key00.self, in: "base") == "Base Level 0 - Key 0")
        #expect(context2[Key00.self] == "Base Level 0 - Key 0 - Changed")
    }

    @Test func test8() {
        let context1 = ScreenContext(name: "base")
        context1.set(nil, for: TestNil.self)
        #expect(context1[TestNil.self] == nil)
    }

    @Test func test9() throws {
        let context1 = ScreenContext(name: "base")
        try context1.set(nil, for: TestNil.self, in: "base")
        #expect(try context1.value(for: TestNil.self, in: "base") == nil)
    }

    @Test func test10() throws {
        let context1 = ScreenContext(name: "base")
        try context1.set(nil, for: TestNil.self, in: "base")
        let context2 = ScreenContext(parent: context1)
        #expect(try context2.value(for: TestNil.self, in: "base") == nil)
    }

    @Test func test11() {
        let context1 = ScreenContext(name: "base")
        context1.set("V:0:0", for: Key00.self)
        context1.set("V:0:1", for: Key01.self)
        let context2 = ScreenContext(parent: context1)
        context2.set("V:1:0", for: Key10.self)
        context2.set("V:1:1", for: Key11.self)
        let context3 = ScreenContext(parent: context2)
        context3.set("V:2:0", for: Key20.self)
        context3.set("V:2:1", for: Key21.self)
        #expect(
            Set(context3.allKeys.map(\.name)) == ["Key00", "Key01", "Key10", "Key11", "Key20", "Key21"])
    }
}
