import Baton
import BatonTesting
import Testing

@MainActor
private final class Launcher: ScreenModel {
    var onDidAppear: (@MainActor () throws -> Void)?
    override func didAppear() { try? onDidAppear?() }
}

@MainActor
private final class Target: ScreenModel {
    var log: [String] = []
}

/// A reviewer's attacks on issue 10's dependency features: user code calling back into Baton
/// while a transition or a resolution runs.
@MainActor
@Suite(.lenientMisuse)
struct ReviewDependencyAttackTests {
    @Test func aOneShotResolverAroundAPushQueuedByALifecycleCallbackRunsForThatPush() throws {
        let (window, _) = makeWindow()
        let stack = try showStack(ScreenModel(name: "start"), in: window)
        let launcher = Launcher(name: "launcher")
        let target = Target(name: "target")
        launcher.onDidAppear = {
            // Inside a running transition: the push is queued, and runs after `body` returned.
            try DependencyCoordinator.resolvingNextTransition(
                .direct { (_: Launcher, d: Target) in d.log.append("one-shot") }
            ) {
                try stack.push(target)
            }
        }
        try stack.push(launcher)
        #expect(stack.screens.map(\.name) == ["start", "launcher", "target"])
        #expect(target.log == ["one-shot"])
    }
}

extension ReviewDependencyAttackTests {
    @Test func aTemporaryResolverDoesNotRunForTheScreenItResolvesByHandInsideItself() throws {
        let (window, coordinator) = makeWindow()
        let stack = try showStack(ScreenModel(name: "start"), in: window)
        let extra = Target(name: "extra")
        coordinator.registerTemporary(
            .direct { (source: ScreenModel, d: Target) in
                d.log.append("temporary")
                if d !== extra { try coordinator.resolveDependencies(from: source, to: extra) }
            })
        let target = Target(name: "target")
        try stack.push(target)
        #expect(target.log == ["temporary"])
        #expect(extra.log == [])
        #expect(coordinator.temporaryResolvers.isEmpty)
    }
}

@MainActor
private final class Model {
    let name: String
    init(name: String) { self.name = name }
}

extension ReviewDependencyAttackTests {
    @Test func aTemporaryResolverThatRanReleasesWhatItCaptured() throws {
        let (window, coordinator) = makeWindow()
        let stack = try showStack(ScreenModel(name: "start"), in: window)
        weak var weakModel: Model?
        do {
            let model = Model(name: "order-7")
            weakModel = model
            coordinator.registerTemporary(.destination { (d: Target) in d.log.append(model.name) })
        }
        #expect(weakModel != nil)  // waiting: it keeps what it needs
        let target = Target(name: "target")
        try stack.push(target)
        #expect(target.log == ["order-7"])
        #expect(weakModel == nil)
    }
}

extension ReviewDependencyAttackTests {
    @Test func aTemporaryResolverRegisteredByARegisteredResolverWaitsForTheNextTransition() throws {
        let (window, coordinator) = makeWindow()
        let stack = try showStack(ScreenModel(name: "start"), in: window)
        let once = Switch(true)
        try coordinator.register(
            .destination { (_: Target) in
                guard once.isOn else { return }
                once.isOn = false
                coordinator.registerTemporary(.destination { (d: Target) in d.log.append("temporary") })
            })
        let first = Target(name: "first")
        try stack.push(first)
        #expect(first.log == [])
        #expect(coordinator.temporaryResolvers.count == 1)
        let second = Target(name: "second")
        try stack.push(second)
        #expect(second.log == ["temporary"])
        #expect(coordinator.temporaryResolvers.isEmpty)
    }
}

private final class Settings {
    let theme: String
    init(theme: String) { self.theme = theme }
}

private final class Renderer {
    var theme = ""
}

private struct Refused: Error, CustomStringConvertible {
    var description: String { "refused" }
}

extension ReviewDependencyAttackTests {
    @Test func aContextResolverOverValuesThatFailsDoesNotRememberItsProvider() throws {
        let coordinator = DependencyCoordinator(name: "values")
        let refuse = Switch(false)
        try coordinator.register(
            .context { (settings: Settings, renderer: Renderer) in
                if refuse.isOn { throw Refused() }
                renderer.theme = settings.theme
            })
        let dark = Settings(theme: "dark")
        try coordinator.resolveDependencies(from: dark, to: Renderer())
        refuse.isOn = true
        let light = Settings(theme: "light")
        #expect(throws: DependencyError.self) { try coordinator.resolveDependencies(from: light, to: Renderer()) }
        refuse.isOn = false
        // As a failed transition, a failed resolution leaves no trace: the context keeps `dark`.
        let later = Renderer()
        try coordinator.resolveDependencies(to: later)
        #expect(later.theme == "dark")
    }
}
