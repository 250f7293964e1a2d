import BatonTesting
import Observation
import Testing

@_spi(Adapters) @testable import Baton

/// The flows BatonSwiftUI relies on, driven headlessly: a destination is resolved before the
/// state that a SwiftUI view renders shows it, and reads outside any tracking record nothing.
@MainActor
@Suite(.lenientMisuse)
struct SwiftUIFlowTests {
    final class OrderListScreen: ScreenModel { var selectedOrder = "A-1" }
    final class OrderDetailsScreen: ScreenModel { var orderID: String? }

    // MARK: - Resolved before it appears

    @Test func aPushedDestinationIsResolvedBeforeTheNavigationPathShowsIt() throws {
        let list = OrderListScreen(name: "list")
        let stack = try StackScreen(root: list)
        let window = try makeVisibleWindow(root: stack)
        try window.dependencyCoordinator.register(
            .direct { (source: OrderListScreen, destination: OrderDetailsScreen) in
                destination.orderID = source.selectedOrder
            })
        let details = OrderDetailsScreen(name: "details")
        let seenWhenThePathChanged = SeenOrder()
        withObservationTracking {
            _ = stack.navigationPath
        } onChange: {
            MainActor.assumeIsolated {
                seenWhenThePathChanged.orderID = details.orderID
                seenWhenThePathChanged.path = stack.navigationPath
            }
        }
        list.selectedOrder = "B-2"
        try stack.push(details)
        #expect(seenWhenThePathChanged.orderID == "B-2")
        #expect(seenWhenThePathChanged.path == [ScreenIdentity(details)])
    }

    @Test func aPresentedScreenIsResolvedBeforeThePresentationItemShowsIt() throws {
        let list = OrderListScreen(name: "list")
        let window = try makeVisibleWindow(root: list)
        try window.dependencyCoordinator.register(
            .direct { (source: OrderListScreen, destination: OrderDetailsScreen) in
                destination.orderID = source.selectedOrder
            })
        let details = OrderDetailsScreen(name: "details")
        let seen = SeenOrder()
        withObservationTracking {
            _ = list.presentedIdentity
        } onChange: {
            MainActor.assumeIsolated { seen.orderID = details.orderID }
        }
        try list.present(details)
        #expect(seen.orderID == "A-1")
        #expect(list.presentedIdentity == ScreenIdentity(details))
    }

    @Test func aFailedResolutionNeverShowsTheDestination() throws {
        struct Refused: Error {}
        let list = OrderListScreen(name: "list")
        let stack = try StackScreen(root: list)
        let window = try makeVisibleWindow(root: stack)
        try window.dependencyCoordinator.register(
            .direct { (_: OrderListScreen, _: OrderDetailsScreen) throws in throw Refused() })
        let change = track { _ = stack.navigationPath }
        #expect(throws: ScreenError.self) { try stack.push(OrderDetailsScreen(name: "details")) }
        #expect(change.count == 0)
        #expect(stack.navigationPath.isEmpty)
    }

    // MARK: - Untracked reads

    @Test func readsOutsideAnyTrackingRecordNothing() throws {
        let app = ScreenContext(name: "app")
        let form = ScreenContext(name: "form", parent: app)
        let owner = Owner()
        try app.provide(TotalWeight.self, owner: owner) { _ in 40 }
        _ = form[UserID.self]
        _ = form.contains(UserID.self)
        _ = try form.value(for: UserID.self, in: "app")
        _ = try form.request(TotalWeight.self)
        _ = form.canRequest(TotalWeight.self)
        #expect(form.trackedReads.isEmpty)
        #expect(app.trackedReads.isEmpty)
        _ = track { _ = form[UserID.self] }
        #expect(Array(form.trackedReads.keys) == [.value(ObjectIdentifier(UserID.self))])
    }
}

/// What a tracking's `onChange` saw; written on the main actor.
final class SeenOrder: @unchecked Sendable {
    var orderID: String?
    var path: [ScreenIdentity] = []
}

@MainActor
@Suite(.lenientMisuse)
struct EnclosingStackTests {
    @Test func aScreenFindsTheStackItIsOnThroughItsContainers() throws {
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list)
        let colors = ScreenModel(name: "colors")
        let tabs = try TabScreen(tabs: [colors])
        try stack.push(tabs)
        #expect(list.enclosingStack === stack)
        #expect(colors.enclosingStack === stack)
        #expect(stack.enclosingStack == nil)
        #expect(ScreenModel().enclosingStack == nil)
    }

    @Test func aPresentedScreenIsNotOnItsPresentersStack() throws {
        let list = ScreenModel(name: "list")
        _ = try StackScreen(root: list)
        let sheet = ScreenModel(name: "sheet")
        try list.present(sheet)
        #expect(sheet.enclosingStack == nil)
    }
}

@MainActor
@Suite(.lenientMisuse)
struct ObservationReaderListTests {
    enum NeverWritten: ContextKey { typealias Value = Int }

    @Test(.heavyOnTheMainActor) func readersOfAKeyThatIsNeverWrittenDoNotPileUp() async {
        let app = ScreenContext(name: "app")
        for index in 0..<10_000 {
            await shareTheMainActor(at: index, every: 50)
            let screen = ScreenContext(name: "screen", parent: app)
            _ = track { _ = screen[NeverWritten.self] }
            _ = track { _ = try? screen.request(NeverWritten.self) }
        }
        let id = ObjectIdentifier(NeverWritten.self)
        #expect(ObservationReaders.values[id, default: []].count <= 32)
        #expect(ObservationReaders.providers[id, default: []].count <= 32)
    }
}

/// SwiftUI's back button and back swipe write the navigation path, which
/// `followNavigationPath(_:)` turns into a pop with the same order as `pop()`.
@MainActor
@Suite(.lenientMisuse)
struct NavigationPathPopTests {
    /// A list that pushes `more` the first time it reappears.
    final class ReturningListScreen: ScreenModel {
        var pushesOnReturn: ScreenModel?
        override func willAppear() {
            guard let more = pushesOnReturn, let stack = parentScreen as? StackScreen else { return }
            pushesOnReturn = nil
            try? stack.push(more)
        }
    }

    private func popLog(_ pop: (StackScreen) -> Void) throws -> [String] {
        let list = ReturningListScreen(name: "list")
        let stack = try StackScreen(root: list)
        let window = try makeVisibleWindow(root: stack)
        try stack.push(ScreenModel(name: "detail"))
        list.pushesOnReturn = ScreenModel(name: "more")
        window.clearLogs()
        pop(stack)
        return window.lifecycleLog.map(\.description)
    }

    @Test func aTransitionRequestedDuringASwiftUIBackButtonPopRunsAfterIt() throws {
        let expected = [
            "detail.willDisappear", "list.willAppear", "detail.didDisappear", "list.didAppear",
            "list.willDisappear", "more.willAppear", "list.didDisappear", "more.didAppear",
        ]
        #expect(try popLog { $0.pop() } == expected)
        #expect(try popLog { $0.followNavigationPath([]) } == expected)
    }
}

/// BatonSwiftUI's `@ContextValue` depends on telling whether a read happens inside an
/// Observation tracking scope; if the Observation module changes how it records an access, this
/// fails, and so does the check BatonSwiftUI runs once in debug builds on a device.
@MainActor
@Suite struct ObservationDetectionTests {
    @Test func aReadInsideATrackingScopeIsDetectedAndOneOutsideIsNot() {
        #expect(!isObservationTracking())
        var inside = false
        withObservationTracking {
            inside = isObservationTracking()
        } onChange: {
        }
        #expect(inside)
        #expect(ObservationSupport.detectsTracking())
    }
}
