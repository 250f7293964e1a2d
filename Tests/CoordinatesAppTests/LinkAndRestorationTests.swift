import Baton
import Testing

@testable import CoordinatesApp
@testable import CoordinatesKit

/// `geo:` and `coordinates://` links, and the screens restored at launch from the state file.
@MainActor
@Suite struct LinkAndRestorationTests {
    /// The app's screen tree as text (or why it cannot be read).
    private func tree(_ app: CoordinatesApplication) -> String {
        do {
            return try app.window.screenTree(Place.self)?.description ?? "no tree"
        } catch {
            return "unreadable: \(error)"
        }
    }

    private func tree(_ harness: AppHarness) -> String { tree(harness.app) }

    /// A state holding `screens` (JSON) beside the Paris position.
    private func paris(screens json: String) throws -> SavedState {
        var state = SavedState.paris
        state.screens = try SavedScreenTree(json: json)
        return state
    }

    // MARK: - Links at launch

    @Test func aGeoLinkOpensTheMainScreenOnItsPosition() async throws {
        let harness = try AppHarness(state: .paris)
        harness.app.linkToOpen = "geo:-33.8688,151.2093"
        await harness.app.launch()
        #expect(tree(harness) == "startup(navigation[main])")
        #expect(harness.app.model.position == .at("-33.8688, 151.2093"))
        let content = harness.app.takeContent()
        #expect(content.status == "Position set from geo:-33.8688,151.2093.")
        #expect(content.lines[1] == "  Decimal degrees            33.868800° S, 151.209300° E")
    }

    @Test func aGeoLinksAltitudeAndParametersAreAccepted() async throws {
        let harness = try AppHarness(state: .paris)
        harness.app.linkToOpen = "GEO:1.5,-2.25,35;crs=wgs84;u=10"
        await harness.app.launch()
        #expect(harness.app.model.position == .at("1.5, -2.25"))
    }

    @Test func aScreenLinkOpensItsScreenAboveTheMainScreen() async throws {
        let harness = try AppHarness(state: .paris)
        harness.app.linkToOpen = "coordinates://bearing"
        await harness.app.launch()
        #expect(tree(harness) == "startup(navigation[main, bearing])")
        #expect(harness.transitions.last == "push: main → bearing")
        // The model reached the new screen through the resolvers.
        #expect(harness.plain.contains("To               51.507400° N, 0.127800° W"))
    }

    @Test func theHelpLinkPresentsHelpOverTheMainScreen() async throws {
        let harness = try AppHarness(state: .paris)
        harness.app.linkToOpen = "coordinates://help"
        await harness.app.launch()
        #expect(tree(harness) == "startup(navigation[main ^ help])")
    }

    @Test func aLinkReplacesTheScreensSavedAtTheLastQuit() async throws {
        let harness = try AppHarness(
            state: paris(
                screens:
                    #"{"format":1,"tree":{"hop":{"route":{"navigation":{}},"stack":[{"route":{"main":{}}},{"route":{"map":{}}}]},"route":{"startup":{}}}}"#
            ))
        harness.app.linkToOpen = "coordinates://share"
        await harness.app.launch()
        #expect(tree(harness) == "startup(navigation[main, share])")
    }

    @Test func aLinkOnAFirstRunOpensAfterTheWelcomeScreen() async throws {
        let harness = try AppHarness()
        harness.app.linkToOpen = "coordinates://map"
        await harness.app.launch()
        #expect(harness.app.topScreenName == "onboarding")
        await harness.send("c")
        #expect(tree(harness) == "startup(navigation[main, map])")
    }

    // MARK: - Links while running

