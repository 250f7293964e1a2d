@_spi(Adapters) import Baton
import BatonTesting
import Testing

/// `push(_:returningIfFinished:)`: a pushed editor returns what it finishes with, or `nil`
/// however it leaves the stack without a value (the back button, the back swipe, a pop from
/// elsewhere); only a cancelled awaiting task, a wrong type and a refused push throw.
@MainActor
@Suite(.lenientMisuse, .timeLimit(.minutes(1)))
struct PushIfFinishedTests {
    /// A pushed editor: Save finishes with the draft; the back button leaves it without one.
    final class EditScreen: ScreenModel {
        var draft = "draft"
        func saveTapped() { finish(with: draft) }
    }

    private func makeList() throws -> (ScreenWindow, StackScreen, ScreenModel) {
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        let window = try makeVisibleWindow(root: stack)
        window.clearLogs()
        return (window, stack, list)
    }

    /// Pushes an editor from `list` and returns the await and the editor, shown.
    private func editing(from list: ScreenModel, in window: ScreenWindow) async throws -> (
        Task<String?, any Error>, EditScreen
    ) {
        let editing = Task { try await list.push(EditScreen(name: "edit"), returningIfFinished: String.self) }
        return (editing, try await window.next(EditScreen.self))
    }

    // MARK: - Finished

    @Test func saveReturnsTheValueAndPopsTheEditor() async throws {
        let (window, stack, list) = try makeList()
        let editing = Task { try await list.push(EditScreen(name: "edit"), returningIfFinished: String.self) }
        weak let edit = try await window.next(EditScreen.self)
        edit?.draft = "Morning sync"
        edit?.saveTapped()
        #expect(try await editing.value == "Morning sync")
        #expect(stack.screens.map(\.screenName) == ["list"])
        #expect(window.transitionLog.map(\.description) == ["push: list → edit", "pop: edit → list"])
        #expect(edit == nil)
    }

    @Test func finishWithoutAValueOrWithNilReturnsNil() async throws {
        let (window, stack, list) = try makeList()
        let (first, edit) = try await editing(from: list, in: window)
        edit.finish()
        #expect(try await first.value == nil)
        let (second, again) = try await editing(from: list, in: window)
        again.finish(with: String?.none)
        #expect(try await second.value == nil)
        #expect(stack.screens.map(\.screenName) == ["list"])
    }

    // MARK: - Gone without a value: nil

    @Test func theBackButtonReturnsNilAndFreesTheEditor() async throws {
        let (window, stack, list) = try makeList()
        let (editing, _) = try await editing(from: list, in: window)
        weak let weakEdit = stack.topScreen as? EditScreen
        // What UIKit's back button and SwiftUI's path binding do: the stack pops the editor.
        stack.followNavigationPath([])
        #expect(try await editing.value == nil)
        #expect(stack.screens.map(\.screenName) == ["list"])
        #expect(window.transitionLog.map(\.description) == ["push: list → edit", "pop: edit → list"])
        #expect(weakEdit == nil)
    }

    @Test func aPopToRootFromElsewhereReturnsNil() async throws {
        let (window, stack, list) = try makeList()
        let (editing, _) = try await editing(from: list, in: window)
        weak let weakEdit = stack.topScreen
        stack.popToRoot()
        #expect(try await editing.value == nil)
        #expect(weakEdit == nil)
    }

    @Test func aReleasedWindowReturnsNil() async throws {
        var window: ScreenWindow? = ScreenWindow()
        let editing: Task<String??, any Error>
        do {
            let list = ScreenModel(name: "list")
            try window?.setRoot(try StackScreen(root: list, name: "stack"))
            window?.makeVisible()
            editing = Task { [weak list] in
                try await list?.push(EditScreen(name: "edit"), returningIfFinished: String.self)
            }
        }
        weak let edit = try await window!.next(EditScreen.self)
        window = nil
        #expect(try await editing.value == .some(nil))
        #expect(edit == nil)
    }

    // MARK: - Still thrown

    @Test func pushedFromASheetThrowsNoEnclosingStack() async throws {
        let (window, stack, list) = try makeList()
        let sheet = ScreenModel(name: "sheet")
        try list.present(sheet)
        window.clearLogs()
        let expected = ScreenError.noEnclosingStack(
            screen: "sheet", pushed: .screen("edit"), containers: [], presenter: "list")
        await #expect(throws: expected) {
            try await sheet.push(EditScreen(name: "edit"), returningIfFinished: String.self)
        }
        #expect(
            expected.description
                == "Cannot push edit from sheet: no StackScreen encloses sheet, which is in no container and is"
                + " presented by list. Present a StackScreen(root: sheet) from list to push inside the presentation,"
                + " or present edit from sheet.")
        #expect(stack.screens.map(\.screenName) == ["list"])
        #expect(window.transitionLog.isEmpty)
    }

    @Test func aValueOfAnotherTypeThrowsAMismatchAndTheEditorStillLeaves() async throws {
        let (window, stack, list) = try makeList()
        let editing = Task { try await list.push(EditScreen(name: "edit"), returningIfFinished: String.self) }
        weak let edit = try await window.next(EditScreen.self)
        edit?.finish(with: 42)
        let expected = ScreenError.resultTypeMismatch(screen: "edit", expected: "String", actual: "Int")
        await #expect(throws: expected) { try await editing.value }
        #expect(
            expected.description
                == "edit finished with a result of type Int, but its await expects String. Finish with a String,"
                + " or await Int.")
        #expect(stack.screens.map(\.screenName) == ["list"])
        #expect(edit == nil)
    }

    @Test func aNilOfAnotherTypeThrowsAMismatchNotNil() async throws {
        let (window, _, list) = try makeList()
        let (editing, edit) = try await editing(from: list, in: window)
        edit.finish(with: nil as Int?)
        await #expect(
            throws: ScreenError.resultTypeMismatch(screen: "edit", expected: "String", actual: "Optional<Int>")
        ) { try await editing.value }
    }

    @Test func aCancelledAwaitingTaskThrowsAndLeavesTheEditorWhichSaveThenPops() async throws {
        let (window, stack, list) = try makeList()
        let (editing, edit) = try await editing(from: list, in: window)
        editing.cancel()
        await #expect(throws: ScreenError.cancelled(screen: "edit", reason: .taskCancelled)) {
            try await editing.value
        }
        #expect(stack.topScreen === edit)
        edit.saveTapped()
        #expect(stack.screens.map(\.screenName) == ["list"])
    }

    @Test func aHundredLeftEditorsLeaveNoScreenAlive() async throws {
        let (window, stack, list) = try makeList()
        weak var last: EditScreen?
        for index in 0..<100 {
            let (editing, edit) = try await editing(from: list, in: window)
            last = edit
            switch index % 3 {
            case 0: stack.pop()
            case 1: edit.finish()
            default: stack.followNavigationPath([])
            }
            #expect(try await editing.value == nil)
        }
        #expect(last == nil)
        #expect(stack.screens.map(\.screenName) == ["list"])
    }
}
