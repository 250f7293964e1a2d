import Baton
import Foundation
import Testing

/// Compiles and runs the README's dependencies example, and checks that the README still shows
/// exactly this code.
@MainActor
@Suite
struct ReadmeDependenciesExampleTests {
    @Test func dependenciesExampleRunsAsTheReadmeSays() throws {
        // README dependencies: begin
        final class SharedModel { var position = "48.8584, 2.2945" }
        class ModelScreen: HeadlessScreen { var model: SharedModel? }
        final class MapScreen: ModelScreen {}
        final class ShareScreen: ModelScreen {}

        let model = SharedModel()
        let coordinator = DependencyCoordinator(name: "app")
        try coordinator.register(.destination { (screen: ModelScreen) in screen.model = model })

        let window = Window()
        window.dependencyCoordinator = coordinator
        let map = MapScreen(identifier: "map")
        let stack = try StackScreen(root: map, identifier: "main")
        try window.setRoot(stack)  // map receives the model before it appears
        let share = ShareScreen(identifier: "share")
        try stack.push(share)  // and so does every screen after it
        let same = share.model === map.model  // true: one object, shared
        // README dependencies: end

        #expect(same)
        #expect(map.model === model)
        share.model?.position = "51.5074 N, 0.1278 W"
        #expect(map.model?.position == "51.5074 N, 0.1278 W")
    }

    @Test func readmeShowsTheDependenciesExampleOfThisFile() throws {
        let testFile = URL(fileURLWithPath: #filePath)
        let root = testFile.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: testFile, encoding: .utf8)

        let readmeLines = readme.components(separatedBy: "\n")
        let heading = try #require(readmeLines.firstIndex(of: "## Dependencies between screens"))
        let open = try #require(readmeLines[heading...].firstIndex(of: "```swift"))
        let close = try #require(readmeLines[(open + 1)...].firstIndex(of: "```"))
        let shown = Array(readmeLines[(open + 1)..<close])

        let sourceLines = source.components(separatedBy: "\n")
        let begin = try #require(sourceLines.firstIndex { $0.hasSuffix("// README dependencies: begin") })
        let end = try #require(sourceLines.firstIndex { $0.hasSuffix("// README dependencies: end") })
        let indentation = String(sourceLines[begin].prefix { $0 == " " })
        let compiled = sourceLines[(begin + 1)..<end].map { line in
            line.hasPrefix(indentation) ? String(line.dropFirst(indentation.count)) : line
        }

        #expect(shown == compiled)
    }
}
