import Baton
import CoordinatesApp
import CoordinatesKit
import Observation

/// The iOS app's composition root: one window whose root is the start-up flow, the shared model
/// every screen is given, the state file, and the position locator.
///
/// As in seed 001, one `CoordinatesModel` is made here and handed down: it is set on the window's
/// context (`context[\.coordinatesModel]`), where every screen reads it, so that a screen is made
/// from its route alone. The state is loaded by the splash screen, and saved with the window's
/// screen tree when the scene stops being active (``sceneDidDeactivate()``); the next launch
/// restores the screens the user was on.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
@Observable
public final class CoordinatesPhone {
    /// The window the scene shows.
    @ObservationIgnored public let window = ScreenWindow()
    /// The shared model.
    @ObservationIgnored public let model = CoordinatesModel()
    @ObservationIgnored let store: StateStore
    /// The start-up flow's container: splash, onboarding on the first run, then the main stack.
    @ObservationIgnored let startup = StartupScreen(name: "startup")
    /// What was loaded at launch; saving waits for it, so that a good file is never overwritten
    /// with defaults.
    @ObservationIgnored private var loaded: StateLoadResult?
    @ObservationIgnored private var lastSaved: SavedState?
    /// The screens saved at the last quit, restored once the start-up flow reaches the main screen.
    @ObservationIgnored private var savedScreens: SavedScreenTree?
    /// A position from a link that arrived before the state was loaded: set once it is.
    @ObservationIgnored private var linkedPosition: Coordinate?
    /// A problem to show once (an unreadable state file, a failed save); the view clears it.
    public var problem: String?

    /// An app on the state file `store`, locating with `locator` (CoreLocation on a device).
    public init(store: StateStore, locator: (any PositionLocator)?) {
        self.store = store
        window.context[\.coordinatesModel] = model
        window.context[\.positionLocator] = locator
        // A new window and a new container: setting the root cannot fail.
        try? window.setRoot(startup)
    }

    /// Runs the start-up flow: the splash while the state loads, onboarding on the first run,
    /// then the main screen in a navigation stack, and the screens saved at the last quit over it
    /// (unless a link opened the app). Each step is a Baton hop, so it is wired, resolved and
    /// logged as any transition.
    public func start() async {
        do {
            try startup.hop(to: SplashScreen(), then: nil)
            load()
            if !model.hasCompletedOnboarding {
                try await startup.hop(to: OnboardingScreen())
                model.completeOnboarding()
            }
            try startup.hop(to: PhoneRoute.navigation.screen(), then: nil)
            restoreScreens()
        } catch {
            report("\(error)")
        }
    }

    /// The navigation stack, once the start-up flow reached it.
    var navigation: StackScreen? { startup.currentScreen as? StackScreen }

    /// The main screen, once the start-up flow reached it.
    var main: MainScreen? { navigation?.rootScreen as? MainScreen }

    /// Loads the saved state into the model, reporting a file that could not be used.
    func load() {
        let result = store.load()
        loaded = result
        switch result {
        case .loaded(let state):
            model.restore(state)
            lastSaved = state
            savedScreens = state.screens
            if let problem = state.screensProblem { report("Could not restore the screens you were on: \(problem)") }
        case .missing: break
        case .unreadable(let problem): report(problem.message)
        }
        if let linkedPosition {
            // A link replaces the screens the user was on.
            self.linkedPosition = nil
            savedScreens = nil
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
        if let main, let navigation {
            // Dismissing with nothing presented does nothing, as in UIKit and SwiftUI.
            main.dismiss()
            navigation.popToRoot()
        }
    }

    /// Shows the screens saved at the last quit over the main screen, keeping what still fits and
    /// reporting what does not.
    func restoreScreens() {
        guard let saved = savedScreens else { return }
        savedScreens = nil
        do {
            let dropped = try window.restoreScreenTree(saved, as: PhoneRoute.self)
            if !dropped.isEmpty {
                report("Restored the screens you were on, except: " + dropped.map(\.description).joined(separator: " "))
            }
        } catch {
            report("Could not restore the screens you were on: \(error.description)")
        }
    }

    /// The window's screens once the start-up flow reached the main screen, without an edit or a
    /// message in progress; `nil` on the main screen alone (a plain launch shows it).
    var screensToSave: SavedScreenTree? {
        guard main != nil else { return nil }
        do {
            guard let tree = try window.screenTree(PhoneRoute.self)?.withoutEdits, tree != PhoneRoute.mainOnly
            else { return nil }
            return try SavedScreenTree(tree)
        } catch {
            // Every screen has a route and every route encodes: this is a bug, said, not hidden.
            report("Could not save the screens you were on: \(error.description)")
            return nil
        }
    }

    /// Saves the model and the screens when they changed since the last save, as the seed app saves when it
    /// resigns active. Returns whether it wrote the file.
    @discardableResult
    public func sceneDidDeactivate() -> Bool {
        guard let loaded else { return false }
        if case .unreadable(let problem) = loaded, !problem.allowsSaving { return false }
        var state = model.savedState
        state.screens = screensToSave
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
