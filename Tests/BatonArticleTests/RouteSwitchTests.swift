import Foundation
import Testing

/// A `screen(for:)` switch with a `default:` case hides a route case added later: the compiler no
/// longer asks for its view, and its screen is drawn by the default (often `EmptyView()`, a blank
/// screen) instead of being reported as a screen that nothing draws. Baton cannot see a default
/// case at run time (it receives the view the closure returns), so what it teaches must never
/// write one: every article, the README, the adapters' doc comments, the examples and the tests
/// that model SwiftUI switch over every case, and list the routes whose screens draw themselves
/// (containers, `ViewScreen`s) in a case of their own.
@Suite
struct RouteSwitchTests {
    /// The files that show Baton code to app developers.
    private static func taughtFiles() throws -> [URL] {
        let root = Article.root
        let folders = [
            "Sources/Baton/Documentation.docc", "Sources/BatonSwiftUI", "Examples", "Tests/BatonTests/Adapters",
        ]
        var files = [root.appendingPathComponent("README.md")]
        for folder in folders {
            let enumerator = try #require(
                FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            )
            for case let url as URL in enumerator where ["md", "swift"].contains(url.pathExtension) {
                files.append(url)
            }
        }
        return files
    }

    /// The `screen(for:)` registrations in `text` whose closure has a `default:` case, as
    /// `line N`: each registration runs from its `.screen(for:` line to the first later line
    /// indented no deeper (its closing brace), doc-comment slashes set aside.
    static func defaultCases(in text: String) -> [String] {
        let lines = text.components(separatedBy: "\n").map { line -> Substring in
            let trimmed = line.drop { $0 == " " }
            return trimmed.hasPrefix("///") ? trimmed.dropFirst(3) : Substring(line)
        }
        func indentation(_ line: Substring) -> Int { line.prefix { $0 == " " }.count }
        var found: [String] = []
        for (index, line) in lines.enumerated() where line.contains(".screen(for:") {
            let depth = indentation(line)
            var body = [line]
            for next in lines[(index + 1)...] {
                if !next.allSatisfy({ $0 == " " }) && indentation(next) <= depth {
                    body.append(next)
                    break
                }
                body.append(next)
            }
            if body.contains(where: { $0.contains("default:") }) { found.append("line \(index + 1)") }
        }
        return found
    }

    @Test func noDocExampleOrModelDrawsRoutesWithADefaultCase() throws {
        var found: [String] = []
        for file in try Self.taughtFiles() {
            let text = try String(contentsOf: file, encoding: .utf8)
            let path = file.path.replacingOccurrences(of: Article.root.path + "/", with: "")
            found += Self.defaultCases(in: text).map { "\(path) \($0)" }
        }
        #expect(found == [])
    }

    @Test func aDefaultCaseIsFoundInAMultiLineSwitchAndInADocComment() {
        let swiftUI = """
                ScreenScene(root: Route.main)
                    .screen(for: Route.self) { route, screen in
                        switch route {
                        case .item(let id): ItemView(id: id)
                        default: EmptyView()
                        }
                    }
                    .screen(for: Other.self) { route, _ in
                        switch route {
                        case .help: HelpView()
                        }
                    }
            """
        #expect(Self.defaultCases(in: swiftUI) == ["line 2"])
        let docComment = """
                /// ScreenScene(root: Route.main)
                ///     .screen(for: Route.self) { route, screen in switch route { case .a: A(); default: B() } }
                ///     .screen(Route.settings) { _ in Settings() }
            """
        #expect(Self.defaultCases(in: docComment) == ["line 2"])
        #expect(Self.defaultCases(in: "ScreenScene(root: Route.main)") == [])
    }
}
