import Baton
import BatonTesting
import Testing

@MainActor
private final class OrdersScreen: ScreenModel {
    var selected = "order-7"
}

@MainActor
private final class OrderScreen: ScreenModel {
    var orderID: String?
    var title: String?
    var log: [String] = []
}

@MainActor
private final class TableScreen: ScreenModel {}

@MainActor
private final class CollectionScreen: ScreenModel {}

@MainActor
private final class Recorder {
    var calls: [String] = []
}

/// MHDependencyKit behaviour from its tests and README, ported to Baton.
@MainActor
@Suite(.lenientMisuse)
struct MHDependencyKitParityTests {
    // MARK: - Temporary resolvers (TemporaryDependencyCoordinatorTests)

    @Test func testTemporaryDependencyCoordinatorPrepareSegue() throws {
        let (window, coordinator) = makeWindow()
        try coordinator.register(.direct { (_: ScreenModel, d: OrderScreen) in d.log.append("registered") })
        let stack = try showStack(OrdersScreen(name: "orders"), in: window)
        let first = OrderScreen(name: "first")
        let second = OrderScreen(name: "second")
        try DependencyCoordinator.resolvingNextTransition(
            .direct { (_: OrdersScreen, d: OrderScreen) in d.log.append("inline") }
        ) {
            try stack.push(first)
            stack.pop()
            try stack.push(second)
        }
        // Runs once, after the registered resolver.
        #expect(first.log == ["registered", "inline"])
        #expect(second.log == ["registered"])
    }

    @Test func aTemporaryResolverRunsAfterTheRegisteredOnesSoItOverridesThem() throws {
        let (window, coordinator) = makeWindow()
        try coordinator.register(.destination { (d: OrderScreen) in d.title = "registered" })
        let stack = try showStack(OrdersScreen(name: "orders"), in: window)
        let order = OrderScreen(name: "order")
        try DependencyCoordinator.resolvingNextTransition(.destination { (d: OrderScreen) in d.title = "inline" }) {
            try stack.push(order)
        }
        #expect(order.title == "inline")
    }

    @Test func theInlineResolverWaitsThroughThePushInsideStackScreenInit() throws {
        let (window, _) = makeWindow()
        let orders = OrdersScreen(name: "orders")
        let order = OrderScreen(name: "order")
        try DependencyCoordinator.resolvingNextTransition(
            .direct { (source: OrdersScreen, d: OrderScreen) in d.orderID = source.selected }
        ) {
            let stack = try StackScreen(root: orders, name: "nav")
            try window.setRoot(stack)  // matches nothing: the resolver keeps waiting
            try stack.push(order)
        }
        #expect(order.orderID == "order-7")
    }

    @Test func testHoppingWithTemporaryDependencyCoordinator() throws {
        let (window, _) = makeWindow()
        let stack = try showStack(ScreenModel(name: "start"), in: window)
        // Registered at the start of a workflow, for a screen further on.
        stack.rootScreen!.registerTemporaryContextResolver { (_: ScreenModel, d: OrderScreen) in
            d.log.append("step0")
        }
        try stack.push(ScreenModel(name: "d0"))  // no OrderScreen: keeps waiting
        try stack.push(ScreenModel(name: "d1"))
        let order = OrderScreen(name: "d2")
        try stack.push(order)
        let later = OrderScreen(name: "d3")
        try stack.push(later)
        #expect(order.log == ["step0"])
        #expect(later.log == [])
        #expect(window.dependencyCoordinator.temporaryResolvers.isEmpty)
    }

