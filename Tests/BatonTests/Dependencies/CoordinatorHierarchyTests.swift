import Baton
import BatonTesting
import Testing

extension DependenciesTests {
    /// DESIGN rules 25 and 28: custom coordinators per screen, child coordinators, workflow
    /// coordinators, the coordinator a destination inherits, and the coordinator running on every
    /// transition of the screen tree.
    @MainActor
    @Suite(.lenientMisuse)
    struct CoordinatorHierarchyTests {
        /// A screen of a sign-up workflow.
        final class SignupStepScreen: ScreenModel {
            var workflow: String?
        }

        // MARK: - Which coordinator

        @Test func screensOutsideAnyCoordinatorUseTheDefault() {
            let screen = UnrelatedScreen(name: "alone")
            #expect(screen.dependencyCoordinator === DependencyCoordinator.default)
            #expect(ScreenWindow().dependencyCoordinator === DependencyCoordinator.default)
            #expect(DependencyCoordinator.default.name == "default")
        }

        @Test func aDestinationInheritsItsSourcesCoordinator() throws {
            let (window, coordinator) = makeWindow()
            let list = ContactListScreen(name: "list")
            let stack = try showStack(list, in: window)
            let details = ContactDetailsScreen(name: "details")
            #expect(details.dependencyCoordinator === DependencyCoordinator.default)
            try stack.push(details)
            let presented = ContactEditScreen(name: "edit")
            try details.present(presented)
            #expect(list.dependencyCoordinator === coordinator)
            #expect(details.dependencyCoordinator === coordinator)
            #expect(presented.dependencyCoordinator === coordinator)
        }

        @Test func aDestinationWithAnIsolatedContextIsStillResolvedByItsSourcesCoordinator() throws {
            let (window, coordinator) = makeWindow()
            try coordinator.register(.destination { (d: ContactDetailsScreen) in d.contactID = "resolved" })
            let hopping = HoppingScreen(name: "startup")
            try window.setRoot(hopping)
            let details = ContactDetailsScreen(name: "details")
            try hopping.hop(to: details, wiring: .isolate, then: nil)
            #expect(details.context.parent == nil)
            #expect(details.contactID == "resolved")
        }

        @Test func aRootWithAnIsolatedContextIsResolvedByTheWindowsCoordinator() throws {
            let (window, coordinator) = makeWindow()
            try coordinator.register(.destination { (d: ContactDetailsScreen) in d.contactID = "resolved" })
            let details = ContactDetailsScreen(name: "details")
            try window.setRoot(details, wiring: .isolate)
            #expect(details.contactID == "resolved")
        }

        @Test func aScreenWithAnIsolatedContextReportsTheCoordinatorThatResolvesItsTransitions() throws {
            let (window, coordinator) = makeWindow()
            let hopping = HoppingScreen(name: "startup")
            try window.setRoot(hopping)
            let details = ContactDetailsScreen(name: "details")
            try hopping.hop(to: details, wiring: .isolate, then: nil)
            #expect(details.context.parent == nil)
            #expect(details.dependencyCoordinator === coordinator)
        }

        @Test func aTemporaryResolverRegisteredOnAnIsolatedScreenRunsOnItsNextTransition() throws {
            let (window, _) = makeWindow()
            let hopping = HoppingScreen(name: "startup")
            try window.setRoot(hopping)
            let details = ContactDetailsScreen(name: "details")
            try hopping.hop(to: details, wiring: .isolate, then: nil)
            details.registerTemporaryContextResolver { (source: ContactDetailsScreen, edit: ContactEditScreen) in
                edit.contactID = "from \(source.screenName)"
            }
            let edit = ContactEditScreen(name: "edit")
            try details.present(edit)
            #expect(edit.contactID == "from details")
            #expect(DependencyCoordinator.default.temporaryResolvers.isEmpty)
        }

        @Test func aWorkflowSetOnAScreenResolvesTheTransitionsAfterItNotTheOneIntoIt() throws {
            // MHDependencyKit: setupWorkflowDependencyCoordinator — "the workflow starts from the receiver".
            let (window, appCoordinator) = makeWindow()
            try appCoordinator.register(.destination { (d: ContactDetailsScreen) in d.title = "app" })
            let own = DependencyCoordinator(name: "own")
            try own.register(.destination { (d: ContactDetailsScreen) in d.contactID = "own" })
            let stack = try showStack(ContactListScreen(name: "list"), in: window)
            let details = ContactDetailsScreen(name: "details")
            details.dependencyCoordinator = own
            try stack.push(details)
            #expect(details.contactID == nil)
            #expect(details.title == "app")
            let next = ContactDetailsScreen(name: "next")
            try stack.push(next)
            #expect(next.contactID == "own")
            #expect(next.title == nil)
        }

        // MARK: - Child coordinators

