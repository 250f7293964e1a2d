import Dependencies

/// pointfreeco/swift-dependencies: a `@Dependency` read inside `withDependencies`.
private enum BenchUserIDKey: DependencyKey {
    static let liveValue = "live"
}

extension DependencyValues {
    fileprivate var benchUserID: String {
        get { self[BenchUserIDKey.self] }
        set { self[BenchUserIDKey.self] = newValue }
    }
}

/// A feature model as swift-dependencies' documentation writes one.
private struct Feature {
    @Dependency(\.benchUserID) var userID
}

enum PeerDependencies {
    /// Reads `userID` `count` times through a `@Dependency` property made, and read, inside
    /// `withDependencies` that overrides it.
    static func read(_ count: Int) {
        withDependencies {
            $0.benchUserID = "12345"
        } operation: {
            let feature = Feature()
            for _ in 0..<count { blackHole(feature.userID) }
        }
    }
}
