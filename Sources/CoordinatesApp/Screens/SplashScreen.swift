import Baton

/// The first step of the start-up flow: loads the saved state into the shared model, then unhops.
///
/// It reports what it found through a ``StateLoadDidFinish`` event that reaches the application,
/// which reports an unreadable file once; the app then starts from the model's defaults.
final class SplashScreen: AppScreen, StateStoreConfigurable {
    var store: StateStore?

    override var title: String { "Coordinates" }
    override var commands: [ScreenCommand] { [] }

    override func lines(for model: CoordinatesModel) -> [String] {
        ["Loading your saved coordinates…"]
    }

    override func didAppear() {
        if let model, let store {
            let result = store.load()
            if case .loaded(let state) = result { model.restore(state) }
            context.post(StateLoadDidFinish.self, result, reach: .ancestors)
        }
        do {
            try unhop()
        } catch {
            status = error.description
        }
    }
}
