// swift-tools-version: 6.0

// The Tasks showcase as an iOS app package: open this folder (Tasks.swiftpm) in Xcode 16 or later
// and run the "Tasks" scheme on an iOS 17 simulator or device. Its screens, flows, model and views
// are the `TasksApp` library of the repository two folders up (Examples/Tasks/Sources/TasksApp),
// which `swift test` tests on Linux; this package adds the `@main` scene and the `tasks:` URL scheme.
//
// AppleProductTypes exists only in Xcode and Swift Playgrounds, so this manifest does not load with
// the Linux toolchain; there, the sources are type-checked against the iOS SDK by
// `Scripts/check-ios.sh` instead (see ../README.md).

import AppleProductTypes
import PackageDescription

let package = Package(
    name: "Tasks",
    platforms: [.iOS("17.0")],
    products: [
        .iOSApplication(
            name: "Tasks",
            targets: ["TasksiOS"],
            bundleIdentifier: "org.example.baton.tasks",
            teamIdentifier: "",
            displayVersion: "1.0",
            bundleVersion: "1",
            appIcon: .placeholder(icon: .checkmark),
            accentColor: .presetColor(.indigo),
            supportedDeviceFamilies: [.pad, .phone],
            supportedInterfaceOrientations: [
                .portrait,
                .landscapeRight,
                .landscapeLeft,
                .portraitUpsideDown(.when(deviceFamilies: [.pad])),
            ],
            // Registers the tasks: URL scheme, so that tasks://item/3 opens the app on item 3.
            additionalInfoPlistContentFilePath: "AdditionalInfo.plist"
        )
    ],
    dependencies: [
        // The Baton repository; the explicit name keeps it working whatever its folder is called.
        .package(name: "Baton", path: "../../..")
    ],
    targets: [
        .executableTarget(
            name: "TasksiOS",
            dependencies: [
                .product(name: "BatonSwiftUI", package: "Baton"),
                .product(name: "TasksApp", package: "Baton"),
            ],
            path: "Sources"
        )
    ],
    swiftLanguageModes: [.v6]
)
