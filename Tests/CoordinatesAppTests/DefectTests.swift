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

@Suite struct BearingDefectTests {
    @Test func theBearingBetweenTheSamePointIsUndefinedAndSaysSo() throws {
        let here = Coordinate.at("48.8584, 2.2945")
        let report = BearingReport(from: here, to: here)
        #expect(report.initialBearing == nil)
        #expect(report.compassPoint == nil)
        #expect(report.lines[2] == "Initial bearing  undefined: the two points are the same")
        #expect(report.distanceText == "0.0 m (0.0 ft)")
        #expect(!report.json.contains("\"initialBearing\" :"))
    }

    @Test func theBearingToTheAntipodeIsUndefinedAndSaysSo() throws {
        let report = BearingReport(from: .at("10, 20"), to: .at("-10, -160"))
        #expect(report.initialBearing == nil)
        #expect(
            report.initialBearingText == "undefined: the points are antipodal, so every direction is a shortest path")
    }

    @Test func shortDistancesAreInMetres() throws {
        #expect(BearingReport(from: .at("1, 2"), to: .at("1.00001, 2")).distanceText == "1.1 m (3.6 ft)")
        #expect(BearingReport(from: .at("1, 2"), to: .at("1.001, 2")).distanceText == "111 m (365 ft)")
        #expect(BearingReport(from: .at("1, 2"), to: .at("1.01, 2")).distanceText == "1.1 km (0.7 mi, 0.6 NM)")
    }

    @Test func controlCharactersInInputAreShownEscaped() throws {
        let text = "1\u{1B}[31m, 2"
        do {
            _ = try Coordinate(parsing: text)
            Issue.record("expected an error")
        } catch {
            #expect(
                InvalidCoordinate(text: text, error: error).message == """
                    could not read the coordinate "1\\u{1B}[31m, 2": unexpected character '\\u{1B}'
                      1\\u{1B}[31m, 2
                       ^
                    """)
        }
    }
}

@MainActor
@Suite struct StateDefectTests {
    @Test func unknownFieldsSurviveASave() async throws {
        let folder = try TemporaryFolder()
        folder.write(
            #"{"formatVersion":1,"hasCompletedOnboarding":true,"position":{"latitude":1,"longitude":2},"#
                + #""future":{"list":[1,true,null,"x"]},"note":"kept"}"#, to: "state.json")
        let store = StateStore(path: folder.file("state.json"))
        let app = CoordinatesApplication(store: store) { _ in }
        await app.launch()
        await app.handle(.line("e"))
        await app.handle(.line("3, 4"))
        #expect(try app.save())
        let saved = try #require(folder.contents(of: "state.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(saved.utf8)) as? [String: Any])
        #expect(object["note"] as? String == "kept")
        let future = try #require(object["future"] as? [String: Any])
        #expect((future["list"] as? [Any])?.count == 4)
        #expect((object["position"] as? [String: Double])?["latitude"] == 3)
    }

    @Test func aNewerFormatIsKeptAndTheAppRefusesToSaveOverIt() async throws {
        let folder = try TemporaryFolder()
        let newer = #"{"formatVersion":2,"position":{"latitude":1,"longitude":2},"hasCompletedOnboarding":true}"#
        folder.write(newer, to: "state.json")
        var reports: [String] = []
        let app = CoordinatesApplication(store: StateStore(path: folder.file("state.json"))) { reports.append($0) }
        await app.launch()
        await app.handle(.line("c"))
        #expect(try app.save() == false)
        #expect(folder.contents(of: "state.json") == newer)
        #expect(folder.names == ["state.json"])
        #expect(
            reports == [
                "could not read the state file \(folder.file("state.json")): it was written by a newer version of the"
                    + " app (format 2; this one reads up to 1). Kept it as it is; this session starts from defaults"
                    + " and will not save over it."
            ])
    }

    @Test func aFileThatCannotBeReadIsKeptAndNeverSavedOver() throws {
        // /proc/self/mem is a regular file whose read at offset 0 fails, as an unreadable file's would.
        guard case .unreadable(let problem) = StateStore(path: "/proc/self/mem").load() else {
            Issue.record("expected unreadable")
            return
        }
        #expect(problem.reason == "read: Input/output error")
        #expect(problem.movedTo == nil)
        #expect(!problem.allowsSaving)
    }

