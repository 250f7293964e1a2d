import Baton
import CoordinatesKit

/// Composes the text message that shares the position: the three formats, a `geo:` link (RFC 5870)
/// and, when a target is set, the bearing and distance to it.
final class ShareScreen: AppScreen {
    override var title: String { "Share" }

    override func lines(for model: CoordinatesModel) -> [String] {
        ["Message:", ""] + Self.message(for: model).map { "  " + $0 }
    }

    /// The message's lines.
    static func message(for model: CoordinatesModel) -> [String] {
        let position = model.position
        var lines = [
            "I'm at \(position.formatted(.decimalDegrees))",
            "(\(position.formatted(.degreesDecimalMinutes)) / \(position.formatted(.degreesMinutesSeconds)))",
            "geo:\(geoNumber(position.latitude)),\(geoNumber(position.longitude))",
        ]
        if let target = model.target {
            let report = BearingReport(from: position, to: target)
            lines.append(
                "Target \(target.formatted()): \(report.distanceText) away, bearing \(report.initialBearingText)")
        }
        return lines
    }

    /// A signed number with six decimals, as `geo:` links write them.
    static func geoNumber(_ value: Double) -> String {
        let millionths = Int((value.magnitude * 1_000_000).rounded(.toNearestOrAwayFromZero))
        let digits = String(millionths % 1_000_000)
        let sign = value < 0 && millionths != 0 ? "-" : ""
        return "\(sign)\(millionths / 1_000_000)." + String(repeating: "0", count: 6 - digits.count) + digits
    }
}
