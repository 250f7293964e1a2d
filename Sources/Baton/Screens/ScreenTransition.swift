/// The kinds of transition the screen tree performs.
///
/// ```swift
/// if transition.kind == .push { … }
/// ```
public enum TransitionKind: String, Sendable, Hashable, CaseIterable {
    /// A screen pushed onto a ``StackScreen``.
    ///
    /// ```swift
    /// try stack.push(detail)
    /// ```
    case push
    /// The top screen popped off a ``StackScreen``; the destination is the new top.
    ///
    /// ```swift
    /// stack.pop()
    /// ```
    case pop
    /// A ``StackScreen``'s screens replaced at once; the destination is the new top.
    ///
    /// ```swift
    /// try stack.setScreens([list, detail])
    /// ```
    case setStack
    /// A tab selected in a ``TabScreen``.
    ///
    /// ```swift
    /// tabs.select(at: 1)
    /// ```
    case selectTab
    /// A screen presented modally.
    ///
    /// ```swift
    /// try main.present(login)
    /// ```
    case present
    /// A presented screen dismissed; the destination is the presenter.
    ///
    /// ```swift
    /// login.dismiss()
    /// ```
    case dismiss
    /// A ``HoppingScreen`` showing its next screen.
    ///
    /// ```swift
    /// try startup.hop(to: splash) { … }
    /// ```
    case hop
    /// A ``ScreenWindow``'s root screen replaced.
    ///
    /// ```swift
    /// try window.setRoot(startup)
    /// ```
    case replaceRoot
    /// A resolution requested by hand between two screens, outside the screen tree
    /// (``DependencyCoordinator/resolveDependencies(from:to:identifier:sender:)``).
    ///
    /// ```swift
    /// try coordinator.resolveDependencies(from: list, to: detail)
    /// ```
    case manual
    /// A storyboard segue begun in `prepare(for:sender:)`, before the framework shows its
    /// destination; the push or presentation the segue then performs takes its place
    /// (`ExternalTransition.begin(_:from:to:…)`, SPI).
    ///
    /// ```swift
    /// try ExternalTransition.begin(.segue, from: list, to: detail, identifier: "showDetail", in: window)
    /// ```
    case segue
    /// A child added to a container that is already shown, outside the container's own
    /// transitions (UIKit's `addChild(_:)` for a container view, a page view controller's new
    /// page, a tab added later). It wires the child to its container and resolves it.
    ///
    /// ```swift
    /// try ExternalTransition.begin(.embed, from: dashboard, to: chart).complete()
    /// ```
    case embed

    /// Whether the transition brings a new screen forward (push, set stack, present, hop,
    /// replace root, select tab). Forward transitions wire contexts and run the dependency
    /// coordinator; pop and dismiss return to a screen that is already wired.
    ///
    /// ```swift
    /// TransitionKind.push.isForward   // true
    /// ```
    public var isForward: Bool {
        switch self {
        case .push, .setStack, .selectTab, .present, .hop, .replaceRoot, .manual, .segue, .embed: true
        case .pop, .dismiss: false
        }
    }
}

/// How a forward transition wires the destination's context to the source's.
///
/// ```swift
/// try main.present(tabs, wiring: .share)   // the tabs write straight into main's context
/// ```
public enum ContextWiring: Sendable, Hashable {
    /// The destination's context becomes a child of the source's, so data flows forward and the
    /// destination can write back through a named scope. The default.
    ///
    /// ```swift
    /// try stack.push(detail)   // detail.context.parent === list.context
    /// ```
    case inherit
    /// The destination uses the source's context itself, so what either sets the other sees
    /// (ControllerContext's "pass data back" by sharing one context).
    ///
    /// ```swift
    /// try stack.push(signup, wiring: .share)   // signup.context === main.context
    /// ```
    case share
    /// The destination's context is left as it is (a self-contained screen).
    ///
    /// ```swift
    /// try hopping.hop(to: splash, wiring: .isolate) { … }
    /// ```
    case isolate
}

/// One transition of the screen tree: its kind, source and destination screens, and the
/// optional identifier (a segue identifier) and sender.
///
/// Transitions are what the dependency coordinator resolves on, and what a ``ScreenWindow`` logs.
///
/// ```swift
/// window.context.observe(TransitionDidComplete.self, owner: self) { owner, record in
///     print(record)   // push: list → detail (showDetail)
/// }
/// ```
@MainActor
public struct ScreenTransition {
    /// What happened.
    ///
    /// ```swift
    /// transition.kind   // .push
    /// ```
    public let kind: TransitionKind
    /// The screen the user leaves, or `nil` when a window receives its first root.
    ///
    /// ```swift
    /// transition.source?.screenName   // "list"
    /// ```
    public let source: (any Screen)?
    /// The screen that appears.
    ///
    /// ```swift
    /// transition.destination.screenName   // "detail"
    /// ```
    public let destination: any Screen
    /// An identifier naming the transition, like a storyboard segue identifier.
    ///
    /// ```swift
    /// try stack.push(detail, identifier: "showDetail")
    /// ```
    public let identifier: String?
    /// The object that triggered the transition, like a segue's sender.
    ///
    /// ```swift
    /// try stack.push(detail, sender: selectedRow)
    /// ```
    public let sender: Any?
    /// The screen the dependency coordinator takes as the source: ``source``, except for a
    /// hopping container's first hop, which has no source but comes from the container.
    var resolutionSource: (any Screen)?

