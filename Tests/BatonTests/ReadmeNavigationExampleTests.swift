import Baton
import Foundation
import Testing

/// Compiles and runs the README's deep link and restoration example, and checks that the README
/// and the DocC article still show exactly this code.
@MainActor
@Suite(.isolatedBaton)
struct ReadmeNavigationExampleTests {
    @Test func navigationExampleRunsAsTheReadmeSays() throws {
        // README navigation: begin
        enum AppRoute: ScreenRoute {
            case main, feed, list, settings
            case item(id: Int)

            func makeScreen() throws -> ScreenModel {
                switch self {
                case .main: try TabScreen(tabs: [AppRoute.feed.screen(), AppRoute.settings.screen()], name: "main")
                case .feed: try StackScreen(root: AppRoute.list.screen(), name: "feed")
                case .list, .settings: ScreenModel(name: "\(self)")
                case .item(let id): ScreenModel(name: "item \(id)")
                }
            }
        }
        let links = ScreenLinks<AppRoute>([LinkPattern("myapp://item/{id}", .item(id: 0))]) { route in
            .tabs(.main, [.stack(.feed, [.list, route]), ScreenTree(.settings)], selected: 0)
        }

        let window = ScreenWindow()
        try window.navigate(to: ScreenTree(AppRoute.main))  // the tabs, as .main makes them
        window.makeVisible()
        try window.open("myapp://item/42", with: links)  // whatever it showed: here, one push
        let tree = try window.screenTree(AppRoute.self)  // main{*feed[list, item(id: 42)], settings}
        let link = try links.url(for: tree!)  // "myapp://item/42"

        let saved = try window.saveScreenTree(AppRoute.self)!.json  // keep it with the app's state
        let relaunched = ScreenWindow()
        try relaunched.restoreScreenTree(SavedScreenTree(json: saved), as: AppRoute.self)
        // README navigation: end

        // The article's fragments.
        #expect(try links.route(for: "myapp://item/42") == .item(id: 42))
        #expect(try links.url(for: .item(id: 42)) == "myapp://item/42")
        #expect(tree?.description == "main{*feed[list, item(id: 42)], settings}")
        #expect(link == "myapp://item/42")
        #expect(try relaunched.screenTree(AppRoute.self) == tree)
        #expect(window.transitionLog.map(\.description) == ["replaceRoot: → main", "push: list → item 42"])
        #expect(window.topScreen?.screenName == "item 42")
    }

    @Test func readmeShowsTheNavigationExampleOfThisFile() throws {
        let shown = try ReadmeExample.block(under: "## Deep links and state restoration")
        let compiled = try ReadmeExample.compiledLines(marker: "README navigation", in: #filePath)
        #expect(shown == compiled)
    }

    @Test func theArticleShowsTheNavigationExampleOfThisFile() throws {
        let shown = try ReadmeExample.block(
            under: "## Declare routes, open links, restore",
            in: "Sources/Baton/Documentation.docc/DeepLinksAndStateRestoration.md")
        let compiled = try ReadmeExample.compiledLines(marker: "README navigation", in: #filePath)
        #expect(shown == compiled)
    }
}
