@_spi(Adapters) import Baton
import BatonTesting
import Testing

/// Newcomer mistakes whose fix belongs in files other helpers own this session: each is a
/// `withKnownIssue` test that states the behaviour it expects, so that it starts to pass (and
/// `withKnownIssue` then fails) when the fix lands, and the owner turns it into a plain test.
@MainActor
@Suite(.lenientMisuse, .isolatedBaton, .timeLimit(.minutes(1)))
struct NewcomerKnownIssuesTests {
    private func error<Failure: Error>(_ type: Failure.Type, _ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let error as Failure {
            return "\(error)"
        } catch {
            return "unexpected \(error)"
        }
    }

    /// A screen that was popped presents an alert (from a plain `Task`, or a completion that came
    /// late): today the presentation is accepted on a screen that left every window, nothing is
    /// shown and nothing is said; an awaited `present(_:returning:)` then never returns and keeps
    /// the popped screen alive. `task(_:)` already refuses work started after its screen left the
    /// tree (ScreenModel+Tasks.swift:113); `present` should refuse the same way.
    @Test func presentingFromAPoppedScreenThrowsInsteadOfShowingNothing() throws {
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        let window = try makeVisibleWindow(root: stack)
        let detail = ScreenModel(name: "detail")
        try stack.push(detail)
        stack.pop()
        withKnownIssue(
            "ScreenModel+Presentation.swift:31 present(_:identifier:sender:wiring:) accepts a presenter that left its window"
        ) {
            #expect(
                error(ScreenError.self) { try detail.present(ScreenModel(name: "alert")) }
                    == "detail left the screen tree before its presentation of alert ran."
                    + " Present from a screen that is shown.")
        }
        #expect(window.transitionLog.map(\.description) == ["push: list → detail", "pop: detail → list"])
    }

    /// A tab asks for a value another tab provides: the error says "Providers on the chain:
    /// none", and does not say that a sibling holds one, which is the mistake.
    @Test func requestingWhatASiblingTabProvidesNamesTheSibling() throws {
        let feed = ScreenModel(name: "feed")
        let profile = ScreenModel(name: "profile")
        let tabs = try TabScreen(tabs: [feed, profile], name: "tabs")
        let window = try makeVisibleWindow(root: tabs)
        try feed.context.provide(\.siblingWeight, owner: feed) { _ in 40 }
        withKnownIssue("ScreenContext+Providers.swift:167 request(_:) builds providerMissing from the chain only") {
            #expect(
                error(ContextError.self) { _ = try profile.context.request(\.siblingWeight) }
                    == "No provider for siblingWeight: searched profile → tabs → app. Providers on the chain: none."
                    + " feed provides siblingWeight, but is not on this chain. Register one with"
                    + " provide(\\.siblingWeight, owner:_:).")
        }
        _ = window
    }

    /// A provider that requests its own key (to "derive" from an outer value, as SwiftUI's
    /// environment transforms do) recurses until the stack overflows: the process dies with
    /// SIGSEGV instead of a typed error.
    @Test func aProviderThatRequestsItsOwnKeyGetsATypedErrorNotACrash() async {
        await withKnownIssue(
            "ScreenContext+Providers.swift:167 request(_:) does not guard against re-entering a provider"
        ) {
            await #expect(processExitsWith: .success) {
                await MainActor.run {
                    MisuseMode.$current.withValue(.lenient) {
                        let app = ScreenContext(name: "app")
                        let owner = ScreenModel(name: "owner")
                        do {
                            try app.provide(\.siblingWeight, owner: owner) { _ in
                                // Deliberately dropped: the outer request reports what happened.
                                (try? app.request(\.siblingWeight)).flatMap { $0 }
                            }
                            _ = try app.request(\.siblingWeight)
                        } catch {
                            print(error)
                        }
                    }
                }
            }
        }
    }
}

extension ContextValues {
    fileprivate var siblingWeight: ContextEntry<Double?> { .init() }
}
