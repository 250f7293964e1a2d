// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Baton",
    platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6)],
    products: [
        .library(name: "Baton", targets: ["Baton"]),
        // The UIKit adapter: every source is inside `#if canImport(UIKit)`, so it is empty on Linux.
        .library(name: "BatonUIKit", targets: ["BatonUIKit"]),
        // The SwiftUI adapter; empty where SwiftUI does not exist.
        .library(name: "BatonSwiftUI", targets: ["BatonSwiftUI"]),
        // Test helpers for apps' Swift Testing suites: traits and a transition/lifecycle recorder.
        .library(name: "BatonTesting", targets: ["BatonTesting"]),
        // The Coordinates example's model and headless app, for the iOS example in Examples/CoordinatesiOS.
        .library(name: "CoordinatesKit", targets: ["CoordinatesKit"]),
        .library(name: "CoordinatesApp", targets: ["CoordinatesApp"]),
        // The Coordinates iOS app's screens and SwiftUI views, for Examples/CoordinatesiOS/Coordinates.swiftpm.
        .library(name: "CoordinatesScreens", targets: ["CoordinatesScreens"]),
        // The Tasks showcase's screens, model and services, for its iOS app in Examples/Tasks/Tasks.swiftpm.
        .library(name: "TasksApp", targets: ["TasksApp"]),
        // Point-Free's SyncUps rebuilt on Baton: screens, model and views, for Examples/SyncUps/SyncUps.swiftpm.
        .library(name: "SyncUpsApp", targets: ["SyncUpsApp"]),
    ],
    dependencies: [
        // Generates the DocC catalog (`swift package generate-documentation`).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // Model-based and property tests of the context chain and of the coordinate model.
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // The `coordinates` example app's command line.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(name: "Baton"),
        .target(name: "BatonUIKit", dependencies: ["Baton"]),
        .target(name: "BatonSwiftUI", dependencies: ["Baton"]),
        // Uses Swift Testing (the toolchain's), so it is not part of Scripts/check-ios.sh.
        .target(name: "BatonTesting", dependencies: ["Baton"]),
        .testTarget(
            name: "BatonTests",
            dependencies: [
                "Baton",
                "BatonTesting",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        // The Baton code of the DocC articles, run as tests (a module of its own, so that the
        // articles' examples keep their plain names); ArticleBlocksTests checks that every Baton
        // code line of every article is compiled here or in an example the iOS check type-checks.
        .testTarget(name: "BatonArticleTests", dependencies: ["Baton", "BatonTesting"]),

        // MARK: - The Coordinates example app (seed 001)

        // The coordinate model: parsing, formatting, great-circle bearing and distance. No Baton.
        .target(name: "CoordinatesKit"),
        .testTarget(
            name: "CoordinatesKitTests",
            dependencies: [
                "CoordinatesKit",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        // The app's headless Baton screens, model object, persistence, start-up flow and text renderer.
        // Map/README.md records where the generated land outline comes from.
        .target(name: "CoordinatesApp", dependencies: ["Baton", "CoordinatesKit"], exclude: ["Map/README.md"]),
        // The terminal program: `swift run coordinates`. Its guide is README.md in its folder.
        .executableTarget(
            name: "coordinates",
            dependencies: [
                "CoordinatesApp",
                "CoordinatesKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            exclude: ["README.md"]
        ),
        // The screens and flows driven headlessly through Baton.
        .testTarget(
            name: "CoordinatesAppTests", dependencies: ["CoordinatesApp", "CoordinatesKit", "Baton", "BatonTesting"]),
        // Runs the built `coordinates` binary; it depends on the executable so that it is built first.
        // The GPS tests feed the recordings in Fixtures/ to a real gpsd (`Scripts/test.sh` installs it).
        .testTarget(
            name: "CoordinatesEndToEndTests", dependencies: ["coordinates"], exclude: ["Fixtures"]),
        // The iOS app's Baton screens, with their SwiftUI views where iOS is the platform; its flows are
        // tested headlessly by CoordinatesScreensTests. Examples/CoordinatesiOS/README.md describes it.
        .target(
            name: "CoordinatesScreens", dependencies: ["Baton", "BatonSwiftUI", "CoordinatesApp", "CoordinatesKit"],
            path: "Examples/CoordinatesiOS/Sources/CoordinatesScreens"),
        .testTarget(
            name: "CoordinatesScreensTests",
            dependencies: ["CoordinatesScreens", "CoordinatesApp", "CoordinatesKit", "Baton", "BatonTesting"],
            path: "Examples/CoordinatesiOS/Tests/CoordinatesScreensTests"),

        // MARK: - The Tasks showcase (Examples/Tasks)

        // Its screens, flows, model, services and SwiftUI views (the views only where SwiftUI exists).
        .target(name: "TasksApp", dependencies: ["Baton", "BatonSwiftUI"], path: "Examples/Tasks/Sources/TasksApp"),
        // Its flows, driven headlessly: login, deep links, restoration, the settings result, the edit.
        .testTarget(
            name: "TasksAppTests", dependencies: ["TasksApp", "Baton", "BatonTesting"],
            path: "Examples/Tasks/Tests/TasksAppTests"),

        // MARK: - SyncUps (Examples/SyncUps)

        // Point-Free's reference app on Baton: its screens, alerts, store and dependencies, and its
        // SwiftUI views where SwiftUI exists.
        .target(
            name: "SyncUpsApp", dependencies: ["Baton", "BatonSwiftUI"], path: "Examples/SyncUps/Sources/SyncUpsApp"),
        // Every behaviour of the original's four test files, the link and restoration, headless.
        .testTarget(
            name: "SyncUpsAppTests", dependencies: ["SyncUpsApp", "Baton", "BatonTesting"],
            path: "Examples/SyncUps/Tests/SyncUpsAppTests"),
    ],
    swiftLanguageModes: [.v6]
)
