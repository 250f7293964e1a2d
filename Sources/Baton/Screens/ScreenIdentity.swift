/// The identity of one screen object, as a value: what a UI framework's navigation path,
/// `sheet(item:)` or `TabView` selection holds for a screen that Baton manages.
///
/// Two identities are equal when they name the same screen object. An identity does not keep
/// its screen alive, and it never names a screen made later at the same address: a
/// ``ScreenModel`` carries a serial number of its own, which the identity holds beside the
/// object's address (another screen type is identified by its address alone).
///
/// ```swift
/// let detail = DetailScreen()
/// try stack.push(detail)
/// stack.navigationPath == [ScreenIdentity(detail)]   // true
/// ```
@_spi(Adapters) public struct ScreenIdentity: Hashable, Sendable, Identifiable, CustomStringConvertible {
    let object: ObjectIdentifier
    /// The object's serial number (``IdentitySerial``): a new object at a freed one's address
    /// has another.
    let serial: UInt64
    private let name: String

    /// The identity of `screen`.
    ///
    /// ```swift
    /// ScreenIdentity(detail) == ScreenIdentity(detail)   // true
    /// ```
    ///
    /// - Parameter screen: The screen to identify.
    @MainActor
    public init(_ screen: any Screen) {
        // A screen a link pushed keeps the link's identity while it is shown, so that the
        // navigation path a UI framework holds does not change when the link's screen is made.
        if let link = (screen as? ScreenModel)?.linkIdentity {
            self = link
            return
        }
        self.object = ObjectIdentifier(screen)
        self.serial = (screen as? ScreenModel)?.identitySerial ?? 0
        self.name = screen.screenName
    }

    /// An identity that a link holds for the screen it will show (a link's `identity`).
    init(object: ObjectIdentifier, serial: UInt64, name: String) {
        self.object = object
        self.serial = serial
        self.name = name
    }

    /// The identity itself, so that it can drive `sheet(item:)`.
    ///
    /// ```swift
    /// ScreenIdentity(detail).id == ScreenIdentity(detail)   // true
    /// ```
    public var id: Self { self }

    /// The screen's name, for logs: `detail`.
    ///
    /// ```swift
    /// print(ScreenIdentity(detail))   // detail
    /// ```
    public var description: String { name }

    /// Equal when both name the same screen object.
    ///
    /// ```swift
    /// ScreenIdentity(detail) == ScreenIdentity(other)   // false
    /// ```
    public static func == (lhs: ScreenIdentity, rhs: ScreenIdentity) -> Bool {
        lhs.object == rhs.object && lhs.serial == rhs.serial
    }

    /// Hashes the screen object's identity.
    ///
    /// ```swift
    /// let seen: Set = [ScreenIdentity(detail)]
    /// ```
    public func hash(into hasher: inout Hasher) {
        hasher.combine(object)
        hasher.combine(serial)
    }
}

/// Serial numbers for the objects a ``ScreenIdentity`` names, so that an object made at the
/// address of a freed one never takes its identity.
@MainActor
enum IdentitySerial {
    // Main-actor state; no user code runs during an access.
    @exclusivity(unchecked) private static var last: UInt64 = 0

    /// A number no object had before.
    static func next() -> UInt64 {
        last &+= 1
        return last
    }
}
