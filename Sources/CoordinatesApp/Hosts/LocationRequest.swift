import CoordinatesKit

/// One position reported by a phone's location service, as CoreLocation gives it.
///
/// ```swift
/// let reading = LocationReading(latitude: 48.8584, longitude: 2.2945, horizontalAccuracy: 12)
/// reading.coordinate?.formatted()   // "48.858400° N, 2.294500° E"
/// ```
public struct LocationReading: Hashable, Sendable {
    /// The latitude in degrees.
    ///
    /// ```swift
    /// reading.latitude   // 48.8584
    /// ```
    public let latitude: Double
    /// The longitude in degrees.
    ///
    /// ```swift
    /// reading.longitude   // 2.2945
    /// ```
    public let longitude: Double
    /// The radius of uncertainty in metres; negative means the position is invalid, as in
    /// CoreLocation.
    ///
    /// ```swift
    /// reading.horizontalAccuracy   // 12
    /// ```
    public let horizontalAccuracy: Double

    /// Makes a reading.
    ///
    /// ```swift
    /// LocationReading(latitude: location.coordinate.latitude, longitude: location.coordinate.longitude,
    ///                 horizontalAccuracy: location.horizontalAccuracy)
    /// ```
    ///
    /// - Parameters:
    ///   - latitude: Degrees north.
    ///   - longitude: Degrees east.
    ///   - horizontalAccuracy: The uncertainty in metres; negative when invalid.
    public init(latitude: Double, longitude: Double, horizontalAccuracy: Double) {
        self.latitude = latitude
        self.longitude = longitude
        self.horizontalAccuracy = horizontalAccuracy
    }

    /// The position as a ``Coordinate``, or `nil` when the reading is invalid: a negative or
    /// non-finite accuracy, or a latitude or longitude out of range or not finite.
    ///
    /// ```swift
    /// LocationReading(latitude: 1, longitude: 2, horizontalAccuracy: -1).coordinate   // nil
    /// ```
    public var coordinate: Coordinate? {
        guard horizontalAccuracy.isFinite, horizontalAccuracy >= 0 else { return nil }
        return try? Coordinate(latitude: latitude, longitude: longitude)
    }
}

/// Whether the app may use the location service, as CoreLocation's authorization status says.
///
/// ```swift
/// let authorization: LocationAuthorization = manager.authorizationStatus == .denied ? .denied : …
/// ```
public enum LocationAuthorization: Hashable, Sendable {
    /// The user was not asked yet.
    ///
    /// ```swift
    /// flow.start(authorization: .notDetermined, servicesEnabled: true)   // .requestAuthorization
    /// ```
    case notDetermined
    /// The device does not allow it (parental controls, a profile).
    ///
    /// ```swift
    /// flow.start(authorization: .restricted, servicesEnabled: true)   // .failed(.restricted)
    /// ```
    case restricted
    /// The user said no.
    ///
    /// ```swift
    /// flow.start(authorization: .denied, servicesEnabled: true)   // .failed(.denied)
    /// ```
    case denied
    /// Allowed while the app is in use.
    ///
    /// ```swift
    /// flow.start(authorization: .authorizedWhenInUse, servicesEnabled: true)   // .requestLocation
    /// ```
    case authorizedWhenInUse
    /// Allowed at any time.
    ///
    /// ```swift
    /// flow.start(authorization: .authorizedAlways, servicesEnabled: true)   // .requestLocation
    /// ```
    case authorizedAlways
}