    @Test func aGeoLinkWhileRunningGoesBackToTheMainScreen() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        await harness.send("d", "?")
        let main = harness.app.window.topScreen?.presentingScreen?.parentScreen?.childScreens.first
        harness.app.open("geo:10,20")
        #expect(tree(harness) == "startup(navigation[main])")
        // The main screen was kept, not made again.
        #expect(harness.app.window.topScreen === main)
        #expect(harness.app.model.position == .at("10, 20"))
    }

    @Test func aBadLinkWhileRunningIsSaidOnTheScreenAndChangesNothing() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        await harness.send("d")
        harness.app.open("geo:10")
        #expect(tree(harness) == "startup(navigation[main, bearing])")
        #expect(harness.app.model.position == SavedState.paris.position)
        #expect(
            harness.app.takeContent().status
                == "cannot open geo:10: it is not a link of this app; links look like geo:{latitude},{longitude},"
                + " coordinates://position/{latitude},{longitude}, coordinates://main, coordinates://bearing,"
                + " coordinates://map, coordinates://map/{zoom}/{latitude},{longitude}, coordinates://share, coordinates://help."
        )
    }

    // MARK: - Bad links

    @Test(arguments: [
        ("geo:91,0", #"cannot open geo:91,0: the latitude "91" is outside -90…90."#),
        ("geo:48.8584,-180.5", #"cannot open geo:48.8584,-180.5: the longitude "-180.5" is outside -180…180."#),
        (
            "coordinates://position/-90.5,3",
            #"cannot open coordinates://position/-90.5,3: the latitude "-90.5" is outside -90…90."#
        ),
        (
            "geo:north,2.2945",
            #"cannot open geo:north,2.2945: "north" is wrong: latitude is not valid (not a finite Double: "north" at position.latitude)."#
        ),
        (
            "geo:48.8584,2.2945;crs=nad83",
            #"cannot open geo:48.8584,2.2945;crs=nad83: "crs=nad83" is wrong: the app reads WGS-84 coordinates only (crs=wgs84)."#
        ),
        (
            "geo:0,0;CRS=nad27;u=10",
            #"cannot open geo:0,0;CRS=nad27;u=10: "CRS=nad27" is wrong: the app reads WGS-84 coordinates only (crs=wgs84)."#
        ),
        (
            "geo:0,0;u=ten",
            #"cannot open geo:0,0;u=ten: "u=ten" is wrong: the uncertainty u is a number of metres, 0 or more (u=10)."#
        ),
        (
            "geo:0,0;u=-5",
            #"cannot open geo:0,0;u=-5: "u=-5" is wrong: the uncertainty u is a number of metres, 0 or more (u=10)."#
        ),
        (
            "geo:0,0;u",
            #"cannot open geo:0,0;u: "u" is wrong: the uncertainty u is a number of metres, 0 or more (u=10)."#
        ),
        ("geo:0,0;crs=", #"cannot open geo:0,0;crs=: "crs=" is wrong: its value is empty."#),
        (
            "geo:0,0;;u=1",
            #"cannot open geo:0,0;;u=1: "" is wrong: a parameter is a name of letters, digits and -, then = and its value (RFC 5870)."#
        ),
        (
            "geo:0,0;a b=1",
            #"cannot open geo:0,0;a b=1: "a b=1" is wrong: a parameter is a name of letters, digits and -, then = and its value (RFC 5870)."#
        ),
        (
            "coordinates://compass",
            "cannot open coordinates://compass: it is not a link of this app; links look like"
                + " geo:{latitude},{longitude}, coordinates://position/{latitude},{longitude}, coordinates://main,"
                + " coordinates://bearing, coordinates://map, coordinates://map/{zoom}/{latitude},{longitude}, coordinates://share, coordinates://help."
        ),
    ])
    func aBadLinkIsRefusedNamingTheWrongPart(link: String, message: String) {
        #expect(CoordinatesApplication.check(link: link)?.message == message)
    }

    @Test(arguments: [
        "geo:48.8584,2.2945", "geo:-90,180", "coordinates://position/0,0", "coordinates://help", "geo:0,0;crs=wgs84",
        "geo:0,0;CRS=WGS84", "geo:0,0;crs=Wgs84;u=0.5", "geo:0,0;u=12;crs=wgs84", "geo:1,2,3;crs=wgs84;u=0;x-y=z;flag",
        "geo:0,0;unknown=whatever",
    ])
    func aGoodLinkHasNoProblem(link: String) {
        #expect(CoordinatesApplication.check(link: link) == nil)
    }

    // MARK: - Restoration

    @Test func theScreenTheUserQuitOnIsRestoredAtTheNextLaunch() async throws {
        let first = try AppHarness(state: .paris)
        await first.launchToMain()
        await first.send("d", "?")
        #expect(try first.app.save())
        let second = CoordinatesApplication(store: first.app.store) { _ in }
        await second.launch()
        #expect(tree(second) == "startup(navigation[main, bearing ^ help])")
        #expect(second.takeContent().status == nil)
        // The restored screens have the model: back on the bearing screen, it shows the target.
        await second.handle(.line("<"))
        #expect(TextRenderer.plain(second.takeContent()).contains("To               51.507400° N, 0.127800° W"))
    }

    @Test func theStateFileKeepsTheTreeBesideThePosition() async throws {
        let harness = try AppHarness(state: .paris)
        await harness.launchToMain()
        await harness.send("m")
        try harness.app.save()
        #expect(
            harness.folder.contents(of: "state.json") == """
                {
                  "formatVersion" : 1,
                  "hasCompletedOnboarding" : true,
                  "position" : {
                    "latitude" : 48.8584,
                    "longitude" : 2.2945
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
                              "map" : {

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
                    "latitude" : 51.5074,
                    "longitude" : -0.1278
                  }
                }

                """)
    }

    @Test func anEditInProgressIsNeitherSavedNorRestored() async throws {
        let first = try AppHarness(state: .paris)
        await first.launchToMain()
        await first.send("d", "t")
        #expect(first.app.topScreenName == "entry")
        try first.app.save()
        let second = CoordinatesApplication(store: first.app.store) { _ in }
        await second.launch()
        #expect(tree(second) == "startup(navigation[main, bearing])")
        #expect(second.takeContent().status == nil)
    }

    @Test func quittingOnTheWelcomeScreenSavesNoScreens() async throws {
        let harness = try AppHarness()
        await harness.app.launch()
        try harness.app.save()
        #expect(harness.folder.contents(of: "state.json")?.contains("screens") == false)
    }

    @Test func anOldStateFileWithoutScreensStillLoadsOnTheMainScreen() async throws {
        let harness = try AppHarness()
        harness.folder.write(
            #"{"formatVersion":1,"hasCompletedOnboarding":true,"position":{"latitude":1,"longitude":2},"x":[3]}"#,
            to: "state.json")
        await harness.app.launch()
        #expect(tree(harness) == "startup(navigation[main])")
        #expect(harness.app.takeContent().status == nil)
        #expect(harness.reported.isEmpty)
        try harness.app.save()
        let saved = harness.app.store.read()
        guard case .loaded(let state) = saved else {
            Issue.record("expected a loaded state, got \(saved)")
            return
        }
        #expect(state.position == .at("1, 2"))
        #expect(state.unknownFields == ["x": .array([.number(3)])])
        #expect(
            state.screens?.json
                == #"{"format":1,"tree":{"hop":{"route":{"navigation":{}},"stack":[{"route":{"main":{}}}]},"route":{"startup":{}}}}"#
        )
    }

    @Test(arguments: [
        (
            #""screens":42"#,
            "Could not restore the screens you were on: The saved screen tree cannot be read: it has no format"
                + " number. Nothing was restored. The state file as it was is kept as STATE.corrupt. Showing the main"
                + " screen."
        ),
        (
            #""screens":{"format":3,"tree":{}}"#,
            "Could not restore the screens you were on: The saved screen tree has format 3; this version of Baton"
                + " reads format 2 and older. Nothing was restored. The state file as it was is kept as"
                + " STATE.corrupt. Showing the main screen."
        ),
        (
            #""screens":{"format":1,"tree":{"route":{"compass":{}}}}"#,
            #"Could not restore the screens you were on: Left out the root when restoring: its route {"compass":{}} is not a Place: "#
                + "expected Place at the top level: Invalid number of keys found, expected one. Showing the main screen."
        ),
    ])
    func anUnusableTreeFallsBackToTheMainScreenSayingSoAndKeepsThePosition(screens: String, message: String)
        async throws
    {
        let harness = try AppHarness()
        harness.folder.write(
            #"{"formatVersion":1,"hasCompletedOnboarding":true,"position":{"latitude":1,"longitude":2},"#
                + screens + "}",
            to: "state.json")
        await harness.app.launch()
        #expect(tree(harness) == "startup(navigation[main])")
        #expect(harness.app.model.position == .at("1, 2"))
        // A tree that cannot be read is set aside with the file as it was; one that reads is restored in part.
        #expect(
            harness.app.takeContent().status
                == message.replacingOccurrences(of: "STATE", with: harness.folder.file("state.json")))
        #expect(harness.reported.isEmpty)
    }

    @Test func aScreenThatNoLongerExistsIsLeftOutAndTheScreensBelowItAreRestored() async throws {
        let harness = try AppHarness(
            state: paris(
                screens:
                    #"{"format":1,"tree":{"hop":{"route":{"navigation":{}},"stack":[{"route":{"main":{}}},{"route":{"bearing":{}}},{"route":{"compass":{}}}]},"route":{"startup":{}}}}"#
            ))
        await harness.app.launch()
        #expect(tree(harness) == "startup(navigation[main, bearing])")
        #expect(
            harness.app.takeContent().status
                == #"Restored the screens you were on, except: Left out startup() > navigation[2] when restoring: its route {"compass":{}} is not a Place: expected Place at the top level: Invalid number of keys found, expected one."#
        )
    }
}
