/// Why an awaited screen's result never came: the transition that took the screen out of the
/// screen tree, the release of what held it, or the cancellation of the awaiting task.
///
/// ```swift
/// do {
///     order = try await list.present(SortScreen(), returning: SortOrder.self)
/// } catch .cancelled(_, .transition(let record)) {
///     print(record)   // dismiss: sort → list (the user swiped the sheet down)
/// }
/// ```
public enum CancellationReason: Hashable, Sendable, CustomStringConvertible {
    /// A transition took the screen out of the tree before it finished: a pop (the back button,
    /// the swipe back, a pop from elsewhere), a dismissal (a sheet swiped down), a hop to the
    /// next step, a window's root replaced, or any of these on a container around it.
    ///
    /// ```swift
    /// CancellationReason.transition(TransitionRecord(kind: .pop, source: "sort", destination: "list", identifier: nil))
    /// ```
    case transition(TransitionRecord)
    /// The container, window or hopping container that held the screen was released.
    ///
    /// ```swift
    /// window = nil   // an awaited screen in it ends with .released
    /// ```
    case released
    /// A hopping container that a UI framework shows (a ``HopFlowContainer``) left the screen
    /// tree, and its awaited step with it (``HopFlow/containerLeftTree()``).
    ///
    /// ```swift
    /// CancellationReason.containerLeft("startup")
    /// ```
    case containerLeft(String)
    /// The awaiting task was cancelled; the screen stays where it is.
    ///
    /// ```swift
    /// task.cancel()   // the await ends with .taskCancelled
    /// ```
    case taskCancelled

    /// Why, as a clause: `pop: sort → list took it out of the screen tree`.
    ///
    /// ```swift
    /// print(CancellationReason.taskCancelled)   // the awaiting task was cancelled
    /// ```
    public var description: String {
        switch self {
        case .transition(let record): "\(record) took it out of the screen tree"
        case .released: "what held it was released"
        case .containerLeft(let container): "its container \(container) left the screen tree"
        case .taskCancelled: "the awaiting task was cancelled"
        }
    }
}
