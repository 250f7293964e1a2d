import Baton
import CoordinatesApp
import Foundation
import Observation

/// The iOS host of the headless app: it makes the same `CoordinatesApplication` the terminal runs
/// (model, registry, resolvers, start-up flow), on a state file in Application Support, launches
/// it, saves it when the scene resigns active, and reports problems once.
@MainActor
@Observable
final class AppHost {
    let application: CoordinatesApplication
    @ObservationIgnored let saver: SaveOnDeactivation
    @ObservationIgnored let locator = CoreLocationLocator()
    @ObservationIgnored let composer = MessageComposer()
    /// Counts the background work that changed what the top screen shows (a location fix), so
    /// that views refresh their screen's status.
    private(set) var updates = 0
    /// Problems to show once: an unreadable state file, a failed save.
    let problems: Problems
    private(set) var isLaunched = false

    init() {
        let problems = Problems()
        let folder =
            (try? FileManager.default.url(
                for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true))?.path
            ?? NSTemporaryDirectory()
        application = CoordinatesApplication(store: StateStore(path: StateStore.path(inApplicationSupport: folder))) {
            problems.report($0)
        }
        saver = SaveOnDeactivation(application: application) { problems.report($0) }
        self.problems = problems
        // "Use My Location" is the main screen's locate command, answered by CoreLocation.
        application.locator = locator
        application.onUpdate = { [weak self] in self?.updates &+= 1 }
        do {
            try MessageComposer.register(in: application.window.dependencyCoordinator)
        } catch {
            problems.report(String(describing: error))
        }
    }

    /// Runs the start-up flow: splash (loads the state), onboarding on the first run, then main.
    func launch() async {
        guard !isLaunched else { return }
        // Draw the window at once, so the splash screen shows while the flow starts.
        isLaunched = true
        await application.launch()
    }

    /// The seed app saves when it resigns active; so does this one.
    func activityChanged(to activity: HostActivity) {
        saver.activityChanged(to: activity)
    }
}

/// The problems the app reports, one at a time.
@MainActor
@Observable
final class Problems {
    var current: String?

    func report(_ message: String) {
        current = current.map { $0 + "\n\n" + message } ?? message
    }
}
