/// Why a screen tree could not be read, assigned, decoded or opened from a URL: what was asked,
/// where, and what exists instead.
///
/// A failed assignment changes nothing: the error names the step that could not be made.
///
/// ```swift
/// do {
///     try window.navigate(to: tree)
/// } catch {
///     print(error)
///     // Could not make item(id: 42) for push onto feed at main{feed}: the factory threw
///     // "no item 42". Nothing changed.
/// }
/// ```
public enum NavigationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Screens in the window have no route of the type asked for: neither were they made by
    /// ``ScreenRoute/screen()``, nor does their type adopt ``RoutedScreen``.
    ///
    /// ```swift
    /// try window.screenTree(AppRoute.self)   // throws when a screen was pushed without a route
    /// ```
    case screensWithoutRoute([String], routeType: String)
    /// View controllers in a UIKit window have no route of the type asked for: they were made
    /// neither by `viewController()` nor by a storyboard segue given its route with
    /// `segue.setDestinationRoute(_:root:)`.
    ///
    /// ```swift
    /// try window.screenTree(AppRoute.self)   // throws when a controller was pushed without a route
    /// ```
    case viewControllersWithoutRoute([String], routeType: String)
    /// A route's ``ScreenRoute/makeScreen()`` threw, or made a screen already shown elsewhere.
    /// `reason` is what it threw, typed (read ``underlying``), or Baton's reason for refusing the
    /// screen it made.
    ///
    /// ```swift
    /// NavigationError.factoryFailed(
    ///     step: "push onto feed at main", route: "item(id: 42)", reason: UnderlyingError(AppRoute.Unavailable()))
    /// ```
    case factoryFailed(step: String, route: String, reason: UnderlyingError)
    /// The screen a route makes (or the screen kept for it) cannot show what the tree asks for:
    /// the tree asks for a stack and the route makes a plain screen, or other tabs.
    ///
    /// ```swift
    /// NavigationError.doesNotFit(step: "root", route: "item(id: 42)", expected: "a stack", found: "ItemScreen")
    /// ```
    case doesNotFit(step: String, route: String, expected: String, found: String)
    /// Wiring or resolving a new screen failed (a resolver threw, a context conflicted), as the
    /// push, presentation, hop or root change that shows it would have failed.
    ///
    /// ```swift
    /// NavigationError.transitionFailed(step: "push onto feed", route: "item(id: 42)", error: screenError)
    /// ```
    case transitionFailed(step: String, route: String, error: ScreenError)
    /// A new screen has a ``Resolved`` property that no resolver set when it was resolved: shown,
    /// it would stop the program when it reads the property. `report` names the screen, the
    /// property and where it is declared, the transition that resolved it and each resolver
    /// tried, with the reason it did not set the property.
    ///
    /// ```swift
    /// NavigationError.unresolvedDependency(
    ///     step: "push onto feed at feed", route: "item(id: 42)",
    ///     report: "ItemScreen.store (@Resolved ItemStore, App/Item.swift:3) is not set by any resolver. …")
    /// ```
    case unresolvedDependency(step: String, route: String, report: String)
    /// UIKit runs a presentation or a dismissal that the assignment cannot wait for, or refused a
    /// call the assignment made (UIKit refuses `present` and `dismiss` while one runs); `reason`
    /// says what was changed, if anything.
    ///
    /// ```swift
    /// NavigationError.refusedByUIKit(
    ///     step: "dismissal from list", reason: "it presents share, which UIKit did not dismiss; nothing changed")
    /// ```
    case refusedByUIKit(step: String, reason: String)
    /// The tree cannot exist: a tab index out of range, two presentations in one container.
    ///
    /// ```swift
    /// NavigationError.invalidTree(step: "main", reason: "tab 3 is selected, but there are 2 tabs")
    /// ```
    case invalidTree(step: String, reason: String)
    /// Saved data in a format newer than this version of Baton reads.
    ///
    /// ```swift
    /// NavigationError.unsupportedFormat(found: 2, supported: 1)
    /// ```
    case unsupportedFormat(found: Int, supported: Int)
    /// Saved data that is not a screen tree: truncated, not JSON, missing fields.
    ///
    /// ```swift
    /// NavigationError.unreadable(reason: "The data couldn't be read because it isn't in the correct format.")
    /// ```
    case unreadable(reason: String)
    /// A part of a saved tree that was left out when it was restored, because it no longer fits:
    /// its route is unknown, its screen cannot be made, or it cannot be shown there.
    ///
    /// ```swift
    /// NavigationError.dropped(path: "main > feed[1]", reason: "unknown route item(id:)")
    /// ```
    case dropped(path: String, reason: String)
    /// A part of a tree that was left out when it was saved, with the screens it holds: its
    /// screen has no route, its route cannot be encoded, or it is nested deeper than
    /// ``SavedScreenTree/maximumDepth``. The rest of the tree is saved
    /// (``SavedScreenTree/leftOut``).
    ///
    /// ```swift
    /// NavigationError.notSaved(path: "main > feed > AlertScreen", reason: "it has no AppRoute route")
    /// ```
    case notSaved(path: String, reason: String)
    /// A URL that matches none of the app's link patterns.
    ///
    /// ```swift
    /// NavigationError.unknownLink("myapp://nowhere", known: ["myapp://item/{id}"])
    /// ```
    case unknownLink(String, known: [String])
    /// A URL that matches a pattern except for one part, such as a number that is not one.
    ///
    /// ```swift
    /// NavigationError.malformedLink("geo:91,0", part: "91", reason: "latitude is outside -90…90")
    /// ```
    case malformedLink(String, part: String, reason: String)
    /// A link pattern that cannot work: a placeholder that names no field of its route, two
    /// placeholders with nothing between them.
    ///
    /// ```swift
    /// NavigationError.invalidLinkPattern("myapp://item/{identifier}", reason: "item(id: 0) has no field identifier")
    /// ```
    case invalidLinkPattern(String, reason: String)
    /// No link pattern prints the route on top of the tree.
    ///
    /// ```swift
    /// NavigationError.noLink(route: "settings", known: ["myapp://item/{id}"])
    /// ```
    case noLink(route: String, known: [String])
    /// The app's own `NavigationLink(value: route)` was tapped in a Baton stack: its path holds
    /// the stack's screens, so the link cannot push; `ScreenLink(value: route)` is the link that
    /// pushes the route's screen.
    ///
    /// ```swift
    /// NavigationError.navigationLinkToRoute("item(id: 3)", routeType: "AppRoute", stack: "main")
    /// ```
    case navigationLinkToRoute(String, routeType: String, stack: String)

    /// The error your code threw that this one reports (a route's ``ScreenRoute/makeScreen()``,
    /// a resolver run for a new screen), as it was thrown; `nil` when Baton itself refused.
    ///
    /// ```swift
    /// do { try window.navigate(to: tree) } catch { if error.underlying is AppRoute.Unavailable { … } }
    /// ```
    public var underlying: (any Error)? {
        switch self {
        case .factoryFailed(_, _, let reason): reason.isBatonReason ? nil : reason.error
        case .transitionFailed(_, _, let error): error.underlying
        default: nil
        }
    }

    /// The diagnostic message.
    ///
    /// ```swift
    /// print(NavigationError.unsupportedFormat(found: 2, supported: 1))
    /// ```
    public var description: String {
        switch self {
        case .screensWithoutRoute(let screens, let routeType):
            return "These screens have no \(routeType) route: \(screens.joined(separator: "; ")). Make them with"
                + " route.screen(), or adopt RoutedScreen in their types."
        case .viewControllersWithoutRoute(let controllers, let routeType):
            return "These view controllers have no \(routeType) route: \(controllers.joined(separator: "; "))."
                + " Make them through their routes (\(routeType).….viewController()); for a storyboard segue's"
                + " destination, name its route in prepare(for:sender:) (segue.setDestinationRoute(\(routeType).…))."
                + " One meant to have none (an alert, a share sheet, a controller whose isRouteless is true) is left"
                + " out when the window's tree is saved (saveScreenTree(_:)), not when it is read."
        case .factoryFailed(let step, let route, let reason):
            return "Could not make \(route) for \(step): \(reason). Nothing changed."
        case .doesNotFit(let step, let route, let expected, let found):
            return "\(route) at \(step) cannot show what the tree asks for: expected \(expected), found \(found)."
                + " Nothing changed."
        case .transitionFailed(let step, let route, let error):
            return "Could not show \(route) for \(step): \(error.description) Nothing changed."
        case .unresolvedDependency(let step, let route, let report):
            return "Could not show \(route) for \(step): a required dependency is not set. \(report)\nNothing changed."
        case .refusedByUIKit(let step, let reason):
            return "UIKit refused the \(step): \(reason)."
        case .invalidTree(let step, let reason):
            return "The tree cannot be shown at \(step): \(reason). Nothing changed."
        case .unsupportedFormat(let found, let supported):
            return "The saved screen tree has format \(found); this version of Baton reads format \(supported)"
                + " and older. Nothing was restored."
        case .unreadable(let reason):
            return "The saved screen tree cannot be read: \(reason). Nothing was restored."
        case .dropped(let path, let reason):
            let part = path.isEmpty ? "the root" : path
            return "Left out \(part) when restoring: \(reason)" + (reason.hasSuffix(".") ? "" : ".")
        case .notSaved(let path, let reason):
            let part = path.isEmpty ? "the root" : path
            return "Left out \(part) when saving: \(reason)" + (reason.hasSuffix(".") ? "" : ".")
        case .unknownLink(let url, let known):
            return "No link pattern matches \(url). " + ContextError.listing("Known patterns", known, quoted: false)
        case .malformedLink(let url, let part, let reason):
            return "The link \(url) is wrong at \"\(part)\": \(reason)."
        case .invalidLinkPattern(let pattern, let reason):
            return "The link pattern \(pattern) cannot work: \(reason). Fix the pattern where the links are declared."
        case .noLink(let route, let known):
            return "No link pattern prints \(route). " + ContextError.listing("Known patterns", known, quoted: false)
        case .navigationLinkToRoute(let route, let routeType, let stack):
            return "NavigationLink(value: \(route)) in the stack \(stack) does nothing: a Baton stack's path holds its"
                + " screens, not \(routeType) values. Use ScreenLink(value: \(route)), which pushes the route's screen"
                + " through Baton. Nothing was shown."
        }
    }
}

