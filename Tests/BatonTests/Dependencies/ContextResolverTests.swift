import Baton
import BatonTesting
import Testing

extension DependenciesTests {
    /// DESIGN rule 26, context resolvers (MHDependencyKit's `UIViewControllerContextDependencyResolver`):
    /// the last matching source seen anywhere earlier, held weakly, applies to every later matching
    /// destination; a new matching source replaces the old.
    @MainActor
    @Suite(.lenientMisuse)
    struct ContextResolverTests {
        private func registerTokenResolver(on coordinator: DependencyCoordinator) throws {
            try coordinator.register(
                .context { (source: TokenSourceScreen, destination: TokenConsumerScreen) in
                    destination.token = source.token
                })
        }

        /// Pops until `name` is on top.
        private func pop(_ stack: StackScreen, backTo name: String) {
            while let top = stack.topScreen, top.screenName != name, stack.pop() != nil {}
        }

        // MARK: - The seed's note: X → A(source 1) → B → C → D(destination 1) → E → F(source 2) → G

        @Test func seedNoteContextStartsAtAAndResolvesDWhenReached() throws {
            let (window, coordinator) = makeWindow()
            try registerTokenResolver(on: coordinator)
            let stack = try showStack(HeadlessScreen(identifier: "X"), in: window)
            try stack.push(TokenSourceScreen(identifier: "A", token: "from A"))
            try stack.push(HeadlessScreen(identifier: "B"))
            try stack.push(HeadlessScreen(identifier: "C"))
            let d = TokenConsumerScreen(identifier: "D")
            try stack.push(d)
            #expect(d.token == "from A")
            #expect(stack.screens.map(\.screenName) == ["X", "A", "B", "C", "D"])
        }

        @Test func seedNoteGoingBackBeforeEAndReachingDAgainStillResolves() throws {
            let (window, coordinator) = makeWindow()
            try registerTokenResolver(on: coordinator)
            let stack = try showStack(HeadlessScreen(identifier: "X"), in: window)
            try stack.push(TokenSourceScreen(identifier: "A", token: "from A"))
            try stack.push(HeadlessScreen(identifier: "B"))
            try stack.push(HeadlessScreen(identifier: "C"))
            try stack.push(TokenConsumerScreen(identifier: "D"))
            try stack.push(HeadlessScreen(identifier: "E"))
            pop(stack, backTo: "C")
            let dAgain = TokenConsumerScreen(identifier: "D")
            try stack.push(dAgain)
            #expect(dAgain.token == "from A")
            pop(stack, backTo: "B")
            try stack.push(HeadlessScreen(identifier: "C"))
            let dThirdTime = TokenConsumerScreen(identifier: "D")
            try stack.push(dThirdTime)
            #expect(dThirdTime.token == "from A")
        }

        @Test func seedNoteReachingFWithoutPassingItToGKeepsTheOldContext() throws {
            let (window, coordinator) = makeWindow()
            try registerTokenResolver(on: coordinator)
            let stack = try showStack(HeadlessScreen(identifier: "X"), in: window)
            try stack.push(TokenSourceScreen(identifier: "A", token: "from A"))
            try stack.push(HeadlessScreen(identifier: "B"))
            try stack.push(HeadlessScreen(identifier: "C"))
            try stack.push(TokenConsumerScreen(identifier: "D"))
            try stack.push(HeadlessScreen(identifier: "E"))
            try stack.push(TokenSourceScreen(identifier: "F", token: "from F"))
            pop(stack, backTo: "C")
            let dAgain = TokenConsumerScreen(identifier: "D")
            try stack.push(dAgain)
            #expect(dAgain.token == "from A")
        }

        @Test func seedNotePassingFToGStartsANewContextSoDNoLongerResolves() throws {
            let (window, coordinator) = makeWindow()
            try registerTokenResolver(on: coordinator)
            let stack = try showStack(HeadlessScreen(identifier: "X"), in: window)
            try stack.push(TokenSourceScreen(identifier: "A", token: "from A"))
            try stack.push(HeadlessScreen(identifier: "B"))
            try stack.push(HeadlessScreen(identifier: "C"))
            let d = TokenConsumerScreen(identifier: "D")
            try stack.push(d)
            try stack.push(HeadlessScreen(identifier: "E"))
            try stack.push(TokenSourceScreen(identifier: "F", token: "from F"))
            weak let f = stack.topScreen
            try stack.push(HeadlessScreen(identifier: "G"))
            #expect(stack.screens.map(\.screenName) == ["X", "A", "B", "C", "D", "E", "F", "G"])
            pop(stack, backTo: "C")
            #expect(f == nil)
            let dAgain = TokenConsumerScreen(identifier: "D")
            try stack.push(dAgain)
            #expect(d.token == "from A")
            #expect(dAgain.token == nil)
        }

