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
            let stack = try showStack(ScreenModel(name: "X"), in: window)
            try stack.push(TokenSourceScreen(name: "A", token: "from A"))
            try stack.push(ScreenModel(name: "B"))
            try stack.push(ScreenModel(name: "C"))
            let d = TokenConsumerScreen(name: "D")
            try stack.push(d)
            #expect(d.token == "from A")
            #expect(stack.screens.map(\.screenName) == ["X", "A", "B", "C", "D"])
        }

        @Test func seedNoteGoingBackBeforeEAndReachingDAgainStillResolves() throws {
            let (window, coordinator) = makeWindow()
            try registerTokenResolver(on: coordinator)
            let stack = try showStack(ScreenModel(name: "X"), in: window)
            try stack.push(TokenSourceScreen(name: "A", token: "from A"))
            try stack.push(ScreenModel(name: "B"))
            try stack.push(ScreenModel(name: "C"))
            try stack.push(TokenConsumerScreen(name: "D"))
            try stack.push(ScreenModel(name: "E"))
            pop(stack, backTo: "C")
            let dAgain = TokenConsumerScreen(name: "D")
            try stack.push(dAgain)
            #expect(dAgain.token == "from A")
            pop(stack, backTo: "B")
            try stack.push(ScreenModel(name: "C"))
            let dThirdTime = TokenConsumerScreen(name: "D")
            try stack.push(dThirdTime)
            #expect(dThirdTime.token == "from A")
        }

        @Test func seedNoteReachingFWithoutPassingItToGKeepsTheOldContext() throws {
            let (window, coordinator) = makeWindow()
            try registerTokenResolver(on: coordinator)
            let stack = try showStack(ScreenModel(name: "X"), in: window)
            try stack.push(TokenSourceScreen(name: "A", token: "from A"))
            try stack.push(ScreenModel(name: "B"))
            try stack.push(ScreenModel(name: "C"))
            try stack.push(TokenConsumerScreen(name: "D"))
            try stack.push(ScreenModel(name: "E"))
            try stack.push(TokenSourceScreen(name: "F", token: "from F"))
            pop(stack, backTo: "C")
            let dAgain = TokenConsumerScreen(name: "D")
            try stack.push(dAgain)
            #expect(dAgain.token == "from A")
        }

        @Test func seedNotePassingFToGStartsANewContextSoDNoLongerResolves() throws {
            let (window, coordinator) = makeWindow()
            try registerTokenResolver(on: coordinator)
            let stack = try showStack(ScreenModel(name: "X"), in: window)
            try stack.push(TokenSourceScreen(name: "A", token: "from A"))
            try stack.push(ScreenModel(name: "B"))
            try stack.push(ScreenModel(name: "C"))
            let d = TokenConsumerScreen(name: "D")
            try stack.push(d)
            try stack.push(ScreenModel(name: "E"))
            try stack.push(TokenSourceScreen(name: "F", token: "from F"))
            weak let f = stack.topScreen
            try stack.push(ScreenModel(name: "G"))
            #expect(stack.screens.map(\.screenName) == ["X", "A", "B", "C", "D", "E", "F", "G"])
            pop(stack, backTo: "C")
            #expect(f == nil)
            let dAgain = TokenConsumerScreen(name: "D")
            try stack.push(dAgain)
            #expect(d.token == "from A")
            #expect(dAgain.token == nil)
        }

        // MARK: - Every later destination; replacement; weak sources

        @Test func contextAppliesToEveryLaterMatchingDestination() throws {
            let (window, coordinator) = makeWindow()
            try registerTokenResolver(on: coordinator)
            let stack = try showStack(TokenSourceScreen(name: "A", token: "from A"), in: window)
            let first = TokenConsumerScreen(name: "first")
            try stack.push(first)
            try stack.push(ScreenModel(name: "between"))
            let second = TokenConsumerScreen(name: "second")
            try stack.push(second)
            let presented = TokenConsumerScreen(name: "presented")
            try second.present(presented)
            #expect([first.token, second.token, presented.token] == ["from A", "from A", "from A"])
        }

        @Test func aNewMatchingSourceReplacesTheOldOne() throws {
            let (window, coordinator) = makeWindow()
            try registerTokenResolver(on: coordinator)
            let stack = try showStack(TokenSourceScreen(name: "A", token: "from A"), in: window)
            let first = TokenConsumerScreen(name: "first")
            try stack.push(first)
            try stack.push(TokenSourceScreen(name: "F", token: "from F"))
            let second = TokenConsumerScreen(name: "second")
            try stack.push(second)
            pop(stack, backTo: "A")
            let third = TokenConsumerScreen(name: "third")
            try stack.push(third)
            #expect(first.token == "from A")
            #expect(second.token == "from F")
            #expect(third.token == "from A")
        }

        @Test func contextSourcesAreHeldWeakly() throws {
            let (window, coordinator) = makeWindow()
            try registerTokenResolver(on: coordinator)
            let stack = try showStack(ScreenModel(name: "X"), in: window)
            try stack.push(TokenSourceScreen(name: "A", token: "from A"))
            weak let a = stack.topScreen
            weak let aContext = stack.topScreen?.context
            try stack.push(TokenConsumerScreen(name: "D"))
            pop(stack, backTo: "X")
            #expect(a == nil)
            #expect(aContext == nil)
            let d = TokenConsumerScreen(name: "D")
            try stack.push(d)
            #expect(d.token == nil)
        }

        @Test func contextResolverWithConfigurablesReachesPastScreensThatDoNotConform() throws {
            let (window, coordinator) = makeWindow()
            try coordinator.register(
                .context { (source: any ContactIDConfigurable, destination: any ContactIDConfigurable) in
                    destination.contactID = source.contactID
                })
            let list = ContactListScreen(name: "list")
            list.contactID = "c-1"
            let stack = try showStack(list, in: window)
            try stack.push(UnrelatedScreen(name: "between"))
            let edit = ContactEditScreen(name: "edit")
            try stack.push(edit)
            edit.contactID = "c-2"
            let details = ContactDetailsScreen(name: "details")
            try stack.push(details)
            #expect(edit.contactID == "c-2")
            #expect(details.contactID == "c-2")
        }

        @Test func contextResolverResolvesTheAdjacentPairToo() throws {
            let (window, coordinator) = makeWindow()
            try registerTokenResolver(on: coordinator)
            let stack = try showStack(TokenSourceScreen(name: "A", token: "from A"), in: window)
            let d = TokenConsumerScreen(name: "D")
            try stack.push(d)
            #expect(d.token == "from A")
        }

        @Test func eachCoordinatorRemembersItsOwnContextSource() throws {
            let (window1, coordinator1) = makeWindow(coordinator: "one")
            let (window2, coordinator2) = makeWindow(coordinator: "two")
            try registerTokenResolver(on: coordinator1)
            try registerTokenResolver(on: coordinator2)
            let stack1 = try showStack(TokenSourceScreen(name: "A", token: "one"), in: window1)
            let stack2 = try showStack(TokenSourceScreen(name: "A", token: "two"), in: window2)
            try stack1.push(ScreenModel(name: "between"))
            try stack2.push(ScreenModel(name: "between"))
            let d1 = TokenConsumerScreen(name: "D")
            let d2 = TokenConsumerScreen(name: "D")
            try stack1.push(d1)
            try stack2.push(d2)
            #expect(d1.token == "one")
            #expect(d2.token == "two")
        }
    }
}
