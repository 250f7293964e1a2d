/// Makes screens by identifier, like a storyboard's `instantiateViewController(withIdentifier:)`.
///
/// ```swift
/// let registry = ScreenRegistry()
/// try registry.register("splash") { SplashScreen() }
/// try registry.register("onboarding") { OnboardingScreen() }
/// let splash = try registry.makeScreen("splash")   // splash.name == "splash"
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
    /// try ScreenRegistry.main.register("main") { MainScreen() }
    /// ```
    public static var main: ScreenRegistry { BatonScope.registry ?? shared }

    private static let shared = ScreenRegistry()

    /// Makes an empty registry.
    ///
    /// ```swift
    /// let registry = ScreenRegistry()
    /// ```
    public init() {}

    /// The registered identifiers, sorted.
    ///
    /// ```swift
    /// registry.identifiers   // ["main", "onboarding", "splash"]
    /// ```
    public var identifiers: [String] { factories.keys.sorted() }

    /// Registers a factory under `identifier`.
    ///
    /// ```swift
    /// try registry.register("main") { try! StackScreen(root: HomeScreen()) }
    /// ```
    ///
    /// - Parameters:
    ///   - identifier: The identifier, unique in this registry.
    ///   - make: Makes a new screen each time it is called.
    /// - Throws: ``ScreenError/duplicateIdentifier(_:)`` when the identifier is taken.
    public func register(_ identifier: String, make: @escaping @MainActor () -> ScreenModel) throws(ScreenError) {
        guard factories[identifier] == nil else { throw misuse(ScreenError.duplicateIdentifier(identifier)) }
        factories[identifier] = make
    }

    /// Makes the screen registered as `identifier`. A screen made without an identifier takes
    /// this one, and so does its context if it has the default one, so named scopes such as
    /// `in: "main"` find it.
    ///
    /// ```swift
    /// let main = try registry.makeScreen("main")
    /// ```
    ///
    /// - Parameter identifier: The registered identifier.
    /// - Returns: A new screen.
    /// - Throws: ``ScreenError/unknownIdentifier(_:known:)`` listing the known identifiers.
    public func makeScreen(_ identifier: String) throws(ScreenError) -> ScreenModel {
        guard let make = factories[identifier] else {
            throw misuse(ScreenError.unknownIdentifier(identifier, known: identifiers))
        }
        let screen = make()
        if screen.name == nil {
            screen.name = identifier
            if screen.namesContextAfterType { screen.context.name = identifier }
        }
        return screen
    }

    /// Whether a factory is registered under `identifier`.
    ///
    /// ```swift
    /// registry.contains("main")   // true
    /// ```
    ///
    /// - Parameter identifier: The identifier to check.
    /// - Returns: `true` when registered.
    public func contains(_ identifier: String) -> Bool { factories[identifier] != nil }
}
