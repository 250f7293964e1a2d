@_spi(Adapters) import Baton
import BatonTesting
import Testing

/// The routes of an app whose leaf screens are views drawn by their route: tabs of a stack and a
/// profile, a list with a view of its own, a settings sheet, items by id, a start-up flow, and a
/// route of another type.
private enum DrawRoute: ScreenRoute {
    case main, items, list, settings, profile, flow, item(id: Int)

    func makeScreen() throws -> ScreenModel {
        switch self {
        case .main: try TabScreen(tabs: [DrawRoute.items.screen(), DrawRoute.profile.screen()], name: "main")
        case .items: try StackScreen(root: DrawRoute.list.screen(), name: "items")
        case .list: DrawListScreen(name: "list")
        case .settings, .profile: ScreenModel(name: "\(self)")
        case .flow: HoppingScreen(name: "flow", registry: ScreenRegistry())
        case .item(let id): ScreenModel(name: "item \(id)")
        }
    }
}

private enum OtherRoute: ScreenRoute {
    case help
    func makeScreen() throws -> ScreenModel { ScreenModel(name: "help") }
}

/// A route whose text counts how often a registration asks for it, in the test that counts.
private enum CountedRoute: ScreenRoute, CustomStringConvertible {
    case first, second

    @MainActor final class Count { var texts = 0 }
    @TaskLocal static var count: Count?

    func makeScreen() throws -> ScreenModel { ScreenModel(name: "counted") }

    var description: String {
        MainActor.assumeIsolated { Self.count?.texts += 1 }
        return self == .first ? "first" : "second"
    }
}

/// A screen with a view of its own, as a `ViewScreen`.
private final class DrawListScreen: ScreenModel, ModelViewScreen {
    var body: String { "the list" }
    var tabLabel: String { "Items" }
}

/// BatonSwiftUI draws a screen from what the core chooses (`RouteDrawings`, through the model in
/// SwiftUIModel.swift): the order of the views, registrations that match a route type's cases,
/// and the reports of a screen made from a route that nothing draws and of a route drawn twice.
@MainActor
@Suite
struct SwiftUIDrawingTests {
    @MainActor final class Reports {
        var all: [String] = []
    }

    private func reports(_ body: () throws -> Void) rethrows -> [String] {
        let reports = Reports()
        try ScreenDrawingReport.$reporter.withValue({ report in
            MainActor.assumeIsolated { reports.all.append(report.description) }
        }) {
            try body()
        }
        return reports.all
    }

    nonisolated private static func withoutView(_ screen: String, _ route: String) -> String {
        "\(screen), made by \(route), has no view: no screen(\(route)) or screen(for: DrawRoute.self)"
            + " registration above its ScreenView draws it, and no screenContent(_:) does, so it shows its name."
            + " Draw its route on the scene: .screen(for: DrawRoute.self) { route, screen in switch route { … } },"
            + " or make its screen a ViewScreen."
    }

    nonisolated private static func drawnTwice(_ route: String, registered: String, again: String) -> String {
        "\(route) is drawn by two registrations: \(again) inside \(registered); the inner one draws its screens"
            + " and the outer one never does. Keep one: draw a route type with one screen(for:) switch, or each"
            + " of its routes with one screen(_:), once per scene."
    }

    /// The registrations of the app: a switch over `DrawRoute`.
    private func switchOverTheRoute() -> ModelRouteScreens {
        var scene = ModelRouteScreens()
        scene.screen(for: DrawRoute.self, tabLabel: { $0 == .profile ? "Profile" : nil }) { route, screen in
            switch route {
            case .settings: "settings of \(screen.screenName)"
            case .profile: "profile card"
            case .item(let id): "item view \(id)"
            case .main, .items, .list, .flow: "nothing"  // containers and a view screen draw themselves
            }
        }
        return scene
    }

    // MARK: - Order

