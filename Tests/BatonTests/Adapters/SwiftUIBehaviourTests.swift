import BatonTesting
import Observation
import Testing

@_spi(Adapters) @testable import Baton

/// The routes of a SwiftUI app with a start-up flow, links and a route whose screen cannot be made.
enum SceneRoute: ScreenRoute {
    case startup, splash, main, list, broken
    case item(id: Int)

    struct Unavailable: Error, CustomStringConvertible {
        var description: String { "the server is down" }
    }

    func makeScreen() throws -> ScreenModel {
        switch self {
        case .startup: HoppingScreen(name: "startup", registry: ScreenRegistry())
        case .splash: ScreenModel(name: "splash")
        case .main: try StackScreen(root: SceneRoute.list.screen(), name: "main")
        case .list: ScreenModel(name: "list")
        case .item(let id): ScreenModel(name: "item \(id)")
        case .broken: throw Unavailable()
        }
    }

    static let links = ScreenLinks<SceneRoute>([
        LinkPattern("tasks://item/{id}", .item(id: 0)),
        LinkPattern("tasks://broken", .broken),
    ]) { route in .stack(.main, [.list, route]) }

    /// The same links in an app whose window starts with a start-up flow.
    static let startupLinks = ScreenLinks<SceneRoute>([
        LinkPattern("tasks://item/{id}", .item(id: 0)),
        LinkPattern("tasks://broken", .broken),
    ]) { route in .hopping(.startup, to: .stack(.main, [ScreenTree(.list), ScreenTree(route)])) }
}

/// The tree a window shows, as routes.
@MainActor
func sceneTree(_ window: ScreenWindow?) throws -> String? {
    try window?.screenTree(SceneRoute.self)?.description
}

/// The decisions BatonSwiftUI leaves to the core, driven as SwiftUI drives its views
/// (SwiftUIModel.swift), under every setting of the behaviours Apple does not document.
@MainActor
@Suite(.isolatedBaton)
struct SwiftUIBehaviourTests {
    // MARK: - A scene starts when its window is made (N-A1, N-E2, C8)

    @Test func aNewSceneShowsItsRootBeforeAnyViewAppears() throws {
        let scene = ModelScene(root: SceneRoute.main, links: SceneRoute.links)
        scene.makeBody()
        let window = try #require(scene.window)
        #expect(try sceneTree(window) == "main[list]")
        #expect(window.isVisible == false)
        scene.appear()
        #expect(window.isVisible)
        #expect(scene.failures == [])
    }

    @Test(arguments: SwiftUIBehaviour.all)
    func aColdLaunchByURLOpensTheItemWhicheverComesFirst(_ behaviour: SwiftUIBehaviour) throws {
        let scene = ModelScene(root: SceneRoute.main, links: SceneRoute.links)
        scene.launch(url: "tasks://item/3", behaviour)
        let window = try #require(scene.window)
        #expect(try sceneTree(window) == "main[list, item(id: 3)]")
        #expect(window.topScreen?.screenName == "item 3")
        #expect(scene.failures == [])
    }

    @Test(arguments: SwiftUIBehaviour.all)
    func aColdLaunchByURLNeverSkipsTheStartUpFlow(_ behaviour: SwiftUIBehaviour) throws {
        let scene = ModelScene(root: SceneRoute.startup, links: SceneRoute.startupLinks)
        scene.launch(url: "tasks://item/3", behaviour)
        let window = try #require(scene.window)
        let startup = try #require(window.rootScreen as? HoppingScreen)
        #expect(try sceneTree(window) == "startup()")
        try startup.hop(to: SceneRoute.splash.screen()) {
            try? startup.hop(to: SceneRoute.main.screen(), then: nil)
        }
        #expect(try sceneTree(window) == "startup(splash)")
        try startup.unhopCurrentScreen()
        #expect(try sceneTree(window) == "startup(main[list, item(id: 3)])")
        #expect(scene.failures == [])
    }

    @Test func aWarmLaunchByURLOpensTheItemOverWhatTheSceneShows() throws {
        let scene = ModelScene(root: SceneRoute.main, links: SceneRoute.links)
        scene.launch(SwiftUIBehaviour())
        scene.openURL("tasks://item/3")
        scene.openURL("tasks://item/4")
        #expect(try sceneTree(scene.window) == "main[list, item(id: 4)]")
    }

    @Test func quittingOnADetailAndRelaunchingRestoresIt() throws {
        let first = ModelScene(root: SceneRoute.main, links: SceneRoute.links)
        first.launch(url: "tasks://item/3", SwiftUIBehaviour())
        first.phase(active: true)
        #expect(first.storage == nil)
        first.phase(active: false)
        let saved = try #require(first.storage)
        let relaunched = ModelScene(root: SceneRoute.main, links: SceneRoute.links, storage: saved)
        relaunched.launch(SwiftUIBehaviour())
        #expect(try sceneTree(relaunched.window) == "main[list, item(id: 3)]")
        #expect(relaunched.failures == [])
    }

