/// The baseline dispatch of MHDependencyKit, written here from its description: on every
/// transition, every registered resolver tries to cast the source and the destination to its
/// types, and runs when both casts succeed. Its cost grows with every registered resolver.
@MainActor
final class ScanningCoordinator {
    private var resolvers: [(AnyObject, AnyObject) -> Void] = []

    var count: Int { resolvers.count }

    func register<Source, Destination>(_ resolve: @escaping (Source, Destination) -> Void) {
        resolvers.append { source, destination in
            guard let destination = destination as? Destination, let source = source as? Source else { return }
            resolve(source, destination)
        }
    }

    func resolve(from source: AnyObject, to destination: AnyObject) {
        for resolver in resolvers { resolver(source, destination) }
    }
}
