import BatonTesting
import Testing

@_spi(Adapters) @testable import Baton

private enum Answer: Equatable { case keep, discard, resume }

/// Which of a `ScreenView`'s presentations shows a presented screen, and what SwiftUI's writes to
/// their bindings mean (SwiftUIModel.swift, `ModelPresentationHost`), under every setting of the
/// behaviours Apple does not document.
@MainActor
@Suite(.isolatedBaton)
struct SwiftUIPresentationTests {
    private static let answer = ScreenAlert(
        "Discard changes?",
        buttons: [.init("Keep", Answer.keep), .destructive("Discard", .discard), .cancel("Resume", .resume)])

    // MARK: - Sheet, cover or alert

    @Test(arguments: [true, false])
    func aScreenThatAsksForACoverIsShownInTheCoverSlotOnlyWhereThereAreCovers(_ coversAvailable: Bool) throws {
        let main = ScreenModel(name: "main")
        _ = try makeVisibleWindow(root: main)
        let host = ModelPresentationHost(
            presenter: main, coversAvailable: coversAvailable, SwiftUIBehaviour())
        try main.present(CoverScreen(name: "signup"))
        host.redraw()
        let slot: PresentationSlot = coversAvailable ? .fullScreenCover : .sheet
        #expect(host.shown == [slot: try #require(main.presentedIdentity)])
        host.swipeDown(slot)
        #expect(main.presentedScreen == nil)
        #expect(host.shown == [:])
    }

    // SwiftUI draws a `.sheet` presentation with `sheet(item:)` (SwiftUI.swiftinterface:345),
    // over its presenter, which stays on screen with no `onDisappear`; a `.fullScreenCover` with
    // `fullScreenCover(item:)` (:353), which hides it; an alert with `alert` (:10878), over it.
    // The slot a ScreenView draws in must agree with the lifecycle the core gave the presenter.

    @Test func aSheetIsDrawnInTheSheetSlotOverAPresenterThatStaysOnScreen() throws {
        let main = ProbeScreen(name: "main")
        var log: [String] = []
        main.onLifecycle = { log.append($0) }
        _ = try makeVisibleWindow(root: main)
        let host = ModelPresentationHost(presenter: main, SwiftUIBehaviour())
        log = []
        try main.present(ScreenModel(name: "sort"))
        host.redraw()
        #expect(host.shown == [.sheet: try #require(main.presentedIdentity)])
        #expect(main.isOnScreen)
        host.swipeDown(.sheet)
        #expect(main.presentedScreen == nil)
        #expect(log.isEmpty)
    }

    @Test func aCoverIsDrawnInTheCoverSlotOverAPresenterThatDisappeared() throws {
        let main = ProbeScreen(name: "main")
        var log: [String] = []
        main.onLifecycle = { log.append($0) }
        _ = try makeVisibleWindow(root: main)
        let host = ModelPresentationHost(presenter: main, SwiftUIBehaviour())
        log = []
        try main.present(CoverScreen(name: "tour"))
        host.redraw()
        #expect(host.shown == [.fullScreenCover: try #require(main.presentedIdentity)])
        #expect(!main.isOnScreen)
        host.swipeDown(.fullScreenCover)
        #expect(log == ["main.willDisappear", "main.didDisappear", "main.willAppear", "main.didAppear"])
    }

    @Test func anAlertIsDrawnOverAPresenterThatStaysOnScreen() async throws {
        let main = ProbeScreen(name: "main")
        var log: [String] = []
        main.onLifecycle = { log.append($0) }
        let window = try makeVisibleWindow(root: main)
        let host = ModelPresentationHost(presenter: main, SwiftUIBehaviour())
        log = []
        let asking = Task { try await main.present(Self.answer) }
        _ = try await window.next(AlertScreen.self)
        host.redraw()
        #expect(host.shown == [.alert: try #require(main.presentedIdentity)])
        #expect(main.isOnScreen)
        host.tapAlertButton(at: 0)
        #expect(try await asking.value == .keep)
        #expect(log.isEmpty)
    }

    @Test func aScreenThatAsksForNothingIsASheet() throws {
        let main = ScreenModel(name: "main")
        _ = try makeVisibleWindow(root: main)
        let host = ModelPresentationHost(presenter: main, SwiftUIBehaviour())
        #expect(host.shown == [:])
        try main.present(ScreenModel(name: "settings"))
        host.redraw()
        #expect(host.shown == [.sheet: try #require(main.presentedIdentity)])
        // The cover's binding, which showed nothing, writes nil: nothing is dismissed.
        host.swipeDown(.fullScreenCover)
        #expect(main.presentedScreen?.screenName == "settings")
    }

