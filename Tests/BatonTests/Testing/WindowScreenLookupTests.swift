import Baton
import BatonTesting
import Testing

final class LookupDetailScreen: ScreenModel {}
final class LookupSheetScreen: ScreenModel {}

/// `window.screen(T.self)`: the first screen of a type anywhere in the tree, without a cast.
@MainActor
@Suite(.isolatedBaton)
struct WindowScreenLookupTests {
    @Test func findsScreensInOtherTabsAndBeneathASheetWithoutWaiting() throws {
        let window = ScreenWindow()
        let feed = try StackScreen(root: ScreenModel(name: "list"), name: "feed")
        let detail = LookupDetailScreen(name: "detail")
        try feed.push(detail)
        let tabs = try TabScreen(tabs: [ScreenModel(name: "profile"), feed], name: "main")
        try window.setRoot(tabs)
        window.makeVisible()
        let sheet = LookupSheetScreen(name: "sheet")
        try tabs.present(sheet)
        #expect(window.screen(TabScreen.self) === tabs)
        #expect(window.screen(StackScreen.self) === feed)
        #expect(window.screen(LookupDetailScreen.self) === detail)
        #expect(window.screen(LookupSheetScreen.self) === sheet)
        #expect(window.screen(HoppingScreen.self) == nil)
        #expect(ScreenWindow().screen(ScreenModel.self) == nil)
    }
}