    @Test func aScreenIsDrawnAsContainerThenOwnViewThenRouteThenScreenContentThenName() throws {
        var scene = switchOverTheRoute()
        // Every screen: a route registered for each of them does not draw containers or own views.
        let stack = try DrawRoute.items.screen()
        let tabs = try DrawRoute.main.screen()
        let flow = try DrawRoute.flow.screen()
        let list = try DrawRoute.list.screen()
        let settings = try DrawRoute.settings.screen()
        let help = try OtherRoute.help.screen()
        let plain = ScreenModel(name: "plain")
        let drawn = reports {
            #expect(scene.draw(stack) == "StackView(items)")
            #expect(scene.draw(tabs) == "TabsView(main)")
            #expect(scene.draw(flow) == "HoppingView(flow)")
            #expect(scene.draw(list) == "body: the list")
            #expect(scene.draw(settings) == "route: settings of settings")
            #expect(scene.draw(plain) == "Text(plain)")
        }
        #expect(drawn == [])
        scene.screenContent = { "catch-all \($0.screenName)" }
        #expect(scene.draw(settings) == "route: settings of settings")
        #expect(scene.draw(help) == "screenContent: catch-all help")
        #expect(scene.draw(plain) == "screenContent: catch-all plain")
    }

    @Test func aTabIsLabelledByItsOwnLabelThenItsRouteThenItsStackRootThenItsName() throws {
        var scene = ModelRouteScreens()
        scene.screen(DrawRoute.profile, tabLabel: "Profile") { _ in "profile card" }
        scene.screen(DrawRoute.settings, tabLabel: "Settings") { _ in "settings" }
        // The list's own label and view win over its route's.
        scene.screen(DrawRoute.list, tabLabel: "List route") { _ in "list route" }
        let list = try DrawRoute.list.screen()
        let items = try DrawRoute.items.screen()
        let profile = try DrawRoute.profile.screen()
        let settingsStack = try StackScreen(root: DrawRoute.settings.screen(), name: "settings stack")
        let routedStack = try StackScreen(root: DrawRoute.profile.screen(), name: "profile stack")
        let plainStack = try StackScreen(root: ScreenModel(name: "plain"), name: "plain stack")
        #expect(scene.tabLabel(of: list) == "own: Items")
        #expect(scene.draw(list) == "body: the list")
        #expect(scene.tabLabel(of: profile) == "route: Profile")
        // A stack without a label of its own is labelled by its root: its own label, else its route's.
        #expect(scene.tabLabel(of: items) == "own: Items")
        #expect(scene.tabLabel(of: settingsStack) == "route: Settings")
        #expect(scene.tabLabel(of: routedStack) == "route: Profile")
        #expect(scene.tabLabel(of: plainStack) == "Text(plain stack)")
        #expect(scene.tabLabel(of: ScreenModel(name: "bare")) == "Text(bare)")
    }

    @Test func aSwitchOverTheRouteLabelsTheTabsOfTheCasesItLabels() throws {
        let scene = switchOverTheRoute()
        #expect(scene.tabLabel(of: try DrawRoute.profile.screen()) == "route: Profile")
        #expect(scene.tabLabel(of: try DrawRoute.settings.screen()) == "Text(settings)")
    }

    // MARK: - Matching cases

    @Test func aSwitchOverTheRouteDrawsEveryValueOfACase() throws {
        let scene = switchOverTheRoute()
        let items = try [1, 2, -7].map { try DrawRoute.item(id: $0).screen() }
        var drawn: [String] = []
        let reported = reports { drawn = items.map(scene.draw) }
        #expect(drawn == ["route: item view 1", "route: item view 2", "route: item view -7"])
        #expect(reported == [])
    }

    @Test func aRegistrationOfOneValueDrawsThatValueAloneAndTheOthersAreReported() throws {
        var scene = ModelRouteScreens()
        scene.screen(DrawRoute.item(id: 1)) { "item one, \($0.screenName)" }
        var drawn: [String] = []
        let reported = try reports {
            drawn.append(scene.draw(try DrawRoute.item(id: 1).screen()))
            drawn.append(scene.draw(try DrawRoute.item(id: 2).screen()))
        }
        #expect(drawn == ["route: item one, item 1", "Text(item 2)"])
        #expect(reported == [Self.withoutView("item 2 (ScreenModel)", "DrawRoute.item(id: 2)")])
    }

    @Test func aScreenMadeFromARouteThatNothingDrawsIsReportedWhenItsNameAppears() throws {
        let scene = ModelRouteScreens()
        var drawn: [String] = []
        let reported = try reports {
            drawn.append(scene.draw(try DrawRoute.settings.screen()))
            drawn.append(scene.draw(ScreenModel(name: "routeless")))
        }
        #expect(drawn == ["Text(settings)", "Text(routeless)"])
        #expect(reported == [Self.withoutView("settings (ScreenModel)", "DrawRoute.settings")])
    }

