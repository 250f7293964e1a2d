@_spi(Adapters) import Baton
import BatonTesting
import Testing

/// `UIAlertController`, as the model stands for it.
private final class ModelAlertController: ModelViewController {
    override class var uikitLineage: [String] { ["UIAlertController"] + super.uikitLineage }
}

/// `UIActivityViewController`.
private final class ModelActivityViewController: ModelViewController {
    override class var uikitLineage: [String] { ["UIActivityViewController"] + super.uikitLineage }
}

/// `UIImagePickerController`, a navigation controller that pushes its own steps.
private final class ModelImagePickerController: ModelNavigationController {
    override class var uikitLineage: [String] { ["UIImagePickerController"] + super.uikitLineage }
}

/// An app's subclass of `UIAlertController`.
private final class AppAlertController: ModelViewController {
    override class var uikitLineage: [String] { ["UIAlertController"] + super.uikitLineage }
}

/// One of UIKit's private controllers (`_UIContextMenu…`).
private final class PrivateUIKitController: ModelViewController {
    override var classLineage: [String] { ["_UIContextMenuActionsOnlyViewController"] + Self.uikitLineage }
}

/// A controller whose class lineage is given as `NSStringFromClass` spells it on a device.
private final class LineageController: ModelViewController {
    var lineage: [String] = []
    override var classLineage: [String] { lineage + Self.uikitLineage }

    convenience init(_ name: String, lineage: [String], uikit: UIKitModel) {
        self.init(storyboardIdentifier: name, uikit: uikit)
        self.lineage = lineage
    }
}

/// An app's controller that declares itself route-less.
private final class DebugMenuViewController: ModelViewController {
    override var isRouteless: Bool { true }
}

/// An app's controller made without its route.
private final class NoteViewController: ModelViewController {}

/// Rule 1 (make every screen through its route) for UIKit view controllers: in a window whose
/// root has a route, a controller pushed, presented or set without one is reported, as a model
/// screen is, except the system's controllers that are not navigated to and those that declare
/// themselves route-less.
@MainActor
@Suite(.lenientMisuse)
struct UIKitRouteRuleTests {
    @MainActor final class Reports {
        var all: [String] = []
    }

    /// Runs `body` in a visible window whose root is `main` (routed: `feed[list]`, `settings`),
    /// collecting every report.
    private func reports(
        _ behaviour: UIKitModel.Behaviour = .init(), rootHasRoute: Bool = true,
        _ body: (UIKitModel, UIKitRouteFactory, ModelWindow, ModelNavigationController) throws -> Void
    ) throws -> [String] {
        let collected = Reports()
        let uikit = UIKitModel(behaviour, isInstalled: true)
        try ScreenWithoutRoute.$reporter.withValue({ report in
            MainActor.assumeIsolated { collected.all.append(report.description) }
        }) {
            try UIKitModel.$current.withValue(uikit) {
                let window = ModelWindow(uikit: uikit)
                window.makeKeyAndVisible()
                let factory = UIKitRouteFactory(uikit)
                let main = try factory.make(.main)
                if !rootHasRoute { main.recordedScreenRoute = nil }
                try window.setRoot(main)
                uikit.runLoop()
                let feed = try #require(main.children.first as? ModelNavigationController)
                try body(uikit, factory, window, feed)
                uikit.runLoop()
            }
        }
        return collected.all
    }

    private nonisolated static func report(_ screen: String, _ shown: String, fix: String) -> String {
        "\(screen) was shown by \(shown) without a route, in a window of UIRoute routes: saving leaves it out and no"
            + " link reaches it. Make it through its route (\(fix)), or, for a storyboard segue, name its route in"
            + " prepare(for:sender:) (segue.setDestinationRoute(UIRoute.…)); if it is meant to have none, as an alert"
            + " or a share sheet, override isRouteless to return true, or set isMarkedRouteless on a system"
            + " controller you cannot subclass."
    }

