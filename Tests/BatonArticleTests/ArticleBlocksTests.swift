import Foundation
import Testing

/// Every Baton code block of the catalog's articles is code that compiles: in the article's test
/// file here, which also runs it, or in Examples/BatonSwiftUIGuide or Examples/BatonUIKitArticle,
/// which the iOS check type-checks. The other libraries' blocks are counted, so that a Baton block
/// cannot pass for one, and an article with Swift code but no row here fails.
@Suite struct ArticleBlocksTests {
    struct Expectation: Sendable, CustomTestStringConvertible {
        let article: String
        let testFile: String
        /// The names that start the paragraph introducing another library's block.
        let otherLibraries: [String]
        let batonBlocks: Int
        let otherBlocks: Int
        var testDescription: String { article }
    }

    private static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    static let expectations = [
        Expectation(
            article: "Baton", testFile: "CatalogOverviewTests.swift", otherLibraries: [], batonBlocks: 1,
            otherBlocks: 0),
        // issue-22b: begin
        Expectation(
            article: "TestingYourFlows", testFile: "TestingYourFlowsTests.swift", otherLibraries: ["In Package.swift"],
            batonBlocks: 8, otherBlocks: 1),
        Expectation(
            article: "ComingFromControllerContext", testFile: "ComingFromControllerContextTests.swift",
            otherLibraries: [], batonBlocks: 12, otherBlocks: 0),
        Expectation(
            article: "ComingFromCLHoppingViewController", testFile: "ComingFromCLHoppingViewControllerTests.swift",
            otherLibraries: [], batonBlocks: 12, otherBlocks: 0),
        Expectation(
            article: "ScreensAndTransitions", testFile: "ScreensAndTransitionsArticleTests.swift",
            otherLibraries: [], batonBlocks: 15, otherBlocks: 0),
        Expectation(
            article: "ResolvingDependencies", testFile: "ResolvingDependenciesArticleTests.swift",
            otherLibraries: [], batonBlocks: 12, otherBlocks: 0),
        Expectation(
            article: "ComingFromMHDependencyKit", testFile: "ComingFromMHDependencyKitTests.swift",
            otherLibraries: ["MHDependencyKit:"], batonBlocks: 20, otherBlocks: 13),
        // The walkthrough quotes the app's own code, which CoordinatesAppTests run.
        Expectation(
            article: "CoordinatesWalkthrough", testFile: "../../Sources/CoordinatesApp", otherLibraries: [],
            batonBlocks: 4, otherBlocks: 0),
        Expectation(
            article: "UsingBatonWithSwiftUI", testFile: "UsingBatonWithSwiftUITests.swift", otherLibraries: [],
            batonBlocks: 19, otherBlocks: 0),
        Expectation(
            article: "UsingBatonWithUIKit", testFile: "../BatonTests/Adapters/UIKitArticleExampleTests.swift",
            otherLibraries: [], batonBlocks: 19, otherBlocks: 0),
        // issue-22b: end
        Expectation(
            article: "SeeingInsideYourApp", testFile: "SeeingInsideYourAppTests.swift", otherLibraries: [],
            batonBlocks: 5, otherBlocks: 0),
        Expectation(
            article: "PassingData", testFile: "PassingDataArticleTests.swift", otherLibraries: [],
            batonBlocks: 7, otherBlocks: 0),
        Expectation(
            article: "ComingFromSwiftUIEnvironment", testFile: "ComingFromSwiftUIEnvironmentTests.swift",
            otherLibraries: ["SwiftUI"], batonBlocks: 8, otherBlocks: 4),
        Expectation(
            article: "ComingFromSwiftDependencies", testFile: "ComingFromSwiftDependenciesTests.swift",
            otherLibraries: ["swift-dependencies"], batonBlocks: 4, otherBlocks: 4),
        Expectation(
            article: "ComingFromTCAAndSwiftNavigation", testFile: "ComingFromTCAAndSwiftNavigationTests.swift",
            otherLibraries: ["TCA", "swift-navigation"], batonBlocks: 4, otherBlocks: 3),
        Expectation(
            article: "GettingStarted", testFile: "GettingStartedArticleTests.swift", otherLibraries: [],
            batonBlocks: 14, otherBlocks: 0),
        Expectation(
            article: "ComingFromProContext", testFile: "ComingFromProContextTests.swift",
            otherLibraries: ["ProContext:"], batonBlocks: 14, otherBlocks: 4),
        Expectation(
            article: "StartupFlows", testFile: "StartupFlowsArticleTests.swift", otherLibraries: [],
            batonBlocks: 9, otherBlocks: 0),
        Expectation(
            article: "DeepLinksAndStateRestoration", testFile: "DeepLinksArticleTests.swift", otherLibraries: [],
            batonBlocks: 8, otherBlocks: 0),
        Expectation(
            article: "Reentrancy", testFile: "ReentrancyArticleTests.swift", otherLibraries: [], batonBlocks: 2,
            otherBlocks: 0),
    ]

    @Test(arguments: expectations)
    func everyBatonBlockCompilesInATestOrInTheSwiftUIGuide(_ expected: Expectation) throws {
        let article = try Article(expected.article)
        let testFile = Self.folder.appendingPathComponent(expected.testFile).path
        #expect(article.batonBlocks(besides: expected.otherLibraries).count == expected.batonBlocks)
        #expect(article.blocks(showing: expected.otherLibraries).count == expected.otherBlocks)
        for block in article.batonBlocks(besides: expected.otherLibraries) {
            let missing = try article.partsNotCompiled(block, testFile: testFile)
            #expect(
                missing.isEmpty,
                "\(expected.article): not compiled in \(expected.testFile) or the SwiftUI guide: \(missing)")
        }
    }

    @Test func everyArticleWithSwiftCodeHasARow() throws {
        let catalog = Article.root.appendingPathComponent("Sources/Baton/Documentation.docc")
        let articles = try FileManager.default.contentsOfDirectory(atPath: catalog.path).filter { $0.hasSuffix(".md") }
        let withCode = try articles.filter {
            try String(contentsOf: catalog.appendingPathComponent($0), encoding: .utf8).contains("```swift")
        }
        let covered = Set(Self.expectations.map { "\($0.article).md" })
        #expect(withCode.filter { !covered.contains($0) }.sorted() == [])
        #expect(withCode.count == Self.expectations.count)
    }
}
