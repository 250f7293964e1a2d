import BatonTesting
import Observation
import Testing

@testable import Baton

/// A value that a pushed, presented or hopped-to screen writes into its own context under
/// `.inherit` wiring dies with it: debug builds report it when the context is released, if the
/// source reads the key, or later, when the source reads it and misses it, naming the key, the
/// screen and the fixes.
@MainActor
@Suite(.lenientMisuse)
struct LostWriteTests {
    enum SortOrder: ContextKey { typealias Value = String }
    enum Draft: ContextKey { typealias Value = String }
    /// Which field the entry screen edits (Coordinates' entryRequest).
    enum Request: ContextKey { typealias Value = String }
    /// What the entry screen entered (Coordinates' enteredCoordinate).
    enum Entered: ContextKey { typealias Value = String }
    enum Payload: ContextKey { typealias Value = Token }

    /// A value whose release a test can see.
    final class Token {}

    /// The reports of one test.
    @MainActor
    final class Reports {
        var all: [LostWrite] = []
        var descriptions: [String] { all.map(\.description) }
    }

    /// A settings sheet that stores the chosen order in the context it is given.
    final class SettingsScreen: ScreenModel {
        func choose(_ order: String) { context.set(order, for: SortOrder.self) }
    }

    /// A screen that returns its choice instead.
    final class TypedScreen: ScreenModel {}

    /// Runs `body` with a reporter that collects the reports.
    private func collecting(_ body: () throws -> Void) rethrows -> Reports {
        let reports = Reports()
        try LostWrite.$reporter.withValue({ report in
            MainActor.assumeIsolated { reports.all.append(report) }
        }) {
            try body()
        }
        return reports
    }

    /// A list, in a stack in a visible window, that shows the sort order it reads.
    let list = ScreenModel(name: "list")
    let stack: StackScreen
    let window: ScreenWindow

    init() throws {
        stack = try StackScreen(root: list, name: "stack")
        window = try makeVisibleWindow(root: stack)
        _ = list.context[SortOrder.self]  // the list shows the current order
        // The list also reads what an entry screen leaves for it, and what it asks the entry for.
        _ = list.context[Request.self]
        _ = list.context[Entered.self]
        _ = list.context[Payload.self]
    }

    // MARK: - On by default

    @Test func theWatchIsOnByDefaultInDebugBuilds() {
        #if DEBUG
            #expect(LostWrite.reporter != nil)
        #else
            #expect(LostWrite.reporter == nil)
        #endif
    }

    // MARK: - Reported