    @Test func aRouteOfAnotherTypeIsNotDrawnByTheSwitchAndIsReported() throws {
        let scene = switchOverTheRoute()
        var drawn = ""
        let reported = try reports { drawn = scene.draw(try OtherRoute.help.screen()) }
        #expect(drawn == "Text(help)")
        #expect(
            reported == [
                "help (ScreenModel), made by OtherRoute.help, has no view: no screen(OtherRoute.help) or"
                    + " screen(for: OtherRoute.self) registration above its ScreenView draws it, and no"
                    + " screenContent(_:) does, so it shows its name. Draw its route on the scene:"
                    + " .screen(for: OtherRoute.self) { route, screen in switch route { … } }, or make its screen a"
                    + " ViewScreen."
            ])
    }

    @Test func screenContentDrawsWhatNoRegistrationDrawsWithoutAReport() throws {
        var scene = ModelRouteScreens()
        scene.screenContent = { "catch-all \($0.screenName)" }
        var drawn = ""
        let reported = try reports { drawn = scene.draw(try DrawRoute.settings.screen()) }
        #expect(drawn == "screenContent: catch-all settings")
        #expect(reported == [])
    }

    @Test(.isolatedBaton) func anIsolatedBatonTestFailsOnAScreenThatNothingDraws() throws {
        let scene = ModelRouteScreens()
        let settings = try DrawRoute.settings.screen()
        withKnownIssue {
            _ = scene.draw(settings)
        } matching: { issue in
            issue.comments.map(\.rawValue) == [Self.withoutView("settings (ScreenModel)", "DrawRoute.settings")]
        }
    }

    // MARK: - Duplicates

    @Test func aRouteRegisteredTwiceIsReportedAndTheInnerRegistrationDraws() throws {
        var scene = ModelRouteScreens()
        scene.screen(DrawRoute.settings) { _ in "outer" }
        scene.screen(DrawRoute.settings) { _ in "inner" }
        scene.screen(DrawRoute.profile) { _ in "profile" }
        let reported = reports { scene.appear() }
        #expect(
            reported == [
                Self.drawnTwice(
                    "DrawRoute.settings", registered: "screen(DrawRoute.settings)", again: "screen(DrawRoute.settings)")
            ])
        #expect(scene.draw(try DrawRoute.settings.screen()) == "route: inner")
        #expect(scene.draw(try DrawRoute.profile.screen()) == "route: profile")
    }

    @Test func aRouteTypeRegisteredTwiceIsReportedAndTheInnerSwitchDraws() throws {
        var scene = switchOverTheRoute()
        scene.screen(for: DrawRoute.self) { route, _ in "inner \(route)" }
        let reported = reports { scene.appear() }
        #expect(
            reported == [
                Self.drawnTwice(
                    "DrawRoute", registered: "screen(for: DrawRoute.self)", again: "screen(for: DrawRoute.self)")
            ])
        #expect(scene.draw(try DrawRoute.item(id: 3).screen()) == "route: inner item(id: 3)")
    }

    @Test func aValueInsideASwitchOfItsTypeIsReportedAndTheValueDrawsIt() throws {
        var scene = switchOverTheRoute()
        scene.screen(DrawRoute.settings) { _ in "inner settings" }
        let reported = reports { scene.appear() }
        #expect(
            reported == [
                Self.drawnTwice(
                    "DrawRoute.settings", registered: "screen(for: DrawRoute.self)", again: "screen(DrawRoute.settings)"
                )
            ])
        #expect(scene.draw(try DrawRoute.settings.screen()) == "route: inner settings")
        #expect(scene.draw(try DrawRoute.item(id: 1).screen()) == "route: item view 1")
    }

    @Test func aSwitchInsideAValueOfItsTypeIsReportedAndTheSwitchDrawsEveryValue() throws {
        var scene = ModelRouteScreens()
        scene.screen(DrawRoute.item(id: 1)) { _ in "outer item 1" }
        scene.screen(DrawRoute.settings) { _ in "outer settings" }
        scene.screen(for: DrawRoute.self) { route, _ in "inner \(route)" }
        let reported = reports { scene.appear() }
        #expect(
            reported == [
                Self.drawnTwice(
                    "DrawRoute", registered: "screen(DrawRoute.item(id: 1))", again: "screen(for: DrawRoute.self)")
            ])
        #expect(scene.draw(try DrawRoute.item(id: 1).screen()) == "route: inner item(id: 1)")
        #expect(scene.draw(try DrawRoute.settings.screen()) == "route: inner settings")
    }

    @Test func registrationsOfDifferentRoutesAndTypesAreNoDuplicates() throws {
        var scene = ModelRouteScreens()
        scene.screen(DrawRoute.settings) { _ in "settings" }
        scene.screen(DrawRoute.item(id: 1)) { _ in "item 1" }
        scene.screen(DrawRoute.item(id: 2)) { _ in "item 2" }
        scene.screen(for: OtherRoute.self) { _, _ in "help" }
        #expect(reports { scene.appear() } == [])
        #expect(scene.draw(try OtherRoute.help.screen()) == "route: help")
    }

    // MARK: - Awkward shapes

    // A thousand, not ten thousand: each registration copies the registrations above it, as
    // SwiftUI copies an environment value per modifier, so the model's scene costs n² / 2 copies.
    // Ten thousand held the main actor for 7 s in a debug build (85 s under the thread
    // sanitizer), past the suite's awaiting tests' time limits; an app registers tens.
    @Test func aThousandValuesAreEachDrawnByTheirOwnRegistrationAndEachDuplicateIsReportedOnce() throws {
        var scene = ModelRouteScreens()
        let ids = Array(0..<1_000)
        for id in ids { scene.screen(DrawRoute.item(id: id)) { _ in "item \(id)" } }
        for id in ids where id.isMultiple(of: 100) { scene.screen(DrawRoute.item(id: id)) { _ in "again \(id)" } }
        let reported = reports { scene.appear() }
        #expect(reported.count == 10)
        #expect(
            reported.first
                == Self.drawnTwice(
                    "DrawRoute.item(id: 0)", registered: "screen(DrawRoute.item(id: 0))",
                    again: "screen(DrawRoute.item(id: 0))"))
        for id in [0, 1, 99, 100, 999] {
            let expected = id.isMultiple(of: 100) ? "route: again \(id)" : "route: item \(id)"
            #expect(scene.draw(try DrawRoute.item(id: id).screen()) == expected)
        }
    }

    @Test func noRegistrationsDrawEveryRoutedLeafAsItsNameAndReportEachOneDrawn() throws {
        let scene = ModelRouteScreens()
        #expect(scene.drawings.isEmpty)
        let screens = try (0..<100).map { try DrawRoute.item(id: $0).screen() }
        let reported = reports { for screen in screens { _ = scene.draw(screen) } }
        #expect(reported.count == 100)
        #expect(reported.last == Self.withoutView("item 99 (ScreenModel)", "DrawRoute.item(id: 99)"))
    }

    // MARK: - Cost

    @Test func aRegistrationWritesItsRouteAsTextOnlyForAReport() throws {
        let count = CountedRoute.Count()
        try CountedRoute.$count.withValue(count) { () throws in
            var scene = ModelRouteScreens()
            scene.screen(CountedRoute.first) { _ in "first" }
            scene.screen(CountedRoute.second) { _ in "second" }
            scene.screen(for: OtherRoute.self) { _, _ in "help" }
            #expect(count.texts == 0)
            #expect(scene.draw(try CountedRoute.second.screen()) == "route: second")
            #expect(count.texts == 0)
            scene.screen(CountedRoute.first) { _ in "again" }
            let reported = reports { scene.appear() }
            #expect(
                reported == [
                    Self.drawnTwice(
                        "CountedRoute.first", registered: "screen(CountedRoute.first)",
                        again: "screen(CountedRoute.first)")
                ])
        }
    }

    // MARK: - Lifetime

    @Test func registrationsAndDrawingChoicesKeepNoScreenAlive() throws {
        let scene = switchOverTheRoute()
        weak var weakItem: ScreenModel?
        weak var weakStack: StackScreen?
        do {
            let stack = try #require(try DrawRoute.items.screen() as? StackScreen)
            let item = try DrawRoute.item(id: 4).screen()
            try stack.push(item)
            #expect(scene.draw(stack) == "StackView(items)")
            #expect(scene.draw(item) == "route: item view 4")
            #expect(scene.tabLabel(of: stack) == "own: Items")
            weakItem = item
            weakStack = stack
        }
        #expect(weakItem == nil)
        #expect(weakStack == nil)
    }
}
