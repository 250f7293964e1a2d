@_spi(Adapters) import Baton
import Foundation
import Testing

/// The lifecycle-logging mode (`UIKitAdapter.logsLifecycle`, which sets `UIKitEvents.trace`) on
/// the model of UIKit: the lines the article's device checklist tells a reader to expect are the
/// lines the adapter's code prints for the same UIKit calls.
@MainActor
@Suite(.serialized) struct UIKitDeviceChecklistTests {
    private static let article = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/Baton/Documentation.docc/UsingBatonWithUIKit.md")

    /// What `body` makes the adapter print.
    private func traced(_ body: () -> Void) -> [String] {
        var lines: [String] = []
        UIKitEvents.trace = { lines.append($0) }
        defer { UIKitEvents.trace = nil }
        body()
        return lines
    }

    private func pushDetail() throws -> (lines: [String], uikit: UIKitModel) {
        let uikit = UIKitModel()
        let lines = UIKitModel.$current.withValue(uikit) {
            let list = ListViewController(storyboardIdentifier: "list")
            let navigation = ModelNavigationController(rootViewController: list, storyboardIdentifier: "nav")
            let window = ModelWindow(uikit: uikit)
            window.setRootViewController(navigation)
            window.makeKeyAndVisible()
            uikit.runLoop()
            return traced {
                navigation.pushViewController(DetailViewController(storyboardIdentifier: "detail"), animated: true)
                uikit.runLoop()
            }
        }
        return (lines, uikit)
    }

    @Test func aPushPrintsTheLinesTheArticleShows() throws {
        let expected = [
            "pushViewController detail on nav",
            "began push: list → detail",
            "viewWillDisappear list: disappearing",
            "viewWillAppear detail: appearing",
            "viewDidDisappear list: disappeared",
            "completed push: list → detail",
            "viewDidAppear detail: appeared",
        ]
        #expect(try pushDetail().lines == expected)
        let text = try String(contentsOf: Self.article, encoding: .utf8)
        let shown = text.components(separatedBy: "\n").filter { $0.hasPrefix("Baton: ") }.map {
            String($0.dropFirst(7))
        }
        #expect(shown == expected)
    }

    @Test func theBackButtonAndAReleasedSwipePrintTheirPops() {
        let uikit = UIKitModel()
        UIKitModel.$current.withValue(uikit) {
            let list = ListViewController(storyboardIdentifier: "list")
            let navigation = ModelNavigationController(rootViewController: list, storyboardIdentifier: "nav")
            let window = ModelWindow(uikit: uikit)
            window.setRootViewController(navigation)
            window.makeKeyAndVisible()
            navigation.pushViewController(DetailViewController(storyboardIdentifier: "detail"), animated: true)
            uikit.runLoop()

            let swipe = traced { navigation.interactivePop(cancelledHalfway: true) }
            let back = traced {
                navigation.tapBackButton()
                uikit.runLoop()
            }

            #expect(swipe.first == "popViewController on nav")
            #expect(swipe.contains("began pop: detail → list") && swipe.contains("cancelled pop: detail → list"))
            #expect(back.first == "popViewController on nav")
            #expect(back.contains("completed pop: detail → list"))
        }
    }

    @Test func aCallbackThatChangesNothingSaysSo() {
        let screen = ModelViewController(storyboardIdentifier: "screen")
        let lines = traced {
            UIKitEvents.appearance(.willAppear, of: screen) {}
            UIKitEvents.appearance(.willAppear, of: screen) {}
        }
        #expect(lines == ["viewWillAppear screen: appearing", "viewWillAppear screen: ignored (already appearing)"])
    }

    @Test func aChangeDuringASwipeBackOrAnAnimatedPushReportsWhatTheArticleShows() throws {
        let uikit = UIKitModel()
        try UIKitModel.$current.withValue(uikit) {
            let factory = UIKitRouteFactory(uikit)
            let list = try factory.make(.list)
            let navigation = ModelNavigationController(rootViewController: list, storyboardIdentifier: "nav")
            navigation.recordedScreenRoute = UIRoute.feed
            let window = ModelWindow(uikit: uikit)
            window.setRootViewController(navigation)
            window.makeKeyAndVisible()
            navigation.pushViewController(try factory.make(.item(1)), animated: true)
            uikit.runLoop()
            var outcomes: [String] = []
            window.baton.onNavigation = { event in
                if case .navigation = event.action { outcomes.append(event.outcome.description) }
            }
            let make: @MainActor (UIRoute) throws -> any UIKitScreen = { try factory.make($0) }

            try navigation.interactivePop(cancelledHalfway: true) {
                try UIKitNavigation.navigate(
                    window, to: .stack(.feed, [.list, .item(2)]), animated: false, making: make)
            }
            uikit.runLoop()
            navigation.pushViewController(try factory.make(.item(3)), animated: true)
            uikit.runLayout()
            try UIKitNavigation.navigate(window, to: .stack(.feed, [.list]), animated: false, making: make)
            uikit.runLoop()

            #expect(
                outcomes == [
                    "waiting for the interactive pop of nav", "completed",
                    "waiting for the animated transition of nav", "completed",
                ])
            let text = try String(contentsOf: Self.article, encoding: .utf8)
            #expect(text.contains("`waiting for the interactive pop of nav`"))
            #expect(text.contains("`waiting for the animated transition of nav`"))
        }
    }
}
