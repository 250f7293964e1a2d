@_spi(Adapters) import Baton
import BatonTesting
import Foundation
import Testing

/// The style chosen where a screen is presented (`present(_:style:)`), as SwiftUI chooses
/// `sheet` or `fullScreenCover` at the presenter and UIKit sets `modalPresentationStyle` per
/// instance: what it covers, what its dismissal shows again, and what a saved tree keeps.
@MainActor
@Suite(.lenientMisuse, .timeLimit(.minutes(1)))
struct PresentationStyleAtCallSiteTests {
    /// A screen of its own type, so that `window.next` finds it and nothing else.
    final class PickerScreen: ScreenModel {}

    private func order(_ window: ScreenWindow) -> [String] { window.lifecycleLog.map(\.description) }

    // MARK: - Presenting

    @Test func aSheetScreenPresentedAsACoverCoversItsPresenterAndItsDismissalShowsItAgain() throws {
        let main = ScreenModel(name: "main")
        let window = try makeVisibleWindow(root: main)
        let tour = ScreenModel(name: "tour")
        try main.present(tour, style: .fullScreenCover)
        #expect(order(window) == ["main.willDisappear", "tour.willAppear", "main.didDisappear", "tour.didAppear"])
        #expect(!main.isOnScreen)
        #expect(window.shownScreens.map(\.screenName) == ["tour"])
        #expect(main.presentationSlot(coversAvailable: true) == .fullScreenCover)
        window.clearLogs()
        tour.dismiss()
        #expect(order(window) == ["tour.willDisappear", "main.willAppear", "tour.didDisappear", "main.didAppear"])
        #expect(main.isOnScreen)
    }

    @Test func aCoverScreenPresentedAsASheetLeavesItsPresenterOnScreen() throws {
        let main = ScreenModel(name: "main")
        let window = try makeVisibleWindow(root: main)
        let login = CoverScreen(name: "login")
        try main.present(login, style: .sheet)
        #expect(order(window) == ["login.willAppear", "login.didAppear"])
        #expect(main.isOnScreen)
        #expect(main.presentationSlot(coversAvailable: true) == .sheet)
        window.clearLogs()
        login.dismiss()
        #expect(order(window) == ["login.willDisappear", "login.didDisappear"])
    }

    @Test func withoutAStyleAScreenIsPresentedInItsOwn() throws {
        let main = ScreenModel(name: "main")
        let window = try makeVisibleWindow(root: main)
        try main.present(CoverScreen(name: "login"), style: nil)
        #expect(order(window) == ["main.willDisappear", "login.willAppear", "main.didDisappear", "login.didAppear"])
    }

    @Test func aScreenPresentedAsACoverAndAwaitedReturnsItsResultAndShowsThePresenterAgain() async throws {
        let main = ScreenModel(name: "main")
        let window = try makeVisibleWindow(root: main)
        let sorting = Task {
            try await main.present(PickerScreen(name: "sort"), returning: Int.self, style: .fullScreenCover)
        }
        let sort = try await window.next(PickerScreen.self)
        #expect(!main.isOnScreen)
        sort.finish(with: 3)
        #expect(try await sorting.value == 3)
        #expect(main.isOnScreen)
    }

    @Test func aScreenPresentedAsACoverAndAwaitedIfFinishedReturnsNilWhenDismissed() async throws {
        let main = ScreenModel(name: "main")
        let window = try makeVisibleWindow(root: main)
        let editing = Task {
            try await main.present(
                PickerScreen(name: "edit"), returningIfFinished: String.self, style: .fullScreenCover)
        }
        let edit = try await window.next(PickerScreen.self)
        #expect(!main.isOnScreen)
        edit.dismiss()
        #expect(try await editing.value == nil)
        #expect(main.isOnScreen)
    }

    @Test func anAlertPresentedAgainAsACoverIsStillAnAlertThatLeavesItsPresenterOnScreen() async throws {
        let main = ScreenModel(name: "main")
        let window = try makeVisibleWindow(root: main)
        let asking = Task { try await main.present(ScreenAlert("Sure?", buttons: [.init("Yes", true)])) }
        let alert = try await window.next(AlertScreen.self)
        alert.dismiss()
        _ = await asking.result  // dismissed without a choice: how that await ends is not what this test is about
        window.clearLogs()
        try main.present(alert, style: .fullScreenCover)
        #expect(main.isOnScreen)
        #expect(order(window) == ["Sure?.willAppear", "Sure?.didAppear"])
        #expect(main.presentationSlot(coversAvailable: true) == .alert)
    }

