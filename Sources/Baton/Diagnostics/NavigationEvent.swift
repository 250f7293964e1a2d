/// Why a navigation happened: the user, a link, a restoration, an assignment or a screen's own call.
///
/// Every ``NavigationEvent`` carries one, so that analytics can tell a swipe back from a
/// "Done" button and a crash report can say which link brought the user where they crashed.
///
/// ```swift
/// window.onNavigation = { event in
///     if case .link(let url) = event.cause { analytics.track("opened", url) }
/// }
/// ```
public enum NavigationCause: Hashable, Sendable, CustomStringConvertible {
    /// A screen's own call (a push, a presentation, a `finish`), naming the screen: the one
    /// that finished, or else the transition's source (the screen the user leaves), or its
    /// destination when there is none.
    ///
    /// ```swift
    /// try stack.push(detail)   // .call(screen: "list")
    /// ```
    case call(screen: String)
    /// A gesture the user made, reported by UIKit or SwiftUI.
    ///
    /// ```swift
    /// NavigationCause.gesture(.swipeBack)
    /// ```
    case gesture(NavigationGesture)
    /// A link, with its URL (``ScreenWindow/open(_:with:)``).
    ///
    /// ```swift
    /// try window.open("tasks://list/7", with: AppRoute.links)   // .link(url: "tasks://list/7")
    /// ```
    case link(url: String)
    /// The screens saved by the last run, restored (``ScreenWindow/restoreScreenTree(_:as:)``).
    ///
    /// ```swift
    /// window.launch(AppRoute.main, restoring: saved)   // .restoration
    /// ```
    case restoration
    /// A screen tree the app assigned (``ScreenWindow/navigate(to:)``).
    ///
    /// ```swift
    /// try window.navigate(to: tree)   // .assignment
    /// ```
    case assignment

    /// `call by list`, `gesture swipeBack`, `link tasks://list/7`, `restoration`, `assignment`.
    ///
    /// ```swift
    /// NavigationCause.link(url: "tasks://list/7").description   // "link tasks://list/7"
    /// ```
    public var description: String {
        switch self {
        case .call(let screen): "call by \(screen)"
        case .gesture(let gesture): "gesture \(gesture.rawValue)"
        case .link(let url): "link \(url)"
        case .restoration: "restoration"
        case .assignment: "assignment"
        }
    }
}

/// The user gestures that UIKit and SwiftUI report to Baton.
///
/// ```swift
/// if event.cause == .gesture(.swipeBack) { analytics.track("swiped back") }
/// ```
public enum NavigationGesture: String, Hashable, Sendable, CaseIterable {
    /// UIKit's interactive pop: the user swiped from the left edge (its transition coordinator
    /// is interactive, `UIViewControllerTransitionCoordinator.h`'s `isInteractive`).
    ///
    /// ```swift
    /// NavigationCause.gesture(.swipeBack)
    /// ```
    case swipeBack
    /// A sheet the user swiped down: UIKit dismissed it without a `dismiss` call, or SwiftUI set
    /// the presentation's item binding to `nil`.
    ///
    /// ```swift
    /// NavigationCause.gesture(.sheetSwipe)
    /// ```
    case sheetSwipe
    /// SwiftUI's `NavigationStack` wrote a shorter path: its back button or its swipe back.
    ///
    /// ```swift
    /// NavigationCause.gesture(.navigationPath)
    /// ```
    case navigationPath
    /// SwiftUI's `NavigationLink(value:)` appended to the path: the user tapped a link.
    ///
    /// ```swift
    /// NavigationCause.gesture(.navigationLink)
    /// ```
    case navigationLink
}

