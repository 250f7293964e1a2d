/// A property of a ``Context`` subclass stored through a key, declared in one line
/// (ControllerContext 0.2.0's custom context classes, whose `@property` declarations read and
/// write the context's dictionary).
///
/// Reading the property reads `context[Key.self]`, so it walks the chain like every other read;
/// setting it stores the value in this context, and setting `nil` stores an explicit nil, as
/// `set(_:for:)` does. Observers of the key see the change. The key, not the property, names the
/// value in dumps, so a property may be called anything, and a key may be called `name` without
/// clashing with ``Context/name``:
///
/// ```swift
/// enum CustomerName: ContextKey {
///     typealias Value = String
///     static var name: String { "name" }
/// }
/// enum Size: ContextKey { typealias Value = String }
///
/// final class OrderContext: Context {
///     @ContextProperty(CustomerName.self) var customerName: String?
///     @ContextProperty(Size.self) var size: String?
/// }
///
/// let order = OrderContext(name: "order")
/// order.customerName = "Ada"
/// order[CustomerName.self]   // "Ada"
/// print(order.dump())        // 0:name = Ada
/// ```
///
/// The wrapper can only be used in a subclass of ``Context``; it stores nothing itself.
@propertyWrapper
public struct ContextProperty<Key: ContextKey> {
    /// Declares the property as stored through `key`.
    ///
    /// ```swift
    /// @ContextProperty(Size.self) var size: String?
    /// ```
    ///
    /// - Parameter key: The key the property reads and writes.
    public init(_ key: Key.Type) {}

    /// Not available: the property is read and written through its enclosing context.
    ///
    /// ```swift
    /// order.size = "Large"   // goes through the enclosing context, not this
    /// ```
    @available(*, unavailable, message: "@ContextProperty can only be used in a subclass of Context")
    public var wrappedValue: Key.Value? {
        get { nil }
        // swift-format-ignore: NoEmptyBlocks
        set {}
    }

    /// Reads and writes the property through the enclosing context.
    ///
    /// ```swift
    /// order.size = "Large"
    /// order.size   // "Large"
    /// ```
    @MainActor
    public static subscript<Enclosing: Context>(
        _enclosingInstance context: Enclosing,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Enclosing, Key.Value?>,
        storage storageKeyPath: ReferenceWritableKeyPath<Enclosing, Self>
    ) -> Key.Value? {
        get { context[Key.self] }
        set { context.set(newValue, for: Key.self) }
    }
}