    // MARK: - The tree read from a window

    @Test func aTreeReadFromAWindowRecordsAStyleOnlyWhereItDiffersFromTheScreensOwn() throws {
        let stack = try TestRoute.stack("feed").screen() as! StackScreen
        let window = try makeVisibleWindow(root: stack)
        try stack.push(TestRoute.screen("list").screen())
        let list = try #require(stack.topScreen)
        try list.present(TestRoute.screen("tour").screen(), style: .fullScreenCover)
        let tree = try #require(try window.screenTree(TestRoute.self))
        #expect(tree.description == "feed[list ^cover tour]")
        #expect(tree.children[0].presentedStyle == .fullScreenCover)
        list.dismiss()
        // `tour1` is a cover of its own (NavScreen): presented so, its tree has no style.
        try list.present(TestRoute.screen("tour1").screen())
        #expect(try treeText(window) == "feed[list ^ tour1]")
        list.dismiss()
        try list.present(TestRoute.screen("tour1").screen(), style: .sheet)
        #expect(try treeText(window) == "feed[list ^sheet tour1]")
    }

    // MARK: - Saving and restoring

    @Test func aCoverChosenAtTheCallSiteIsSavedInFormat2AndRestoredAsACover() throws {
        let main = try TestRoute.screen("main").screen()
        let window = try makeVisibleWindow(root: main)
        try main.present(TestRoute.screen("tour").screen(), style: .fullScreenCover)
        let saved = try #require(try window.saveScreenTree(TestRoute.self)).json
        #expect(saved.contains(#""format":2"#))
        #expect(saved.contains(#""presentsAs":"fullScreenCover""#))

        let restored = ScreenWindow()
        restored.dependencyCoordinator = DependencyCoordinator(name: "test")
        #expect(try restored.restoreScreenTree(SavedScreenTree(json: saved), as: TestRoute.self).isEmpty)
        restored.makeVisible()
        let restoredMain = try #require(restored.rootScreen)
        #expect(restoredMain.presentedScreen?.screenName == "tour")
        #expect(!restoredMain.isOnScreen)
        #expect(try restored.screenTree(TestRoute.self)?.description == "main ^cover tour")
    }

