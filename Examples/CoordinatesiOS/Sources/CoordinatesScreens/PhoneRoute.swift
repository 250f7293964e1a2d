import Baton
import CoordinatesApp
import CoordinatesKit

extension ContextValues {
    /// The shared model: `CoordinatesPhone` sets its own on the window, and every screen reads it.
    @MainActor var coordinatesModel: ContextEntry<CoordinatesModel> { .init(default: CoordinatesModel()) }
    /// Where "Use My Location" asks (CoreLocation on a device); `nil` hides the button.
    var positionLocator: ContextEntry<(any PositionLocator)?> { .init() }
}

/// Every screen of the app as the data that recreates it: the window's screen tree is saved in the
/// state file and restored at the next launch.
enum PhoneRoute: ScreenRoute {
    case startup, navigation, main, bearing, map, share, help
    /// An edit or a message in progress: saved with the tree, then left out (see `withoutEdits`).
    case edit

    /// A screen that is not made from a route.
    struct NotRestored: Error, CustomStringConvertible {
        let description: String
    }

    func makeScreen() throws -> ScreenModel {
        switch self {
        case .startup: StartupScreen(name: "startup")
        case .navigation: try StackScreen(root: PhoneRoute.main.screen(), name: "navigation")
        case .main: MainScreen(name: "main")
        case .bearing: BearingScreen(name: "bearing")
        case .map: MapScreen(name: "map")
        case .share: ShareScreen(name: "share")
        case .help: HelpScreen(name: "help")
        case .edit: throw NotRestored(description: "an edit in progress is not restored")
        }
    }

    /// The tree of a launch that ends on the main screen: nothing to restore.
    static let mainOnly = ScreenTree<PhoneRoute>.hopping(.startup, to: .stack(.navigation, [.main]))
}

/// The start-up flow's container: splash, onboarding on the first run, then the main stack.
final class StartupScreen: HoppingScreen, RoutedScreen {
    var route: PhoneRoute { .startup }
}

extension MainScreen: RoutedScreen {
    var route: PhoneRoute { .main }
}

extension BearingScreen: RoutedScreen {
    var route: PhoneRoute { .bearing }
}

extension MapScreen: RoutedScreen {
    var route: PhoneRoute { .map }
}

extension ShareScreen: RoutedScreen {
    var route: PhoneRoute { .share }
}

extension HelpScreen: RoutedScreen {
    var route: PhoneRoute { .help }
}

extension EntryScreen: RoutedScreen {
    var route: PhoneRoute { .edit }
}

extension MessageScreen: RoutedScreen {
    var route: PhoneRoute { .edit }
}

extension ScreenTree where Route == PhoneRoute {
    /// The tree without edits and messages in progress, which are not restored: a stack ends below
    /// the first, and a presented one goes. `nil` when the tree is one.
    var withoutEdits: ScreenTree? {
        guard route != .edit else { return nil }
        var kept = self
        switch content {
        case .stack(let screens): kept.content = .stack(screens.prefix { $0.route != .edit }.compactMap(\.withoutEdits))
        case .hop(let step): kept.content = .hop(step?.withoutEdits)
        case .tabs, nil: break
        }
        kept.presented = presented?.withoutEdits
        return kept
    }
}