        @Test func childCoordinatorsResolversTakePart() throws {
            let (window, coordinator) = makeWindow()
            let analytics = DependencyCoordinator(name: "analytics")
            var seen: [String] = []
            try coordinator.register(.destination { (d: ContactDetailsScreen) in d.contactID = "from app" })
            try analytics.register(.destination { (d: ContactDetailsScreen) in seen.append(d.screenName) })
            coordinator.addChild(analytics)
            coordinator.addChild(analytics)
            let stack = try showStack(ContactListScreen(name: "list"), in: window)
            let details = ContactDetailsScreen(name: "details")
            try stack.push(details)
            #expect(coordinator.childCoordinators.map(\.name) == ["analytics"])
            #expect(details.contactID == "from app")
            #expect(seen == ["details"])
            coordinator.removeChild(analytics)
            stack.pop()
            try stack.push(ContactDetailsScreen(name: "again"))
            #expect(seen == ["details"])
        }

        @Test func grandchildCoordinatorsTakePartToo() throws {
            let (window, coordinator) = makeWindow()
            let child = DependencyCoordinator(name: "child")
            let grandchild = DependencyCoordinator(name: "grandchild")
            try grandchild.register(.destination { (d: ContactDetailsScreen) in d.title = "grandchild" })
            child.addChild(grandchild)
            coordinator.addChild(child)
            let stack = try showStack(ContactListScreen(name: "list"), in: window)
            let details = ContactDetailsScreen(name: "details")
            try stack.push(details)
            #expect(details.title == "grandchild")
        }

        @Test func aCoordinatorReachedTwiceThroughChildrenRunsOnceAndCyclesEnd() throws {
            let (window, coordinator) = makeWindow()
            let left = DependencyCoordinator(name: "left")
            let right = DependencyCoordinator(name: "right")
            let shared = DependencyCoordinator(name: "shared")
            var calls = 0
            try shared.register(
                .destination(fileID: "Shared.swift", line: 1) { (_: ContactDetailsScreen) in calls += 1 })
            coordinator.addChild(left)
            coordinator.addChild(right)
            left.addChild(shared)
            right.addChild(shared)
            shared.addChild(coordinator)
            coordinator.addChild(coordinator)
            let stack = try showStack(ContactListScreen(name: "list"), in: window)
            try stack.push(ContactDetailsScreen(name: "details"))
            #expect(calls == 1)
            #expect(
                coordinator.describe() == """
                    coordinator app
                      coordinator left
                        coordinator shared
                          destination: ContactDetailsScreen (Shared.swift:1)
                          coordinator app (already listed)
                      coordinator right
                        coordinator shared (already listed)
                    """)
        }

        // MARK: - Workflow coordinators

        @Test func workflowCoordinatorAppliesToItsScreenAndDescendantsButNotToSiblings() throws {
            let (window, coordinator) = makeWindow()
            try coordinator.register(.destination { (d: any ContactIDConfigurable) in d.contactID = "app-wide" })
            let workflow = try coordinator.makeWorkflow(
                named: "signup", adding: [.destination { (d: SignupStepScreen) in d.workflow = "signup" }])
            let stack = try showStack(UnrelatedScreen(name: "main"), in: window)

            let signup = SignupStepScreen(name: "signup")
            signup.dependencyCoordinator = workflow
            try stack.push(signup)
            let terms = SignupStepScreen(name: "terms")
            try stack.push(terms)
            let edit = ContactEditScreen(name: "edit")
            try terms.present(edit)
            // Read while terms is shown: once popped, it leaves the context tree and its workflow.
            #expect(terms.dependencyCoordinator === workflow)
            edit.dismiss()
            stack.pop()
            stack.pop()
            let sibling = SignupStepScreen(name: "sibling")
            try stack.push(sibling)

            #expect(signup.workflow == nil)  // the workflow starts from signup: it resolves what follows
            #expect(terms.workflow == "signup")
            // Popped: out of the workflow's tree, it still reads the chain it left.
            #expect(terms.context.parent == nil)
            #expect(terms.dependencyCoordinator === workflow)
            #expect(edit.contactID == "app-wide")
            #expect(sibling.workflow == nil)
            #expect(sibling.dependencyCoordinator === coordinator)
        }

