@_spi(Adapters) import Baton

@MainActor
enum UIKitAssignmentBenchmarks {
    /// Screen tree assignments through the UIKit adapter's core (`UIKitNavigation`, which
    /// BatonUIKit's `UIWindow.navigate(to:)` forwards to) on a UIKit-like fake (issue 34), against
    /// the push + pop an app makes there through the exchanged methods: a tree whose top differs,
    /// and an equal tree, which must make no UIKit call.
    static func assignments(_ harness: Harness) -> Section {
        var section = Section("UIKit assignments: a screen tree through the UIKit adapter's core vs push + pop")
        let below = ScreenTree<BenchRoute>.stack(.stack(0), [.item(0)])
        let above = ScreenTree<BenchRoute>.stack(.stack(0), [.item(0), .item(1)])
        let assigned = window(showing: below)
        let equal = window(showing: below)
        let pushed = window(showing: below)
        guard let stack = pushed.root as? FakeNavigationController,
            let equalStack = equal.root as? FakeNavigationController
        else { fatalError("benchmark setup: no navigation controller") }
        let equalCalls = equalStack.calls
        let times = harness.nanosecondsPerOperation(
            scale: 20,
            [
                (
                    "uikit-assign-top",
                    { count in
                        for _ in 0..<count {
                            navigate(assigned, to: above)
                            navigate(assigned, to: below)
                        }
                    }
                ),
                ("uikit-assign-equal", { count in for _ in 0..<count { navigate(equal, to: below) } }),
                (
                    "uikit-push-pop",
                    { count in
                        for _ in 0..<count {
                            stack.pushViewController(make(.item(1)))
                            stack.popViewController()
                        }
                    }
                ),
            ])
        guard equalStack.calls == equalCalls, equal.batonWindow.transitionLog.isEmpty else {
            fatalError("assigning an equal tree through the UIKit core made a UIKit call or a transition")
        }
        guard let shown = try? UIKitNavigation.screenTree(in: assigned, as: BenchRoute.self), shown == below else {
            fatalError("the UIKit assignments did not end on the tree they assigned")
        }
        section.add(
            Row(
                "UIKit: assign a tree whose top differs (push, then pop) vs push + pop", baton: times[0],
                peer: times[2], target: .ratioAtMost(1.5)))
        section.add(
            Row(
                "UIKit: assign the equal tree vs push + pop", baton: times[1], peer: times[2], target: .ratioAtMost(0.2)
            ))
        section.add(
            Row(
                "UIKit: assign the equal tree: UIKit calls made", .count, baton: Double(equalStack.calls - equalCalls),
                target: .exactly(0)))
        withExtendedLifetime([assigned, equal, pushed]) {}
        return section
    }

    /// A fake window that shows `tree`, made by an assignment into the empty window.
    static func window(showing tree: ScreenTree<BenchRoute>) -> FakeWindow {
        let window = FakeWindow()
        navigate(window, to: tree)
        window.batonWindow.clearLogs()
        return window
    }

    static func navigate(_ window: FakeWindow, to tree: ScreenTree<BenchRoute>) {
        do {
            guard try UIKitNavigation.navigate(window, to: tree, animated: false, making: make) == .applied else {
                fatalError("navigate: not applied")
            }
        } catch {
            fatalError("navigate: \(error)")
        }
    }

    /// The app's factory: a navigation controller with its root item, or an item.
    static func make(_ route: BenchRoute) -> FakeViewController {
        let controller: FakeViewController
        switch route {
        case .tabs: fatalError("no tabs in the UIKit rows")
        case .stack: controller = FakeNavigationController(name: "stack", root: make(.item(0)))
        case .item: controller = FakeViewController(name: "item")
        }
        controller.recordedScreenRoute = route
        return controller
    }
}