    /// MHDependencyKit's test of this name: two temporary context resolvers along a chain of
    /// segues, each used up by the one transition it first matches; later transitions, even to a
    /// tab container holding a match for each, fire neither.
    @Test func testTemporaryDependencyCoordinatorWithContextHandlersSingleMatchMultipleDestinations() throws {
        let controller = ScreenModel(name: "controller")
        controller.dependencyCoordinator = DependencyCoordinator(name: "controller")
        var calls: [String] = []
        // resolver 1
        controller.registerTemporaryContextResolver { (_: ScreenModel, d: TableScreen) in
            calls.append("resolver 1: \(d.screenName)")
        }
        // resolver 2
        controller.registerTemporaryContextResolver { (_: ScreenModel, d: CollectionScreen) in
            calls.append("resolver 2: \(d.screenName)")
        }
        let destinations: [ScreenModel] = [
            ScreenModel(name: "d0"),
            try StackScreen(root: CollectionScreen(name: "d1 root"), name: "d1"),
            ScreenModel(name: "d2"),
            ScreenModel(name: "d3"),
            TableScreen(name: "d4"),
            try TabScreen(
                tabs: [
                    try StackScreen(root: CollectionScreen(name: "d5 tab 1 root"), name: "d5 tab 1"),
                    TableScreen(name: "d5 tab 2"),
                ], name: "d5"),
        ]
        // prepare(for:sender:) of a segue from each screen to the next, with the source's coordinator.
        var source = controller
        for (index, destination) in destinations.enumerated() {
            try source.dependencyCoordinator.resolveDependencies(
                from: source, to: destination, identifier: "test\(index)")
            source = destination
        }
        #expect(calls == ["resolver 2: d1 root", "resolver 1: d4"])
        #expect(controller.dependencyCoordinator.temporaryResolvers.isEmpty)
    }

    /// MHDependencyKit's test of this name (WorkflowDependencyCoordinatorTests): a temporary
    /// context resolver runs for every matching destination of the resolution it first matches, a
    /// navigation controller and its root, and each run may set a workflow on its destination.
    @Test func testTemporaryAndWorkflowCoordinatorCompositionWhenGoingBackAndForward() throws {
        let root = ScreenModel(name: "root")
        let rootCoordinator = DependencyCoordinator(name: "root")
        // Just to transfer the coordinators.
        try rootCoordinator.register(.context { (_: ScreenModel, _: ScreenModel) in })
        root.dependencyCoordinator = rootCoordinator
        var calls: [String] = []
        var stacks: [StackScreen] = []
        for iteration in 1...2 {
            root.registerTemporaryContextResolver { (_: ScreenModel, destination: ScreenModel) in
                // Called 2 times: 1 for the stack and 1 for its root.
                calls.append("\(iteration): \(destination.screenName)")
                destination.dependencyCoordinator = try destination.dependencyCoordinator.makeWorkflow(
                    named: "workflow \(iteration)", adding: [])
            }
            #expect(root.dependencyCoordinator === rootCoordinator)
            #expect(rootCoordinator.temporaryResolvers.count == 1)
            let stack = try StackScreen(
                root: ScreenModel(name: "top \(iteration)"), name: "nav \(iteration)")
            try rootCoordinator.resolveDependencies(from: root, to: stack)
            stacks.append(stack)
            #expect(root.dependencyCoordinator === rootCoordinator)
            #expect(rootCoordinator.temporaryResolvers.isEmpty)
        }
        #expect(calls == ["1: nav 1", "1: top 1", "2: nav 2", "2: top 2"])
        // Each run set a workflow on its destination: the stack's root has one of its own.
        #expect(stacks.map { $0.dependencyCoordinator.name } == ["workflow 1", "workflow 2"])
        #expect(stacks.map { $0.rootScreen!.dependencyCoordinator.name } == ["workflow 1", "workflow 2"])
        #expect(stacks.allSatisfy { $0.rootScreen!.dependencyCoordinator !== $0.dependencyCoordinator })
    }

    @Test func aTemporaryContextResolverRunsForEveryMatchingDestinationOfTheTransitionItFirstMatches() throws {
        let (window, _) = makeWindow()
        let stack = try showStack(ScreenModel(name: "start"), in: window)
        var resolved: [String] = []
        stack.rootScreen!.registerTemporaryContextResolver { (_: ScreenModel, d: OrderScreen) in
            resolved.append(d.screenName)
        }
        try stack.push(ScreenModel(name: "no order"))  // matches no destination: keeps waiting
        let tabs = try TabScreen(
            tabs: [OrderScreen(name: "tab1"), OrderScreen(name: "tab2")], name: "tabs")
        try stack.push(tabs)
        try stack.push(OrderScreen(name: "after"))
        #expect(resolved == ["tab1", "tab2"])
        #expect(window.dependencyCoordinator.temporaryResolvers.isEmpty)
    }

