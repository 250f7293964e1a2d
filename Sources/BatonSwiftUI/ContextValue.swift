#if canImport(SwiftUI)
    @_spi(Adapters) import Baton
    import SwiftUI

    /// Reads one value from the environment's context and updates the view when what it reads
    /// changes, like `@Environment`.
    ///
    /// Name the value by key path, as a member of `ContextValues`, or by key type. The read goes
    /// through the context's chain as `ScreenContext`'s subscript does; a set or remove anywhere on
    /// the chain that changes the value, an explicit nil that masks it, or a re-parenting updates
    /// the view. Changes of other keys, or of layers the view's context shadows, do not. The
    /// projected value is a two-way binding that writes to the view's context.
    ///
    /// ```swift
    /// extension ContextValues {
    ///     var sortOrder: ContextEntry<SortOrder> { .init(default: .byName) }
    ///     var userName: ContextEntry<String> { .init(default: "") }
    /// }
    ///
    /// struct ListHeader: View {
    ///     @ContextValue(\.sortOrder) private var sortOrder
    ///     @ContextValue(\.userName) private var userName
    ///
    ///     var body: some View {
    ///         Picker("Sort", selection: $sortOrder) { … }
    ///         TextField("Name", text: $userName)
    ///     }
    /// }
    /// ```
    ///
    /// A member of `ContextValues` and a key with a default (`ContextKeyWithDefault`) read
    /// their default where nothing is stored, so the value and its binding are not optional. A
    /// key without a default reads `nil` where nothing is stored.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @propertyWrapper
    public struct ContextValue<Value>: DynamicProperty {
        @Environment(\.batonContext) private var context
        private let access: KeyAccess<Value>

        /// Reads a member of `ContextValues` from the environment's context.
        ///
        /// ```swift
        /// @ContextValue(\.sortOrder) private var sortOrder
        /// ```
        ///
        /// - Parameter entry: The member's key path.
        public init(_ entry: ContextEntryPath<Value>) {
            access = KeyAccess.entry(entry)
        }

        /// Reads a key with a default from the environment's context.
        ///
        /// ```swift
        /// @ContextValue(PageSize.self) private var pageSize   // Int
        /// ```
        ///
        /// - Parameter key: The key to read.
        public init<Key: ContextKeyWithDefault>(_ key: Key.Type) where Value == Key.Value {
            access = KeyAccess<Value>.defaulted(key)
        }

        /// Reads a key without a default from the environment's context.
        ///
        /// ```swift
        /// @ContextValue(UserID.self) private var userID   // String?
        /// ```
        ///
        /// - Parameter key: The key to read.
        public init<Key: ContextKey>(_ key: Key.Type) where Value == Key.Value? {
            access = KeyAccess<Value>.optional(key)
        }

        /// The value the environment's context reads: the stored one, else the default (`nil`
        /// for a key without one). Outside any Baton context there is nothing to read: a key
        /// with a default reads its default there, a key without one `nil`.
        ///
        /// Setting it stores the value in the view's own context, shadowing it further in;
        /// outside any Baton context it does nothing.
        ///
        /// ```swift
        /// Text(sortOrder == .byName ? "A–Z" : "Newest")
        /// Button("Newest first") { sortOrder = .byDate }
        /// ```
        @MainActor public var wrappedValue: Value {
            get { access.read(context ?? Self.detached) }
            nonmutating set {
                guard let context else { return }
                access.write(newValue, to: context)
            }
        }

        /// A two-way binding that reads like ``wrappedValue`` and stores into the view's own
        /// context: a text field bound to it can be typed into from the first keystroke.
        ///
        /// ```swift
        /// TextField("Name", text: $userName)
        /// ```
        @MainActor public var projectedValue: Binding<Value> {
            let (context, access) = (self.context, self.access)
            return Binding(
                get: { access.read(context ?? Self.detached) },
                set: { value in
                    guard let context else { return }
                    access.write(value, to: context)
                })
        }

        /// An empty context, read outside any Baton context so that a read gives the default.
        @MainActor private static var detached: ScreenContext { DetachedContext.shared }
    }

    /// The empty context that ``ContextValue`` reads outside any Baton context; nothing is ever
    /// stored in it.
    @MainActor
    private enum DetachedContext {
        static let shared = ScreenContext(name: "no Baton context")
    }

    /// Asks the provider of one key on the environment's context's chain and updates the view
    /// when the answer may have changed.
    ///
    /// The view updates when a provider for the key is registered or ends on its chain, when a
    /// re-parenting changes the nearest one, and when Observation-tracked state that the
    /// provider, its condition or its expiry reads changes.
    ///
    /// ```swift
    /// struct TotalView: View {
    ///     @ContextRequest(\.totalWeight) private var total
    ///
    ///     var body: some View {
    ///         Text(total.map { "\($0 ?? 0)" } ?? "no total")
    ///     }
    /// }
    /// ```
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @propertyWrapper
    public struct ContextRequest<Value>: DynamicProperty {
        @Environment(\.batonContext) private var context
        private let access: any ProviderAccess<Value>

        /// Requests a ``ContextValues`` member's provider from the environment's context.
        ///
        /// ```swift
        /// @ContextRequest(\.totalWeight) private var total
        /// ```
        ///
        /// - Parameter entry: The member whose provider to ask.
        public init(_ entry: ContextEntryPath<Value>) {
            access = EntryProviderAccess(entry: entry)
        }

        /// Requests `key` from the environment's context.
        ///
        /// ```swift
        /// @ContextRequest(TotalWeight.self) private var total
        /// ```
        ///
        /// - Parameter key: The key whose provider to ask.
        public init<Key: ContextKey>(_ key: Key.Type) where Value == Key.Value {
            access = KeyProviderAccess<Key>()
        }

        /// The provider's answer, or `nil` when no provider on the chain can answer now
        /// (missing, expired, or its condition does not hold) or outside any Baton context.
        ///
        /// It asks once (`ScreenContext.requestResult(_:)`): the provider's condition is
        /// evaluated once, and no provider is an answer, never a misuse that stops the app.
        ///
        /// ```swift
        /// if let total { Text("\(total ?? 0)") }
        /// ```
        @MainActor public var wrappedValue: Value? {
            guard let context, case .success(let value) = access.requestResult(context) else { return nil }
            return value
        }

        /// The request's outcome with the reason when it fails: the typed `ContextError` that
        /// names the key, where Baton looked and what exists instead. `nil` outside any Baton
        /// context. No provider is an answer here, never a misuse that stops the app.
        ///
        /// ```swift
        /// if case .failure(let error) = $total { Text(error.description) }
        /// ```
        @MainActor public var projectedValue: Result<Value, ContextError>? {
            guard let context else { return nil }
            return access.requestResult(context)
        }
    }

    /// How a ``ContextRequest`` asks: by key type or by ``ContextValues`` member. A value per
    /// form keeps the key without a closure, made in the wrapper's nonisolated initializer; every
    /// form answers, so there is no base to call by mistake.
    private protocol ProviderAccess<Value> {
        associatedtype Value
        @MainActor func requestResult(_ context: ScreenContext) -> Result<Value, ContextError>
    }

    private struct KeyProviderAccess<Key: ContextKey>: ProviderAccess {
        @MainActor func requestResult(_ context: ScreenContext) -> Result<Key.Value, ContextError> {
            context.requestResult(Key.self)
        }
    }

    private struct EntryProviderAccess<Value>: ProviderAccess {
        let entry: ContextEntryPath<Value>
        @MainActor func requestResult(_ context: ScreenContext) -> Result<Value, ContextError> {
            context.requestResult(entry)
        }
    }
#endif
