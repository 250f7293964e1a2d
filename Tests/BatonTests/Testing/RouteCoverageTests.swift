import Baton
import BatonTesting
import Testing

/// BatonTesting's `checkRoutes`: one call covers every route's screen, restoration and link.
@MainActor
@Suite(.isolatedBaton)
struct RouteCoverageTests {
    @Test func everyRoutePassesAndTheTableListsEachOne() {
        let coverage = checkRoutes(
            [LinkRoute.home, .item(id: 42), .search(query: "café au lait")], links: LinkRoute.links)
        #expect(coverage.passed)
        #expect(
            coverage.table == """
                  route                          screen                 restoration         link
                ✓ home                           home (StackScreen)     saved and restored  myapp://home
                ✓ item(id: 42)                   item 42 (ScreenModel)  saved and restored  myapp://item/42
                ✓ search(query: "café au lait")  search (ScreenModel)   saved and restored  myapp://search?q=caf%C3%A9%20au%20lait
                """)
    }

    @Test func aRouteWhoseScreenCannotBeMadeFailsNamingTheRoute() {
        withKnownIssue {
            let coverage = checkRoutes([StartupLinkRoute.item(id: 1), .broken], links: StartupLinkRoute.links)
            #expect(coverage.rows.map(\.passed) == [true, false])
            #expect(
                coverage.table == """
                      route        screen                                               restoration         link
                    ✓ item(id: 1)  item 1 (ScreenModel)                                 saved and restored  myapp://item/1
                    ✗ broken       makeScreen() threw the broken screen cannot be made  not checked         no link
                    """)
        } matching: { issue in
            issue.comments.map(\.rawValue).first?.hasPrefix("Route broken: screen makeScreen() threw") == true
        }
    }

    @Test func noRoutesIsAFailure() {
        withKnownIssue {
            checkRoutes([LinkRoute]())
        } matching: { issue in
            issue.comments.map(\.rawValue) == [
                "checkRoutes was given no routes: pass one of each case of the route type."
            ]
        }
    }
}
