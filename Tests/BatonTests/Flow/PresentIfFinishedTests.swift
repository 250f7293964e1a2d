@_spi(Adapters) import Baton
import BatonTesting
import Testing

/// `present(_:returningIfFinished:)`: a sheet with a Cancel button and a swipe down returns what
/// it finishes with, or `nil` however it goes away without a value; only a cancelled awaiting
/// task, a wrong type and a refused presentation throw.
@MainActor
@Suite(.lenientMisuse, .timeLimit(.minutes(1)))
struct PresentIfFinishedTests {
    /// An edit sheet: Save finishes with the draft, Cancel dismisses it.
    final class EditScreen: ScreenModel {
        var draft = "draft"
        func saveTapped() { finish(with: draft) }
        func cancelTapped() { dismiss() }
    }

    private func makeDetail() throws -> (ScreenWindow, StackScreen, ScreenModel) {
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        let window = try makeVisibleWindow(root: stack)
        let detail = ScreenModel(name: "detail")
        try stack.push(detail)
        window.clearLogs()
        return (window, stack, detail)
    }

    /// Presents an edit sheet from `detail` and returns the await and the sheet, shown.
    private func editing(from detail: ScreenModel, in window: ScreenWindow) async throws -> (
        Task<String?, any Error>, EditScreen
    ) {
        let editing = Task { try await detail.present(EditScreen(name: "edit"), returningIfFinished: String.self) }
        return (editing, try await window.next(EditScreen.self))
    }

    // MARK: - Finished

    @Test func saveReturnsTheValueAndDismisses() async throws {
        let (window, _, detail) = try makeDetail()
        let (editing, edit) = try await editing(from: detail, in: window)
        edit.draft = "Morning sync"
        edit.saveTapped()
        #expect(try await editing.value == "Morning sync")
        #expect(detail.presentedScreen == nil)
    }

    @Test func finishWithoutAValueOrWithNilReturnsNil() async throws {
        let (window, _, detail) = try makeDetail()
        let (first, edit) = try await editing(from: detail, in: window)
        edit.finish()
        #expect(try await first.value == nil)
        let (second, again) = try await editing(from: detail, in: window)
        again.finish(with: String?.none)
        #expect(try await second.value == nil)
        #expect(detail.presentedScreen == nil)
    }

    // MARK: - Gone without a value: nil

    @Test func cancelThatDismissesReturnsNilAndFreesTheSheet() async throws {
        let (window, _, detail) = try makeDetail()
        let (editing, _) = try await editing(from: detail, in: window)
        weak let weakEdit = detail.presentedScreen as? EditScreen
        weakEdit?.cancelTapped()
        #expect(try await editing.value == nil)
        #expect(detail.presentedScreen == nil)
        #expect(weakEdit == nil)
    }

    @Test func aSwipeDownReturnsNil() async throws {
        let (window, _, detail) = try makeDetail()
        let (editing, _) = try await editing(from: detail, in: window)
        weak let weakEdit = detail.presentedScreen
        detail.followPresentation(nil, shown: detail.presentedIdentity)  // SwiftUI's binding on a swipe down
        #expect(try await editing.value == nil)
        #expect(window.transitionLog.map(\.description) == ["present: detail → edit", "dismiss: edit → detail"])
        #expect(weakEdit == nil)
    }

    @Test func aPresenterPoppedReturnsNilAndFreesBoth() async throws {
        let (window, stack, _) = try makeDetail()
        weak let weakDetail = stack.topScreen
        let (editing, _) = try await editing(from: weakDetail!, in: window)
        weak let weakEdit = weakDetail?.presentedScreen
        stack.popToRoot()
        #expect(try await editing.value == nil)
        #expect(stack.screens.map(\.screenName) == ["list"])
        #expect(weakEdit == nil)
        #expect(weakDetail == nil)
    }

    @Test func aReleasedWindowReturnsNil() async throws {
        var window: ScreenWindow? = ScreenWindow()
        let editing: Task<String??, any Error>
        do {
            let list = ScreenModel(name: "list")
            try window?.setRoot(try StackScreen(root: list, name: "stack"))
            window?.makeVisible()
            editing = Task { [weak list] in
                try await list?.present(EditScreen(name: "edit"), returningIfFinished: String.self)
            }
        }
        weak let edit = try await window!.next(EditScreen.self)
        window = nil
        #expect(try await editing.value == .some(nil))
        #expect(edit == nil)
    }

    // MARK: - Still thrown

    @Test func aCancelledAwaitingTaskThrowsAndLeavesTheSheetWhichSaveThenDismisses() async throws {
        let (window, _, detail) = try makeDetail()
        let (editing, edit) = try await editing(from: detail, in: window)
        editing.cancel()
        await #expect(throws: ScreenError.cancelled(screen: "edit", reason: .taskCancelled)) {
            try await editing.value
        }
        #expect(detail.presentedScreen === edit)
        edit.saveTapped()
        #expect(detail.presentedScreen == nil)
    }

    @Test func aValueOfAnotherTypeThrowsAMismatchAndTheSheetStillLeaves() async throws {
        let (window, _, detail) = try makeDetail()
        let (editing, edit) = try await editing(from: detail, in: window)
        edit.finish(with: 42)
        let expected = ScreenError.resultTypeMismatch(screen: "edit", expected: "String", actual: "Int")
        await #expect(throws: expected) { try await editing.value }
        #expect(
            expected.description
                == "edit finished with a result of type Int, but its await expects String. Finish with a String,"
                + " or await Int.")
        #expect(detail.presentedScreen == nil)
    }

    @Test func aNilOfAnotherTypeThrowsAMismatchNotNil() async throws {
        let (window, _, detail) = try makeDetail()
        let (editing, edit) = try await editing(from: detail, in: window)
        edit.finish(with: nil as Int?)
        let expected = ScreenError.resultTypeMismatch(screen: "edit", expected: "String", actual: "Optional<Int>")
        await #expect(throws: expected) { try await editing.value }
        #expect(
            expected.description
                == "edit finished with a result of type Optional<Int>, but its await expects String. Finish with a"
                + " String, or await Optional<Int>.")
        #expect(detail.presentedScreen == nil)
    }

    @Test func aNilOfTheAwaitedOptionalTypeIsNoValue() async throws {
        let (window, _, detail) = try makeDetail()
        let (editing, edit) = try await editing(from: detail, in: window)
        edit.finish(with: nil as String?)
        #expect(try await editing.value == nil)
    }

    @Test func aRefusedPresentationThrowsItsError() async throws {
        let (_, _, detail) = try makeDetail()
        try detail.present(ScreenModel(name: "shown"))
        await #expect(throws: ScreenError.alreadyPresenting(presenter: "detail", presented: "shown")) {
            try await detail.present(EditScreen(name: "edit"), returningIfFinished: String.self)
        }
    }

    @Test func aHundredCancelledSheetsLeaveNoScreenAlive() async throws {
        let (window, _, detail) = try makeDetail()
        weak var last: EditScreen?
        for _ in 0..<100 {
            let (editing, edit) = try await editing(from: detail, in: window)
            last = edit
            if Bool.random() { edit.cancelTapped() } else { edit.finish() }
            #expect(try await editing.value == nil)
        }
        #expect(last == nil)
        #expect(detail.presentedScreen == nil)
    }
}
