import Baton
import BatonTesting
import Testing

extension DependenciesTests {
    /// DESIGN rule 27: the source is the transition's source screen or its first child; the
    /// destinations are the destination screen and every descendant that matches (all tabs, the root
    /// of a stack).
    @MainActor
    @Suite(.lenientMisuse)
    struct ContainerMatchingTests {
        private func registerContactResolver(on coordinator: DependencyCoordinator) throws {
            try coordinator.register(
                .direct { (source: ContactListScreen, destination: any ContactIDConfigurable) in
                    destination.contactID = source.selectedContactID
                })
        }

        // MARK: - Destinations: the screen and every descendant

        @Test func hopToAStackResolvesItsRoot() throws {
            let (window, coordinator) = makeWindow()
            try registerContactResolver(on: coordinator)
            let hopping = HoppingScreen(name: "startup")
            try window.setRoot(hopping)
            try hopping.hop(to: ContactListScreen(name: "list"), then: nil)
            let details = ContactDetailsScreen(name: "details")
            let stack = StackScreen(name: "nav")
            try stack.push(details)
            try hopping.hop(to: stack, then: nil)
            #expect(details.contactID == "c-42")
            #expect(details.contactIDAtWillAppear == .some("c-42"))
        }

        @Test func presentingATabContainerResolvesEveryTabNotOnlyTheSelectedOne() throws {
            let (window, coordinator) = makeWindow()
            try registerContactResolver(on: coordinator)
            let stack = try showStack(ContactListScreen(name: "list"), in: window)
            let details = ContactDetailsScreen(name: "details")
            let edit = ContactEditScreen(name: "edit")
            let other = ContactDetailsScreen(name: "other")
            let tabs = try TabScreen(tabs: [details, edit, other], selectedIndex: 1, name: "tabs")
            try stack.topScreen!.present(tabs)
            #expect([details.contactID, edit.contactID, other.contactID] == ["c-42", "c-42", "c-42"])
        }

        @Test func descendantsAtAnyDepthAreResolvedAndNonMatchingOnesAreSkipped() throws {
            let (window, coordinator) = makeWindow()
            var resolved: [String] = []
            try coordinator.register(
                .direct { (_: ContactListScreen, destination: any ContactIDConfigurable) in
                    resolved.append((destination as! ScreenModel).screenName)
                })
            let stack = try showStack(ContactListScreen(name: "list"), in: window)
            let innerStack = StackScreen(name: "inner")
            try innerStack.push(ContactEditScreen(name: "inner-root"))
            try innerStack.push(ContactDetailsScreen(name: "inner-top"))
            let tabs = try TabScreen(
                tabs: [innerStack, UnrelatedScreen(name: "plain"), ContactDetailsScreen(name: "third")],
                name: "tabs")
            try stack.topScreen!.present(tabs)
            #expect(resolved == ["inner-root", "inner-top", "third"])
        }

        @Test func containerItselfIsADestinationWhenItMatches() throws {
            final class ContactTabs: TabScreen, ContactIDConfigurable {
                var contactID: String?
            }
            let (window, coordinator) = makeWindow()
            try registerContactResolver(on: coordinator)
            let stack = try showStack(ContactListScreen(name: "list"), in: window)
            let edit = ContactEditScreen(name: "edit")
            let tabs = try ContactTabs(tabs: [edit], name: "tabs")
            try stack.topScreen!.present(tabs)
            #expect(tabs.contactID == "c-42")
            #expect(edit.contactID == "c-42")
        }

        // MARK: - Sources: the screen or its first child

        @Test func sourceIsTheFirstChildOfAContainerSource() throws {
            let (window, coordinator) = makeWindow()
            try registerContactResolver(on: coordinator)
            let stack = try showStack(ContactListScreen(name: "list"), in: window)
            let details = ContactDetailsScreen(name: "details")
            try stack.present(details)
            #expect(details.contactID == "c-42")
        }

        @Test func laterChildrenOfAContainerSourceAreNotSources() throws {
            let (window, coordinator) = makeWindow()
            try registerContactResolver(on: coordinator)
            let stack = try showStack(UnrelatedScreen(name: "first"), in: window)
            try stack.push(ContactListScreen(name: "list"))
            let details = ContactDetailsScreen(name: "details")
            try stack.present(details)
            #expect(details.contactID == nil)
        }

        @Test func firstTabOfATabContainerIsItsSource() throws {
            let (window, coordinator) = makeWindow()
            try registerContactResolver(on: coordinator)
            let tabs = try TabScreen(
                tabs: [ContactListScreen(name: "list"), UnrelatedScreen(name: "plain")], selectedIndex: 1,
                name: "tabs")
            try window.setRoot(tabs)
            let details = ContactDetailsScreen(name: "details")
            try tabs.present(details)
            #expect(details.contactID == "c-42")
        }

        @Test(arguments: [DependencyResolver.Kind.direct, .context])
        func theContainerItselfWinsOverItsFirstChildAsSource(kind: DependencyResolver.Kind) throws {
            final class ConfigurableStack: StackScreen, ContactIDConfigurable {
                var contactID: String? = "stack"
            }
            let (window, coordinator) = makeWindow()
            let resolve = { @MainActor (source: any ContactIDConfigurable, destination: ContactDetailsScreen) in
                destination.contactID = source.contactID
            }
            try coordinator.register(kind == .direct ? .direct(resolve) : .context(resolve))
            let stack = ConfigurableStack(name: "nav")
            try window.setRoot(stack)
            let list = ContactListScreen(name: "list")
            list.contactID = "list"
            try stack.push(list)
            let details = ContactDetailsScreen(name: "details")
            try stack.present(details)
            #expect(details.contactID == "stack")
        }

        @Test func contextResolverRemembersTheFirstChildOfAContainerSource() throws {
            let (window, coordinator) = makeWindow()
            try coordinator.register(
                .context { (source: TokenSourceScreen, destination: TokenConsumerScreen) in
                    destination.token = source.token
                })
            let stack = try showStack(TokenSourceScreen(name: "A", token: "from A"), in: window)
            let consumer = TokenConsumerScreen(name: "D")
            try stack.present(consumer)
            #expect(consumer.token == "from A")
        }
    }
}
