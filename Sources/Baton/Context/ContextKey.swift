/// A type that names one value stored in a ``ScreenContext`` and fixes the value's type.
///
/// An app declares its values as ``ContextValues`` members (``ContextEntry``), which every API
/// that takes a key accepts (`context[\.userID]`, `provide(\.totalWeight, …)`); a key type is
/// the lower-level form, for code that needs a key as a type.
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
/// let context = ScreenContext(name: "app")
/// context.set("12345", for: UserID.self)
/// let id: String? = context[UserID.self]   // "12345", no cast needed
/// ```
///
/// A key can also serve as the name of a provider (see ``ScreenContext/provide(_:owner:if:expiresIf:_:)-(Key.Type,_,_,_,_)``).
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

    /// What a read returns when nothing is stored: `nil`, or a key's
    /// ``ContextKeyWithDefault/defaultValue``. Provided by Baton; do not implement it.
    ///
    /// ```swift
    /// PageSize._defaultValue   // 20
    /// ```
    static var _defaultValue: Value? { get }

    /// Whether a window snapshot (``ScreenWindow/snapshot()``) leaves the key's values out,
    /// showing `<private>`: a token, a password, a user's personal data. `false` by default.
    ///
    /// ```swift
    /// enum AuthToken: ContextKey {
    ///     typealias Value = String
    ///     static var isPrivate: Bool { true }
    /// }
    /// ```
    static var isPrivate: Bool { get }
}

extension ContextKey {
    /// The key type's own name, for example `"UserID"`.
    ///
    /// ```swift
    /// enum UserID: ContextKey { typealias Value = String }
    /// print(UserID.name)   // "UserID"
    /// ```
    public static var name: String { String(describing: Self.self) }

    /// `false`: a snapshot shows the key's values.
    ///
    /// ```swift
    /// UserID.isPrivate   // false
    /// ```
    public static var isPrivate: Bool { false }

    /// What a read returns when no context on the chain holds the key (or the nearest holder
    /// stores an explicit nil): `nil` for a plain key, ``ContextKeyWithDefault/defaultValue``
    /// for a key with a default. Not for use in app code.
    ///
    /// ```swift
    /// UserID._defaultValue   // nil
    /// ```
    public static var _defaultValue: Value? { nil }
}

/// A ``ContextKey`` with a default value, as SwiftUI's `EnvironmentKey` has: reading it never
/// gives `nil`.
///
/// Where no context on the chain holds the key, or the nearest holder stores an explicit nil,
/// a read returns ``defaultValue``: `context[Key.self]`, ``ScreenContext/value(for:)->Key.Value``,
/// a named read and `@ContextValue` in SwiftUI are all non-optional. Observers receive the
/// default when the key is removed.
///
/// ```swift
/// enum SortOrderKey: ContextKeyWithDefault {
///     static let defaultValue = SortOrder.byName
/// }
///
/// let context = ScreenContext()
/// let order: SortOrder = context[SortOrderKey.self]   // .byName
/// context.set(.byDate, for: SortOrderKey.self)
/// context[SortOrderKey.self]                          // .byDate
/// ```
///
/// A key declared as a member of ``ContextValues`` (``ContextEntry``) has a default too, and
/// does not need a type of its own.
public protocol ContextKeyWithDefault: ContextKey {
    /// The type of the value stored under this key, inferred from ``defaultValue``.
    ///
    /// ```swift
    /// enum PageSize: ContextKeyWithDefault { static let defaultValue = 20 }   // Value == Int
    /// ```
    associatedtype Value

    /// The value a read returns when nothing is stored for the key.
    ///
    /// It is asked for on every read that finds nothing, like `EnvironmentKey.defaultValue`: a
    /// `static let` makes it once.
    ///
    /// ```swift
    /// enum PageSize: ContextKeyWithDefault { static let defaultValue = 20 }
    /// ```
    static var defaultValue: Value { get }
}

extension ContextKeyWithDefault {
    /// The key's ``defaultValue``, which a read returns when nothing is stored.
    ///
    /// ```swift
    /// PageSize._defaultValue   // 20
    /// ```
    public static var _defaultValue: Value? { defaultValue }
}

/// A type-erased ``ContextKey`` or ``ContextEntry``, as listed by ``ScreenContext/allKeys``.
///
/// Two erased keys are equal when they erase the same key type, or the same member of
/// ``ContextValues``.
///
/// ```swift
/// let names = context.allKeys.map(\.name)   // ["Color", "UserID", "sortOrder"]
/// ```
public struct AnyContextKey: Hashable, Sendable, CustomStringConvertible {
    let source: KeySource

    /// The key's readable name: a key type's ``ContextKey/name``, or the name of a
    /// ``ContextValues`` member.
    ///
    /// ```swift
    /// AnyContextKey(UserID.self).name   // "UserID"
    /// ```
    public var name: String { source.name }

    /// Erases a key type.
    ///
    /// ```swift
    /// let key = AnyContextKey(UserID.self)
    /// ```
    ///
    /// - Parameter key: The key type to erase.
    public init<Key: ContextKey>(_ key: Key.Type) {
        self.source = .type(key)
    }

    init(_ source: KeySource) { self.source = source }

    /// The key's readable name.
    ///
    /// ```swift
    /// print(AnyContextKey(UserID.self))   // UserID
    /// ```
    public var description: String { name }

    /// Compares the erased keys.
    ///
    /// ```swift
    /// AnyContextKey(UserID.self) == AnyContextKey(UserID.self)   // true
    /// ```
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.source.id == rhs.source.id }

    /// Hashes the erased key's identity.
    ///
    /// ```swift
    /// let keys: Set<AnyContextKey> = [AnyContextKey(UserID.self)]
    /// ```
    public func hash(into hasher: inout Hasher) { hasher.combine(source.id) }
}

/// What a stored value is keyed by: a key type, or a member of ``ContextValues``. Its identity
/// (``id``) is a pointer, as cheap to hash as the other.
@usableFromInline enum KeySource: @unchecked Sendable {
    // A metatype and an immutable, never-freed entry: both are safe to share across threads.
    case type(any ContextKey.Type)
    case entry(EntryKey)

    @inlinable var id: ObjectIdentifier {
        switch self {
        case .type(let key): ObjectIdentifier(key)
        case .entry(let entry): ObjectIdentifier(entry)
        }
    }

    /// The key's readable name.
    var name: String {
        switch self {
        case .type(let key): key.name
        case .entry(let entry): entry.name
        }
    }

    /// Whether snapshots leave the key's values out (``ContextKey/isPrivate``).
    var isPrivate: Bool {
        switch self {
        case .type(let key): key.isPrivate
        case .entry(let entry): entry.isPrivate
        }
    }
}
