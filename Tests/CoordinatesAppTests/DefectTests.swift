import Baton
import Foundation
import Testing

@testable import CoordinatesApp
@testable import CoordinatesKit

/// The editor, decoder, menu and store defects of issue 14, each pinned by a test that failed first.
@MainActor
@Suite struct EditorTests {
    private func field(_ harness: AppHarness) -> ScreenContent.Field? {
        harness.app.takeContent().field
    }

    private func editor(_ keys: [Key]) async throws -> AppHarness {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        await harness.app.handle(.key(.character("e")))
        await harness.app.handle(.key(.clearLine))
        for key in keys { await harness.app.handle(.key(key)) }
        return harness
    }

    @Test func aCombiningMarkJoinsItsBaseAndBackspaceRemovesTheWholeCharacter() async throws {
        let harness = try await editor([.character("4"), .character("e"), .character("\u{301}")])
        #expect(field(harness) == ScreenContent.Field(text: "4e\u{301}", cursor: 2, errorOffset: nil))
        await harness.app.handle(.key(.backspace))
        #expect(field(harness) == ScreenContent.Field(text: "4", cursor: 1, errorOffset: nil))
        await harness.app.handle(.key(.character("8")))
        #expect(field(harness)?.text == "48")
    }

    @Test func aSkinToneJoinsItsEmojiAndEveryKeyAfterItIsSafe() async throws {
        let harness = try await editor([.character("👍"), .character("\u{1F3FD}")])
        #expect(field(harness) == ScreenContent.Field(text: "👍🏽", cursor: 1, errorOffset: nil))
        for key: Key in [.left, .delete, .right, .end, .character("x"), .backspace, .backspace, .backspace, .delete] {
            await harness.app.handle(.key(key))
        }
        #expect(field(harness) == ScreenContent.Field(text: "", cursor: 0, errorOffset: nil))
    }

    @Test func aCombiningMarkTypedFirstAndThenABaseStaysInside() async throws {
        let harness = try await editor([.character("\u{301}"), .home, .character("a"), .end, .backspace])
        #expect(field(harness)?.cursor ?? -1 <= field(harness)?.text.count ?? 0)
    }

    @Test func pastedTextIsTypedIntoTheFieldWithLineBreaksAsSpaces() async throws {
        let harness = try await editor([.paste("48.8584,\n2.2945\u{1B}[A")])
        #expect(field(harness) == ScreenContent.Field(text: "48.8584, 2.2945[A", cursor: 17, errorOffset: nil))
    }

    @Test func ctrlKCtrlWAndCtrlDEditTheField() async throws {
        let harness = try await editor([.paste("48 N 2 E"), .deleteWordBackward])
        #expect(field(harness)?.text == "48 N 2 ")
        await harness.app.handle(.key(.home))
        await harness.app.handle(.key(.endOfInput))
        #expect(field(harness)?.text == "8 N 2 ")
        await harness.app.handle(.key(.right))
        await harness.app.handle(.key(.deleteToEnd))
        #expect(field(harness) == ScreenContent.Field(text: "8", cursor: 1, errorOffset: nil))
        #expect(harness.app.isEditingText)
    }

    @Test func pasteOutsideAFieldRunsNoCommand() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        await harness.app.handle(.key(.paste("q")))
        #expect(!harness.app.isFinished)
        #expect(
            harness.app.takeContent().status == "Pasted text is only taken in a text field; it runs no command here.")
    }

    @Test func theHighlightedCommandIsTheOneEnterRunsAfterAShortcutShrinksTheList() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        await harness.app.handle(.key(.character("d")))
        for _ in 0..<4 { await harness.app.handle(.key(.down)) }
        await harness.app.handle(.key(.character("c")))
        let content = harness.app.takeContent()
        let highlighted = try #require(content.selection)
        #expect(content.commands[highlighted].title == "Quit")
        await harness.app.handle(.key(.enter))
        #expect(harness.app.isFinished)
    }
}

