import Baton
import CoordinatesKit

/// The names screens are registered under in the app's ``ScreenRegistry``: the only way screens
/// name each other.
enum ScreenID {
    static let startup = "startup"
    static let splash = "splash"
    static let onboarding = "onboarding"
    static let navigation = "navigation"
    static let main = "main"
    static let entry = "entry"
    static let bearing = "bearing"
    static let share = "share"
    static let help = "help"
    static let map = "map"
}

/// Where a screen asks to go, by registry name; the application decides how.
struct Route: Hashable, Sendable {
    enum Style: Hashable, Sendable {
        /// Pushed on the navigation stack; its context is a child of the asking screen's.
        case push
        /// Pushed on the stack sharing the asking screen's context, so that what it sets there is
        /// read by the asking screen when it reappears (seed 000's "pass data back").
        case pushSharingContext
        /// Presented modally over the asking screen.
        case modal
    }

    /// The registered name of the screen to show, also the transition's identifier.
    let name: String
    let style: Style
}

/// Shows the screen registered under a route's name. Registered by the application on the
/// window's context, executed by screens: `try context.execute(Navigate.self, with: route)`.
enum Navigate: ContextAction {
    typealias Input = Route
}

/// Goes back from the top screen: dismisses it when presented, pops it when pushed.
enum NavigateBack: ContextAction {}

/// Ends the session; the application saves the state and the host exits.
enum QuitApp: ContextAction {}

/// Asks the application's locator for the position, in the background.
enum LocatePosition: ContextAction {}

extension ContextValues {
    /// The application's locator, set on the window's context when there is one.
    var positionLocator: ContextEntry<LocatorBox?> { .init() }
    /// Which coordinate an entry screen edits; set by the asking screen in its context before it
    /// navigates to the entry screen.
    var entryRequest: ContextEntry<CoordinateField?> { .init() }
    /// Where the entry screen leaves the new value for the asking screen.
    var enteredCoordinate: ContextEntry<EnteredCoordinate?> { .init() }
    /// Where the application keeps the ``MapDisplay``, in the window's context.
    var mapDisplay: ContextEntry<MapDisplay?> { .init() }
}

/// Holds a locator as a context value.
struct LocatorBox {
    let locator: any PositionLocator
}

/// Posted by the splash screen towards the window once it has tried to load the saved state.
enum StateLoadDidFinish: ContextEvent {
    typealias Payload = StateLoadResult
}

/// A screen that loads or saves the state: matched by a resolver that hands it the store.
@MainActor
protocol StateStoreConfigurable: AnyObject {
    var store: StateStore? { get set }
}

/// The value an entry screen passes back through the shared context (seed 000).
struct EnteredCoordinate {
    let field: CoordinateField
    let coordinate: Coordinate
}

/// Which of the model's coordinates is edited.
enum CoordinateField: String, Hashable, Sendable {
    case position
    case target
}
