import CoordinatesKit
import Testing

@testable import CoordinatesApp

@Suite struct TextRendererTests {
    private let menu = ScreenContent(
        title: "Help", lines: ["line one", "a line that is too long to fit"],
        commands: [.init(shortcut: "<", title: "Back"), .init(shortcut: "q", title: "Quit")], selection: 1,
        status: "Saved.")

    @Test func plainTextHasTitleLinesStatusAndOneCommandLine() {
        #expect(
            TextRenderer.plain(menu) == """
                == Help ==
                line one
                a line that is too long to fit
                ! Saved.

                [<] Back  [q] Quit
                """)
    }

    @Test func aFrameFillsTheTerminalAndHighlightsTheSelection() {
        let frame = TextRenderer.frame(menu, width: 20, height: 10)
        let reverse = "\u{1B}[7m"
        let dim = "\u{1B}[2m"
        let reset = "\u{1B}[0m"
        #expect(
            frame.lines == [
                reverse + " Help               " + reset,
                "                    ",
                " line one           ",
                " a line that is too ",
                "                    ",
                "   [<] Back         ",
                reverse + "   [q] Quit         " + reset,
                "                    ",
                " ! Saved.           ",
                dim + " ↑↓ move  Enter sele" + reset,
            ])
        #expect(frame.cursor == nil)
    }

    @Test func aFieldPutsTheCursorWhereTheTextIsEdited() {
        let content = ScreenContent(
            title: "Edit", lines: [], commands: [.init(shortcut: "Enter", title: "Save")],
            field: .init(text: "48 61", cursor: 2, errorOffset: 3))
        let frame = TextRenderer.frame(content, width: 16, height: 8)
        #expect(
            Array(frame.lines[2...5]) == [
                "                ", " > 48 61        ", "      ^         ", "                ",
            ])
        #expect(frame.cursor == TextRenderer.Cursor(row: 3, column: 5))
    }

    @Test func aTinyTerminalSaysSoInsteadOfDrawingNothing() {
        let frame = TextRenderer.frame(menu, width: 10, height: 2)
        #expect(frame.lines == ["terminal t", "(10×2; nee"])
    }
}

@Suite struct KeyDecoderTests {
    @Test func arrowsInBothEscapeForms() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("\u{1B}[A\u{1B}[B\u{1B}OC\u{1B}OD".utf8)) == [.up, .down, .right, .left])
    }

    @Test func homeEndAndDeleteSequences() {
        var decoder = KeyDecoder()
        #expect(
            decoder.decode(Array("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}[3~".utf8))
                == [.home, .end, .home, .end, .delete])
    }

    @Test func aLoneEscapeIsEscapeAndUnknownSequencesAreSkipped() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]) == [.escape])
        #expect(decoder.decode(Array("\u{1B}[15~x".utf8)) == [.character("x")])
    }

    @Test func controlKeys() {
        var decoder = KeyDecoder()
        #expect(
            decoder.decode([0x0D, 0x7F, 0x08, 0x03, 0x04, 0x15, 0x09])
                == [.enter, .backspace, .backspace, .interrupt, .endOfInput, .clearLine])
    }

    @Test func aCharacterSplitAcrossReadsWaitsForItsLastByte() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x34, 0x38, 0xC2]) == [.character("4"), .character("8")])
        #expect(decoder.decode([0xB0, 0x4E]) == [.character("°"), .character("N")])
    }
}

@Suite struct ReportTests {
    @Test func conversionTextHasOneLabelledLinePerFormat() throws {
        let report = ConversionReport(try .init(parsing: "-33.8688, 151.2093"))
        #expect(
            report.text == """
                Decimal degrees            33.868800° S, 151.209300° E
                Degrees, decimal minutes   33° 52.128′ S, 151° 12.558′ E
                Degrees, minutes, seconds  33° 52′ 7.7″ S, 151° 12′ 33.5″ E
                """)
    }

    @Test func conversionJSONHasNumbersBesideTheFormattedStrings() throws {
        #expect(
            ConversionReport(try .init(parsing: "48.8584, 2.2945")).json == """
                {
                  "decimalDegrees" : "48.858400° N, 2.294500° E",
                  "degreesDecimalMinutes" : "48° 51.504′ N, 2° 17.670′ E",
                  "degreesMinutesSeconds" : "48° 51′ 30.2″ N, 2° 17′ 40.2″ E",
                  "latitude" : 48.8584,
                  "longitude" : 2.2945
                }
                """)
    }

    @Test func bearingTextNamesBothEndsTheBearingAndTheDistance() throws {
        let report = BearingReport(
            from: try .init(parsing: "48.8566 N, 2.3522 E"), to: try .init(parsing: "51.5074 N, 0.1278 W"))
        #expect(
            report.text == """
                From             48.856600° N, 2.352200° E
                To               51.507400° N, 0.127800° W
                Initial bearing  330.0° (NNW)
                Distance         343.6 km (213.5 mi, 185.5 NM)
                """)
        #expect(abs(report.distanceKm - 343.5565) < 0.001)
        #expect(abs(report.initialBearing! - 330.0211) < 0.001)
    }

    @Test func aBearingJustBelowNorthReadsZeroNotThreeSixty() {
        #expect(BearingReport.bearingText(359.96) == "0.0°")
        #expect(BearingReport.bearingText(359.94) == "359.9°")
    }

    @Test func anInvalidCoordinateMessagePointsAtTheBadPart() {
        do {
            _ = try Coordinate(parsing: "48 61 N, 2 E")
            Issue.record("expected an error")
        } catch {
            #expect(
                InvalidCoordinate(text: "48 61 N, 2 E", error: error, role: "from").message == """
                    could not read <from> "48 61 N, 2 E": minutes must be below 60 (got 61)
                      48 61 N, 2 E
                         ^
                    """)
        }
    }
}
