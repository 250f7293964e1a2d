extension ScreenModel {
    // MARK: - Pushing

    /// Pushes `screen` onto the stack this screen is shown in, as UIKit's
    /// `navigationController?.pushViewController(_:animated:)` does, but never silently: the new
    /// screen's context becomes a child of the previous top's (or of the stack's, for its first
    /// screen).
    ///
    /// ```swift
    /// final class ListScreen: ScreenModel {
    ///     func rowTapped(_ item: Item) throws { try push(DetailScreen(item: item)) }
    /// }
    /// try stack.push(detail, identifier: "showDetail", sender: row)   // a stack pushes onto itself
    /// ```
    ///
    /// Which stack: a ``StackScreen`` pushes onto itself; any other screen pushes onto the nearest
    /// stack among its containers (the stack it is on, or the stack around the tab container or
    /// hopping container it is in). A presentation is not a container: a presented screen that
    /// is not itself on a stack (a sheet, an alert) has none, as in UIKit. To push onto the stack
    /// around a stack, call `push` on that stack.
    ///
    /// Requested while another transition runs (from a lifecycle callback, a resolver, an
    /// observer), the push is queued behind it and does not throw; when it runs, it goes to the
    /// stack this screen is on then, and its failure (this screen left its stack meanwhile, a
    /// resolver threw) is posted in the window as ``TransitionDidFail``.
    ///
    /// - Parameters:
    ///   - screen: The screen to show.
    ///   - identifier: An optional transition identifier (a segue identifier).
    ///   - sender: An optional sender.
    ///   - wiring: How the new screen's context is wired to the previous top's.
    /// - Throws: ``ScreenError/noEnclosingStack(screen:pushed:containers:presenter:)`` when no stack
    ///   encloses this screen (nothing is shown some other way). A push can also fail in a valid
    ///   tree, and nothing changes then: when a resolver of the dependency coordinator throws
    ///   (``ScreenError/dependencies(_:)``), ``ScreenError/contextWiring(destination:_:)`` when the
    ///   new screen's context cannot join the lineage it is wired to (a provider, action or flag it
    ///   registered is live there already),
    ///   ``ScreenError/sharedContextHasRegistrations(destination:registrations:)`` for a `.share`
    ///   wiring over the screen's own registrations. Pushing a screen that is shown elsewhere
    ///   (``ScreenError/alreadyInHierarchy(screen:container:)``) is a misuse.
    public final func push(
        _ screen: ScreenModel, identifier: String? = nil, sender: Any? = nil, wiring: ContextWiring = .inherit
    ) throws(ScreenError) {
        try push(screen, identifier: identifier, sender: sender, wiring: wiring, awaiting: nil)
    }

    /// Pushes the screen of `route` (made with ``ScreenRoute/screen()``, so that it knows its route)
    /// onto the stack this screen is shown in, wired as the route says (``ScreenRoute/wiring``).
    ///
    /// ```swift
    /// final class DetailScreen: ScreenModel {
    ///     func startTapped() throws { try push(AppRoute.record(id: id)) }
    /// }
    /// ```
    ///
    /// Which stack, and when a push runs, as ``push(_:identifier:sender:wiring:)`` says.
    ///
    /// - Parameters:
    ///   - route: The route of the screen to show.
    ///   - identifier: An optional transition identifier (a segue identifier).
    ///   - sender: An optional sender.
    /// - Throws: ``ScreenError/routeFailed(route:error:)`` when the route's
    ///   ``ScreenRoute/makeScreen()`` throws, and the errors of ``push(_:identifier:sender:wiring:)``.
    public final func push(_ route: some ScreenRoute, identifier: String? = nil, sender: Any? = nil) throws(ScreenError)
    {
        let screen: ScreenModel
        do {
            screen = try route.screen()
        } catch {
            throw .routeFailed(route: NavigationPlan.describe(route), error: UnderlyingError(error))
        }
        try push(screen, identifier: identifier, sender: sender, wiring: route.wiring)
    }

    /// Pushes `screen` onto the stack this screen is shown in, and returns the result it finishes
    /// with (``Screen/finish(with:)``), when it is popped.
    ///
    /// ```swift
    /// final class SortScreen: ScreenModel {
    ///     func choose(_ order: SortOrder) { finish(with: order) }   // pops it; the push returns the order
    /// }
    ///
    /// let order = try await list.push(SortScreen(), returning: SortOrder.self)
    /// ```
    ///
    /// Which stack, and when a push runs, as ``push(_:identifier:sender:wiring:)`` says. The await
    /// ends exactly once. If the screen leaves the stack without finishing (the back button or the
    /// swipe back, a pop or `setScreens` from elsewhere, the stack dismissed or replaced), it
    /// throws ``ScreenError/cancelled(screen:reason:)`` naming the transition; if the awaiting task
    /// is cancelled, ``CancellationReason/taskCancelled``, and the screen stays (finishing it later
    /// just pops it). Neither the await nor the stack keeps the screen alive once it has left.
    ///
    /// - Parameters:
    ///   - screen: The screen to show.
    ///   - resultType: The type of result awaited; `Void.self` for a screen that finishes with
    ///     ``Screen/finish()``.
    ///   - identifier: An optional transition identifier (a segue identifier).
    ///   - sender: An optional sender.
    ///   - wiring: How the new screen's context is wired to the previous top's.
    /// - Returns: The value the screen finished with.
    /// - Throws: ``ScreenError/cancelled(screen:reason:)``,
    ///   ``ScreenError/resultTypeMismatch(screen:expected:actual:)`` when it finishes with another
    ///   type, and the errors of ``push(_:identifier:sender:wiring:)``.
    public final func push<Result>(
        _ screen: ScreenModel, returning resultType: Result.Type, identifier: String? = nil, sender: Any? = nil,
        wiring: ContextWiring = .inherit
    ) async throws(ScreenError) -> Result {
        try await ResultWaiter.wait(for: screen.screenName, Result.self) { waiter in
            // A failure ends the await through the waiter (push(_:…awaiting:) fails it): the error
            // is thrown from here, not lost.
            try? push(screen, identifier: identifier, sender: sender, wiring: wiring, awaiting: waiter)
        }
    }

    /// Pushes `screen` onto the stack this screen is shown in, and returns the result it finishes
    /// with, or `nil` when it leaves the stack without one: the form of a pushed editor whose
    /// back button means "no change", as a swipe down does for a sheet
    /// (``present(_:returningIfFinished:style:identifier:sender:wiring:)``).
    ///
    /// ```swift
    /// final class EditScreen: ScreenModel {
    ///     func saveTapped() { finish(with: draft) }   // the await returns draft
    /// }                                               // the back button: the await returns nil
    ///
    /// if let edited = try await list.push(EditScreen(), returningIfFinished: Item.self) {
    ///     item = edited
    /// }
    /// ```
    ///
    /// It returns `nil`, and does not throw, when the screen finishes without a value
    /// (``Screen/finish()``, or `finish(with:)` of a `nil` of `Result?`), and when it leaves the
    /// stack without finishing: the back button or the swipe back, a pop or `setScreens` from
    /// elsewhere, the stack dismissed or replaced, or what held it released. Which stack, and when
    /// a push runs, as ``push(_:identifier:sender:wiring:)`` says; as with
    /// ``push(_:returning:identifier:sender:wiring:)``, the await ends exactly once, a cancelled
    /// awaiting task throws ``CancellationReason/taskCancelled`` and leaves the screen on the
    /// stack, and neither the await nor the stack keeps the screen alive once it has left.
    ///
    /// - Parameters:
    ///   - screen: The screen to show.
    ///   - resultType: The type of result the screen finishes with.
    ///   - identifier: An optional transition identifier (a segue identifier).
    ///   - sender: An optional sender.
    ///   - wiring: How the new screen's context is wired to the previous top's.
    /// - Returns: The value the screen finished with, or `nil`.
    /// - Throws: ``ScreenError/cancelled(screen:reason:)`` with ``CancellationReason/taskCancelled``
    ///   only; ``ScreenError/resultTypeMismatch(screen:expected:actual:)`` when it finishes with
    ///   another type; and the errors of ``push(_:identifier:sender:wiring:)``, such as
    ///   ``ScreenError/noEnclosingStack(screen:pushed:containers:presenter:)`` for a screen that no
    ///   stack encloses (a sheet).
    public final func push<Result>(
        _ screen: ScreenModel, returningIfFinished resultType: Result.Type, identifier: String? = nil,
        sender: Any? = nil, wiring: ContextWiring = .inherit
    ) async throws(ScreenError) -> Result? {
        try await ResultWaiter.waitIfFinished(for: screen.screenName, Result.self) { waiter in
            // A failure ends the await through the waiter (push(_:…awaiting:) fails it): the error
            // is thrown from here, not lost.
            try? push(screen, identifier: identifier, sender: sender, wiring: wiring, awaiting: waiter)
        }
    }

    /// Pushes `screen`, whose result `waiter` awaits, onto the stack this screen is on when the
    /// push runs. A failure ends the await, whether the push runs now or after a running
    /// transition.
    final func push(
        _ screen: ScreenModel, identifier: String?, sender: Any?, wiring: ContextWiring, awaiting waiter: ResultWaiter?
    ) throws(ScreenError) {
        try requestTransition(pushRequest(of: screen)) { () throws(ScreenError) in
            do throws(ScreenError) {
                // Found when the push runs: a push queued behind another transition goes to the
                // stack this screen is on then, or fails if it left its stack meanwhile.
                guard let stack = self as? StackScreen ?? self.enclosingStack else {
                    throw self.noEnclosingStack(pushing: .screen(screen.screenName))
                }
                try stack.performPush(screen, identifier: identifier, sender: sender, wiring: wiring, awaiting: waiter)
            } catch {
                waiter?.fail(error)
                throw error
            }
        }
    }

    /// "push of detail onto main" for a stack's own push, "push of detail from list" otherwise.
    private func pushRequest(of screen: ScreenModel) -> String {
        self is StackScreen
            ? "push of \(screen.screenName) onto \(screenName)" : "push of \(screen.screenName) from \(screenName)"
    }

    /// The error of a push of `pushed` from this screen, which no stack encloses: its containers,
    /// innermost first, and the screen that presents the outermost of them.
    final func noEnclosingStack(pushing pushed: ScreenError.Pushed) -> ScreenError {
        var containers: [String] = []
        var outermost: ScreenModel = self
        while let container = outermost.container {
            containers.append(container.screenName)
            outermost = container
        }
        return .noEnclosingStack(
            screen: screenName, pushed: pushed, containers: containers, presenter: outermost.presenter?.screenName)
    }
}
