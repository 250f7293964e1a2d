import Baton
import BatonTesting
import Testing

/// ControllerContext 0.2.0's custom context class: properties read and written through keys.
private enum CustomerName: ContextKey {
    typealias Value = String
    static var name: String { "name" }
}

@MainActor
private final class OrderContext: ScreenContext {
    @ContextProperty(CustomerName.self) var customerName: String?
    @ContextProperty(Size.self) var size: String?
    @ContextProperty(Count.self) var quantity: Int?
}

@MainActor
private final class Listener {
    var calls: [String] = []
}

/// ControllerContext behaviour from its source and tests that users rely on.
@MainActor
@Suite(.lenientMisuse)
struct ControllerContextParityTests {
    @Test func test8ExplicitNilDumpsAsNull() {
        let context1 = ScreenContext(name: "base")
        context1.set(nil, for: UserID.self)
        #expect(context1[UserID.self] == nil)
        #expect(
            context1.dump() == """
                ---------------
                0:--- base ---
                0:UserID = <null>
                ---------------
                """)
    }

    @Test func customContextClassPropertiesStoreThroughKeys() {
        let order = OrderContext(name: "order")
        order.customerName = "Ada"
        order.size = "Large"
        order.quantity = 2
        #expect(order.name == "order")  // no clash with ScreenContext.name
        #expect(order[CustomerName.self] == "Ada")
        #expect(order.customerName == "Ada")
        #expect(order.quantity == 2)
        order.set("Small", for: Size.self)
        #expect(order.size == "Small")
        #expect(
            order.dump() == """
                ---------------
                0:--- order ---
                0:Count = 2
                0:Size = Small
                0:name = Ada
                ---------------
                """)
        order.size = nil
        #expect(order.contains(Size.self))
        #expect(order.size == nil)
    }

    @Test func customContextClassPropertiesReadThroughTheChainAndNotifyObservers() {
        let app = ScreenContext(name: "app")
        app.set("Medium", for: Size.self)
        let order = OrderContext(parent: app)
        #expect(order.size == "Medium")
        let listener = Listener()
        order.onChange(of: Size.self, owner: listener) { listener, size in listener.calls.append(size ?? "nil") }
        order.size = "Large"
        #expect(listener.calls == ["Large"])
        #expect(app[Size.self] == "Medium")
    }

    @Test func registerCallbackRunsWithItsObjectOnEverySet() {
        let context = ScreenContext(name: "app")
        let listener = Listener()
        // [context registerCallback:^(id owner){ … } forKey:@"userId" withObject:listener]
        context.onChange(of: UserID.self, owner: listener) { owner, userID in owner.calls.append(userID ?? "nil") }
        context.set("12345", for: UserID.self)
        context.set(nil, for: UserID.self)
        #expect(listener.calls == ["12345", "nil"])
    }

    @Test func onChangeAlsoFiresOnRemoveAndUnshadowedInnerChanges() {
        let app = ScreenContext(name: "app")
        let form = ScreenContext(name: "form", parent: app)
        let listener = Listener()
        form.onChange(of: UserID.self, owner: listener) { owner, userID in owner.calls.append(userID ?? "nil") }
        app.set("12345", for: UserID.self)  // not shadowed in form: fires
        form.set("ABCDEF", for: UserID.self)
        app.set("67890", for: UserID.self)  // shadowed by form: does not fire
        form.remove(UserID.self)  // a remove fires, with the value that shows through
        #expect(listener.calls == ["12345", "ABCDEF", "67890"])
    }

    @Test func removeCallbacksForObjectAndRemoveAllCallbacks() {
        let context = ScreenContext(name: "app")
        let first = Listener()
        let second = Listener()
        context.onChange(of: UserID.self, owner: first) { owner, _ in owner.calls.append("first") }
        context.onChange(of: UserID.self, owner: second) { owner, _ in owner.calls.append("second") }
        context.removeObservers(owner: first)  // removeCallbacksForObject:
        context.set("1", for: UserID.self)
        #expect(first.calls == [])
        #expect(second.calls == ["second"])
        context.removeAllObservers()  // removeAllCallbacks
        context.set("2", for: UserID.self)
        #expect(second.calls == ["second"])
    }

    @Test func aCallbackWhoseObjectIsGoneIsDropped() {
        let context = ScreenContext(name: "app")
        weak var weakListener: Listener?
        var calls = 0
        do {
            let listener = Listener()
            weakListener = listener
            context.onChange(of: UserID.self, owner: listener) { _, _ in calls += 1 }
        }
        #expect(weakListener == nil)
        context.set("1", for: UserID.self)
        #expect(calls == 0)
    }
}
