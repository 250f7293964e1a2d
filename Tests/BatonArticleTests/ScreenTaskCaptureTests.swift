import Foundation
import Testing

/// No example starts a screen's task with `[unowned self]`: a task is cancelled when its screen
/// leaves, but its body may still run a step after that, and an unowned capture of a freed screen
/// crashes. A task captures its screen strongly; the cancellation ends it.
@Suite struct ScreenTaskCaptureTests {
    @Test func noDocumentedScreenTaskCapturesItsScreenUnowned() throws {
        let folders = ["Sources/Baton/Documentation.docc", "Examples/BatonSwiftUIGuide"]
        var found: [String] = []
        for folder in folders {
            let url = Article.root.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() {
                let text = try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
                for (index, line) in text.components(separatedBy: "\n").enumerated()
                where line.contains("task { [unowned self]") {
                    found.append("\(folder)/\(name):\(index + 1)")
                }
            }
        }
        #expect(found == [])
    }
}
