import Foundation

/// What the app remembers between launches on this device: whether onboarding was seen, and who
/// is logged in.
@MainActor
public final class Preferences {
    private let defaults: UserDefaults?
    private var memory: [String: Any] = [:]

    /// Preferences kept in `defaults`, or in memory only (for tests and previews) when it is `nil`.
    public init(defaults: UserDefaults?) {
        self.defaults = defaults
    }

    /// Whether the user went through onboarding; the start-up flow shows it until then.
    public var hasSeenOnboarding: Bool {
        get { defaults?.bool(forKey: "hasSeenOnboarding") ?? memory["hasSeenOnboarding"] as? Bool ?? false }
        set {
            defaults?.set(newValue, forKey: "hasSeenOnboarding")
            memory["hasSeenOnboarding"] = newValue
        }
    }

    /// The logged-in user, kept until they log out; the start-up flow skips login while there is one.
    public var user: User? {
        get {
            let data = defaults?.data(forKey: "user") ?? memory["user"] as? Data
            return data.flatMap { try? JSONDecoder().decode(User.self, from: $0) }
        }
        set {
            let data = newValue.flatMap { try? JSONEncoder().encode($0) }
            defaults?.set(data, forKey: "user")
            memory["user"] = data
        }
    }
}
