import Baton
import BatonTesting
import Testing

// The code of the article "Resolving dependencies between screens", run: each of its blocks, and
// what its prose says of them.

private struct Order {
    let id: String
    let name: String
}

private final class OrderListScreen: ScreenModel {
    var selectedOrder = Order(id: "42", name: "Books")
}

@MainActor private protocol OrderIDConfigurable: AnyObject {
    var orderID: String? { get set }
}

private final class OrderDetailsScreen: ScreenModel, OrderIDConfigurable {
    var orderID: String?
    var title: String?
    private(set) var shownOrderID: String?

    override func willAppear() {
        shownOrderID = orderID  // already resolved
    }
}

private final class OrderEditScreen: ScreenModel, OrderIDConfigurable { var orderID: String? }

private final class HelpScreen: ScreenModel {}

/// A screen that passes an order ID on, for the context resolver's workflow.
private final class OrderScreen: ScreenModel, OrderIDConfigurable {
    var orderID: String?

    init(_ name: String, orderID: String? = nil) {
        self.orderID = orderID
        super.init(name: name)
    }
}

private final class AppClock {}

@MainActor private protocol ClockConfigurable: AnyObject {
    var clock: AppClock? { get set }
}

private final class ClockScreen: ScreenModel, ClockConfigurable {
    var clock: AppClock?
}

private struct Session: Equatable {
    let user: String
}

@MainActor private protocol SessionConfigurable: AnyObject {
    var session: Session? { get set }
}

private final class HomeScreen: ScreenModel, SessionConfigurable {
    var session: Session?
}

private final class SignupScreen: ScreenModel {
    var email = "ada@example.com"
}

private final class TermsScreen: ScreenModel {
    var email: String?
}

private final class CoordinatesModel {
    static func load() -> CoordinatesModel { CoordinatesModel() }
}

@MainActor private protocol CoordinatesConfigurable: AnyObject {
    var coordinates: CoordinatesModel? { get set }
}

private final class EntryScreen: ScreenModel, CoordinatesConfigurable {
    var coordinates: CoordinatesModel?
}

@MainActor private final class Windows {
    var all: [ScreenWindow] = []
}

@Suite(.isolatedBaton) @MainActor struct ResolvingDependenciesArticleTests {
    /// A visible window showing a stack over `root`.
    /// The windows the tests show, kept alive until the test ends.
    private let windows = Windows()

    private func shown(_ root: ScreenModel) throws -> (ScreenWindow, StackScreen) {
        let stack = try StackScreen(root: root, name: "stack")
        let window = ScreenWindow()
        try window.setRoot(stack)
        window.makeVisible()
        windows.all.append(window)
        return (window, stack)
    }

    // MARK: - Overview and direct resolvers

    @Test func aPushResolvesTheDestinationBeforeItsWillAppear() throws {
        let (window, stack) = try shown(OrderListScreen(name: "orders"))
        let coordinator = DependencyCoordinator(name: "app")
        window.dependencyCoordinator = coordinator

        try coordinator.register(
            .direct { (source: OrderListScreen, destination: OrderDetailsScreen) in
                destination.orderID = source.selectedOrder.id
            })

        try stack.push(OrderDetailsScreen())  // orderID is set before the details' will-appear
        let details = try #require(stack.topScreen as? OrderDetailsScreen)
        #expect(details.orderID == "42")
        #expect(details.shownOrderID == "42")
        _ = stack.pop()
        #expect(stack.topScreen is OrderListScreen)
    }

    @Test func aDirectResolverRunsOnlyRightAfterItsSource() throws {
        let (window, stack) = try shown(OrderListScreen(name: "orders"))
        let coordinator = DependencyCoordinator(name: "app")
        window.dependencyCoordinator = coordinator
        try coordinator.register(
            .direct { (source: OrderListScreen, destination: OrderDetailsScreen) in
                destination.orderID = source.selectedOrder.id
            })
        try stack.push(HelpScreen(name: "help"))
        let details = OrderDetailsScreen()
        try stack.push(details)
        #expect(details.orderID == nil)
    }

    // MARK: - Configurables, destination only

