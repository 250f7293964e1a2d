import Baton

/// Routes for navigation tests: plain screens, stacks, tab containers (whose route lists their
/// tabs, so that the factory makes them) and hopping containers, each with a name.
indirect enum TestRoute: ScreenRoute, CustomStringConvertible {
    case screen(String)
    case stack(String)
    case tabs(String, [TestRoute])
    case hop(String)

    var name: String {
        switch self {
        case .screen(let name), .stack(let name), .tabs(let name, _), .hop(let name): name
        }
    }

    var description: String {
        switch self {
        case .screen(let name): name
        case .stack(let name): name
        case .tabs(let name, _): name
        case .hop(let name): name
        }
    }

    func makeScreen() throws -> ScreenModel {
        try NavigationFaults.current.check(self)
        let screen: ScreenModel
        switch self {
        case .screen(let name):
            // A factory that returns one object for every place of a name, as a careless cache would.
            if NavigationFaults.current.sharedNames.contains(name) {
                if let shared = NavigationFaults.current.shared[name] { return shared }
                screen = NavScreen(name: name)
                NavigationFaults.current.shared[name] = screen
            } else {
                screen = NavScreen(name: name)
            }
        case .stack(let name): screen = StackScreen(name: name)
        case .tabs(let name, let tabs): screen = try TabScreen(tabs: tabs.map { try $0.screen() }, name: name)
        case .hop(let name): screen = HoppingScreen(name: name, registry: ScreenRegistry())
        }
        if NavigationFaults.current.keepsScreens { NavigationFaults.current.made.append(screen) }
        return screen
    }
}

/// A plain screen that records its lifecycle in `NavigationFaults.current`'s log.
final class NavScreen: ScreenModel {
    override func willAppear() { NavigationFaults.current.appeared.append(screenName) }
    /// A name ending in an odd digit is presented as a full-screen cover, any other as a sheet,
    /// so that random trees mix both styles.
    override var presentationStyle: PresentationStyle {
        screenName.last?.wholeNumberValue.map { $0 % 2 == 1 } == true ? .fullScreenCover : .sheet
    }
}

/// Factory failures and what the factories did, for the test that runs.
@MainActor
final class NavigationFaults {
    @TaskLocal static var current = NavigationFaults()

    /// The factory call that throws (0 is the first), or `nil`.
    var failingCall: Int?
    /// Routes whose factory always throws.
    var failingNames: Set<String> = []
    private(set) var calls = 0
    /// Whether the factories keep every screen they make in ``made`` (as an app's cache would),
    /// so that a failed assignment's screens stay alive and show where they were wired.
    var keepsScreens = false
    var made: [ScreenModel] = []
    /// Plain screens' names whose factory returns one object every time, kept in ``shared``.
    var sharedNames: Set<String> = []
    var shared: [String: ScreenModel] = [:]
    var appeared: [String] = []

    struct Failure: Error, CustomStringConvertible {
        let route: String
        var description: String { "no \(route) today" }
    }

    func check(_ route: TestRoute) throws {
        defer { calls += 1 }
        if calls == failingCall || failingNames.contains(route.name) { throw Failure(route: route.name) }
    }
}

/// The text of `window`'s tree of test routes (`"feed[list, item]"`), or `nil` for an empty window.
@MainActor
func treeText(_ window: ScreenWindow) throws -> String? {
    try window.screenTree(TestRoute.self)?.description
}
