import BatonTesting
import Testing

@_spi(Adapters) @testable import Baton

private enum Answer: Equatable { case keep, discard, resume }

/// Which of a `ScreenView`'s presentations shows a presented screen, and what SwiftUI's writes to
/// their bindings mean (SwiftUIModel.swift, `ModelPresentationHost`), under every setting of the
/// behaviours Apple does not document.
@MainActor
@Suite(.isolatedBaton, .timeLimit(.minutes(1)))
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
        host.tapOutsideTheAlert()
        #expect(try await asking.value == .resume)
    }

    // MARK: - When a dismissal without a button cancels an alert

    @Test(arguments: SwiftUIBehaviour.alertBehaviours)
    func aButtonTappedWinsWhicheverWaySwiftUIOrdersItsWritesAndKeepsItsActions(
        _ behaviour: SwiftUIBehaviour
    ) async throws {
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

    @Test(arguments: SwiftUIBehaviour.alertBehaviours)
    func aButtonWhoseActionComesInALaterTransactionStillWins(_ behaviour: SwiftUIBehaviour) async throws {
        let main = ScreenModel(name: "main")
        let window = try makeVisibleWindow(root: main)
        let host = ModelPresentationHost(presenter: main, behaviour)
        let asking = Task { try await main.present(Self.answer) }
        weak let alert = try await window.next(AlertScreen.self)
        host.redraw()
        #expect(host.shown == [.alert: try #require(main.presentedIdentity)])
        // SwiftUI clears the binding and runs the body for it, then the action comes.
        host.tapAlertButtonInALaterTransaction(at: 1)
        #expect(try await asking.value == .discard)
        #expect(main.presentedScreen == nil)
        #expect(alert == nil)
    }

    // A presentation from the presenter between SwiftUI's `false` write and a late action wins:
    // Baton cannot tell that write from a tap outside, and cannot hold the presentation for an
    // action that may never come, so the alert is answered as a dismissal without a button and
    // the late action does nothing.

    @Test(arguments: SwiftUIBehaviour.alertBehaviours)
    func aPresentationBetweenSwiftUIsWriteAndALateActionWinsWithTheCancelChoice(
        _ behaviour: SwiftUIBehaviour
    ) async throws {
        let main = ScreenModel(name: "main")
        let window = try makeVisibleWindow(root: main)
        let host = ModelPresentationHost(presenter: main, behaviour)
        let asking = Task { try await main.present(Self.answer) }
        weak let alert = try await window.next(AlertScreen.self)
        host.redraw()
        try host.tapAlertButtonInALaterTransaction(at: 1) {
            try main.present(ScreenModel(name: "settings"))
        }
        #expect(try await asking.value == .resume)
        host.redraw()
        #expect(main.presentedScreen?.screenName == "settings")
        #expect(host.shown == [.sheet: try #require(main.presentedIdentity)])
        #expect(alert == nil)
    }

    @Test func aDismissalWithoutAButtonGivesTheCancelChoiceOnceWhenSwiftUILetsTheAlertsActionsGo() async throws {
        let main = ScreenModel(name: "main")
        let window = try makeVisibleWindow(root: main)
        let host = ModelPresentationHost(presenter: main, SwiftUIBehaviour(alertActionsLifetime: .untilDisappeared))
        let asking = Task { try await main.present(Self.answer) }
        weak let alert = try await window.next(AlertScreen.self)
        host.redraw()
        let dismissals = window.transitionLog.count
        host.tapOutsideTheAlert()
        // Decided when SwiftUI let the actions go, with nothing left to run on the main actor.
        #expect(main.presentedScreen == nil)
        #expect(host.keptAlertCount == 0)
        #expect(try await asking.value == .resume)
        // One dismissal, and the binding no longer shows it after the write.
        #expect(window.transitionLog.count == dismissals + 1)
        #expect(window.transitionLog.last?.description.hasPrefix("dismiss: Discard changes? → main") == true)
        #expect(host.shown == [:])
        #expect(alert == nil)
    }

    // When SwiftUI keeps the alert's actions after it has gone (until a later body, until the
    // next alert, for ever), nothing it does says that no action will come: the presenter's next
    // presentation, which could not be shown over the alert, answers it first.

    @Test(arguments: SwiftUIBehaviour.alertBehaviours)
    func aDismissalWithoutAButtonIsAnsweredByThePresentersNextPresentationAtTheLatest(
        _ behaviour: SwiftUIBehaviour
    ) async throws {
        let main = ScreenModel(name: "main")
        let window = try makeVisibleWindow(root: main)
        let host = ModelPresentationHost(presenter: main, behaviour)
        let asking = Task { try await main.present(Self.answer) }
        weak let alert = try await window.next(AlertScreen.self)
        host.redraw()
        host.tapOutsideTheAlert()
        #expect(host.shown == [:])
        #expect((main.presentedScreen == nil) == (behaviour.alertActionsLifetime == .untilDisappeared))
        let logged = window.transitionLog.count
        try main.present(ScreenModel(name: "settings"))
        host.redraw()
        #expect(try await asking.value == .resume)
        #expect(main.presentedScreen?.screenName == "settings")
        #expect(host.shown == [.sheet: try #require(main.presentedIdentity)])
        let log = window.transitionLog.dropFirst(logged).map(\.description)
        let dismissal = behaviour.alertActionsLifetime == .untilDisappeared ? 0 : 1
        #expect(log.count == dismissal + 1)
        let first = dismissal == 1 ? "dismiss: Discard changes? → main" : "present: main → settings"
        #expect(log.first?.hasPrefix(first) == true)
        #expect(alert == nil)
    }

    @Test(arguments: SwiftUIBehaviour.alertBehaviours)
    func aSecondAlertAfterADismissalWithoutAButtonIsShownAndAnsweredAlone(_ behaviour: SwiftUIBehaviour) async throws {
        let main = ScreenModel(name: "main")
        let window = try makeVisibleWindow(root: main)
        let host = ModelPresentationHost(presenter: main, behaviour)
        let first = Task { try await main.present(Self.answer) }
        weak let firstAlert = try await window.next(AlertScreen.self)
        host.redraw()
        host.tapOutsideTheAlert()
        let sync = ScreenAlert("Sync now?", buttons: [.init("Sync", 1), .cancel("Later", 0)])
        let second = Task { try await main.present(sync) }
        #expect(try await first.value == .resume)
        let secondAlert = try await window.next(AlertScreen.self)
        host.redraw()
        #expect(host.shown == [.alert: try #require(main.presentedIdentity)])
        #expect(firstAlert == nil)
        // An action SwiftUI still keeps from the first alert answers nothing of the second.
        host.runKeptAction(at: 0)
        #expect(main.presentedScreen === secondAlert)
        host.tapAlertButton(at: 0)
        #expect(try await second.value == 1)
        #expect(main.presentedScreen == nil)
    }

    @Test(arguments: SwiftUIBehaviour.alertBehaviours)
    func aDismissalWithoutAButtonEndsTheAwaitWhenThePresenterLeaves(_ behaviour: SwiftUIBehaviour) async throws {
        let stack = try StackScreen(root: ScreenModel(name: "list"), name: "stack")
        let window = try makeVisibleWindow(root: stack)
        let main = ScreenModel(name: "main")
        try stack.push(main)
        var host: ModelPresentationHost? = ModelPresentationHost(presenter: main, behaviour)
        let asking = Task { try await main.present(Self.answer) }
        weak let alert = try await window.next(AlertScreen.self)
        host?.redraw()
        host?.tapOutsideTheAlert()
        _ = stack.pop()
        // The presenter's view goes with it, and what SwiftUI kept of its alert.
        host = nil
        // The same answer whenever SwiftUI lets the alert go: the alert SwiftUI closed leaves the
        // tree as a dismissal without a button.
        #expect(try await asking.value == .resume)
        #expect(alert == nil)
    }

    @Test(arguments: SwiftUIBehaviour.alertBehaviours)
    func aDismissalWithoutAButtonGivesTheCancelChoiceWhenANavigationTakesTheAlertAway(
        _ behaviour: SwiftUIBehaviour
    ) async throws {
        let window = ScreenWindow()
        window.makeVisible()
        try window.navigate(to: ScreenTree(OddRoute.list))
        let main = try #require(window.rootScreen)
        var host: ModelPresentationHost? = ModelPresentationHost(presenter: main, behaviour)
        let asking = Task { try await main.present(Self.answer) }
        weak let alert = try await window.next(AlertScreen.self)
        host?.redraw()
        host?.tapOutsideTheAlert()
        try window.navigate(to: ScreenTree(OddRoute.item(1)))
        host = nil
        #expect(try await asking.value == .resume)
        #expect(window.rootScreen?.screenName == "item(1)")
        #expect(alert == nil)
    }

    @Test(arguments: SwiftUIBehaviour.alertBehaviours)
    func aDialogWithoutACancelButtonThatANavigationTakesAwayEndsItsAwaitWithACancellation(
        _ behaviour: SwiftUIBehaviour
    ) async throws {
        let window = ScreenWindow()
        window.makeVisible()
        try window.navigate(to: ScreenTree(OddRoute.list))
        let main = try #require(window.rootScreen)
        var host: ModelPresentationHost? = ModelPresentationHost(presenter: main, behaviour)
        let dialog = ScreenAlert("Share", style: .confirmationDialog, buttons: [.init("Copy", 1), .init("Mail", 2)])
        let asking = Task { try await main.present(dialog) }
        weak let alert = try await window.next(AlertScreen.self)
        host?.redraw()
        host?.tapOutsideTheAlert()
        try window.navigate(to: ScreenTree(OddRoute.list))
        host = nil
        let error = await #expect(throws: ScreenError.self) { try await asking.value }
        #expect(error?.description.hasPrefix("The await for Share's result ended without one: ") == true)
        #expect(main.presentedScreen == nil)
        #expect(alert == nil)
    }

    @Test func anAlertWithoutButtonsIsCancelledByTheWriteOfSwiftUIsOwnOKButton() async throws {
        let main = ScreenModel(name: "main")
        let window = try makeVisibleWindow(root: main)
        let asking = Task { try await main.present(ScreenAlert<Int>("Saved", buttons: [])) }
        let alert = try await window.next(AlertScreen.self)
        // The alert is presented with its presence as data; no action of Baton's can come, so the
        // write is the answer.
        #expect(alert.presence() != nil)
        alert.followShown(false)
        #expect(alert.presence() == nil)
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
        host.tapOutsideTheAlert()
        let error = await #expect(throws: ScreenError.self) { try await asking.value }
        #expect(
            error?.description
                == "The await for Share's result ended without one: dismiss: Share → main took it out of the screen"
                + " tree before Share finished.")
    }
}
