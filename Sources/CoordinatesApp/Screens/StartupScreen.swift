import Baton

/// The start-up flow (seed 003): a hopping container that shows the splash screen while the saved
/// state loads, the onboarding screen on the first run only, and then the main navigation stack.
///
/// Each step is a self-contained screen that knows nothing of the others and ends with `unhop()`;
/// the whole sequence reads as straight-line code in `runSteps()`, by registry name.
final class StartupScreen: HoppingScreen, CoordinatesModelConfigurable {
    var model: CoordinatesModel?

    /// Where the flow is. The application waits for a settled flow before drawing.
    private enum Phase {
        case notStarted
        /// Showing a step and waiting for it to unhop.
        case awaiting(String)
        /// Between steps.
        case running
        case finished
        case failed(String)
    }

    private var phase = Phase.notStarted

    /// Whether the flow has nothing to do until the user acts: it is finished, failed, or waiting
    /// for a step that has not unhopped yet.
    var isSettled: Bool {
        switch phase {
        case .notStarted, .finished, .failed: true
        case .awaiting: isWaitingForUnhop
        case .running: false
        }
    }

    /// The error that stopped the flow, if one did.
    var failure: String? {
        if case .failed(let message) = phase { return message }
        return nil
    }

    /// Starts the start-up sequence; the flow is unsettled from now until it waits for a step.
    @discardableResult
    func start() -> Task<Void, Never> {
        phase = .running
        return Task { await runSteps() }
    }

    /// Runs the start-up sequence to the main screen.
    private func runSteps() async {
        do {
            try await step(ScreenID.splash)
            if model?.hasCompletedOnboarding != true {
                try await step(ScreenID.onboarding)
            }
            try hop(toNamed: ScreenID.navigation, then: nil)
            phase = .finished
        } catch {
            phase = .failed(String(describing: error))
        }
    }

    private func step(_ name: String) async throws {
        let screen = try registry.makeScreen(named: name)
        phase = .awaiting(name)
        try await hop(to: screen, identifier: name)
        phase = .running
    }
}
