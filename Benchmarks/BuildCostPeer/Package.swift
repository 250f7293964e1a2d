// swift-tools-version: 6.1
// The Tasks example's headless part (Examples/Tasks/Sources/TasksApp, without its SwiftUI views)
// written as apps write it with Point-Free's libraries instead of Baton: services as
// `@DependencyClient`s read with `@Dependency`, `@Observable` models that own their children,
// navigation as `@CasePathable` enums, items in an `IdentifiedArrayOf`. Benchmarks/build-cost.sh
// builds it beside an app package using Baton, to compare what each costs to build; nothing else
// builds it. The versions are the machine's (its package list).
import PackageDescription

let package = Package(
    name: "TasksPeer",
    platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10)],
    products: [.library(name: "TasksPeer", targets: ["TasksPeer"])],
    dependencies: [
        .package(url: "https://github.com/pointfreeco/swift-dependencies", exact: "1.17.1"),
        .package(url: "https://github.com/pointfreeco/swift-case-paths", exact: "1.10.0"),
        .package(url: "https://github.com/pointfreeco/swift-identified-collections", exact: "1.1.1"),
    ],
    targets: [
        .target(
            name: "TasksPeer",
            dependencies: [
                .product(name: "Dependencies", package: "swift-dependencies"),
                .product(name: "DependenciesMacros", package: "swift-dependencies"),
                .product(name: "CasePaths", package: "swift-case-paths"),
                .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