    @Test func readNeverMovesACorruptFile() throws {
        let folder = try TemporaryFolder()
        folder.write("not json", to: "state.json")
        guard case .unreadable(let problem) = StateStore(path: folder.file("state.json")).read() else {
            Issue.record("expected unreadable")
            return
        }
        #expect(problem.reason == "it is not valid JSON")
        #expect(folder.names == ["state.json"])
    }
}

@MainActor
@Suite struct MapTests {
    @Test func theMapMarksThePositionAndTheTargetWithTheRouteBetween() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        await harness.send("m")
        #expect(harness.app.topScreenName == "map")
        let content = harness.app.takeContent()
        #expect(content.title == "Map")
        #expect(content.lines.count == 18 + 2)
        let map = content.lines.prefix(18).joined()
        #expect(map.contains("@"))
        #expect(map.contains("X") || map.contains("@"))
        #expect(map.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) })
        #expect(
            Array(content.lines.suffix(2)) == [
                "@ 48.858400° N, 2.294500° E   X 51.507400° N, 0.127800° W",
                "Centre 0.000000° N, 1.116945° E, zoom ×1; dots: great-circle route",
            ])
        for line in content.lines.prefix(18) { #expect(TerminalWidth.columns(line) == 72) }
        #expect(content.commands.map(\.shortcut) == ["+", "-", "0", "<", "?", "q"])
        #expect(content.selection == nil)
    }

    @Test func arrowsPanPlusAndMinusZoomAndZeroResets() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        await harness.send("m")
        await harness.app.handle(.key(.right))
        #expect(
            harness.app.takeContent().lines.last
                == "Centre 0.000000° N, 91.116945° E, zoom ×1; dots: great-circle route")
        // Zooming centres on the route again (the midpoint, as far north as the pole allows).
        await harness.app.handle(.key(.character("+")))
        await harness.app.handle(.key(.down))
        #expect(
            harness.app.takeContent().lines.last
                == "Centre 0.000000° N, 1.116945° E, zoom ×2; dots: great-circle route")
        await harness.app.handle(.key(.up))
        await harness.app.handle(.key(.up))  // stops where the map's top edge reaches the north pole
        #expect(
            harness.app.takeContent().lines.last
                == "Centre 45.000000° N, 1.116945° E, zoom ×2; dots: great-circle route")
        await harness.app.handle(.key(.character("-")))
        await harness.app.handle(.key(.character("-")))
        await harness.app.handle(.key(.left))
        #expect(
            harness.app.takeContent().lines.last
                == "Centre 0.000000° N, 88.883055° W, zoom ×1; dots: great-circle route")
        await harness.send("0")
        #expect(
            harness.app.takeContent().lines.last == "Centre 0.000000° N, 1.116945° E, zoom ×1; dots: great-circle route"
        )
        await harness.app.handle(.key(.escape))
        #expect(harness.app.topScreenName == "main")
    }

    @Test func theMapFollowsTheTerminalSizeAndColour() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        await harness.send("m")
        harness.app.setDisplay(columns: 40, rows: 12, colour: true)
        let content = harness.app.takeContent()
        #expect(content.lines.count == 4 + 2)
        #expect(content.lines[0].contains("\u{1B}[32m"))
        let frame = TextRenderer.frame(content, width: 40, height: 12)
        for line in frame.lines {
            let plain = line.replacingOccurrences(
                of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
            #expect(TerminalWidth.columns(plain) == 40)
        }
    }

    @Test func thePositionLandsInItsCell() {
        let view = WorldMap.View(centerLatitude: 0, centerLongitude: 0, zoom: 0)
        let lines = WorldMap.draw(
            view, columns: 36, rows: 9, position: .at("0, 0"), target: nil, colour: false)
        #expect(lines.count == 9)
        #expect(Array(lines[4])[18] == "@")
    }

    @Test func theLandOutlineDecodes() {
        #expect(LandOutline.rings.count == 288)
        #expect(LandOutline.rings.reduce(0) { $0 + $1.latitudes.count } == 10_283)
    }
}
