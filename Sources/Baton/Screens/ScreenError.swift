/// A failed or refused change of the screen tree or a hopping flow: what was asked, on which
/// screen, and what exists instead. The overview of ``ContextError`` tells which
/// cases are misuses and which are runtime states.
///
/// ```swift
/// do {
///     _ = try registry.makeScreen(named: "onbording")
/// } catch {
///     print(error)
///     // No screen is registered under the name "onbording". Registered names: main, onboarding, splash.
///     // Did you mean "onboarding"? Register it with register(named: "onbording") { … }.
/// }
/// ```
public enum ScreenError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The registry has no factory under the name; `known` lists the registered names.
    ///
    /// ```swift
    /// try registry.makeScreen(named: "missing")   // throws .unknownName
    /// ```
    case unknownName(String, known: [String])
    /// The registry already has a factory under the name.
    ///
    /// ```swift
    /// try registry.register(named: "main") { ScreenModel() }   // throws the second time
    /// ```
    case duplicateName(String)
    /// The screen is already in a container, presented, or the root of a window.
    ///
    /// ```swift
    /// try stack.push(screenAlreadyInAnotherStack)   // throws .alreadyInHierarchy
    /// ```
    case alreadyInHierarchy(screen: String, container: String)
    /// The same screen is listed twice among the screens given to a container: a screen has one
    /// place in the tree.
    ///
    /// ```swift
    /// try stack.setScreens([list, detail, detail])   // throws .duplicateScreen
    /// ```
    case duplicateScreen(screen: String, container: String)
    /// The presenter already presents another screen.
    ///
    /// ```swift
    /// try main.present(second)   // throws while main presents `first`
    /// ```
    case alreadyPresenting(presenter: String, presented: String)
    /// A tab index outside the tab container's tabs. Selecting one changes nothing and is posted
    /// as ``TransitionDidFail`` (UIKit and SwiftUI ignore such a selection); making a
    /// ``TabScreen`` with one is a misuse.
    ///
    /// ```swift
    /// tabs.select(at: 7)   // with three tabs: posted as TransitionDidFail
    /// ```
    case tabOutOfRange(index: Int, container: String, tabs: [String])
    /// The screen is not a tab of the container.
    ///
    /// ```swift
    /// tabs.select(strangerScreen)   // a misuse, posted as TransitionDidFail
    /// ```
    case notATab(screen: String, container: String, tabs: [String])
    /// A stack needs at least one screen.
    ///
    /// ```swift
    /// try stack.setScreens([])   // throws .emptyStack
    /// ```
    case emptyStack(container: String)
    /// Unhop was called where no continuation was ever given: the hopping container never
    /// hopped, the current step is final (hopped to with `then: nil`), or the screen is not in
    /// the current step. A second unhop of a step that already finished is not an error: it is
    /// ignored.
    ///
    /// ```swift
    /// try main.unhop()   // throws when main was hopped to with then: nil
    /// ```
    case noPendingContinuation(hopping: String, screen: String)
    /// A screen finished with a result of another type than the one its await expects; the await
    /// ends with this error and the screen leaves as a finished screen does.
    ///
    /// ```swift
    /// login.finish(with: 42)   // the flow awaits hop(to: login, returning: User.self)
    /// ```
    case resultTypeMismatch(screen: String, expected: String, actual: String)
    /// An await for a screen's result (``ScreenModel/push(_:returning:identifier:sender:wiring:)``,
    /// ``ScreenModel/present(_:returning:style:identifier:sender:wiring:)``,
    /// ``HoppingScreen/hop(to:returning:identifier:sender:wiring:)``) ended without one: the screen
    /// left the screen tree before it finished (a swipe down, a back swipe, a pop or dismiss from
    /// elsewhere, a hop to the next step, a root replaced), what held it was released, or the
    /// awaiting task was cancelled.
    ///
    /// ```swift
    /// do {
    ///     order = try await list.present(SortScreen(), returning: SortOrder.self)
    /// } catch .cancelled {
    ///     // the sheet was swiped down: keep the current order
    /// }
    /// ```
    case cancelled(screen: String, reason: CancellationReason)
    /// The dependency coordinator could not resolve the transition; it was not performed.
    ///
    /// ```swift
    /// try stack.push(detail)   // throws when a resolver for detail throws
    /// ```
    case dependencies(DependencyError)
    /// Wiring the destination's context to the source's failed.
    ///
    /// ```swift
    /// try stack.push(screenWhoseContextHoldsAConflictingProvider)
    /// ```
    case contextWiring(destination: String, ContextError)

    /// A `.share` wiring would replace the destination's own context, on which it registered
    /// `registrations` (values, providers, actions, flags, observers) that would be lost.
    ///
    /// ```swift
    /// ScreenError.sharedContextHasRegistrations(destination: "detail", registrations: ["value Color"])
    /// ```
    case sharedContextHasRegistrations(destination: String, registrations: [String])

    /// A push from a screen that no stack encloses: ``ScreenModel/push(_:identifier:sender:wiring:)``
    /// called on a screen that is not on a stack (a sheet, a tab, a window's root), or a link that
    /// pushes (``ScreenLinkRequest``, BatonSwiftUI's `ScreenLink`) followed from one. It is refused
    /// rather than shown some other way. `pushed` says what was pushed (a screen, or a link),
    /// `containers` names the containers searched, innermost first, and `presenter` the screen
    /// that presents the outermost of them, if any.
    ///
    /// ```swift
    /// try form.push(AttendeeScreen())   // form is presented by list, on no stack
    /// // Cannot push attendee from form: no StackScreen encloses form, which is in no container
    /// // and is presented by list. Present a StackScreen(root: form) from list to push inside the
    /// // presentation, or present attendee from form.
    /// ```
    ///
    /// For a link (``Pushed/link(identifier:route:)``), the message ends "or make the link present
    /// (ScreenLink(…, action: .present))".
    case noEnclosingStack(screen: String, pushed: Pushed, containers: [String], presenter: String?)

    /// A screen that left the window's screen tree was asked to present: it had left before the
    /// call (popped, dismissed, hopped away), or a presentation requested during another
    /// transition ran after it left. As in UIKit, a screen that is not shown cannot present.
    ///
    /// ```swift
    /// ScreenError.presenterLeftTheTree(presenter: "detail", presented: "modal")
    /// ```
    case presenterLeftTheTree(presenter: String, presented: String)
    /// An alert or a confirmation dialog has no button with that label; nothing was chosen.
    ///
    /// ```swift
    /// try alert.tap("Delete")   // throws when its buttons are "Yes" and "Nevermind"
    /// ```
    case noSuchButton(alert: String, label: String, buttons: [String])
    /// A screen was asked for by its route, by a link
    /// (``ScreenLinkRequest/init(route:action:identifier:sender:wiring:)``, BatonSwiftUI's
    /// `ScreenLink(value:)`) or by ``ScreenModel/push(_:identifier:sender:)``, and the route's
    /// ``ScreenRoute/makeScreen()`` threw; nothing was shown.
    ///
    /// `error` is what it threw, typed: cast it, or read ``underlying``. Two such errors are equal
    /// when the thrown errors have the same type and text (``UnderlyingError``), so `ScreenError`
    /// stays `Hashable` and a test compares it whole.
    ///
    /// ```swift
    /// ScreenError.routeFailed(route: "item(id: 42)", error: UnderlyingError(AppRoute.Unavailable()))
    /// ```
    case routeFailed(route: String, error: UnderlyingError)

    /// The error your code threw that this one reports (a route's ``ScreenRoute/makeScreen()``,
    /// a resolver), as it was thrown; `nil` when Baton itself refused.
    ///
    /// ```swift
    /// window.context.observe(TransitionDidFail.self, owner: self) { _, failure in
    ///     if failure.error.underlying is AppRoute.Unavailable { showOfflineBanner() }
    /// }
    /// ```
    public var underlying: (any Error)? {
        switch self {
        case .routeFailed(_, let error): error.error
        case .dependencies(let error): error.underlying
        default: nil
        }
    }

    /// The diagnostic message.
    ///
    /// ```swift
    /// print(ScreenError.emptyStack(container: "main"))
    /// // A stack needs at least one screen: setScreens([]) on main. Pass the screens to show.
    /// ```
    public var description: String {
        switch self {
        case .unknownName(let name, let known):
            return "No screen is registered under the name \"\(name)\". "
                + ContextError.listing("Registered names", known, quoted: false)
                + ContextError.suggestion(for: name, among: known)
                + " Register it with register(named: \"\(name)\") { … }."
        case .duplicateName(let name):
            return "A screen is already registered under the name \"\(name)\". Each name has one factory."
        case .alreadyInHierarchy(let screen, let container):
            return "\(screen) is already shown by \(container). Remove it there first, or make a new screen."
        case .duplicateScreen(let screen, let container):
            return "\(screen) is listed twice in the screens given to \(container). A screen has one place in the"
                + " tree: make a new screen for each place."
        case .alreadyPresenting(let presenter, let presented):
            return "\(presenter) already presents \(presented). Dismiss it first, or present from \(presented)."
        case .tabOutOfRange(_, let container, let tabs) where tabs.isEmpty:
            return "\(container) has no tabs: a tab container needs at least one. Pass the screens of its tabs."
        case .tabOutOfRange(let index, let container, let tabs):
            return "Tab index \(index) is out of range for \(container), which has \(tabs.count) tabs: "
                + tabs.joined(separator: ", ") + "."
        case .notATab(let screen, let container, let tabs):
            return "\(screen) is not a tab of \(container). Its tabs: " + tabs.joined(separator: ", ") + "."
        case .emptyStack(let container):
            return "A stack needs at least one screen: setScreens([]) on \(container). Pass the screens to show."
        case .noPendingContinuation(let hopping, let screen):
            return "\(screen) called unhop, but \(hopping) has no continuation for it: the step was hopped to"
                + " without one (a final step), or \(screen) is not in the current step. Pass a continuation,"
                + " even {}, to a step that may finish."
        case .resultTypeMismatch(let screen, let expected, let actual):
            return "\(screen) finished with a result of type \(actual), but its await expects \(expected)."
                + " Finish with a \(expected), or await \(actual)."
        case .cancelled(let screen, let reason):
            return "The await for \(screen)'s result ended without one: \(reason) before \(screen) finished."
        case .dependencies(let error):
            return error.description
        case .contextWiring(let destination, let error):
            return "Could not wire the context of \(destination): \(error.description)"
        case .presenterLeftTheTree(let presenter, let presented):
            return "\(presenter) left the screen tree before its presentation of \(presented) ran."
                + " Present from a screen that is shown."
        case .noSuchButton(let alert, let label, let buttons):
            return "The alert \"\(alert)\" has no button \"\(label)\". "
                + ContextError.listing("Its buttons", buttons, quoted: true)
                + ContextError.suggestion(for: label, among: buttons)
        case .routeFailed(let route, let error):
            return "Could not make the screen of route \(route): \(error). Nothing was shown."
        case .noEnclosingStack(let screen, let pushed, let containers, let presenter):
            let outer = containers.last ?? screen
            let place =
                containers.isEmpty
                ? "which is in no container" + (presenter.map { " and is presented by \($0)" } ?? "")
                : "whose containers are \(containers.joined(separator: ", "))"
                    + (presenter.map { " (\(outer) is presented by \($0))" } ?? "")
            let fix =
                presenter.map { "Present a StackScreen(root: \(outer)) from \($0) to push inside the presentation" }
                ?? "Show \(outer) on a StackScreen"
            let other =
                switch pushed {
                case .screen(let name): "present \(name) from \(screen)"
                // A link is made to present by its action.
                case .link: "make the link present (ScreenLink(…, action: .present))"
                }
            return "Cannot push \(pushed) from \(screen): no StackScreen encloses \(screen), \(place). \(fix),"
                + " or \(other)."
        case .sharedContextHasRegistrations(let destination, let registrations):
            return
                "Cannot share the source's context with \(destination): its own context holds "
                + "\(registrations.joined(separator: ", ")), which sharing would drop. "
                + "Register them after the transition, on the shared context, or use .inherit."
        }
    }
}