/// Why "use my location" found no position; the description is a sentence for the user.
///
/// ```swift
/// print(LocationError.denied)
/// // Coordinates may not use your location. Allow it in Settings › Privacy & Security › Location Services.
/// ```
public enum LocationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Location services are switched off for the whole device.
    ///
    /// ```swift
    /// flow.start(authorization: .authorizedAlways, servicesEnabled: false)   // .failed(.servicesDisabled)
    /// ```
    case servicesDisabled
    /// The user did not allow the app to use the location.
    ///
    /// ```swift
    /// flow.authorizationChanged(to: .denied)   // .failed(.denied)
    /// ```
    case denied
    /// The device does not allow the app to use the location.
    ///
    /// ```swift
    /// flow.authorizationChanged(to: .restricted)   // .failed(.restricted)
    /// ```
    case restricted
    /// The service answered, but with no valid position.
    ///
    /// ```swift
    /// flow.received([])   // .failed(.noUsableReading)
    /// ```
    case noUsableReading
    /// The service failed; the associated text is its reason.
    ///
    /// ```swift
    /// flow.failed(.unavailable("the position is unknown right now"))
    /// ```
    case unavailable(String)

    /// The message for the user.
    ///
    /// ```swift
    /// LocationError.servicesDisabled.description
    /// ```
    public var description: String {
        switch self {
        case .servicesDisabled:
            "Location services are off. Turn them on in Settings › Privacy & Security › Location Services."
        case .denied:
            "Coordinates may not use your location. Allow it in Settings › Privacy & Security › Location Services."
        case .restricted:
            "This device does not allow Coordinates to use your location."
        case .noUsableReading:
            "The location service gave no valid position; try again outdoors."
        case .unavailable(let reason):
            "Your location is not available: \(reason)."
        }
    }
}

/// The "use my location" permission flow, without CoreLocation: it says what to ask the location
/// service for next (authorization, then one position) and turns the answer into a coordinate.
/// The iOS app's CoreLocation glue feeds it the manager's callbacks and does what each step says.
///
/// ```swift
/// var flow = LocationRequestFlow()
/// flow.start(authorization: .notDetermined, servicesEnabled: true)   // .requestAuthorization
/// flow.authorizationChanged(to: .authorizedWhenInUse)                 // .requestLocation
/// flow.received([LocationReading(latitude: 48.8584, longitude: 2.2945, horizontalAccuracy: 12)])
/// // .located(48.858400° N, 2.294500° E, accuracy: 12.0)
/// ```
public struct LocationRequestFlow: Hashable, Sendable {
    /// What to do next.
    ///
    /// ```swift
    /// switch flow.start(authorization: status, servicesEnabled: enabled) {
    /// case .requestAuthorization: manager.requestWhenInUseAuthorization()
    /// case .requestLocation: manager.requestLocation()
    /// case .wait: break
    /// case .located(let coordinate, let accuracy): finish(coordinate, accuracy)
    /// case .failed(let error): finish(error)
    /// }
    /// ```
    public enum Step: Hashable, Sendable {
        /// Ask the user for permission; the answer comes through ``authorizationChanged(to:)``.
        ///
        /// ```swift
        /// manager.requestWhenInUseAuthorization()
        /// ```
        case requestAuthorization
        /// Ask for one position; it comes through ``received(_:)`` or ``failed(_:)``.
        ///
        /// ```swift
        /// manager.requestLocation()
        /// ```
        case requestLocation
        /// Nothing to do until the next callback.
        ///
        /// ```swift
        /// flow.authorizationChanged(to: .notDetermined)   // .wait
        /// ```
        case wait
        /// Done: the position and its accuracy in metres.
        ///
        /// ```swift
        /// model.setPosition(coordinate)
        /// ```
        case located(Coordinate, accuracy: Double)
        /// Done: no position, and why.
        ///
        /// ```swift
        /// show(error.description)
        /// ```
        case failed(LocationError)
    }

    /// Where a request is.
    ///
    /// ```swift
    /// flow.phase   // .waitingForLocation
    /// ```
    public enum Phase: Hashable, Sendable {
        /// No request under way.
        ///
        /// ```swift
        /// LocationRequestFlow().phase   // .idle
        /// ```
        case idle
        /// Waiting for the user's answer to the permission prompt.
        ///
        /// ```swift
        /// flow.phase == .waitingForAuthorization
        /// ```
        case waitingForAuthorization
        /// Waiting for a position.
        ///
        /// ```swift
        /// flow.phase == .waitingForLocation
        /// ```
        case waitingForLocation
    }

    /// Where the current request is.
    ///
    /// ```swift
    /// if flow.phase != .idle { print("busy") }
    /// ```
    public private(set) var phase = Phase.idle

