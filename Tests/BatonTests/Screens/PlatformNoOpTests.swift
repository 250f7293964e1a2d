@_spi(Adapters) import Baton
import BatonTesting
import Testing

/// What UIKit and SwiftUI treat as a no-op never stops the program (issue 19, DESIGN rule 38):
/// these tests run in ``MisuseMode/strict``, where a misuse stops at an assertion, so a trap
/// fails them by crashing.
@MainActor
@Suite
struct PlatformNoOpTests {
    private func strict<R>(_ body: () throws -> R) rethrows -> R {
        try MisuseMode.$current.withValue(.strict) { try body() }
    }

    // MARK: - Dismiss

    @Test func dismissWithNothingPresentedDoesNothing() throws {
        try strict {
            let main = ScreenModel(name: "main")
            let window = try makeVisibleWindow(root: main)
            main.dismiss()
            main.dismiss(sender: "double tap")
            #expect(window.transitionLog.isEmpty)
            #expect(main.appearance == .appeared)
        }
    }

    @Test func aSecondDismissOfTheSameSheetDoesNothing() throws {
        try strict {
            let main = ScreenModel(name: "main")
            let window = try makeVisibleWindow(root: main)
            weak var released: ScreenModel?
            try {
                let sheet = ScreenModel(name: "sheet")
                released = sheet
                try main.present(sheet)
                sheet.dismiss()
                sheet.dismiss()  // the "Close" button tapped twice
            }()
            #expect(window.transitionLog.map(\.description) == ["present: main → sheet", "dismiss: sheet → main"])
            #expect(released == nil)
        }
    }

    // MARK: - A double-tapped "Done"

    @Test func aSecondUnhopOfAStepThatFinishedIsIgnored() throws {
        try strict {
            let startup = HoppingScreen(name: "startup")
            _ = try makeVisibleWindow(root: startup)
            let login = ScreenModel(name: "login")
            var continued = 0
            try startup.hop(to: login) { continued += 1 }  // stays on login, waiting for something else
            try login.unhop()
            try login.unhop()
            login.finish(with: "ignored too")
            #expect(continued == 1)
            #expect(startup.currentScreen === login)
        }
    }

    @Test func aSecondUnhopAfterTheAwaitingFlowGotItsResultIsIgnored() async throws {
        try await MisuseMode.$current.withValue(.strict) {
            let startup = HoppingScreen(name: "startup")
            _ = try makeVisibleWindow(root: startup)
            let login = ScreenModel(name: "login")
            async let user = startup.hop(to: login, returning: String.self)
            await Task.yield()
            while startup.currentScreen !== login { await Task.yield() }
            login.finish(with: "ada")
            try login.unhop()  // a double-tapped "Sign in"
            login.finish(with: "ada")
            #expect(try await user == "ada")
        }
    }

    @Test func aSecondUnhopThroughAHopFlowIsIgnored() throws {
        try strict {
            let startup = ModelHoppingViewController(storyboardIdentifier: "startup")
            let window = ModelWindow()
            window.setRootViewController(startup)
            window.makeKeyAndVisible()
            let splash = ModelViewController(storyboardIdentifier: "splash")
            var continued = 0
            try startup.hop(to: splash) { continued += 1 }
            try splash.unhop()
            try splash.unhop()
            #expect(continued == 1)
        }
    }

    @Test func unhoppingAFinalStepIsStillAMisuse() throws {
        try MisuseMode.$current.withValue(.lenient) {
            let startup = HoppingScreen(name: "startup")
            _ = try makeVisibleWindow(root: startup)
            let main = ScreenModel(name: "main")
            try startup.hop(to: main, then: nil)
            #expect(throws: ScreenError.noPendingContinuation(hopping: "startup", screen: "main")) {
                try main.unhop()
            }
        }
    }

    // MARK: - A double-tapped "Present"

    @Test func presentingWhileAlreadyPresentingThrowsWithoutStopping() throws {
        try strict {
            let main = ScreenModel(name: "main")
            let window = try makeVisibleWindow(root: main)
            try main.present(ScreenModel(name: "settings"))
            #expect(throws: ScreenError.alreadyPresenting(presenter: "main", presented: "settings")) {
                try main.present(ScreenModel(name: "settings"))
            }
            #expect(window.transitionLog.map(\.description) == ["present: main → settings"])
        }
    }

    // MARK: - Tab selection

    @Test func selectingATabNeedsNoTry() throws {
        try strict {
            let tabs = try TabScreen(tabs: [ScreenModel(name: "a"), ScreenModel(name: "b")], name: "tabs")
            let window = try makeVisibleWindow(root: tabs)
            tabs.select(at: 1)
            tabs.select(tabs.tabs[0])
            #expect(window.transitionLog.map(\.description) == ["selectTab: a → b", "selectTab: b → a"])
        }
    }

    @Test func selectingATabIndexOutOfRangeIsPostedAndDoesNotStop() throws {
        try strict {
            let tabs = try TabScreen(tabs: [ScreenModel(name: "a"), ScreenModel(name: "b")], name: "tabs")
            let window = try makeVisibleWindow(root: tabs)
            let owner = Owner()
            var failures: [String] = []
            window.context.observe(TransitionDidFail.self, owner: owner) { _, failure in
                failures.append(failure.description)
            }
            window.clearLogs()
            tabs.select(at: 7)  // an index read from a deep link that names no tab
            #expect(tabs.selectedIndex == 0)
            #expect(window.transitionLog.isEmpty)
            #expect(
                failures == [
                    "selection of tab 7 of tabs failed: Tab index 7 is out of range for tabs, which has 2 tabs: a, b."
                ])
        }
    }

    // MARK: - A push link with no enclosing stack

    @Test func aPushLinkWithNoEnclosingStackThrowsWithoutStopping() throws {
        try strict {
            let settings = ScreenModel(name: "settings")
            let window = try makeVisibleWindow(root: settings)
            window.clearLogs()
            let link = ScreenLinkRequest(identifier: "showAbout") { ScreenModel(name: "about") }
            #expect(
                throws: ScreenError.noEnclosingStack(
                    screen: "settings", pushed: .link(identifier: "showAbout", route: nil), containers: [],
                    presenter: nil)
            ) {
                try link.perform(from: settings)
            }
            #expect(settings.presentedScreen == nil)
            #expect(window.transitionLog.isEmpty)
        }
    }
}
