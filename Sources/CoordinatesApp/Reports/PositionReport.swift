import CoordinatesKit

/// A GPS fix as `coordinates gps` prints it: the same `latitude`/`longitude` and formats as
/// ``ConversionReport``, plus the accuracy in metres when the receiver gives one.
///
/// ```swift
/// let report = PositionReport(fix)
/// print(report.json)   // {"accuracy": 17.1, "decimalDegrees": "48.858400° N, 2.294500° E", …}
/// ```
public struct PositionReport: Encodable, Hashable, Sendable {
    /// The position in every format.
    ///
    /// ```swift
    /// report.conversion.latitude   // 48.8584
    /// ```
    public let conversion: ConversionReport
    /// The horizontal error estimate in metres, when known.
    ///
    /// ```swift
    /// report.accuracy   // 17.1
    /// ```
    public let accuracy: Double?
    /// The accuracy as text, such as `±17 m`.
    ///
    /// ```swift
    /// report.accuracyText   // "±17 m"
    /// ```
    public let accuracyText: String?

    /// Describes a fix.
    ///
    /// ```swift
    /// let report = PositionReport(try await locator.locate())
    /// ```
    ///
    /// - Parameter fix: The fix.
    public init(_ fix: PositionFix) {
        conversion = ConversionReport(fix.coordinate)
        accuracyText = fix.accuracyText
        accuracy = accuracyText == nil ? nil : fix.accuracy
    }

    /// The three formats, then the accuracy.
    ///
    /// ```swift
    /// print(report.text)
    /// ```
    public var text: String {
        (conversion.lines + ["Accuracy                   " + (accuracyText ?? "not given by the receiver")])
            .joined(separator: "\n")
    }

    /// A pretty-printed JSON object with sorted keys.
    ///
    /// ```swift
    /// print(report.json)
    /// ```
    public var json: String { JSONText.encode(self) }

    private enum CodingKeys: String, CodingKey {
        case accuracy
    }

    /// Encodes the conversion's fields and `accuracy` in one object.
    ///
    /// ```swift
    /// let data = try JSONEncoder().encode(report)
    /// ```
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        try conversion.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(accuracy, forKey: .accuracy)
    }
}

/// The message that shares a position: the three formats, a `geo:` link (RFC 5870) and, with a
/// target, the bearing and distance to it. The share screen shows it and `coordinates share`
/// prints it.
///
/// ```swift
/// let share = ShareReport(position: here, target: nil)
/// print(share.text)
/// ```
public struct ShareReport: Encodable, Hashable, Sendable {
    /// The message, one element per line.
    ///
    /// ```swift
    /// share.lines.first   // "I'm at 48.858400° N, 2.294500° E"
    /// ```
    public let lines: [String]
    /// The `geo:` link.
    ///
    /// ```swift
    /// share.geo   // "geo:48.858400,2.294500"
    /// ```
    public let geo: String

    /// Composes the message.
    ///
    /// ```swift
    /// let share = ShareReport(position: model.position, target: model.target)
    /// ```
    ///
    /// - Parameters:
    ///   - position: The position shared.
    ///   - target: The target, if any.
    public init(position: Coordinate, target: Coordinate?) {
        geo = "geo:\(Self.geoNumber(position.latitude)),\(Self.geoNumber(position.longitude))"
        var lines = [
            "I'm at \(position.formatted(.decimalDegrees))",
            "(\(position.formatted(.degreesDecimalMinutes)) / \(position.formatted(.degreesMinutesSeconds)))",
            geo,
        ]
        if let target {
            let report = BearingReport(from: position, to: target)
            lines.append(
                "Target \(target.formatted()): \(report.distanceText) away, bearing \(report.initialBearingText)")
        }
        self.lines = lines
    }

    /// The message as one text, lines separated by newlines.
    ///
    /// ```swift
    /// print(share.text)
    /// ```
    public var text: String { lines.joined(separator: "\n") }

    /// A JSON object with the `message` and the `geo` link.
    ///
    /// ```swift
    /// print(share.json)
    /// ```
    public var json: String { JSONText.encode(JSONForm(geo: geo, message: text)) }

    private struct JSONForm: Encodable {
        let geo: String
        let message: String
    }

    /// A signed number with six decimals, as `geo:` links write them.
    static func geoNumber(_ value: Double) -> String {
        let millionths = Int((value.magnitude * 1_000_000).rounded(.toNearestOrAwayFromZero))
        let digits = String(millionths % 1_000_000)
        let sign = value < 0 && millionths != 0 ? "-" : ""
        return "\(sign)\(millionths / 1_000_000)." + String(repeating: "0", count: 6 - digits.count) + digits
    }
}