    @Test func anInlineResolverRunsForEveryMatchingDestinationOfItsTransition() throws {
        let (window, _) = makeWindow()
        let stack = try showStack(OrdersScreen(name: "orders"), in: window)
        var resolved: [String] = []
        try DependencyCoordinator.resolvingNextTransition(
            .destination { (d: OrderScreen) in resolved.append(d.screenName) }
        ) {
            try stack.push(
                try TabScreen(
                    tabs: [OrderScreen(name: "tab1"), OrderScreen(name: "tab2")], name: "tabs"))
            try stack.push(OrderScreen(name: "after"))
        }
        #expect(resolved == ["tab1", "tab2"])
    }

    // MARK: - Consumer resolvers (ConsumerDependencyResolverTests)

    @Test func testCorrectAnyConsumerDependencyResolverComposition() throws {
        let coordinator = DependencyCoordinator(name: "values")
        var ran: [String] = []
        try coordinator.register(.direct { (_: Any, _: Any) in ran.append("any → any") })
        try coordinator.register(.direct { (_: String, _: Int) in ran.append("string → int") })
        try coordinator.register(.direct { (_: Any, _: Int) in ran.append("any → int") })
        try coordinator.register(.direct { (_: String, _: Any) in ran.append("string → any") })
        try coordinator.register(.direct { (_: Void, _: Int) in ran.append("void → int") })
        try coordinator.register(.direct { (_: Any, _: Void) in ran.append("any → void") })
        try coordinator.register(.consumer { (_: Any) in ran.append("consumer any") })
        try coordinator.register(.consumer { (_: Int) in ran.append("consumer int") })
        try coordinator.register(.consumer { (_: String) in ran.append("consumer string") })
        try coordinator.resolveDependencies(from: (), to: 5)
        #expect(ran == ["any → any", "any → int", "void → int", "consumer any", "consumer int"])
        ran = []
        try coordinator.resolveDependencies(to: 5)
        #expect(ran == ["any → any", "any → int", "void → int", "consumer any", "consumer int"])
    }

    @Test func testIncorrectAnyConsumerDependencyResolverComposition() throws {
        let coordinator = DependencyCoordinator(name: "values")
        var ran: [String] = []
        try coordinator.register(.direct { (_: Any, _: Any) in ran.append("any → any") })
        try coordinator.register(.direct { (_: String, _: Int) in ran.append("string → int") })
        try coordinator.register(.direct { (_: Any, _: Int) in ran.append("any → int") })
        try coordinator.register(.direct { (_: String, _: Any) in ran.append("string → any") })
        try coordinator.register(.direct { (_: Void, _: Int) in ran.append("void → int") })
        try coordinator.register(.direct { (_: Any, _: Void) in ran.append("any → void") })
        try coordinator.register(.consumer { (_: Any) in ran.append("consumer any") })
        try coordinator.register(.consumer { (_: Int) in ran.append("consumer int") })
        try coordinator.resolveDependencies(from: "5", to: 5)
        #expect(ran == ["any → any", "string → int", "any → int", "string → any"])
    }

    @Test func consumerResolversRunForScreensOnlyWithoutASource() throws {
        let (window, coordinator) = makeWindow()
        try coordinator.register(.consumer { (d: OrderScreen) in d.log.append("consumer") })
        try coordinator.register(.destination { (d: OrderScreen) in d.log.append("destination") })
        let root = OrderScreen(name: "root")
        try window.setRoot(root)  // a root comes from no screen
        #expect(root.log == ["consumer", "destination"])
        let manual = OrderScreen(name: "manual")
        try coordinator.resolveDependencies(to: manual)
        #expect(manual.log == ["consumer", "destination"])
        let pushed = OrderScreen(name: "pushed")
        try coordinator.resolveDependencies(from: OrdersScreen(name: "orders"), to: pushed)
        #expect(pushed.log == ["destination"])
    }