        @Test func workflowIsACopyOfTheCoordinatorAtTheTimeItIsMade() throws {
            let coordinator = DependencyCoordinator(name: "app")
            let child = DependencyCoordinator(name: "child")
            coordinator.addChild(child)
            try coordinator.register(.destination(fileID: "App.swift", line: 1) { (_: ContactDetailsScreen) in })
            let workflow = try coordinator.makeWorkflow(
                named: "signup", adding: [.destination(fileID: "Signup.swift", line: 2) { (_: SignupStepScreen) in }])
            try coordinator.register(.destination(fileID: "App.swift", line: 3) { (_: ContactEditScreen) in })
            #expect(workflow.name == "signup")
            #expect(
                workflow.resolvers.map(\.summary) == [
                    "destination: ContactDetailsScreen (App.swift:1)", "destination: SignupStepScreen (Signup.swift:2)",
                ])
            #expect(workflow.childCoordinators.map(\.name) == ["child"])
            #expect(coordinator.resolvers.count == 2)
        }

        @Test func workflowSharesTheCopiedResolversSoAContextResolverHasOneContext() throws {
            let (window, coordinator) = makeWindow()
            try coordinator.register(
                .context { (source: TokenSourceScreen, destination: TokenConsumerScreen) in
                    destination.token = source.token
                })
            let workflow = try coordinator.makeWorkflow(named: "signup", adding: [])
            let stack = try showStack(ScreenModel(name: "X"), in: window)
            try stack.push(TokenSourceScreen(name: "A", token: "from A"))
            try stack.push(ScreenModel(name: "B"))
            let signup = ScreenModel(name: "signup")
            signup.dependencyCoordinator = workflow
            try stack.push(signup)
            let f = TokenSourceScreen(name: "F", token: "from F")
            try stack.push(f)
            try stack.push(ScreenModel(name: "G"))
            while stack.topScreen?.screenName != "B" { stack.pop() }
            let d = TokenConsumerScreen(name: "D")
            try stack.push(d)
            #expect(d.dependencyCoordinator === coordinator)
            #expect(d.token == "from F")
        }

        @Test func aWorkflowResolverOfTheSameKindAndTypesOverridesTheCopiedOne() throws {
            let (window, coordinator) = makeWindow()
            try coordinator.register(
                .destination(fileID: "App.swift", line: 1) { (d: ContactDetailsScreen) in d.title = "app" })
            let workflow = try coordinator.makeWorkflow(
                named: "signup",
                adding: [
                    .destination(fileID: "Signup.swift", line: 2) { (d: ContactDetailsScreen) in d.title = "signup" }
                ])
            #expect(workflow.resolvers.map(\.summary) == ["destination: ContactDetailsScreen (Signup.swift:2)"])
            #expect(coordinator.resolvers.map(\.summary) == ["destination: ContactDetailsScreen (App.swift:1)"])
            let stack = try showStack(ContactListScreen(name: "list"), in: window)
            stack.rootScreen!.dependencyCoordinator = workflow
            let details = ContactDetailsScreen(name: "details")
            try stack.push(details)
            #expect(details.title == "signup")
            #expect(
                throws: DependencyError.conflictingResolver(
                    existing: "destination: ContactDetailsScreen (Signup.swift:2)",
                    new: "destination: ContactDetailsScreen (Signup.swift:3)", coordinator: "signup")
            ) {
                _ = try coordinator.makeWorkflow(
                    named: "signup",
                    adding: [
                        .destination(fileID: "Signup.swift", line: 2) { (_: ContactDetailsScreen) in },
                        .destination(fileID: "Signup.swift", line: 3) { (_: ContactDetailsScreen) in },
                    ])
            }
        }

        @Test func aChildOfAWorkflowRunsBothTheCopiedResolverAndItsOwnAsMHDependencyKitsWorkflowDoes() throws {
            let (window, coordinator) = makeWindow()
            var ran: [String] = []
            try coordinator.register(.destination { (_: ContactDetailsScreen) in ran.append("app") })
            let workflow = try coordinator.makeWorkflow(named: "signup", adding: [])
            let extras = DependencyCoordinator(name: "signup extras")
            try extras.register(.destination { (_: ContactDetailsScreen) in ran.append("signup") })
            workflow.addChild(extras)
            #expect(coordinator.childCoordinators.isEmpty)  // the original is untouched
            let stack = try showStack(ContactListScreen(name: "list"), in: window)
            stack.rootScreen!.dependencyCoordinator = workflow
            try stack.push(ContactDetailsScreen(name: "details"))
            #expect(ran == ["app", "signup"])
        }

        // MARK: - Rule 28: every kind of forward transition runs the coordinator

        @Test func everyForwardTransitionRunsTheCoordinatorAndBackwardOnesDoNot() throws {
            let (window, coordinator) = makeWindow()
            coordinator.recordsResolutions = true
            try coordinator.register(.destination(fileID: "App.swift", line: 1) { (_: ScreenModel) in })
            let hopping = HoppingScreen(name: "startup")
            try window.setRoot(hopping)
            let stack = StackScreen(name: "nav")
            try hopping.hop(to: stack, then: nil)
            try stack.push(UnrelatedScreen(name: "list"))
            try stack.push(UnrelatedScreen(name: "detail"))
            stack.pop()
            try stack.setScreens([stack.rootScreen!, UnrelatedScreen(name: "other")])
            let tabs = try TabScreen(
                tabs: [UnrelatedScreen(name: "one"), UnrelatedScreen(name: "two")], name: "tabs")
            try stack.topScreen!.present(tabs)
            tabs.select(at: 1)
            tabs.dismiss()
            #expect(
                coordinator.resolutionLog.map(\.transition.description) == [
                    "replaceRoot: → startup", "hop: → nav", "push: nav → list", "push: list → detail",
                    "setStack: list → other", "present: other → tabs",
                ])
            #expect(coordinator.resolutionLog[5].resolvers.count == 3)
        }
    }
}
