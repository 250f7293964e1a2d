@_spi(Adapters) import Baton
import BatonTesting
import Testing

/// A provider that asks for its own key while computing it (to "derive" from an outer value, as
/// SwiftUI's environment transforms do) got a stack overflow (SIGSEGV); the ask is now refused
/// with a typed error naming the key, where it is provided and the requests in progress.
@MainActor
@Suite(.lenientMisuse, .isolatedBaton)
struct ProviderReentryTests {
    @Test func aProviderThatRequestsItsOwnKeyGetsATypedErrorNotACrash() throws {
        let app = ScreenContext(name: "app")
        let owner = ScreenModel(name: "owner")
        var inner: ContextError?
        try app.provide(\.reentryWeight, owner: owner) { _ in
            do throws(ContextError) {
                return try app.request(\.reentryWeight)
            } catch {
                inner = error
                return 7
            }
        }
        #expect(try app.request(\.reentryWeight) == 7)
        #expect(
            inner
                == .providerReentered(
                    key: "reentryWeight", registeredIn: "app",
                    chain: ["reentryWeight asked in app", "reentryWeight asked in app"]))
        #expect(
            inner?.description
                == "The provider for reentryWeight in app asked for reentryWeight while computing it:"
                + " reentryWeight asked in app → reentryWeight asked in app."
                + " A provider cannot request its own key, directly or through other providers;"
                + " compute its value from other keys or stored values.")
    }

    @Test func twoProvidersThatRequestEachOtherNameEveryRequestInProgress() throws {
        let app = ScreenContext(name: "app")
        let form = ScreenContext(name: "form", parent: app)
        let owner = ScreenModel(name: "owner")
        var inner: ContextError?
        try app.provide(\.reentryWeight, owner: owner) { _ in
            (try? form.request(\.reentryCount)).map(Double.init) ?? 0  // cannot fail: its provider catches
        }
        try form.provide(\.reentryCount, owner: owner) { _ in
            do throws(ContextError) {
                return Int(try form.request(\.reentryWeight))
            } catch {
                inner = error
                return 3
            }
        }
        #expect(try form.request(\.reentryWeight) == 3)
        #expect(
            inner
                == .providerReentered(
                    key: "reentryWeight", registeredIn: "app",
                    chain: ["reentryWeight asked in form", "reentryCount asked in form", "reentryWeight asked in form"])
        )
    }

    @Test func aProviderServesAgainAfterARefusedReentry() throws {
        let app = ScreenContext(name: "app")
        let owner = ScreenModel(name: "owner")
        var depth = 0
        try app.provide(\.reentryWeight, owner: owner) { _ in
            depth += 1
            defer { depth -= 1 }
            guard depth == 1 else { return 0 }
            // Refused, counted by its thrown error: the outer request still gets a value.
            return (try? app.request(\.reentryWeight)) == nil ? 1 : 2
        }
        for _ in 0..<1_000 {
            #expect(try app.request(\.reentryWeight) == 1)
        }
        #expect(app.requestResult(\.reentryWeight) == .success(1))
    }

    @Test func aRingOfAHundredProvidersNamesEachRequestOnceAndTheNextRingStartsAfresh() throws {
        let app = ScreenContext(name: "app")
        let owner = ScreenModel(name: "owner")
        let ring = (0..<100).map { ScreenContext(name: "c\($0)", parent: app) }
        var refused: [ContextError] = []
        for (index, context) in ring.enumerated() {
            // Siblings each serve the key; each asks the next sibling, and the last asks the first.
            try context.provide(\.reentryCount, owner: owner) { _ in
                do throws(ContextError) {
                    return try ring[(index + 1) % ring.count].request(\.reentryCount)
                } catch {
                    refused.append(error)
                    return index
                }
            }
        }
        func chain(from start: Int) -> [String] {
            (0...ring.count).map { "reentryCount asked in c\((start + $0) % ring.count)" }
        }
        #expect(try ring[0].request(\.reentryCount) == 99)
        #expect(try ring[50].request(\.reentryCount) == 49)
        #expect(
            refused == [
                .providerReentered(key: "reentryCount", registeredIn: "c0 → app", chain: chain(from: 0)),
                .providerReentered(key: "reentryCount", registeredIn: "c50 → app", chain: chain(from: 50)),
            ])
    }
}

/// A task failure is a `Sendable` value: a test builds the expected one off the main actor.
@Suite struct ScreenTaskFailureOffTheMainActorTests {
    struct Offline: Error {}

    @Test func aFailureIsBuiltOffTheMainActor() async {
        let failure = await Task.detached { ScreenTaskFailure(screen: "list", error: Offline()) }.value
        #expect(failure.screen == "list")
        #expect(failure.errorType == "Offline")
    }
}

extension ContextValues {
    fileprivate var reentryWeight: ContextEntry<Double> { .init(default: 0) }
    fileprivate var reentryCount: ContextEntry<Int> { .init(default: 0) }
}
