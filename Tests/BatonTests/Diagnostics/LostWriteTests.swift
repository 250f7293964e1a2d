@_spi(Adapters) import Baton
import BatonTesting
import Testing

/// A value that a pushed or presented screen writes into its own context under `.inherit`
/// wiring dies with it: debug builds report it when the context is released, if the source
/// reads the key, naming the key, the screen and the fixes.
@MainActor
@Suite(.lenientMisuse)
struct LostWriteTests {
    enum SortOrder: ContextKey { typealias Value = String }
    enum Draft: ContextKey { typealias Value = String }

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

    @Test func keysTheSourceDoesNotReadAreNotReported() throws {
        let reports = try collecting {
            try list.present(ScreenModel(name: "editor"))
            list.presentedScreen?.context.set("unsaved", for: Draft.self)  // the editor's own state
            list.dismiss()
        }
        #expect(reports.all.isEmpty)
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