/// One step of a window's navigation as a value: what happened, from where to where, why, the
/// resolvers it ran, the result it delivered and how long it took.
///
/// A window reports them to its ``ScreenWindow/onNavigation`` observer and its
/// ``ScreenWindow/navigationEvents(buffering:)`` streams, and keeps the newest in
/// ``ScreenWindow/recentNavigationEvents`` while one of them is on. When none is, nothing is
/// made: navigation costs what it costs without them.
///
/// ```swift
/// window.onNavigation = { event in
///     print(event)   // push: list → detail (call by list)
/// }
/// ```
///
/// Two events are equal when they record the same step; ``nanoseconds`` is not compared, so that
/// tests can assert whole events.
public struct NavigationEvent: Hashable, Sendable, CustomStringConvertible {
    /// What a ``NavigationEvent`` records.
    ///
    /// ```swift
    /// if case .transition(.pop) = event.action { … }
    /// ```
    public enum Action: Hashable, Sendable, CustomStringConvertible {
        /// A transition of the screen tree.
        ///
        /// ```swift
        /// NavigationEvent.Action.transition(.push)
        /// ```
        case transition(TransitionKind)
        /// A screen tree assignment (a link, a restoration, ``ScreenWindow/navigate(to:)``), with
        /// the tree asked for; its transitions follow as events of their own, with the same cause.
        ///
        /// ```swift
        /// NavigationEvent.Action.navigation(to: "startup/main{*tasks[list]}")
        /// ```
        case navigation(to: String)
        /// A lifecycle callback of the ``NavigationEvent/destination`` screen.
        ///
        /// ```swift
        /// NavigationEvent.Action.lifecycle(.didAppear)
        /// ```
        case lifecycle(LifecyclePhase)

        /// `push`, `navigation to main`, `didAppear`.
        ///
        /// ```swift
        /// NavigationEvent.Action.transition(.push).description   // "push"
        /// ```
        public var description: String {
            switch self {
            case .transition(let kind): kind.rawValue
            case .navigation(let tree): "navigation to \(tree)"
            case .lifecycle(let phase): phase.rawValue
            }
        }
    }

    /// How a step ended.
    ///
    /// ```swift
    /// if case .failed(let reason) = event.outcome { crashReporter.breadcrumb(reason) }
    /// ```
    public enum Outcome: Hashable, Sendable, CustomStringConvertible {
        /// The step happened.
        ///
        /// ```swift
        /// event.outcome == .completed
        /// ```
        case completed
        /// A screen tree assignment waits for the named start-up flow to reach its main screen, or,
        /// in a UIKit window, for the named transition UIKit runs ("the interactive pop of feed").
        ///
        /// ```swift
        /// event.outcome == .waiting(for: "startup")
        /// ```
        case waiting(for: String)
        /// A screen tree assignment was requested during a transition and runs right after it.
        ///
        /// ```swift
        /// event.outcome == .queued
        /// ```
        case queued
        /// The step failed and changed nothing; the error's description.
        ///
        /// ```swift
        /// event.outcome == .failed("…")
        /// ```
        case failed(String)

        /// `completed`, `waiting for startup`, `queued`, `failed: …`.
        ///
        /// ```swift
        /// NavigationEvent.Outcome.queued.description   // "queued"
        /// ```
        public var description: String {
            switch self {
            case .completed: "completed"
            case .waiting(let flow): "waiting for \(flow)"
            case .queued: "queued"
            case .failed(let reason): "failed: \(reason)"
            }
        }
    }

    /// What happened.
    ///
    /// ```swift
    /// event.action   // .transition(.push)
    /// ```
    public let action: Action
    /// The screen left behind, by name; `nil` for a window's first root, an assignment and a
    /// lifecycle callback.
    ///
    /// ```swift
    /// event.source   // "list"
    /// ```
    public let source: String?
    /// The screen that appears (or, for a lifecycle callback, receives it), by name; `nil` for
    /// an assignment.
    ///
    /// ```swift
    /// event.destination   // "detail"
    /// ```
    public let destination: String?
    /// Why it happened.
    ///
    /// ```swift
    /// event.cause   // .gesture(.swipeBack)
    /// ```
    public let cause: NavigationCause
    /// The summaries of the resolvers the transition ran, in order (see
    /// ``DependencyCoordinator/resolutionLog``).
    ///
    /// ```swift
    /// event.resolutions   // ["direct: ListScreen → DetailScreen (App.swift:12)"]
    /// ```
    public let resolutions: [String]
    /// The result a finished screen delivered (`finish(with:)`), described; `nil` when none.
    ///
    /// ```swift
    /// event.result   // "byDate"
    /// ```
    public let result: String?
    /// The type of ``result`` (`String`, `SortOrder`): all that ``description`` prints of it, so
    /// that a log, a breadcrumb or a CI failure never shows the value itself (a user, a token).
    ///
    /// ```swift
    /// event.resultType   // "SortOrder"
    /// ```
    public let resultType: String?
    /// How it ended.
    ///
    /// ```swift
    /// event.outcome   // .completed
    /// ```
    public let outcome: Outcome
    /// How long it took in nanoseconds, from its request to its completion (for a transition
    /// UIKit animates, until the animation ended); 0 where the system has no `ContinuousClock`
    /// (before iOS 16). Not compared by `==`.
    ///
    /// ```swift
    /// event.nanoseconds < 16_000_000
    /// ```
    public let nanoseconds: Int64

