import Baton
import BatonTesting
import Testing

@MainActor
private final class Form {
    let weight: Double
    init(weight: Double) { self.weight = weight }
}

/// Runs `onDeinit` when released, as an object captured by a provider's closure may.
private final class DeinitHook {
    let onDeinit: @MainActor () -> Void
    init(_ onDeinit: @escaping @MainActor () -> Void) { self.onDeinit = onDeinit }
    deinit {
        let onDeinit = onDeinit
        MainActor.assumeIsolated { onDeinit() }
    }
}

/// A reviewer's attacks on per-lineage uniqueness: user code (a `deinit` of what an expired
/// registration captured) calling back into the context while the lineage is checked.
@MainActor
@Suite(.lenientMisuse)
struct ReviewLineageAttackTests {
    @Test func aDeinitOfAnExpiredProvidersCaptureThatProvidesAgainSeesTheNewProvider() throws {
        let app = ScreenContext(name: "app")
        let tab = ScreenContext(name: "tab", parent: app)
        var tabForm: Form? = Form(weight: 1)
        let fallback = Form(weight: 2)
        let replacement = Form(weight: 3)
        let outcome = Recorder()
        do {
            let hook = DeinitHook {
                do {
                    try app.provide(TotalWeight.self, owner: fallback) { $0.weight }
                    outcome.calls.append("fallback registered")
                } catch {
                    outcome.calls.append("\(error)")
                }
            }
            try tab.provide(TotalWeight.self, owner: tabForm!) { [hook] form in
                withExtendedLifetime(hook) { form.weight }
            }
        }
        tabForm = nil  // the tab's provider expires; its closure still holds the hook
        let registration = try app.provide(TotalWeight.self, owner: replacement) { $0.weight }
        // The hook's provide ran once the replacement was registered, and was refused.
        #expect(
            outcome.calls == [
                "\(ContextError.providerAlreadyRegistered(key: "TotalWeight", registeredIn: "app"))"
            ])
        #expect(registration.isActive)
        #expect(try tab.request(TotalWeight.self) == 3)
    }

    @Test func aDeinitOfAnExpiredActionsCaptureThatRegistersAgainSeesTheNewAction() throws {
        let app = ScreenContext(name: "app")
        let tab = ScreenContext(name: "tab", parent: app)
        var tabForm: Form? = Form(weight: 1)
        let fallback = Form(weight: 2)
        let replacement = Form(weight: 3)
        let outcome = Recorder()
        do {
            let hook = DeinitHook {
                do {
                    try app.register(Swap.self, owner: fallback) { _, _ in }
                    outcome.calls.append("fallback registered")
                } catch {
                    outcome.calls.append("\(error)")
                }
            }
            try tab.register(Swap.self, owner: tabForm!) { [hook] _, _ in withExtendedLifetime(hook) {} }
        }
        tabForm = nil
        let registration = try app.register(Swap.self, owner: replacement) { _, _ in }
        #expect(
            outcome.calls == ["\(ContextError.actionAlreadyRegistered(action: "Swap", registeredIn: "app"))"])
        #expect(registration.isActive)
    }
}

extension ReviewLineageAttackTests {
    @Test func anObserverOfSeveralEventsRegisteredOnAnAncestorDuringAPostIsNotCalledByIt() {
        let app = ScreenContext(name: "app")
        let form = ScreenContext(name: "form", parent: app)
        let owner = Recorder()
        form.observe(Saved.self, owner: owner) { owner, _ in
            // Registered during the post, on a context the post has not reached yet.
            app.observePosts(ofAny: [Saved.self, TotalWeightChanged.self], owner: owner) { owner, post in
                owner.calls.append("late: \(post.event)")
            }
        }
        form.post(Saved.self)
        #expect(owner.calls == [])
        form.post(Saved.self)  // the first late observer is called; the one registered now is not
        #expect(owner.calls == ["late: Saved"])
    }

    @Test func anObserverRegisteredOnADescendantDuringAPostIsNotCalledByIt() {
        let app = ScreenContext(name: "app")
        let form = ScreenContext(name: "form", parent: app)
        let owner = Recorder()
        app.observe(TotalWeightChanged.self, owner: owner) { owner, _ in
            form.observe(TotalWeightChanged.self, owner: owner) { owner, total in owner.calls.append("late \(total)") }
        }
        app.post(TotalWeightChanged.self, 40)
        #expect(owner.calls == [])
    }
}

private enum Swap: ContextAction {}

@MainActor
private final class Recorder {
    var calls: [String] = []
}
