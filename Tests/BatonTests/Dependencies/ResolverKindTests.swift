import Baton
import BatonTesting
import Testing

extension DependenciesTests {
    /// DESIGN rules 26 and 27: direct, destination-only, initial, transition, one-shot and manual
    /// resolvers, with concrete types and with protocol configurables.
    @MainActor
    @Suite(.lenientMisuse)
    struct ResolverKindTests {
        // MARK: - Direct (UIViewControllerDependencyResolver)

        @Test func directResolverPassesFromSourceToTheScreenPushedRightAfterIt() throws {
            let (window, coordinator) = makeWindow()
            try coordinator.register(
                .direct { (source: ContactListScreen, destination: ContactDetailsScreen) in
                    destination.contactID = source.selectedContactID
                })
            let list = ContactListScreen(name: "list")
            let stack = try showStack(list, in: window)
            let details = ContactDetailsScreen(name: "details")
            try stack.push(details)
            #expect(details.contactID == "c-42")
        }

        @Test func directResolverSkipsScreensThatAreNotDirectlyAfterTheSource() throws {
            let (window, coordinator) = makeWindow()
            try coordinator.register(
                .direct { (source: ContactListScreen, destination: ContactDetailsScreen) in
                    destination.contactID = source.selectedContactID
                })
            let stack = try showStack(ContactListScreen(name: "list"), in: window)
            try stack.push(UnrelatedScreen(name: "between"))
            let details = ContactDetailsScreen(name: "details")
            try stack.push(details)
            #expect(details.contactID == nil)
        }

        @Test func directResolverIgnoresOtherDestinationTypes() throws {
            let (window, coordinator) = makeWindow()
            var calls = 0
            try coordinator.register(
                .direct { (_: ContactListScreen, _: ContactDetailsScreen) in calls += 1 })
            let stack = try showStack(ContactListScreen(name: "list"), in: window)
            let edit = ContactEditScreen(name: "edit")
            try stack.push(edit)
            #expect(calls == 0)
            #expect(edit.contactID == nil)
        }

        @Test func oneConfigurableRegistrationServesEveryConformingPair() throws {
            let (window, coordinator) = makeWindow()
            try coordinator.register(
                .direct { (source: any ContactIDConfigurable, destination: any ContactIDConfigurable) in
                    destination.contactID = source.contactID
                })
            let list = ContactListScreen(name: "list")
            list.contactID = "c-1"
            let stack = try showStack(list, in: window)
            let details = ContactDetailsScreen(name: "details")
            try stack.push(details)
            let edit = ContactEditScreen(name: "edit")
            try stack.push(edit)
            stack.pop()
            stack.pop()
            let edit2 = ContactEditScreen(name: "edit2")
            try stack.push(edit2)
            let details2 = ContactDetailsScreen(name: "details2")
            try stack.push(details2)
            #expect(details.contactID == "c-1")
            #expect(edit.contactID == "c-1")
            #expect(edit2.contactID == "c-1")
            #expect(details2.contactID == "c-1")
        }

        @Test func configurableResolverDoesNotReachPastANonConformingScreen() throws {
            let (window, coordinator) = makeWindow()
            try coordinator.register(
                .direct { (source: any ContactIDConfigurable, destination: any ContactIDConfigurable) in
                    destination.contactID = source.contactID
                })
            let list = ContactListScreen(name: "list")
            list.contactID = "c-1"
            let stack = try showStack(list, in: window)
            try stack.push(UnrelatedScreen(name: "between"))
            let edit = ContactEditScreen(name: "edit")
            try stack.push(edit)
            #expect(edit.contactID == nil)
        }

        @Test func concreteSourceAndConfigurableDestinationMix() throws {
            let (window, coordinator) = makeWindow()
            try coordinator.register(
                .direct { (source: ContactListScreen, destination: any ContactIDConfigurable) in
                    destination.contactID = source.selectedContactID
                })
            let stack = try showStack(ContactListScreen(name: "list"), in: window)
            let edit = ContactEditScreen(name: "edit")
            try stack.push(edit)
            #expect(edit.contactID == "c-42")
        }

        // MARK: - Destination only (UIViewControllerConsumerDependencyResolver)

        @Test func destinationResolverRunsOnEveryTransitionToAMatchingScreenWhateverTheSource() throws {
            let (window, coordinator) = makeWindow()
            var resolved: [String] = []
            try coordinator.register(
                .destination { (destination: ContactDetailsScreen) in
                    destination.contactID = "fixed"
                    resolved.append(destination.screenName)
                })
            let first = ContactDetailsScreen(name: "first")
            try window.setRoot(first)
            let stack = try showStack(UnrelatedScreen(name: "plain"), in: window)
            let second = ContactDetailsScreen(name: "second")
            try stack.push(second)
            try stack.push(UnrelatedScreen(name: "other"))
            let third = ContactDetailsScreen(name: "third")
            try stack.topScreen!.present(third)
            #expect(resolved == ["first", "second", "third"])
            #expect([first, second, third].map(\.contactID) == ["fixed", "fixed", "fixed"])
        }

