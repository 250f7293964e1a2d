import Foundation

/// What the app remembers between launches on this device: whether onboarding was seen.
@MainActor
public final class Preferences {
    private let defaults: UserDefaults?
    private var memory: [String: Bool] = [:]

    /// Preferences kept in `defaults`, or in memory only (for tests and previews) when it is `nil`.
    public init(defaults: UserDefaults?) {
        self.defaults = defaults
    }

    /// Whether the user went through onboarding; the start-up flow shows it until then.
    public var hasSeenOnboarding: Bool {
        get { defaults?.bool(forKey: "hasSeenOnboarding") ?? memory["hasSeenOnboarding"] ?? false }
        set {
            defaults?.set(newValue, forKey: "hasSeenOnboarding")
            memory["hasSeenOnboarding"] = newValue
        }
    }
}
