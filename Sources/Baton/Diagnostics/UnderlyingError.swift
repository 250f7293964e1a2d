/// An error your code threw (a route's ``ScreenRoute/makeScreen()``, a resolver), kept typed
/// inside the Baton error that reports it, so that you can cast it.
///
/// ```swift
/// if case .routeFailed(_, let thrown) = failure.error, thrown.error is AppRoute.Unavailable {
///     showOfflineBanner()
/// }
/// // or, whatever the case: failure.error.underlying is AppRoute.Unavailable
/// ```
///
/// Its text is the error's `String(describing:)`, as Baton's messages show it. Two are equal when
/// their errors have the same type and the same text (an `Error` need not be `Equatable`), so the
/// Baton errors that hold one stay `Hashable` and a test can compare them whole.
public struct UnderlyingError: Hashable, Sendable, CustomStringConvertible {
    /// The error as it was thrown, to cast.
    ///
    /// ```swift
    /// thrown.error is AppRoute.Unavailable   // true
    /// ```
    public let error: any Error
    /// The error's text, `String(describing:)`.
    ///
    /// ```swift
    /// thrown.description   // "the server is down"
    /// ```
    public let description: String
    /// The name of the error's type, compared by ``==(_:_:)``.
    private let typeName: String
    /// Whether Baton wrote the reason itself (a factory's screen it refused), not your code.
    let isBatonReason: Bool

    /// Keeps `error`, as a Baton error does when your code throws it.
    ///
    /// ```swift
    /// UnderlyingError(AppRoute.Unavailable())
    /// ```
    ///
    /// - Parameter error: What your code threw.
    public init(_ error: any Error) {
        self.error = error
        self.description = String(describing: error)
        self.typeName = String(reflecting: type(of: error))
        self.isBatonReason = false
    }

    /// A reason Baton gives itself, where no code of yours threw (an adapter refusing what a
    /// factory made): ``error`` is that text, and the errors that hold it have no `underlying`.
    ///
    /// ```swift
    /// UnderlyingError(reason: "it made note, which is already shown; make a new controller")
    /// ```
    ///
    /// - Parameter reason: Baton's reason.
    @_spi(Adapters) public init(reason: String) {
        self.error = BatonReason(description: reason)
        self.description = reason
        self.typeName = "Baton"
        self.isBatonReason = true
    }

    /// The text of a reason Baton gives itself.
    private struct BatonReason: Error, CustomStringConvertible {
        let description: String
    }

    /// Whether both errors have the same type and the same text.
    ///
    /// ```swift
    /// UnderlyingError(AppRoute.Unavailable()) == UnderlyingError(AppRoute.Unavailable())   // true
    /// ```
    ///
    /// - Parameters:
    ///   - lhs: An error.
    ///   - rhs: Another.
    /// - Returns: `true` when type and text match.
    public static func == (lhs: UnderlyingError, rhs: UnderlyingError) -> Bool {
        lhs.typeName == rhs.typeName && lhs.description == rhs.description
    }

    /// Hashes the type and the text, as ``==(_:_:)`` compares them.
    ///
    /// ```swift
    /// let seen: Set<UnderlyingError> = [UnderlyingError(AppRoute.Unavailable())]
    /// ```
    ///
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(typeName)
        hasher.combine(description)
    }
}
