import Baton
import Foundation
import Testing

// README quick start declarations: begin
extension ContextValues {
    var userID: ContextEntry<String?> { .init() }  // nil until set
    var pageSize: ContextEntry<Int> { .init(default: 20) }  // never nil
    var totalWeight: ContextEntry<Double?> { .init() }  // served by a provider below
}

// README quick start declarations: end

/// Compiles and runs the README's quick start, and checks that the README still shows exactly
/// this code.
@MainActor
@Suite
struct ReadmeQuickStartTests {
    @Test func quickStartRunsAsTheReadmeSays() throws {
        // README quick start: begin
        enum ColorPicked: ContextEvent { typealias Payload = String }
        final class WeightScreen {
            var weight = 40.0
            var color: String?
        }

        let app = ScreenContext(name: "app")  // the innermost layer
        app.set("12345", for: \.userID)
        let form = ScreenContext(name: "form", parent: app)  // form → app, like an onion
        form.set("ABCDEF", for: \.userID)  // shadows app's value
        let near = form[\.userID]  // "ABCDEF"
        let inApp = try form.value(for: \.userID, in: "app")  // "12345": a named scope
        let size = form[\.pageSize]  // 20: the default, as nothing is stored

        let screen = WeightScreen()
        try app.provide(\.totalWeight, owner: screen) { screen in screen.weight }
        let total = try form.request(\.totalWeight)  // Optional(40.0), computed on request
        form.observe(ColorPicked.self, owner: screen) { screen, color in screen.color = color }
        form.post(ColorPicked.self, "Blue")  // screen.color == "Blue"
        // README quick start: end

        #expect(near == "ABCDEF")
        #expect(inApp == "12345")
        #expect(app[\.userID] == "12345")
        #expect(size == 20)
        #expect(total == 40.0)
        #expect(screen.color == "Blue")
    }

    @Test func readmeShowsTheQuickStartOfThisFile() throws {
        let shown = try ReadmeExample.block(under: "## Quick start")
        let declarations = try ReadmeExample.compiledLines(
            marker: "README quick start declarations", in: #filePath)
        let compiled = try ReadmeExample.compiledLines(marker: "README quick start", in: #filePath)
        // The README also shows the import, which this file has at its top, and the values'
        // declarations, which this file has at file scope (an extension cannot be local).
        #expect(shown == ["import Baton", ""] + declarations + compiled)
    }
}
