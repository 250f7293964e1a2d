import Observation

/// Reports reads and changes of an object's values to Observation, where Observation exists (iOS 17,
/// macOS 14, tvOS 17, watchOS 10 and later, and Linux), so that SwiftUI views and
/// `withObservationTracking` see them; on older systems it does nothing. The subject declares its
/// `Observable` conformance with the same availability.
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

    /// Reports a read; call it inside `if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)`.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    func access<Subject: Observable, Member>(_ subject: Subject, _ keyPath: KeyPath<Subject, Member>) {
        (registrar as? ObservationRegistrar)?.access(subject, keyPath: keyPath)
    }

    /// Reports a change made by `change`; call it inside `if #available(…)`, and call `change`
    /// directly otherwise.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    func mutate<Subject: Observable, Member>(
        _ subject: Subject, _ keyPath: KeyPath<Subject, Member>, _ change: () -> Void
    ) {
        if let registrar = registrar as? ObservationRegistrar {
            registrar.withMutation(of: subject, keyPath: keyPath, change)
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
