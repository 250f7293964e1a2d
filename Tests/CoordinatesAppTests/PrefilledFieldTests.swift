import Baton
import Foundation
import Testing

@testable import CoordinatesApp
@testable import CoordinatesKit

/// Issue 24: a field prefilled with the value it changes shows it selected, so that typing
/// replaces it instead of appending to it, and an arrow key keeps it for editing.
@Suite struct LineEditorSelectionTests {
    private let prefilled = LineEditor(text: "48, 2", selected: true)

    @Test func aPrefilledFieldStartsWithAllItsTextSelectedAndTheCursorAtTheEnd() {
        #expect(prefilled.text == "48, 2")
        #expect(prefilled.cursor == 5)
        #expect(prefilled.selection == 0..<5)
        #expect(LineEditor(text: "48, 2").selection == nil)
        #expect(LineEditor(text: "", selected: true).selection == nil)
    }

    @Test func theFirstTypedCharacterReplacesTheSelectionAndTheNextOnesFollowIt() {
        var editor = prefilled
        editor.apply(.character("4"))
        #expect(editor.text == "4")
        #expect(editor.cursor == 1)
        #expect(editor.selection == nil)
        editor.apply(.character("0"))
        #expect(editor.text == "40")
    }

    @Test func aPasteReplacesTheSelection() {
        var editor = prefilled
        editor.apply(.paste("40.7,\n-74"))
        #expect(editor.text == "40.7, -74")
        #expect(editor.cursor == 9)
        #expect(editor.selection == nil)
    }

    @Test func aControlCharacterThatTypesNothingLeavesTheSelection() {
        var editor = prefilled
        editor.apply(.character("\u{07}"))
        #expect(editor == prefilled)
    }

    @Test func arrowsHomeAndEndKeepTheTextAndEndTheSelection() {
        let moves: [(Key, Int)] = [(.left, 0), (.right, 5), (.home, 0), (.end, 5), (.up, 0), (.down, 5)]
        for (key, cursor) in moves {
            var editor = prefilled
            let applied = editor.apply(key)
            #expect(applied)
            #expect(editor.text == "48, 2", "\(key)")
            #expect(editor.cursor == cursor, "\(key)")
            #expect(editor.selection == nil, "\(key)")
        }
    }

    @Test func afterAnArrowTypingEditsInsteadOfReplacing() {
        var editor = prefilled
        editor.apply(.left)
        editor.apply(.character("-"))
        #expect(editor.text == "-48, 2")
        editor.apply(.end)
        editor.apply(.backspace)
        editor.apply(.character("3"))
        #expect(editor.text == "-48, 3")
    }

    @Test func everyDeletingKeyDeletesTheSelection() {
        for key: Key in [.backspace, .delete, .endOfInput, .deleteToEnd, .deleteWordBackward, .clearLine] {
            var editor = prefilled
            let applied = editor.apply(key)
            #expect(applied)
            #expect(editor.text == "", "\(key)")
            #expect(editor.cursor == 0, "\(key)")
            #expect(editor.selection == nil, "\(key)")
        }
    }

    @Test func keysThatAreNotEditingKeysLeaveTheSelection() {
        for key: Key in [.enter, .escape, .interrupt] {
            var editor = prefilled
            let applied = editor.apply(key)
            #expect(!applied)
            #expect(editor == prefilled)
        }
    }

    @Test func aPasteOverASelectionAtTheLengthLimitFitsInTheRoomTheSelectionLeaves() {
        var editor = LineEditor(text: String(repeating: "1", count: LineEditor.lengthLimit), selected: true)
        editor.apply(.paste(String(repeating: "2", count: LineEditor.lengthLimit + 5)))
        #expect(editor.text == String(repeating: "2", count: LineEditor.lengthLimit))
        #expect(editor.cursor == LineEditor.lengthLimit)
    }
}

@MainActor
@Suite struct PrefilledEntryTests {
    private func field(_ harness: AppHarness) -> ScreenContent.Field? {
        harness.app.takeContent().field
    }

    private func type(_ text: String, into harness: AppHarness) async {
        for character in text { await harness.app.handle(.key(.character(character))) }
    }

