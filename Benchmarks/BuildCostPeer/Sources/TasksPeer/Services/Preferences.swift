import Dependencies
import DependenciesMacros
import Foundation

/// What the app remembers between launches on this device: whether onboarding was seen, and who
/// is logged in. Kept in `UserDefaults`, or only in memory in tests and previews.
@DependencyClient
public struct Preferences: Sendable {
    public var hasSeenOnboarding: @Sendable () -> Bool = { false }
    public var setHasSeenOnboarding: @Sendable (Bool) -> Void
    public var user: @Sendable () -> User?
    public var setUser: @Sendable (User?) -> Void
}

extension Preferences: DependencyKey {
    public static var liveValue: Preferences {
        nonisolated(unsafe) let defaults = UserDefaults.standard
        return Preferences(
            hasSeenOnboarding: { defaults.bool(forKey: "hasSeenOnboarding") },
            setHasSeenOnboarding: { defaults.set($0, forKey: "hasSeenOnboarding") },
            // A saved user that no longer decodes logs in again.
            user: { defaults.data(forKey: "user").flatMap { try? JSONDecoder().decode(User.self, from: $0) } },
            // Encoding a `User` cannot fail.
            setUser: { defaults.set(try? JSONEncoder().encode($0), forKey: "user") }
        )
    }
    public static var testValue: Preferences {
        let seen = LockIsolated(false)
        let user = LockIsolated<User?>(nil)
        return Preferences(
            hasSeenOnboarding: { seen.value },
            setHasSeenOnboarding: { value in seen.setValue(value) },
            user: { user.value },
            setUser: { value in user.setValue(value) }
        )
    }
}

extension DependencyValues {
    /// The device's preferences.
    public var preferences: Preferences {
        get { self[Preferences.self] }
        set { self[Preferences.self] = newValue }
    }
}
