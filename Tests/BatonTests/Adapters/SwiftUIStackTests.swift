import BatonTesting
import Testing

@_spi(Adapters) @testable import Baton

/// The stacks SwiftUI shows for Baton (`StackView`, Sources/BatonSwiftUI/StackView.swift), with
/// screens made from routes and screens without one, driven as SwiftUI drives the view
/// (SwiftUIModel.swift), under every setting of the behaviours Apple does not document.
@MainActor
@Suite(.isolatedBaton)
struct SwiftUIStackTests {
    /// A screen without a route on purpose, as a share sheet is: rule 1 does not report it.
    final class ShareSheet: ScreenModel {
        override var isRouteless: Bool { true }
    }

    /// A launched scene whose window shows `main[list]`, every screen made from its route.
    ///
    /// The scene is the only owner of its window (a screen's window is weak): a test that threw
    /// it away would drive a stack with no window, so no log, no rule 1 and no failure reports.
    /// Call ``withLaunchedStack(_:_:)`` where the test does not read the scene itself.
    private func launchedStack(_ behaviour: SwiftUIBehaviour) throws -> (ModelScene<SceneRoute>, StackScreen) {
        let scene = ModelScene(root: SceneRoute.main, links: SceneRoute.links)
        scene.launch(behaviour)
        let stack = try #require(scene.window?.rootScreen as? StackScreen)
        try #require(stack.window === scene.window)
        return (scene, stack)
    }

    /// Runs `body` on the stack of a launched scene, keeping the scene (and so the window) alive
    /// until `body` returns, and checks the stack is still in that window afterwards.
    private func withLaunchedStack(
        _ behaviour: SwiftUIBehaviour, _ body: (ModelScene<SceneRoute>, StackScreen) throws -> Void
    ) throws {
        let (scene, stack) = try launchedStack(behaviour)
        try withExtendedLifetime(scene) {
            try body(scene, stack)
            #expect(stack.window === scene.window)
        }
    }

    // MARK: - One NavigationStack whatever is pushed (N-B4)

    @Test(arguments: SwiftUIBehaviour.all)
    func aScreenWithoutARoutePushedOnARoutedStackKeepsEveryPathElement(_ behaviour: SwiftUIBehaviour) throws {
        try withLaunchedStack(behaviour) { scene, stack throws in
            let window = try #require(scene.window)
            let view = ModelStackView(stack: stack, behaviour)
            view.tapLink(to: SceneRoute.item(id: 1))
            view.tapLink(to: SceneRoute.item(id: 2))
            let items = Array(stack.screens.dropFirst())
            let first = view.path
            #expect(first == items.map { ScreenIdentity($0) })
            let before = window.transitionLog.count
            // A share sheet has no route on purpose: rule 1 (run by the window) does not report it.
            try stack.push(ShareSheet(name: "share"))
            view.redraw()
            #expect(window.transitionLog.dropFirst(before).map(\.description) == ["push: item 2 → share"])
            #expect(Array(view.path.prefix(2)) == first)
            #expect(view.drawn.map { $0?.screenName } == ["item 1", "item 2", "share"])
            #expect(zip(view.drawn, items).allSatisfy { $0 === $1 })
            stack.pop()
            view.redraw()
            #expect(view.path == first)
            #expect(zip(view.drawn, items).allSatisfy { $0 === $1 })
        }
    }

    // MARK: - A route twice on a stack (N-B8)

    @Test(arguments: SwiftUIBehaviour.all)
    func aRouteTwiceOnAStackDrawsEachScreenAtItsPlace(_ behaviour: SwiftUIBehaviour) throws {
        let (scene, stack) = try launchedStack(behaviour)
        let view = ModelStackView(stack: stack, behaviour)
        view.tapLink(to: SceneRoute.item(id: 1))
        view.tapLink(to: SceneRoute.item(id: 2))
        view.tapLink(to: SceneRoute.item(id: 1))
        #expect(try sceneTree(scene.window) == "main[list, item(id: 1), item(id: 2), item(id: 1)]")
        let screens = Array(stack.screens.dropFirst())
        #expect(view.drawn.count == 3)
        for (drawn, screen) in zip(view.drawn, screens) {
            #expect(drawn === screen)
        }
    }