    @Test func aSheetsWriteIntoItsOwnContextIsReportedWhenItIsReleased() throws {
        let reports = try collecting {
            try list.present(SettingsScreen(name: "settings"))
            (list.presentedScreen as? SettingsScreen)?.choose("date")
            list.dismiss()
        }
        #expect(
            reports.all == [
                LostWrite(
                    key: "SortOrder", screen: "settings", source: "list", transition: "present: list → settings",
                    sourceScope: "list")
            ])
        #expect(
            reports.descriptions == [
                "settings wrote SortOrder into its own context, which was released with it: list, which reads"
                    + " SortOrder, never saw the value (present: list → settings wired settings with .inherit)."
                    + " Show settings with wiring: .share, write the value into list's context with"
                    + " set(_:for:in: \"list\"), or return it with finish(with:) to push(_:returning:) or"
                    + " present(_:returning:)."
            ])
        #expect(list.context[SortOrder.self] == nil)  // the loss itself
    }

    @Test func aPushedScreenInsideAPresentedStackIsNamedAsTheWriter() throws {
        let reports = try collecting {
            try list.present(try StackScreen(root: SettingsScreen(name: "settings"), name: "sheet"))
            ((list.presentedScreen as? StackScreen)?.rootScreen as? SettingsScreen)?.choose("name")
            list.dismiss()
        }
        #expect(reports.all.map(\.screen) == ["settings"])
        #expect(reports.all.map(\.transition) == ["present: list → sheet"])
    }

    @Test func aValueReplacedInPlaceIsReportedToo() throws {
        let reports = try collecting {
            let settings = SettingsScreen(name: "settings")
            settings.context.set("name", for: SortOrder.self)  // passed forward before the push
            try stack.push(settings)
            settings.choose("date")  // the same box, replaced in place
            settings.choose("size")
            stack.pop()
        }
        #expect(reports.all.map(\.key) == ["SortOrder"])
        #expect(reports.all.map(\.transition) == ["push: list → settings"])
    }

    @Test func theWritersOwnReadsBackDoNotCount() throws {
        let reports = try collecting {
            try list.present(SettingsScreen(name: "settings"))
            let settings = try #require(list.presentedScreen as? SettingsScreen)
            settings.choose("date")
            // A picker bound to the value re-reads it on every render, tracked or not.
            for _ in 0..<3 { _ = settings.context[SortOrder.self] }
            withObservationTracking {
                _ = settings.context[SortOrder.self]
            } onChange: {
            }
            settings.choose("size")
            _ = settings.context[SortOrder.self]
            _ = try settings.context.value(for: SortOrder.self, in: "settings")
            #expect(settings.context.contains(SortOrder.self))
            list.dismiss()
        }
        #expect(reports.all.map(\.key) == ["SortOrder"])
        #expect(reports.all.map(\.screen) == ["settings"])
    }

    @Test func aScreenShownWithInheritThatDoesNotReadTheKeyDoesNotCount() throws {
        let reports = try collecting {
            try list.present(try StackScreen(root: SettingsScreen(name: "settings"), name: "sheet"))
            let sheet = try #require(list.presentedScreen as? StackScreen)
            let settings = try #require(sheet.rootScreen as? SettingsScreen)
            settings.choose("date")
            try sheet.push(ScreenModel(name: "help"))  // reads nothing
            sheet.pop()
            _ = settings.context[SortOrder.self]  // the settings screen shows its choice again
            list.dismiss()
        }
        #expect(reports.all.map(\.key) == ["SortOrder"])
        #expect(reports.all.map(\.screen) == ["settings"])
    }

    @Test func aValueAScreenSharingTheContextNeverReadIsReported() throws {
        let reports = try collecting {
            let bearing = ScreenModel(name: "bearing")
            try stack.push(bearing)
            bearing.context.set("target", for: Request.self)
            _ = bearing.context[Request.self]  // the writer's own read
            try stack.push(ScreenModel(name: "entry"), wiring: .share)  // never reads it
            stack.pop()
            _ = bearing.context[Request.self]  // the writer again, in front again
            stack.pop()
        }
        #expect(reports.all.map(\.key) == ["Request"])
        #expect(reports.all.map(\.screen) == ["bearing"])
    }

    // MARK: - Read by another screen

    /// Coordinates' bearing screen: pushed with `.inherit`, it leaves the field to edit in its
    /// own context and pushes the entry screen sharing it, which reads it.
    @Test func aValueAScreenSharingTheWritersContextReadsIsNotReported() throws {
        let reports = try collecting {
            let bearing = ScreenModel(name: "bearing")
            try stack.push(bearing)
            bearing.context.set("target", for: Request.self)
            _ = bearing.context[Request.self]  // the bearing screen reads it too, first
            let entry = ScreenModel(name: "entry")
            try stack.push(entry, wiring: .share)
            #expect(entry.context[Request.self] == "target")
            stack.pop()
            stack.pop()
        }
        #expect(reports.descriptions == [])
    }

    /// Coordinates' entry screen: shown with `.share`, it leaves its result in the context it
    /// shares, and the writer of that context takes it when it reappears.
    @Test func aValueTheSharingScreenWroteThatTheWriterTakesBackIsNotReported() throws {
        let reports = try collecting {
            let bearing = ScreenModel(name: "bearing")
            try stack.push(bearing)
            let entry = ScreenModel(name: "entry")
            try stack.push(entry, wiring: .share)
            entry.context.set("48.8584, 2.2945", for: Entered.self)
            _ = entry.context[Entered.self]  // the entry screen's own read
            stack.pop()
            #expect(bearing.context[Entered.self] == "48.8584, 2.2945")
            stack.pop()
        }
        #expect(reports.descriptions == [])
    }

    @Test func aValueAScreenShownWithInheritReadsIsNotReported() throws {
        let reports = try collecting {
            let settings = SettingsScreen(name: "settings")
            try stack.push(settings)
            settings.choose("date")
            _ = settings.context[SortOrder.self]
            let preview = ScreenModel(name: "preview")
            try stack.push(preview)
            #expect(preview.context[SortOrder.self] == "date")  // through the chain
            stack.pop()
            stack.pop()
        }
        #expect(reports.descriptions == [])
    }

    @Test func aValueReadByAShownScreenAndThenTheWriterDismissedIsNotReported() throws {
        let reports = try collecting {
            try list.present(try StackScreen(root: SettingsScreen(name: "settings"), name: "sheet"))
            let sheet = try #require(list.presentedScreen as? StackScreen)
            let settings = try #require(sheet.rootScreen as? SettingsScreen)
            settings.choose("date")
            try sheet.push(ScreenModel(name: "preview"))
            #expect(sheet.topScreen?.context[SortOrder.self] == "date")
            list.dismiss()  // the sheet, settings and preview at once
        }
        #expect(reports.descriptions == [])
    }

    @Test func aValueReadByNameOrByAnObserverBelowIsNotReported() throws {
        let reports = try collecting {
            let settings = SettingsScreen(name: "settings")
            try stack.push(settings)
            let summary = ScreenModel(name: "summary")
            try stack.push(summary)
            var seen: [String?] = []
            summary.context.onChange(of: SortOrder.self, owner: summary) { _, order in seen.append(order) }
            settings.choose("date")  // the observer below reads it
            #expect(seen == ["date"])
            settings.context.set("x", for: Draft.self)
            _ = list.context[Draft.self]
            #expect(try summary.context.value(for: Draft.self, in: "settings") == "x")
            stack.popToRoot()
        }
        #expect(reports.descriptions == [])
    }

    @Test func aValueWrittenAgainAfterItWasReadIsReportedWhenNoOneReadsItAgain() throws {
        let reports = try collecting {
            let settings = SettingsScreen(name: "settings")
            try stack.push(settings)
            settings.choose("date")
            let preview = ScreenModel(name: "preview")
            try stack.push(preview)
            _ = preview.context[SortOrder.self]  // read
            stack.pop()
            settings.choose("size")  // a new value, which only the writer sees
            _ = settings.context[SortOrder.self]
            stack.pop()
        }
        #expect(reports.all.map(\.key) == ["SortOrder"])
    }

    // MARK: - Hop steps and tabs

    @Test func aValueOneHopStepLeavesInTheSharedContextForTheNextIsNotReported() throws {
        let reports = try collecting {
            let wizard = HoppingScreen(name: "wizard")
            try list.present(wizard)
            let first = ScreenModel(name: "first")
            let second = ScreenModel(name: "second")
            try wizard.hop(to: first, wiring: .share) { [weak wizard] in
                try? wizard?.hop(to: second, wiring: .share, then: nil)
            }
            first.context.set("date", for: SortOrder.self)  // the wizard's context
            _ = first.context[SortOrder.self]
            try first.unhop()
            #expect(wizard.currentScreen === second)
            #expect(second.context[SortOrder.self] == "date")
            list.dismiss()
        }
        #expect(reports.descriptions == [])
    }

    @Test func aValueAHopStepBelowTheWriterReadsIsNotReported() throws {
        let reports = try collecting {
            let wizard = HoppingScreen(name: "wizard")
            try list.present(wizard)
            let first = ScreenModel(name: "first")
            let second = ScreenModel(name: "second")
            try wizard.hop(to: first) { [weak wizard] in try? wizard?.hop(to: second, then: nil) }
            try first.context.set("date", for: SortOrder.self, in: "wizard")
            try first.unhop()
            #expect(second.context[SortOrder.self] == "date")
            list.dismiss()
        }
        #expect(reports.descriptions == [])
    }

    @Test func aValueAHopStepLeavesThatNoLaterStepReadsIsReported() throws {
        let reports = try collecting {
            let wizard = HoppingScreen(name: "wizard")
            try list.present(wizard)
            let first = ScreenModel(name: "first")
            try wizard.hop(to: first, wiring: .share) { [weak wizard] in
                try? wizard?.hop(to: ScreenModel(name: "done"), then: nil)
            }
            first.context.set("date", for: SortOrder.self)  // the wizard's context
            try first.unhop()
            list.dismiss()
        }
        #expect(reports.all.map(\.key) == ["SortOrder"])
        #expect(reports.all.map(\.screen) == ["wizard"])
    }

    @Test func aValueOneTabLeavesInTheSharedContextForAnotherIsNotReported() throws {
        let reports = try collecting {
            let colors = ScreenModel(name: "colors")
            let sizes = ScreenModel(name: "sizes")
            let tabs = try TabScreen(tabs: [colors, sizes], sharesContext: true, name: "tabs")
            try list.present(tabs)
            colors.context.set("date", for: SortOrder.self)
            _ = colors.context[SortOrder.self]  // the writing tab's own read
            tabs.select(at: 1)
            #expect(sizes.context[SortOrder.self] == "date")
            list.dismiss()
        }
        #expect(reports.descriptions == [])
    }

    @Test func aValueOnlyTheWritingTabReadsIsReported() throws {
        let reports = try collecting {
            let colors = ScreenModel(name: "colors")
            let tabs = try TabScreen(tabs: [colors, ScreenModel(name: "sizes")], sharesContext: true, name: "tabs")
            try list.present(tabs)
            colors.context.set("date", for: SortOrder.self)
            _ = colors.context[SortOrder.self]
            list.dismiss()
        }
        #expect(reports.all.map(\.key) == ["SortOrder"])
        #expect(reports.all.map(\.screen) == ["tabs"])
    }

    @Test func aValueATabWritesIntoItsOwnContextIsReportedNamingTheTab() throws {
        let reports = try collecting {
            let colors = SettingsScreen(name: "colors")
            try list.present(try TabScreen(tabs: [colors, ScreenModel(name: "sizes")], name: "tabs"))
            colors.choose("date")
            (list.presentedScreen as? TabScreen)?.select(at: 1)
            list.dismiss()
        }
        #expect(reports.all.map(\.screen) == ["colors"])
        #expect(reports.all.map(\.transition) == ["present: list → tabs"])
    }

    // MARK: - Memory and re-entrancy

    @Test(.heavyOnTheMainActor) func a100000WritesKeepOneEntryAndNoValue() async throws {
        weak var first: Token?
        let reports = try await collectingAsync {
            let settings = ScreenModel(name: "settings")
            try stack.push(settings)
            for index in 0..<100_000 {
                await shareTheMainActor(at: index, every: 500)
                let token = Token()
                if index == 0 { first = token }
                settings.context.set(token, for: Payload.self)
                if index.isMultiple(of: 2) { _ = settings.context[Payload.self] }
            }
            #expect(settings.context.lostWriteWatch?.written.count == 1)
            #expect(first == nil)  // the watch keeps names, not values
            stack.pop()
        }
        #expect(reports.all.map(\.key) == ["Payload"])
    }

    @Test func aReporterThatWritesAndShowsAScreenRunsSafely() throws {
        let list = self.list
        let stack = self.stack
        let reports = Reports()
        try LostWrite.$reporter.withValue({ report in
            MainActor.assumeIsolated {
                reports.all.append(report)
                list.context.set("from the report", for: Draft.self)
                try? list.present(ScreenModel(name: "after"))
                stack.pop()  // nothing to pop: the list is the root
            }
        }) {
            try list.present(SettingsScreen(name: "settings"))
            (list.presentedScreen as? SettingsScreen)?.choose("date")
            list.dismiss()
        }
        #expect(reports.all.map(\.key) == ["SortOrder"])
        #expect(list.context[Draft.self] == "from the report")
        #expect(list.presentedScreen?.screenName == "after")
        #expect(
            window.transitionLog.map(\.description).suffix(2) == ["dismiss: settings → list", "present: list → after"])
    }

    @Test func aReporterThatDismissesWhileAScreenIsReleasedOutsideATransitionRunsSafely() throws {
        let list = self.list
        let reports = Reports()
        var settings: SettingsScreen? = SettingsScreen(name: "settings")
        try LostWrite.$reporter.withValue({ report in
            MainActor.assumeIsolated {
                reports.all.append(report)
                list.dismiss()  // dismisses "other"
                list.context.set(nil, for: SortOrder.self)
            }
        }) {
            try list.present(settings!)
            settings?.choose("date")
            list.dismiss()
            try list.present(ScreenModel(name: "other"))
        }
        #expect(reports.all.isEmpty)
        settings = nil  // the app let go of it: its context is released now, outside any transition
        #expect(reports.all.map(\.key) == ["SortOrder"])
        #expect(list.presentedScreen == nil)
        #expect(list.context.contains(SortOrder.self))
    }

    // MARK: - Not reported

    @Test func theFixesAreNotReported() async throws {
        let reports = try collecting {
            // .share: the sheet writes into the list's own context.
            try list.present(SettingsScreen(name: "shared"), wiring: .share)
            (list.presentedScreen as? SettingsScreen)?.choose("date")
            list.dismiss()
            // A named scope: the sheet writes into the list's context by name.
            try list.present(ScreenModel(name: "scoped"))
            try list.presentedScreen?.context.set("name", for: SortOrder.self, in: "list")
            list.dismiss()
        }
        #expect(reports.all.isEmpty)
        #expect(list.context[SortOrder.self] == "name")
        // A typed result: nothing is written at all.
        let typed = try await collectingAsync {
            let sorting = Task { try await list.present(TypedScreen(name: "typed"), returning: String.self) }
            try await window.next(TypedScreen.self).finish(with: "size")
            #expect(try await sorting.value == "size")
        }
        #expect(typed.all.isEmpty)
    }

    // MARK: - Start-up steps and values nobody read yet (issue 30: S3, S5)

    @Test func aLoginStepThatKeepsTheUserInItsOwnContextIsReportedWhenTheFlowReadsIt() async throws {
        enum User: ContextKey { typealias Value = String }
        let reports = try collecting {
            let startup = HoppingScreen(name: "startup")
            try list.present(startup)
            let login = ScreenModel(name: "login")
            try startup.hop(to: login) { [weak startup] in try? startup?.hop(to: ScreenModel(name: "main"), then: nil) }
            login.context.set("ada", for: User.self)  // the login step's own context
            try login.unhop()
            #expect(startup.context[User.self] == nil)  // the flow reads the user: it is gone
        }
        #expect(
            reports.descriptions == [
                "login wrote User into its own context, which was released with it: startup, which reads User,"
                    + " never saw the value (hop: → login wired login with .inherit). Show login with wiring:"
                    + " .share, write the value into startup's context with set(_:for:in: \"startup\"), or return"
                    + " it with finish(with:) to hop(to:returning:)."
            ])
    }

    @Test func aValueTheSourceReadsOnlyAfterTheScreenIsGoneIsReportedThen() throws {
        var beforeTheRead: [String] = []
        let list = list
        let reports = try collecting {
            try list.present(SettingsScreen(name: "settings"))
            list.presentedScreen?.context.set("draft", for: Draft.self)  // list has never read Draft
            list.dismiss()  // settings and its context are released here
            beforeTheRead =
                LostWriteWatch.pendingLosses[ObjectIdentifier(Draft.self)]?.filter { $0.source === list.context }
                .map(\.report.key) ?? []
            _ = list.context[Draft.self]  // now it reads it, and misses it
        }
        #expect(beforeTheRead == ["Draft"])  // waiting for a read, not reported yet
        #expect(reports.all.map(\.key) == ["Draft"])
        #expect(reports.all.map(\.screen) == ["settings"])
    }

    @Test func aValueSetAgainWhereTheSourceReadsItBeforeItReadsIsNotReported() throws {
        let reports = try collecting {
            try list.present(SettingsScreen(name: "settings"))
            list.presentedScreen?.context.set("draft", for: Draft.self)
            list.dismiss()
            list.context.set("saved", for: Draft.self)
            #expect(list.context[Draft.self] == "saved")
            _ = ScreenContext(parent: list.context)[Draft.self]
        }
        #expect(reports.all.isEmpty)
    }

    @Test func aLostValueAScreenElsewhereReadsIsNotReportedForIt() throws {
        let reports = try collecting {
            try list.present(SettingsScreen(name: "settings"))
            list.presentedScreen?.context.set("draft", for: Draft.self)
            list.dismiss()
            _ = ScreenContext(name: "elsewhere")[Draft.self]  // another tree
        }
        #expect(reports.all.isEmpty)
    }

    @Test func keysTheSourceDoesNotReadAreNotReported() throws {
        let reports = try collecting {
            try list.present(ScreenModel(name: "editor"))
            list.presentedScreen?.context.set("unsaved", for: Draft.self)  // the editor's own state
            list.dismiss()
        }
        #expect(reports.all.isEmpty)
    }

    @Test func keysBatonWritesForItselfAreNotReported() throws {
        _ = list.dependencyCoordinator  // Baton reads the list's coordinator for its transitions
        _ = list.context[TabScreen.SelectedTabIndex.self]  // a list in a tab reads its container's selection
        let reports = try collecting {
            let checkout = ScreenModel(name: "checkout")
            try stack.push(checkout)
            checkout.dependencyCoordinator = DependencyCoordinator(name: "checkout")  // a workflow starts here
            stack.pop()
            let tabs = try TabScreen(tabs: [ScreenModel(name: "colors"), ScreenModel(name: "sizes")], name: "tabs")
            try list.present(tabs)
            tabs.select(at: 1)  // the container stores its selection in its own context
            list.dismiss()
        }
        #expect(reports.descriptions == [])
    }

    @Test func writesBeforeTheScreenIsShownAndRemovedValuesAreNotReported() throws {
        try window.dependencyCoordinator.register(
            .destination { (settings: SettingsScreen) in settings.context.set("forward", for: SortOrder.self) })
        let reports = try collecting {
            try list.present(SettingsScreen(name: "resolved"))  // the resolver's write passes data forward
            list.dismiss()
            try list.present(SettingsScreen(name: "undone"))
            (list.presentedScreen as? SettingsScreen)?.choose("date")
            list.presentedScreen?.context.remove(SortOrder.self)
            list.dismiss()
        }
        #expect(reports.all.isEmpty)
    }

    @Test func aScreenStillAliveIsReportedOnlyOnceItIsReleased() throws {
        var settings: SettingsScreen? = SettingsScreen(name: "settings")
        let reports = try collecting {
            try list.present(settings!)
            settings?.choose("date")
            list.dismiss()
        }
        #expect(reports.all.isEmpty)  // the app keeps the screen, and its context, to show it again
        settings = nil
        #expect(reports.all.map(\.key) == ["SortOrder"])
    }

    @Test func aNilReporterTurnsTheWatchOff() throws {
        let reports = try collecting {
            try LostWrite.$reporter.withValue(nil) {
                try list.present(SettingsScreen(name: "settings"))
                (list.presentedScreen as? SettingsScreen)?.choose("date")
                list.dismiss()
            }
        }
        #expect(reports.all.isEmpty)
    }

    private func collectingAsync(_ body: () async throws -> Void) async rethrows -> Reports {
        let reports = Reports()
        try await LostWrite.$reporter.withValue({ report in
            MainActor.assumeIsolated { reports.all.append(report) }
        }) {
            try await body()
        }
        return reports
    }
}