    /// Makes a transition value, for manual dependency resolution or tests.
    ///
    /// ```swift
    /// let transition = ScreenTransition(kind: .push, source: list, destination: detail)
    /// ```
    ///
    /// - Parameters:
    ///   - kind: What happens.
    ///   - source: The screen left behind.
    ///   - destination: The screen that appears.
    ///   - identifier: An optional identifier, like a segue's.
    ///   - sender: An optional sender.
    public init(
        kind: TransitionKind, source: (any Screen)?, destination: any Screen, identifier: String? = nil,
        sender: Any? = nil
    ) {
        self.kind = kind
        self.source = source
        self.destination = destination
        self.identifier = identifier
        self.sender = sender
        self.resolutionSource = source
    }

    /// A record of this transition that does not keep its screens alive.
    ///
    /// ```swift
    /// let record = transition.record
    /// ```
    public var record: TransitionRecord {
        TransitionRecord(
            kind: kind, source: source?.screenName, destination: destination.screenName, identifier: identifier)
    }
}

/// A transition as logged: screen names only, so the log keeps no screen alive.
///
/// ```swift
/// window.transitionLog.map(\.description)   // ["replaceRoot: → startup", "hop: → splash"]
/// ```
public struct TransitionRecord: Hashable, Sendable, CustomStringConvertible {
    /// What happened.
    ///
    /// ```swift
    /// record.kind   // .push
    /// ```
    public let kind: TransitionKind
    /// The source screen's name, `nil` for a window's first root.
    ///
    /// ```swift
    /// record.source   // "list"
    /// ```
    public let source: String?
    /// The destination screen's name.
    ///
    /// ```swift
    /// record.destination   // "detail"
    /// ```
    public let destination: String
    /// The transition's identifier, if any.
    ///
    /// ```swift
    /// record.identifier   // "showDetail"
    /// ```
    public let identifier: String?

    /// Makes a record.
    ///
    /// ```swift
    /// TransitionRecord(kind: .push, source: "list", destination: "detail", identifier: nil)
    /// ```
    ///
    /// - Parameters:
    ///   - kind: What happened.
    ///   - source: The source screen's name.
    ///   - destination: The destination screen's name.
    ///   - identifier: The transition's identifier.
    public init(kind: TransitionKind, source: String?, destination: String, identifier: String?) {
        self.kind = kind
        self.source = source
        self.destination = destination
        self.identifier = identifier
    }

    /// `kind: source → destination (identifier)`, for example `push: list → detail (showDetail)`.
    ///
    /// ```swift
    /// print(record)   // push: list → detail
    /// ```
    public var description: String {
        let from = source.map { "\($0) " } ?? ""
        let id = identifier.map { " (\($0))" } ?? ""
        return "\(kind.rawValue): \(from)→ \(destination)\(id)"
    }
}

/// Posted locally on a ``ScreenWindow``'s context after each transition in that window.
///
/// ```swift
/// window.context.observe(TransitionDidComplete.self, owner: self) { owner, record in
///     owner.log.append(record)
/// }
/// ```
public enum TransitionDidComplete: ContextEvent {
    /// The completed transition.
    ///
    /// ```swift
    /// let record: TransitionDidComplete.Payload = window.transitionLog[0]
    /// ```
    public typealias Payload = TransitionRecord
}

/// Posted locally on a ``ScreenWindow``'s context when a transition fails where its caller
/// cannot be told by a thrown error: one requested during another (and so deferred until that
/// one completed) that fails when it runs, after its caller returned; a tab selection that names
/// no tab, in ``MisuseMode/lenient``.
///
/// ```swift
/// window.context.observe(TransitionDidFail.self, owner: self) { owner, failure in
///     owner.report(failure.error)
/// }
/// ```
public enum TransitionDidFail: ContextEvent {
    /// What was requested, what it waited for, and why it failed.
    ///
    /// ```swift
    /// let failure: TransitionDidFail.Payload
    /// ```
    public typealias Payload = TransitionFailure
}

/// A transition that failed where its caller could not be told: deferred and failed when it
/// ran, or a tab selection that names no tab.
///
/// ```swift
/// failure.description
/// // "push of list from stack, deferred until push: list → detail completed, failed: …"
/// ```
public struct TransitionFailure: Hashable, Sendable, CustomStringConvertible {
    /// The transition that was requested, as `push of detail from stack`.
    ///
    /// ```swift
    /// failure.request   // "push of detail from stack"
    /// ```
    public let request: String
    /// The transition that was running when it was requested, for a deferred one; `nil` for
    /// one that ran at once.
    ///
    /// ```swift
    /// failure.inProgress   // "push: list → detail"
    /// ```
    public let inProgress: String?
    /// Why it failed.
    ///
    /// ```swift
    /// failure.error   // .alreadyInHierarchy(screen: "list", container: "stack")
    /// ```
    public let error: ScreenError

    /// A sentence naming the request, what it waited for and the error.
    ///
    /// ```swift
    /// print(failure)
    /// ```
    public var description: String {
        guard let inProgress else { return "\(request) failed: \(error.description)" }
        return "\(request), deferred until \(inProgress) completed, failed: \(error.description)"
    }
}
