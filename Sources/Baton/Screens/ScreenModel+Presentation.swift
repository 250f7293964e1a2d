extension ScreenModel {
    /// Presents `screen` modally over this one (UIKit's `present(_:animated:)`, SwiftUI's
    /// `sheet` or `fullScreenCover`), in `style`, or as the presented screen's own
    /// ``ScreenModel/presentationStyle`` says when `style` is `nil`.
    ///
    /// - A ``PresentationStyle/sheet`` (the default, and every ``AlertScreen``) leaves this
    ///   screen on screen, as UIKit's page sheets and alerts and SwiftUI's sheets do: only the
    ///   presented screen gets callbacks, its will-appear then its did-appear.
    /// - A ``PresentationStyle/fullScreenCover`` covers everything under it: this screen's
    ///   outermost container (or this screen, when it has none) disappears with its visible
    ///   children, and so does each layer it was itself shown over by sheets. Lifecycle order:
    ///   the covered screens' will-disappear (bottom layer first, outer to inner), the presented
    ///   screen's will-appear, the covered screens' did-disappear, the presented screen's
    ///   did-appear.
    ///
    /// The style is chosen where the screen is presented, as SwiftUI's `sheet` and
    /// `fullScreenCover` are, and recorded with the presentation: a saved tree keeps it
    /// (``ScreenTree/presentedStyle``), and nothing the screen does while it is shown changes it.
    ///
    /// ```swift
    /// try main.present(login, identifier: "login")
    /// main.isOnScreen   // true under a sheet
    /// try settings.present(TourScreen(), style: .fullScreenCover)
    /// settings.isOnScreen   // false under a full-screen cover
    /// ```
    ///
    /// A screen that is in no window yet (presenting in its `init`, or in a tree a test or a
    /// preview builds before showing it) presents off screen, and the presentation comes on
    /// screen with it: pushed, presented, hopped to or made a root, it appears, then what it
    /// presents. UIKit instead drops a presentation from a controller whose view is not in a
    /// window, logging "whose view is not in the window hierarchy" (the header,
    /// UIViewController.h:251, says nothing of it); Baton keeps it, as a window shows its root's
    /// presentations when it becomes visible, so that a tree is the same whether it was built
    /// before or after it was shown.
    ///
    /// ```swift
    /// final class WelcomingScreen: ScreenModel {
    ///     init() {
    ///         super.init(name: "welcoming")
    ///         do { try present(WhatsNewScreen()) } catch { print("no what's new: \(error)") }
    ///     }
    /// }
    /// try stack.push(WelcomingScreen())   // WhatsNewScreen appears after it
    /// ```
    ///
    /// - Parameters:
    ///   - screen: The screen to present.
    ///   - style: How it is shown; `nil` (the default) for its own
    ///     ``ScreenModel/presentationStyle``. An ``AlertScreen`` is always shown as an alert,
    ///     which leaves this screen on screen as a ``PresentationStyle/sheet`` does, whatever
    ///     `style` says.
    ///   - identifier: An optional transition identifier.
    ///   - sender: An optional sender.
    ///   - wiring: How the presented screen's context is wired to this screen's.
    /// - Throws: A presentation can fail in a valid tree, so it throws; nothing changes then. It
    ///   fails when a resolver of the dependency coordinator throws
    ///   (``ScreenError/dependencies(_:)``); when the presented screen's context cannot join this
    ///   screen's (``ScreenError/contextWiring(destination:_:)``,
    ///   ``ScreenError/sharedContextHasRegistrations(destination:registrations:)`` for `.share`);
    ///   when this screen, or another screen of its outermost container, already presents one
    ///   (``ScreenError/alreadyPresenting(presenter:presented:)``, what a double-tapped button
    ///   meets: it never stops the program, and UIKit too refuses). Presenting a screen that is
    ///   shown elsewhere (``ScreenError/alreadyInHierarchy(screen:container:)``) is a misuse. A
    ///   request made while another transition runs is queued behind it and does not throw; its
    ///   failure is posted in the window as ``TransitionDidFail``, with
    ///   ``ScreenError/presenterLeftTheTree(presenter:presented:)`` when this screen left its
    ///   window meanwhile. A screen that left the tree (popped, dismissed, hopped away; a late
    ///   completion, a plain `Task`) and is in no window again throws
    ///   ``ScreenError/presenterLeftTheTree(presenter:presented:)`` at once, and so do the
    ///   awaited forms: nothing would ever show the presentation.
    public final func present(
        _ screen: ScreenModel, style: PresentationStyle? = nil, identifier: String? = nil, sender: Any? = nil,
        wiring: ContextWiring = .inherit
    ) throws(ScreenError) {
        // A request deferred behind another transition must still find its presenter in the
        // window it was made in (a screen leaving a container is out of it during willDisappear).
        settleClosedAlert()
        let requestedIn = window
        let requestedWhileShown = requestedIn != nil || appearance == .disappearing
        try requestTransition("presentation of \(screen.screenName) from \(screenName)") { () throws(ScreenError) in
            if self.hasLeftWindow(requestedIn: requestedIn, whileShown: requestedWhileShown) {
                throw ScreenError.presenterLeftTheTree(presenter: self.screenName, presented: screen.screenName)
            }
            try self.performPresent(screen, style: style, identifier: identifier, sender: sender, wiring: wiring)
        }
    }

    /// Presents `screen` and returns the result it finishes with (``Screen/finish(with:)``), when
    /// it is dismissed.
    ///
    /// ```swift
    /// final class SortScreen: ScreenModel {
    ///     func choose(_ order: SortOrder) { finish(with: order) }   // dismisses it; the await returns
    /// }
    ///
    /// let order = try await list.present(SortScreen(), returning: SortOrder.self)
    /// ```
    ///
    /// The presented screen may be a container: a screen inside it that finishes (and is not
    /// itself pushed on a stack inside it) finishes the presentation. The await ends exactly
    /// once. If the screen is dismissed without finishing (a sheet swiped down, a dismiss from
    /// elsewhere, its presenter popped or replaced), it throws
    /// ``ScreenError/cancelled(screen:reason:)`` naming the transition; if the awaiting task is
    /// cancelled, ``CancellationReason/taskCancelled``, and the screen stays presented (finishing
    /// it later just dismisses it). Neither the await nor the presenter keeps the screen alive
    /// once it has left.
    ///
    /// - Parameters:
    ///   - screen: The screen to present.
    ///   - resultType: The type of result awaited; `Void.self` for a screen that finishes with
    ///     ``Screen/finish()``.
    ///   - style: How it is shown; `nil` (the default) for its own
    ///     ``ScreenModel/presentationStyle``.
    ///   - identifier: An optional transition identifier.
    ///   - sender: An optional sender.
    ///   - wiring: How the presented screen's context is wired to this screen's.
    /// - Returns: The value the screen finished with.
    /// - Throws: ``ScreenError/cancelled(screen:reason:)``,
    ///   ``ScreenError/resultTypeMismatch(screen:expected:actual:)`` when it finishes with another
    ///   type, and the errors of ``present(_:style:identifier:sender:wiring:)``.
    public final func present<Result>(
        _ screen: ScreenModel, returning resultType: Result.Type, style: PresentationStyle? = nil,
        identifier: String? = nil, sender: Any? = nil, wiring: ContextWiring = .inherit
    ) async throws(ScreenError) -> Result {
        try await ResultWaiter.wait(for: screen.screenName, Result.self) { waiter in
            // Not dropped: a failure ends the await with it (`waiter.fail`), now or after a
            // running transition.
            try? present(
                screen, style: style, identifier: identifier, sender: sender, wiring: wiring, awaiting: waiter)
        }
    }

    /// Presents `screen` and returns the result it finishes with, or `nil` when it goes away
    /// without one: the form of a sheet with a Cancel button and a swipe down.
    ///
    /// ```swift
    /// final class EditScreen: ScreenModel {
    ///     func saveTapped() { finish(with: draft) }   // the await returns draft
    ///     func cancelTapped() { dismiss() }           // the await returns nil
    /// }
    ///
    /// if let edited = try await detail.present(EditScreen(), returningIfFinished: Item.self) {
    ///     item = edited
    /// }
    /// ```
    ///
    /// It returns `nil`, and does not throw, when the screen finishes without a value
    /// (``Screen/finish()``, or `finish(with:)` of `nil`), and when it leaves the tree without
    /// finishing: swiped down, dismissed (``dismiss(sender:)``, by itself or from elsewhere), its
    /// presenter popped, dismissed or replaced, or what held it released. As with
    /// ``present(_:returning:style:identifier:sender:wiring:)``, the await ends exactly once, a
    /// cancelled awaiting task throws ``CancellationReason/taskCancelled`` and leaves the screen
    /// presented, and neither the await nor the presenter keeps the screen alive once it has left.
    ///
    /// - Parameters:
    ///   - screen: The screen to present.
    ///   - resultType: The type of result the screen finishes with.
    ///   - style: How it is shown; `nil` (the default) for its own
    ///     ``ScreenModel/presentationStyle``.
    ///   - identifier: An optional transition identifier.
    ///   - sender: An optional sender.
    ///   - wiring: How the presented screen's context is wired to this screen's.
    /// - Returns: The value the screen finished with, or `nil`.
    /// - Throws: ``ScreenError/cancelled(screen:reason:)`` with ``CancellationReason/taskCancelled``
    ///   only; ``ScreenError/resultTypeMismatch(screen:expected:actual:)`` when it finishes with
    ///   another type; and the errors of ``present(_:style:identifier:sender:wiring:)``.
    public final func present<Result>(
        _ screen: ScreenModel, returningIfFinished resultType: Result.Type, style: PresentationStyle? = nil,
        identifier: String? = nil, sender: Any? = nil, wiring: ContextWiring = .inherit
    ) async throws(ScreenError) -> Result? {
        try await ResultWaiter.waitIfFinished(for: screen.screenName, Result.self) { waiter in
            // A failure ends the await through the waiter (present(_:…awaiting:) fails it): the
            // error is thrown from here, not lost.
            try? present(
                screen, style: style, identifier: identifier, sender: sender, wiring: wiring, awaiting: waiter)
        }
    }

    /// Presents `screen`, whose result `waiter` awaits. A failure ends the await, whether the
    /// presentation runs now or after a running transition.
    final func present(
        _ screen: ScreenModel, style: PresentationStyle?, identifier: String?, sender: Any?, wiring: ContextWiring,
        awaiting waiter: ResultWaiter
    ) throws(ScreenError) {
        settleClosedAlert()
        let requestedIn = window
        let requestedWhileShown = requestedIn != nil || appearance == .disappearing
        try requestTransition("presentation of \(screen.screenName) from \(screenName)") { () throws(ScreenError) in
            do throws(ScreenError) {
                if self.hasLeftWindow(requestedIn: requestedIn, whileShown: requestedWhileShown) {
                    throw ScreenError.presenterLeftTheTree(presenter: self.screenName, presented: screen.screenName)
                }
                try self.performPresent(
                    screen, style: style, identifier: identifier, sender: sender, wiring: wiring, awaiting: waiter)
            } catch {
                waiter.fail(error)
                throw error
            }
        }
    }

    /// Whether this screen, asked to present while in `requestedIn` (`whileShown`: in a window
    /// or leaving one), is out of it when the presentation runs; or whether a transition took it
    /// out of the screen tree (popped, dismissed, hopped away, replaced: it left the context
    /// tree too) and nothing shows it again. A screen that was never shown presents off screen,
    /// as a test or a preview builds a tree before showing it; so does a screen of a tree whose
    /// window was released (its contexts stay wired), which another window may show.
    private func hasLeftWindow(requestedIn: ScreenWindow?, whileShown: Bool) -> Bool {
        if window == nil {
            return whileShown || (hasLeftTree && wiring == nil && container == nil && presenter == nil)
        }
        return requestedIn != nil && window !== requestedIn
    }

    /// `style` `nil`: the presented screen's own ``ScreenModel/presentationStyle``.
    final func performPresent(
        _ screen: ScreenModel, style: PresentationStyle?, identifier: String?, sender: Any?, wiring: ContextWiring,
        awaiting waiter: ResultWaiter? = nil, resolves: Bool = true
    ) throws(ScreenError) {
        if let presented {
            // A run-time state, not a misuse: a double-tapped button presents twice, and UIKit
            // only logs the second attempt. It throws, and never stops the program.
            throw ScreenError.alreadyPresenting(presenter: screenName, presented: presented.screenName)
        }
        // As in UIKit, a screen in a container presents through its outermost container, which
        // shows one presentation at a time, whichever of its screens made it.
        let root = presentationRoot
        if let shown = root.visiblePresentation, let presenter = shown.presenter {
            throw ScreenError.alreadyPresenting(presenter: presenter.screenName, presented: shown.screenName)
        }
        try screen.requireFree()
        // A screen cannot present itself or a screen it is shown by: the tree would be a cycle.
        var ancestor: ScreenModel? = self
        while let current = ancestor {
            if current === screen {
                throw misuse(ScreenError.alreadyInHierarchy(screen: screen.screenName, container: screenName))
            }
            ancestor = current.container ?? current.presenter
        }
        let transition = ScreenTransition(
            kind: .present, source: self, destination: screen, identifier: identifier, sender: sender)
        // A sheet leaves everything under it on screen; a cover hides every layer shown with
        // its presenter's root (UIPresentationController.h:104-107, `shouldRemovePresentersView`).
        // The style is read once, here, as UIKit resolves it once per presentation: a value that
        // changes while the screen is shown must not change what its dismissal shows again.
        // An alert is drawn as an alert whatever the call asked (SwiftUI's alert slot, a
        // UIAlertController): its presenter stays on screen.
        let style = screen is AlertScreen ? .sheet : style ?? screen.presentationStyle
        let covered = style == .fullScreenCover ? root.layersOnScreen : []
        try TransitionEngine.perform(
            transition, wiring: wiring, sourceContext: context, visible: root.isInVisibleTree, window: window,
            leaving: covered, entering: [screen], resolves: resolves
        ) {
            presented = screen
            screen.presenter = self
            screen.shownStyle = style
            // Set as the screen enters, so that its own lifecycle callbacks may finish it.
            if let waiter { screen.awaitedResult = waiter }
            root.presentationOverContainer = screen
        }
        observedState.publish()
    }

    /// Dismisses the screen this one presents or, when it presents none, this screen itself,
    /// as UIKit does. Screens presented by the dismissed one are dismissed with it.
    ///
    /// As UIKit forwards it, a screen inside a container (a tab, a screen pushed on a stack) that
    /// neither presents nor is presented passes the call to its containers: the nearest one that
    /// presents a screen dismisses it, or the nearest one that was presented is dismissed.
    ///
    /// ```swift
    /// try main.present(navigation)   // a stack, later with settings pushed on it
    /// settings.dismiss()             // dismisses navigation, settings with it
    /// ```
    ///
    /// Lifecycle order: the will-disappear of each dismissed screen still on screen (topmost
    /// first: a screen under a sheet is, one under a full-screen cover is not), the will-appear
    /// of what a full-screen cover hid (the presenter's outermost container and its visible
    /// children, and the layers under it), the did-disappears, then the did-appears. A sheet's
    /// presenter, which stayed on screen, gets nothing.
    ///
    /// ```swift
    /// login.dismiss()   // back to main; login is released
    /// ```
    ///
    /// As in UIKit, dismissing when neither this screen nor any of its containers presents a
    /// screen or is presented does nothing (a second tap on a "Close" button, say). A dismissal
    /// cannot fail otherwise: it wires nothing and runs no resolver, so it does not throw.
    ///
    /// - Parameter sender: An optional sender.
    public final func dismiss(sender: Any? = nil) {
        // The body cannot throw (a dismissal wires and resolves nothing); `try?` is for the signature.
        try? requestTransition("dismissal from \(screenName)") { () throws(ScreenError) in
            self.performDismiss(sender: sender)
        }
    }

    /// Dismisses what the screens about to leave the tree present, as a transition of its own,
    /// so that a presentation never stays on screen over a screen that left the tree.
    final func dismissPresentations(from leaving: [ScreenModel]) {
        for screen in leaving {
            guard let presented = screen.visiblePresentation, let presenter = presented.presenter else { continue }
            presenter.performDismiss(sender: nil)
        }
    }

    final func performDismiss(sender: Any?) {
        var found: ScreenModel?
        var current: ScreenModel? = self
        while let screen = current, found == nil {
            if screen.presented != nil {
                found = screen
            } else if let own = screen.presenter {
                found = own
            }
            current = screen.container
        }
        // Nothing to dismiss: a no-op, as UIKit's dismiss(animated:) is.
        guard let presenter = found else { return }
        // As in UIKit, everything presented above goes too: what the dismissed screen presents,
        // and what a screen inside it (a stack's top, a tab) presents.
        var going = [presenter.presented!]
        while let next = going.last?.visiblePresentation { going.append(next) }
        let top = going.last!
        let transition = ScreenTransition(kind: .dismiss, source: top, destination: presenter, sender: sender)
        let window = presenter.window
        // Every presentation that goes and is on screen disappears, topmost first (one under a
        // sheet is still on screen; one under a cover is not, and gets nothing); the layers
        // under the dismissed one that a cover hid reappear, bottom first.
        // A backward transition wires nothing and resolves nothing: it cannot throw.
        try? TransitionEngine.perform(
            transition, wiring: .isolate, sourceContext: nil, visible: top.isInVisibleTree, window: window,
            leaving: going.reversed(), entering: presenter.presentationRoot.layersOnScreen
        ) {
            var current = presenter.presented
            var chain: [ScreenModel] = []
            presenter.presented = nil
            while let screen = current {
                chain.append(screen)
                let next = screen.visiblePresentation
                next?.presenter?.presented = nil
                screen.presenter = nil
                current = next
            }
            for screen in chain { screen.leaveHierarchy(by: transition) }
            // Every screen of the chain is now on its own: each leaves the context tree.
            for screen in chain { TransitionEngine.departed(screen) }
        }
        presenter.observedState.publish()
    }
}
