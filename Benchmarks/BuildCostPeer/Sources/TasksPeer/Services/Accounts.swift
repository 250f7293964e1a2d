import Dependencies
import DependenciesMacros

/// Signs users in: the app's account service.
@DependencyClient
public struct Accounts: Sendable {
    /// Signs in with an email address and a password, and returns the user.
    public var logIn: @Sendable (_ email: String, _ password: String) async throws -> User
}

extension Accounts: DependencyKey {
    /// The demo app's service: any address with the password "baton"; the name is the address's
    /// part before the @, capitalised.
    public static let liveValue = Accounts { email, password in
        guard email.contains("@") else { throw LoginError.invalidEmail(email) }
        guard password == "baton" else { throw LoginError.wrongPassword }
        let name = email.prefix { $0 != "@" }
        return User(name: name.prefix(1).uppercased() + name.dropFirst(), email: email)
    }
    public static let testValue = liveValue
}

extension DependencyValues {
    /// The account service.
    public var accounts: Accounts {
        get { self[Accounts.self] }
        set { self[Accounts.self] = newValue }
    }
}
