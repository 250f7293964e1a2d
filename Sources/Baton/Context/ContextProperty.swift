/// A property of a ``ScreenContext`` subclass stored through a key, declared in one line
/// (ControllerContext 0.2.0's custom context classes, whose `@property` declarations read and
/// write the context's dictionary).
///
/// Reading the property reads `context[Key.self]`, so it walks the chain like every other read;
/// setting it stores the value in this context, and setting `nil` stores an explicit nil, as
/// `set(_:for:)` does. Observers of the key see the change. The key, not the property, names the
/// value in dumps, so a property may be called anything, and a key may be called `name` without
/// clashing with ``ScreenContext/name``:
///
/// ```swift
/// enum CustomerName: ContextKey {
///     typealias Value = String
///     static var name: String { "name" }
/// }
/// enum Size: ContextKey { typealias Value = String }
///
/// final class OrderContext: ScreenContext {
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
/// A key with a default (``ContextKeyWithDefault``) or a member of ``ContextValues`` makes a
/// property that is not optional:
///
/// ```swift
/// final class ListContext: ScreenContext {
///     @ContextProperty(\.sortOrder) var sortOrder: SortOrder
///     @ContextProperty(PageSize.self) var pageSize: Int
/// }
/// ```
///
/// The wrapper can only be used in a subclass of ``ScreenContext``; it stores nothing itself.
@propertyWrapper
public struct ContextProperty<Value> {
    private let access: KeyAccess<Value>

    /// Declares the property as stored through `key`.
    ///
    /// ```swift
    /// @ContextProperty(Size.self) var size: String?
    /// ```
    ///
    /// - Parameter key: The key the property reads and writes.
    public init<Key: ContextKey>(_ key: Key.Type) where Value == Key.Value? {
        access = KeyAccess<Value>.optional(key)
    }

    /// Declares the property as stored through a key with a default; it reads the default
    /// while nothing is stored.
    ///
    /// ```swift
    /// @ContextProperty(PageSize.self) var pageSize: Int
    /// ```
    ///
    /// - Parameter key: The key the property reads and writes.
    public init<Key: ContextKeyWithDefault>(_ key: Key.Type) where Value == Key.Value {
        access = KeyAccess<Value>.defaulted(key)
    }

    /// Declares the property as stored through a member of ``ContextValues``; it reads the
    /// member's default while nothing is stored.
    ///
    /// ```swift
    /// @ContextProperty(\.sortOrder) var sortOrder: SortOrder
    /// ```
    ///
    /// - Parameter entry: The member's key path.
    public init(_ entry: ContextEntryPath<Value>) {
        access = KeyAccess.entry(entry)
    }

    /// Not available: the property is read and written through its enclosing context.
    ///
    /// ```swift
    /// order.size = "Large"   // goes through the enclosing context, not this
    /// ```
    @available(*, unavailable, message: "@ContextProperty can only be used in a subclass of ScreenContext")
    public var wrappedValue: Value {
        get { fatalError("@ContextProperty can only be used in a subclass of ScreenContext") }
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
    public static subscript<Enclosing: ScreenContext>(
        _enclosingInstance context: Enclosing,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Enclosing, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Enclosing, Self>
    ) -> Value {
        get { context[keyPath: storageKeyPath].access.read(context) }
        set { context[keyPath: storageKeyPath].access.write(newValue, to: context) }
    }
}