    /// Makes an idle flow.
    ///
    /// ```swift
    /// var flow = LocationRequestFlow()
    /// ```
    public init() {}

    /// Starts a request; while one is under way, it answers ``Step/wait`` and the running one goes on.
    ///
    /// ```swift
    /// flow.start(authorization: .authorizedWhenInUse, servicesEnabled: true)   // .requestLocation
    /// ```
    ///
    /// - Parameters:
    ///   - authorization: The app's current authorization.
    ///   - servicesEnabled: Whether location services are on for the device.
    /// - Returns: What to do next.
    public mutating func start(authorization: LocationAuthorization, servicesEnabled: Bool) -> Step {
        guard phase == .idle else { return .wait }
        guard servicesEnabled else { return .failed(.servicesDisabled) }
        return advance(authorization)
    }

    /// Takes a change of authorization, as CoreLocation reports it (also once when a manager is made).
    ///
    /// ```swift
    /// flow.authorizationChanged(to: .denied)   // .failed(.denied) while a request waits
    /// ```
    ///
    /// - Parameter authorization: The new authorization.
    /// - Returns: What to do next; ``Step/wait`` when no request waits for it.
    public mutating func authorizationChanged(to authorization: LocationAuthorization) -> Step {
        switch phase {
        case .idle:
            return .wait
        case .waitingForAuthorization:
            // CoreLocation also reports the undecided state when a manager is made: keep waiting.
            return authorization == .notDetermined ? .wait : advance(authorization)
        case .waitingForLocation:
            switch authorization {
            case .denied, .restricted: return advance(authorization)
            case .notDetermined, .authorizedWhenInUse, .authorizedAlways: return .wait
            }
        }
    }

    /// Takes the positions the service reported, oldest first, and finishes with the newest valid one.
    ///
    /// ```swift
    /// flow.received(locations.map(LocationReading.init))
    /// ```
    ///
    /// - Parameter readings: The positions.
    /// - Returns: ``Step/located(_:accuracy:)``, ``Step/failed(_:)`` with ``LocationError/noUsableReading``
    ///   when none is valid, or ``Step/wait`` when no request waits for a position.
    public mutating func received(_ readings: [LocationReading]) -> Step {
        guard phase == .waitingForLocation else { return .wait }
        phase = .idle
        for reading in readings.reversed() {
            if let coordinate = reading.coordinate { return .located(coordinate, accuracy: reading.horizontalAccuracy) }
        }
        return .failed(.noUsableReading)
    }

    /// Takes a failure the service reported.
    ///
    /// ```swift
    /// flow.failed(.unavailable("no position could be found"))
    /// ```
    ///
    /// - Parameter error: Why the service failed.
    /// - Returns: ``Step/failed(_:)``, or ``Step/wait`` when no request is under way.
    public mutating func failed(_ error: LocationError) -> Step {
        guard phase != .idle else { return .wait }
        phase = .idle
        return .failed(error)
    }

    private mutating func advance(_ authorization: LocationAuthorization) -> Step {
        switch authorization {
        case .notDetermined:
            phase = .waitingForAuthorization
            return .requestAuthorization
        case .denied:
            phase = .idle
            return .failed(.denied)
        case .restricted:
            phase = .idle
            return .failed(.restricted)
        case .authorizedWhenInUse, .authorizedAlways:
            phase = .waitingForLocation
            return .requestLocation
        }
    }
}

extension LocationRequestFlow.Step {
    /// What a ``PositionLocator`` answers for a final step: the fix for
    /// ``located(_:accuracy:)``, the error's sentence for ``failed(_:)``; `nil` for the steps that
    /// ask the location service for more.
    ///
    /// ```swift
    /// if let outcome = step.outcome { continuation.resume(with: outcome) }
    /// ```
    public var outcome: Result<PositionFix, PositionFixError>? {
        switch self {
        case .located(let coordinate, let accuracy):
            .success(PositionFix(coordinate: coordinate, accuracy: accuracy))
        case .failed(let error):
            .failure(PositionFixError(error.description))
        case .requestAuthorization, .requestLocation, .wait:
            nil
        }
    }
}
