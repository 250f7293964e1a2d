import Baton
import BatonTesting
import Testing

// The Baton code of the article "Coming from MHDependencyKit", run: each of its blocks, and what
// its prose says of them.

private struct Order {
    let id: String
    let name: String
}

private final class OrderStore {}

private final class OrdersScreen: ScreenModel {
    var selectedOrderID: String? = "42"
    var selectedOrder = Order(id: "42", name: "Books")
    var store: OrderStore?
}

private final class OrderScreen: ScreenModel, OrderIDConfigurable {
    var orderID: String?
    var formatter: OrderFormatter?
    var title: String?
}

private final class OrderFormatter {}

@MainActor private protocol OrderIDConfigurable: AnyObject {
    var orderID: String? { get set }
}

private final class CartScreen: ScreenModel {
    var total = 30
}

private final class PaymentScreen: ScreenModel {
    var total = 0
}

private struct Settings { var theme = "dark" }

private final class Renderer {
    var theme = "light"
}

@MainActor private final class Windows {
    var all: [ScreenWindow] = []
}

@Suite(.isolatedBaton) @MainActor struct ComingFromMHDependencyKitTests {
    /// The windows the tests show, kept alive until the test ends.
    private let windows = Windows()

    /// A visible window showing a stack over `root`, resolved by `coordinator`.
    private func shown(_ root: ScreenModel, coordinator: DependencyCoordinator) throws -> StackScreen {
        let stack = try StackScreen(root: root, name: "stack")
        let window = ScreenWindow()
        window.dependencyCoordinator = coordinator
        try window.setRoot(stack)
        window.makeVisible()
        windows.all.append(window)
        return stack
    }

    // MARK: - The coordinator

    @Test func aWindowsCoordinatorIsInheritedByEveryScreenInIt() throws {
        let window = ScreenWindow()
        let coordinator = DependencyCoordinator.default

        // or one of your own, for a window (every screen in it inherits it) or a workflow:
        let appCoordinator = DependencyCoordinator(name: "app")
        window.dependencyCoordinator = appCoordinator
        let orders = OrdersScreen(name: "orders")
        try window.setRoot(try StackScreen(root: orders))
        #expect(orders.dependencyCoordinator === appCoordinator)
        #expect(coordinator !== appCoordinator)
        #expect(OrdersScreen().dependencyCoordinator === DependencyCoordinator.default)
    }

