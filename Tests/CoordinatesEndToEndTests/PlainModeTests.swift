import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct PlainModeTests {
    // MARK: - A scripted session across every screen

    /// Onboarding, main, entry (a bad value, then a good one), bearing & distance, entry for the
    /// target, help, share, and quit: every screen driven by lines on standard input.
    @Test func aScriptedSessionVisitsEveryScreen() throws {
        let scratch = try Scratch()
        let script = [
            "c", "e", "48 61 N, 2 E", "48.8584, 2.2945", "d", "t", "51.5074 N, 0.1278 W", "?", "<", "<", "s", "<", "q",
        ]
        let result = try runCoordinates(
            ["--state", scratch.state], input: script.joined(separator: "\n") + "\n", home: scratch.path)
        #expect(result.status == 0)
        #expect(result.errors == "")
        #expect(
            result.output == """
                == Welcome to Coordinates ==
                Type a latitude and longitude in any common format:
                  48.8584, 2.2945    48°51′30″N 2°17′40″E    N 48 51.504 E 2 17.670
                and see it as decimal degrees, degrees and decimal minutes, and
                degrees, minutes and seconds; the bearing and distance to a target;
                and a message to share. Everything is saved when you quit.

                [c] Continue  [q] Quit

                > c
                == Coordinates ==
                Position
                  Decimal degrees            51.477800° N, 0.001500° W
                  Degrees, decimal minutes   51° 28.668′ N, 0° 0.090′ W
                  Degrees, minutes, seconds  51° 28′ 40.1″ N, 0° 0′ 5.4″ W

                Target  not set (press d, then t)

                [e] Edit position  [g] From GPS  [d] Bearing & distance  [m] Map  [s] Share  [?] Help  [q] Quit

                > e
                == Edit position ==
                Now: 51.477800° N, 0.001500° W
                Type a latitude and longitude in any format, for example
                  48.8584, 2.2945   or   48°51′30″N 2°17′40″E   or   S 33 52.128 E 151 12.558
                > 51.477800° N, 0.001500° W
                  ~~~~~~~~~~~~~~~~~~~~~~~~~ selected: what you type replaces it

                [Enter] Save  [Esc] Cancel (an empty line in plain mode)

                > 48 61 N, 2 E
                == Edit position ==
                Now: 51.477800° N, 0.001500° W
                Type a latitude and longitude in any format, for example
                  48.8584, 2.2945   or   48°51′30″N 2°17′40″E   or   S 33 52.128 E 151 12.558
                > 48 61 N, 2 E
                     ^
                ! minutes must be below 60 (got 61)

                [Enter] Save  [Esc] Cancel (an empty line in plain mode)

                > 48.8584, 2.2945
                == Coordinates ==
                Position
                  Decimal degrees            48.858400° N, 2.294500° E
                  Degrees, decimal minutes   48° 51.504′ N, 2° 17.670′ E
                  Degrees, minutes, seconds  48° 51′ 30.2″ N, 2° 17′ 40.2″ E

                Target  not set (press d, then t)
                ! Position updated.

                [e] Edit position  [g] From GPS  [d] Bearing & distance  [m] Map  [s] Share  [?] Help  [q] Quit

                > d
                == Bearing & distance ==
                From             48.858400° N, 2.294500° E
                To               not set

                Press t to set the target you want to go to.

                [t] Set target  [<] Back  [?] Help  [q] Quit

                > t
                == Set target ==
                Now: not set
                Type a latitude and longitude in any format, for example
                  48.8584, 2.2945   or   48°51′30″N 2°17′40″E   or   S 33 52.128 E 151 12.558
                > 

                [Enter] Save  [Esc] Cancel (an empty line in plain mode)

                > 51.5074 N, 0.1278 W
                == Bearing & distance ==
                From             48.858400° N, 2.294500° E
                To               51.507400° N, 0.127800° W
                Initial bearing  330.6° (NNW)
                Distance         341.3 km (212.1 mi, 184.3 NM)

                Great circle on a sphere of radius 6371.0088 km.
                ! Target updated.

                [t] Set target  [c] Clear target  [<] Back  [?] Help  [q] Quit

                > ?
                == Help ==
                Main screen         e edit position, g from GPS, d bearing & distance, m map,
                                    s share, ? help, q quit
                Bearing & distance  t set target, c clear target, < back
                Map                 ← → ↑ ↓ pan, + zoom in, - zoom out, 0 whole world, < back
                Share               y copy the message to the clipboard (full-screen UI)
                Edit / set target   type a coordinate, Enter saves, Esc (or an empty line) cancels
                                    the current value is selected: what you type replaces it
                Editing keys        ← → move (keeping a selected value), Home/Ctrl-A start,
                                    End/Ctrl-E end, Backspace, Delete/Ctrl-D, Ctrl-U clear,
                                    Ctrl-K to the end, Ctrl-W word
                Everywhere          ↑ ↓ move, Enter select, ← or Esc back, Ctrl-C save and quit
                Plain mode          one command per line: a shortcut (e) or its word (edit)

                Accepted notations: signed decimal degrees (-33.8688, 151.2093); N/S/E/W before or
                after the value; degrees and decimal minutes (48 51.504); degrees, minutes and
                seconds with ° ′ ″, ' ", d m s or spaces; comma, semicolon or space between the
                latitude and the longitude. Distances are great circles on a sphere of radius
                6371.0088 km.

                [<] Back  [q] Quit

                > <
                == Bearing & distance ==
                From             48.858400° N, 2.294500° E
                To               51.507400° N, 0.127800° W
                Initial bearing  330.6° (NNW)
                Distance         341.3 km (212.1 mi, 184.3 NM)

                Great circle on a sphere of radius 6371.0088 km.

                [t] Set target  [c] Clear target  [<] Back  [?] Help  [q] Quit

                > <
                == Coordinates ==
                Position
                  Decimal degrees            48.858400° N, 2.294500° E
                  Degrees, decimal minutes   48° 51.504′ N, 2° 17.670′ E
                  Degrees, minutes, seconds  48° 51′ 30.2″ N, 2° 17′ 40.2″ E

                Target  51.507400° N, 0.127800° W

                [e] Edit position  [g] From GPS  [d] Bearing & distance  [m] Map  [s] Share  [?] Help  [q] Quit

                > s
                == Share ==
                Message:

                  I'm at 48.858400° N, 2.294500° E
                  (48° 51.504′ N, 2° 17.670′ E / 48° 51′ 30.2″ N, 2° 17′ 40.2″ E)
                  geo:48.858400,2.294500
                  Target 51.507400° N, 0.127800° W: 341.3 km (212.1 mi, 184.3 NM) away, bearing 330.6° (NNW)

                [y] Copy to clipboard  [<] Back  [?] Help  [q] Quit

                > <
                == Coordinates ==
                Position
                  Decimal degrees            48.858400° N, 2.294500° E
                  Degrees, decimal minutes   48° 51.504′ N, 2° 17.670′ E
                  Degrees, minutes, seconds  48° 51′ 30.2″ N, 2° 17′ 40.2″ E

                Target  51.507400° N, 0.127800° W

                [e] Edit position  [g] From GPS  [d] Bearing & distance  [m] Map  [s] Share  [?] Help  [q] Quit

                > q

                """)
    }

    // MARK: - Persistence

    @Test func theStateSurvivesIntoTheNextRun() throws {
        let scratch = try Scratch()
        let first = try runCoordinates(
            ["--state", scratch.state], input: "c\ne\n-33.8688 151.2093\nd\nt\n-37.8136, 144.9631\nq\n",
            home: scratch.path)
        #expect(first.status == 0)
        #expect(
            scratch.read("state.json") == """
                {
                  "formatVersion" : 1,
                  "hasCompletedOnboarding" : true,
                  "position" : {
                    "latitude" : -33.8688,
                    "longitude" : 151.2093
                  },
                  "screens" : {
                    "format" : 1,
                    "tree" : {
                      "hop" : {
                        "route" : {
                          "navigation" : {

                          }
                        },
                        "stack" : [
                          {
                            "route" : {
                              "main" : {

                              }
                            }
                          },
                          {
                            "route" : {
                              "bearing" : {

                              }
                            }
                          }
                        ]
                      },
                      "route" : {
                        "startup" : {

                        }
                      }
                    }
                  },
                  "target" : {
                    "latitude" : -37.8136,
                    "longitude" : 144.9631
                  }
                }

                """)
        // The next run opens on the screen the first one quit on, over the main screen.
        let second = try runCoordinates(["--state", scratch.state], home: scratch.path)
        #expect(second.status == 0)
        #expect(
            second.output == """
                == Bearing & distance ==
                From             33.868800° S, 151.209300° E
                To               37.813600° S, 144.963100° E
                Initial bearing  230.3° (SW)
                Distance         713.4 km (443.3 mi, 385.2 NM)

                Great circle on a sphere of radius 6371.0088 km.

                [t] Set target  [c] Clear target  [<] Back  [?] Help  [q] Quit


                """)
    }

    @Test func aCorruptStateFileIsReportedOnceMovedAsideAndReplaced() throws {
        let scratch = try Scratch()
        scratch.write("{\"formatVersion\": 1, \"position\": ", to: "state.json")
        let result = try runCoordinates(["--state", scratch.state], input: "c\nq\n", home: scratch.path)
        #expect(result.status == 0)
        #expect(
            result.errors == "coordinates: could not read the state file \(scratch.state): it is not valid JSON."
                + " Moved it to \(scratch.state).corrupt and started from defaults.\n")
        #expect(result.output.hasPrefix("== Welcome to Coordinates =="))
        #expect(scratch.names == ["state.json", "state.json.corrupt", "state.json.lock"])
        #expect(scratch.read("state.json.corrupt") == "{\"formatVersion\": 1, \"position\": ")
        #expect(scratch.read("state.json")?.contains("\"hasCompletedOnboarding\" : true") == true)
    }

    @Test func noInputShowsTheFirstScreenAndExitsCleanly() throws {
        let scratch = try Scratch()
        let result = try runCoordinates(["--state", scratch.state], home: scratch.path)
        #expect(result.status == 0)
        #expect(result.errors == "")
        #expect(result.output.hasPrefix("== Welcome to Coordinates =="))
        #expect(result.output.hasSuffix("[c] Continue  [q] Quit\n\n"))
    }

    @Test func withoutStateTheFileLivesUnderLocalShareInHome() throws {
        let scratch = try Scratch()
        let result = try runCoordinates([], input: "c\n", home: scratch.path)
        #expect(result.status == 0)
        #expect(FileManager.default.fileExists(atPath: scratch.path + "/.local/share/coordinates/state.json"))
    }

    @Test func anInterruptSavesTheStateAndExitsWith130() throws {
        let binary = try CoordinatesBinary.require()
        let scratch = try Scratch()
        let input = Pipe()
        let output = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--state", scratch.state]
        process.environment = childEnvironment(home: scratch.path)
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let collector = Collector()
        try process.run()
        collector.drain(output.fileHandleForReading.fileDescriptor)
        input.fileHandleForWriting.write(Data("c\ne\n10 N, 20 E\n".utf8))
        #expect(collector.wait(for: "Position updated."))
        kill(process.processIdentifier, SIGINT)
        #expect(waitForExit(process))
        #expect(process.terminationStatus == 130)
        #expect(scratch.read("state.json")?.contains("\"latitude\" : 10") == true)
    }
}
