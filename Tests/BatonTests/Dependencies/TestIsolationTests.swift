import Baton
import BatonTesting
import Testing

/// Lets two tasks wait for each other: each arrives, and both go on once both have arrived.
@MainActor
private final class Rendezvous {
    private var arrived = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func arriveAndWait() async {
        arrived += 1
        if arrived == 2 {
            for continuation in waiting { continuation.resume() }
            waiting.removeAll()
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }
}

extension DependenciesTests {
    /// Issue 9, "Tests must be isolatable": scoped overrides of the default coordinator, the main
    /// registry and the one-shot resolver store; cancellable registrations; BatonTesting's traits.
    @MainActor
    @Suite(.lenientMisuse)
    struct TestIsolationTests {
        private static func titleResolver(_ title: String) -> DependencyResolver {
            .destination { (d: ContactDetailsScreen) in d.title = title }
        }

        /// Shows a stack in a window that uses the default coordinator and pushes a details screen.
        private func pushDetails() throws -> ContactDetailsScreen {
            let window = ScreenWindow()
            window.makeVisible()
            let stack = try showStack(ContactListScreen(name: "list"), in: window)
            let details = ContactDetailsScreen(name: "details")
            try stack.push(details)
            return details
        }

        @Test func withDefaultReplacesTheDefaultOnlyInsideTheScope() throws {
            let shared = DependencyCoordinator.default
            let scoped = DependencyCoordinator(name: "scoped")
            let title = try DependencyCoordinator.withDefault(scoped) {
                #expect(DependencyCoordinator.default === scoped)
                try DependencyCoordinator.default.register(Self.titleResolver("scoped"))
                return try pushDetails().title
            }
            #expect(title == "scoped")
            #expect(DependencyCoordinator.default === shared)
            #expect(DependencyCoordinator.default.name == "default")
            #expect(shared.resolvers.isEmpty)
        }

        @Test func concurrentScopesRegisteringOnTheDefaultDoNotSeeEachOther() async throws {
            let rendezvous = Rendezvous()
            let first = DependencyCoordinator(name: "first")
            let second = DependencyCoordinator(name: "second")
            async let firstTitle = DependencyCoordinator.withDefault(first) { @MainActor in
                try DependencyCoordinator.default.register(Self.titleResolver("first"))
                // Both scopes have registered before either pushes.
                await rendezvous.arriveAndWait()
                #expect(DependencyCoordinator.default.resolvers.count == 1)
                return try pushDetails().title
            }
            async let secondTitle = DependencyCoordinator.withDefault(second) { @MainActor in
                try DependencyCoordinator.default.register(Self.titleResolver("second"))
                await rendezvous.arriveAndWait()
                #expect(DependencyCoordinator.default.resolvers.count == 1)
                return try pushDetails().title
            }
            let titles = try await [firstTitle, secondTitle]
            #expect(titles == ["first", "second"])
            #expect(first.resolvers.count == 1)
            #expect(second.resolvers.count == 1)
        }

        @Test func oneShotResolversWaitInTheScopeTheyWereMadeIn() throws {
            let outer = DependencyCoordinator(name: "outer")
            let inner = DependencyCoordinator(name: "inner")
            try DependencyCoordinator.withDefault(outer) {
                try DependencyCoordinator.resolvingNextTransition(Self.titleResolver("one-shot")) {
                    let innerTitle = try DependencyCoordinator.withDefault(inner) { try pushDetails().title }
                    #expect(innerTitle == nil)
                    #expect(try pushDetails().title == "one-shot")
                }
            }
        }

        @Test func withMainReplacesTheMainRegistryOnlyInsideTheScope() throws {
            let shared = ScreenRegistry.main
            let scoped = ScreenRegistry()
            try ScreenRegistry.withMain(scoped) {
                #expect(ScreenRegistry.main === scoped)
                try ScreenRegistry.main.register(named: "isolated-home") { UnrelatedScreen() }
                #expect(HoppingScreen().registry === scoped)
            }
            #expect(ScreenRegistry.main === shared)
            #expect(scoped.names == ["isolated-home"])
            #expect(!shared.names.contains("isolated-home"))
        }

        // MARK: - Cancellable registrations

        @Test func cancellingARegistrationRemovesTheResolver() throws {
            let coordinator = DependencyCoordinator(name: "handles")
            let registration = try coordinator.register(Self.titleResolver("registered"))
            #expect(registration.isActive)
            try DependencyCoordinator.withDefault(coordinator) {
                #expect(try pushDetails().title == "registered")
                registration.cancel()
                #expect(!registration.isActive)
                #expect(coordinator.resolvers.isEmpty)
                #expect(try pushDetails().title == nil)
                registration.cancel()
                // The same resolver can be registered again: the cancelled one no longer conflicts.
                try coordinator.register(Self.titleResolver("again"))
                #expect(try pushDetails().title == "again")
            }
        }