    @Test func thePositionFieldShowsTheCurrentValueSelected() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        await harness.app.handle(.key(.character("e")))
        #expect(
            field(harness)
                == ScreenContent.Field(
                    text: "48.858400° N, 2.294500° E", cursor: 25, errorOffset: nil, selection: 0..<25))
    }

    @Test func typingANewPositionReplacesTheOldOneAndSavesIt() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        await harness.app.handle(.key(.character("e")))
        await type("40 41 21.4 N 74 02 40.2 W", into: harness)
        #expect(field(harness) == ScreenContent.Field(text: "40 41 21.4 N 74 02 40.2 W", cursor: 25, errorOffset: nil))
        await harness.app.handle(.key(.enter))
        #expect(harness.app.topScreenName == "main")
        #expect(harness.app.takeContent().status == "Position updated.")
        #expect(harness.app.model.position == .at("40 41 21.4 N 74 02 40.2 W"))
    }

    @Test func anArrowKeepsTheValueToEditIt() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        await harness.app.handle(.key(.character("e")))
        await harness.app.handle(.key(.right))
        await harness.app.handle(.key(.backspace))
        await type("W", into: harness)
        #expect(field(harness)?.text == "48.858400° N, 2.294500° W")
        await harness.app.handle(.key(.enter))
        #expect(harness.app.model.position == .at("48.8584 N, 2.2945 W"))
    }

    @Test func theTargetFieldShowsTheTargetSelectedOrStartsEmpty() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        await harness.send("d")
        await harness.app.handle(.key(.character("t")))
        #expect(
            field(harness)
                == ScreenContent.Field(
                    text: "51.507400° N, 0.127800° W", cursor: 25, errorOffset: nil, selection: 0..<25))
        await type("40.7, -74", into: harness)
        await harness.app.handle(.key(.enter))
        #expect(harness.app.model.target == .at("40.7, -74"))
        await harness.app.handle(.key(.character("c")))  // clear the target
        #expect(harness.app.model.target == nil)
        await harness.app.handle(.key(.character("t")))
        #expect(field(harness) == ScreenContent.Field(text: "", cursor: 0, errorOffset: nil))
    }

    @Test func afterAFailedSaveTheTextStaysUnselectedForCorrection() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        await harness.app.handle(.key(.character("e")))
        await type("48 61 N, 2 E", into: harness)
        await harness.app.handle(.key(.enter))
        #expect(field(harness) == ScreenContent.Field(text: "48 61 N, 2 E", cursor: 12, errorOffset: 3))
    }

    @Test func editingAgainSelectsTheNewCurrentValue() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        await harness.app.handle(.key(.character("e")))
        await type("40.7, -74", into: harness)
        await harness.app.handle(.key(.enter))
        await harness.app.handle(.key(.character("e")))
        #expect(field(harness)?.text == "40.700000° N, 74.000000° W")
        #expect(field(harness)?.selection == 0..<26)
    }
}

@Suite struct SelectedFieldRenderingTests {
    private let reverse = "\u{1B}[7m"
    private let reset = "\u{1B}[0m"

    private func content(_ field: ScreenContent.Field) -> ScreenContent {
        ScreenContent(
            title: "Edit", lines: [], commands: [.init(shortcut: "Enter", title: "Save")], field: field)
    }

    @Test func theTerminalDrawsTheSelectionInReverseVideoWithTheCursorAfterIt() {
        let frame = TextRenderer.frame(
            content(.init(text: "48° N, 2° E", cursor: 11, errorOffset: nil, selection: 0..<11)), width: 20, height: 8)
        #expect(frame.lines[3] == " > " + reverse + "48° N, 2° E" + reset + "      ")
        #expect(frame.cursor == TextRenderer.Cursor(row: 3, column: 14))
        #expect(frame.lines.last == "\u{1B}[2m" + " Type to replace  ←→" + reset)
    }

    @Test func withoutASelectionTheFieldAndItsHelpAreAsBefore() {
        let frame = TextRenderer.frame(
            content(.init(text: "48° N, 2° E", cursor: 11, errorOffset: nil)), width: 20, height: 8)
        #expect(frame.lines[3] == " > 48° N, 2° E      ")
        #expect(frame.lines.last == "\u{1B}[2m" + " Type a coordinate  " + reset)
    }

    @Test func onlyTheVisiblePartOfAScrolledSelectionIsReversed() {
        // 12 columns of room: the field scrolls to keep the cursor, at the end, in view.
        let field = ScreenContent.Field(text: "0123456789abcdef", cursor: 16, errorOffset: nil, selection: 2..<16)
        let frame = TextRenderer.frame(content(field), width: 16, height: 8)
        #expect(frame.lines[3] == " > " + reverse + "56789abcdef" + reset + "  ")
        let partial = ScreenContent.Field(text: "0123456789", cursor: 0, errorOffset: nil, selection: 2..<4)
        #expect(
            TextRenderer.frame(content(partial), width: 16, height: 8).lines[3]
                == " > 01" + reverse + "23" + reset + "456789   ")
    }

    @Test func aSelectionOutsideTheTextIsIgnored() {
        let field = ScreenContent.Field(text: "48", cursor: 2, errorOffset: nil, selection: 5..<9)
        #expect(TextRenderer.frame(content(field), width: 16, height: 8).lines[3] == " > 48           ")
        #expect(!TextRenderer.plain(content(field)).contains("~"))
    }

    @Test func plainTextUnderlinesTheSelectionAndSaysWhatTypingDoes() {
        let field = ScreenContent.Field(text: "48° N, 2° E", cursor: 11, errorOffset: nil, selection: 0..<11)
        #expect(
            TextRenderer.plain(content(field)) == """
                == Edit ==
                > 48° N, 2° E
                  ~~~~~~~~~~~ selected: what you type replaces it

                [Enter] Save
                """)
    }

    @Test func plainTextUnderlinesByColumnsSoWideCharactersLineUp() {
        let field = ScreenContent.Field(text: "東京 48", cursor: 5, errorOffset: nil, selection: 3..<5)
        #expect(
            TextRenderer.plain(content(field)).components(separatedBy: "\n")[2]
                == "       ~~ selected: what you type replaces it")
    }
}
