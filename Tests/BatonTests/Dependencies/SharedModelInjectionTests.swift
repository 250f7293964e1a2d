import Baton
import BatonTesting
import Testing

// MARK: - Seed 001's app: one coordinates model shared by five screens

/// The shared data object of seed 001: created once at the root, injected everywhere.
private final class CoordinatesModel {
    private(set) var latitude: Double
    private(set) var longitude: Double

    init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    func update(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    var decimalDegrees: String { "\(latitude), \(longitude)" }
}

/// Every screen that needs the coordinates declares it, and nothing else.
@MainActor
private protocol CoordinatesConfigurable: AnyObject {
    var coordinates: CoordinatesModel? { get set }
}

/// The base of the five screens: shows the coordinates each time it appears.
private class CoordinatesScreen: ScreenModel, CoordinatesConfigurable {
    var coordinates: CoordinatesModel?
    private(set) var shown: [String] = []

    override func willAppear() {
        shown.append(coordinates?.decimalDegrees ?? "none")
    }
}

/// The initial screen: the coordinates in three formats.
private final class ConvertedScreen: CoordinatesScreen {}
/// Data entry.
private final class EntryScreen: CoordinatesScreen {
    func enter(latitude: Double, longitude: Double) {
        coordinates?.update(latitude: latitude, longitude: longitude)
    }
}
/// Bearing and distance.
private final class BearingScreen: CoordinatesScreen {}
/// The map.
private final class MapScreen: CoordinatesScreen {}
/// The share text.
private final class ShareScreen: CoordinatesScreen {}

extension DependenciesTests {
    /// Seed 001's pattern on Baton: one model, created at the root, reaches every screen through one
    /// protocol resolver; all screens hold the same instance and see each other's changes.
    @MainActor
    @Suite(.lenientMisuse)
    struct SharedModelInjectionTests {
        @Test func oneDestinationResolverInjectsTheSameModelIntoEveryScreen() throws {
            let window = ScreenWindow()
            let coordinator = DependencyCoordinator(name: "coordinates")
            window.dependencyCoordinator = coordinator
            window.makeVisible()

            // The app controller owns the model; this one line is the whole setup.
            let model = CoordinatesModel(latitude: 51.5, longitude: -0.12)
            try coordinator.register(
                .destination { (screen: any CoordinatesConfigurable) in screen.coordinates = model })

            let converted = ConvertedScreen(name: "converted")
            let entry = EntryScreen(name: "entry")
            let bearing = BearingScreen(name: "bearing")
            let map = MapScreen(name: "map")
            let share = ShareScreen(name: "share")
            let screens: [CoordinatesScreen] = [converted, entry, bearing, map, share]

            let nav = StackScreen(name: "nav")
            try window.setRoot(nav)
            try nav.push(converted)
            try nav.push(entry)
            entry.enter(latitude: 48.86, longitude: 2.35)
            nav.pop()
            try nav.push(bearing)
            nav.pop()
            try converted.present(try TabScreen(tabs: [map, share], name: "tabs"))

            #expect(screens.allSatisfy { $0.coordinates === model })
            #expect(screens.map { $0.coordinates?.decimalDegrees } == Array(repeating: "48.86, 2.35", count: 5))
            #expect(converted.shown == ["51.5, -0.12", "48.86, 2.35", "48.86, 2.35"])
            #expect(bearing.shown == ["48.86, 2.35"])

            map.coordinates?.update(latitude: 0, longitude: 0)
            #expect(model.decimalDegrees == "0.0, 0.0")
            #expect(screens.map { $0.coordinates?.decimalDegrees } == Array(repeating: "0.0, 0.0", count: 5))
        }

        @Test func aContextResolverPassesTheModelAlongAsSeed001DoesByHand() throws {
            let window = ScreenWindow()
            let coordinator = DependencyCoordinator(name: "coordinates")
            window.dependencyCoordinator = coordinator
            window.makeVisible()
            try coordinator.register(
                .context { (source: any CoordinatesConfigurable, destination: any CoordinatesConfigurable) in
                    destination.coordinates = source.coordinates
                })

            // The app delegate hands the model to the initial screen, as in seed 001…
            let model = CoordinatesModel(latitude: 51.5, longitude: -0.12)
            let converted = ConvertedScreen(name: "converted")
            converted.coordinates = model
            // …and every later screen receives it from the screen before it, wherever it appears.
            let entry = EntryScreen(name: "entry")
            let bearing = BearingScreen(name: "bearing")
            let map = MapScreen(name: "map")
            let share = ShareScreen(name: "share")
            let nav = StackScreen(name: "nav")
            try window.setRoot(nav)
            try nav.push(converted)
            try nav.push(entry)
            try nav.push(UnrelatedScreen(name: "help"))
            try nav.push(bearing)
            try bearing.present(map)
            try map.present(share)
            share.coordinates?.update(latitude: 1, longitude: 2)

            let screens: [CoordinatesScreen] = [converted, entry, bearing, map, share]
            #expect(screens.allSatisfy { $0.coordinates === model })
            #expect(screens.map { $0.coordinates?.decimalDegrees } == Array(repeating: "1.0, 2.0", count: 5))
        }
    }
}
