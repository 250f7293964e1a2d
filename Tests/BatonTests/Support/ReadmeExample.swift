import Foundation
import Testing

/// Compares a README code block with the lines a test compiles, so the README's examples stay
/// the code that runs.
enum ReadmeExample {
    /// The first ```` ```swift ```` block after `heading` in README.md (or in `file`, a path from
    /// the repository's root).
    static func block(under heading: String, in file: String = "README.md") throws -> [String] {
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent(file), encoding: .utf8)
        let lines = readme.components(separatedBy: "\n")
        let title = try #require(lines.firstIndex(of: heading))
        let open = try #require(lines[title...].firstIndex(of: "```swift"))
        let close = try #require(lines[(open + 1)...].firstIndex(of: "```"))
        return Array(lines[(open + 1)..<close])
    }

    /// The lines of `file` between the comments `// <marker>: begin` and `// <marker>: end`,
    /// without the indentation of the function body.
    static func compiledLines(marker: String, in file: String) throws -> [String] {
        let source = try String(contentsOf: URL(fileURLWithPath: file), encoding: .utf8)
        let lines = source.components(separatedBy: "\n")
        let begin = try #require(lines.firstIndex { $0.hasSuffix("// \(marker): begin") })
        let end = try #require(lines.firstIndex { $0.hasSuffix("// \(marker): end") })
        let indentation = String(lines[begin].prefix { $0 == " " })
        return lines[(begin + 1)..<end].map { line in
            line.hasPrefix(indentation) ? String(line.dropFirst(indentation.count)) : line
        }
    }

    /// The lines of `file` (a path from the repository's root) between its markers.
    static func compiledLines(marker: String, inRepositoryFile file: String) throws -> [String] {
        try compiledLines(marker: marker, in: repositoryRoot.appendingPathComponent(file).path)
    }

    /// The repository's root folder.
    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }
}
