import Foundation
import Testing

/// The plumbing that adapters use (issue 19) is SPI, `@_spi(Adapters)`, and the catalog's main
/// topics list only what an app writes. Checked on the sources, since a test cannot compile a
/// file that must fail to compile: every declaration below carries the attribute, and no topic
/// of `Baton.md` names it (the DocC build, with warnings as errors, rejects a link to an SPI
/// symbol anywhere else).
@Suite
struct AdapterSPITests {
    /// Each adapter declaration, as the start of its line after the attributes.
    private static let declarations: [(file: String, declaration: String)] = [
        ("Adapters/ExternalTransition.swift", "public final class ExternalTransition"),
        ("Adapters/ScreenLifecycle.swift", "public final class ScreenLifecycle"),
        ("Adapters/ScreenWindow+Hosting.swift", "public static func containing("),
        ("Adapters/ScreenWindow+Hosting.swift", "public var hostedRoot"),
        ("Screens/ScreenIdentity.swift", "public struct ScreenIdentity"),
        ("Screens/StackScreen+NavigationPath.swift", "public final var navigationPath"),
        ("Screens/StackScreen+NavigationPath.swift", "public final func screen(for identity"),
        ("Screens/StackScreen+NavigationPath.swift", "public final func followNavigationPath("),
        ("Screens/StackScreen+NavigationPath.swift", "public final var enclosingStack"),
        ("Screens/StackScreen+NavigationPath.swift", "public final var presentedIdentity"),
        ("Screens/StackScreen+NavigationPath.swift", "public final func followPresentation("),
        ("Screens/StackScreen+NavigationPath.swift", "public final func destination(for identity"),
        ("Adapters/SwiftUIScene.swift", "public final class SceneRoutes<"),
    ]

    @Test func everyAdapterDeclarationIsSPI() throws {
        var notSPI: [String] = []
        for (file, declaration) in Self.declarations {
            let source = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
            let lines = source.components(separatedBy: "\n")
            let index = try #require(lines.firstIndex { $0.contains(declaration) }, "\(declaration) in \(file)")
            // The attribute is on the declaration's line or on the line above it.
            let attributes = lines[index] + (index > 0 ? lines[index - 1] : "")
            if !attributes.contains("@_spi(Adapters)") { notSPI.append(declaration) }
        }
        #expect(notSPI == [])
    }

    @Test func theCatalogTopicsNameNoAdapterSymbol() throws {
        let catalog = try String(
            contentsOf: Self.sources.appendingPathComponent("Documentation.docc/Baton.md"), encoding: .utf8)
        let topics = catalog.components(separatedBy: "## Topics").last ?? ""
        let adapterNames = [
            "ExternalTransition", "ScreenLifecycle", "ScreenIdentity", "containing(_:)", "hostedRoot",
            "navigationPath", "followNavigationPath", "screen(for:)", "enclosingStack", "presentedIdentity",
            "followPresentation", "destination(for:holding:)", "SceneRoutes", "### Adapters",
        ]
        #expect(adapterNames.filter { topics.contains($0) } == [])
    }

    private static var sources: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/Baton")
    }
}
