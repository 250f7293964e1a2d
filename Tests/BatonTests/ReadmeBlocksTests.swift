import Foundation
import Testing

/// Every Swift block of README.md is code that is compiled: each of its code lines appears in a
/// test or an example (`Examples/`, which the iOS check type-checks, or `Tests/`). The one
/// exception is the `Package.swift` fragment under "Add Baton to your package", which is a part
/// of a manifest, not a file that compiles alone. Some blocks are also checked word for word
/// (ReadmeSwiftUIExampleTests, ReadmeNavigationExampleTests, the Readme*ExampleTests).
@Suite
struct ReadmeBlocksTests {
    @Test func everyCodeLineOfTheReadmesSwiftBlocksIsCompiledSomewhere() throws {
        let readme = try String(
            contentsOf: ReadmeExample.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        var compiled = Set<String>()
        for folder in ["Examples", "Tests"] {
            let files = FileManager.default.enumerator(
                atPath: ReadmeExample.repositoryRoot.appendingPathComponent(folder).path)
            while let path = files?.nextObject() as? String {
                guard path.hasSuffix(".swift") else { continue }
                let url = ReadmeExample.repositoryRoot.appendingPathComponent(folder).appendingPathComponent(path)
                let text = try String(contentsOf: url, encoding: .utf8)
                compiled.formUnion(text.components(separatedBy: "\n").map(Self.code))
            }
        }
        var heading = ""
        var inBlock = false
        var blocks = 0
        var missing: [String] = []
        for line in readme.components(separatedBy: "\n") {
            if line.hasPrefix("## ") { heading = line }
            if line == "```swift" {
                inBlock = true
                blocks += 1
            } else if line == "```" {
                inBlock = false
            } else if inBlock, heading != "## Add Baton to your package" {
                let code = Self.code(line)
                if !code.isEmpty, !code.hasPrefix("//"), !compiled.contains(code) {
                    missing.append("\(heading): \(line)")
                }
            }
        }
        #expect(blocks == 11)
        #expect(missing == [])
    }

    /// A line without its indentation and surrounding spaces.
    private static func code(_ line: String) -> String {
        line.trimmingCharacters(in: .whitespaces)
    }
}