        // MARK: - Every later destination; replacement; weak sources

        @Test func contextAppliesToEveryLaterMatchingDestination() throws {
            let (window, coordinator) = makeWindow()
            try registerTokenResolver(on: coordinator)
            let stack = try showStack(TokenSourceScreen(identifier: "A", token: "from A"), in: window)
            let first = TokenConsumerScreen(identifier: "first")
            try stack.push(first)
            try stack.push(HeadlessScreen(identifier: "between"))
            let second = TokenConsumerScreen(identifier: "second")
            try stack.push(second)
            let presented = TokenConsumerScreen(identifier: "presented")
            try second.present(presented)
            #expect([first.token, second.token, presented.token] == ["from A", "from A", "from A"])
        }

        @Test func aNewMatchingSourceReplacesTheOldOne() throws {
            let (window, coordinator) = makeWindow()
            try registerTokenResolver(on: coordinator)
            let stack = try showStack(TokenSourceScreen(identifier: "A", token: "from A"), in: window)
            let first = TokenConsumerScreen(identifier: "first")
            try stack.push(first)
            try stack.push(TokenSourceScreen(identifier: "F", token: "from F"))
            let second = TokenConsumerScreen(identifier: "second")
            try stack.push(second)
            pop(stack, backTo: "A")
            let third = TokenConsumerScreen(identifier: "third")
            try stack.push(third)
            #expect(first.token == "from A")
            #expect(second.token == "from F")
            #expect(third.token == "from A")
        }

        @Test func contextSourcesAreHeldWeakly() throws {
            let (window, coordinator) = makeWindow()
            try registerTokenResolver(on: coordinator)
            let stack = try showStack(HeadlessScreen(identifier: "X"), in: window)
            try stack.push(TokenSourceScreen(identifier: "A", token: "from A"))
            weak let a = stack.topScreen
            weak let aContext = stack.topScreen?.context
            try stack.push(TokenConsumerScreen(identifier: "D"))
            pop(stack, backTo: "X")
            #expect(a == nil)
            #expect(aContext == nil)
            let d = TokenConsumerScreen(identifier: "D")
            try stack.push(d)
            #expect(d.token == nil)
        }

        @Test func contextResolverWithConfigurablesReachesPastScreensThatDoNotConform() throws {
            let (window, coordinator) = makeWindow()
            try coordinator.register(
                .context { (source: any ContactIDConfigurable, destination: any ContactIDConfigurable) in
                    destination.contactID = source.contactID
                })
            let list = ContactListScreen(identifier: "list")
            list.contactID = "c-1"
            let stack = try showStack(list, in: window)
            try stack.push(UnrelatedScreen(identifier: "between"))
            let edit = ContactEditScreen(identifier: "edit")
            try stack.push(edit)
            edit.contactID = "c-2"
            let details = ContactDetailsScreen(identifier: "details")
            try stack.push(details)
            #expect(edit.contactID == "c-2")
            #expect(details.contactID == "c-2")
        }

        @Test func contextResolverResolvesTheAdjacentPairToo() throws {
            let (window, coordinator) = makeWindow()
            try registerTokenResolver(on: coordinator)
            let stack = try showStack(TokenSourceScreen(identifier: "A", token: "from A"), in: window)
            let d = TokenConsumerScreen(identifier: "D")
            try stack.push(d)
            #expect(d.token == "from A")
        }

        @Test func eachCoordinatorRemembersItsOwnContextSource() throws {
            let (window1, coordinator1) = makeWindow(coordinator: "one")
            let (window2, coordinator2) = makeWindow(coordinator: "two")
            try registerTokenResolver(on: coordinator1)
            try registerTokenResolver(on: coordinator2)
            let stack1 = try showStack(TokenSourceScreen(identifier: "A", token: "one"), in: window1)
            let stack2 = try showStack(TokenSourceScreen(identifier: "A", token: "two"), in: window2)
            try stack1.push(HeadlessScreen(identifier: "between"))
            try stack2.push(HeadlessScreen(identifier: "between"))
            let d1 = TokenConsumerScreen(identifier: "D")
            let d2 = TokenConsumerScreen(identifier: "D")
            try stack1.push(d1)
            try stack2.push(d2)
            #expect(d1.token == "one")
            #expect(d2.token == "two")
        }
    }
}
