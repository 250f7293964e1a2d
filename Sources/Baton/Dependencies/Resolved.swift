/// A dependency that a resolver must provide before the screen reads it: the typed, checked form
/// of `var store: ItemStore!`.
///
/// Declare it on a screen (a ``ScreenModel``, or a view controller through BatonUIKit) and set it
/// from a resolver, as any property:
///
/// ```swift
/// final class ItemListScreen: ScreenModel {
///     @Resolved var store: ItemStore
///     override func willAppear() { items = store.items }
/// }
///
/// try coordinator.register(.destination { (screen: ItemListScreen) in screen.store = store })
/// ```
///
/// Reading it before a resolver set it is a logic error that no value can stand in for, so it
/// stops the program, in every build, with a report that names the screen, the property and
/// where it is declared, the transition that showed the screen, and each resolver of the
/// coordinator that resolved it with the reason it did not set the property (another
/// destination type, another source, an identifier, a resolver that ran but set something
/// else). A renamed screen class that silently unmatched a resolver shows up there:
///
/// ```
/// ItemListScreen.store (@Resolved, App/ItemList.swift:3) was read before a resolver set it.
/// items (ItemListScreen) was shown by push: home → items, resolved by coordinator app:
///   - destination: ItemsScreen (App/Setup.swift:12): its destination type is not ItemListScreen
/// Register a resolver that sets it, for example
/// .destination { (screen: ItemListScreen) in screen.store = … }
/// ```
///
/// Read the property from `willAppear` or later: resolvers run before the screen's first
/// will-appear, not when it is made. `$store.isResolved` tells whether it is set without stopping.
/// A screen tree assignment (``ScreenWindow/navigate(to:)``, a restoration, a link) checks every
/// new screen's `@Resolved` properties once it is resolved, and fails before any change with
/// ``NavigationError/unresolvedDependency(step:route:report:)`` and the same report.
@propertyWrapper
public struct Resolved<Value> {
    private var value: Value?
    private let site: String
    /// Identifies this property among the screen's, to name it in the report.
    private let marker = ResolvedMarker()

    /// Declares a required dependency; a resolver sets it.
    ///
    /// ```swift
    /// @Resolved var store: ItemStore
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: Where the property is declared (filled in for you).
    ///   - line: The line (filled in for you).
    public init(fileID: String = #fileID, line: Int = #line) {
        self.site = "\(fileID):\(line)"
    }

    /// Not available: `@Resolved` properties are declared on screens, which Baton's resolvers set.
    ///
    /// ```swift
    /// final class ItemListScreen: ScreenModel { @Resolved var store: ItemStore }
    /// ```
    @available(*, unavailable, message: "@Resolved is for properties of screens (ScreenModel, or a view controller)")
    public var wrappedValue: Value {
        get { fatalError("@Resolved is for properties of screens") }
        set { fatalError("@Resolved is for properties of screens") }
    }

    /// The property of a screen: its value once a resolver set it; read before, it stops with the
    /// resolution report.
    ///
    /// ```swift
    /// screen.store = store    // in a resolver
    /// let items = screen.store.items
    /// ```
    @MainActor
    public static subscript<EnclosingScreen: Screen>(
        _enclosingInstance screen: EnclosingScreen,
        wrapped wrapped: ReferenceWritableKeyPath<EnclosingScreen, Value>,
        storage storage: ReferenceWritableKeyPath<EnclosingScreen, Self>
    ) -> Value {
        get {
            let resolved = screen[keyPath: storage]
            if let value = resolved.value { return value }
            let property = ResolvedMarker.propertyName(of: resolved.marker, in: screen) ?? "property"
            fatalError(
                ResolutionReport.unresolved(
                    screen: screen, property: property, valueType: Value.self, site: resolved.site, read: true))
        }
        set {
            screen[keyPath: storage].value = newValue
        }
    }

    /// The property itself, as `$store`: whether it is resolved, without stopping.
    ///
    /// ```swift
    /// if screen.$store.isResolved { refresh() }
    /// ```
    public var projectedValue: Self { self }

    /// Whether a resolver has set the value.
    ///
    /// ```swift
    /// screen.$store.isResolved   // false until a resolver sets it
    /// ```
    public var isResolved: Bool { value != nil }
}

/// A per-property identity, found among a screen's stored properties by reflection when the
/// report names the property.
final class ResolvedMarker: Sendable {
    /// The name of the `@Resolved` property of `screen` whose storage holds `marker`.
    static func propertyName(of marker: ResolvedMarker, in screen: AnyObject) -> String? {
        var mirror: Mirror? = Mirror(reflecting: screen)
        while let current = mirror {
            for child in current.children {
                guard let storage = child.value as? any ResolvedStorage, storage.resolvedMarker === marker,
                    let label = child.label
                else { continue }
                return label.hasPrefix("_") ? String(label.dropFirst()) : label
            }
            mirror = current.superclassMirror
        }
        return nil
    }
}

/// The storage of a `@Resolved` property, as reflection sees it.
protocol ResolvedStorage {
    var resolvedMarker: ResolvedMarker { get }
    var isResolved: Bool { get }
    /// Where the property is declared: `App/ItemList.swift:3`.
    var declarationSite: String { get }
    var valueType: Any.Type { get }
}

extension Resolved: ResolvedStorage {
    var resolvedMarker: ResolvedMarker { marker }
    var declarationSite: String { site }
    var valueType: Any.Type { Value.self }
}

/// Finds the `@Resolved` properties that no resolver set on a screen about to be shown, so that
/// a screen tree assignment fails before any change instead of the screen stopping the program
/// when it reads one.
@MainActor
enum ResolvedCheck {
    /// The screen classes found to declare no `@Resolved` property (their superclasses
    /// included): reflection runs once per class for them.
    private static var classesWithoutResolved: Set<ObjectIdentifier> = []

    /// The report of the first `@Resolved` property of `screen` that is not set, naming the screen,
    /// the property, the transition that resolved the screen and each resolver tried; `nil` when
    /// every one is set.
    static func unsetReport(for screen: any Screen) -> String? {
        let type = ObjectIdentifier(Swift.type(of: screen))
        if classesWithoutResolved.contains(type) { return nil }
        var declaresAny = false
        var mirror: Mirror? = Mirror(reflecting: screen)
        while let current = mirror {
            for child in current.children {
                guard let storage = child.value as? any ResolvedStorage else { continue }
                declaresAny = true
                guard !storage.isResolved, let label = child.label else { continue }
                let property = label.hasPrefix("_") ? String(label.dropFirst()) : label
                return ResolutionReport.unresolved(
                    screen: screen, property: property, valueType: storage.valueType, site: storage.declarationSite,
                    read: false)
            }
            mirror = current.superclassMirror
        }
        if !declaresAny { classesWithoutResolved.insert(type) }
        return nil
    }
}