    // MARK: - A swipe back released halfway (E6)

    @Test(arguments: SwiftUIBehaviour.all)
    func aSwipeBackReleasedHalfwayOnARoutedStackKeepsTheSameScreen(_ behaviour: SwiftUIBehaviour) throws {
        let (scene, stack) = try launchedStack(behaviour)
        let view = ModelStackView(stack: stack, behaviour)
        view.tapLink(to: SceneRoute.item(id: 3))
        let weak = WeakScreens()
        do {
            let item = try #require(stack.topScreen)
            weak.track(item)
            view.swipeBack(completes: false)
            #expect(stack.topScreen === item)
            #expect(view.drawn.first ?? nil === item)
            #expect(try sceneTree(scene.window) == "main[list, item(id: 3)]")
        }
        view.swipeBack(completes: true)
        #expect(try sceneTree(scene.window) == "main[list]")
        #expect(weak.aliveCount == 0)
    }

    // MARK: - Links to routes, whichever way SwiftUI treats links of another type

    @Test(arguments: SwiftUIBehaviour.all)
    func aLinkToARoutePushesTheRoutesScreenWiredAndResolved(_ behaviour: SwiftUIBehaviour) throws {
        let (scene, stack) = try launchedStack(behaviour)
        let window = try #require(scene.window)
        let before = window.transitionLog.count
        let view = ModelStackView(stack: stack, behaviour)
        view.tapLink(to: SceneRoute.item(id: 3))
        #expect(try sceneTree(window) == "main[list, item(id: 3)]")
        #expect(window.transitionLog.dropFirst(before).map(\.description) == ["push: list → item 3"])
        #expect(stack.topScreen?.context.parent === stack.screens.first?.context)
        #expect(view.path == stack.navigationPath)
        #expect(scene.failures == [])
    }

    @Test(arguments: SwiftUIBehaviour.all)
    func theAppsOwnNavigationLinkToARouteIsReportedAndChangesNothing(_ behaviour: SwiftUIBehaviour) throws {
        try withLaunchedStack(behaviour) { scene, stack throws in
            let view = ModelStackView(stack: stack, behaviour)
            view.tapNavigationLink(value: SceneRoute.item(id: 3), in: scene)
            // SwiftUI either refuses a link of another type than the path's (and says so in its
            // own log) or shows Baton's destination for the route type, which reports it.
            let expected =
                behaviour.showsOtherLinkValuesOutsideThePath
                ? [
                    "NavigationLink(value: item(id: 3)) in the stack main does nothing: a Baton stack's path holds"
                        + " its screens, not SceneRoute values. Use ScreenLink(value: item(id: 3)), which pushes"
                        + " the route's screen through Baton. Nothing was shown."
                ] : []
            #expect(scene.failures == expected)
            #expect(try sceneTree(scene.window) == "main[list]")
            #expect(view.path == [])
            // The Baton link works the same under either answer.
            view.tapLink(to: SceneRoute.item(id: 3))
            #expect(try sceneTree(scene.window) == "main[list, item(id: 3)]")
        }
    }

    // MARK: - A link whose screen cannot be made (N-B3 on every stack)

