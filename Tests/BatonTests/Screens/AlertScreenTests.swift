@_spi(Adapters) import Baton
import BatonTesting
import Testing

private enum EndChoice: Equatable { case save, discard, resume }

extension ScreenAlert where Choice == EndChoice {
    fileprivate static let endMeeting = ScreenAlert(
        "End meeting?", message: "You are ending the meeting early.",
        buttons: [.init("Save and end", .save), .destructive("Discard", .discard), .cancel("Resume", .resume)])
}

@MainActor
private func shownStack() throws -> (ScreenWindow, ScreenModel) {
    let window = ScreenWindow()
    let record = ScreenModel(name: "record")
    try window.setRoot(try StackScreen(root: ScreenModel(name: "list"), name: "main"))
    try (window.rootScreen as? StackScreen)?.push(record)
    window.makeVisible()
    return (window, record)
}

@MainActor
@Suite(.isolatedBaton)
struct AlertScreenTests {
    // MARK: - Reading and answering

    @Test func aTestReadsTheAlertAndTheTappedButtonIsTheTypedChoice() async throws {
        let (window, record) = try shownStack()
        let asking = Task { try await record.present(ScreenAlert.endMeeting) }
        weak let alert = try await window.next(AlertScreen.self)
        #expect(alert?.title == "End meeting?")
        #expect(alert?.message == "You are ending the meeting early.")
        #expect(alert?.style == .alert)
        #expect(alert?.buttons.map(\.label) == ["Save and end", "Discard", "Resume"])
        #expect(alert?.buttons.map(\.role) == [nil, .destructive, .cancel])
        #expect(alert?.shows(ScreenAlert.endMeeting) == true)
        try alert?.tap("Discard")
        #expect(try await asking.value == .discard)
        #expect(window.topScreen === record)
        #expect(alert == nil)
        #expect(
            window.transitionLog.map(\.description).suffix(2) == [
                "present: record → End meeting?", "dismiss: End meeting? → record",
            ])
    }

    @Test func anAlertWithOtherButtonsOrChoicesIsNotTheOneShown() async throws {
        let (window, record) = try shownStack()
        let asking = Task { try await record.present(ScreenAlert.endMeeting) }
        let alert = try await window.next(AlertScreen.self)
        var fewer = ScreenAlert.endMeeting
        fewer.buttons.remove(at: 1)
        var otherChoice = ScreenAlert.endMeeting
        otherChoice.buttons[0].choice = .resume
        #expect(!alert.shows(fewer))
        #expect(!alert.shows(otherChoice))
        #expect(!alert.shows(ScreenAlert("End meeting?", buttons: [.cancel("OK", 1)])))
        try alert.tap("Resume")
        #expect(try await asking.value == .resume)
    }

    @Test func aLabelThatIsNotThereIsATypedErrorNamingTheButtons() async throws {
        let (window, record) = try shownStack()
        let asking = Task { try await record.present(ScreenAlert.endMeeting) }
        let alert = try await window.next(AlertScreen.self)
        let error = #expect(throws: ScreenError.self) { try alert.tap("Resum") }
        #expect(
            error?.description
                == "The alert \"End meeting?\" has no button \"Resum\". Its buttons: \"Save and end\", \"Discard\","
                + " \"Resume\". Did you mean \"Resume\"?")
        #expect(window.topScreen === alert)
        try alert.tap("Save and end")
        #expect(try await asking.value == .save)
    }

    @Test func aSecondTapIsIgnored() async throws {
        let (window, record) = try shownStack()
        let asking = Task { try await record.present(ScreenAlert.endMeeting) }
        let alert = try await window.next(AlertScreen.self)
        try alert.tap("Save and end")
        try alert.tap("Discard")
        alert.cancel()
        #expect(try await asking.value == .save)
        #expect(window.transitionLog.filter { $0.kind == .dismiss }.count == 1)
    }

    // MARK: - Leaving without a button

    @Test func dismissingWithoutAButtonChoosesTheCancelButton() async throws {
        let (window, record) = try shownStack()
        let asking = Task { try await record.present(ScreenAlert.endMeeting) }
        try await window.next(AlertScreen.self).cancel()
        #expect(try await asking.value == .resume)
        #expect(window.topScreen === record)
    }

    @Test func dismissingADialogWithoutACancelButtonEndsTheAwaitWithACancellation() async throws {
        let (window, record) = try shownStack()
        let dialog = ScreenAlert("Share", style: .confirmationDialog, buttons: [.init("Copy", 1), .init("Mail", 2)])
        let asking = Task { try await record.present(dialog) }
        let shown = try await window.next(AlertScreen.self)
        #expect(shown.style == .confirmationDialog)
        shown.cancel()
        let error = await #expect(throws: ScreenError.self) { try await asking.value }
        #expect(
            error?.description
                == "The await for Share's result ended without one: dismiss: Share → record took it out of the screen"
                + " tree before Share finished.")
        #expect(window.topScreen === record)
    }

    @Test func thePresenterPoppedEndsTheAwaitAndFreesTheAlert() async throws {
        let (window, record) = try shownStack()
        let asking = Task { try await record.present(ScreenAlert.endMeeting) }
        weak let alert = try await window.next(AlertScreen.self)
        (window.rootScreen as? StackScreen)?.pop()
        await #expect(throws: ScreenError.self) { try await asking.value }
        #expect(alert == nil)
        #expect(window.topScreen?.screenName == "list")
    }

    @Test func aSecondAlertWhileOneIsShownIsRefused() async throws {
        let (window, record) = try shownStack()
        let first = Task { try await record.present(ScreenAlert.endMeeting) }
        let alert = try await window.next(AlertScreen.self)
        let error = await #expect(throws: ScreenError.self) { try await record.present(ScreenAlert.endMeeting) }
        #expect(error == .alreadyPresenting(presenter: "record", presented: "End meeting?"))
        try alert.tap("Resume")
        #expect(try await first.value == .resume)
    }

    @Test func twoHundredAlertsInARowLeaveNoneAlive() async throws {
        let (window, record) = try shownStack()
        weak var last: AlertScreen?
        for index in 0..<200 {  // the main actor is shared with the parallel suites
            let asking = Task { try await record.present(ScreenAlert("\(index)", buttons: [.cancel("OK", index)])) }
            let alert = try await window.next(AlertScreen.self)
            last = alert
            try alert.tap("OK")
            #expect(try await asking.value == index)
        }
        #expect(last == nil)
        #expect(window.topScreen === record)
    }

    @Test func anAlertWithNoButtonsIsDismissedAsACancellation() async throws {
        let (window, record) = try shownStack()
        let asking = Task { try await record.present(ScreenAlert<Int>("Empty", buttons: [])) }
        let alert = try await window.next(AlertScreen.self)
        #expect(alert.buttons.isEmpty)
        alert.tap(at: 3)
        #expect(window.topScreen === alert)
        alert.cancel()
        await #expect(throws: ScreenError.self) { try await asking.value }
    }

    // MARK: - An alert a framework draws (UIKit's UIAlertController)

    @Test func aFrameworksAlertReturnsTheTappedChoiceOnce() async throws {
        var kept: AlertAnswer?
        let choice = try await AlertAnswer.await(ScreenAlert.endMeeting) { answer in
            kept = answer
            answer.tap(at: 1)
            answer.tap(at: 0)
            answer.tap(at: 9)
        }
        #expect(choice == .discard)
        #expect(kept != nil)
    }

    @Test func aFrameworksAlertReleasedUntappedReturnsTheCancelChoice() async throws {
        let choice = try await AlertAnswer.await(ScreenAlert.endMeeting) { _ in }
        #expect(choice == .resume)
    }

    @Test func aFrameworksAlertReleasedUntappedWithoutACancelButtonIsACancellation() async throws {
        let dialog = ScreenAlert("Share", style: .confirmationDialog, buttons: [.init("Copy", 1)])
        let error = await #expect(throws: ScreenError.self) { try await AlertAnswer.await(dialog) { _ in } }
        #expect(error == .cancelled(screen: "Share", reason: .released))
    }
}
