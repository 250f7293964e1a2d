import Observation

/// Reports reads and changes of ``CoordinatesModel``'s values to Observation, where Observation exists
/// (iOS 17, macOS 14, tvOS 17, watchOS 10 and later, and Linux), so that SwiftUI views and
/// `withObservationTracking` see them; on older systems it does nothing.
struct ModelObservation: Sendable {
    /// The `ObservationRegistrar`, kept type-erased because the type does not exist on older systems.
    private let registrar: (any Sendable)?

    init() {
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
            registrar = ObservationRegistrar()
        } else {
            registrar = nil
        }
    }

    func access<Member>(_ model: CoordinatesModel, _ keyPath: KeyPath<CoordinatesModel, Member>) {
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *), let registrar = registrar as? ObservationRegistrar {
            registrar.access(model, keyPath: keyPath)
        }
    }

    func mutate<Member>(_ model: CoordinatesModel, _ keyPath: KeyPath<CoordinatesModel, Member>, _ change: () -> Void) {
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *), let registrar = registrar as? ObservationRegistrar {
            registrar.withMutation(of: model, keyPath: keyPath, change)
        } else {
            change()
        }
    }
}

/// A ``CoordinatesModel`` is observable: reading ``CoordinatesModel/position``,
/// ``CoordinatesModel/target`` or ``CoordinatesModel/hasCompletedOnboarding`` in a SwiftUI view's body
/// (or inside `withObservationTracking`) updates the view when that value changes.
///
/// ```swift
/// struct PositionLabel: View {
///     let model: CoordinatesModel
///     var body: some View { Text(model.position.formatted()) }   // redrawn on every setPosition
/// }
/// ```
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension CoordinatesModel: Observable {}