    @Test func oneRegistrationServesEveryConformingPair() throws {
        let (window, stack) = try shown(OrderDetailsScreen(name: "details"))
        let coordinator = DependencyCoordinator(name: "app")
        window.dependencyCoordinator = coordinator
        try #require(stack.topScreen as? OrderDetailsScreen).orderID = "7"

        try coordinator.register(
            .direct { (source: any OrderIDConfigurable, destination: any OrderIDConfigurable) in
                destination.orderID = source.orderID
            })

        let edit = OrderEditScreen()
        try stack.push(edit)
        #expect(edit.orderID == "7")
    }

    @Test func aDestinationResolverRunsWhateverTheSourceEvenForTheFirstRoot() throws {
        let coordinator = DependencyCoordinator(name: "app")
        let appClock = AppClock()
        try coordinator.register(
            .destination { (destination: any ClockConfigurable) in
                destination.clock = appClock
            })
        let window = ScreenWindow()
        window.dependencyCoordinator = coordinator
        let root = ClockScreen(name: "root")
        try window.setRoot(root)
        let next = ClockScreen(name: "next")
        try root.present(next)
        #expect(root.clock === appClock)
        #expect(next.clock === appClock)
    }

    // MARK: - Context

    @Test func aContextResolverResolvesFromTheLastSourceAnywhereEarlier() throws {
        let a = OrderScreen("A", orderID: "from A")
        let (window, stack) = try shown(a)
        let coordinator = DependencyCoordinator(name: "app")
        window.dependencyCoordinator = coordinator

        try coordinator.register(
            .context { (source: any OrderIDConfigurable, destination: any OrderIDConfigurable) in
                destination.orderID = source.orderID
            })

        let b = OrderScreen("B", orderID: "B's own")
        try stack.push(b)  // the adjacent pair resolves too
        #expect(b.orderID == "from A")
        try stack.push(HelpScreen(name: "C"))
        let d = OrderScreen("D")
        try stack.push(d)  // B, the newest source, replaced A
        #expect(d.orderID == "from A")
    }

    @Test func aContextSourceIsHeldWeakly() throws {
        let (window, stack) = try shown(HelpScreen(name: "X"))
        let coordinator = DependencyCoordinator(name: "app")
        window.dependencyCoordinator = coordinator
        try coordinator.register(
            .context { (source: any OrderIDConfigurable, destination: any OrderIDConfigurable) in
                destination.orderID = source.orderID
            })
        try stack.push(OrderScreen("A", orderID: "from A"))
        try stack.push(HelpScreen(name: "B"))  // A is left: the context starts
        _ = stack.popToRoot()  // A is released
        try stack.push(HelpScreen(name: "C"))
        let d = OrderScreen("D")
        try stack.push(d)
        #expect(d.orderID == nil)
    }

    // MARK: - Initial, transition, one-shot, manual

    @Test func anInitialResolverResolvesTheFirstMatchingScreenOnce() throws {
        let coordinator = DependencyCoordinator(name: "app")
        let restoredSession = Session(user: "ada")
        try coordinator.register(
            .initial { (destination: any SessionConfigurable) in
                destination.session = restoredSession
            })
        let window = ScreenWindow()
        window.dependencyCoordinator = coordinator
        let first = HomeScreen(name: "first")
        try window.setRoot(first)
        let second = HomeScreen(name: "second")
        try first.present(second)
        #expect(first.session == Session(user: "ada"))
        #expect(second.session == nil)
    }

    @Test func aTransitionResolverSeesTheIdentifierAndTheSender() throws {
        let list = OrderListScreen(name: "orders")
        let (window, stack) = try shown(list)
        let coordinator = DependencyCoordinator(name: "app")
        window.dependencyCoordinator = coordinator
        let tappedOrder = Order(id: "17", name: "Tea")

        try coordinator.register(
            .transition(identifier: "showOrder") {
                (transition, source: OrderListScreen, destination: OrderDetailsScreen) in
                destination.orderID = transition.sender as? String
            })

        try stack.push(OrderDetailsScreen(), identifier: "showOrder", sender: tappedOrder.id)
        #expect((stack.topScreen as? OrderDetailsScreen)?.orderID == "17")
        _ = stack.pop()
        let other = OrderDetailsScreen()
        try stack.push(other, identifier: "showOther", sender: tappedOrder.id)
        #expect(other.orderID == nil)
    }

