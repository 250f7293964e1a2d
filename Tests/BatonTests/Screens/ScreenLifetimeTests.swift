import Baton
import BatonTesting
import Testing

@MainActor
@Suite(.lenientMisuse)
struct ScreenLifetimeTests {
    /// A screen that registers an observer, a provider and an action with itself as owner.
    final class BusyScreen: ScreenModel {
        init(index: Int) throws {
            super.init(name: "busy-\(index)")
            context.observe(Saved.self, owner: self) { _, _ in }
            context.onChange(of: UserID.self, owner: self) { _, _ in }
            try context.provide(Count.self, owner: self) { _ in index }
            try context.register(SwapWeightInputs.self, owner: self) { _, _ in }
        }
    }

    @Test(.heavyOnTheMainActor) func tenThousandPushPopCyclesLeaveNoScreenAlive() async throws {
        let root = ScreenModel(name: "root")
        let stack = try StackScreen(root: root)
        _ = try makeVisibleWindow(root: stack)
        let weak = WeakScreens()
        for index in 0..<10_000 {
            await shareTheMainActor(at: index, every: 20)
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
        final class AppScopedScreen: ScreenModel {
            override init(name: String?, context: ScreenContext?) {
                super.init(name: name, context: context)
            }
            func registerInApp() throws {
                let app = try context.context(named: "app")
                try app.provide(Count.self, owner: self) { _ in 1 }
                try app.register(SwapWeightInputs.self, owner: self) { _, _ in }
                app.observe(Saved.self, owner: self) { screen, _ in screen.context.set("saved", for: Color.self) }
            }
        }
        let main = ScreenModel(name: "main")
        let window = try makeVisibleWindow(root: main)
        let weak = WeakScreens()
        do {
            let modal = AppScopedScreen(name: "modal", context: nil)
            weak.track(modal, modal.context)
            try main.present(modal)
            try modal.registerInApp()
            #expect(try window.context.request(Count.self) == 1)
            modal.dismiss()
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
        let window = ScreenWindow()
        do {
            let startup = HoppingScreen(name: "startup", registry: ScreenRegistry())
            try window.setRoot(startup)
            window.makeVisible()
            do {
                let splash = try BusyScreen(index: 0)
                weak.track(splash, splash.context)
                try startup.hop(to: splash) {}
            }
            try startup.hop(to: ScreenModel(name: "main"), then: nil)
            #expect(weak.aliveCount == 0)
            weak.track(startup, startup.context)
        }
        try window.setRoot(ScreenModel(name: "next"))
        #expect(weak.aliveCount == 0)
    }

    @Test func tabsAndTheirContextsAreFreedWithTheirContainer() throws {
        let main = ScreenModel(name: "main")
        _ = try makeVisibleWindow(root: main)
        let weak = WeakScreens()
        do {
            let tabs = try TabScreen(tabs: [try BusyScreen(index: 1), ScreenModel(name: "b")])
            weak.track(tabs, tabs.tabs[0], tabs.tabs[1], tabs.context)
            try main.present(tabs)
            tabs.select(at: 1)
            main.dismiss()
        }
        #expect(weak.aliveCount == 0)
    }
}
