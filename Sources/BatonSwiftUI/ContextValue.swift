#if canImport(SwiftUI)
    @_spi(Adapters) import Baton
    import SwiftUI

    /// Reads one key from the environment's context and updates the view when what it reads
    /// changes, like `@Environment`.
    ///
    /// The read goes through the context's chain as `Context`'s subscript does; a set
    /// or remove anywhere on the chain that changes the value, an explicit nil that masks it, or
    /// a re-parenting updates the view. Changes of other keys, or of layers the view's context
    /// shadows, do not. The projected value is a binding that writes to the view's context.
    ///
    /// ```swift
    /// struct ProfileView: View {
    ///     @ContextValue(UserID.self) private var userID
    ///
    ///     var body: some View {
    ///         Text(userID ?? "signed out")
    ///         TextField("User", text: Binding($userID) ?? .constant(""))
    ///     }
    /// }
    /// ```
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @propertyWrapper
    public struct ContextValue<Key: ContextKey>: DynamicProperty {
        @Environment(\.batonContext) private var context

        /// Reads `key` from the environment's context.
        ///
        /// ```swift
        /// @ContextValue(UserID.self) private var userID
        /// ```
        ///
        /// - Parameter key: The key to read.
        public init(_ key: Key.Type) {}

        /// The value the environment's context reads for the key; `nil` when none is set, when
        /// an explicit nil masks it, or outside any Baton context.
        ///
        /// Setting it stores the value in the view's own context (an explicit nil for `nil`),
        /// shadowing the key further in; outside any Baton context it does nothing.
        ///
        /// ```swift
        /// Text(userID ?? "signed out")
        /// Button("Sign in") { userID = "12345" }
        /// ```
        @MainActor public var wrappedValue: Key.Value? {
            get { context?[Key.self] }
            nonmutating set { context?.set(newValue, for: Key.self) }
        }

        /// A binding that reads like ``wrappedValue`` and stores into the view's own context.
        ///
        /// ```swift
        /// Toggle("Dark", isOn: Binding($darkMode) ?? .constant(false))
        /// ```
        @MainActor public var projectedValue: Binding<Key.Value?> {
            let context = self.context
            return Binding(
                get: { context?[Key.self] },
                set: { value in context?.set(value, for: Key.self) })
        }
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
    ///     @ContextRequest(TotalWeight.self) private var total
    ///
    ///     var body: some View {
    ///         Text(total.map { "\($0 ?? 0)" } ?? "no total")
    ///     }
    /// }
    /// ```
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @propertyWrapper
    public struct ContextRequest<Key: ContextKey>: DynamicProperty {
        @Environment(\.batonContext) private var context

        /// Requests `key` from the environment's context.
        ///
        /// ```swift
        /// @ContextRequest(TotalWeight.self) private var total
        /// ```
        ///
        /// - Parameter key: The key whose provider to ask.
        public init(_ key: Key.Type) {}

        /// The provider's answer, or `nil` when no provider on the chain can answer now
        /// (missing, expired, or its condition does not hold) or outside any Baton context.
        ///
        /// It never stops at a misuse: it asks only when `Context.canRequest(_:)` says
        /// the request succeeds.
        ///
        /// ```swift
        /// if let total { Text("\(total ?? 0)") }
        /// ```
        @MainActor public var wrappedValue: Key.Value? {
            guard let context, context.canRequest(Key.self) else { return nil }
            return try? context.request(Key.self)
        }

        /// The request's outcome with the reason when it fails: the typed `ContextError` that
        /// names the key, where Baton looked and what exists instead. `nil` outside any Baton
        /// context. Asked in lenient misuse mode, so a missing provider never stops the app.
        ///
        /// ```swift
        /// if case .failure(let error) = $total { Text(error.description) }
        /// ```
        @MainActor public var projectedValue: Result<Key.Value, ContextError>? {
            guard let context else { return nil }
            return MisuseMode.$current.withValue(.lenient) {
                do throws(ContextError) {
                    return .success(try context.request(Key.self))
                } catch {
                    return .failure(error)
                }
            }
        }
    }
#endif
