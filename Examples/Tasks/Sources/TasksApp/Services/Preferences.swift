import Foundation

/// What the app remembers between launches on this device: whether onboarding was seen, and who
/// is logged in. Kept in `UserDefaults`, or only in memory (tests and previews) without one.
@MainActor
final class Preferences {
    private let defaults: UserDefaults?
    /// Whether the user went through onboarding; the start-up flow shows it until then.
    var hasSeenOnboarding: Bool { didSet { defaults?.set(hasSeenOnboarding, forKey: "hasSeenOnboarding") } }
    /// The logged-in user; the start-up flow skips login while there is one. (Encoding a `User`
    /// cannot fail; a saved user that no longer decodes logs in again.)
    var user: User? { didSet { defaults?.set(try? JSONEncoder().encode(user), forKey: "user") } }

    init(defaults: UserDefaults? = nil) {
        self.defaults = defaults
        hasSeenOnboarding = defaults?.bool(forKey: "hasSeenOnboarding") ?? false
        user = defaults?.data(forKey: "user").flatMap { try? JSONDecoder().decode(User.self, from: $0) }
    }
}