    @Test(.lenientMisuse) func registeringTheSameKindAndTypesTwiceConflicts() throws {
        let coordinator = DependencyCoordinator(name: "app")
        let resolver = DependencyResolver.direct { (source: OrdersScreen, destination: OrderScreen) in
            destination.orderID = source.selectedOrderID
        }
        try coordinator.register(resolver)
        #expect {
            try coordinator.register(resolver)
        } throws: { error in
            guard case .conflictingResolver = error as? DependencyError else { return false }
            return true
        }
    }

    @Test func childCoordinatorsRunAfterTheirParent() throws {
        let coordinator = DependencyCoordinator(name: "app")
        let child = DependencyCoordinator(name: "child")
        coordinator.addChild(child)
        try coordinator.register(.destination { (order: OrderScreen) in order.title = "parent" })
        try child.register(.destination { (order: OrderScreen) in order.title = (order.title ?? "") + ", child" })
        let stack = try shown(OrdersScreen(name: "orders"), coordinator: coordinator)
        let order = OrderScreen(name: "order")
        try stack.push(order)
        #expect(order.title == "parent, child")
    }

    // MARK: - Resolvers

    @Test func aDirectResolverPassesTheSelectedOrder() throws {
        let coordinator = DependencyCoordinator(name: "app")
        let resolver = DependencyResolver.direct { (source: OrdersScreen, destination: OrderScreen) in
            destination.orderID = source.selectedOrderID
        }
        try coordinator.register(resolver)
        let stack = try shown(OrdersScreen(name: "orders"), coordinator: coordinator)
        let order = OrderScreen(name: "order")
        try stack.push(order)
        #expect(order.orderID == "42")
    }

    @Test func aConsumerResolverRunsWithoutAProvider() throws {
        let coordinator = DependencyCoordinator(name: "app")
        let sharedFormatter = OrderFormatter()
        let orderScreen = OrderScreen(name: "order")
        let resolver = DependencyResolver.consumer { (destination: OrderScreen) in
            destination.formatter = sharedFormatter
        }
        try coordinator.register(resolver)
        try coordinator.resolveDependencies(to: orderScreen)
        #expect(orderScreen.formatter === sharedFormatter)

        // Not for a transition from a screen; it does for a window's root.
        let stack = try shown(OrdersScreen(name: "orders"), coordinator: coordinator)
        let pushed = OrderScreen(name: "pushed")
        try stack.push(pushed)
        #expect(pushed.formatter == nil)
        let window = ScreenWindow()
        window.dependencyCoordinator = coordinator
        let root = OrderScreen(name: "root")
        try window.setRoot(root)
        #expect(root.formatter === sharedFormatter)
    }

    @Test func aDirectResolverWithAnOptionalSourceRunsWithAndWithoutOne() throws {
        let coordinator = DependencyCoordinator(name: "app")
        var sources: [String?] = []
        try coordinator.register(
            .direct { (source: OrdersScreen?, destination: OrderScreen) in sources.append(source?.screenName) })
        let window = ScreenWindow()
        window.dependencyCoordinator = coordinator
        let orders = OrdersScreen(name: "orders")
        try window.setRoot(OrderScreen(name: "root"))
        try window.setRoot(orders)
        try orders.present(OrderScreen(name: "order"))
        #expect(sources == [nil, "orders"])
    }

    @Test func aContextResolverResolvesEveryLaterMatchingDestination() throws {
        let coordinator = DependencyCoordinator(name: "app")
        let resolver = DependencyResolver.context { (source: OrdersScreen, destination: OrderScreen) in
            destination.orderID = source.selectedOrderID
        }
        try coordinator.register(resolver)
        let stack = try shown(OrdersScreen(name: "orders"), coordinator: coordinator)
        try stack.push(ScreenModel(name: "between"))
        let order = OrderScreen(name: "order")
        try stack.push(order)
        #expect(order.orderID == "42")
    }

    @Test func anInitialResolverResolvesTheFirstMatchingDestinationOncePerWindow() throws {
        let coordinator = DependencyCoordinator(name: "app")
        let orderStore = OrderStore()
        let resolver = DependencyResolver.initial { (destination: OrdersScreen) in
            destination.store = orderStore
        }
        try coordinator.register(resolver)
        let first = OrdersScreen(name: "first")
        let stack = try shown(first, coordinator: coordinator)
        let second = OrdersScreen(name: "second")
        try stack.push(second)
        #expect(first.store === orderStore)
        #expect(second.store == nil)

        let otherScene = OrdersScreen(name: "other scene")
        _ = try shown(otherScene, coordinator: coordinator)
        #expect(otherScene.store === orderStore)
    }

    @Test func aTransitionResolverSeesTheSenderAndMatchesTheIdentifier() throws {
        let coordinator = DependencyCoordinator(name: "app")
        let resolver = DependencyResolver.transition(identifier: "showOrder") {
            (transition, source: OrdersScreen, destination: OrderScreen) in
            destination.orderID = transition.sender as? String
        }
        try coordinator.register(resolver)
        let stack = try shown(OrdersScreen(name: "orders"), coordinator: coordinator)
        let order = Order(id: "17", name: "Tea")

        try stack.push(OrderScreen(), identifier: "showOrder", sender: order.id)
        // resolved before OrderScreen's will-appear
        #expect((stack.topScreen as? OrderScreen)?.orderID == "17")
        _ = stack.pop()
        let other = OrderScreen()
        try stack.push(other, identifier: "showOther", sender: order.id)
        #expect(other.orderID == nil)
    }

    @Test func aTypedSenderResolverRunsOnlyForThatSendersType() throws {
        let coordinator = DependencyCoordinator(name: "app")
        let resolver = DependencyResolver.transition(identifier: "showOrder", sender: String.self) {
            (transition, orderID, source: OrdersScreen, destination: OrderScreen) in
            destination.orderID = orderID  // only when the sender is a String
        }
        try coordinator.register(resolver)
        let stack = try shown(OrdersScreen(name: "orders"), coordinator: coordinator)
        let byNumber = OrderScreen()
        try stack.push(byNumber, identifier: "showOrder", sender: 17)
        #expect(byNumber.orderID == nil)
        _ = stack.pop()
        let byText = OrderScreen()
        try stack.push(byText, identifier: "showOrder", sender: "17")
        #expect(byText.orderID == "17")
    }

    // MARK: - Automatic resolution

    @Test func anInlineResolverAppliesToTheFirstTransitionItMatchesAfterTheRegisteredOnes() throws {
        let coordinator = DependencyCoordinator(name: "app")
        try coordinator.register(.destination { (order: OrderScreen) in order.title = "registered" })
        let stack = try shown(OrdersScreen(name: "orders"), coordinator: coordinator)

        try DependencyCoordinator.resolvingNextTransition(
            .direct { (source: OrdersScreen, destination: OrderScreen) in
                destination.title = "Order"
            }
        ) {
            try stack.push(OrderScreen(), identifier: "showOrder")
        }

        #expect((stack.topScreen as? OrderScreen)?.title == "Order")
        _ = stack.pop()
        let again = OrderScreen()
        try stack.push(again)
        #expect(again.title == "registered")
    }

    @Test func aTemporaryContextResolverRunsOnceForTheNextMatchingDestination() throws {
        let coordinator = DependencyCoordinator(name: "app")
        let ordersScreen = OrdersScreen(name: "orders")
        let stack = try shown(ordersScreen, coordinator: coordinator)
        ordersScreen.registerTemporaryContextResolver { (source: OrdersScreen, destination: OrderScreen) in
            destination.title = source.selectedOrder.name
        }
        try stack.push(ScreenModel(name: "between"))
        let first = OrderScreen(name: "first")
        try stack.push(first)
        let second = OrderScreen(name: "second")
        try stack.push(second)
        #expect(first.title == "Books")
        #expect(second.title == nil)
    }

    @Test func manualResolutionHandsTheSourcesCoordinatorOn() throws {
        let coordinator = DependencyCoordinator(name: "app")
        try coordinator.register(
            .direct { (source: OrdersScreen, destination: OrderScreen) in destination.orderID = source.selectedOrderID }
        )
        let sharedFormatter = OrderFormatter()
        try coordinator.register(.consumer { (destination: OrderScreen) in destination.formatter = sharedFormatter })
        let ordersScreen = OrdersScreen(name: "orders")
        ordersScreen.dependencyCoordinator = coordinator
        let orderScreen = OrderScreen(name: "order")

        try coordinator.resolveDependencies(from: ordersScreen, to: orderScreen)
        // optionally with identifier: and sender:
        try coordinator.resolveDependencies(to: orderScreen)  // without a source: consumer resolvers run

        #expect(orderScreen.orderID == "42")
        #expect(orderScreen.formatter === sharedFormatter)
        #expect(orderScreen.dependencyCoordinator === coordinator)
    }

    @Test func aCoordinatorResolvesBetweenAnyTwoValues() throws {
        let coordinator = DependencyCoordinator(name: "app")
        let renderer = Renderer()
        try coordinator.register(
            .direct { (settings: Settings, renderer: Renderer) in renderer.theme = settings.theme })
        try coordinator.resolveDependencies(from: Settings(), to: renderer)
        #expect(renderer.theme == "dark")
    }

    // MARK: - Workflows

    @Test func aWorkflowResolvesTheTransitionsAfterItsScreen() throws {
        let coordinator = DependencyCoordinator(name: "app")
        let checkout = CartScreen(name: "cart")
        let stack = try shown(checkout, coordinator: coordinator)
        checkout.dependencyCoordinator = try checkout.dependencyCoordinator.makeWorkflow(
            named: "checkout",
            adding: [.direct { (cart: CartScreen, payment: PaymentScreen) in payment.total = cart.total }])
        let payment = PaymentScreen(name: "payment")
        try stack.push(payment)
        #expect(payment.total == 30)
        #expect(stack.dependencyCoordinator === coordinator)
    }

    @Test func aTemporaryContextResolverStartsAWorkflowAtTheNextDestination() throws {
        let coordinator = DependencyCoordinator(name: "app")
        let workflow = try coordinator.makeWorkflow(
            named: "order", adding: [.destination { (d: PaymentScreen) in d.total = 99 }])
        let orders = OrdersScreen(name: "orders")
        let stack = try shown(orders, coordinator: coordinator)
        orders.registerTemporaryContextResolver { (_: OrdersScreen, next: OrderScreen) in
            next.dependencyCoordinator = workflow
        }
        let order = OrderScreen(name: "order")
        try stack.push(order)
        let payment = PaymentScreen(name: "payment")
        try stack.push(payment)
        #expect(order.dependencyCoordinator === workflow)
        #expect(payment.total == 99)
    }

    @Test func aWorkflowSharesItsContextResolverWithTheOriginalCoordinator() throws {
        let coordinator = DependencyCoordinator(name: "app")
        try coordinator.register(
            .context { (source: any OrderIDConfigurable, destination: any OrderIDConfigurable) in
                destination.orderID = source.orderID
            })
        let before = OrderScreen(name: "before")
        before.orderID = "1"
        let stack = try shown(before, coordinator: coordinator)
        let checkout = CartScreen(name: "checkout")
        try stack.push(checkout)  // `before` is remembered
        checkout.dependencyCoordinator = try checkout.dependencyCoordinator.makeWorkflow(named: "checkout", adding: [])
        let first = OrderScreen(name: "first in the workflow")
        try stack.push(first)
        #expect(first.orderID == "1")  // the source remembered before the copy
        first.orderID = "7"
        try stack.push(ScreenModel(name: "after"))  // `first` is remembered, by the shared resolver

        let outside = ScreenModel(name: "outside")
        let elsewhere = try shown(outside, coordinator: coordinator)
        let later = OrderScreen(name: "later, outside the workflow")
        try elsewhere.push(later)
        #expect(later.orderID == "7")
    }

    // MARK: - Configurable protocols

    @Test func oneContextResolverBetweenProtocolsPassesTheOrderID() throws {
        let coordinator = DependencyCoordinator(name: "app")
        try coordinator.register(
            .context { (source: any OrderIDConfigurable, destination: any OrderIDConfigurable) in
                destination.orderID = source.orderID
            })
        let first = OrderScreen(name: "first")
        first.orderID = "7"
        let stack = try shown(first, coordinator: coordinator)
        try stack.push(ScreenModel(name: "between"))
        let later = OrderScreen(name: "later")
        try stack.push(later)
        #expect(later.orderID == "7")
    }
}