        @Test func destinationResolverDoesNotRunWhenReturningToAScreen() throws {
            let (window, coordinator) = makeWindow()
            var calls = 0
            try coordinator.register(.destination { (_: ContactDetailsScreen) in calls += 1 })
            let stack = try showStack(ContactDetailsScreen(name: "details"), in: window)
            try stack.push(UnrelatedScreen(name: "top"))
            stack.pop()
            #expect(calls == 1)
        }

        // MARK: - Initial (UIViewControllerConsumerContextDependencyResolver, from app start)

        @Test func initialResolverReachesTheFirstMatchingDestinationOnly() throws {
            let window = ScreenWindow()
            let coordinator = DependencyCoordinator(name: "app")
            window.dependencyCoordinator = coordinator
            var resolved: [String] = []
            try coordinator.register(
                .initial { (destination: any ContactIDConfigurable) in
                    destination.contactID = "from app start"
                    resolved.append((destination as! ScreenModel).screenName)
                })
            let splash = UnrelatedScreen(name: "splash")
            try window.setRoot(splash)
            let list = ContactListScreen(name: "list")
            try window.setRoot(list)
            let details = ContactDetailsScreen(name: "details")
            try list.present(details)
            #expect(resolved == ["list"])
            #expect(list.contactID == "from app start")
            #expect(details.contactID == nil)
        }

        @Test func initialResolverGivesOnlyTheFirstOfSeveralMatchingTabs() throws {
            let (window, coordinator) = makeWindow()
            try coordinator.register(
                .initial { (destination: any ContactIDConfigurable) in destination.contactID = "initial" })
            let list = ContactListScreen(name: "list")
            let details = ContactDetailsScreen(name: "details")
            let edit = ContactEditScreen(name: "edit")
            try window.setRoot(try TabScreen(tabs: [list, details, edit], name: "tabs"))
            #expect([list.contactID, details.contactID, edit.contactID] == ["initial", nil, nil])
        }

        // MARK: - ScreenTransition (UIStoryboardSegueDependencyResolver)

        @Test func transitionResolverSeesIdentifierAndSender() throws {
            let (window, coordinator) = makeWindow()
            try coordinator.register(
                .transition { (transition, _: ContactListScreen, destination: ContactDetailsScreen) in
                    destination.seenIdentifier = transition.identifier
                    destination.seenSender = transition.sender as? String
                })
            let stack = try showStack(ContactListScreen(name: "list"), in: window)
            let details = ContactDetailsScreen(name: "details")
            try stack.push(details, identifier: "showDetail", sender: "row 7")
            #expect(details.seenIdentifier == "showDetail")
            #expect(details.seenSender == "row 7")
        }

        @Test func transitionResolverWithAnIdentifierMatchesOnlyThatIdentifier() throws {
            let (window, coordinator) = makeWindow()
            try coordinator.register(
                .transition(identifier: "showDetail") {
                    (transition, source: ContactListScreen, destination: ContactDetailsScreen) in
                    destination.contactID = transition.sender as? String ?? source.selectedContactID
                })
            let stack = try showStack(ContactListScreen(name: "list"), in: window)
            let matching = ContactDetailsScreen(name: "matching")
            try stack.push(matching, identifier: "showDetail", sender: "c-7")
            stack.pop()
            let otherIdentifier = ContactDetailsScreen(name: "other")
            try stack.push(otherIdentifier, identifier: "showHistory", sender: "c-8")
            stack.pop()
            let noIdentifier = ContactDetailsScreen(name: "none")
            try stack.push(noIdentifier, sender: "c-9")
            #expect(matching.contactID == "c-7")
            #expect(otherIdentifier.contactID == nil)
            #expect(noIdentifier.contactID == nil)
        }

        @Test func transitionResolversForTwoIdentifiersOfTheSamePairDoNotConflict() throws {
            let (window, coordinator) = makeWindow()
            try coordinator.register(
                .transition(identifier: "edit") { (_, _: ContactListScreen, d: ContactDetailsScreen) in d.title = "Edit"
                })
            try coordinator.register(
                .transition(identifier: "view") { (_, _: ContactListScreen, d: ContactDetailsScreen) in d.title = "View"
                })
            let stack = try showStack(ContactListScreen(name: "list"), in: window)
            let edit = ContactDetailsScreen(name: "a")
            try stack.push(edit, identifier: "edit")
            stack.pop()
            let view = ContactDetailsScreen(name: "b")
            try stack.push(view, identifier: "view")
            #expect(edit.title == "Edit")
            #expect(view.title == "View")
        }

        // MARK: - One-shot inline resolution (performSegue with a resolving closure)

        @Test func inlineResolverAppliesToTheNextTransitionOnly() throws {
            let (window, _) = makeWindow()
            let stack = try showStack(ContactListScreen(name: "list"), in: window)
            let first = ContactDetailsScreen(name: "first")
            let second = ContactDetailsScreen(name: "second")
            try DependencyCoordinator.resolvingNextTransition(
                .direct { (_: ScreenModel, destination: ContactDetailsScreen) in
                    destination.title = "My Awesome Screen"
                }
            ) {
                try stack.push(first)
                try stack.push(second)
            }
            let later = ContactDetailsScreen(name: "later")
            try stack.push(later)
            #expect(first.title == "My Awesome Screen")
            #expect(second.title == nil)
            #expect(later.title == nil)
        }

