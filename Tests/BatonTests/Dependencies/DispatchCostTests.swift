import BatonTesting
import Testing

@testable import Baton

extension DependenciesTests {
    /// DESIGN rule 29: the cost of dispatching a transition does not grow with the registered
    /// resolvers that cannot match. Resolvers are matched against a screen type once and the result
    /// is indexed; timings are measured by the benchmarks, this checks the mechanism.
    @MainActor
    @Suite(.lenientMisuse)
    struct DispatchCostTests {
        @Test(.heavyOnTheMainActor)
        func nonMatchingResolversAreCheckedOncePerScreenTypeNotOncePerTransition() async throws {
            let (window, coordinator) = makeWindow()
            for index in 0..<1_000 {
                await shareTheMainActor(at: index, every: 25)
                try coordinator.register(
                    .transition(identifier: "never-\(index)") { (_, _: TokenSourceScreen, _: TokenConsumerScreen) in })
            }
            var resolutions = 0
            try coordinator.register(
                .direct { (source: ContactListScreen, destination: ContactDetailsScreen) in
                    destination.contactID = source.selectedContactID
                    resolutions += 1
                })
            let stack = try showStack(ContactListScreen(name: "list"), in: window)
            try stack.push(ContactDetailsScreen(name: "details"))
            stack.pop()
            let checksAfterFirstPush = coordinator.indexMatchChecks
            for index in 0..<200 {
                await shareTheMainActor(at: index, every: 5)
                try stack.push(ContactDetailsScreen(name: "details"))
                stack.pop()
            }
            #expect(resolutions == 201)
            #expect(coordinator.indexMatchChecks == checksAfterFirstPush)
        }

        @Test func registeringAResolverRefreshesTheIndex() throws {
            let (window, coordinator) = makeWindow()
            let stack = try showStack(ContactListScreen(name: "list"), in: window)
            let before = ContactDetailsScreen(name: "before")
            try stack.push(before)
            stack.pop()
            try coordinator.register(.destination { (d: ContactDetailsScreen) in d.contactID = "registered later" })
            let after = ContactDetailsScreen(name: "after")
            try stack.push(after)
            #expect(before.contactID == nil)
            #expect(after.contactID == "registered later")
        }
    }
}
