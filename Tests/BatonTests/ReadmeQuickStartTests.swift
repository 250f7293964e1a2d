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
        let shown = try ReadmeExample.block(under: "## Quick start")
        let compiled = try ReadmeExample.compiledLines(marker: "README quick start", in: #filePath)
        // The README also shows the import, which this file has at its top.
        #expect(shown == ["import Baton", ""] + compiled)
    }
}