    @Test func leavingTheForegroundOverAScreenWithoutARouteSavesTheRestAndSaysSo() throws {
        let scene = ModelScene(root: SceneRoute.main, links: SceneRoute.links, storage: "stale")
        scene.launch(url: "tasks://item/3", SwiftUIBehaviour())
        let item = try #require(scene.window?.topScreen)
        // Shown without a route on purpose (what saving then does is the test): not reported.
        try ScreenWithoutRoute.$reporter.withValue(nil) { try item.present(ScreenModel(name: "share")) }
        scene.phase(active: false)
        #expect(
            scene.failures == [
                "The saved screen tree cannot be read: expected a value at byte 0. Nothing was restored.",
                "Left out main > item(id: 3) ^ ScreenModel when saving: it has no SceneRoute route; make it with"
                    + " route.screen(), or adopt RoutedScreen in its type.",
            ])
        let relaunched = ModelScene(root: SceneRoute.main, links: SceneRoute.links, storage: scene.storage)
        relaunched.launch(SwiftUIBehaviour())
        #expect(try sceneTree(relaunched.window) == "main[list, item(id: 3)]")
    }

    @Test func aSceneThatSavesNothingKeepsNothing() throws {
        let window = ScreenWindow()
        let scene = SceneRoutes(window: window, root: SceneRoute.main, links: nil, restoring: nil) { _ in }
        scene.phaseChanged(isActive: false, save: nil)
        #expect(try sceneTree(window) == "main[list]")
    }

    @Test func aURLTheSceneCannotOpenIsReportedWithWhatItKnows() throws {
        let withoutLinks = ModelScene<SceneRoute>(root: .main, links: nil)
        withoutLinks.launch(url: "tasks://item/3", SwiftUIBehaviour())
        #expect(withoutLinks.failures == ["No link pattern matches tasks://item/3. Known patterns: none."])
        let withLinks = ModelScene(root: SceneRoute.main, links: SceneRoute.links)
        withLinks.launch(url: "tasks://nothing", SwiftUIBehaviour())
        #expect(
            withLinks.failures == [
                "No link pattern matches tasks://nothing. Known patterns: tasks://item/{id}, tasks://broken."
            ])
        #expect(try sceneTree(withLinks.window) == "main[list]")
    }

    @Test func aLinkThatFailsAfterWaitingForTheStartUpFlowReachesOnFailure() throws {
        let scene = ModelScene(root: SceneRoute.startup, links: SceneRoute.startupLinks)
        scene.launch(url: "tasks://broken", SwiftUIBehaviour())
        #expect(scene.failures == [])
        let startup = try #require(scene.window?.rootScreen as? HoppingScreen)
        try startup.hop(to: SceneRoute.main.screen(), then: nil)
        #expect(
            scene.failures == [
                "Could not make broken for push onto main at startup > main: the server is down. Nothing changed."
            ])
        #expect(try sceneTree(scene.window) == "startup(main[list])")
    }

    #if DEBUG
        @Test func theObservationCheckRunsWhenTheWindowIsMadeNotWhenItAppears() {
            let before = ObservationSupport.calls
            let scene = ModelScene(root: SceneRoute.main, links: nil)
            scene.makeBody()
            #expect(ObservationSupport.calls == before + 1)
        }
    #endif

    @Test func aClosedSceneFreesItsWindowAndScreens() throws {
        let weak = WeakScreens()
        do {
            let scene = ModelScene(root: SceneRoute.main, links: SceneRoute.links)
            scene.launch(url: "tasks://item/3", SwiftUIBehaviour())
            let window = try #require(scene.window)
            weak.track(window, try #require(window.rootScreen), try #require(window.topScreen))
        }
        #expect(weak.aliveCount == 0)
    }

    // MARK: - Which sheet a dismissal is (E7, N-C4)

    @Test(arguments: SwiftUIBehaviour.all)
    func aNilWrittenForASwappedSheetKeepsTheNewOne(_ behaviour: SwiftUIBehaviour) throws {
        let main = ScreenModel(name: "main")
        let window = try makeVisibleWindow(root: main)
        try main.present(ScreenModel(name: "first"))
        let sheet = ModelSheet(presenter: main)
        // A deep link swaps the sheet: Baton dismisses the first and presents the second.
        main.dismiss()
        try main.present(ScreenModel(name: "second"))
        sheet.redraw(behaviour)
        #expect(main.presentedScreen?.screenName == "second")
        sheet.swipeDown()
        #expect(main.presentedScreen == nil)
        #expect(
            window.transitionLog.map(\.description) == [
                "present: main → first", "dismiss: first → main", "present: main → second", "dismiss: second → main",
            ])
    }

    @Test func aNilFromABindingThatShowedNothingDismissesNothing() throws {
        let main = ScreenModel(name: "main")
        _ = try makeVisibleWindow(root: main)
        try main.present(ScreenModel(name: "sheet"))
        // The cover's binding of a screen shown as a sheet: its item is nil.
        #expect(main.followPresentation(nil, shown: nil) == false)
        #expect(main.presentedScreen?.screenName == "sheet")
    }

    // MARK: - A swipe back released halfway (E6)

    @Test(arguments: SwiftUIBehaviour.all)
    func aSwipeBackReleasedHalfwayKeepsTheSameScreen(_ behaviour: SwiftUIBehaviour) throws {
        let stack = try StackScreen(root: ScreenModel(name: "list"))
        _ = try makeVisibleWindow(root: stack)
        let detail = ScreenModel(name: "detail")
        try stack.push(detail)
        let view = ModelStackView(stack: stack)
        view.swipeBack(completes: false, behaviour)
        #expect(stack.topScreen === detail)
        #expect(stack.navigationPath == [ScreenIdentity(detail)])
        view.swipeBack(completes: true, behaviour)
        #expect(stack.screens.map(\.screenName) == ["list"])
    }

    @Test(arguments: SwiftUIBehaviour.all)
    func aLinksScreenKeepsItsPathItemAfterASwipeReleasedHalfway(_ behaviour: SwiftUIBehaviour) throws {
        let stack = try StackScreen(root: ScreenModel(name: "list"))
        _ = try makeVisibleWindow(root: stack)
        let link = ScreenLinkRequest { ScreenModel(name: "item") }
        stack.followNavigationPath([link.identity])
        let item = try #require(stack.topScreen)
        let view = ModelStackView(stack: stack)
        view.swipeBack(completes: false, behaviour)
        #expect(stack.topScreen === item)
        #expect(stack.navigationPath == [link.identity])
    }

    @Test(arguments: SwiftUIBehaviour.all)
    func aSwipeBackCompletedFreesTheScreen(_ behaviour: SwiftUIBehaviour) throws {
        let stack = try StackScreen(root: ScreenModel(name: "list"))
        _ = try makeVisibleWindow(root: stack)
        let weak = WeakScreens()
        do {
            let detail = ScreenModel(name: "detail")
            weak.track(detail)
            try stack.push(detail)
        }
        ModelStackView(stack: stack).swipeBack(completes: true, behaviour)
        #expect(weak.aliveCount == 0)
        #expect(stack.navigationPath == [])
    }

    @Test func aPathWrittenBackAfterTheStackChangedPutsNothingBack() throws {
        let stack = try StackScreen(root: ScreenModel(name: "list"))
        _ = try makeVisibleWindow(root: stack)
        let detail = ScreenModel(name: "detail")
        try stack.push(detail)
        let full = stack.navigationPath
        stack.followNavigationPath([])
        try stack.push(ScreenModel(name: "other"))
        stack.followNavigationPath(full)
        #expect(stack.screens.map(\.screenName) == ["list"])
    }

    // MARK: - Identities never reused (N-C5)

    @Test func aScreenMadeWhereAFreedOneWasHasANewIdentity() {
        // The allocator reuses freed addresses (the address sanitizer quarantines them instead, so
        // under it every address is new): every identity must differ either way.
        var identities: [ObjectIdentifier: ScreenIdentity] = [:]
        var all: Set<ScreenIdentity> = []
        for _ in 0..<1_000 {
            let screen = ScreenModel(name: "screen")
            let identity = ScreenIdentity(screen)
            if let earlier = identities[ObjectIdentifier(screen)] { #expect(earlier != identity) }
            identities[ObjectIdentifier(screen)] = identity
            all.insert(identity)
        }
        #expect(all.count == 1_000)
    }

    @Test func aLinkMadeWhereAFreedOneWasHasANewIdentity() {
        var identities: [ObjectIdentifier: ScreenIdentity] = [:]
        var all: Set<ScreenIdentity> = []
        for _ in 0..<1_000 {
            let link = ScreenLinkRequest { ScreenModel(name: "item") }
            if let earlier = identities[ObjectIdentifier(link)] {
                #expect(earlier != link.identity)
                #expect(ScreenLinkRequest.link(for: earlier) == nil)
            }
            identities[ObjectIdentifier(link)] = link.identity
            all.insert(link.identity)
        }
        #expect(all.count == 1_000)
    }
}

/// What a SwiftUI body pays for the Baton values it makes each time it runs (N-C6).
@MainActor
@Suite(.isolatedBaton)
struct SwiftUIRenderCostTests {
    @Test func aLinkThatNoPathNamesIsNeverRegistered() {
        let before = ScreenLinkRequest.registeredCount
        for _ in 0..<100_000 {
            _ = ScreenLinkRequest(action: .present) { ScreenModel(name: "sort") }
        }
        #expect(ScreenLinkRequest.registeredCount == before)
    }

    @Test func aLinkWhoseIdentityIsHandedOutIsFoundByIt() throws {
        let link = ScreenLinkRequest { ScreenModel(name: "item") }
        let identity = link.identity
        #expect(ScreenLinkRequest.link(for: identity) === link)
    }
}
