/// A type that names an event posted through a ``ScreenContext`` and fixes its payload's type.
///
/// ProContext's `Notification.Name` and `post(name:object:)` become typed events:
///
/// ```swift
/// enum TotalWeightChanged: ContextEvent {
///     typealias Payload = Double
/// }
///
/// context.observe(TotalWeightChanged.self, owner: self) { owner, total in owner.update(total) }
/// context.post(TotalWeightChanged.self, 42.5)
/// ```
///
/// An event without a payload leaves `Payload` as `Void` and is posted with
/// ``ScreenContext/post(_:reach:)``.
public protocol ContextEvent {
    /// The type of the value each post carries; `Void` by default.
    ///
    /// ```swift
    /// enum Saved: ContextEvent {}   // Payload == Void
    /// ```
    associatedtype Payload = Void

    /// A readable name used in dumps and messages; by default the event type's name.
    ///
    /// ```swift
    /// TotalWeightChanged.name   // "TotalWeightChanged"
    /// ```
    static var name: String { get }
}

extension ContextEvent {
    /// The event type's own name.
    ///
    /// ```swift
    /// enum Saved: ContextEvent {}
    /// Saved.name   // "Saved"
    /// ```
    public static var name: String { String(describing: Self.self) }
}

/// Which contexts a post reaches, relative to the posting context.
///
/// ```swift
/// context.post(Saved.self, reach: .local)   // only observers on `context` itself
/// ```
public enum EventReach: Sendable, Hashable, CaseIterable {
    /// The posting context, all its ancestors and all its descendants (ProContext's behaviour).
    ///
    /// ```swift
    /// context.post(Saved.self, reach: .tree)
    /// ```
    case tree
    /// The posting context only.
    ///
    /// ```swift
    /// context.post(Saved.self, reach: .local)
    /// ```
    case local
    /// The posting context and its ancestors up to the root.
    ///
    /// ```swift
    /// context.post(Saved.self, reach: .ancestors)
    /// ```
    case ancestors
    /// The posting context and all its descendants.
    ///
    /// ```swift
    /// context.post(Saved.self, reach: .descendants)
    /// ```
    case descendants
}

/// One post of an event as an observer of whole posts sees it: the payload, which event it is
/// and the context that posted it (ProContext's `Notification` with its `origin`).
///
/// ```swift
/// context.observePosts(of: TotalWeightChanged.self, owner: self) { owner, post in
///     print(post.eventName, post.payload, post.origin.name ?? "(unnamed)")
/// }
/// ```
@MainActor
public struct ContextPost<Payload> {
    /// The event's type.
    ///
    /// ```swift
    /// post.event == Saved.self
    /// ```
    public let event: any ContextEvent.Type
    /// The context ``ScreenContext/post(_:_:reach:)`` was called on.
    ///
    /// ```swift
    /// post.origin === form   // posted by form
    /// ```
    public let origin: ScreenContext
    /// The payload.
    ///
    /// ```swift
    /// let total = post.payload
    /// ```
    public let payload: Payload

    /// The event's readable name, ``ContextEvent/name``.
    ///
    /// ```swift
    /// post.eventName   // "Saved"
    /// ```
    public var eventName: String { event.name }

    /// Whether this is a post of `event`.
    ///
    /// ```swift
    /// if post.is(Saved.self) { … }
    /// ```
    ///
    /// - Parameter event: The event to compare with.
    /// - Returns: `true` when the post is of that event.
    public func `is`<Event: ContextEvent>(_ event: Event.Type) -> Bool {
        ObjectIdentifier(self.event) == ObjectIdentifier(event)
    }
}

/// The context whose post is being delivered, for ``ContextPost/origin``; set for the duration of
/// each post, nested posts included.
@MainActor
enum PostOrigin {
    /// Unretained (retaining it cost two atomic operations per post, on the context's side
    /// table): the context is the receiver of a running `post`, which its caller keeps alive
    /// until `post` returns, and `post` sets the outer origin back before it returns.
    static var current: Unmanaged<ScreenContext>?

    /// The origin of the post being delivered. Only observers of posts ask, and they run only
    /// inside a post.
    static var context: ScreenContext { current!.takeUnretainedValue() }
}

/// Counts posts, so that an observer registered during a post, on any context, is not called by
/// it (it is stamped with the count, and a post reaches only observers stamped before it).
@MainActor
enum PostClock {
    static var now: UInt64 = 0
}