    @Test func aResolverWithAnOptionalSourceAlsoRunsWithoutOne() throws {
        let coordinator = DependencyCoordinator(name: "app")
        try coordinator.register(
            .direct { (source: OrdersScreen?, d: OrderScreen) in d.orderID = source?.selected ?? "none" })
        let alone = OrderScreen(name: "alone")
        try coordinator.resolveDependencies(to: alone)
        #expect(alone.orderID == "none")
        let fromOrders = OrderScreen(name: "from-orders")
        try coordinator.resolveDependencies(from: OrdersScreen(name: "orders"), to: fromOrders)
        #expect(fromOrders.orderID == "order-7")
    }

    // MARK: - Any types, senders

    @Test func testResolversOverAnyProviderAndConsumer() throws {
        struct Settings { var theme = "dark" }
        final class Renderer { var theme = "" }
        let coordinator = DependencyCoordinator(name: "values")
        try coordinator.register(
            .direct { (settings: Settings, renderer: Renderer) in renderer.theme = settings.theme })
        try coordinator.register(.direct { (type: Int.Type, renderer: Renderer) in renderer.theme += " \(type)" })
        let renderer = Renderer()
        try coordinator.resolveDependencies(from: Settings(), to: renderer)
        try coordinator.resolveDependencies(from: Int.self, to: renderer)
        #expect(renderer.theme == "dark Int")
    }

    @Test func testSegueResolverMatchesTheSendersType() throws {
        let (window, coordinator) = makeWindow()
        try coordinator.register(
            .transition(identifier: "showOrder", sender: String.self) { (_, orderID, _: OrdersScreen, d: OrderScreen) in
                d.orderID = orderID
            })
        let stack = try showStack(OrdersScreen(name: "orders"), in: window)
        let byString = OrderScreen(name: "by-string")
        try stack.push(byString, identifier: "showOrder", sender: "order-1")
        stack.pop()
        let byNumber = OrderScreen(name: "by-number")
        try stack.push(byNumber, identifier: "showOrder", sender: 1)
        #expect(byString.orderID == "order-1")
        #expect(byNumber.orderID == nil)
    }

    // MARK: - Once per container, transition, window

    @Test func tabsAreResolvedWhenTheContainerIsShownAndNotOnEachSwitch() throws {
        let (window, coordinator) = makeWindow()
        var resolved: [String] = []
        try coordinator.register(.destination { (d: OrderScreen) in resolved.append(d.screenName) })
        let tabs = try TabScreen(
            tabs: [OrderScreen(name: "tab1"), OrderScreen(name: "tab2")], name: "tabs")
        try window.setRoot(tabs)
        tabs.select(at: 1)
        tabs.select(at: 0)
        #expect(resolved == ["tab1", "tab2"])
    }

    @Test func aTransitionResolverRunsOncePerTransition() throws {
        let (window, coordinator) = makeWindow()
        var seen: [String] = []
        try coordinator.register(
            .transition { (transition, _: OrdersScreen, d: OrderScreen) in
                seen.append("\(transition.destination.screenName) for \(d.screenName)")
            })
        let stack = try showStack(OrdersScreen(name: "orders"), in: window)
        let tabs = try TabScreen(
            tabs: [OrderScreen(name: "tab1"), OrderScreen(name: "tab2")], name: "tabs")
        try stack.push(tabs)
        #expect(seen == ["tabs for tab1"])
    }

    @Test func initialResolversRunOncePerWindow() throws {
        let coordinator = DependencyCoordinator(name: "app")
        var seen: [String] = []
        try coordinator.register(.initial { (d: OrderScreen) in seen.append(d.screenName) })
        let first = ScreenWindow()
        first.dependencyCoordinator = coordinator
        try first.setRoot(OrderScreen(name: "first-root"))
        try first.setRoot(OrderScreen(name: "first-again"))
        let second = ScreenWindow()  // a second scene
        second.dependencyCoordinator = coordinator
        try second.setRoot(OrderScreen(name: "second-root"))
        #expect(seen == ["first-root", "second-root"])
    }

