/// Makes screens by name, like a storyboard's `instantiateViewController(withIdentifier:)`.
///
/// ```swift
/// let registry = ScreenRegistry()
/// try registry.register(named: "splash") { SplashScreen() }
/// try registry.register(named: "onboarding") { OnboardingScreen() }
/// let splash = try registry.makeScreen(named: "splash")   // splash.name == "splash"
/// ```
@MainActor
public final class ScreenRegistry {
    private var factories: [String: @MainActor () -> ScreenModel] = [:]

    /// A registry shared by the app, used by ``HoppingScreen`` unless it is given another.
    ///
    /// Inside `withMain(_:operation:)` it is the registry given there, so that
    /// tests running in parallel each have their own.
    ///
    /// ```swift
    /// try ScreenRegistry.main.register(named: "main") { MainScreen() }
    /// ```
    public static var main: ScreenRegistry { BatonScope.registry ?? shared }

    private static let shared = ScreenRegistry()

    /// Makes an empty registry.
    ///
    /// ```swift
    /// let registry = ScreenRegistry()
    /// ```
    public init() {}

    /// The registered names, sorted.
    ///
    /// ```swift
    /// registry.names   // ["main", "onboarding", "splash"]
    /// ```
    public var names: [String] { factories.keys.sorted() }

    /// Registers a factory under `name`.
    ///
    /// ```swift
    /// try registry.register(named: "main") { try! StackScreen(root: HomeScreen()) }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The name, unique in this registry; it becomes the `name` of the screens made.
    ///   - make: Makes a new screen each time it is called.
    /// - Throws: ``ScreenError/duplicateName(_:)`` when the name is taken.
    public func register(named name: String, make: @escaping @MainActor () -> ScreenModel) throws(ScreenError) {
        guard factories[name] == nil else { throw misuse(ScreenError.duplicateName(name)) }
        factories[name] = make
    }

    /// Makes the screen registered as `name`. A screen made without a name takes this one, and
    /// so does its context if it has the default one, so named scopes such as `in: "main"` find
    /// it.
    ///
    /// ```swift
    /// let main = try registry.makeScreen(named: "main")
    /// ```
    ///
    /// - Parameter name: The registered name.
    /// - Returns: A new screen.
    /// - Throws: ``ScreenError/unknownName(_:known:)`` listing the registered names.
    public func makeScreen(named name: String) throws(ScreenError) -> ScreenModel {
        guard let make = factories[name] else {
            throw misuse(ScreenError.unknownName(name, known: names))
        }
        let screen = make()
        if screen.name == nil {
            screen.name = name
            if screen.namesContextAfterType { screen.context.name = name }
        }
        return screen
    }

    /// Whether a factory is registered under `name`.
    ///
    /// ```swift
    /// registry.contains(named: "main")   // true
    /// ```
    ///
    /// - Parameter name: The name to check.
    /// - Returns: `true` when registered.
    public func contains(named name: String) -> Bool { factories[name] != nil }
}
