import Baton
import BatonTesting
import Testing

// The Baton code of the article "Coming from ControllerContext", run: each of its blocks, and
// what its prose says of them.

private enum UserID: ContextKey { typealias Value = String }
private enum Color: ContextKey { typealias Value = String }
private enum Size: ContextKey { typealias Value = String }

private enum CustomerName: ContextKey {
    typealias Value = String
    static var name: String { "name" }
}

private final class OrderContext: ScreenContext {
    @ContextProperty(CustomerName.self) var customerName: String?
    @ContextProperty(Size.self) var size: String?
}

private final class ProfileScreen: ScreenModel {
    var profiles: [String?] = []

    func showProfile(of userID: String?) { profiles.append(userID) }

    func startObserving() {
        context.onChange(of: UserID.self, owner: self) { screen, userID in
            screen.showProfile(of: userID)
        }
    }

    func stopObserving() {
        context.removeObservers(owner: self)
    }
}

private final class ColorsScreen: ScreenModel {}
private final class SizeScreen: ScreenModel {}

private final class MainScreen: ScreenModel {
    var profiles: [String] = []

    func showProfile(of userID: String) { profiles.append(userID) }

    // MainScreen, when it reappears:
    override func willAppear() {
        if let userID = context[UserID.self] { showProfile(of: userID) }
    }
}

private final class SignupScreen: ScreenModel {
    func signedUp(as userID: String) {
        // SignupScreen, after the sign-up succeeded:
        context.set(userID, for: UserID.self)
    }
}

@Suite(.isolatedBaton) @MainActor struct ComingFromControllerContextTests {
    // MARK: - Layers, named contexts, nil objects, dumps

