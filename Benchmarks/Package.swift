// swift-tools-version: 6.1
// Baton's benchmarks: a separate package, so that the library's users never build it or its peers.
//
//     swift run -c release --package-path Benchmarks baton-benchmarks
import PackageDescription

let package = Package(
    name: "BatonBenchmarks",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .executable(name: "baton-benchmarks", targets: ["BatonBenchmarks"])
    ],
    dependencies: [
        .package(name: "Baton", path: ".."),
        // The peers Baton is measured against, pinned to exact versions.
        .package(url: "https://github.com/pointfreeco/swift-dependencies", exact: "1.17.1"),
        .package(url: "https://github.com/Swinject/Swinject", exact: "2.10.0"),
    ],
    targets: [
        .executableTarget(
            name: "BatonBenchmarks",
            dependencies: [
                .product(name: "Baton", package: "Baton"),
                .product(name: "Dependencies", package: "swift-dependencies"),
                .product(name: "Swinject", package: "Swinject"),
                "CHeapStatistics",
            ]
        ),
        // glibc's allocator statistics, which Swift's Glibc module does not export.
        .target(name: "CHeapStatistics"),
    ],
    swiftLanguageModes: [.v6]
)
