import Baton
import BatonTesting
import Testing

extension DependenciesTests {
    /// Nothing the coordinator holds keeps a screen or a context alive.
    @MainActor
    @Suite(.lenientMisuse)
    struct DependencyLeakTests {
        @Test(.heavyOnTheMainActor)
        func tenThousandScreensPushedAndPoppedWithAContextResolverLeaveNoneAlive() async throws {
            let (window, coordinator) = makeWindow()
            var resolutions = 0
            try coordinator.register(
                .context { (source: TokenSourceScreen, destination: TokenConsumerScreen) in
                    destination.token = source.token
                    resolutions += 1
                })
            let stack = try showStack(ScreenModel(name: "root"), in: window)
            var watched: [WeakScreen] = []
            watched.reserveCapacity(10_000)
            var wrongTokens = 0
            for round in 0..<5_000 {
                await shareTheMainActor(at: round, every: 15)
                let source = TokenSourceScreen(name: "source", token: "\(round)")
                let consumer = TokenConsumerScreen(name: "consumer")
                watched.append(WeakScreen(source))
                watched.append(WeakScreen(consumer))
                try stack.push(source)
                try stack.push(consumer)
                if consumer.token != "\(round)" { wrongTokens += 1 }
                stack.pop()
                stack.pop()
            }
            #expect(watched.count == 10_000)
            #expect(resolutions == 5_000)
            #expect(wrongTokens == 0)
            #expect(watched.filter { !$0.isGone }.count == 0)
            #expect(stack.screens.map(\.screenName) == ["root"])
            #expect(stack.rootScreen!.context.children.isEmpty)
            // 20,002 transitions happened; the log keeps the newest, up to its limit.
            #expect(window.transitionLog.count == window.transitionLogLimit)
            #expect(window.transitionLog.last?.description == "pop: source → root")
        }

        @Test func aRememberedContextSourceDoesNotKeepItsScreenOrContextAlive() throws {
            let (window, coordinator) = makeWindow()
            try coordinator.register(
                .context { (source: TokenSourceScreen, destination: TokenConsumerScreen) in
                    destination.token = source.token
                })
            let stack = try showStack(ScreenModel(name: "root"), in: window)
            var watched: WeakScreen?
            do {
                let source = TokenSourceScreen(name: "A", token: "from A")
                watched = WeakScreen(source)
                try stack.push(source)
                try stack.push(ScreenModel(name: "B"))
                stack.popToRoot()
            }
            #expect(watched?.isGone == true)
        }

        @Test func aWholeWindowWithResolversIsFreedWhileItsCoordinatorLivesOn() throws {
            let coordinator = DependencyCoordinator(name: "app")
            try coordinator.register(
                .context { (source: TokenSourceScreen, destination: TokenConsumerScreen) in
                    destination.token = source.token
                })
            try coordinator.register(.initial { (d: TokenConsumerScreen) in d.token = "initial" })
            try coordinator.register(.destination { (d: TokenConsumerScreen) in d.token = d.token ?? "destination" })
            var watched: [WeakScreen] = []
            weak var weakWindow: ScreenWindow?
            do {
                let window = ScreenWindow()
                weakWindow = window
                window.dependencyCoordinator = coordinator
                window.makeVisible()
                let stack = try showStack(TokenSourceScreen(name: "A", token: "from A"), in: window)
                let consumer = TokenConsumerScreen(name: "D")
                try stack.push(consumer)
                let tabs = try TabScreen(tabs: [TokenConsumerScreen(name: "tab")], name: "tabs")
                try consumer.present(tabs)
                let shown: [ScreenModel] = [stack, stack.rootScreen!, consumer, tabs, tabs.tabs[0]]
                watched = shown.map(WeakScreen.init)
            }
            #expect(weakWindow == nil)
            #expect(watched.count == 5)
            #expect(watched.allSatisfy { $0.isGone })
            #expect(coordinator.resolvers.count == 3)
        }

        @Test func aWorkflowCoordinatorIsFreedWithTheScreenItIsSetOn() throws {
            let (window, coordinator) = makeWindow()
            let stack = try showStack(ScreenModel(name: "root"), in: window)
            weak var weakWorkflow: DependencyCoordinator?
            do {
                let workflow = try coordinator.makeWorkflow(
                    named: "signup", adding: [.destination { (d: TokenConsumerScreen) in d.token = "signup" }])
                weakWorkflow = workflow
                let signup = ScreenModel(name: "signup")
                signup.dependencyCoordinator = workflow
                try stack.push(signup)
                try stack.push(TokenConsumerScreen(name: "step"))
                stack.popToRoot()
            }
            #expect(weakWorkflow == nil)
        }

        @Test func aScreenWhoseTransitionFailedIsNotKeptAlive() throws {
            let (window, coordinator) = makeWindow()
            try coordinator.register(
                .destination { (_: TokenConsumerScreen) in throw LookupFailure.noContactSelected })
            let stack = try showStack(ScreenModel(name: "root"), in: window)
            var watched: WeakScreen?
            do {
                let consumer = TokenConsumerScreen(name: "D")
                watched = WeakScreen(consumer)
                #expect(throws: ScreenError.self) { try stack.push(consumer) }
            }
            #expect(watched?.isGone == true)
            #expect(stack.rootScreen!.context.children.isEmpty)
        }

        @Test func anInlineResolverIsReleasedAfterItsTransition() throws {
            let (window, _) = makeWindow()
            let stack = try showStack(ScreenModel(name: "root"), in: window)
            weak var weakCaptured: Owner?
            do {
                let captured = Owner()
                weakCaptured = captured
                try DependencyCoordinator.resolvingNextTransition(
                    .destination { (d: TokenConsumerScreen) in d.token = "\(captured.received.count)" }
                ) {
                    try stack.push(TokenConsumerScreen(name: "D"))
                }
            }
            #expect(weakCaptured == nil)
            #expect((stack.topScreen as? TokenConsumerScreen)?.token == "0")
        }
    }
}
