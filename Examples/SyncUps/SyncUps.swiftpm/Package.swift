// swift-tools-version: 6.0

// The SyncUps example as an iOS app package: open this folder (SyncUps.swiftpm) in Xcode 16 or later
// and run the "SyncUps" scheme on an iOS 17 simulator or device. Its screens, flows, model and views
// are the `SyncUpsApp` library of the repository two folders up (Examples/SyncUps/Sources/SyncUpsApp),
// which `swift test` tests on Linux; this package adds the `@main` scene and the `syncups:` URL scheme.
//
// AppleProductTypes exists only in Xcode and Swift Playgrounds, so this manifest does not load with
// the Linux toolchain; there, the sources are type-checked against the iOS SDK by
// `Scripts/check-ios.sh` instead (see ../README.md).

import AppleProductTypes
import PackageDescription

let package = Package(
    name: "SyncUps",
    platforms: [.iOS("17.0")],
    products: [
        .iOSApplication(
            name: "SyncUps",
            targets: ["SyncUpsiOS"],
            bundleIdentifier: "org.example.baton.syncups",
            teamIdentifier: "",
            displayVersion: "1.0",
            bundleVersion: "1",
            appIcon: .placeholder(icon: .calendar),
            accentColor: .presetColor(.indigo),
            supportedDeviceFamilies: [.pad, .phone],
            supportedInterfaceOrientations: [
                .portrait,
                .landscapeRight,
                .landscapeLeft,
                .portraitUpsideDown(.when(deviceFamilies: [.pad])),
            ],
            // Registers the syncups: URL scheme, so that syncups://syncup/<id> opens that sync-up.
            additionalInfoPlistContentFilePath: "AdditionalInfo.plist"
        )
    ],
    dependencies: [
        // The Baton repository; the explicit name keeps it working whatever its folder is called.
        .package(name: "Baton", path: "../../..")
    ],
    targets: [
        .executableTarget(
            name: "SyncUpsiOS",
            dependencies: [
                .product(name: "BatonSwiftUI", package: "Baton"),
                .product(name: "SyncUpsApp", package: "Baton"),
            ],
            path: "Sources"
        )
    ],
    swiftLanguageModes: [.v6]
)
