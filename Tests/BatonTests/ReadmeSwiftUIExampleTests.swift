import Testing

/// The README's first examples are the code that is compiled: its SwiftUI app is
/// Examples/Readme/ReadmeApp.swift, which the iOS check type-checks as an iOS 17 app, and its flow
/// test is the Tasks showcase's login test, which `swift test` runs.
@Suite
struct ReadmeSwiftUIExampleTests {
    @Test func readmeShowsTheSwiftUIAppThatTheIOSCheckTypeChecks() throws {
        let shown = try ReadmeExample.block(under: "## Screens in SwiftUI")
        let compiled = try ReadmeExample.compiledLines(
            marker: "README example", inRepositoryFile: "Examples/Readme/ReadmeApp.swift")
        #expect(shown == compiled)
    }

    @Test func readmeShowsTheLoginTestOfTheTasksShowcase() throws {
        let shown = try ReadmeExample.block(under: "## Test a flow on Linux")
        let compiled = try ReadmeExample.compiledLines(
            marker: "README login test", inRepositoryFile: "Examples/Tasks/Tests/TasksAppTests/LoginTests.swift")
        #expect(shown == compiled)
    }
}
