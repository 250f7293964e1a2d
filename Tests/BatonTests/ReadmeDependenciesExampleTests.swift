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
        class ModelScreen: ScreenModel { var model: SharedModel? }
        final class MapScreen: ModelScreen {}
        final class ShareScreen: ModelScreen {}

        let model = SharedModel()
        let coordinator = DependencyCoordinator(name: "app")
        try coordinator.register(.destination { (screen: ModelScreen) in screen.model = model })

        let window = ScreenWindow()
        window.dependencyCoordinator = coordinator
        let map = MapScreen(name: "map")
        let stack = try StackScreen(root: map, name: "main")
        try window.setRoot(stack)  // map receives the model before it appears
        let share = ShareScreen(name: "share")
        try stack.push(share)  // and so does every screen after it
        let same = share.model === map.model  // true: one object, shared
        // README dependencies: end

        #expect(same)
        #expect(map.model === model)
        share.model?.position = "51.5074 N, 0.1278 W"
        #expect(map.model?.position == "51.5074 N, 0.1278 W")
    }

    @Test func readmeShowsTheDependenciesExampleOfThisFile() throws {
        let shown = try ReadmeExample.block(under: "## Dependencies between screens")
        let compiled = try ReadmeExample.compiledLines(marker: "README dependencies", in: #filePath)
        #expect(shown == compiled)
    }
}
