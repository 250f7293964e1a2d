/// Signs users in: the app's account service.
public struct Accounts: Sendable {
    /// Signs in with an email address and a password, and returns the user.
    var logIn: @Sendable (_ email: String, _ password: String) async throws -> User

    /// The demo app's service: any address with the password "baton"; the name is the address's
    /// part before the @, capitalised.
    static let demo = Accounts { email, password in
        guard email.contains("@") else { throw LoginError.invalidEmail(email) }
        guard password == "baton" else { throw LoginError.wrongPassword }
        let name = email.prefix { $0 != "@" }
        return User(name: name.prefix(1).uppercased() + name.dropFirst(), email: email)
    }
}
