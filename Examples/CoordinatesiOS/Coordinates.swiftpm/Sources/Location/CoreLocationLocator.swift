import CoordinatesApp
import CoordinatesKit
import CoreLocation

/// "Use my location": the app's `PositionLocator` (the main screen's "From GPS" command in the
/// terminal, backed by gpsd there), backed here by CoreLocation. `LocationRequestFlow` decides
/// every step (ask permission, ask for one position, turn the answer into a coordinate) and is
/// tested on Linux; this class only does what the flow says and feeds it CoreLocation's callbacks.
@MainActor
final class CoreLocationLocator: NSObject, CLLocationManagerDelegate {
    private let manager = CLLocationManager()
    private var flow = LocationRequestFlow()
    private var waiting: CheckedContinuation<Result<LocatedPosition, LocationError>, Never>?

    override init() {
        super.init()
        // Callbacks arrive on the thread that made the manager: the main thread.
        manager.delegate = self
        manager.desiredAccuracy = kCLLocationAccuracyBest
    }

    /// Asks for permission when needed, then for one position.
    func requestPosition() async -> Result<LocatedPosition, LocationError> {
        let servicesEnabled = await Task.detached { CLLocationManager.locationServicesEnabled() }.value
        let step = flow.start(
            authorization: Self.authorization(manager.authorizationStatus), servicesEnabled: servicesEnabled)
        if step == .wait { return .failure(.unavailable("a request for your location is already under way")) }
        return await withCheckedContinuation { continuation in
            waiting = continuation
            perform(step)
        }
    }

    private func perform(_ step: LocationRequestFlow.Step) {
        switch step {
        case .requestAuthorization:
            manager.requestWhenInUseAuthorization()
        case .requestLocation:
            manager.requestLocation()
        case .wait:
            break
        case .located(let coordinate, let accuracy):
            finish(.success(LocatedPosition(coordinate: coordinate, accuracy: accuracy)))
        case .failed(let error):
            finish(.failure(error))
        }
    }

    private func finish(_ result: Result<LocatedPosition, LocationError>) {
        let continuation = waiting
        waiting = nil
        continuation?.resume(returning: result)
    }

    // MARK: - CLLocationManagerDelegate

    nonisolated func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        let authorization = Self.authorization(manager.authorizationStatus)
        MainActor.assumeIsolated { perform(flow.authorizationChanged(to: authorization)) }
    }

    nonisolated func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        let readings = locations.map {
            LocationReading(
                latitude: $0.coordinate.latitude, longitude: $0.coordinate.longitude,
                horizontalAccuracy: $0.horizontalAccuracy)
        }
        MainActor.assumeIsolated { perform(flow.received(readings)) }
    }

    nonisolated func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
        let failure: LocationError =
            switch (error as? CLError)?.code {
            case .denied: .denied
            case .locationUnknown: .unavailable("the position is not known yet; try again in a moment")
            default: .unavailable(error.localizedDescription)
            }
        MainActor.assumeIsolated { perform(flow.failed(failure)) }
    }

    private nonisolated static func authorization(_ status: CLAuthorizationStatus) -> LocationAuthorization {
        switch status {
        case .notDetermined: .notDetermined
        case .restricted: .restricted
        case .denied: .denied
        case .authorizedWhenInUse: .authorizedWhenInUse
        case .authorizedAlways: .authorizedAlways
        @unknown default: .denied
        }
    }
}

/// A position from the location service and its accuracy in metres.
struct LocatedPosition: Sendable {
    let coordinate: Coordinate
    let accuracy: Double
}

extension CoreLocationLocator: PositionLocator {
    nonisolated var name: String { "the location service" }

    func locate() async throws(PositionFixError) -> PositionFix {
        switch await requestPosition() {
        case .success(let position): return PositionFix(coordinate: position.coordinate, accuracy: position.accuracy)
        case .failure(let error): throw PositionFixError(error.description)
        }
    }
}