    @Test func anAlertIsShownOnlyAsAnAlert() async throws {
        let main = ScreenModel(name: "main")
        let window = try makeVisibleWindow(root: main)
        let host = ModelPresentationHost(presenter: main, SwiftUIBehaviour())
        let asking = Task { try await main.present(Self.answer) }
        _ = try await window.next(AlertScreen.self)
        host.redraw()
        #expect(host.shown == [.alert: try #require(main.presentedIdentity)])
        host.swipeDown(.sheet)
        #expect(main.presentedScreen is AlertScreen)
        await host.tapOutsideTheAlert()
        #expect(try await asking.value == .resume)
    }

    // MARK: - When a dismissal without a button cancels an alert

    @Test(arguments: SwiftUIBehaviour.all.filter { !$0.urlBeforeFirstAppear && !$0.writesNilForASwappedItem })
    func aButtonTappedWinsWhicheverWaySwiftUIOrdersItsWrites(_ behaviour: SwiftUIBehaviour) async throws {
        let main = ScreenModel(name: "main")
        let window = try makeVisibleWindow(root: main)
        let host = ModelPresentationHost(presenter: main, behaviour)
        let asking = Task { try await main.present(Self.answer) }
        weak let alert = try await window.next(AlertScreen.self)
        host.redraw()
        host.tapAlertButton(at: 1)
        #expect(try await asking.value == .discard)
        #expect(main.presentedScreen == nil)
        #expect(alert == nil)
    }

    @Test func aButtonWhoseActionComesInALaterTransactionStillWins() async throws {
        let main = ScreenModel(name: "main")
        let window = try makeVisibleWindow(root: main)
        let host = ModelPresentationHost(presenter: main, SwiftUIBehaviour())
        let asking = Task { try await main.present(Self.answer) }
        weak let alert = try await window.next(AlertScreen.self)
        host.redraw()
        #expect(host.shown == [.alert: try #require(main.presentedIdentity)])
        // SwiftUI clears the binding, the main actor runs what waits, then the action comes.
        await host.tapAlertButtonInALaterTransaction(at: 1)
        #expect(try await asking.value == .discard)
        #expect(main.presentedScreen == nil)
        #expect(alert == nil)
    }

    @Test func aDismissalWithoutAButtonGivesTheCancelChoiceOnceAtTheAlertsDisappearance() async throws {
        let main = ScreenModel(name: "main")
        let window = try makeVisibleWindow(root: main)
        let host = ModelPresentationHost(presenter: main, SwiftUIBehaviour())
        let asking = Task { try await main.present(Self.answer) }
        weak let alert = try await window.next(AlertScreen.self)
        host.redraw()
        let dismissals = window.transitionLog.count
        await host.tapOutsideTheAlert()
        #expect(try await asking.value == .resume)
        // One dismissal, and the binding no longer shows it after the write.
        #expect(window.transitionLog.count == dismissals + 1)
        #expect(window.transitionLog.last?.description.hasPrefix("dismiss: Discard changes? → main") == true)
        #expect(host.shown == [:])
        #expect(alert == nil)
    }

    @Test func anAlertWithoutButtonsIsCancelledByTheWriteOfSwiftUIsOwnOKButton() async throws {
        let main = ScreenModel(name: "main")
        let window = try makeVisibleWindow(root: main)
        let asking = Task { try await main.present(ScreenAlert<Int>("Saved", buttons: [])) }
        let alert = try await window.next(AlertScreen.self)
        // No action of Baton's can come: nothing holds a presence, and the write is the answer.
        #expect(alert.presence() == nil)
        alert.followShown(false)
        let error = await #expect(throws: ScreenError.self) { try await asking.value }
        #expect(
            error?.description
                == "The await for Saved's result ended without one: dismiss: Saved → main took it out of the screen"
                + " tree before Saved finished.")
        #expect(main.presentedScreen == nil)
    }

    @Test func aDialogDismissedWithoutACancelButtonEndsItsAwaitWithACancellation() async throws {
        let main = ScreenModel(name: "main")
        let window = try makeVisibleWindow(root: main)
        let host = ModelPresentationHost(presenter: main, SwiftUIBehaviour())
        let dialog = ScreenAlert("Share", style: .confirmationDialog, buttons: [.init("Copy", 1), .init("Mail", 2)])
        let asking = Task { try await main.present(dialog) }
        _ = try await window.next(AlertScreen.self)
        host.redraw()
        await host.tapOutsideTheAlert()
        let error = await #expect(throws: ScreenError.self) { try await asking.value }
        #expect(
            error?.description
                == "The await for Share's result ended without one: dismiss: Share → main took it out of the screen"
                + " tree before Share finished.")
    }
}
