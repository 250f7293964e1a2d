/// A type that names one value stored in a ``Context`` and fixes the value's type.
///
/// Declare a key as an uninhabited `enum` whose `Value` is the type it stores. The key's
/// identity is its metatype, which is as cheap to hash as a pointer, and its ``name`` is used in
/// dumps and error messages.
///
/// ```swift
/// enum UserID: ContextKey {
///     typealias Value = String
/// }
///
/// let context = Context(name: "app")
/// context.set("12345", for: UserID.self)
/// let id: String? = context[UserID.self]   // "12345", no cast needed
/// ```
///
/// A key can also serve as the name of a provider (see ``Context/provide(_:owner:if:expiresIf:_:)``).
public protocol ContextKey {
    /// The type of the value stored under this key.
    ///
    /// ```swift
    /// enum Color: ContextKey { typealias Value = String }
    /// ```
    associatedtype Value

    /// A readable name used in dumps and error messages; by default the key type's name.
    ///
    /// ```swift
    /// enum UserID: ContextKey {
    ///     typealias Value = String
    ///     static var name: String { "userId" }
    /// }
    /// ```
    static var name: String { get }
}

extension ContextKey {
    /// The key type's own name, for example `"UserID"`.
    ///
    /// ```swift
    /// enum UserID: ContextKey { typealias Value = String }
    /// print(UserID.name)   // "UserID"
    /// ```
    public static var name: String { String(describing: Self.self) }
}

/// A type-erased ``ContextKey``, as listed by ``Context/allKeys``.
///
/// Two erased keys are equal when they erase the same key type.
///
/// ```swift
/// let names = context.allKeys.map(\.name)   // ["Color", "UserID"]
/// ```
public struct AnyContextKey: Hashable, Sendable, CustomStringConvertible {
    /// The key's readable name.
    ///
    /// ```swift
    /// AnyContextKey(UserID.self).name   // "UserID"
    /// ```
    public let name: String
    let id: ObjectIdentifier

    /// Erases a key type.
    ///
    /// ```swift
    /// let key = AnyContextKey(UserID.self)
    /// ```
    ///
    /// - Parameter key: The key type to erase.
    public init<Key: ContextKey>(_ key: Key.Type) {
        self.name = Key.name
        self.id = ObjectIdentifier(key)
    }

    /// The key's readable name.
    ///
    /// ```swift
    /// print(AnyContextKey(UserID.self))   // UserID
    /// ```
    public var description: String { name }

    /// Compares the erased key types.
    ///
    /// ```swift
    /// AnyContextKey(UserID.self) == AnyContextKey(UserID.self)   // true
    /// ```
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }

    /// Hashes the erased key type's identity.
    ///
    /// ```swift
    /// let keys: Set<AnyContextKey> = [AnyContextKey(UserID.self)]
    /// ```
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
