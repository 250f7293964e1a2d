import CoordinatesKit

/// A position read from a receiver, such as a GPS fix from gpsd.
///
/// ```swift
/// let fix = PositionFix(coordinate: try Coordinate(latitude: 48.8584, longitude: 2.2945), accuracy: 17.1)
/// fix.accuracyText   // "±17 m"
/// ```
public struct PositionFix: Hashable, Sendable {
    /// Where the receiver is.
    ///
    /// ```swift
    /// model.setPosition(fix.coordinate)
    /// ```
    public let coordinate: Coordinate
    /// The horizontal error estimate in metres, when the receiver gives one.
    ///
    /// ```swift
    /// fix.accuracy   // 17.1
    /// ```
    public let accuracy: Double?

    /// Makes a fix.
    ///
    /// ```swift
    /// let fix = PositionFix(coordinate: here, accuracy: nil)
    /// ```
    ///
    /// - Parameters:
    ///   - coordinate: The position.
    ///   - accuracy: The horizontal error estimate in metres, if known.
    public init(coordinate: Coordinate, accuracy: Double?) {
        self.coordinate = coordinate
        self.accuracy = accuracy
    }

    /// The accuracy as `±17 m` (or `±1.2 km`), or `nil` when it is not known.
    ///
    /// ```swift
    /// fix.accuracyText   // "±17 m"
    /// ```
    public var accuracyText: String? {
        guard let accuracy, accuracy.isFinite, accuracy >= 0 else { return nil }
        if accuracy < 1_000 { return "±\(Int(accuracy.rounded())) m" }
        return "±" + BearingReport.oneDecimal(accuracy / 1_000) + " km"
    }
}

/// Why no position could be read; the description is a complete sentence for the user.
///
/// ```swift
/// PositionFixError("no gpsd is listening at localhost:2947.").description
/// ```
public struct PositionFixError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The message.
    ///
    /// ```swift
    /// print(error.description)
    /// ```
    public let description: String

    /// Makes an error with a message.
    ///
    /// ```swift
    /// throw PositionFixError("gpsd has no GPS receiver.")
    /// ```
    ///
    /// - Parameter description: The message.
    public init(_ description: String) {
        self.description = description
    }
}

/// Reads the current position from somewhere outside the app, such as gpsd or a phone's location
/// service. The main screen offers "From GPS" when the application has one.
///
/// ```swift
/// struct Fixed: PositionLocator {
///     var name: String { "a fixed position" }
///     func locate() async throws(PositionFixError) -> PositionFix {
///         PositionFix(coordinate: try! Coordinate(latitude: 1, longitude: 2), accuracy: 5)
///     }
/// }
/// app.locator = Fixed()
/// ```
public protocol PositionLocator: Sendable {
    /// What is asked, for messages such as "Asking gpsd at localhost:2947 for a fix…".
    ///
    /// ```swift
    /// locator.name   // "gpsd at localhost:2947"
    /// ```
    var name: String { get }

    /// Waits for one position, or for a reason why there is none; never blocks the caller's actor.
    ///
    /// ```swift
    /// let fix = try await locator.locate()
    /// ```
    ///
    /// - Returns: The fix.
    /// - Throws: ``PositionFixError`` saying why there is no fix.
    func locate() async throws(PositionFixError) -> PositionFix
}
