import Baton
import BatonTesting
import Testing

extension DependenciesTests {
    /// What the coordinator says about itself: conflicting registrations, `describe()`, the
    /// resolution log, and the resolvers in the Mermaid/DOT flow graph.
    @MainActor
    @Suite(.lenientMisuse)
    struct DependencyDiagnosticsTests {
        // MARK: - Conflicts

        @Test func registeringTheSameKindAndTypesTwiceIsAConflictWithAnExactMessage() throws {
            let coordinator = DependencyCoordinator(name: "app")
            try coordinator.register(
                .direct(fileID: "App.swift", line: 1) { (_: ContactListScreen, _: ContactDetailsScreen) in })
            let expected = DependencyError.conflictingResolver(
                existing: "direct: ContactListScreen → ContactDetailsScreen (App.swift:1)",
                new: "direct: ContactListScreen → ContactDetailsScreen (App.swift:2)", coordinator: "app")
            #expect(throws: expected) {
                try coordinator.register(
                    .direct(fileID: "App.swift", line: 2) { (_: ContactListScreen, _: ContactDetailsScreen) in })
            }
            #expect(
                expected.description
                    == "Resolver direct: ContactListScreen → ContactDetailsScreen (App.swift:2) conflicts with"
                    + " direct: ContactListScreen → ContactDetailsScreen (App.swift:1) in coordinator app: both resolve"
                    + " the same source and destination types. Merge them into one resolver, or register one on a"
                    + " child coordinator.")
            #expect(coordinator.resolvers.count == 1)
        }

        @Test func otherKindsTypesAndIdentifiersDoNotConflict() throws {
            let coordinator = DependencyCoordinator(name: "app")
            try coordinator.register(.direct { (_: ContactListScreen, _: ContactDetailsScreen) in })
            try coordinator.register(.context { (_: ContactListScreen, _: ContactDetailsScreen) in })
            try coordinator.register(.direct { (_: any ContactIDConfigurable, _: ContactDetailsScreen) in })
            try coordinator.register(.transition { (_, _: ContactListScreen, _: ContactDetailsScreen) in })
            try coordinator.register(
                .transition(identifier: "a") { (_, _: ContactListScreen, _: ContactDetailsScreen) in })
            try coordinator.register(.destination { (_: ContactDetailsScreen) in })
            try coordinator.register(.initial { (_: ContactDetailsScreen) in })
            #expect(
                coordinator.resolvers.map(\.kind) == [
                    .direct, .context, .direct, .transition, .transition, .destination, .initial,
                ])
        }

        @Test func theSameResolverOnAChildCoordinatorIsNotAConflict() throws {
            let coordinator = DependencyCoordinator(name: "app")
            let child = DependencyCoordinator(name: "child")
            coordinator.addChild(child)
            try coordinator.register(.destination { (_: ContactDetailsScreen) in })
            try child.register(.destination { (_: ContactDetailsScreen) in })
            #expect(child.resolvers.count == 1)
        }

        // MARK: - Describing

        @Test func resolversDescribeTheirKindTypesIdentifierAndSite() {
            let resolver = DependencyResolver.transition(identifier: "showDetail", fileID: "App/Setup.swift", line: 12)
            {
                (_, _: ContactListScreen, _: any ContactIDConfigurable) in
            }
            #expect(resolver.kind == .transition)
            #expect(resolver.sourceType == "ContactListScreen")
            #expect(resolver.destinationType == "ContactIDConfigurable")
            #expect(resolver.identifier == "showDetail")
            #expect(resolver.site == "App/Setup.swift:12")
            #expect(
                resolver.summary
                    == "transition: ContactListScreen → ContactIDConfigurable [showDetail] (App/Setup.swift:12)")
            let initial = DependencyResolver.initial(fileID: "App.swift", line: 1) { (_: ContactDetailsScreen) in }
            #expect(initial.sourceType == nil)
            #expect(initial.summary == "initial: ContactDetailsScreen (App.swift:1)")
        }

        @Test func describeListsEveryResolverWithChildrenIndented() throws {
            #expect(
                try makeDescribedCoordinator().describe() == """
                    coordinator app
                      initial: ContactIDConfigurable (App.swift:1)
                      direct: ContactListScreen → ContactDetailsScreen (App.swift:2)
                      transition: ContactListScreen → ContactDetailsScreen [showDetail] (App.swift:3)
                      context: TokenSourceScreen → TokenConsumerScreen (App.swift:4)
                      coordinator analytics
                        destination: ScreenModel (Analytics.swift:1)
                    """)
        }

        @Test func describeOfAnEmptyCoordinatorIsItsName() {
            #expect(DependencyCoordinator(name: "empty").describe() == "coordinator empty")
        }

        // MARK: - Resolution log

        @Test func resolutionLogRecordsWhichResolversRanForEachTransition() throws {
            let (window, coordinator) = makeWindow()
            let analytics = DependencyCoordinator(name: "analytics")
            coordinator.addChild(analytics)
            try coordinator.register(
                .direct(fileID: "App.swift", line: 2) { (_: ContactListScreen, _: ContactDetailsScreen) in })
            try coordinator.register(
                .transition(identifier: "showDetail", fileID: "App.swift", line: 3) {
                    (_, _: ContactListScreen, _: ContactDetailsScreen) in
                })
            try analytics.register(.destination(fileID: "Analytics.swift", line: 1) { (_: ContactDetailsScreen) in })
            let stack = try showStack(ContactListScreen(name: "list"), in: window)
            #expect(coordinator.resolutionLog.isEmpty)
            coordinator.recordsResolutions = true
            try stack.push(ContactDetailsScreen(name: "details"), identifier: "showDetail")
            stack.pop()
            try stack.push(UnrelatedScreen(name: "plain"))
            try stack.topScreen!.present(ContactDetailsScreen(name: "modal"))
            #expect(
                coordinator.resolutionLog.map(\.transition.description) == [
                    "push: list → details (showDetail)", "push: list → plain", "present: plain → modal",
                ])
            #expect(
                coordinator.resolutionLog.map(\.resolvers) == [
                    [
                        "direct: ContactListScreen → ContactDetailsScreen (App.swift:2)",
                        "transition: ContactListScreen → ContactDetailsScreen [showDetail] (App.swift:3)",
                        "destination: ContactDetailsScreen (Analytics.swift:1)",
                    ],
                    [],
                    ["destination: ContactDetailsScreen (Analytics.swift:1)"],
                ])
            #expect(analytics.resolutionLog.isEmpty)
            coordinator.clearResolutionLog()
            #expect(coordinator.resolutionLog.isEmpty)
        }

        @Test func resolutionLogRecordsNothingForAFailedTransition() throws {
            let (window, coordinator) = makeWindow()
            coordinator.recordsResolutions = true
            try coordinator.register(
                .direct { (_: ContactListScreen, _: ContactDetailsScreen) in throw LookupFailure.noContactSelected })
            let stack = try showStack(ContactListScreen(name: "list"), in: window)
            coordinator.clearResolutionLog()
            #expect(throws: ScreenError.self) { try stack.push(ContactDetailsScreen(name: "details")) }
            #expect(coordinator.resolutionLog.isEmpty)
        }

        // MARK: - Flow graph

        @Test func mermaidFlowGraphShowsScreensTransitionsAndResolvers() throws {
            let window = try makeSmallApp()
            #expect(
                window.flowGraph(format: .mermaid) == """
                    flowchart TD
                        s0["nav"]
                        s1["list"]
                        s2["details"]
                        s3["window"]
                        s0 -.-|contains| s1
                        s0 -.-|contains| s2
                        s3 -->|replaceRoot| s0
                        s0 -->|push| s1
                        s1 -->|push showDetail ×2| s2
                        s2 -->|pop| s1
                        subgraph resolvers["resolvers"]
                            t0(["start"])
                            t1(["ContactIDConfigurable"])
                            t2(["ContactListScreen"])
                            t3(["ContactDetailsScreen"])
                            t4(["TokenSourceScreen"])
                            t5(["TokenConsumerScreen"])
                            t6(["any screen"])
                            t7(["ScreenModel"])
                            t0 ==>|initial| t1
                            t2 ==>|direct| t3
                            t2 ==>|transition showDetail| t3
                            t4 ==>|context| t5
                            t6 ==>|destination| t7
                        end
                    """)
        }

        @Test func dotFlowGraphShowsScreensTransitionsAndResolvers() throws {
            let window = try makeSmallApp()
            #expect(
                window.flowGraph(format: .dot) == """
                    digraph Baton {
                        rankdir=TB;
                        node [shape=box];
                        s0 [label="nav"];
                        s1 [label="list"];
                        s2 [label="details"];
                        s3 [label="window"];
                        s0 -> s1 [label="contains", style=dotted, arrowhead=none];
                        s0 -> s2 [label="contains", style=dotted, arrowhead=none];
                        s3 -> s0 [label="replaceRoot"];
                        s0 -> s1 [label="push"];
                        s1 -> s2 [label="push showDetail ×2"];
                        s2 -> s1 [label="pop"];
                        subgraph cluster_resolvers {
                            label="resolvers";
                            t0 [label="start", shape=ellipse];
                            t1 [label="ContactIDConfigurable", shape=ellipse];
                            t2 [label="ContactListScreen", shape=ellipse];
                            t3 [label="ContactDetailsScreen", shape=ellipse];
                            t4 [label="TokenSourceScreen", shape=ellipse];
                            t5 [label="TokenConsumerScreen", shape=ellipse];
                            t6 [label="any screen", shape=ellipse];
                            t7 [label="ScreenModel", shape=ellipse];
                            t0 -> t1 [label="initial", style=bold];
                            t2 -> t3 [label="direct", style=bold];
                            t2 -> t3 [label="transition showDetail", style=bold];
                            t4 -> t5 [label="context", style=bold];
                            t6 -> t7 [label="destination", style=bold];
                        }
                    }
                    """)
        }

        @Test func flowGraphWithoutResolversAndWithACycleOfCoordinatorsEnds() throws {
            let window = ScreenWindow()
            let coordinator = DependencyCoordinator(name: "app")
            let child = DependencyCoordinator(name: "child")
            coordinator.addChild(child)
            child.addChild(coordinator)
            try child.register(.destination { (_: ContactDetailsScreen) in })
            window.dependencyCoordinator = coordinator
            try window.setRoot(UnrelatedScreen(name: "root"))
            #expect(
                window.flowGraph(format: .mermaid, includeResolvers: false) == """
                    flowchart TD
                        s0["root"]
                        s1["window"]
                        s1 -->|replaceRoot| s0
                    """)
            #expect(window.flowGraph(format: .mermaid).split(separator: "\n").filter { $0.contains("==>") }.count == 1)
        }

        // MARK: - Fixtures

        /// A coordinator named "app" with one resolver of each kind but destination, and a child
        /// "analytics" with a destination resolver.
        private func makeDescribedCoordinator() throws -> DependencyCoordinator {
            let coordinator = DependencyCoordinator(name: "app")
            try coordinator.register(
                .initial(fileID: "App.swift", line: 1) { (d: any ContactIDConfigurable) in d.contactID = "start" })
            try coordinator.register(
                .direct(fileID: "App.swift", line: 2) { (_: ContactListScreen, _: ContactDetailsScreen) in })
            try coordinator.register(
                .transition(identifier: "showDetail", fileID: "App.swift", line: 3) {
                    (_, _: ContactListScreen, _: ContactDetailsScreen) in
                })
            try coordinator.register(
                .context(fileID: "App.swift", line: 4) { (_: TokenSourceScreen, _: TokenConsumerScreen) in })
            let analytics = DependencyCoordinator(name: "analytics")
            try analytics.register(.destination(fileID: "Analytics.swift", line: 1) { (_: ScreenModel) in })
            coordinator.addChild(analytics)
            return coordinator
        }

        /// window → nav [list, details]; details was pushed twice with "showDetail" and popped once.
        private func makeSmallApp() throws -> ScreenWindow {
            let window = ScreenWindow()
            window.dependencyCoordinator = try makeDescribedCoordinator()
            let stack = StackScreen(name: "nav")
            try window.setRoot(stack)
            try stack.push(ContactListScreen(name: "list"))
            try stack.push(ContactDetailsScreen(name: "details"), identifier: "showDetail")
            stack.pop()
            try stack.push(ContactDetailsScreen(name: "details"), identifier: "showDetail")
            return window
        }
    }
}
