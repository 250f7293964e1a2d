/// A task: what the list shows and the detail edits.
public struct Item: Identifiable, Hashable, Codable, Sendable {
    /// The item's identifier, as in `tasks://item/<id>`.
    public let id: Int
    /// The item's title.
    public var title: String
    /// Free-form notes.
    public var notes: String
    /// Whether the task is done.
    public var isDone: Bool

    /// Makes an item.
    ///
    /// - Parameters:
    ///   - id: The identifier; a higher one is newer.
    ///   - title: The title.
    ///   - notes: Notes; none by default.
    ///   - isDone: Whether it is done; `false` by default.
    public init(id: Int, title: String, notes: String = "", isDone: Bool = false) {
        self.id = id
        self.title = title
        self.notes = notes
        self.isDone = isDone
    }
}

/// The signed-in user, which the login screen returns.
public struct User: Hashable, Codable, Sendable {
    /// The user's display name.
    public var name: String
    /// The address the user signed in with.
    public var email: String

    /// Makes a user.
    public init(name: String, email: String) {
        self.name = name
        self.email = email
    }
}

/// How the list orders its items; chosen in the settings sheet.
public enum SortOrder: String, CaseIterable, Codable, Sendable {
    /// By title, A to Z.
    case title
    /// Newest (highest identifier) first.
    case newest
    /// Open items first, then by title.
    case openFirst

    /// The picker's label.
    public var label: String {
        switch self {
        case .title: "Title"
        case .newest: "Newest first"
        case .openFirst: "Open first"
        }
    }

    /// `items` in this order.
    public func sorted(_ items: [Item]) -> [Item] {
        switch self {
        case .title: items.sorted { ($0.title, $0.id) < ($1.title, $1.id) }
        case .newest: items.sorted { $0.id > $1.id }
        case .openFirst: items.sorted { (!$0.isDone ? 0 : 1, $0.title, $0.id) < (!$1.isDone ? 0 : 1, $1.title, $1.id) }
        }
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
