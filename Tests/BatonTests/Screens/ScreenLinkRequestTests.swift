@_spi(Adapters) import Baton
import BatonTesting
import Testing

/// The core of BatonSwiftUI's `ScreenLink`: a push link pushes through the stack's navigation
/// path with its identifier and sender, a push link with no stack is a typed error, and a link
/// can deliver the result its screen finishes with.
@MainActor
@Suite(.lenientMisuse)
struct ScreenLinkRequestTests {
    final class ItemScreen: ScreenModel {
        var seen: String?
    }

    @Test func aPushLinkFollowedThroughTheNavigationPathPushesWithItsIdentifierAndSender() throws {
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        let window = try makeVisibleWindow(root: stack)
        try window.dependencyCoordinator.register(
            .transition(identifier: "showItem", sender: String.self) {
                (_, sender, _: ScreenModel, item: ItemScreen) in item.seen = sender
            })
        let link = ScreenLinkRequest(identifier: "showItem", sender: "row 3") { ItemScreen(name: "item") }
        guard case .navigationPath(let found) = try link.route(from: list) else {
            Issue.record("a push link on a stack goes through its navigation path")
            return
        }
        #expect(found === stack)
        // What SwiftUI's NavigationLink(value:) does: the path grows by the link's value.
        stack.followNavigationPath(stack.navigationPath + [link.identity])
        let item = try #require(stack.topScreen as? ItemScreen)
        #expect(item.seen == "row 3")
        #expect(stack.navigationPath == [link.identity])  // the path SwiftUI holds stays the same
        #expect(window.transitionLog.last?.description == "push: list → item (showItem)")
        stack.followNavigationPath([])  // the back button
        #expect(stack.screens.map(\.screenName) == ["list"])
    }

    @Test func aPushLinkWithNoEnclosingStackIsATypedErrorNotAPresentation() throws {
        let settings = ScreenModel(name: "settings")
        _ = try makeVisibleWindow(root: settings)
        let link = ScreenLinkRequest(identifier: "showAbout") { ScreenModel(name: "about") }
        let expected = ScreenError.noEnclosingStack(
            screen: "settings", pushed: .link(identifier: "showAbout", route: nil), containers: [], presenter: nil)
        #expect(throws: expected) { try link.perform(from: settings) }
        #expect(settings.presentedScreen == nil)
        #expect(
            expected.description
                == "Cannot push link \"showAbout\" from settings: no StackScreen encloses settings, which is in no"
                + " container. Show settings on a StackScreen, or make the link present"
                + " (ScreenLink(…, action: .present)).")
        // A link's screen without an identifier gets the same fix.
        #expect(
            ScreenError.noEnclosingStack(
                screen: "sheet", pushed: .link(identifier: nil, route: nil), containers: [], presenter: "list"
            )
            .description
                == "Cannot push a link's screen from sheet: no StackScreen encloses sheet, which is in no container"
                + " and is presented by list. Present a StackScreen(root: sheet) from list to push inside the"
                + " presentation, or make the link present (ScreenLink(…, action: .present)).")
    }

    @Test func aLinkDeliversTheResultItsScreenFinishesWithOrItsCancellation() throws {
        let list = ScreenModel(name: "list")
        _ = try makeVisibleWindow(root: list)
        var results: [String] = []
        let link = ScreenLinkRequest(action: .present, returning: String.self) {
            ItemScreen(name: "sort")
        } onResult: {
            switch $0 {
            case .success(let order): results.append(order)
            case .failure(let error): results.append(error.description)
            }
        }
        try link.perform(from: list)
        list.presentedScreen?.finish(with: "date")
        try link.perform(from: list)
        list.followPresentation(nil, shown: list.presentedIdentity)  // swiped down
        #expect(
            results == [
                "date",
                "The await for sort's result ended without one: dismiss: sort → list took it out of the screen tree"
                    + " before sort finished.",
            ])
        #expect(list.presentedScreen == nil)
    }

    @Test func aLinkNamesTheStackWhosePathItPushesThroughOnlyForAPushInAStack() throws {
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        let settings = ScreenModel(name: "settings")
        _ = try makeVisibleWindow(root: stack)
        try list.present(settings)
        let push = ScreenLinkRequest { ScreenModel(name: "item") }
        let present = ScreenLinkRequest(action: .present) { ScreenModel(name: "sort") }
        #expect(push.pathStack(from: list) === stack)
        #expect(present.pathStack(from: list) == nil)
        #expect(push.pathStack(from: settings) == nil)  // presented: no stack encloses it
        #expect(stack.screens.map(\.screenName) == ["list"])  // asking shows nothing
    }

    @Test func aTappedLinkThatFailsShowsNothingAndPostsTheFailureInTheWindow() throws {
        let list = ScreenModel(name: "list")
        let window = try makeVisibleWindow(root: list)
        var failures: [String] = []
        window.context.observe(TransitionDidFail.self, owner: window) { _, failure in
            failures.append(failure.description)
        }
        let push = ScreenLinkRequest(identifier: "showItem") { ScreenModel(name: "item") }
        let present = ScreenLinkRequest(action: .present) { ScreenModel(name: "sort") }
        let noStack = ScreenError.noEnclosingStack(
            screen: "list", pushed: .link(identifier: "showItem", route: nil), containers: [], presenter: nil)
        #expect(push.follow(from: list) == noStack)
        #expect(present.follow(from: list) == nil)
        #expect(present.follow(from: list) == .alreadyPresenting(presenter: "list", presented: "sort"))
        #expect(list.presentedScreen?.screenName == "sort")
        #expect(
            failures == [
                "push of a link's screen from list, deferred until a link's tap completed, failed: "
                    + noStack.description,
                "presentation of a link's screen from list, deferred until a link's tap completed, failed: "
                    + ScreenError.alreadyPresenting(presenter: "list", presented: "sort").description,
            ])
    }
}