        @Test func inlineResolverReturnsWhatTheBodyReturnsAndRunsWithRegisteredResolvers() throws {
            let (window, coordinator) = makeWindow()
            coordinator.recordsResolutions = true
            try coordinator.register(
                .destination(fileID: "App.swift", line: 1) { (d: ContactDetailsScreen) in d.contactID = "registered" })
            let stack = try showStack(ContactListScreen(name: "list"), in: window)
            coordinator.clearResolutionLog()
            let details = ContactDetailsScreen(name: "details")
            let shown = try DependencyCoordinator.resolvingNextTransition(
                .direct(fileID: "List.swift", line: 9) { (_: ContactListScreen, d: ContactDetailsScreen) in
                    d.title = "inline"
                }
            ) { () throws(ScreenError) -> String in
                try stack.push(details)
                return stack.topScreen!.screenName
            }
            #expect(shown == "details")
            #expect(details.title == "inline")
            #expect(details.contactID == "registered")
            #expect(
                coordinator.resolutionLog.map(\.resolvers) == [
                    [
                        "destination: ContactDetailsScreen (App.swift:1)",
                        "direct: ContactListScreen → ContactDetailsScreen (List.swift:9)",
                    ]
                ])
        }

        @Test func inlineResolverIsDiscardedWhenTheBodyPerformsNoTransition() throws {
            let (window, _) = makeWindow()
            let stack = try showStack(ContactListScreen(name: "list"), in: window)
            DependencyCoordinator.resolvingNextTransition(
                .destination { (d: ContactDetailsScreen) in d.title = "inline" }
            ) {}
            let details = ContactDetailsScreen(name: "details")
            try stack.push(details)
            #expect(details.title == nil)
        }

        @Test func nestedInlineResolversAllApplyToTheFirstTransition() throws {
            let (window, _) = makeWindow()
            let stack = try showStack(ContactListScreen(name: "list"), in: window)
            let first = ContactDetailsScreen(name: "first")
            let second = ContactDetailsScreen(name: "second")
            try DependencyCoordinator.resolvingNextTransition(
                .destination { (d: ContactDetailsScreen) in d.title = "outer" }
            ) {
                try DependencyCoordinator.resolvingNextTransition(
                    .destination { (d: ContactDetailsScreen) in d.contactID = "inner" }
                ) {
                    try stack.push(first)
                }
                try stack.push(second)
            }
            #expect(first.title == "outer")
            #expect(first.contactID == "inner")
            #expect(second.title == nil)
            #expect(second.contactID == nil)
        }

        @Test func inlineResolverAppliesToAManualResolutionToo() throws {
            let coordinator = DependencyCoordinator(name: "manual")
            let details = ContactDetailsScreen(name: "details")
            try DependencyCoordinator.resolvingNextTransition(
                .direct { (source: ContactListScreen, d: ContactDetailsScreen) in d.contactID = source.selectedContactID
                }
            ) {
                try coordinator.resolveDependencies(from: ContactListScreen(name: "list"), to: details)
            }
            #expect(details.contactID == "c-42")
        }

        // MARK: - Manual resolution (resolveDependencies(from:to:))

        @Test func manualResolutionRunsTheCoordinatorBetweenAnyTwoScreensWithoutWiring() throws {
            let coordinator = DependencyCoordinator(name: "manual")
            try coordinator.register(
                .direct { (source: ContactListScreen, destination: ContactDetailsScreen) in
                    destination.contactID = source.selectedContactID
                })
            try coordinator.register(
                .transition(identifier: "showDetail") { (transition, _: ContactListScreen, d: ContactDetailsScreen) in
                    d.seenSender = transition.sender as? String
                })
            let list = ContactListScreen(name: "list")
            let details = ContactDetailsScreen(name: "details")
            try coordinator.resolveDependencies(from: list, to: details, identifier: "showDetail", sender: "row 3")
            #expect(details.contactID == "c-42")
            #expect(details.seenSender == "row 3")
            #expect(details.context.parent == nil)
            #expect(details.parentScreen == nil)
        }

        @Test func manualResolutionUsesTheCoordinatorItIsCalledOn() throws {
            let (window, windowCoordinator) = makeWindow()
            try windowCoordinator.register(.destination { (d: ContactDetailsScreen) in d.title = "window" })
            let other = DependencyCoordinator(name: "other")
            try other.register(.destination { (d: ContactDetailsScreen) in d.contactID = "other" })
            let stack = try showStack(ContactListScreen(name: "list"), in: window)
            let details = ContactDetailsScreen(name: "details")
            try other.resolveDependencies(from: stack.topScreen!, to: details)
            #expect(details.contactID == "other")
            #expect(details.title == nil)
        }
    }
}
