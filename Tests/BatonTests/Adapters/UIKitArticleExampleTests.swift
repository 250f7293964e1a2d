import Foundation
import Testing

/// The UIKit code shown in the documentation is the code the iOS check type-checks: every
/// ```` ```swift ```` block of the article "Using Baton with UIKit", of the "In a UIKit app"
/// sections of the four "Coming from" articles and of the README's "UIKit" section appears, line
/// for line, in a file of Examples/BatonUIKitArticle.
@Suite struct UIKitArticleExampleTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The ```` ```swift ```` blocks of `text`, each as lines without their leading spaces.
    private func swiftBlocks(in text: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in text.components(separatedBy: "\n") {
            if current == nil, line == "```swift" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!)
                current = nil
            } else if current != nil {
                current!.append(line.trimmingCharacters(in: .whitespaces))
            }
        }
        return blocks
    }

    private func exampleFiles() throws -> [[String]] {
        let folder = Self.root.appendingPathComponent("Examples/BatonUIKitArticle")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        return try names.sorted().map { name in
            try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
                .components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    private func contains(_ file: [String], _ block: [String]) -> Bool {
        guard block.count <= file.count else { return false }
        return (0...(file.count - block.count)).contains { Array(file[$0..<($0 + block.count)]) == block }
    }

    @Test func everyArticleBlockIsInATypeCheckedExampleFile() throws {
        let article = try String(
            contentsOf: Self.root.appendingPathComponent("Sources/Baton/Documentation.docc/UsingBatonWithUIKit.md"),
            encoding: .utf8)
        let files = try exampleFiles()
        let blocks = swiftBlocks(in: article)
        #expect(blocks.count == 19)
        for block in blocks {
            #expect(files.contains { contains($0, block) }, "not in Examples/BatonUIKitArticle: \(block)")
        }
    }

    @Test(arguments: [
        "ComingFromControllerContext", "ComingFromProContext", "ComingFromCLHoppingViewController",
        "ComingFromMHDependencyKit",
    ])
    func everyComingFromArticlesUIKitBlockIsInATypeCheckedExampleFile(article: String) throws {
        let text = try String(
            contentsOf: Self.root.appendingPathComponent("Sources/Baton/Documentation.docc/\(article).md"),
            encoding: .utf8)
        let section =
            try #require(text.components(separatedBy: "\n## In a UIKit app\n").dropFirst().first)
            .components(separatedBy: "\n## ").first ?? ""
        let files = try exampleFiles()
        let blocks = swiftBlocks(in: section)
        #expect(blocks.count >= 3)
        for block in blocks {
            #expect(files.contains { contains($0, block) }, "not in Examples/BatonUIKitArticle: \(block)")
        }
    }

    @Test func everyReadmeUIKitBlockIsInATypeCheckedExampleFile() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section =
            try #require(readme.components(separatedBy: "\n## UIKit\n").dropFirst().first)
            .components(separatedBy: "\n## ").first ?? ""
        let files = try exampleFiles()
        let blocks = swiftBlocks(in: section)
        #expect(blocks.count >= 2)
        for block in blocks {
            #expect(files.contains { contains($0, block) }, "not in Examples/BatonUIKitArticle: \(block)")
        }
    }
}