    /// ``nanoseconds`` as a `Duration`.
    ///
    /// ```swift
    /// event.duration < .milliseconds(16)
    /// ```
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    public var duration: Duration { .nanoseconds(nanoseconds) }

    /// Makes an event, for tests that compare whole events.
    ///
    /// ```swift
    /// NavigationEvent(.transition(.push), from: "list", to: "detail", cause: .call(screen: "list"))
    /// ```
    ///
    /// - Parameters:
    ///   - action: What happened.
    ///   - source: The screen left behind.
    ///   - destination: The screen that appears.
    ///   - cause: Why.
    ///   - resolutions: The resolvers it ran.
    ///   - result: The result delivered, described.
    ///   - resultType: The type of the result.
    ///   - outcome: How it ended.
    ///   - nanoseconds: How long it took.
    public init(
        _ action: Action, from source: String? = nil, to destination: String? = nil, cause: NavigationCause,
        resolutions: [String] = [], result: String? = nil, resultType: String? = nil,
        outcome: Outcome = .completed, nanoseconds: Int64 = 0
    ) {
        self.action = action
        self.source = source
        self.destination = destination
        self.cause = cause
        self.resolutions = resolutions
        self.result = result
        self.resultType = resultType
        self.outcome = outcome
        self.nanoseconds = nanoseconds
    }

    /// `push: list → detail (call by list)`, with the resolvers, the result's type and the
    /// outcome when there are any; the result's value (kept in ``result``) and the duration are
    /// left out, so that the text leaks no user data and is the same on every run.
    ///
    /// ```swift
    /// print(event)   // pop: detail → list (gesture swipeBack) result SortOrder
    /// ```
    public var description: String {
        var text: String
        switch action {
        case .navigation: text = action.description
        case .lifecycle: text = "\(destination ?? "?").\(action)"
        case .transition:
            let from = source.map { "\($0) " } ?? ""
            text = "\(action): \(from)→ \(destination ?? "?")"
        }
        text += " (\(cause))"
        if !resolutions.isEmpty { text += " resolved by [\(resolutions.joined(separator: ", "))]" }
        if result != nil || resultType != nil { text += " result \(resultType ?? "value")" }
        if outcome != .completed { text += " \(outcome)" }
        return text
    }

    /// Compares everything but ``nanoseconds``.
    ///
    /// ```swift
    /// event == NavigationEvent(.transition(.push), from: "list", to: "detail", cause: .call(screen: "list"))
    /// ```
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.action == rhs.action && lhs.source == rhs.source && lhs.destination == rhs.destination
            && lhs.cause == rhs.cause && lhs.resolutions == rhs.resolutions && lhs.result == rhs.result
            && lhs.resultType == rhs.resultType
            && lhs.outcome == rhs.outcome
    }

    /// Hashes everything but ``nanoseconds``.
    ///
    /// ```swift
    /// let seen: Set<NavigationEvent> = [event]
    /// ```
    public func hash(into hasher: inout Hasher) {
        hasher.combine(action)
        hasher.combine(source)
        hasher.combine(destination)
        hasher.combine(cause)
        hasher.combine(resolutions)
        hasher.combine(result)
        hasher.combine(resultType)
        hasher.combine(outcome)
    }
}
