import Baton
import Testing

@testable import CoordinatesApp
@testable import CoordinatesKit

@MainActor
@Suite struct MainScreenTests {
    @Test func showsThePositionInThreeFormatsAndTheTarget() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        #expect(
            harness.plain == """
                == Coordinates ==
                Position
                  Decimal degrees            48.858400° N, 2.294500° E
                  Degrees, decimal minutes   48° 51.504′ N, 2° 17.670′ E
                  Degrees, minutes, seconds  48° 51′ 30.2″ N, 2° 17′ 40.2″ E

                Target  51.507400° N, 0.127800° W

                [e] Edit position  [d] Bearing & distance  [m] Map  [s] Share  [?] Help  [q] Quit
                """)
    }

    @Test func unknownCommandListsTheCommandsOnce() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        await harness.send("x")
        #expect(
            harness.app.takeContent().status
                == "Unknown command 'x'. Commands here: e (edit), d (distance), m (map), s (share), ? (help), q (quit)."
        )
        #expect(harness.app.takeContent().status == nil)
    }

    @Test func arrowKeysMoveTheSelectionAndEnterRunsIt() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        await harness.app.handle(.key(.down))
        await harness.app.handle(.key(.down))
        await harness.app.handle(.key(.up))
        #expect(harness.app.takeContent().selection == 1)
        await harness.app.handle(.key(.enter))
        #expect(harness.app.topScreenName == "bearing")
    }

    @Test func upFromTheFirstCommandWrapsToTheLast() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        await harness.app.handle(.key(.up))
        #expect(harness.app.takeContent().selection == 5)
    }

    @Test func letterShortcutsAndWordsRunTheSameCommand() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        await harness.app.handle(.key(.character("S")))
        #expect(harness.app.topScreenName == "share")
        await harness.send("back", "share")
        #expect(harness.app.topScreenName == "share")
    }

    @Test func quitFinishesTheSessionAndSaveWritesTheModel() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        harness.app.model.setTarget(nil)
        await harness.send("q")
        #expect(harness.app.isFinished)
        #expect(try harness.app.save())
        // The model's state, and the screens it was on.
        var expected = harness.app.model.savedState
        expected.screens = try harness.app.window.saveScreenTree(Place.self)
        #expect(expected.screens != nil)
        #expect(StateStore(path: harness.folder.file("state.json")).load() == .loaded(expected))
    }

    @Test func backOnTheRootScreenStaysThere() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        await harness.app.handle(.key(.escape))
        #expect(harness.app.topScreenName == "main")
    }
}

@MainActor
@Suite struct EntryScreenTests {
    // MARK: - Passing the value back through the shared context (seed 000)

    @Test func entrySharesTheContextOfTheScreenThatAsked() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        let main = try #require(harness.top)
        await harness.send("e")
        #expect(harness.top?.context === main.context)
        #expect(harness.top?.context[\.entryRequest] == .position)
    }

    @Test func aValidEntryGoesBackToMainWhichAppliesIt() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        await harness.send("e", "-33.8688 151.2093")
        #expect(harness.app.topScreenName == "main")
        #expect(harness.app.model.position == .at("-33.8688, 151.2093"))
        #expect(harness.top?.context.contains(\.enteredCoordinate) == false)
        #expect(harness.app.takeContent().status == "Position updated.")
    }

    @Test func entryStartsWithTheCurrentValueSelected() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        await harness.send("e")
        #expect(
            harness.app.takeContent().field
                == ScreenContent.Field(
                    text: "48.858400° N, 2.294500° E", cursor: 25, errorOffset: nil, selection: 0..<25))
    }

    @Test func anInvalidEntryStaysAndPointsAtTheBadPart() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        await harness.send("e", "48 61 N, 2 E")
        #expect(
            harness.plain == """
                == Edit position ==
                Now: 48.858400° N, 2.294500° E
                Type a latitude and longitude in any format, for example
                  48.8584, 2.2945   or   48°51′30″N 2°17′40″E   or   S 33 52.128 E 151 12.558
                > 48 61 N, 2 E
                     ^
                ! minutes must be below 60 (got 61)

                [Enter] Save  [Esc] Cancel (an empty line in plain mode)
                """)
        #expect(harness.app.model.position == SavedState.paris.position)
    }

    @Test func anEmptyLineCancelsWithoutChangingTheModel() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        await harness.send("e", "")
        #expect(harness.app.topScreenName == "main")
        #expect(harness.app.model.savedState == .paris)
    }

    @Test func keysEditTheFieldAndEnterSaves() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        await harness.send("e")
        await harness.app.handle(.key(.clearLine))
        for character in "10, 2x" { await harness.app.handle(.key(.character(character))) }
        await harness.app.handle(.key(.backspace))
        await harness.app.handle(.key(.home))
        await harness.app.handle(.key(.delete))
        await harness.app.handle(.key(.character("2")))
        await harness.app.handle(.key(.end))
        await harness.app.handle(.key(.left))
        await harness.app.handle(.key(.character("0")))
        #expect(harness.app.takeContent().field == ScreenContent.Field(text: "20, 02", cursor: 5, errorOffset: nil))
        await harness.app.handle(.key(.enter))
        #expect(harness.app.model.position == .at("20, 2"))
    }

    @Test func escapeCancels() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        await harness.send("e")
        await harness.app.handle(.key(.character("1")))
        await harness.app.handle(.key(.escape))
        #expect(harness.app.topScreenName == "main")
        #expect(harness.app.model.savedState == .paris)
    }

    @Test func thePoppedEntryScreenIsReleased() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        await harness.send("e")
        weak let entry = harness.top
        await harness.send("1, 2")
        #expect(entry == nil)
    }
}