    @Test func anOuterLayerReadsThroughToTheInnerOne() {
        let context1 = ScreenContext()
        context1.set("12345", for: UserID.self)

        let context2 = ScreenContext(parent: context1)
        context2.set("Blue", for: Color.self)
        context2.set("Large", for: Size.self)

        let userID = context2[UserID.self]  // "12345", from context1
        let color = context2[Color.self]  // "Blue"
        #expect(userID == "12345")
        #expect(color == "Blue")
        #expect(context1[Color.self] == nil)
        #expect(context2.parent === context1)

        let context3 = ScreenContext(parent: context2)
        context2.set(nil, for: Size.self)
        print(context3.dump())  // context3 over context2 and context1 from the layers above
        // ---------------
        // 2:--- (unnamed) ---
        // 2:[empty]
        // 1:--- (unnamed) ---
        // 1:Color = Blue
        // 1:Size = <null>
        // 0:--- (unnamed) ---
        // 0:UserID = 12345
        // ---------------
        #expect(
            context3.dump() == """
                ---------------
                2:--- (unnamed) ---
                2:[empty]
                1:--- (unnamed) ---
                1:Color = Blue
                1:Size = <null>
                0:--- (unnamed) ---
                0:UserID = 12345
                ---------------
                """)
    }

    @Test func aNamedReadReadsThatContextOnly() throws {
        let app = ScreenContext(name: "app")
        app.set("12345", for: UserID.self)

        let form = ScreenContext(parent: app)
        form.set("ABCDEF", for: UserID.self)

        let near = form[UserID.self]  // "ABCDEF"
        let inApp = try form.value(for: UserID.self, in: "app")  // "12345"
        #expect(near == "ABCDEF")
        #expect(inApp == "12345")
        #expect(try form.value(for: Color.self, in: "app") == nil)

        form.set(nil, for: UserID.self)
        let masked = form[UserID.self]  // nil, although app holds "12345"
        let isThere = form.contains(UserID.self)  // true
        form.remove(UserID.self)
        let shown = form[UserID.self]  // "12345"
        #expect(masked == nil)
        #expect(isThere)
        #expect(shown == "12345")
    }

    @Test(.lenientMisuse) func anUnknownNameThrowsAndListsTheNamesThatExist() {
        let app = ScreenContext(name: "app")
        let form = ScreenContext(parent: app)
        #expect {
            try form.value(for: UserID.self, in: "ap")
        } throws: { error in
            guard case .unknownScope(let name, _, _, let named) = error as? ContextError else { return false }
            return name == "ap" && named == ["app"]
        }
    }

    @Test func removeDeletesFromTheNearestContextThatHoldsTheKey() throws {
        let app = ScreenContext(name: "app")
        app.set("12345", for: UserID.self)
        let form = ScreenContext(parent: app)
        form.remove(UserID.self)
        #expect(app[UserID.self] == nil)
        app.set("12345", for: UserID.self)
        try form.remove(UserID.self, in: "app")
        #expect(app[UserID.self] == nil)
    }

    @Test func theNearestOfTwoContextsWithOneNameWins() throws {
        let outer = ScreenContext(name: "app")
        let inner = ScreenContext(name: "app", parent: outer)
        try inner.set("near", for: UserID.self, in: "app")
        #expect(inner[UserID.self] == "near")
        #expect(outer[UserID.self] == nil)
    }

    // MARK: - Callbacks

    @Test func anObserverSeesSetsRemovesAndChangesFurtherIn() {
        let app = ScreenContext(name: "app")
        let screen = ProfileScreen(name: "profile", context: ScreenContext(parent: app))
        screen.startObserving()
        screen.context.set("ada", for: UserID.self)
        screen.context.remove(UserID.self)
        app.set("grace", for: UserID.self)
        screen.context.set("ada", for: UserID.self)
        app.set("hidden", for: UserID.self)  // shadowed by "ada": does not fire
        #expect(screen.profiles == ["ada", nil, "grace", "ada"])
        screen.stopObserving()
        screen.context.set("alan", for: UserID.self)
        #expect(screen.profiles == ["ada", nil, "grace", "ada"])
    }

    @Test func anObserverEndsWithItsOwner() {
        let context = ScreenContext()
        var screen: ProfileScreen? = ProfileScreen(name: "profile", context: context)
        screen?.startObserving()
        weak let gone = screen
        screen = nil
        context.set("ada", for: UserID.self)
        #expect(gone == nil)
    }

    // MARK: - Custom context classes

    @Test func aContextPropertyStoresThroughItsKey() throws {
        let order = OrderContext(name: "order")
        order.customerName = "Ada"
        let customerName = order[CustomerName.self]  // "Ada"
        #expect(customerName == "Ada")

        let outer = OrderContext(parent: order)
        order.size = "Large"
        #expect(outer.size == "Large")  // a property read walks the chain
        #expect(try outer.value(for: Size.self, in: "order") == "Large")
        outer.size = nil
        #expect(outer.size == nil)
        #expect(outer.contains(Size.self))
        #expect(order.name == "order")
    }

    // MARK: - Contexts and screens

    @Test func aPushLayersTheDestinationsContextOverTheSources() throws {
        let colors = ColorsScreen(name: "colors")
        let stack = try StackScreen(root: colors)
        let window = ScreenWindow()
        try window.setRoot(stack)
        window.makeVisible()
        colors.context.set("Blue", for: Color.self)
        // ColorsVC → SizeVC: the size screen's context is layered over the colour screen's.
        try stack.push(SizeScreen())
        let size = try #require(stack.topScreen)
        #expect(size.context.parent === colors.context)
        #expect(size.context[Color.self] == "Blue")
    }

    @Test func aSharedContextPassesDataBack() throws {
        let main = MainScreen(name: "main")
        let stack = try StackScreen(root: main)
        let window = ScreenWindow()
        try window.setRoot(stack)
        window.makeVisible()
        // MainScreen shows the sign-up screen with its own context:
        try stack.push(SignupScreen(), wiring: .share)
        let signup = try #require(window.screen(SignupScreen.self))
        #expect(signup.context === main.context)
        signup.signedUp(as: "12345")
        _ = stack.pop()
        #expect(main.profiles == ["12345"])
    }
}
