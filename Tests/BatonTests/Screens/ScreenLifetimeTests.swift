import Baton
import BatonTesting
import Testing

@MainActor
@Suite(.lenientMisuse)
struct ScreenLifetimeTests {
    /// A screen that registers an observer, a provider and an action with itself as owner.
    final class BusyScreen: HeadlessScreen {
        init(index: Int) throws {
            super.init(identifier: "busy-\(index)")
            context.observe(Saved.self, owner: self) { _, _ in }
            context.onChange(of: UserID.self, owner: self) { _, _ in }
            try context.provide(Count.self, owner: self) { _ in index }
            try context.register(SwapWeightInputs.self, owner: self) { _, _ in }
        }
    }

    @Test func tenThousandPushPopCyclesLeaveNoScreenAlive() throws {
        let root = HeadlessScreen(identifier: "root")
        let stack = try StackScreen(root: root)
        _ = try makeVisibleWindow(root: stack)
        let weak = WeakScreens()
        for index in 0..<10_000 {
            let screen = try BusyScreen(index: index)
            weak.track(screen, screen.context)
            try stack.push(screen)
            stack.pop()
        }
        #expect(weak.aliveCount == 0)
        #expect(stack.screens.count == 1)
        #expect(root.context.children.isEmpty)
        #expect(!root.context.canRequest(Count.self))
    }

    @Test func dismissedScreensAndWhatTheyOwnAreFreed() throws {
        /// Registers in the app-wide context, so what it owns outlives its own context.
        final class AppScopedScreen: HeadlessScreen {
            override init(identifier: String?, context: Context?) {
                super.init(identifier: identifier, context: context)
            }
            func registerInApp() throws {
                let app = try context.context(named: "app")
                try app.provide(Count.self, owner: self) { _ in 1 }
                try app.register(SwapWeightInputs.self, owner: self) { _, _ in }
                app.observe(Saved.self, owner: self) { screen, _ in screen.context.set("saved", for: Color.self) }
            }
        }
        let main = HeadlessScreen(identifier: "main")
        let window = try makeVisibleWindow(root: main)
        let weak = WeakScreens()
        do {
            let modal = AppScopedScreen(identifier: "modal", context: nil)
            weak.track(modal, modal.context)
            try main.present(modal)
            try modal.registerInApp()
            #expect(try window.context.request(Count.self) == 1)
            try modal.dismiss()
        }
        #expect(weak.aliveCount == 0)
        #expect(!window.context.canRequest(Count.self))
        #expect(throws: ContextError.actionExpired(action: "SwapWeightInputs", registeredIn: "app")) {
            try window.context.execute(SwapWeightInputs.self)
        }
        window.context.post(Saved.self)  // the observer's owner is gone: nothing runs
    }

    @Test func replacedRootsAndHoppedAwayScreensAreFreed() throws {
        let weak = WeakScreens()
        let window = Window()
        do {
            let startup = HoppingScreen(identifier: "startup", registry: ScreenRegistry())
            try window.setRoot(startup)
            window.makeVisible()
            do {
                let splash = try BusyScreen(index: 0)
                weak.track(splash, splash.context)
                try startup.hop(to: splash) {}
            }
            try startup.hop(to: HeadlessScreen(identifier: "main"), then: nil)
            #expect(weak.aliveCount == 0)
            weak.track(startup, startup.context)
        }
        try window.setRoot(HeadlessScreen(identifier: "next"))
        #expect(weak.aliveCount == 0)
    }

    @Test func tabsAndTheirContextsAreFreedWithTheirContainer() throws {
        let main = HeadlessScreen(identifier: "main")
        _ = try makeVisibleWindow(root: main)
        let weak = WeakScreens()
        do {
            let tabs = try TabScreen(tabs: [try BusyScreen(index: 1), HeadlessScreen(identifier: "b")])
            weak.track(tabs, tabs.tabs[0], tabs.tabs[1], tabs.context)
            try main.present(tabs)
            try tabs.select(at: 1)
            try main.dismiss()
        }
        #expect(weak.aliveCount == 0)
    }
}
