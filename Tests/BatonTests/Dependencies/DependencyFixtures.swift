import Baton
import Testing

/// The tests of the Dependencies layer, grouped so that `swift test --filter Dependencies` runs
/// them all.
@Suite enum DependenciesTests {}

// MARK: - Configurables (MHDependencyKit's configurable protocols)

/// Screens that need a contact ID adopt this; one resolver serves every conforming pair.
@MainActor
protocol ContactIDConfigurable: AnyObject {
    var contactID: String? { get set }
}

/// A list of contacts: the source of the contact details.
final class ContactListScreen: ScreenModel, ContactIDConfigurable {
    var contactID: String?
    var selectedContactID = "c-42"
}

/// The details of one contact.
final class ContactDetailsScreen: ScreenModel, ContactIDConfigurable {
    var contactID: String?
    var title: String?
    var seenIdentifier: String?
    var seenSender: String?
    /// What `contactID` held when will-appear ran.
    var contactIDAtWillAppear: String??

    override func willAppear() {
        contactIDAtWillAppear = .some(contactID)
    }
}

/// An editor of one contact.
final class ContactEditScreen: ScreenModel, ContactIDConfigurable {
    var contactID: String?
}

/// A screen no resolver in these tests matches.
final class UnrelatedScreen: ScreenModel {}

// MARK: - ScreenContext resolvers (the seed's X → A → … → G note)

/// A screen that provides a token to later screens (the seed's "source").
final class TokenSourceScreen: ScreenModel {
    let token: String

    init(name: String, token: String) {
        self.token = token
        super.init(name: name)
    }
}

/// A screen that receives a token from the last token source (the seed's "destination").
final class TokenConsumerScreen: ScreenModel {
    var token: String?
}

// MARK: - Failures

/// What a resolver throws when it cannot resolve.
enum LookupFailure: Error {
    case noContactSelected
}

// MARK: - Helpers

/// A weak reference, for leak checks.
struct WeakScreen {
    weak var screen: ScreenModel?
    weak var context: ScreenContext?

    @MainActor init(_ screen: ScreenModel) {
        self.screen = screen
        self.context = screen.context
    }

    var isGone: Bool { screen == nil && context == nil }
}

/// A visible window whose context carries a fresh coordinator named `name`, so tests running in
/// parallel never share resolvers (nothing in these tests registers on `.default`).
@MainActor
func makeWindow(coordinator name: String = "app") -> (ScreenWindow, DependencyCoordinator) {
    let window = ScreenWindow()
    let coordinator = DependencyCoordinator(name: name)
    window.dependencyCoordinator = coordinator
    window.makeVisible()
    return (window, coordinator)
}

/// A stack shown as `window`'s root, with `root` as its first screen.
@MainActor
func showStack(_ root: ScreenModel, in window: ScreenWindow) throws -> StackScreen {
    let stack = StackScreen(name: "nav")
    try window.setRoot(stack)
    try stack.push(root)
    return stack
}
