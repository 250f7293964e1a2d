import Baton
import CoordinatesKit

/// The one data object of the app (seed 001's "custom class to hold the coordinates"): the current
/// position, the target and the onboarding flag, with the formatted and computed values screens show.
///
/// The application makes exactly one model and hands it to the first screen; a dependency resolver
/// passes it on from screen to screen (see ``CoordinatesModelConfigurable``), so every screen works
/// with the same object and nobody asks a singleton for it. Every change is reported through
/// ``onChange``, which the application turns into a ``CoordinatesModelDidChange`` context event.
///
/// ```swift
/// let model = CoordinatesModel(state: .initial)
/// model.onChange = { change in print(change) }
/// model.setPosition(try Coordinate(parsing: "48.8584, 2.2945"))   // prints "position"
/// model.position.formatted(.degreesMinutesSeconds)                // "48° 51′ 30.2″ N, 2° 17′ 40.2″ E"
/// ```
@MainActor
public final class CoordinatesModel {
    /// What changed in a model.
    ///
    /// ```swift
    /// model.onChange = { change in if change == .target { reloadBearing() } }
    /// ```
    public enum Change: String, Sendable, Hashable, CaseIterable {
        /// The position was set.
        ///
        /// ```swift
        /// model.setPosition(here)   // reports .position
        /// ```
        case position
        /// The target was set or cleared.
        ///
        /// ```swift
        /// model.setTarget(nil)   // reports .target
        /// ```
        case target
        /// Onboarding was completed.
        ///
        /// ```swift
        /// model.completeOnboarding()   // reports .onboarding
        /// ```
        case onboarding
        /// The whole state was replaced by a saved one.
        ///
        /// ```swift
        /// model.restore(saved)   // reports .restored
        /// ```
        case restored
    }

    /// The current position.
    ///
    /// ```swift
    /// model.position.formatted()   // "51.477800° N, 0.001500° W"
    /// ```
    public private(set) var position: Coordinate {
        get {
            access(\.position)
            return storedPosition
        }
        set { mutate(\.position) { storedPosition = newValue } }
    }

    /// The point bearing and distance are measured to, if one was set.
    ///
    /// ```swift
    /// if let target = model.target { print(model.position.distance(to: target)) }
    /// ```
    public private(set) var target: Coordinate? {
        get {
            access(\.target)
            return storedTarget
        }
        set { mutate(\.target) { storedTarget = newValue } }
    }

    /// Whether the first-run onboarding was completed.
    ///
    /// ```swift
    /// if !model.hasCompletedOnboarding { showOnboarding() }
    /// ```
    public private(set) var hasCompletedOnboarding: Bool {
        get {
            access(\.hasCompletedOnboarding)
            return storedHasCompletedOnboarding
        }
        set { mutate(\.hasCompletedOnboarding) { storedHasCompletedOnboarding = newValue } }
    }

    // The values, behind accessors that report reads and changes to Observation (ModelObservation.swift).
    private var storedPosition: Coordinate
    private var storedTarget: Coordinate?
    private var storedHasCompletedOnboarding: Bool
    private let observation = ModelObservation()

    private func access<Member>(_ keyPath: KeyPath<CoordinatesModel, Member>) {
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) { observation.access(self, keyPath) }
    }

    private func mutate<Member>(_ keyPath: KeyPath<CoordinatesModel, Member>, _ change: () -> Void) {
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
            observation.mutate(self, keyPath, change)
        } else {
            change()
        }
    }

    /// Called after every change, on the main actor.
    ///
    /// ```swift
    /// model.onChange = { [weak context] change in
    ///     context?.post(CoordinatesModelDidChange.self, change, reach: .descendants)
    /// }
    /// ```
    public var onChange: (@MainActor (Change) -> Void)?

    /// Fields of the loaded file that this version does not know, saved back unchanged.
    private var unknownFields: [String: JSONValue] = [:]

    /// Makes a model holding `state`.
    ///
    /// ```swift
    /// let model = CoordinatesModel(state: .initial)
    /// ```
    ///
    /// - Parameter state: The initial values.
    public init(state: SavedState = .initial) {
        storedPosition = state.position
        storedTarget = state.target
        storedHasCompletedOnboarding = state.hasCompletedOnboarding
        unknownFields = state.unknownFields
    }

    /// The model's values, as saved on quit.
    ///
    /// ```swift
    /// try store.save(model.savedState)
    /// ```
    public var savedState: SavedState {
        var state = SavedState(position: position, target: target, hasCompletedOnboarding: hasCompletedOnboarding)
        state.unknownFields = unknownFields
        return state
    }

    /// Replaces every value by a saved state, as the splash screen does after loading.
    ///
    /// ```swift
    /// if case .loaded(let state) = store.load() { model.restore(state) }
    /// ```
    ///
    /// - Parameter state: The saved values.
    public func restore(_ state: SavedState) {
        position = state.position
        target = state.target
        hasCompletedOnboarding = state.hasCompletedOnboarding
        unknownFields = state.unknownFields
        onChange?(.restored)
    }

    /// Sets the current position.
    ///
    /// ```swift
    /// model.setPosition(try Coordinate(parsing: "33.8688 S, 151.2093 E"))
    /// ```
    ///
    /// - Parameter coordinate: The new position.
    public func setPosition(_ coordinate: Coordinate) {
        position = coordinate
        onChange?(.position)
    }

    /// Sets or clears the target.
    ///
    /// ```swift
    /// model.setTarget(try Coordinate(parsing: "51.5074 N, 0.1278 W"))
    /// ```
    ///
    /// - Parameter coordinate: The new target, or `nil` to clear it.
    public func setTarget(_ coordinate: Coordinate?) {
        target = coordinate
        onChange?(.target)
    }

    /// Records that onboarding was completed, so it is not shown again.
    ///
    /// ```swift
    /// model.completeOnboarding()
    /// ```
    public func completeOnboarding() {
        hasCompletedOnboarding = true
        onChange?(.onboarding)
    }
}

/// Posted by the application in its window's context, reaching every screen, each time the shared
/// ``CoordinatesModel`` changes. The main screen refreshes on it.
///
/// ```swift
/// context.observe(CoordinatesModelDidChange.self, owner: self) { screen, change in
///     screen.refresh()
/// }
/// ```
public enum CoordinatesModelDidChange: ContextEvent {
    /// What changed.
    ///
    /// ```swift
    /// let change: CoordinatesModelDidChange.Payload = .position
    /// ```
    public typealias Payload = CoordinatesModel.Change
}

/// A screen that needs the shared model: the "configurable" protocol that the dependency
/// coordinator's resolvers match (seed 004), so that the model reaches every screen without any
/// screen knowing another's type (seed 001).
///
/// ```swift
/// final class MapScreen: ScreenModel, CoordinatesModelConfigurable {
///     var model: CoordinatesModel?
/// }
/// ```
@MainActor
protocol CoordinatesModelConfigurable: AnyObject {
    /// The shared model, set by a resolver before the screen first appears.
    var model: CoordinatesModel? { get set }
}
