import Baton

/// A key with a default, the same value type as ``UserID``.
enum UserName: ContextKeyWithDefault { static let defaultValue = "" }

extension ContextValues {
    /// A member named by key path, the same value type as ``UserID``.
    var userName: ContextEntry<String> { .init(default: "") }
}

/// What each way of declaring a key costs to read (issue 19): a key with a default and a member
/// of `ContextValues` named by key path, against the plain key type of the rows above, all at
/// depth 10 with the value in the root; and a read that finds nothing and gives the default.
///
/// A key path read costs what a key type read costs plus the key path literal (the runtime's
/// `swift_getKeyPath`, a retain and a release: about 90 instructions, paid at the call site)
/// and one lookup of the key path object in `EntryKeys`' table (about 30): 320 instructions
/// against 196 (`Benchmarks/count-instructions.sh reads read-10-key-path`, at issue 34's run).
@MainActor
enum KeyFormBenchmarks {
    static func rows(_ harness: Harness, into section: inout Section) {
        let (root, leaf) = makeChain(depth: 10)
        root.set("12345", for: UserName.self)
        root.set("12345", for: \.userName)
        let empty = ScreenContext(name: "empty", parent: ScreenContext(name: "app"))
        let figures = harness.nanosecondsPerOperation([
            ("read-10-key-type", { count in for _ in 0..<count { blackHole(leaf[UserID.self]) } }),
            ("read-10-default-key", { count in for _ in 0..<count { blackHole(leaf[UserName.self]) } }),
            ("read-10-key-path", { count in for _ in 0..<count { blackHole(leaf[\.userName]) } }),
            ("read-missing-key-path", { count in for _ in 0..<count { blackHole(empty[\.userName]) } }),
        ])
        withExtendedLifetime((root, empty)) {}
        section.add(
            Row(
                "depth 10, key with a default vs a plain key type", baton: figures[1], peer: figures[0],
                target: .ratioAtMost(1.2)))
        section.add(
            Row(
                "depth 10, ContextValues member by key path vs a plain key type", baton: figures[2],
                peer: figures[0]))
        section.add(
            Row("key path, nothing stored (reads the default) vs a plain key type", baton: figures[3], peer: figures[0])
        )
    }
}
