import Baton
import Foundation
import Testing

/// Compiles and runs the README's quick start, and checks that the README still shows exactly
/// this code.
@MainActor
@Suite
struct ReadmeQuickStartTests {
    @Test func quickStartRunsAsTheReadmeSays() throws {
        // README quick start: begin
        enum UserID: ContextKey { typealias Value = String }
        enum TotalWeight: ContextKey { typealias Value = Double }
        enum ColorPicked: ContextEvent { typealias Payload = String }
        final class WeightScreen {
            var weight = 40.0
            var color: String?
        }

        let app = Context(name: "app")  // the innermost layer
        app.set("12345", for: UserID.self)
        let form = Context(name: "form", parent: app)  // form → app, like an onion
        form.set("ABCDEF", for: UserID.self)  // shadows app's value
        let near = form[UserID.self]  // "ABCDEF"
        let inApp = try form.value(for: UserID.self, in: "app")  // "12345": a named scope

        let screen = WeightScreen()
        try app.provide(TotalWeight.self, owner: screen) { screen in screen.weight }
        let total = try form.request(TotalWeight.self)  // 40.0, computed on request
        form.observe(ColorPicked.self, owner: screen) { screen, color in screen.color = color }
        form.post(ColorPicked.self, "Blue")  // screen.color == "Blue"
        // README quick start: end

        #expect(near == "ABCDEF")
        #expect(inApp == "12345")
        #expect(app[UserID.self] == "12345")
        #expect(total == 40.0)
        #expect(screen.color == "Blue")
    }

    @Test func readmeShowsTheQuickStartOfThisFile() throws {
        let testFile = URL(fileURLWithPath: #filePath)
        let root = testFile.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: testFile, encoding: .utf8)

        let readmeLines = readme.components(separatedBy: "\n")
        let heading = try #require(readmeLines.firstIndex(of: "## Quick start"))
        let open = try #require(readmeLines[heading...].firstIndex(of: "```swift"))
        let close = try #require(readmeLines[(open + 1)...].firstIndex(of: "```"))
        let shown = Array(readmeLines[(open + 1)..<close])

        // The test's lines, without the indentation of the function body.
        let sourceLines = source.components(separatedBy: "\n")
        let begin = try #require(sourceLines.firstIndex { $0.hasSuffix("// README quick start: begin") })
        let end = try #require(sourceLines.firstIndex { $0.hasSuffix("// README quick start: end") })
        let indentation = String(sourceLines[begin].prefix { $0 == " " })
        let compiled = sourceLines[(begin + 1)..<end].map { line in
            line.hasPrefix(indentation) ? String(line.dropFirst(indentation.count)) : line
        }

        #expect(shown == compiled)
    }
}
