import Foundation
import Observation
import Testing

/// The code blocks of a DocC article and the files that compile them.
///
/// An article's ```` ```swift ```` blocks are of two kinds. A block that shows another library
/// (SwiftUI's environment, swift-dependencies, TCA) is introduced by a paragraph that starts with
/// that library's name ("SwiftUI:", "swift-dependencies overrides…"); it does not compile here.
/// Every other block is Baton code: each of its parts (the runs of lines between blank lines)
/// must appear, line for line, in the article's test file, which compiles and runs it on Linux,
/// or in a file of `Examples/BatonSwiftUIGuide` or `Examples/BatonUIKitArticle`, which the iOS
/// check type-checks (SwiftUI views, view controllers).
/// Lines are compared without their indentation; a compiled line may add `private ` or
/// `fileprivate ` in front, so that the articles' examples do not clash in one test module.
struct Article {
    /// A ```` ```swift ```` block and the first line of the paragraph that introduces it.
    struct Block {
        let lines: [String]
        let introduction: String
    }

    let name: String
    let blocks: [Block]

    /// Reads `Sources/Baton/Documentation.docc/<name>.md`.
    init(_ name: String) throws {
        self.name = name
        let text = try String(
            contentsOf: Article.root.appendingPathComponent("Sources/Baton/Documentation.docc/\(name).md"),
            encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        var blocks: [Block] = []
        var index = 0
        while index < lines.count {
            guard lines[index] == "```swift" else {
                index += 1
                continue
            }
            let close = try #require(lines[(index + 1)...].firstIndex(of: "```"), "unclosed block in \(name)")
            blocks.append(
                Block(
                    lines: Array(lines[(index + 1)..<close]), introduction: Article.paragraph(before: index, in: lines))
            )
            index = close + 1
        }
        self.blocks = blocks
    }

    /// The blocks introduced as one of `libraries`' code.
    func blocks(showing libraries: [String]) -> [Block] {
        blocks.filter { block in libraries.contains { block.introduction.hasPrefix($0) } }
    }

    /// The Baton blocks: those not introduced as one of `libraries`' code.
    func batonBlocks(besides libraries: [String]) -> [Block] {
        blocks.filter { block in !libraries.contains { block.introduction.hasPrefix($0) } }
    }

    /// The parts of `block` (runs of lines between blank lines) that no compiled file contains.
    func partsNotCompiled(_ block: Block, testFile: String) throws -> [[String]] {
        let files = try Article.compiledFiles(testFile: testFile)
        return Article.parts(of: block.lines).filter { part in !files.contains { Article.contains($0, part) } }
    }

    // MARK: - Reading

    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The first line of the paragraph that ends before line `index`.
    private static func paragraph(before index: Int, in lines: [String]) -> String {
        var end = index - 1
        while end >= 0, lines[end].trimmingCharacters(in: .whitespaces).isEmpty { end -= 1 }
        var start = end
        while start > 0, !lines[start - 1].trimmingCharacters(in: .whitespaces).isEmpty { start -= 1 }
        return start >= 0 ? lines[start] : ""
    }

    private static func parts(of lines: [String]) -> [[String]] {
        var parts: [[String]] = [[]]
        for line in lines.map(normalized) {
            if line.isEmpty {
                if !(parts.last ?? []).isEmpty { parts.append([]) }
            } else {
                parts[parts.count - 1].append(line)
            }
        }
        return parts.filter { !$0.isEmpty }
    }

    private static func normalized(_ line: String) -> String {
        var line = line.trimmingCharacters(in: .whitespaces)
        for modifier in ["private ", "fileprivate "] where line.hasPrefix(modifier) {
            line.removeFirst(modifier.count)
        }
        return line
    }

    /// The article's test file and every file of Examples/BatonSwiftUIGuide and
    /// Examples/BatonUIKitArticle, as normalized lines.
    private static func compiledFiles(testFile: String) throws -> [[String]] {
        let folders = ["Examples/BatonSwiftUIGuide", "Examples/BatonUIKitArticle"].map {
            root.appendingPathComponent($0)
        }
        var paths = [URL(fileURLWithPath: testFile)]
        for folder in folders {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
                $0.hasSuffix(".swift")
            }
            paths += names.sorted().map { folder.appendingPathComponent($0) }
        }
        return try paths.map { path in
            try String(contentsOf: path, encoding: .utf8).components(separatedBy: "\n").map(normalized)
        }
    }

    private static func contains(_ file: [String], _ part: [String]) -> Bool {
        guard part.count <= file.count else { return false }
        return (0...(file.count - part.count)).contains { Array(file[$0..<($0 + part.count)]) == part }
    }
}

/// How many times an Observation tracking fired. Its `onChange` runs synchronously where the
/// tracked value changes, on the main actor in these tests.
final class TrackedChanges: @unchecked Sendable {
    var count = 0
}

/// Runs `read` inside `withObservationTracking` and counts the changes that fire it.
@MainActor
func trackChanges(of read: () -> Void) -> TrackedChanges {
    let changes = TrackedChanges()
    withObservationTracking(read) { changes.count += 1 }
    return changes
}