    @Test func aOneShotResolverAppliesToTheNextTransitionOnly() throws {
        let (_, stack) = try shown(OrderListScreen(name: "orders"))

        try DependencyCoordinator.resolvingNextTransition(
            .direct { (source: OrderListScreen, destination: OrderDetailsScreen) in
                destination.title = source.selectedOrder.name
            }
        ) {
            try stack.push(OrderDetailsScreen())
        }

        #expect((stack.topScreen as? OrderDetailsScreen)?.title == "Books")
        _ = stack.pop()
        let again = OrderDetailsScreen()
        try stack.push(again)
        #expect(again.title == nil)
    }

    @Test func manualResolutionRunsTheResolversAndWiresNoContext() throws {
        let coordinator = DependencyCoordinator(name: "app")
        try coordinator.register(
            .direct { (source: OrderListScreen, destination: OrderDetailsScreen) in
                destination.orderID = source.selectedOrder.id
            })
        let orderList = OrderListScreen(name: "orders")
        let orderDetails = OrderDetailsScreen(name: "details")

        try coordinator.resolveDependencies(from: orderList, to: orderDetails)

        #expect(orderDetails.orderID == "42")
        #expect(orderDetails.context.parent == nil)
    }

    // MARK: - Container matching

    @Test func everyMatchingTabOfAPresentedContainerIsResolved() throws {
        let orderList = OrderListScreen(name: "orders")
        let (window, _) = try shown(orderList)
        let coordinator = DependencyCoordinator(name: "app")
        window.dependencyCoordinator = coordinator
        try coordinator.register(
            .direct { (source: OrderListScreen, destination: any OrderIDConfigurable) in
                destination.orderID = source.selectedOrder.id
            })

        let tabs = try TabScreen(tabs: [OrderDetailsScreen(), OrderEditScreen(), HelpScreen()])
        try orderList.present(tabs)  // the details and edit tabs both receive the order ID

        #expect(tabs.tabs.compactMap { ($0 as? any OrderIDConfigurable)?.orderID } == ["42", "42"])
    }

    @Test func selectingATabRunsNothingItsTabsWereResolvedWhenTheContainerWasShown() throws {
        let orderList = OrderListScreen(name: "orders")
        let (window, _) = try shown(orderList)
        let coordinator = DependencyCoordinator(name: "app")
        window.dependencyCoordinator = coordinator
        var resolved: [String] = []
        try coordinator.register(.destination { (screen: OrderDetailsScreen) in resolved.append(screen.screenName) })
        let tabs = try TabScreen(tabs: [OrderDetailsScreen(name: "first"), OrderDetailsScreen(name: "second")])
        try orderList.present(tabs)
        #expect(resolved == ["first", "second"])
        tabs.select(at: 1)  // going to another tab, as going back, resolves nothing
        tabs.select(at: 0)
        #expect(resolved == ["first", "second"])
    }

    // MARK: - Which coordinator resolves a transition

    @Test func aWorkflowCoordinatorResolvesTheTransitionsAfterItsScreen() throws {
        let main = HelpScreen(name: "main")
        let window = ScreenWindow()
        let coordinator = DependencyCoordinator(name: "app")
        window.dependencyCoordinator = coordinator
        try window.setRoot(main)
        window.makeVisible()
        let signup = SignupScreen(name: "signup")

        signup.dependencyCoordinator = try coordinator.makeWorkflow(
            named: "signup",
            adding: [
                .direct { (source: SignupScreen, destination: TermsScreen) in
                    destination.email = source.email
                }
            ])
        try main.present(signup)

        let terms = TermsScreen(name: "terms")
        try signup.present(terms)
        #expect(terms.email == "ada@example.com")
        #expect(terms.dependencyCoordinator.name == "signup")
        #expect(main.dependencyCoordinator === coordinator)
    }

    // MARK: - Sharing one model across the app

    @Test func oneDestinationResolverHandsTheSameModelToEveryScreen() throws {
        let coordinator = DependencyCoordinator(name: "app")

        let model = CoordinatesModel.load()  // owned by the app
        try coordinator.register(.destination { (screen: any CoordinatesConfigurable) in screen.coordinates = model })

        let window = ScreenWindow()
        window.dependencyCoordinator = coordinator
        let entry = EntryScreen(name: "entry")
        let stack = try StackScreen(root: entry)
        try window.setRoot(stack)
        let next = EntryScreen(name: "next")
        try stack.push(next)
        #expect(entry.coordinates === model)
        #expect(next.coordinates === model)
    }
}
