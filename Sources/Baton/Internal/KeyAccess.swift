/// Reads and writes one key, of either form, as the type its reads return: `Value?` for a key
/// without a default, `Value` for a key with a default or a member of ``ContextValues``.
///
/// The property wrappers (``ContextProperty``, BatonSwiftUI's `ContextValue`) hold one, made in a
/// nonisolated initializer: a subclass per form keeps the key without a closure, which would have
/// to be main-actor isolated and would then capture the key across isolation.
package class KeyAccess<Value> {
    /// What `context` reads.
    @MainActor package func read(_ context: Context) -> Value { preconditionFailure("Every form overrides read") }

    /// Stores `value` in `context`.
    @MainActor package func write(_ value: Value, to context: Context) {}

    /// The access of a key without a default: reads are optional, and `nil` stores an explicit nil.
    package static func optional<Key: ContextKey>(_ key: Key.Type) -> KeyAccess<Key.Value?> {
        OptionalKeyAccess<Key>()
    }

    /// The access of a key with a default.
    package static func defaulted<Key: ContextKeyWithDefault>(_ key: Key.Type) -> KeyAccess<Key.Value> {
        DefaultedKeyAccess<Key>()
    }

    /// The access of a member of ``ContextValues``.
    package static func entry(_ entry: ContextEntryPath<Value>) -> KeyAccess<Value> {
        EntryAccess(entry)
    }
}

private final class OptionalKeyAccess<Key: ContextKey>: KeyAccess<Key.Value?> {
    @MainActor override func read(_ context: Context) -> Key.Value? { context[Key.self] }
    @MainActor override func write(_ value: Key.Value?, to context: Context) { context.set(value, for: Key.self) }
}

private final class DefaultedKeyAccess<Key: ContextKeyWithDefault>: KeyAccess<Key.Value> {
    @MainActor override func read(_ context: Context) -> Key.Value { context[Key.self] }
    @MainActor override func write(_ value: Key.Value, to context: Context) { context.set(value, for: Key.self) }
}

private final class EntryAccess<Value>: KeyAccess<Value> {
    let entry: ContextEntryPath<Value>
    init(_ entry: ContextEntryPath<Value>) { self.entry = entry }
    @MainActor override func read(_ context: Context) -> Value { context[entry] }
    @MainActor override func write(_ value: Value, to context: Context) { context.set(value, for: entry) }
}
