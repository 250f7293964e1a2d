import Baton

final class ListScreen: ScreenModel {}
final class DetailScreen: ScreenModel {}
final class SettingsScreen: ScreenModel {}
final class ProfileScreen: ScreenModel {}
protocol AccountConfigurable: AnyObject {}
protocol CartConfigurable: AnyObject {}

@MainActor
enum TransitionBenchmarks {
    /// A push of `DetailScreen` on a `StackScreen` over `ListScreen`, and its pop, in a stack that
    /// is not in a window (no lifecycle callbacks), with `resolvers` registered resolvers that
    /// do not match, mixing concrete and protocol types.
    ///
    /// The peer performs the same push and pop with no Baton resolvers but one that dispatches
    /// to the same number of resolvers by scanning them all with dynamic casts.
    static func transitions(_ harness: Harness) -> Section {
        var section = Section("ScreenTransition: push + pop on a StackScreen (no window), non-matching resolvers")
        let sizes = [10, 100, 1000]
        var bodies: [Harness.Body] = []
        var keep: [AnyObject] = []
        for resolvers in sizes {
            let coordinator = DependencyCoordinator(name: "bench")
            for index in 0..<resolvers { register(index, in: coordinator) }
            bodies.append(("transition-\(resolvers)", pushAndPop(coordinator: coordinator, keep: &keep)))
        }
        for resolvers in sizes {
            let scanner = ScanningCoordinator()
            for index in 0..<resolvers { register(index, in: scanner) }
            let coordinator = DependencyCoordinator(name: "scan")
            do {
                try coordinator.register(
                    .direct { (source: ListScreen, destination: DetailScreen) in
                        scanner.resolve(from: source, to: destination)
                    })
            } catch {
                fatalError("benchmark setup: \(error)")
            }
            bodies.append(("scanning-transition-\(resolvers)", pushAndPop(coordinator: coordinator, keep: &keep)))
        }
        for resolvers in [10, 1000] {
            let coordinator = DependencyCoordinator(name: "manual")
            for index in 0..<resolvers { register(index, in: coordinator) }
            let list = ListScreen()
            let detail = DetailScreen()
            bodies.append(
                (
                    "manual-\(resolvers)",
                    { count in
                        for _ in 0..<count {
                            do {
                                try coordinator.resolveDependencies(from: list, to: detail)
                            } catch {
                                fatalError("resolve: \(error)")
                            }
                        }
                    }
                ))
        }
        let figures = harness.nanosecondsPerOperation(scale: 20, bodies)
        withExtendedLifetime(keep) {}

        for (index, resolvers) in sizes.enumerated() {
            section.add(
                Row(
                    "\(resolvers.grouped) resolvers vs the same with a scan-and-cast dispatch", baton: figures[index],
                    peer: figures[sizes.count + index]))
        }
        section.add(
            Row("1,000 resolvers vs Baton with 10", baton: figures[2], peer: figures[0], target: .ratioAtMost(2)))
        section.add(Row("scan-and-cast: 1,000 resolvers vs 10", baton: figures[5], peer: figures[3]))
        section.add(
            Row(
                "manual resolveDependencies(from:to:), 1,000 vs 10 resolvers", baton: figures[7], peer: figures[6],
                target: .ratioAtMost(2)))
        return section
    }

    /// A body that pushes a `DetailScreen` over a `ListScreen` and pops it, `count` times.
    private static func pushAndPop(coordinator: DependencyCoordinator, keep: inout [AnyObject]) -> (Int) -> Void {
        let list = ListScreen()
        let stack: StackScreen
        do { stack = try StackScreen(root: list) } catch { fatalError("benchmark setup: \(error)") }
        stack.dependencyCoordinator = coordinator
        let detail = DetailScreen()
        keep.append(stack)
        return { count in
            for _ in 0..<count {
                do { try stack.push(detail) } catch { fatalError("push: \(error)") }
                stack.pop()
            }
        }
    }

    /// Registers the `index`th non-matching resolver: transition resolvers told apart by their
    /// identifier, between types that the pushed screens are not.
    private static func register(_ index: Int, in coordinator: DependencyCoordinator) {
        let identifier = "unrelated-\(index)"
        let resolver: DependencyResolver
        switch index % 4 {
        case 0:
            resolver = .transition(identifier: identifier) { (_, _: SettingsScreen, _: ProfileScreen) in Sink.count += 1
            }
        case 1:
            resolver = .transition(identifier: identifier) { (_, _: ListScreen, _: SettingsScreen) in Sink.count += 1 }
        case 2:
            resolver = .transition(identifier: identifier) { (_, _: any AccountConfigurable, _: any CartConfigurable) in
                Sink.count += 1
            }
        default:
            resolver = .transition(identifier: identifier) { (_, _: ProfileScreen, _: any AccountConfigurable) in
                Sink.count += 1
            }
        }
        do { try coordinator.register(resolver) } catch { fatalError("benchmark setup: \(error)") }
    }

    private static func register(_ index: Int, in scanner: ScanningCoordinator) {
        switch index % 4 {
        case 0: scanner.register { (_: SettingsScreen, _: ProfileScreen) in Sink.count += 1 }
        case 1: scanner.register { (_: ListScreen, _: SettingsScreen) in Sink.count += 1 }
        case 2: scanner.register { (_: any AccountConfigurable, _: any CartConfigurable) in Sink.count += 1 }
        default: scanner.register { (_: ProfileScreen, _: any AccountConfigurable) in Sink.count += 1 }
        }
    }
}