    @Test func aLinkToARouteThatCannotBeMadeIsReportedAndTheStackIsReadAgain() throws {
        let (scene, stack) = try launchedStack(SwiftUIBehaviour())
        let window = try #require(scene.window)
        var failures: [String] = []
        var underlying: [any Error] = []
        window.context.observe(TransitionDidFail.self, owner: window) { _, failure in
            failures.append(failure.description)
            underlying.append(contentsOf: failure.error.underlying.map { [$0] } ?? [])
        }
        let view = ModelStackView(stack: stack)
        let redraw = track { _ = stack.navigationPath }
        view.tapLink(to: SceneRoute.broken)
        #expect(
            failures == [
                "push of a link's screen onto main, deferred until a navigation path change completed, failed:"
                    + " Could not make the screen of route broken: the server is down. Nothing was shown."
            ])
        // The route's own error, typed, for the app to cast.
        #expect(underlying.count == 1)
        #expect(underlying.first is SceneRoute.Unavailable)
        #expect(redraw.count == 1)
        #expect(try sceneTree(window) == "main[list]")
        #expect(view.drawn.isEmpty)
    }

    @Test(.heavyOnTheMainActor) func aLinkToARouteMadeOneHundredThousandTimesLeavesNoScreenAlive() async throws {
        let (scene, stack) = try launchedStack(SwiftUIBehaviour())
        let window = try #require(scene.window)
        let view = ModelStackView(stack: stack)
        let weak = WeakScreens()
        let before = window.transitionLog.count
        for index in 0..<100_000 {
            await shareTheMainActor(at: index, every: 100)
            view.tapLink(to: SceneRoute.item(id: index))
            if index % 10_000 == 0, let top = stack.topScreen { weak.track(top) }
            view.swipeBack(completes: true)
        }
        #expect(stack.screens.count == 1)
        #expect(weak.aliveCount == 0)
        // Every push and pop went through the window (its log keeps only the last ones).
        #expect(window.transitionLog.last?.description == "pop: item 99999 → list")
        #expect(window.transitionLog.count > before)
        #expect(scene.failures == [])
        // The scene is the window's only owner: it is kept to the end.
        withExtendedLifetime(scene) { #expect(stack.window === window) }
    }

    // MARK: - Any sequence of taps, pushes, pops and swipes

    /// Random runs of route links (from a pool of three, so routes repeat), screens without a
    /// route, pops from code, swipes completed and released, and links that fail: after every step
    /// the view's path is the stack's, and each element draws the screen at its place.
    @Test(
        .heavyOnTheMainActor,
        arguments: SwiftUIBehaviour.all.filter { !$0.urlBeforeFirstAppear && !$0.clearsAlertBindingBeforeButtonAction })
    func everyPathElementDrawsItsOwnScreenWhateverHappens(_ behaviour: SwiftUIBehaviour) async throws {
        for seed in 0..<20 {
            let (scene, stack) = try launchedStack(behaviour)
            let view = ModelStackView(stack: stack, behaviour)
            var random = TreeRandom(seed: seed)
            for step in 0..<200 {
                await shareTheMainActor(at: step, every: 20)
                switch Int.random(in: 0..<10, using: &random) {
                case 0...3: view.tapLink(to: SceneRoute.item(id: Int.random(in: 0..<3, using: &random)))
                case 4: try stack.push(ShareSheet(name: "share \(step)"))
                case 5: stack.pop()
                case 6, 7: view.swipeBack(completes: Bool.random(using: &random))
                case 8: view.tapLink(to: SceneRoute.broken)
                default: view.tapNavigationLink(value: SceneRoute.list, in: scene)
                }
                view.redraw()
                #expect(view.path == stack.navigationPath, "seed \(seed), step \(step)")
                let screens = Array(stack.screens.dropFirst())
                #expect(view.drawn.count == screens.count)
                #expect(zip(view.drawn, screens).allSatisfy { $0 === $1 }, "seed \(seed), step \(step)")
            }
            #expect(scene.failures.allSatisfy { $0.hasPrefix("NavigationLink(value: list)") })
        }
    }

    // MARK: - Re-entrancy

    @Test func aRouteWhoseFactoryPushesOntoTheSameStackLeavesTheViewConsistent() throws {
        try withLaunchedStack(SwiftUIBehaviour()) { scene, stack in
            let window = try #require(scene.window)
            ReentrantRoute.stack = stack
            defer { ReentrantRoute.stack = nil }
            let view = ModelStackView(stack: stack)
            let before = window.transitionLog.count
            view.tapLink(to: ReentrantRoute.item)
            #expect(stack.screens.map(\.screenName) == ["list", "pushed by the factory", "item"])
            #expect(
                window.transitionLog.dropFirst(before).map(\.description) == [
                    "push: list → pushed by the factory", "push: pushed by the factory → item",
                ])
            #expect(view.path == stack.navigationPath)
            #expect(zip(view.drawn, stack.screens.dropFirst()).allSatisfy { $0 === $1 })
        }
    }
}

/// A route whose factory calls back into the stack the link pushes onto.
private enum ReentrantRoute: ScreenRoute {
    case item

    @MainActor static weak var stack: StackScreen?

    func makeScreen() throws -> ScreenModel {
        try Self.stack?.push(SwiftUIStackTests.ShareSheet(name: "pushed by the factory"))
        return ScreenModel(name: "item")
    }
}
