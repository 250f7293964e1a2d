import Foundation
import Testing

@Suite struct InspectorTests {
    /// `!` shows the inspector (the window's snapshot and its newest navigation events, each
    /// with its cause); the next line returns to the screen it covered.
    @Test func theInspectorKeyShowsTheSnapshotAndTheEvents() throws {
        let scratch = try Scratch()
        let result = try runCoordinates(
            ["--state", scratch.state], input: ["c", "!", "back", "q"].joined(separator: "\n") + "\n",
            home: scratch.path)
        #expect(result.status == 0)
        #expect(result.errors == "")
        let pages = result.output.components(separatedBy: "\n> ")
        // The pages: welcome, main, the inspector, main again, and the last prompt's echo.
        #expect(pages.count == 5)
        let inspector = pages.count > 2 ? pages[2].split(separator: "\n").map(String.init) : []
        // The resolvers' summaries name source lines, which move: each line is checked up to them.
        let trimmed = inspector.map {
            $0.components(separatedBy: "; resolvers")[0].components(separatedBy: " resolved by")[0]
        }
        #expect(
            trimmed.filter { !$0.contains("positionLocator") } == [
                "!",
                "== Inspector ==",
                "window app",
                "startup (StartupScreen) appeared",
                "    shown by replaceRoot: → startup",
                "  navigation (StackScreen) appeared",
                "      shown by hop: → navigation (navigation)",
                "    main (MainScreen) appeared",
                "        shown by hop: → navigation (navigation) (main inside navigation)",
                "events:",
                "  replaceRoot: → startup (call by startup)",
                "  startup.willAppear (call by startup)",
                "  startup.didAppear (call by startup)",
                "  splash.willAppear (call by splash)",
                "  splash.didAppear (call by splash)",
                "  hop: → splash (call by splash)",
                "  splash.willDisappear (call by splash)",
                "  onboarding.willAppear (call by splash)",
                "  splash.didDisappear (call by splash)",
                "  onboarding.didAppear (call by splash)",
                "  hop: splash → onboarding (call by splash)",
                "  onboarding.willDisappear (call by onboarding)",
                "  navigation.willAppear (call by onboarding)",
                "  main.willAppear (call by onboarding)",
                "  onboarding.didDisappear (call by onboarding)",
                "  navigation.didAppear (call by onboarding)",
                "  main.didAppear (call by onboarding)",
                "  hop: onboarding → navigation (call by onboarding)",
                "! Any key returns to the app.",
            ])
        #expect(pages.count > 3 && pages[3].hasPrefix("back\n== Coordinates =="))
    }
}