@MainActor
@Suite struct BearingScreenTests {
    @Test func withoutATargetItAsksForOne() async throws {
        var state = SavedState.paris
        state.target = nil
        let harness = try AppHarness(state: state)
        await harness.launchToMain()
        await harness.send("d")
        #expect(
            harness.plain == """
                == Bearing & distance ==
                From             48.858400° N, 2.294500° E
                To               not set

                Press t to set the target you want to go to.

                [t] Set target  [<] Back  [?] Help  [q] Quit
                """)
    }

    @Test func settingTheTargetGoesThroughEntryAndBackToBearing() async throws {
        var state = SavedState.paris
        state.target = nil
        let harness = try AppHarness(state: state)
        await harness.launchToMain()
        await harness.send("d", "t")
        #expect(harness.app.takeContent().title == "Set target")
        await harness.send("51.5074 N, 0.1278 W")
        #expect(harness.app.topScreenName == "bearing")
        #expect(
            harness.plain == """
                == Bearing & distance ==
                From             48.858400° N, 2.294500° E
                To               51.507400° N, 0.127800° W
                Initial bearing  330.6° (NNW)
                Distance         341.3 km (212.1 mi, 184.3 NM)

                Great circle on a sphere of radius 6371.0088 km.
                ! Target updated.

                [t] Set target  [c] Clear target  [<] Back  [?] Help  [q] Quit
                """)
    }

    @Test func clearingTheTargetForgetsIt() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        await harness.send("d", "c")
        #expect(harness.app.model.target == nil)
        #expect(harness.app.takeContent().status == "Target cleared.")
    }

    @Test func mainShowsTheTargetSetOnTheBearingScreen() async throws {
        var state = SavedState.paris
        state.target = nil
        let harness = try AppHarness(state: state)
        await harness.launchToMain()
        await harness.send("d", "t", "10 N, 20 E", "<")
        #expect(harness.app.takeContent().lines.last == "Target  10.000000° N, 20.000000° E")
    }
}

@MainActor
@Suite struct ShareAndHelpScreenTests {
    @Test func shareComposesTheMessageWithAGeoLinkAndTheTarget() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        await harness.send("s")
        #expect(
            harness.app.takeContent().lines == [
                "Message:", "",
                "  I'm at 48.858400° N, 2.294500° E",
                "  (48° 51.504′ N, 2° 17.670′ E / 48° 51′ 30.2″ N, 2° 17′ 40.2″ E)",
                "  geo:48.858400,2.294500",
                "  Target 51.507400° N, 0.127800° W: 341.3 km (212.1 mi, 184.3 NM) away, bearing 330.6° (NNW)",
            ])
    }

    @Test func geoLinksWriteSignedSixDecimalNumbers() {
        #expect(ShareScreen.geoNumber(-33.8688) == "-33.868800")
        #expect(ShareScreen.geoNumber(-0.0000001) == "0.000000")
        #expect(ShareScreen.geoNumber(151.2093) == "151.209300")
    }

    @Test func helpIsPresentedModallyAndDismissedByBack() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        let main = try #require(harness.top)
        await harness.send("?")
        #expect(harness.app.topScreenName == "help")
        #expect(harness.top?.presentingScreen === main)
        await harness.app.handle(.key(.left))
        #expect(harness.app.topScreenName == "main")
        #expect(main.presentedScreen == nil)
        #expect(harness.transitions.suffix(2) == ["present: main → help (help)", "dismiss: help → main"])
    }
}
