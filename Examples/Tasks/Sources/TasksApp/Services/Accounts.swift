/// Signs users in: the app's account service.
public struct Accounts: Sendable {
    /// Signs in with an email address and a password, and returns the user.
    public var logIn: @Sendable (_ email: String, _ password: String) async throws -> User

    /// An account service that signs in with `logIn`.
    public init(logIn: @escaping @Sendable (_ email: String, _ password: String) async throws -> User) {
        self.logIn = logIn
    }

    /// The demo app's service: any address with the password "baton"; the name is the address's
    /// part before the @, capitalised.
    public static let demo = Accounts { email, password in
        guard email.contains("@") else { throw LoginError.invalidEmail(email) }
        guard password == "baton" else { throw LoginError.wrongPassword }
        let name = email.prefix { $0 != "@" }
        return User(name: name.prefix(1).uppercased() + name.dropFirst(), email: email)
    }
}

/// Why a sign-in failed.
public enum LoginError: Error, Equatable, CustomStringConvertible {
    /// The address has no @.
    case invalidEmail(String)
    /// The password is not the account's.
    case wrongPassword

    /// What the login form shows.
    public var description: String {
        switch self {
        case .invalidEmail(let email): "“\(email)” is not an email address."
        case .wrongPassword: "Wrong password (the demo's is “baton”)."
        }
    }
}