@Suite struct KeyDecoderDefectTests {
    @Test func aBracketedPasteIsOneKeyEvenAcrossReads() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("\u{1B}[200~48.8".utf8)) == [])
        #expect(decoder.decode(Array("584, q\u{1B}[2".utf8)) == [])
        #expect(decoder.decode(Array("01~x".utf8)) == [.paste("48.8584, q"), .character("x")])
    }

    @Test func anEscapeSequenceSplitAcrossReadsIsKept() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("\u{1B}[".utf8)) == [])
        #expect(decoder.decode(Array("B".utf8)) == [.down])
        #expect(decoder.decode([0x1B]) == [.escape])
    }

    @Test func aCombiningMarkInOneReadMakesOneCharacter() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("e\u{301}👍🏽".utf8)) == [.character("e\u{301}"), .character("👍🏽")])
    }

    @Test func invalidUTF8BecomesReplacementCharacters() {
        var decoder = KeyDecoder()
        #expect(
            decoder.decode([0xFF, 0x41, 0xE2, 0x28]) == [
                .character("\u{FFFD}"), .character("A"), .character("\u{FFFD}"), .character("("),
            ])
    }

    @Test func editingControlKeys() {
        var decoder = KeyDecoder()
        #expect(
            decoder.decode([0x01, 0x05, 0x0B, 0x17, 0x15, 0x04]) == [
                .home, .end, .deleteToEnd, .deleteWordBackward, .clearLine, .endOfInput,
            ])
    }
}

@Suite struct WidthTests {
    @Test func wideAndZeroWidthCharactersAreCountedInColumns() {
        #expect(TerminalWidth.columns("東京") == 4)
        #expect(TerminalWidth.columns("e\u{301}") == 1)
        #expect(TerminalWidth.columns("👍🏽") == 2)
        #expect(TerminalWidth.columns("48°51′N") == 7)
        #expect(TerminalWidth.fit("東京タワー", 5) == "東京 ")
        #expect(TerminalWidth.fit("a\u{1B}b", 4) == "a\u{FFFD}b ")
    }

    @Test func aFrameWithWideTextStaysWithinTheTerminalWidth() {
        let content = ScreenContent(
            title: "Edit position", lines: ["東京タワー東京タワー東京タワー"], commands: [],
            field: .init(text: "東京" + String(repeating: "９", count: 40), cursor: 42, errorOffset: nil))
        let frame = TextRenderer.frame(content, width: 30, height: 12)
        for line in frame.lines {
            let visible = line.replacingOccurrences(of: "\u{1B}[7m", with: "").replacingOccurrences(
                of: "\u{1B}[0m", with: ""
            )
            .replacingOccurrences(of: "\u{1B}[2m", with: "")
            #expect(TerminalWidth.columns(visible) == 30)
        }
        // The field scrolled sideways: the cursor is at its end, inside the terminal.
        let cursor = try! #require(frame.cursor)
        #expect(cursor.column < 30)
        #expect(frame.lines[cursor.row].contains("９"))
        #expect(!frame.lines[cursor.row].contains("東"))
    }

    @Test func aTinyTerminalSaysItIsTooSmall() {
        let content = ScreenContent(title: "Coordinates", lines: ["x"], commands: [])
        let frame = TextRenderer.frame(content, width: 11, height: 3)
        #expect(frame.lines == ["terminal to", "(11×3; need", String(repeating: " ", count: 11)])
        #expect(frame.cursor == nil)
    }

    @Test func theEditScreenFrameDoesNotShowThePlainModeHint() async throws {
        let harness = try await AppHarness(state: .paris)
        await harness.launchToMain()
        await harness.app.handle(.key(.character("e")))
        let content = await harness.app.takeContent()
        let frame = TextRenderer.frame(content, width: 100, height: 24)
        #expect(!frame.lines.joined().contains("plain mode"))
        #expect(TextRenderer.plain(content).contains("[Esc] Cancel (an empty line in plain mode)"))
    }

    @Test func theClipboardEscapeIsOSC52() {
        #expect(TextRenderer.clipboardEscape("hi", insideTmux: false) == "\u{1B}]52;c;aGk=\u{07}")
        #expect(
            TextRenderer.clipboardEscape("hi", insideTmux: true) == "\u{1B}Ptmux;\u{1B}\u{1B}]52;c;aGk=\u{07}\u{1B}\\")
        #expect(Base64.encode(Array("abcd".utf8)) == "YWJjZA==")
    }
}
