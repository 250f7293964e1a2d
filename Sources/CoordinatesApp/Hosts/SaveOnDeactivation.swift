/// Whether the host app is in front, as iOS reports a scene's phase.
///
/// ```swift
/// let activity: HostActivity = scenePhase == .active ? .active : .inactive
/// ```
public enum HostActivity: Hashable, Sendable {
    /// In front and receiving events.
    ///
    /// ```swift
    /// saver.activityChanged(to: .active)   // nil: nothing to save
    /// ```
    case active
    /// Visible but not receiving events: a call, the app switcher, Control Center. The seed app saves
    /// here, when it "resigns active".
    ///
    /// ```swift
    /// saver.activityChanged(to: .inactive)   // .saved
    /// ```
    case inactive
    /// Not visible; the system may end the app without another word.
    ///
    /// ```swift
    /// saver.activityChanged(to: .background)   // .unchanged after an inactive save
    /// ```
    case background
}

/// What a save attempt did.
///
/// ```swift
/// if case .failed(let error) = saver.activityChanged(to: .inactive) { show(error.description) }
/// ```
public enum SaveOutcome: Hashable, Sendable {
    /// The state was written.
    ///
    /// ```swift
    /// saver.activityChanged(to: .inactive)   // .saved
    /// ```
    case saved
    /// The state equals the one last written, so nothing was written.
    ///
    /// ```swift
    /// saver.activityChanged(to: .background)   // .unchanged
    /// ```
    case unchanged
    /// The application declined: the state was never loaded, or an unreadable file could not be moved
    /// aside, so saving would replace a good state with defaults.
    ///
    /// ```swift
    /// saver.activityChanged(to: .inactive)   // .declined before the splash screen loaded
    /// ```
    case declined
    /// Writing failed; the previous file is unchanged.
    ///
    /// ```swift
    /// saver.activityChanged(to: .inactive)   // .failed(could not save the state to …: No space left on device)
    /// ```
    case failed(StateStoreError)
}

/// Saves the application's state when the host app stops being active, as the seed app does when it
/// resigns active: on every change to ``HostActivity/inactive`` or ``HostActivity/background``,
/// writing only when the state differs from the one it last wrote. The iOS app calls it from the
/// scene's phase changes; the terminal saves on quit instead.
///
/// ```swift
/// let saver = SaveOnDeactivation(application: app)
/// // in SwiftUI:
/// .onChange(of: scenePhase) { _, phase in
///     saver.activityChanged(to: phase == .active ? .active : phase == .inactive ? .inactive : .background)
/// }
/// ```
@MainActor
public final class SaveOnDeactivation {
    /// The application whose state is saved.
    ///
    /// ```swift
    /// saver.application.model.position
    /// ```
    public let application: CoordinatesApplication

    /// The state last written, if any.
    ///
    /// ```swift
    /// saver.lastSaved == app.model.savedState   // true right after a save
    /// ```
    public private(set) var lastSaved: SavedState?

    private let report: @MainActor (String) -> Void

    /// Makes a saver for `application`.
    ///
    /// ```swift
    /// let saver = SaveOnDeactivation(application: app) { message in alert(message) }
    /// ```
    ///
    /// - Parameters:
    ///   - application: The application whose state is saved.
    ///   - report: Receives the message of a failed save.
    public init(application: CoordinatesApplication, report: @escaping @MainActor (String) -> Void = { _ in }) {
        self.application = application
        self.report = report
    }

    /// Saves when `activity` is inactive or background and the state changed since the last save.
    ///
    /// ```swift
    /// saver.activityChanged(to: .inactive)   // .saved
    /// ```
    ///
    /// - Parameter activity: The host's new activity.
    /// - Returns: What was done, or `nil` when becoming active (nothing to save).
    @discardableResult
    public func activityChanged(to activity: HostActivity) -> SaveOutcome? {
        guard activity != .active else { return nil }
        let state = application.model.savedState
        if state == lastSaved { return .unchanged }
        do {
            guard try application.save() else { return .declined }
            lastSaved = state
            return .saved
        } catch {
            report(error.description)
            return .failed(error)
        }
    }
}
