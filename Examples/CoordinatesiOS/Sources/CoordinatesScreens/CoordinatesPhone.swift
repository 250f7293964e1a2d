import Baton
import CoordinatesApp
import CoordinatesKit
import Observation

/// The iOS app's composition root: one window whose root is the start-up flow, the shared model
/// every screen is given, the state file, and the position locator.
///
/// As in seed 001, one `CoordinatesModel` is made here and handed down: each screen is made with
/// it, so no screen looks it up or owns it. The state is loaded by the splash screen, and saved
/// when the scene stops being active (``sceneDidDeactivate()``).
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
@Observable
public final class CoordinatesPhone {
    /// The window the scene shows.
    @ObservationIgnored public let window = ScreenWindow()
    /// The shared model.
    @ObservationIgnored public let model = CoordinatesModel()
    @ObservationIgnored let store: StateStore
    @ObservationIgnored let locator: (any PositionLocator)?
    /// The start-up flow's container: splash, onboarding on the first run, then the main stack.
    @ObservationIgnored let startup = HoppingScreen(name: "startup")
    /// What was loaded at launch; saving waits for it, so that a good file is never overwritten
    /// with defaults.
    @ObservationIgnored private var loaded: StateLoadResult?
    @ObservationIgnored private var lastSaved: SavedState?
    /// A position from a link that arrived before the state was loaded: set once it is.
    @ObservationIgnored private var linkedPosition: Coordinate?
    /// A problem to show once (an unreadable state file, a failed save); the view clears it.
    public var problem: String?

    /// An app on the state file `store`, locating with `locator` (CoreLocation on a device).
    public init(store: StateStore, locator: (any PositionLocator)?) {
        self.store = store
        self.locator = locator
        // A new window and a new container: setting the root cannot fail.
        try? window.setRoot(startup)
    }

    /// Runs the start-up flow: the splash while the state loads, onboarding on the first run,
    /// then the main screen in a navigation stack. Each step is a Baton hop, so it is wired,
    /// resolved and logged as any transition.
    public func start() async {
        do {
            try startup.hop(to: SplashScreen(), then: nil)
            load()
            if !model.hasCompletedOnboarding {
                try await startup.hop(to: OnboardingScreen())
                model.completeOnboarding()
            }
            try startup.hop(to: StackScreen(root: MainScreen(model: model, locator: locator)), then: nil)
        } catch {
            report(error.description)
        }
    }

    /// The main screen, once the start-up flow reached it.
    var main: MainScreen? { (startup.currentScreen as? StackScreen)?.rootScreen as? MainScreen }

    /// Loads the saved state into the model, reporting a file that could not be used.
    func load() {
        let result = store.load()
        loaded = result
        switch result {
        case .loaded(let state):
            model.restore(state)
            lastSaved = state
        case .missing: break
        case .unreadable(let problem): report(problem.message)
        }
        if let linkedPosition {
            self.linkedPosition = nil
            model.setPosition(linkedPosition)
        }
    }

    /// Opens a link from `.onOpenURL`: a `geo:` URI (the link the share message prints) sets the
    /// position and goes back to the main screen; a link that names no position, or a wrong one,
    /// is reported. A link that opens the app is applied once the saved state has loaded, so that
    /// the state does not replace it.
    ///
    /// ```swift
    /// .onOpenURL { url in app.open(url.absoluteString) }
    /// ```
    ///
    /// - Parameter link: The URL's text.
    public func open(_ link: String) {
        let position: Coordinate?
        do {
            position = try CoordinatesApplication.position(in: link)
        } catch {
            report(error.message)
            return
        }
        guard let position else {
            report("\(link) names no position; Coordinates opens geo: links.")
            return
        }
        guard loaded != nil else {
            linkedPosition = position
            return
        }
        model.setPosition(position)
        // Back to the main screen, which shows the position: what it presents goes, then what is
        // pushed on it.
        if let main {
            // Dismissing with nothing presented does nothing, as in UIKit and SwiftUI.
            main.dismiss()
            _ = main.stack?.popToRoot()
        }
    }

    /// Saves the model when it changed since the last save, as the seed app saves when it
    /// resigns active. Returns whether it wrote the file.
    @discardableResult
    public func sceneDidDeactivate() -> Bool {
        guard let loaded else { return false }
        if case .unreadable(let problem) = loaded, !problem.allowsSaving { return false }
        let state = model.savedState
        guard state != lastSaved else { return false }
        do {
            try store.save(state)
            lastSaved = state
            return true
        } catch {
            report(error.description)
            return false
        }
    }

    func report(_ message: String) {
        problem = problem.map { $0 + "\n\n" + message } ?? message
    }
}
