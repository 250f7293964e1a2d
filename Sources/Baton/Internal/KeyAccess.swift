/// Reads and writes one key, of either form, as the type its reads return: `Value?` for a key
/// without a default, `Value` for a key with a default or a member of ``ContextValues``.
///
/// The property wrappers (``ContextProperty``, BatonSwiftUI's `ContextValue`) hold one, made in a
/// nonisolated initializer: a subclass per form keeps the key without a closure, which would have
/// to be main-actor isolated and would then capture the key across isolation.
///
/// Adapter plumbing (SPI, not `package` access, which the iOS check cannot see across modules).
///
/// ```swift
/// let access = KeyAccess.entry(\.sortOrder)
/// access.read(context)   // .byName
/// ```
@_spi(Adapters)
public class KeyAccess<Value> {
    /// What `context` reads.
    ///
    /// ```swift
    /// let order = access.read(list.context)
    /// ```
    @MainActor public func read(_ context: ScreenContext) -> Value { preconditionFailure("Every form overrides read") }

    /// Stores `value` in `context`.
    ///
    /// ```swift
    /// access.write(.byDate, to: list.context)
    /// ```
    @MainActor public func write(_ value: Value, to context: ScreenContext) {}

    /// The access of a key without a default: reads are optional, and `nil` stores an explicit nil.
    ///
    /// ```swift
    /// let access = KeyAccess<String?>.optional(UserID.self)
    /// ```
    public static func optional<Key: ContextKey>(_ key: Key.Type) -> KeyAccess<Key.Value?> {
        OptionalKeyAccess<Key>()
    }

    /// The access of a key with a default.
    ///
    /// ```swift
    /// let access = KeyAccess<Int>.defaulted(PageSize.self)
    /// ```
    public static func defaulted<Key: ContextKeyWithDefault>(_ key: Key.Type) -> KeyAccess<Key.Value> {
        DefaultedKeyAccess<Key>()
    }

    /// The access of a member of ``ContextValues``.
    ///
    /// ```swift
    /// let access = KeyAccess.entry(\.sortOrder)
    /// ```
    public static func entry(_ entry: ContextEntryPath<Value>) -> KeyAccess<Value> {
        EntryAccess(entry)
    }
}

private final class OptionalKeyAccess<Key: ContextKey>: KeyAccess<Key.Value?> {
    @MainActor override func read(_ context: ScreenContext) -> Key.Value? { context[Key.self] }
    @MainActor override func write(_ value: Key.Value?, to context: ScreenContext) { context.set(value, for: Key.self) }
}

private final class DefaultedKeyAccess<Key: ContextKeyWithDefault>: KeyAccess<Key.Value> {
    @MainActor override func read(_ context: ScreenContext) -> Key.Value { context[Key.self] }
    @MainActor override func write(_ value: Key.Value, to context: ScreenContext) { context.set(value, for: Key.self) }
}

private final class EntryAccess<Value>: KeyAccess<Value> {
    let entry: ContextEntryPath<Value>
    init(_ entry: ContextEntryPath<Value>) { self.entry = entry }
    @MainActor override func read(_ context: ScreenContext) -> Value { context[entry] }
    @MainActor override func write(_ value: Value, to context: ScreenContext) { context.set(value, for: entry) }
}
