// swift-tools-version: 6.0

// The Coordinates example as an iOS app package: open this folder (Coordinates.swiftpm) in Xcode 16
// or later and run the "Coordinates" scheme on an iOS 17 simulator or device. It uses Baton's
// products from the repository two folders up, by path.
//
// AppleProductTypes exists only in Xcode and Swift Playgrounds, so this manifest does not load with
// the Linux toolchain; there, the sources are type-checked against the iOS SDK by
// `Scripts/check-ios.sh` instead (see README.md).

import AppleProductTypes
import PackageDescription

let package = Package(
    name: "Coordinates",
    platforms: [.iOS("17.0")],
    products: [
        .iOSApplication(
            name: "Coordinates",
            targets: ["CoordinatesiOS"],
            bundleIdentifier: "org.example.baton.coordinates",
            teamIdentifier: "",
            displayVersion: "1.0",
            bundleVersion: "1",
            appIcon: .placeholder(icon: .map),
            accentColor: .presetColor(.blue),
            supportedDeviceFamilies: [.pad, .phone],
            supportedInterfaceOrientations: [
                .portrait,
                .landscapeRight,
                .landscapeLeft,
                .portraitUpsideDown(.when(deviceFamilies: [.pad])),
            ],
            capabilities: [
                .locationWhenInUse(
                    purposeString: "Coordinates sets the position from your location when you tap Use My Location.")
            ],
            // Registers the geo: URL scheme (RFC 5870), so that the links the share message prints
            // open here; and keeps one scene on iPad: the app has one position and one state file,
            // so a second window would show the same screens (each scene needs its own ScreenWindow).
            additionalInfoPlistContentFilePath: "AdditionalInfo.plist"
        )
    ],
    dependencies: [
        // The Baton repository; the explicit name keeps it working whatever its folder is called.
        .package(name: "Baton", path: "../../..")
    ],
    targets: [
        .executableTarget(
            name: "CoordinatesiOS",
            dependencies: [
                .product(name: "BatonSwiftUI", package: "Baton"),
                .product(name: "CoordinatesApp", package: "Baton"),
                .product(name: "CoordinatesKit", package: "Baton"),
                .product(name: "CoordinatesScreens", package: "Baton"),
            ],
            path: "Sources"
        )
    ],
    swiftLanguageModes: [.v6]
)
