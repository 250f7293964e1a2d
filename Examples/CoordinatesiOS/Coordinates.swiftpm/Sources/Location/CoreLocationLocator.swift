import CoordinatesApp
import CoordinatesKit
import CoreLocation

/// "Use My Location": the app's `PositionLocator` (the main screen's locate command; gpsd answers
/// it in the terminal), answered here by CoreLocation. `LocationRequestFlow` decides every step
/// (ask permission, ask for one position, turn the answer into a `PositionFix` or a message) and is
/// tested on Linux; this class only does what the flow says and feeds it CoreLocation's callbacks.
@MainActor
final class CoreLocationLocator: NSObject, CLLocationManagerDelegate {
    private let manager = CLLocationManager()
    private var flow = LocationRequestFlow()
    private var waiting: CheckedContinuation<Result<PositionFix, PositionFixError>, Never>?

    override init() {
        super.init()
        // Callbacks arrive on the thread that made the manager: the main thread.
        manager.delegate = self
        manager.desiredAccuracy = kCLLocationAccuracyBest
    }

    /// Asks for permission when needed, then for one position.
    private func requestPosition() async -> Result<PositionFix, PositionFixError> {
        let servicesEnabled = await Task.detached { CLLocationManager.locationServicesEnabled() }.value
        let step = flow.start(
            authorization: Self.authorization(manager.authorizationStatus), servicesEnabled: servicesEnabled)
        if step == .wait { return .failure(PositionFixError("Still waiting for your location.")) }
        return await withCheckedContinuation { continuation in
            waiting = continuation
            perform(step)
        }
    }

    private func perform(_ step: LocationRequestFlow.Step) {
        switch step {
        case .requestAuthorization: manager.requestWhenInUseAuthorization()
        case .requestLocation: manager.requestLocation()
        case .wait, .located, .failed: break
        }
        if let outcome = step.outcome {
            let continuation = waiting
            waiting = nil
            continuation?.resume(returning: outcome)
        }
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

extension CoreLocationLocator: PositionLocator {
    nonisolated var name: String { "the location service" }

    func locate() async throws(PositionFixError) -> PositionFix {
        switch await requestPosition() {
        case .success(let fix): return fix
        case .failure(let error): throw error
        }
    }
}
