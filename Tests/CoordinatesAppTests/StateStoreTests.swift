import Foundation
import Testing

@testable import CoordinatesApp
@testable import CoordinatesKit

@Suite struct StateStoreTests {
    // MARK: - Saving and loading

    @Test func savedStateLoadsBackEqual() throws {
        let folder = try TemporaryFolder()
        let store = StateStore(path: folder.file("state.json"))
        try store.save(.paris)
        #expect(store.load() == .loaded(.paris))
    }

    @Test func savingWritesSortedPrettyJSONAndNoTemporaryFile() throws {
        let folder = try TemporaryFolder()
        var state = SavedState.paris
        state.target = nil
        try StateStore(path: folder.file("state.json")).save(state)
        #expect(
            folder.contents(of: "state.json") == """
                {
                  "formatVersion" : 1,
                  "hasCompletedOnboarding" : true,
                  "position" : {
                    "latitude" : 48.8584,
                    "longitude" : 2.2945
                  }
                }

                """)
        #expect(folder.names == ["state.json"])
    }

    @Test func savingCreatesMissingFolders() throws {
        let folder = try TemporaryFolder()
        let store = StateStore(path: folder.file("a/b/state.json"))
        try store.save(.initial)
        #expect(store.load() == .loaded(.initial))
    }

    @Test func savingIntoAFileInsteadOfAFolderFailsAndNamesThePath() throws {
        let folder = try TemporaryFolder()
        folder.write("x", to: "blocker")
        let path = folder.file("blocker/state.json")
        #expect(throws: StateStoreError(path: path, reason: "could not create the folder \(folder.file("blocker"))")) {
            try StateStore(path: path).save(.initial)
        }
    }

    @Test func aMissingFileIsAFirstLaunch() throws {
        let folder = try TemporaryFolder()
        #expect(StateStore(path: folder.file("state.json")).load() == .missing)
    }

    // MARK: - Unreadable files are moved aside, never lost

    @Test func invalidJSONIsMovedAsideAndReportedWithItsPath() throws {
        let folder = try TemporaryFolder()
        folder.write("{ not json", to: "state.json")
        let path = folder.file("state.json")
        let result = StateStore(path: path).load()
        guard case .unreadable(let problem) = result else {
            Issue.record("expected unreadable, got \(result)")
            return
        }
        #expect(
            problem.message
                == "could not read the state file \(path): it is not valid JSON. Moved it to \(path).corrupt and"
                + " started from defaults.")
        #expect(problem.allowsSaving)
        #expect(folder.names == ["state.json.corrupt"])
        #expect(folder.contents(of: "state.json.corrupt") == "{ not json")
    }

    @Test func anOutOfRangeValueNamesTheField() throws {
        let folder = try TemporaryFolder()
        folder.write(
            #"{"formatVersion":1,"hasCompletedOnboarding":true,"position":{"latitude":91.5,"longitude":0}}"#,
            to: "state.json")
        guard case .unreadable(let problem) = StateStore(path: folder.file("state.json")).load() else {
            Issue.record("expected unreadable")
            return
        }
        #expect(problem.reason == "the field 'position.latitude' is invalid: latitude 91.5 is out of range −90…90")
    }

    @Test func aMissingFieldIsNamed() throws {
        let folder = try TemporaryFolder()
        folder.write(#"{"formatVersion":1,"hasCompletedOnboarding":true}"#, to: "state.json")
        guard case .unreadable(let problem) = StateStore(path: folder.file("state.json")).load() else {
            Issue.record("expected unreadable")
            return
        }
        #expect(problem.reason == "the field 'position' is missing")
    }

    @Test func aNewerFormatIsRejectedAndKept() throws {
        let folder = try TemporaryFolder()
        folder.write(#"{"formatVersion":2}"#, to: "state.json")
        guard case .unreadable(let problem) = StateStore(path: folder.file("state.json")).load() else {
            Issue.record("expected unreadable")
            return
        }
        #expect(problem.reason == "it was written by a newer version of the app (format 2; this one reads up to 1)")
        #expect(problem.movedTo == nil)
        #expect(!problem.allowsSaving)
        // Kept where it is, never moved aside to be replaced.
        #expect(folder.names == ["state.json"])
        #expect(folder.contents(of: "state.json") == #"{"formatVersion":2}"#)
    }

    @Test func anEarlierCorruptFileIsNotOverwritten() throws {
        let folder = try TemporaryFolder()
        folder.write("first", to: "state.json.corrupt")
        folder.write("second", to: "state.json")
        _ = StateStore(path: folder.file("state.json")).load()
        #expect(folder.names == ["state.json.2.corrupt", "state.json.corrupt"])
        #expect(folder.contents(of: "state.json.2.corrupt") == "second")
    }

    @Test func aFolderAtThePathIsKeptAndNeverSavedOver() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("state.json"), withIntermediateDirectories: false)
        guard case .unreadable(let problem) = StateStore(path: folder.file("state.json")).load() else {
            Issue.record("expected unreadable")
            return
        }
        #expect(problem.reason == "it is a folder, not a regular file")
        #expect(!problem.allowsSaving)
        #expect(folder.names == ["state.json"])
    }

    @Test func aFileThatCouldNotBeMovedIsNeverSavedOver() {
        let problem = StateLoadProblem(
            path: "/x/state.json", reason: "open: Permission denied", movedTo: nil,
            moveFailure: "rename: Read-only file system")
        #expect(!problem.allowsSaving)
        #expect(
            problem.message
                == "could not read the state file /x/state.json: open: Permission denied. Could not move it aside"
                + " (rename: Read-only file system), so this session starts from defaults and will not save over it.")
    }

    // MARK: - Default location

    @Test func defaultPathPrefersXDGDataHome() {
        #expect(
            StateStore.defaultPath(environment: ["XDG_DATA_HOME": "/data/", "HOME": "/home/me"])
                == "/data/coordinates/state.json")
    }

    @Test func defaultPathFallsBackToLocalShareUnderHome() {
        #expect(
            StateStore.defaultPath(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/me"])
                == "/home/me/.local/share/coordinates/state.json")
    }

    @Test func defaultPathNeedsAnAbsoluteFolder() {
        #expect(StateStore.defaultPath(environment: [:]) == nil)
    }
}

@MainActor
@Suite struct AppPersistenceTests {
    @Test func anUnreadableStateIsReportedOnceAndTheAppStartsFromDefaults() async throws {
        let harness = try AppHarness()
        harness.folder.write("garbage", to: "state.json")
        await harness.app.launch()
        #expect(harness.reported.count == 1)
        #expect(harness.reported.first?.hasPrefix("could not read the state file ") == true)
        #expect(harness.app.topScreenName == "onboarding")
        #expect(harness.app.model.savedState == .initial)
        #expect(try harness.app.save())
        #expect(harness.folder.names == ["state.json", "state.json.corrupt"])
    }

    @Test func nothingIsSavedBeforeTheStateWasLoaded() throws {
        let harness = try AppHarness(state: .paris)
        #expect(try harness.app.save() == false)
        #expect(StateStore(path: harness.folder.file("state.json")).load() == .loaded(.paris))
    }
}
