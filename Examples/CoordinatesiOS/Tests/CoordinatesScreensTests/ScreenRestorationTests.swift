import Baton
import BatonTesting
import CoordinatesApp
import CoordinatesKit
import Foundation
import Testing

@testable import CoordinatesScreens

/// The screens the user was on, saved with the state when the scene stops being active and
/// restored at the next launch.
@MainActor
@Suite(.isolatedBaton)
struct ScreenRestorationTests {
    /// The screens of the start-up flow ending on `screens` in the navigation stack.
    private func tree(_ screens: [ScreenTree<PhoneRoute>]) -> ScreenTree<PhoneRoute> {
        .hopping(.startup, to: .stack(.navigation, screens))
    }

    private func tree(_ routes: [PhoneRoute]) -> ScreenTree<PhoneRoute> { tree(routes.map { ScreenTree($0) }) }

    /// An app launched on `file`, once its start-up flow has shown the main screen.
    private func launched(_ file: TemporaryStateFile) async throws -> (CoordinatesPhone, MainScreen) {
        let app = CoordinatesPhone(store: StateStore(path: file.path), locator: nil)
        Task { await app.start() }
        return (app, try await app.window.next(MainScreen.self))
    }

    @Test func theBearingScreenSavedOnLeavingIsShownAgainAtTheNextLaunch() async throws {
        let file = TemporaryStateFile()
        file.write(savedState(position: (48.8584, 2.2945)))
        let (app, main) = try await launched(file)
        try main.push(BearingScreen(name: "bearing"))
        #expect(app.sceneDidDeactivate())

        let (relaunched, _) = try await launched(file)
        #expect(try relaunched.window.screenTree(PhoneRoute.self) == tree([.main, .bearing]))
        let bearing = try #require(relaunched.window.topScreen as? BearingScreen)
        #expect(bearing.model === relaunched.model)
        #expect(bearing.model.position == .at(48.8584, 2.2945))
        #expect(relaunched.problem == nil)
        #expect(relaunched.sceneDidDeactivate() == false)  // the same screens and state
    }

    @Test func theMapAndHelpOverTheMainScreenAreShownAgain() async throws {
        let file = TemporaryStateFile()
        file.write(savedState(position: (1, 2)))
        let (app, main) = try await launched(file)
        try main.present(HelpScreen(name: "help"))
        #expect(app.sceneDidDeactivate())
        let (helpRelaunch, _) = try await launched(file)
        #expect(
            try helpRelaunch.window.screenTree(PhoneRoute.self)
                == tree([ScreenTree(.main, presenting: ScreenTree(.help))]))
        #expect(helpRelaunch.window.topScreen is HelpScreen)

        helpRelaunch.window.topScreen?.finish()
        try helpRelaunch.main?.push(MapScreen(name: "map"))
        #expect(helpRelaunch.sceneDidDeactivate())
        let (mapRelaunch, _) = try await launched(file)
        #expect(try mapRelaunch.window.screenTree(PhoneRoute.self) == tree([.main, .map]))
        #expect(mapRelaunch.problem == nil)
    }

    @Test func anEditInProgressIsNotSavedAndTheMainScreenAloneSavesNoScreens() async throws {
        let file = TemporaryStateFile()
        file.write(savedState(position: (1, 2)))
        let (app, main) = try await launched(file)
        let bearing = BearingScreen(name: "bearing")
        try main.push(bearing)
        let setting = Task { await bearing.setTarget() }
        _ = try await app.window.next(EntryScreen.self)
        #expect(app.screensToSave == (try SavedScreenTree(tree([.main, .bearing]))))
        app.navigation?.pop()
        #expect(await setting.value == nil)
        app.navigation?.pop()
        #expect(app.screensToSave == nil)
        #expect(app.sceneDidDeactivate() == false)
    }

    @Test func aSavedTreeOfANewerFormatShowsTheMainScreenAndSaysSo() async throws {
        let file = TemporaryStateFile()
        file.write(
            #"{"formatVersion": 1, "hasCompletedOnboarding": true, "position": {"latitude": 1, "longitude": 2}, "#
                + #""screens": {"format": 9, "tree": {"route": {"bearing": {}}}}}"#)
        let (app, main) = try await launched(file)
        #expect(app.window.topScreen === main)
        #expect(app.model.position == .at(1, 2))
        #expect(
            app.problem
                == "Could not restore the screens you were on: The saved screen tree has format 9; "
                + "this version of Baton reads format 2 and older. Nothing was restored. "
                + "The state file as it was is kept as \(file.path).corrupt.")
        #expect(file.names == ["state.json", "state.json.corrupt"])
    }

    @Test func aSavedTreeNamingAnUnknownScreenShowsTheMainScreenAndSaysSo() async throws {
        let file = TemporaryStateFile()
        file.write(
            #"{"formatVersion": 1, "hasCompletedOnboarding": true, "position": {"latitude": 1, "longitude": 2}, "#
                + #""screens": {"format": 1, "tree": {"route": {"startup": {}}, "hop": {"route": {"navigation": {}}, "#
                + #""stack": [{"route": {"main": {}}}, {"route": {"compass": {}}}]}}}}"#)
        let (app, main) = try await launched(file)
        #expect(app.window.topScreen === main)
        #expect(try app.window.screenTree(PhoneRoute.self) == tree([.main]))
        #expect(
            app.problem
                == "Restored the screens you were on, except: Left out startup() > navigation[1] when restoring: "
                + #"its route {"compass":{}} is not a PhoneRoute: expected PhoneRoute at the top level: "#
                + "Invalid number of keys found, expected one.")
    }

    @Test func aGeoLinkThatOpensTheAppReplacesTheSavedScreens() async throws {
        let file = TemporaryStateFile()
        file.write(savedState(position: (1, 2)))
        let (first, main) = try await launched(file)
        try main.push(BearingScreen(name: "bearing"))
        #expect(first.sceneDidDeactivate())

        let app = CoordinatesPhone(store: StateStore(path: file.path), locator: nil)
        app.open("geo:-33.8688,151.2093")  // before the state and the screens are loaded
        Task { await app.start() }
        let shown = try await app.window.next(MainScreen.self)
        #expect(app.window.topScreen === shown)
        #expect(app.model.position == .at(-33.8688, 151.2093))
        #expect(app.problem == nil)
    }

    @Test func aGeoLinkAfterRestorationGoesBackToTheMainScreen() async throws {
        let file = TemporaryStateFile()
        file.write(savedState(position: (1, 2)))
        let (first, main) = try await launched(file)
        try main.push(ShareScreen(name: "share"))
        try #require(first.window.topScreen as? ShareScreen).present(HelpScreen(name: "help"))
        #expect(first.sceneDidDeactivate())

        let (app, restoredMain) = try await launched(file)
        #expect(
            try app.window.screenTree(PhoneRoute.self)
                == tree([ScreenTree(.main), ScreenTree(.share, presenting: ScreenTree(.help))]))
        app.open("geo:48.8584,2.2945")
        #expect(app.window.topScreen === restoredMain)
        #expect(app.model.position == .at(48.8584, 2.2945))
        #expect(app.problem == nil)
    }
}
