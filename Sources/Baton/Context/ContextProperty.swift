/// A property of a ``ScreenContext`` subclass stored through a key, declared in one line
/// (ControllerContext 0.2.0's custom context classes, whose `@property` declarations read and
/// write the context's dictionary).
///
/// Reading the property reads `context[\.customerName]`, so it walks the chain like every other
/// read; setting it stores the value in this context, and setting `nil` stores an explicit nil,
/// as `set(_:for:)` does. Observers of the member see the change. The member's name, not the
/// property, names the value in dumps, so a property may be called anything, and a member may be
/// named `"name"` without clashing with ``ScreenContext/name``:
///
/// ```swift
/// extension ContextValues {
///     var customerName: ContextEntry<String?> { .init(name: "name") }
///     var size: ContextEntry<String?> { .init() }
///     var sortOrder: ContextEntry<SortOrder> { .init(default: .byName) }
/// }
///
/// final class OrderContext: ScreenContext {
///     @ContextProperty(\.customerName) var customerName: String?
///     @ContextProperty(\.size) var size: String?
///     @ContextProperty(\.sortOrder) var sortOrder: SortOrder   // a member with a default: not optional
/// }
///
/// let order = OrderContext(name: "order")
/// order.customerName = "Ada"
/// order[\.customerName]   // "Ada"
/// print(order.dump())      // 0:name = Ada
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