extension ScreenError {
    /// What a refused push was asked to push
    /// (``ScreenError/noEnclosingStack(screen:pushed:containers:presenter:)``): a screen, or the
    /// screen of a link. Its description is how the error's message names it.
    ///
    /// ```swift
    /// if case .noEnclosingStack(_, .link(let identifier, _), _, _) = error { print(identifier ?? "a link") }
    /// ScreenError.Pushed.link(identifier: "showAbout", route: nil).description   // link "showAbout"
    /// ```
    public enum Pushed: Hashable, Sendable, CustomStringConvertible {
        /// A screen, by name: pushed by ``ScreenModel/push(_:identifier:sender:wiring:)`` or by
        /// ``ScreenModel/push(_:identifier:sender:)`` with a route.
        ///
        /// ```swift
        /// ScreenError.Pushed.screen("attendee").description   // attendee
        /// ```
        case screen(String)
        /// The screen of a link that pushes (``ScreenLinkRequest``, BatonSwiftUI's `ScreenLink`):
        /// its identifier, and its route described, when it has them.
        ///
        /// ```swift
        /// ScreenError.Pushed.link(identifier: nil, route: "item(id: 42)").description   // link to item(id: 42)
        /// ScreenError.Pushed.link(identifier: nil, route: nil).description   // a link's screen
        /// ```
        case link(identifier: String?, route: String?)

        /// How the message names it: the screen's name; `link "showAbout"` for a link with an
        /// identifier, else `link to item(id: 42)` for a link to a route, else `a link's screen`.
        ///
        /// ```swift
        /// print(ScreenError.Pushed.screen("attendee"))   // attendee
        /// ```
        public var description: String {
            switch self {
            case .screen(let name): name
            case .link(let identifier?, _): "link \"\(identifier)\""
            case .link(nil, let route?): "link to \(route)"
            case .link(nil, nil): "a link's screen"
            }
        }
    }
}
