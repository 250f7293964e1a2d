import Baton
import BatonTesting
import Testing

extension DependenciesTests {
    /// Resolvers run after the destination's context is wired and before any lifecycle callback of
    /// the transition; a resolver that throws stops the transition, which then does not half-apply.
    @MainActor
    @Suite(.lenientMisuse)
    struct ResolutionOrderAndFailureTests {
        // MARK: - Order relative to the lifecycle

        @Test func resolversRunBeforeTheDestinationsWillAppear() throws {
            let (window, coordinator) = makeWindow()
            try coordinator.register(
                .direct { (source: ContactListScreen, destination: ContactDetailsScreen) in
                    destination.contactID = source.selectedContactID
                })
            let stack = try showStack(ContactListScreen(name: "list"), in: window)
            let details = ContactDetailsScreen(name: "details")
            try stack.push(details)
            #expect(details.contactIDAtWillAppear == .some("c-42"))
        }

        @Test func resolversRunBeforeEveryLifecycleCallbackOfTheTransition() throws {
            let (window, coordinator) = makeWindow()
            var logAtResolution: [String]?
            try coordinator.register(
                .direct { (_: ContactListScreen, _: ContactDetailsScreen) in
                    logAtResolution = window.lifecycleLog.map(\.description)
                })
            let stack = try showStack(ContactListScreen(name: "list"), in: window)
            window.recordsLifecycle = true
            try stack.push(ContactDetailsScreen(name: "details"))
            #expect(logAtResolution == [])
            #expect(
                window.lifecycleLog.map(\.description) == [
                    "list.willDisappear", "details.willAppear", "list.didDisappear", "details.didAppear",
                ])
        }

        @Test func resolversSeeTheWiredContextButNotYetTheContainer() throws {
            let (window, coordinator) = makeWindow()
            var parentIsSourceContext = false
            var readFromSource: String?
            var containerAtResolution: (any Screen)?
            try coordinator.register(
                .direct { (source: ContactListScreen, destination: ContactDetailsScreen) in
                    parentIsSourceContext = destination.context.parent === source.context
                    readFromSource = destination.context[UserID.self]
                    containerAtResolution = destination.parentScreen
                })
            let list = ContactListScreen(name: "list")
            let stack = try showStack(list, in: window)
            list.context.set("u-1", for: UserID.self)
            try stack.push(ContactDetailsScreen(name: "details"))
            #expect(parentIsSourceContext)
            #expect(readFromSource == "u-1")
            #expect(containerAtResolution == nil)
        }

        @Test func resolversOfANewRootRunBeforeItAppearsInAVisibleWindow() throws {
            let (window, coordinator) = makeWindow()
            window.recordsLifecycle = true
            try coordinator.register(
                .destination { (d: ContactDetailsScreen) in d.contactID = "\(window.lifecycleLog.count) callbacks" })
            let details = ContactDetailsScreen(name: "details")
            try window.setRoot(details)
            #expect(details.contactIDAtWillAppear == .some("0 callbacks"))
        }

        // MARK: - A throwing resolver

