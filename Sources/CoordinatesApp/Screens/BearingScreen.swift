import Baton
import CoordinatesKit

/// The great-circle bearing and distance from the position to the remembered target. Setting the
/// target goes through the entry screen, which passes the value back through the shared context.
final class BearingScreen: AppScreen {
    static let setTarget = ScreenCommand(key: "t", word: "target", title: "Set target")
    static let clearTarget = ScreenCommand(key: "c", word: "clear", title: "Clear target")

    override var title: String { "Bearing & distance" }

    override var commands: [ScreenCommand] {
        model?.target == nil
            ? [Self.setTarget, .back, .help, .quit] : [Self.setTarget, Self.clearTarget, .back, .help, .quit]
    }

    override func willAppear() {
        if let entered = context[\.enteredCoordinate], entered.field == .target {
            context.remove(\.enteredCoordinate)
            model?.setTarget(entered.coordinate)
            status = "Target updated."
        }
    }

    override func lines(for model: CoordinatesModel) -> [String] {
        guard let target = model.target else {
            return [
                "From             " + model.position.formatted(),
                "To               not set",
                "",
                "Press t to set the target you want to go to.",
            ]
        }
        return BearingReport(from: model.position, to: target).lines + [
            "", "Great circle on a sphere of radius 6371.0088 km.",
        ]
    }

    override func perform(_ command: ScreenCommand) {
        switch command {
        case Self.setTarget:
            context.set(.target, for: \.entryRequest)
            navigate(to: ScreenID.entry, .pushSharingContext)
        case Self.clearTarget:
            model?.setTarget(nil)
            status = "Target cleared."
        default:
            super.perform(command)
        }
    }
}