        @Test func cancellingATemporaryResolverBeforeItRunsKeepsItFromRunning() throws {
            let coordinator = DependencyCoordinator(name: "temporaries")
            let registration = coordinator.registerTemporary(Self.titleResolver("temporary"))
            #expect(registration.isActive)
            #expect(coordinator.temporaryResolvers.count == 1)
            registration.cancel()
            #expect(!registration.isActive)
            #expect(coordinator.temporaryResolvers.isEmpty)
            try DependencyCoordinator.withDefault(coordinator) { () throws in #expect(try pushDetails().title == nil) }
        }

        @Test func aTemporaryResolverThatRanIsNoLongerActive() throws {
            let coordinator = DependencyCoordinator(name: "temporaries")
            let registration = coordinator.registerTemporary(Self.titleResolver("temporary"))
            try DependencyCoordinator.withDefault(coordinator) { () throws in
                #expect(try pushDetails().title == "temporary")
                #expect(try pushDetails().title == nil)
            }
            #expect(!registration.isActive)
            registration.cancel()
        }

        @Test func aResolverCancellingItsOwnRegistrationWhileRunningFinishesThatResolution() throws {
            let coordinator = DependencyCoordinator(name: "reentrant")
            var registration: ResolverRegistration?
            var runs = 0
            registration = try coordinator.register(
                .destination { (d: ContactDetailsScreen) in
                    runs += 1
                    registration?.cancel()
                    d.title = "ran"
                })
            try DependencyCoordinator.withDefault(coordinator) { () throws in
                #expect(try pushDetails().title == "ran")
                #expect(try pushDetails().title == nil)
            }
            #expect(runs == 1)
            #expect(registration?.isActive == false)
        }

        @Test func aCancelledResolverIsReleased() throws {
            final class Captured {}
            weak var weakCaptured: Captured?
            let coordinator = DependencyCoordinator(name: "release")
            let registration: ResolverRegistration
            do {
                let captured = Captured()
                weakCaptured = captured
                registration = try coordinator.register(
                    .destination { (d: ContactDetailsScreen) in d.title = "\(ObjectIdentifier(captured))" })
            }
            #expect(weakCaptured != nil)
            registration.cancel()
            #expect(weakCaptured == nil)
        }
    }
}

/// BatonTesting's traits, used the way an app's test suite uses them.
@MainActor
@Suite(.isolatedBaton, .lenientMisuse)
struct BatonTestingTraitTests {
    @Test func isolatedBatonGivesEachTestItsOwnDefaultCoordinator() throws {
        #expect(DependencyCoordinator.default.name == "test isolatedBatonGivesEachTestItsOwnDefaultCoordinator()")
        // The twin test below registers the same resolver: were the default shared, one of the two
        // would throw conflictingResolver.
        try DependencyCoordinator.default.register(.destination { (d: ContactDetailsScreen) in d.title = "a" })
        try ScreenRegistry.main.register(named: "twin") { UnrelatedScreen() }
        #expect(DependencyCoordinator.default.resolvers.count == 1)
        #expect(ScreenRegistry.main.names == ["twin"])
    }

    @Test func isolatedBatonTwinRegistersTheSameResolver() throws {
        try DependencyCoordinator.default.register(.destination { (d: ContactDetailsScreen) in d.title = "b" })
        try ScreenRegistry.main.register(named: "twin") { UnrelatedScreen() }
        #expect(DependencyCoordinator.default.resolvers.count == 1)
        #expect(ScreenRegistry.main.names == ["twin"])
    }

    @Test func isolatedBatonReachesTasksTheTestCreates() async {
        let testDefault = DependencyCoordinator.default
        let seen = await Task { @MainActor in DependencyCoordinator.default }.value
        #expect(seen === testDefault)
        #expect(testDefault.name != "default")
    }

    @Test func lenientMisuseMakesMisusesThrowTheirTypedError() throws {
        #expect(MisuseMode.current == .lenient)
        let coordinator = DependencyCoordinator(name: "misuse")
        try coordinator.register(.destination { (d: ContactDetailsScreen) in d.title = "a" })
        #expect(throws: DependencyError.self) {
            try coordinator.register(.destination { (d: ContactDetailsScreen) in d.title = "b" })
        }
    }

    @Test func flowRecorderRecordsTransitionsAndLifecycleAsExactStrings() throws {
        let window = ScreenWindow()
        window.makeVisible()
        let stack = try showStack(ContactListScreen(name: "list"), in: window)
        let recorder = FlowRecorder(window)
        #expect(recorder.transitions == [])
        #expect(recorder.lifecycle == [])
        let details = ContactDetailsScreen(name: "details")
        try stack.push(details)
        _ = stack.pop()
        #expect(recorder.transitions == ["push: list → details", "pop: details → list"])
        #expect(
            recorder.lifecycle == [
                "list.willDisappear", "details.willAppear", "list.didDisappear", "details.didAppear",
                "details.willDisappear", "list.willAppear", "details.didDisappear", "list.didAppear",
            ])
        recorder.reset()
        #expect(recorder.transitions == [])
        #expect(recorder.lifecycle == [])
        try stack.push(ContactDetailsScreen(name: "again"))
        #expect(recorder.transitions == ["push: list → again"])
        #expect(
            recorder.lifecycle == ["list.willDisappear", "again.willAppear", "list.didDisappear", "again.didAppear"])
    }
}
