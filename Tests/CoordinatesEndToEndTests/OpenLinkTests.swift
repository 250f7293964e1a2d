import Foundation
import Testing

/// `coordinates open <link>`, and the screens restored from the state file at launch.
@Suite struct OpenLinkTests {
    /// A state file of an onboarded user in Paris, as an older version wrote it (no screens).
    static let oldState =
        #"{"formatVersion":1,"hasCompletedOnboarding":true,"position":{"latitude":48.8584,"longitude":2.2945}}"#

    static let sydneyMain = """
        == Coordinates ==
        Position
          Decimal degrees            33.868800° S, 151.209300° E
          Degrees, decimal minutes   33° 52.128′ S, 151° 12.558′ E
          Degrees, minutes, seconds  33° 52′ 7.7″ S, 151° 12′ 33.5″ E

        Target  not set (press d, then t)
        """

    static let mainCommands =
        "[e] Edit position  [g] From GPS  [d] Bearing & distance  [m] Map  [s] Share  [?] Help  [q] Quit"

    // MARK: - Links

    @Test func aGeoURIOpensTheMainScreenOnItsPositionAndKeepsIt() throws {
        let scratch = try Scratch()
        scratch.write(Self.oldState, to: "state.json")
        let result = try runCoordinates(
            ["open", "geo:-33.8688,151.2093", "--state", scratch.state], input: "q\n", home: scratch.path)
        #expect(result.status == 0)
        #expect(result.errors == "")
        #expect(
            result.output == Self.sydneyMain + """

                ! Position set from geo:-33.8688,151.2093.

                \(Self.mainCommands)

                > q

                """)
        #expect(scratch.read("state.json")?.contains(#""latitude" : -33.8688"#) == true)
    }

    @Test func aScreenURLOpensItsScreen() throws {
        let scratch = try Scratch()
        scratch.write(Self.oldState, to: "state.json")
        let result = try runCoordinates(
            ["--state", scratch.state, "open", "coordinates://share"], input: "<\nq\n", home: scratch.path)
        #expect(result.status == 0)
        #expect(result.errors == "")
        #expect(
            result.output.hasPrefix(
                """
                == Share ==
                Message:

                  I'm at 48.858400° N, 2.294500° E
                """))
        #expect(result.output.contains("> <\n== Coordinates ==\n"))
    }

    @Test(arguments: [
        ("geo:91,0", #"coordinates: cannot open geo:91,0: the latitude "91" is outside -90…90."#),
        (
            "geo:48.8584,east",
            #"coordinates: cannot open geo:48.8584,east: "east" is wrong: longitude is not valid (not a finite Double: "east" at position.longitude)."#
        ),
        (
            "coordinates://compass",
            "coordinates: cannot open coordinates://compass: it is not a link of this app; links look like"
                + " geo:{latitude},{longitude}, coordinates://position/{latitude},{longitude}, coordinates://main,"
                + " coordinates://bearing, coordinates://map, coordinates://map/{zoom}/{latitude},{longitude}, coordinates://share, coordinates://help."
        ),
    ])
    func aBadLinkExitsWith1NamingTheWrongPartAndLeavesTheStateAlone(link: String, message: String) throws {
        let scratch = try Scratch()
        scratch.write(Self.oldState, to: "state.json")
        let result = try runCoordinates(["open", link, "--state", scratch.state], input: "q\n", home: scratch.path)
        #expect(result.status == 1)
        #expect(result.output == "")
        #expect(result.errors == message + "\n")
        #expect(scratch.read("state.json") == Self.oldState)
        #expect(scratch.names == ["state.json"])
    }

    @Test func openWithoutALinkIsAUsageError() throws {
        let scratch = try Scratch()
        let result = try runCoordinates(["open"], home: scratch.path)
        #expect(result.status == 2)
        #expect(result.errors.hasPrefix("Error: Missing expected argument '<link>'\n"))
    }

    // MARK: - Restoration

    @Test func theScreenTheUserQuitOnIsShownAtTheNextLaunch() throws {
        let scratch = try Scratch()
        scratch.write(Self.oldState, to: "state.json")
        let first = try runCoordinates(["--state", scratch.state], input: "d\n?\nq\n", home: scratch.path)
        #expect(first.status == 0)
        let second = try runCoordinates(["--state", scratch.state], input: "<\n<\n", home: scratch.path)
        #expect(second.status == 0)
        #expect(second.errors == "")
        #expect(second.output.hasPrefix("== Help ==\n"))
        #expect(second.output.contains("> <\n== Bearing & distance ==\n"))
        #expect(second.output.contains("> <\n== Coordinates ==\n"))
    }

    @Test func anUnusableSavedTreeFallsBackToTheMainScreenSayingSo() throws {
        let scratch = try Scratch()
        scratch.write(
            #"{"formatVersion":1,"hasCompletedOnboarding":true,"position":{"latitude":-33.8688,"longitude":151.2093},"#
                + #""screens":{"format":7,"tree":{}}}"#,
            to: "state.json")
        let result = try runCoordinates(["--state", scratch.state], home: scratch.path)
        #expect(result.status == 0)
        #expect(result.errors == "")
        #expect(
            result.output == Self.sydneyMain + """

                ! Could not restore the screens you were on: The saved screen tree has format 7; this version of Baton reads format 2 and older. Nothing was restored. The state file as it was is kept as \(scratch.state).corrupt. Showing the main screen.

                \(Self.mainCommands)


                """)
        // The position is kept, and the main screen is saved as the screen the user was on.
        let saved = scratch.read("state.json") ?? ""
        #expect(saved.contains(#""latitude" : -33.8688"#))
        #expect(!saved.contains(#""format" : 7"#))
    }
}