    // MARK: - Workflows and manual resolution

    @Test func aWorkflowSetOnAContainerReachesChildrenWithACoordinatorOfTheirOwn() throws {
        let (window, coordinator) = makeWindow()
        try coordinator.register(.destination { (d: OrderScreen) in d.title = "app" })
        let childOwn = DependencyCoordinator(name: "child")
        let list = OrdersScreen(name: "list")
        let stack = try StackScreen(root: list, name: "nav")
        try window.setRoot(stack)
        list.dependencyCoordinator = childOwn
        let workflow = try coordinator.makeWorkflow(
            named: "checkout", adding: [.destination { (d: OrderScreen) in d.title = "checkout" }])
        stack.dependencyCoordinator = workflow  // setupWorkflowDependencyCoordinator on the container
        #expect(list.dependencyCoordinator === workflow)
        let order = OrderScreen(name: "order")
        try stack.push(order)
        #expect(order.title == "checkout")
    }

    @Test func setupDestinationWorkflowDependencyCoordinatorStartsAtTheNextDestination() throws {
        let (window, coordinator) = makeWindow()
        let workflow = try coordinator.makeWorkflow(
            named: "order", adding: [.destination { (d: OrderScreen) in d.log.append("workflow") }])
        let orders = OrdersScreen(name: "orders")
        let stack = try showStack(orders, in: window)
        orders.registerTemporaryContextResolver { (_: OrdersScreen, next: OrderScreen) in
            next.dependencyCoordinator = workflow
        }
        let first = OrderScreen(name: "first")
        try stack.push(first)
        let second = OrderScreen(name: "second")
        try stack.push(second)
        #expect(first.log == [])
        #expect(first.dependencyCoordinator === workflow)
        #expect(second.log == ["workflow"])
    }

    @Test func twoBranchesOfOneWorkflowDoNotSeeEachOthersContextSources() throws {
        let (window, coordinator) = makeWindow()
        try coordinator.register(
            .context { (source: TokenSourceScreen, destination: TokenConsumerScreen) in
                destination.token = source.token
            })
        let outer = TokenSourceScreen(name: "outer", token: "from outer")
        let stack = try showStack(outer, in: window)
        let branch1 = try StackScreen(root: ScreenModel(name: "t1"), name: "branch1")
        let branch2 = try StackScreen(root: ScreenModel(name: "t2"), name: "branch2")
        try stack.push(try TabScreen(tabs: [branch1, branch2], name: "tabs"))
        let inner = TokenSourceScreen(name: "inner", token: "from branch1")
        try branch1.push(inner)
        let consumer1 = TokenConsumerScreen(name: "c1")
        try branch1.push(consumer1)
        let consumer2 = TokenConsumerScreen(name: "c2")
        try branch2.push(consumer2)
        #expect(consumer1.token == "from branch1")
        #expect(consumer2.token == "from outer")  // not branch1's source
        // Later in branch1, its own source still applies.
        let consumer3 = TokenConsumerScreen(name: "c3")
        try branch1.push(consumer3)
        #expect(consumer3.token == "from branch1")
    }

    @Test func manualResolutionHandsTheSourcesCoordinatorOn() throws {
        let workflow = DependencyCoordinator(name: "workflow")
        try workflow.register(.destination { (d: OrderScreen) in d.log.append("workflow") })
        let orders = OrdersScreen(name: "orders")
        orders.dependencyCoordinator = workflow
        let order = OrderScreen(name: "order")
        try DependencyCoordinator(name: "manual").resolveDependencies(from: orders, to: order)
        #expect(order.dependencyCoordinator === workflow)
        let own = DependencyCoordinator(name: "own")
        let other = OrderScreen(name: "other")
        other.dependencyCoordinator = own
        try DependencyCoordinator(name: "manual").resolveDependencies(from: orders, to: other)
        #expect(other.dependencyCoordinator === own)
    }
}