    @Test(arguments: UIKitModel.Behaviour.all)
    func aControllerPushedWithoutItsRouteIsReportedWithTheFix(_ behaviour: UIKitModel.Behaviour) throws {
        let reports = try reports(behaviour) { uikit, _, _, feed in
            feed.pushViewController(NoteViewController(storyboardIdentifier: "note", uikit: uikit), animated: false)
        }
        #expect(
            reports == [
                Self.report(
                    "note (NoteViewController)", "push: list → note", fix: "try push(UIRoute.….viewController())")
            ])
    }

    /// A storyboard segue's destination, which the storyboard makes without a route.
    @Test(arguments: [ModelViewController.PrepareOverride.callsSuperFirst, .skipsSuper])
    func aSeguesDestinationWithoutARouteIsReportedWithTheSegueFix(
        _ override: ModelViewController.PrepareOverride
    ) throws {
        let reports = try reports { uikit, _, _, feed in
            let list = try #require(feed.topViewController)
            list.prepareOverride = override
            list.performSegue(
                withIdentifier: "showNote", sender: nil,
                destination: NoteViewController(storyboardIdentifier: "note", uikit: uikit))
        }
        #expect(
            reports == [
                Self.report(
                    "note (NoteViewController)", "push: list → note (showNote)",
                    fix: "try push(UIRoute.….viewController())")
            ])
    }

    /// The one line in `prepare(for:sender:)` (BatonUIKit's `segue.setDestinationRoute(_:)`),
    /// before or without `super`: the destination is a routed screen, read back in the tree.
    @Test(arguments: [ModelViewController.PrepareOverride.callsSuperFirst, .skipsSuper])
    func aSeguesDestinationGivenItsRouteInPrepareIsNotReportedAndIsInTheTree(
        _ override: ModelViewController.PrepareOverride
    ) throws {
        var tree: ScreenTree<UIRoute>?
        let reports = try reports { uikit, _, window, feed in
            let list = try #require(feed.topViewController)
            list.prepareOverride = override
            list.onPrepare = { identifier, destination in
                guard identifier == "showItem" else { return }
                UIKitEvents.recordRoute(UIRoute.item(3), ofSegue: identifier, to: destination)
            }
            list.performSegue(
                withIdentifier: "showItem", sender: nil,
                destination: DetailViewController(storyboardIdentifier: "item(3)", uikit: uikit))
            uikit.runLoop()
            tree = try UIKitNavigation.screenTree(in: window, as: UIRoute.self)
        }
        #expect(reports == [])
        #expect(tree == .tabs(.main, [.stack(.feed, [.list, .item(3)]), ScreenTree(.settings)], selected: 0))
    }

    /// An unwind segue's destination is already shown, with its own route: a route given to it
    /// in `prepare(for:sender:)` (an override that does not check the identifier) changes nothing.
    @Test func anUnwindSeguesDestinationKeepsItsRoute() throws {
        var tree: ScreenTree<UIRoute>?
        let reports = try reports { _, factory, window, feed in
            let list = try #require(feed.topViewController)
            let item = try factory.make(.item(1))
            feed.pushViewController(item, animated: false)
            uikit(of: item).runLoop()
            item.prepareOverride = .callsSuperFirst
            item.onPrepare = { identifier, destination in
                UIKitEvents.recordRoute(UIRoute.item(9), ofSegue: identifier, to: destination)
            }
            item.performUnwind("unwindToList", to: list)
            uikit(of: item).runLoop()
            tree = try UIKitNavigation.screenTree(in: window, as: UIRoute.self)
        }
        #expect(
            reports == [
                "The unwind segue unwindToList was given the route item(9) (segue.setDestinationRoute), which is"
                    + " ignored: its destination list (ListViewController) is already shown, with its own route. Name"
                    + " a route only for a forward segue's new destination: check segue.identifier in"
                    + " prepare(for:sender:) first."
            ])
        #expect(tree == .tabs(.main, [.stack(.feed, [.list]), ScreenTree(.settings)], selected: 0))
    }

    /// A segue to a navigation controller whose root the storyboard embeds: the container's
    /// route names only the container, so its root is reported.
    @Test func aSeguesNavigationControllerWhoseRootIsNotNamedReportsTheRoot() throws {
        let reports = try reports { uikit, _, window, _ in
            let settings = try showSettings(uikit, in: window)
            settings.onPrepare = { identifier, destination in
                UIKitEvents.recordRoute(UIRoute.feed, ofSegue: identifier, to: destination)
            }
            settings.prepareOverride = .callsSuperFirst
            settings.performSegue(withIdentifier: "showFeed", sender: nil, destination: storyboardFeed(uikit))
        }
        #expect(
            reports == [
                "list (NoteViewController) was shown by present: settings → feed (showFeed) (inside feed) without a"
                    + " route, in a window of UIRoute routes: saving leaves it out and no link reaches it. Make it"
                    + " through its route (try present(UIRoute.….viewController())), or, for a storyboard segue to its"
                    + " navigation controller, name both routes in prepare(for:sender:)"
                    + " (segue.setDestinationRoute(UIRoute.…, root: UIRoute.…)); if it is meant to have none, as an"
                    + " alert or a share sheet, override isRouteless to return true, or set isMarkedRouteless on a"
                    + " system controller you cannot subclass."
            ])
    }

    /// `segue.setDestinationRoute(_:root:)`: one line names the navigation controller's route and
    /// its storyboard root's (`UIStoryboardSegue.h:27`, `UINavigationController.h:55`, `:70`).
    @Test func aSeguesNavigationControllerGivenItsRootsRouteIsNotReportedAndIsInTheTree() throws {
        var tree: ScreenTree<UIRoute>?
        let reports = try reports { uikit, _, window, _ in
            let settings = try showSettings(uikit, in: window)
            settings.onPrepare = { identifier, destination in
                UIKitEvents.recordRoute(UIRoute.feed, root: UIRoute.list, ofSegue: identifier, to: destination)
            }
            settings.prepareOverride = .skipsSuper
            settings.performSegue(withIdentifier: "showFeed", sender: nil, destination: storyboardFeed(uikit))
            uikit.runLoop()
            tree = try UIKitNavigation.screenTree(in: window, as: UIRoute.self)
        }
        #expect(reports == [])
        #expect(
            tree
                == .tabs(
                    .main,
                    [.stack(.feed, [.list]), ScreenTree(.settings, presenting: .stack(.feed, [.list]))],
                    selected: 1))
    }

    /// A root route given for a destination that is no navigation controller is named, not dropped.
    @Test func aRootRouteForASegueToAPlainControllerIsReported() throws {
        var tree: ScreenTree<UIRoute>?
        let reports = try reports { uikit, _, window, _ in
            let settings = try showSettings(uikit, in: window)
            settings.onPrepare = { identifier, destination in
                UIKitEvents.recordRoute(UIRoute.note(1), root: UIRoute.list, ofSegue: identifier, to: destination)
            }
            settings.prepareOverride = .callsSuperFirst
            settings.performSegue(
                withIdentifier: "showNote", sender: nil,
                destination: NoteViewController(storyboardIdentifier: "note", uikit: uikit))
            uikit.runLoop()
            tree = try UIKitNavigation.screenTree(in: window, as: UIRoute.self)
        }
        #expect(
            reports == [
                "The segue showNote was given the root route list (segue.setDestinationRoute(_:root:)), which is"
                    + " ignored: its destination note (NoteViewController) is not a navigation controller with a"
                    + " root view controller. Give root: only for a navigation controller; name this destination's"
                    + " own route alone."
            ])
        #expect(
            tree
                == .tabs(
                    .main, [.stack(.feed, [.list]), ScreenTree(.settings, presenting: ScreenTree(.note(1)))],
                    selected: 1))
    }

    /// Shows the settings tab, a plain controller that presents what it segues to.
    private func showSettings(_ uikit: UIKitModel, in window: ModelWindow) throws -> ModelViewController {
        let main = try #require(window.rootViewController as? ModelTabBarController)
        main.selectTab(at: 1)
        uikit.runLoop()
        return try #require(main.visibleChildScreen as? ModelViewController)
    }

    /// A navigation controller as a storyboard makes it: its root embedded, neither with a route.
    private func storyboardFeed(_ uikit: UIKitModel) -> ModelNavigationController {
        ModelNavigationController(
            rootViewController: NoteViewController(storyboardIdentifier: "list", uikit: uikit),
            storyboardIdentifier: "feed", uikit: uikit)
    }

    private func uikit(of controller: ModelViewController) -> UIKitModel { controller.uikit }

    @Test func aControllerPushedThroughBatonsPushWithoutItsRouteIsReported() throws {
        let reports = try reports { uikit, _, _, feed in
            try feed.push(NoteViewController(storyboardIdentifier: "note", uikit: uikit), animated: false)
        }
        #expect(
            reports == [
                Self.report(
                    "note (NoteViewController)", "push: list → note", fix: "try push(UIRoute.….viewController())")
            ])
    }

    @Test func aControllerPresentedWithoutItsRouteIsReported() throws {
        let reports = try reports { uikit, _, _, feed in
            let list = try #require(feed.topViewController)
            list.present(NoteViewController(storyboardIdentifier: "note", uikit: uikit))
        }
        #expect(
            reports == [
                Self.report(
                    "note (NoteViewController)", "present: list → note", fix: "try present(UIRoute.….viewController())")
            ])
    }

    @Test func everyControllerASetViewControllersAddsWithoutItsRouteIsReported() throws {
        let reports = try reports { uikit, factory, _, feed in
            let list = try #require(feed.topViewController)
            feed.setViewControllers(
                [
                    list, NoteViewController(storyboardIdentifier: "a", uikit: uikit), try factory.make(.item(1)),
                    NoteViewController(storyboardIdentifier: "b", uikit: uikit),
                ], animated: false)
        }
        #expect(
            reports == [
                Self.report("a (NoteViewController)", "setStack: list → b", fix: "try UIRoute.….viewController()"),
                Self.report("b (NoteViewController)", "setStack: list → b", fix: "try UIRoute.….viewController()"),
            ])
    }

    @Test func aControllerASetViewControllersPutsBelowAnOldTopIsReported() throws {
        let reports = try reports { uikit, factory, _, feed in
            let list = try #require(feed.topViewController)
            let item = try factory.make(.item(1))
            feed.pushViewController(item, animated: false)
            uikit.runLoop()
            feed.setViewControllers(
                [NoteViewController(storyboardIdentifier: "a", uikit: uikit), list], animated: false)
        }
        #expect(
            reports == [
                Self.report("a (NoteViewController)", "pop: item(1) → list", fix: "try UIRoute.….viewController()")
            ])
    }

    @Test func aControllerASetViewControllersPutsBelowTheSameTopIsReported() throws {
        let reports = try reports { uikit, _, _, feed in
            let list = try #require(feed.topViewController)
            feed.setViewControllers(
                [NoteViewController(storyboardIdentifier: "a", uikit: uikit), list], animated: false)
        }
        #expect(
            reports == [
                Self.report("a (NoteViewController)", "setStack: list → list", fix: "try UIRoute.….viewController()")
            ])
    }

    @Test func aRoutedRootWhoseTabIsMadeWithoutItsRouteIsReportedInsideIt() throws {
        let reports = try reports { uikit, factory, window, _ in
            let tabs = ModelTabBarController(
                viewControllers: [
                    try factory.make(.feed), NoteViewController(storyboardIdentifier: "account", uikit: uikit),
                ],
                storyboardIdentifier: "main", uikit: uikit)
            tabs.recordedScreenRoute = UIRoute.main
            try window.setRoot(tabs)
        }
        #expect(
            reports == [
                Self.report(
                    "account (NoteViewController)", "replaceRoot: main → main (inside main)",
                    fix: "try UIRoute.….viewController()")
            ])
    }

    @Test func controllersMadeThroughTheirRoutesAreNotReported() throws {
        let reports = try reports { uikit, factory, _, feed in
            feed.pushViewController(try factory.make(.item(1)), animated: false)
            uikit.runLoop()
            try #require(feed.topViewController).present(try factory.make(.share))
        }
        #expect(reports == [])
    }

    @Test func theSystemsAlertsShareSheetsAndPickersAreNotReported() throws {
        let reports = try reports { uikit, _, _, feed in
            let list = try #require(feed.topViewController)
            list.present(ModelAlertController(storyboardIdentifier: "alert", uikit: uikit))
            uikit.runLoop()
            list.dismiss()
            uikit.runLoop()
            list.present(AppAlertController(storyboardIdentifier: "app alert", uikit: uikit))
            uikit.runLoop()
            list.dismiss()
            uikit.runLoop()
            list.present(ModelActivityViewController(storyboardIdentifier: "share", uikit: uikit))
            uikit.runLoop()
            list.dismiss()
            uikit.runLoop()
            list.present(PrivateUIKitController(storyboardIdentifier: "menu", uikit: uikit))
            uikit.runLoop()
            list.dismiss()
            uikit.runLoop()
            // The picker's own steps, pushed inside it, are the picker's.
            let picker = ModelImagePickerController(
                rootViewController: NoteViewController(storyboardIdentifier: "albums", uikit: uikit),
                storyboardIdentifier: "picker", uikit: uikit)
            list.present(picker)
            uikit.runLoop()
            picker.pushViewController(NoteViewController(storyboardIdentifier: "album", uikit: uikit), animated: false)
        }
        #expect(reports == [])
    }

    @Test func anAppsSubclassOfAHostingControllerPushedWithoutItsRouteIsReported() throws {
        let reports = try reports { uikit, _, _, feed in
            feed.pushViewController(
                LineageController(
                    "home", lineage: ["MyApp.HomeHost", "_TtGC7SwiftUI19UIHostingControllerV5MyApp4Home_"],
                    uikit: uikit),
                animated: false)
        }
        #expect(
            reports == [
                Self.report(
                    "home (LineageController)", "push: list → home", fix: "try push(UIRoute.….viewController())")
            ])
    }

    @Test func aHostingControllerAndAnAppsPrivateOrGenericSwiftControllerPresentedWithoutRoutesAreReported() throws {
        let reports = try reports { uikit, _, _, feed in
            let list = try #require(feed.topViewController)
            for (name, lineage) in [
                ("hosting", ["_TtGC7SwiftUI19UIHostingControllerV5MyApp4Home_"]),
                ("private", ["_TtC5MyAppP33_0123456789ABCDEF0123456789ABCDEF14NoteController"]),
                ("generic", ["_TtGC5MyApp18ListViewControllerVS_4Item_"]),
            ] {
                list.present(LineageController(name, lineage: lineage, uikit: uikit))
                uikit.runLoop()
                list.dismiss()
                uikit.runLoop()
            }
        }
        #expect(
            reports
                == ["hosting", "private", "generic"].map {
                    Self.report(
                        "\($0) (LineageController)", "present: list → \($0)",
                        fix: "try present(UIRoute.….viewController())")
                })
    }

    @Test func swiftUIsOwnPresentationControllersAndUIKitsPrivateOnesAreNotReported() throws {
        let reports = try reports { uikit, _, _, feed in
            let list = try #require(feed.topViewController)
            for (name, lineage) in [
                ("sheet", ["_TtGC7SwiftUI29PresentationHostingControllerVS_7AnyView_"]),
                ("menu", ["_UIContextMenuActionsOnlyViewController"]),
                ("subclass", ["_TtC7SwiftUIP33_0123456789ABCDEF0123456789ABCDEF10MenuHolder", "_UIMenuHost"]),
            ] {
                list.present(LineageController(name, lineage: lineage, uikit: uikit))
                uikit.runLoop()
                list.dismiss()
                uikit.runLoop()
            }
        }
        #expect(reports == [])
    }

    @Test func theApplePrivateTestReadsObjectiveCAndMangledSwiftNames() {
        #expect(UIKitEvents.isApplePrivate(["_UIContextMenuActionsOnlyViewController", "UIViewController"]))
        #expect(UIKitEvents.isApplePrivate(["_TtGC7SwiftUI29PresentationHostingControllerVS_7AnyView_"]))
        #expect(UIKitEvents.isApplePrivate(["_TtCC7SwiftUI5Outer19DestinationHosting"]))
        #expect(!UIKitEvents.isApplePrivate(["_TtGC7SwiftUI19UIHostingControllerV5MyApp4Home_"]))
        #expect(!UIKitEvents.isApplePrivate(["MyApp.HomeHost", "_TtGC7SwiftUI19UIHostingControllerV5MyApp4Home_"]))
        #expect(
            !UIKitEvents.isApplePrivate(["MyApp.Sheet", "_TtGC7SwiftUI29PresentationHostingControllerVS_7AnyView_"]))
        #expect(!UIKitEvents.isApplePrivate(["_TtC5MyApp4Note", "_lowercase", "_", "", "_Tt"]))
        #expect(!UIKitEvents.isApplePrivate([]))
    }

    @Test func theSystemsPlayersPreviewsAndContactAndEventControllersAreNotReported() throws {
        let reports = try reports { uikit, _, _, feed in
            let list = try #require(feed.topViewController)
            for name in [
                "AVPlayerViewController", "QLPreviewController", "SKStoreProductViewController",
                "CNContactPickerViewController", "CNContactViewController", "EKEventEditViewController",
                "EKEventViewController", "PKAddPassesViewController",
            ] {
                list.present(LineageController(name, lineage: [name], uikit: uikit))
                uikit.runLoop()
                list.dismiss()
                uikit.runLoop()
            }
        }
        #expect(reports == [])
    }

    @Test func aControllerMarkedRoutelessIsNotReportedNorWhatItPresentsAndAnUnmarkedOneIs() throws {
        let reports = try reports { uikit, _, _, feed in
            let list = try #require(feed.topViewController)
            let scanner = LineageController("scanner", lineage: ["VisionKit.DataScannerViewController"], uikit: uikit)
            scanner.isMarkedRouteless = true
            list.present(scanner)
            uikit.runLoop()
            scanner.present(NoteViewController(storyboardIdentifier: "help", uikit: uikit))
            uikit.runLoop()
            list.dismiss()
            uikit.runLoop()
            list.present(LineageController("other", lineage: ["VisionKit.DataScannerViewController"], uikit: uikit))
        }
        #expect(
            reports == [
                Self.report(
                    "other (LineageController)", "present: list → other", fix: "try present(UIRoute.….viewController())"
                )
            ])
    }

    @Test func aControllerThatDeclaresItselfRoutelessIsNotReportedNorWhatItPresents() throws {
        let reports = try reports { uikit, _, _, feed in
            let menu = DebugMenuViewController(storyboardIdentifier: "debug", uikit: uikit)
            feed.pushViewController(menu, animated: false)
            uikit.runLoop()
            menu.present(NoteViewController(storyboardIdentifier: "log", uikit: uikit))
        }
        #expect(reports == [])
    }

    @Test func aReporterThatPushesSeesThePushLoggedAndItsOwnPushFollows() throws {
        let uikit = UIKitModel(isInstalled: true)
        let collected = Reports()
        try UIKitModel.$current.withValue(uikit) {
            let window = ModelWindow(uikit: uikit)
            window.makeKeyAndVisible()
            let factory = UIKitRouteFactory(uikit)
            try window.setRoot(try factory.make(.main))
            uikit.runLoop()
            let feed = try #require(window.rootViewController?.children.first as? ModelNavigationController)
            window.baton.clearLogs()
            ScreenWithoutRoute.$reporter.withValue({ report in
                MainActor.assumeIsolated {
                    collected.all.append(report.screen)
                    collected.all.append(contentsOf: window.baton.transitionLog.map(\.description))
                    do {
                        feed.pushViewController(try factory.make(.item(9)), animated: false)
                    } catch {
                        Issue.record(error)
                    }
                }
            }) {
                feed.pushViewController(NoteViewController(storyboardIdentifier: "note", uikit: uikit), animated: false)
                uikit.runLoop()
            }
            uikit.runLoop()
            #expect(collected.all == ["note (NoteViewController)", "push: list → note"])
            #expect(window.baton.transitionLog.map(\.description) == ["push: list → note", "push: note → item(9)"])
            #expect(feed.viewControllers.map(\.screenName) == ["list", "note", "item(9)"])
        }
    }

    @Test func aWindowWhoseRootHasNoRouteReportsNothing() throws {
        let reports = try reports(rootHasRoute: false) { uikit, _, _, feed in
            feed.pushViewController(NoteViewController(storyboardIdentifier: "note", uikit: uikit), animated: false)
        }
        #expect(reports == [])
    }

    @Test func theExemptionsNameTheirReasons() {
        #expect(UIKitEvents.routelessSystemControllers["UIAlertController"]?.contains("UIAlertController.h:43") == true)
        #expect(
            UIKitEvents.routelessSystemControllers["UIActivityViewController"]?.contains("UIActivityViewController.h")
                == true)
        #expect(UIKitEvents.routelessSystemControllers.values.allSatisfy { $0.contains(".h:") })
    }

    @Test(.isolatedBaton) func underIsolatedBatonAControllerWithoutItsRouteFailsTheTest() throws {
        try withKnownIssue {
            let uikit = UIKitModel(isInstalled: true)
            try UIKitModel.$current.withValue(uikit) {
                let window = ModelWindow(uikit: uikit)
                window.makeKeyAndVisible()
                let factory = UIKitRouteFactory(uikit)
                try window.setRoot(try factory.make(.main))
                uikit.runLoop()
                let feed = try #require(window.rootViewController?.children.first as? ModelNavigationController)
                feed.pushViewController(NoteViewController(storyboardIdentifier: "note", uikit: uikit), animated: false)
                uikit.runLoop()
            }
        } matching: { issue in
            issue.comments.map(\.rawValue) == [
                Self.report(
                    "note (NoteViewController)", "push: list → note", fix: "try push(UIRoute.….viewController())")
            ]
        }
    }
}