    @Test func aTreeWithoutChosenStylesIsSavedInFormat1AsBefore() throws {
        let main = try TestRoute.screen("main").screen()
        let window = try makeVisibleWindow(root: main)
        try main.present(TestRoute.screen("tour").screen())
        let saved = try #require(try window.saveScreenTree(TestRoute.self)).json
        #expect(
            saved
                == #"{"format":1,"tree":{"route":{"screen":{"_0":"main"}},"presents":{"route":{"screen":{"_0":"tour"}}}}}"#
        )
    }

    @Test func savedTextWithoutAStylePresentsEachScreenInItsOwn() throws {
        let json =
            #"{"format":1,"tree":{"route":{"screen":{"_0":"main"}},"presents":{"route":{"screen":{"_0":"tour1"}}}}}"#
        let window = ScreenWindow()
        window.dependencyCoordinator = DependencyCoordinator(name: "test")
        #expect(try window.restoreScreenTree(SavedScreenTree(json: json), as: TestRoute.self).isEmpty)
        window.makeVisible()
        let main = try #require(window.rootScreen)
        // tour1 is a cover of its own (NavScreen).
        #expect(!main.isOnScreen)
        #expect(try treeText(window) == "main ^ tour1")
    }

    @Test func anUnknownStyleInSavedTextKeepsThePresentationInItsOwnStyleAndSaysSo() throws {
        let json =
            #"{"format":2,"tree":{"route":{"screen":{"_0":"main"}},"presents":{"route":{"screen":{"_0":"tour"}}},"presentsAs":"popover"}}"#
        let window = ScreenWindow()
        window.dependencyCoordinator = DependencyCoordinator(name: "test")
        let dropped = try window.restoreScreenTree(SavedScreenTree(json: json), as: TestRoute.self)
        #expect(
            dropped.map(\.description) == [
                #"Left out main ^ tour when restoring: its presentation style "popover" is not "sheet" or "fullScreenCover"; it is presented in its own style."#
            ])
        #expect(try treeText(window) == "main ^ tour")
    }

    @Test func aTreeWithAStyleEncodesAndDecodesThroughCodable() throws {
        let tree = ScreenTree<TestRoute>.stack(
            .stack("feed"),
            [ScreenTree(.screen("list"), presenting: ScreenTree(.screen("tour")), style: .fullScreenCover)])
        let data = try JSONEncoder().encode(tree)
        let text = try #require(String(data: data, encoding: .utf8))
        #expect(text.contains(#""format":2"#))
        let decoded = try JSONDecoder().decode(ScreenTree<TestRoute>.self, from: data)
        #expect(decoded == tree)
        #expect(decoded.children[0].presentedStyle == .fullScreenCover)
        let plain = try JSONEncoder().encode(
            ScreenTree<TestRoute>(.screen("main"), presenting: ScreenTree(.screen("tour"))))
        #expect(String(data: plain, encoding: .utf8)?.contains(#""format":1"#) == true)
    }

    @Test func codableRefusesAStyleItDoesNotKnow() throws {
        let json =
            #"{"format":2,"tree":{"route":{"screen":{"_0":"main"}},"presents":{"route":{"screen":{"_0":"tour"}}},"presentsAs":"popover"}}"#
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ScreenTree<TestRoute>.self, from: Data(json.utf8))
        }
    }

    // MARK: - Assigning

    @Test func assigningACoverWhereTheSamePresentationIsASheetPresentsItAgainAsACover() throws {
        let main = try TestRoute.screen("main").screen()
        let window = try makeVisibleWindow(root: main)
        try main.present(TestRoute.screen("tour").screen())
        weak let sheet = main.presentedScreen as? ScreenModel
        try window.navigate(
            to: ScreenTree<TestRoute>(.screen("main"), presenting: ScreenTree(.screen("tour")), style: .fullScreenCover)
        )
        #expect(sheet == nil)
        #expect(!main.isOnScreen)
        #expect(try treeText(window) == "main ^cover tour")
    }

    @Test func assigningATreeWithoutAStyleKeepsAPresentationInTheStyleItIsShownWith() throws {
        let main = try TestRoute.screen("main").screen()
        let window = try makeVisibleWindow(root: main)
        let tour = try TestRoute.screen("tour").screen()
        try main.present(tour, style: .fullScreenCover)
        try window.navigate(to: ScreenTree<TestRoute>(.screen("main"), presenting: ScreenTree(.screen("tour"))))
        #expect(main.presentedScreen === tour)
        #expect(!main.isOnScreen)
        try window.navigate(
            to: ScreenTree<TestRoute>(.screen("main"), presenting: ScreenTree(.screen("tour")), style: .fullScreenCover)
        )
        #expect(main.presentedScreen === tour)
    }

    @Test func aNewPresentationOfAnAssignedTreeTakesItsStyle() throws {
        let main = try TestRoute.screen("main").screen()
        let window = try makeVisibleWindow(root: main)
        try window.navigate(
            to: ScreenTree<TestRoute>(.screen("main"), presenting: ScreenTree(.screen("tour")), style: .fullScreenCover)
        )
        #expect(!main.isOnScreen)
        #expect(order(window).prefix(1) == ["main.willDisappear"])
    }

    @Test func settingPresentedStyleWithNothingPresentedChangesNothing() {
        var tree = ScreenTree<TestRoute>(.screen("main"))
        tree.presentedStyle = .fullScreenCover
        #expect(tree.presentedStyle == nil)
        #expect(tree == ScreenTree(.screen("main")))
        tree.presented = ScreenTree(.screen("tour"))
        tree.presentedStyle = .fullScreenCover
        tree.presented = ScreenTree(.screen("help"))
        #expect(tree.presentedStyle == .fullScreenCover)
        #expect(tree.description == "main ^cover help")
    }
}
