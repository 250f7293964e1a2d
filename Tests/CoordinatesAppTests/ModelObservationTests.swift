import CoordinatesKit
import Observation
import Synchronization
import Testing

@testable import CoordinatesApp

/// Counts `withObservationTracking` change notifications.
private final class ChangeCounter: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func increment() { count.withLock { $0 += 1 } }
}

@MainActor
@Suite struct ModelObservationTests {
    /// Tracks `read` once and returns how many change notifications `change` causes.
    private func notifications(reading read: @escaping () -> Void, after change: () -> Void) -> Int {
        let counter = ChangeCounter()
        withObservationTracking(read) { counter.increment() }
        change()
        return counter.value
    }

    @Test func settingThePositionNotifiesAReaderOfThePosition() {
        let model = CoordinatesModel(state: .paris)
        let count = notifications(reading: { _ = model.position }, after: { model.setPosition(.at("1, 2")) })
        #expect(count == 1)
        #expect(model.position == .at("1, 2"))
    }

    @Test func settingTheTargetDoesNotNotifyAReaderOfThePositionOnly() {
        let model = CoordinatesModel(state: .paris)
        #expect(notifications(reading: { _ = model.position }, after: { model.setTarget(nil) }) == 0)
        #expect(notifications(reading: { _ = model.target }, after: { model.setTarget(.at("3, 4")) }) == 1)
        #expect(model.target == .at("3, 4"))
    }

    @Test func completingOnboardingNotifiesItsReader() {
        let model = CoordinatesModel(state: .initial)
        let count = notifications(reading: { _ = model.hasCompletedOnboarding }, after: { model.completeOnboarding() })
        #expect(count == 1)
        #expect(model.hasCompletedOnboarding)
    }

    @Test func restoringNotifiesReadersOfEveryValue() {
        for read in [
            { (model: CoordinatesModel) in _ = model.position }, { _ = $0.target }, { _ = $0.hasCompletedOnboarding },
        ] {
            let model = CoordinatesModel(state: .initial)
            #expect(notifications(reading: { read(model) }, after: { model.restore(.paris) }) == 1)
        }
    }

    @Test func onChangeStillReportsEveryChangeOnce() {
        let model = CoordinatesModel(state: .initial)
        var changes: [CoordinatesModel.Change] = []
        model.onChange = { changes.append($0) }
        model.setPosition(.at("1, 2"))
        model.setTarget(.at("3, 4"))
        model.completeOnboarding()
        model.restore(.paris)
        #expect(changes == [.position, .target, .onboarding, .restored])
        #expect(model.savedState == .paris)
    }
}