/// Posted locally on a ``ScreenWindow``'s context when a screen tree assignment failed after its
/// caller had returned: one requested during a transition (queued until it completed), or one
/// that waited for a start-up flow to reach its main screen.
///
/// ```swift
/// window.context.observe(NavigationDidFail.self, owner: self) { owner, failure in
///     owner.report(failure.error)
/// }
/// ```
public enum NavigationDidFail: ContextEvent {
    /// What was requested and why it failed.
    ///
    /// ```swift
    /// let failure: NavigationDidFail.Payload
    /// ```
    public typealias Payload = NavigationFailure
}

/// A screen tree assignment that failed after its caller had returned.
///
/// ```swift
/// failure.description   // "navigation to main{…}, waiting for startup, failed: …"
/// ```
public struct NavigationFailure: Hashable, Sendable, CustomStringConvertible {
    /// What was requested: `navigation to main{*feed, settings}`.
    ///
    /// ```swift
    /// failure.request
    /// ```
    public let request: String
    /// What it waited for: a running transition, or a start-up flow.
    ///
    /// ```swift
    /// failure.waitedFor   // "startup reaching its main screen"
    /// ```
    public let waitedFor: String
    /// Why it failed.
    ///
    /// ```swift
    /// failure.error
    /// ```
    public let error: NavigationError

    /// A sentence naming the request, what it waited for and the error.
    ///
    /// ```swift
    /// print(failure)
    /// ```
    public var description: String { "\(request), which waited for \(waitedFor), failed: \(error.description)" }
}
