/// A handle on something registered with a ``ScreenContext``: an observer, a provider or an action.
///
/// Registrations end by themselves when their owner is deallocated, so keeping the handle is
/// optional. Keep it to end the registration earlier.
///
/// ```swift
/// let registration = context.observe(Saved.self, owner: self) { owner, _ in owner.refresh() }
/// registration.cancel()
/// registration.isActive   // false
/// ```
@MainActor
public struct Registration {
    let record: RegistrationRecord

    /// Whether the registration still takes effect: not cancelled, its owner alive and not expired.
    ///
    /// ```swift
    /// if registration.isActive { … }
    /// ```
    public var isActive: Bool { record.isLive }

    /// Ends the registration now. Cancelling twice does nothing.
    ///
    /// ```swift
    /// registration.cancel()
    /// ```
    public func cancel() { record.cancel() }
}
