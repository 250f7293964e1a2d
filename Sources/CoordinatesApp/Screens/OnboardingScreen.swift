import Baton

/// The first-run introduction. Continuing records it in the shared model, so it is saved and not
/// shown again, and unhops to let the start-up flow go on.
final class OnboardingScreen: AppScreen {
    static let next = ScreenCommand(key: "c", word: "continue", title: "Continue")

    override var title: String { "Welcome to Coordinates" }
    override var commands: [ScreenCommand] { [Self.next, .quit] }

    override func lines(for model: CoordinatesModel) -> [String] {
        [
            "Type a latitude and longitude in any common format:",
            "  48.8584, 2.2945    48°51′30″N 2°17′40″E    N 48 51.504 E 2 17.670",
            "and see it as decimal degrees, degrees and decimal minutes, and",
            "degrees, minutes and seconds; the bearing and distance to a target;",
            "and a message to share. Everything is saved when you quit.",
        ]
    }

    override func perform(_ command: ScreenCommand) {
        guard command == Self.next else { return super.perform(command) }
        model?.completeOnboarding()
        do {
            try unhop()
        } catch {
            status = error.description
        }
    }
}
