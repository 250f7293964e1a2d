import Baton
import Testing

/// A hopping container that starts its flow from a lifecycle callback, as the HoppingScreen
/// documentation and seed 003 (`viewDidLoad`) do.
private final class StartsInCallback: HoppingScreen {
    enum Moment {
        case willAppear
        case didAppear
    }

    let moment: Moment

    init(moment: Moment) {
        self.moment = moment
        super.init(name: "startup")
    }

    override func willAppear() {
        if moment == .willAppear { try? hop(to: ScreenModel(name: "splash"), then: nil) }
    }

    override func didAppear() {
        if moment == .didAppear { try? hop(to: ScreenModel(name: "splash"), then: nil) }
    }
}

@MainActor
@Suite struct LifecycleForwardingTests {
    private func lifecycle(of startup: StartsInCallback) throws -> [String] {
        let window = ScreenWindow()
        window.recordsLifecycle = true
        try window.setRoot(startup)
        window.makeVisible()
        return window.lifecycleLog.map(\.description)
    }

    @Test func hopInDidAppearFiresTheChildsCallbacksOnce() throws {
        let log = try lifecycle(of: StartsInCallback(moment: .didAppear))
        #expect(log == ["startup.willAppear", "startup.didAppear", "splash.willAppear", "splash.didAppear"])
    }

    @Test func hopInWillAppearFiresTheChildsCallbacksOnce() throws {
        let log = try lifecycle(of: StartsInCallback(moment: .willAppear))
        // The hop is requested during the window's appearance, so it runs right after it.
        #expect(log == ["startup.willAppear", "startup.didAppear", "splash.willAppear", "splash.didAppear"])
    }

    @Test func pushFromAForwardedWillAppearLeavesEveryScreenInOneState() throws {
        final class PushesOnAppear: ScreenModel {
            override func willAppear() {
                try? (parentScreen as? StackScreen)?.push(ScreenModel(name: "detail"))
            }
        }
        let list = PushesOnAppear(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        let window = ScreenWindow()
        window.recordsLifecycle = true
        try window.setRoot(stack)
        window.makeVisible()
        // The push is requested during the window's appearance, so it runs right after it.
        #expect(
            window.lifecycleLog.map(\.description) == [
                "stack.willAppear", "list.willAppear", "stack.didAppear", "list.didAppear",
                "list.willDisappear", "detail.willAppear", "list.didDisappear", "detail.didAppear",
            ])
        #expect(stack.topScreen?.appearance == .appeared)
        #expect(list.appearance == .disappeared)
    }
}
