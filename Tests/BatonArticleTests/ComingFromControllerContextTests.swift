import Baton
import BatonTesting
import Testing

// The Baton code of the article "Coming from ControllerContext", run: each of its blocks, and
// what its prose says of them.

extension ContextValues {
    fileprivate var userID: ContextEntry<String?> { .init() }
    fileprivate var color: ContextEntry<String?> { .init() }
    fileprivate var size: ContextEntry<String?> { .init() }
}

extension ContextValues {
    fileprivate var customerName: ContextEntry<String?> { .init(name: "name") }
}

private final class OrderContext: ScreenContext {
    @ContextProperty(\.customerName) var customerName: String?
    @ContextProperty(\.size) var size: String?
}

private final class ProfileScreen: ScreenModel {
    var profiles: [String?] = []

    func showProfile(of userID: String?) { profiles.append(userID) }

    func startObserving() {
        context.onChange(of: \.userID, owner: self) { screen, userID in
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
        if let userID = context[\.userID] { showProfile(of: userID) }
    }
}

private final class SignupScreen: ScreenModel {
    func signedUp(as userID: String) {
        // SignupScreen, after the sign-up succeeded:
        context.set(userID, for: \.userID)
    }
}

@Suite(.isolatedBaton) @MainActor struct ComingFromControllerContextTests {
    // MARK: - Layers, named contexts, nil objects, dumps

    @Test func anOuterLayerReadsThroughToTheInnerOne() {
        let context1 = ScreenContext()
        context1.set("12345", for: \.userID)

        let context2 = ScreenContext(parent: context1)
        context2.set("Blue", for: \.color)
        context2.set("Large", for: \.size)

        let userID = context2[\.userID]  // "12345", from context1
        let color = context2[\.color]  // "Blue"
        #expect(userID == "12345")
        #expect(color == "Blue")
        #expect(context1[\.color] == nil)
        #expect(context2.parent === context1)

        let context3 = ScreenContext(parent: context2)
        context2.set(nil, for: \.size)
        print(context3.dump())  // context3 over context2 and context1 from the layers above
        // ---------------
        // 2:--- (unnamed) ---
        // 2:[empty]
        // 1:--- (unnamed) ---
        // 1:color = Blue
        // 1:size = <null>
        // 0:--- (unnamed) ---
        // 0:userID = 12345
        // ---------------
        #expect(
            context3.dump() == """
                ---------------
                2:--- (unnamed) ---
                2:[empty]
                1:--- (unnamed) ---
                1:color = Blue
                1:size = <null>
                0:--- (unnamed) ---
                0:userID = 12345
                ---------------
                """)
    }

    @Test func aNamedReadReadsThatContextOnly() throws {
        let app = ScreenContext(name: "app")
        app.set("12345", for: \.userID)

        let form = ScreenContext(parent: app)
        form.set("ABCDEF", for: \.userID)

        let near = form[\.userID]  // "ABCDEF"
        let inApp = try form.value(for: \.userID, in: "app")  // "12345"
        #expect(near == "ABCDEF")
        #expect(inApp == "12345")
        #expect(try form.value(for: \.color, in: "app") == nil)

        form.set(nil, for: \.userID)
        let masked = form[\.userID]  // nil, although app holds "12345"
        let isThere = form.contains(\.userID)  // true
        form.remove(\.userID)
        let shown = form[\.userID]  // "12345"
        #expect(masked == nil)
        #expect(isThere)
        #expect(shown == "12345")
    }

    @Test(.lenientMisuse) func anUnknownNameThrowsAndListsTheNamesThatExist() {
        let app = ScreenContext(name: "app")
        let form = ScreenContext(parent: app)
        #expect {
            try form.value(for: \.userID, in: "ap")
        } throws: { error in
            guard case .unknownScope(let name, _, _, let named) = error as? ContextError else { return false }
            return name == "ap" && named == ["app"]
        }
    }

    @Test func removeDeletesFromTheNearestContextThatHoldsTheKey() throws {
        let app = ScreenContext(name: "app")
        app.set("12345", for: \.userID)
        let form = ScreenContext(parent: app)
        form.remove(\.userID)
        #expect(app[\.userID] == nil)
        app.set("12345", for: \.userID)
        try form.remove(\.userID, in: "app")
        #expect(app[\.userID] == nil)
    }

    @Test func theNearestOfTwoContextsWithOneNameWins() throws {
        let outer = ScreenContext(name: "app")
        let inner = ScreenContext(name: "app", parent: outer)
        try inner.set("near", for: \.userID, in: "app")
        #expect(inner[\.userID] == "near")
        #expect(outer[\.userID] == nil)
    }

    // MARK: - Callbacks

    @Test func anObserverSeesSetsRemovesAndChangesFurtherIn() {
        let app = ScreenContext(name: "app")
        let screen = ProfileScreen(name: "profile", context: ScreenContext(parent: app))
        screen.startObserving()
        screen.context.set("ada", for: \.userID)
        screen.context.remove(\.userID)
        app.set("grace", for: \.userID)
        screen.context.set("ada", for: \.userID)
        app.set("hidden", for: \.userID)  // shadowed by "ada": does not fire
        #expect(screen.profiles == ["ada", nil, "grace", "ada"])
        screen.stopObserving()
        screen.context.set("alan", for: \.userID)
        #expect(screen.profiles == ["ada", nil, "grace", "ada"])
    }

    @Test func anObserverEndsWithItsOwner() {
        let context = ScreenContext()
        var screen: ProfileScreen? = ProfileScreen(name: "profile", context: context)
        screen?.startObserving()
        weak let gone = screen
        screen = nil
        context.set("ada", for: \.userID)
        #expect(gone == nil)
    }

    // MARK: - Custom context classes

    @Test func aContextPropertyStoresThroughItsKey() throws {
        let order = OrderContext(name: "order")
        order.customerName = "Ada"
        let customerName = order[\.customerName]  // "Ada"
        #expect(customerName == "Ada")

        let outer = OrderContext(parent: order)
        order.size = "Large"
        #expect(outer.size == "Large")  // a property read walks the chain
        #expect(try outer.value(for: \.size, in: "order") == "Large")
        outer.size = nil
        #expect(outer.size == nil)
        #expect(outer.contains(\.size))
        #expect(order.name == "order")
    }

    // MARK: - Contexts and screens

    @Test func aPushLayersTheDestinationsContextOverTheSources() throws {
        let colors = ColorsScreen(name: "colors")
        let stack = try StackScreen(root: colors)
        let window = ScreenWindow()
        try window.setRoot(stack)
        window.makeVisible()
        colors.context.set("Blue", for: \.color)
        // ColorsVC → SizeVC: the size screen's context is layered over the colour screen's.
        try stack.push(SizeScreen())
        let size = try #require(stack.topScreen)
        #expect(size.context.parent === colors.context)
        #expect(size.context[\.color] == "Blue")
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