        @Test func aThrowingResolverStopsTheTransitionWithAnExactMessage() throws {
            let (window, coordinator) = makeWindow()
            try coordinator.register(
                .destination(fileID: "App.swift", line: 9) { (d: ContactDetailsScreen) in d.title = "ran" })
            try coordinator.register(
                .direct(fileID: "App.swift", line: 10) { (_: ContactListScreen, _: ContactDetailsScreen) in
                    throw LookupFailure.noContactSelected
                })
            let stack = try showStack(ContactListScreen(name: "list"), in: window)
            let details = ContactDetailsScreen(name: "details")
            let expected = ScreenError.dependencies(
                .resolverFailed(
                    resolver: "direct: ContactListScreen → ContactDetailsScreen (App.swift:10)",
                    transition: "push: list → details", reason: UnderlyingError(LookupFailure.noContactSelected),
                    alreadyRan: ["destination: ContactDetailsScreen (App.swift:9)"]))
            let thrown = #expect(throws: ScreenError.self) { try stack.push(details, identifier: nil) }
            #expect(thrown == expected)
            #expect(thrown?.underlying as? LookupFailure == .noContactSelected)  // the resolver's own error
            #expect(
                expected.description
                    == "Resolver direct: ContactListScreen → ContactDetailsScreen (App.swift:10) failed for"
                    + " push: list → details: noContactSelected. The transition was not performed and the destination's"
                    + " context was unwired. Resolvers that had already run: destination: ContactDetailsScreen"
                    + " (App.swift:9).")
        }

        @Test func afterAThrowingResolverTheDestinationIsNotShownAndItsContextIsUnwired() throws {
            let (window, coordinator) = makeWindow()
            try coordinator.register(
                .direct { (_: ContactListScreen, _: ContactDetailsScreen) in throw LookupFailure.noContactSelected })
            let list = ContactListScreen(name: "list")
            let stack = try showStack(list, in: window)
            window.recordsLifecycle = true
            window.clearLogs()
            let formerParent = ScreenContext(name: "former")
            let details = ContactDetailsScreen(
                name: "details", context: ScreenContext(name: "details", parent: formerParent))
            #expect(throws: ScreenError.self) { try stack.push(details) }
            #expect(details.context.parent === formerParent)
            #expect(!list.context.children.contains { $0 === details.context })
            #expect(stack.screens.map(\.screenName) == ["list"])
            #expect(details.parentScreen == nil)
            #expect(details.appearance == .disappeared)
            #expect(details.contactIDAtWillAppear == nil)
            #expect(window.transitionLog.isEmpty)
            #expect(window.lifecycleLog.isEmpty)
            #expect(list.appearance == .appeared)
        }

        @Test func aFailedTransitionCanBeRetriedOnceTheResolverSucceeds() throws {
            let (window, coordinator) = makeWindow()
            let failing = Switch(true)
            try coordinator.register(
                .direct { (source: ContactListScreen, destination: ContactDetailsScreen) in
                    if failing.isOn { throw LookupFailure.noContactSelected }
                    destination.contactID = source.selectedContactID
                })
            let stack = try showStack(ContactListScreen(name: "list"), in: window)
            let details = ContactDetailsScreen(name: "details")
            #expect(throws: ScreenError.self) { try stack.push(details) }
            failing.isOn = false
            try stack.push(details)
            #expect(details.contactID == "c-42")
            #expect(stack.topScreen === details)
        }

        @Test func aFailedTransitionDoesNotSpendAnInitialResolver() throws {
            let window = ScreenWindow()
            let coordinator = DependencyCoordinator(name: "app")
            window.dependencyCoordinator = coordinator
            try coordinator.register(.initial { (d: ContactDetailsScreen) in d.contactID = "initial" })
            try coordinator.register(
                .destination { (d: ContactDetailsScreen) in
                    if d.screenName == "broken" { throw LookupFailure.noContactSelected }
                })
            #expect(throws: ScreenError.self) { try window.setRoot(ContactDetailsScreen(name: "broken")) }
            let details = ContactDetailsScreen(name: "details")
            try window.setRoot(details)
            #expect(details.contactID == "initial")
        }

        @Test func aFailedTransitionDoesNotChangeTheRememberedContextSource() throws {
            let (window, coordinator) = makeWindow()
            try coordinator.register(
                .context { (source: TokenSourceScreen, destination: TokenConsumerScreen) in
                    destination.token = source.token
                })
            try coordinator.register(
                .destination { (d: TokenConsumerScreen) in
                    if d.screenName == "broken" { throw LookupFailure.noContactSelected }
                })
            let stack = try showStack(TokenSourceScreen(name: "A", token: "from A"), in: window)
            try stack.push(ScreenModel(name: "B"))
            let f = TokenSourceScreen(name: "F", token: "from F")
            #expect(throws: DependencyError.self) {
                try coordinator.resolveDependencies(from: f, to: TokenConsumerScreen(name: "broken"))
            }
            let d = TokenConsumerScreen(name: "D")
            try stack.push(d)
            #expect(d.token == "from A")
        }

        @Test func manualResolutionThrowsTheDependencyErrorItself() throws {
            let coordinator = DependencyCoordinator(name: "manual")
            try coordinator.register(
                .direct(fileID: "App.swift", line: 3) { (_: ContactListScreen, _: ContactDetailsScreen) in
                    throw LookupFailure.noContactSelected
                })
            #expect(
                throws: DependencyError.resolverFailed(
                    resolver: "direct: ContactListScreen → ContactDetailsScreen (App.swift:3)",
                    transition: "manual: list → details", reason: UnderlyingError(LookupFailure.noContactSelected),
                    alreadyRan: [])
            ) {
                try coordinator.resolveDependencies(
                    from: ContactListScreen(name: "list"), to: ContactDetailsScreen(name: "details"))
            }
        }
    }
}
