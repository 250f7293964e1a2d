import Swinject

/// Swinject/Swinject: `resolve` of a `.container`-scoped service, from the container that
/// registers it or from one with `ancestors` parents above it.
enum PeerSwinject {
    final class Session {
        let userID = "12345"
    }

    /// A body that resolves `Session` `count` times.
    static func resolver(ancestors: Int) -> (Int) -> Void {
        let root = Container()
        root.register(Session.self) { _ in Session() }.inObjectScope(.container)
        var leaf = root
        for _ in 0..<ancestors { leaf = Container(parent: leaf) }
        return { [leaf] count in
            for _ in 0..<count { blackHole(leaf.resolve(Session.self)) }
        }
    }
}
