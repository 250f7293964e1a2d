/// A presented alert or confirmation dialog: the screen that ``ScreenModel/present(_:)`` shows
/// for a ``ScreenAlert``. BatonSwiftUI draws it with SwiftUI's `alert` or `confirmationDialog`,
/// BatonUIKit with a `UIAlertController`; a test finds it with `window.next(AlertScreen.self)`,
/// reads it and taps a button.
///
/// ```swift
/// let deleting = Task { try await detail.deleteTapped() }
/// let alert = try await window.next(AlertScreen.self)
/// #expect(alert.shows(.deleteSyncUp))
/// try alert.tap("Yes")   // the await in deleteTapped() returns the "Yes" button's choice
/// ```
///
/// It finishes with the choice of the button tapped, once: a second tap does nothing. Dismissed
/// without a button (a tap outside a dialog), it finishes with the choice of its
/// ``AlertButtonRole/cancel`` button, or, when it has none, the await throws
/// ``ScreenError/cancelled(screen:reason:)``: when SwiftUI lets the alert go, when the alert
/// leaves the tree (its presenter popped, a navigation), whatever SwiftUI still keeps, and at the
/// latest when its presenter presents again, which is never refused because of it. That
/// presentation wins over a button's action SwiftUI runs after its `false` write: the await has
/// returned the cancel choice, and the late action does nothing. It has no route, so
/// it is not part of a saved tree.
public final class AlertScreen: ScreenModel {
    /// The title.
    ///
    /// ```swift
    /// alert.title   // "Delete?"
    /// ```
    public let title: String
    /// The text under the title, if any.
    ///
    /// ```swift
    /// alert.message   // "Are you sure you want to delete this sync-up?"
    /// ```
    public let message: String?
    /// An alert or a confirmation dialog.
    ///
    /// ```swift
    /// alert.style   // .alert
    /// ```
    public let style: AlertStyle
    /// `true`: an alert is shown without a route and is not saved.
    ///
    /// ```swift
    /// alert.isRouteless   // true
    /// ```
    public override var isRouteless: Bool { true }
    /// ``PresentationStyle/sheet``, always: an alert or a dialog leaves its presenter on
    /// screen, as `UIAlertController` and SwiftUI's `alert` do, so the presenter gets no
    /// disappear callbacks.
    ///
    /// ```swift
    /// alert.presentationStyle   // .sheet
    /// ```
    public override var presentationStyle: PresentationStyle { .sheet }
    /// The buttons, in order, each with its choice.
    ///
    /// ```swift
    /// alert.buttons.map(\.label)   // ["Yes", "Nevermind"]
    /// ```
    public let buttons: [AlertButton<Any>]
    /// Whether `other` has the same title, message, style, labels, roles and choices.
    private let compare: (Any) -> Bool

    /// Where a UI framework's drawing of the alert is (BatonSwiftUI's `alert` and
    /// `confirmationDialog`, whose binding and buttons report here).
    private enum Drawing {
        /// Shown: its binding reads `true`.
        case shown
        /// The framework wrote `false` to its binding: a button was tapped, or the user tapped
        /// outside a dialog. Which one is known when the alert has disappeared: a button's action
        /// may come after the write.
        case closedByFramework
        /// The framework's alert has disappeared.
        case disappeared
    }

    private var drawing = Drawing.shown
    /// Tracks ``isShownByFramework`` for a SwiftUI body.
    private var drawingState = ObservedState()
    /// Whether a button was tapped, or the alert was cancelled: its choice is made.
    private var isAnswered = false
    /// What the framework's button actions hold while it shows the alert.
    private weak var currentPresence: AlertPresence?

    /// The screen for `alert`; ``ScreenModel/present(_:)`` makes it.
    init<Choice>(_ alert: ScreenAlert<Choice>) {
        title = alert.title
        message = alert.message
        style = alert.style
        buttons = alert.buttons.map { AlertButton($0.label, $0.choice as Any, role: $0.role) }
        compare = { other in
            guard let other = other as? ScreenAlert<Choice> else { return false }
            return other.title == alert.title && other.message == alert.message && other.style == alert.style
                && other.buttons.map(\.label) == alert.buttons.map(\.label)
                && other.buttons.map(\.role) == alert.buttons.map(\.role)
        }
        super.init(name: alert.title)
    }

    /// Whether this screen shows `alert`: the same title, message, style, buttons and choices.
    ///
    /// ```swift
    /// #expect(alert.shows(.endMeeting(isDiscardable: true)))
    /// ```
    ///
    /// - Parameter alert: The alert an app declares.
    /// - Returns: `true` when every part matches.
    public func shows<Choice: Equatable>(_ alert: ScreenAlert<Choice>) -> Bool {
        compare(alert) && buttons.map { $0.choice as? Choice } == alert.buttons.map(\.choice)
    }

    /// Taps the first button labelled `label`: the alert is dismissed and its await returns the
    /// button's choice. A tap once the alert has finished does nothing.
    ///
    /// ```swift
    /// try alert.tap("Save and end")
    /// ```
    ///
    /// - Parameter label: The button's text.
    /// - Throws: ``ScreenError/noSuchButton(alert:label:buttons:)`` naming the buttons there
    ///   are; nothing is chosen then.
    public func tap(_ label: String) throws(ScreenError) {
        guard let index = buttons.firstIndex(where: { $0.label == label }) else {
            throw ScreenError.noSuchButton(alert: title, label: label, buttons: buttons.map(\.label))
        }
        tap(at: index)
    }

    /// Taps the button at `index`, as the adapters do; an index outside the buttons does nothing.
    ///
    /// ```swift
    /// alert.tap(at: 0)
    /// ```
    ///
    /// - Parameter index: The button's position in ``buttons``.
    @_spi(Adapters) public func tap(at index: Int) {
        guard buttons.indices.contains(index), !isAnswered else { return }
        isAnswered = true
        finish(with: buttons[index].choice)
    }

    /// Says that the user dismissed the alert without a button: it finishes with the choice of
    /// its cancel button, or, when it has none, is dismissed and its await throws
    /// ``ScreenError/cancelled(screen:reason:)``. After a tap it does nothing.
    ///
    /// ```swift
    /// dialog.cancel()   // a tap outside a confirmation dialog
    /// ```
    public func cancel() {
        guard !isAnswered else { return }
        isAnswered = true
        if let cancel = buttons.first(where: { $0.role == .cancel }) {
            finish(with: cancel.choice)
        } else if !isFinishing {
            dismiss()
        }
    }

    // MARK: - A UI framework's drawing

    /// Whether a UI framework shows the alert: what its binding's getter returns. `false` once the
    /// framework wrote `false` (``followShown(_:)``), so that a redraw before the alert's choice
    /// is made does not show it again. A read inside an Observation tracking scope is tracked.
    ///
    /// ```swift
    /// Binding(get: { alert.isShownByFramework }, set: { alert.followShown($0) })
    /// ```
    @_spi(Adapters) public var isShownByFramework: Bool {
        drawingState.track()
        return drawing == .shown
    }

    /// Follows a UI framework's binding of whether the alert is shown: `false` remembers that the
    /// framework closed it, and decides nothing yet. SwiftUI writes `false` for a button tapped as
    /// for a tap outside a dialog, and may run the button's action later: the choice is made by
    /// the action, or, when none came, at the alert's disappearance (``followDisappeared()``) or,
    /// at the latest, when it leaves the tree or its presenter presents again.
    /// An alert without buttons has no action that could come (SwiftUI draws its own "OK"): the
    /// write cancels it at once. `true` does nothing.
    ///
    /// ```swift
    /// // In an alert's isPresented binding:
    /// set: { shown in alert.followShown(shown) }
    /// ```
    ///
    /// - Parameter shown: What the framework wrote.
    @_spi(Adapters) public func followShown(_ shown: Bool) {
        guard !shown, drawing == .shown else { return }
        guard !buttons.isEmpty else { return followDisappeared() }
        drawing = .closedByFramework
        drawingState.publish()
    }

    /// Says that the framework's alert has disappeared: when no button was tapped before, the
    /// alert is cancelled (``cancel()``), once. A tap after it does nothing.
    ///
    /// The adapter reports it through ``presence()``: the release of the object the framework
    /// keeps, with the actions made from it, while it may still run one.
    ///
    /// ```swift
    /// alert.followDisappeared()   // a tap outside a dialog: the cancel button's choice
    /// ```
    @_spi(Adapters) public func followDisappeared() {
        guard drawing != .disappeared else { return }
        drawing = .disappeared
        drawingState.publish()
        cancel()
    }

    /// Answers the alert as a dismissal without a button when a UI framework closed it and no
    /// button's action came: its presenter is about to present again, which it could not do over
    /// the alert, and the framework, which closed it, no longer shows it. SwiftUI documents no
    /// moment at which it lets the alert's data go (it may keep it until its next alert, or for
    /// as long as the presenter's view lives), so this is the latest moment the await can end
    /// without the presenter leaving. Does nothing while the framework shows the alert, and
    /// after its answer.
    func settleBeforeNextPresentation() {
        guard drawing == .closedByFramework else { return }
        followDisappeared()
    }

    /// Answers the alert as a dismissal without a button when a UI framework closed it, no
    /// button's action came, and a transition takes it out of the tree (its presenter popped,
    /// dismissed or replaced, a ``NavigationPlan`` dismissal, ``ScreenWindow/navigate(to:)``):
    /// the await returns the cancel button's choice, as it does whenever the framework lets the
    /// alert go, rather than an answer that depends on how long the framework keeps it. With no
    /// cancel button the leaving ends the await with ``ScreenError/cancelled(screen:reason:)``.
    /// Called first when it leaves; it requests no transition. Does nothing while the framework
    /// shows the alert, and after its answer.
    func answerBeforeLeaving() {
        guard drawing == .closedByFramework else { return }
        drawing = .disappeared
        drawingState.publish()
        guard !isAnswered else { return }
        isAnswered = true
        guard let cancel = buttons.first(where: { $0.role == .cancel }), let waiter = awaitedResult, waiter.isWaiting
        else { return }
        awaitedResult = nil
        waiter.deliver(cancel.choice)
    }

    /// What a UI framework presents the alert with: SwiftUI's `presenting:` data, from which it
    /// makes the button actions (``AlertPresence/tap(at:)``). Its release, once the framework
    /// has let the alert and its actions go (a tapped action has run by then: the actions are
    /// made from it), is the alert's disappearance (``followDisappeared()``). The same object
    /// while the alert is shown; `nil` once the framework closed it, so that a later body does
    /// not keep it, and so that a body made after the write presents nothing.
    ///
    /// ```swift
    /// .alert(alert.title, isPresented: shown, presenting: alert.presence()) { presence in
    ///     Button(presence.buttons[0].label) { presence.tap(at: 0) }
    /// }
    /// ```
    ///
    /// - Returns: The presence, or `nil` once the framework closed the alert.
    @_spi(Adapters) public func presence() -> AlertPresence? {
        guard drawing == .shown else { return nil }
        if let currentPresence { return currentPresence }
        let presence = AlertPresence(self)
        currentPresence = presence
        return presence
    }
}

/// What a UI framework presents an ``AlertScreen`` with and makes its button actions from
/// (``AlertScreen/presence()``): an action taps the alert it was made for, and its release
/// reports the alert's disappearance, which cancels an alert that no button answered. It holds
/// the alert weakly: a framework that keeps it keeps no screen alive.
///
/// ```swift
/// .alert(alert.title, isPresented: shown, presenting: alert.presence()) { presence in
///     Button(presence.buttons[0].label) { presence.tap(at: 0) }
/// }
/// ```
@_spi(Adapters) @MainActor public final class AlertPresence {
    private weak var alert: AlertScreen?

    fileprivate init(_ alert: AlertScreen) {
        self.alert = alert
        buttons = alert.buttons.map { (label: $0.label, role: $0.role) }
    }

    /// The label and role of each button of the alert it was made for, in order: what a UI
    /// framework draws from it.
    ///
    /// ```swift
    /// presence.buttons.map(\.label)   // ["Yes", "Nevermind"]
    /// ```
    public let buttons: [(label: String, role: AlertButtonRole?)]

    /// Taps the button at `index` of the alert it was made for (``AlertScreen/tap(at:)``): a
    /// later alert is never answered by an action made for an earlier one.
    ///
    /// ```swift
    /// Button(presence.buttons[index].label) { presence.tap(at: index) }
    /// ```
    ///
    /// - Parameter index: The button's position in ``buttons``.
    public func tap(at index: Int) {
        alert?.tap(at: index)
    }

    deinit {
        guard let alert else { return }
        // A framework releases its alert on the main thread; otherwise the task reports it later.
        if MainActorCheck.isCurrent, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
            MainActor.assumeIsolated { alert.followDisappeared() }
        } else {
            Task { @MainActor in alert.followDisappeared() }
        }
    }
}

extension ScreenModel {
    /// Before a presentation from this screen: answers an alert that this screen, or the
    /// outermost container it presents through, shows and that a UI framework already closed
    /// with no button's action (``AlertScreen/settleBeforeNextPresentation()``), so that the new
    /// presentation is not refused because of an alert no longer on screen.
    final func settleClosedAlert() {
        let shown = presented ?? presentationRoot.visiblePresentation
        (shown as? AlertScreen)?.settleBeforeNextPresentation()
    }

    /// Presents `alert` over this screen and returns the choice of the button the user taps.
    ///
    /// ```swift
    /// func deleteTapped() async throws {
    ///     guard try await present(.deleteSyncUp) else { return }   // ScreenAlert<Bool>
    ///     store.remove(id)
    ///     finish()
    /// }
    /// ```
    ///
    /// The alert is an ``AlertScreen``, presented like any screen: it waits for a running
    /// transition, and a test finds it with `window.next(AlertScreen.self)`. Dismissed without a
    /// button, the await returns the cancel button's choice; with no cancel button it throws. On
    /// SwiftUI that answer comes when SwiftUI lets the alert go, when the alert leaves the tree
    /// or, at the latest, when this screen presents again: a presentation is never refused
    /// because of an alert SwiftUI already closed.
    ///
    /// - Parameter alert: The alert or confirmation dialog.
    /// - Returns: The choice of the button tapped.
    /// - Throws: ``ScreenError/cancelled(screen:reason:)`` when the alert leaves without a choice
    ///   (its presenter popped, a dismissal with no cancel button, the awaiting task cancelled),
    ///   and what ``present(_:style:identifier:sender:wiring:)`` throws, such as
    ///   ``ScreenError/alreadyPresenting(presenter:presented:)``.
    public final func present<Choice>(_ alert: ScreenAlert<Choice>) async throws(ScreenError) -> Choice {
        try await present(AlertScreen(alert), returning: Choice.self)
    }
}

/// The answer to an alert that a UI framework draws itself (BatonUIKit's `UIAlertController`):
/// the adapter holds it with the framework's alert, a button taps it, and its release without a
/// tap (the alert dismissed without a button) ends the await as ``AlertScreen/cancel()`` does.
///
/// ```swift
/// try await AlertAnswer.await(alert) { answer in
///     // add one action per button that calls answer.tap(at: index), keep answer with the controller
/// }
/// ```
@_spi(Adapters) @MainActor public final class AlertAnswer {
    private let waiter: ResultWaiter
    private let choices: [Any]

    private init(waiter: ResultWaiter, choices: [Any]) {
        self.waiter = waiter
        self.choices = choices
    }

    /// Shows `alert` with `show`, which receives the answer to keep and tap, and returns the
    /// choice of the button tapped.
    ///
    /// ```swift
    /// let choice = try await AlertAnswer.await(alert) { answer in keep(answer) }
    /// ```
    ///
    /// - Parameters:
    ///   - alert: The alert.
    ///   - show: Draws the alert; holds the answer as long as the alert is shown.
    /// - Returns: The tapped button's choice or, when the answer is released untapped, the cancel
    ///   button's choice.
    /// - Throws: ``ScreenError/cancelled(screen:reason:)`` when it is released untapped and the
    ///   alert has no cancel button, or the awaiting task is cancelled.
    public static func `await`<Choice>(
        _ alert: ScreenAlert<Choice>, show: (AlertAnswer) -> Void
    ) async throws(ScreenError) -> Choice {
        do throws(ScreenError) {
            return try await ResultWaiter.wait(for: alert.title, Choice.self) { waiter in
                show(AlertAnswer(waiter: waiter, choices: alert.buttons.map(\.choice)))
            }
        } catch .cancelled(let screen, .released) {
            guard let cancel = alert.buttons.first(where: { $0.role == .cancel }) else {
                throw .cancelled(screen: screen, reason: .released)
            }
            return cancel.choice
        }
    }

    /// The buttons an adapter draws for `alert`, in order, each with the index that
    /// ``tap(at:)`` takes:
    /// - at most one cancels: a second `.cancel` button is drawn as a plain one (UIKit's
    ///   `addAction(_:)` raises an exception for a second `UIAlertAction.Style.cancel` action; the
    ///   header `UIKit/UIAlertController.h` does not say so, so it is a device-checklist item);
    /// - an alert with no buttons gets an "OK" button that cancels and has no index (SwiftUI's
    ///   `alert` adds such a button itself), so the user can always close it and the await ends
    ///   as a dismissal without a button does.
    ///
    /// ```swift
    /// for button in AlertAnswer.drawnButtons(of: alert) {
    ///     controller.addAction(UIAlertAction(title: button.label, style: style(button.role)) { _ in
    ///         if let index = button.index { answer.tap(at: index) }
    ///     })
    /// }
    /// ```
    ///
    /// - Parameter alert: The alert.
    /// - Returns: The label, role and button index (`nil` for the added "OK") of each button.
    public static func drawnButtons<Choice>(
        of alert: ScreenAlert<Choice>
    ) -> [(label: String, role: AlertButtonRole?, index: Int?)] {
        guard !alert.buttons.isEmpty else { return [(label: "OK", role: .cancel, index: nil)] }
        let firstCancel = alert.buttons.firstIndex { $0.role == .cancel }
        return alert.buttons.enumerated().map { index, button in
            let role = button.role == .cancel && index != firstCancel ? nil : button.role
            return (label: button.label, role: role, index: index)
        }
    }

    /// Ends the await with ``ScreenError/alreadyPresenting(presenter:presented:)``: the framework
    /// did not show the alert because `presenter` already presents `presented`. Without it, the
    /// answer released untapped would return the cancel button's choice for an alert the user
    /// never saw. Does nothing after a tap.
    ///
    /// ```swift
    /// if let shown = presentedViewController {
    ///     return answer.notShown(presenter: "\(self)", presented: "\(shown)")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - presenter: The screen or controller asked to present the alert.
    ///   - presented: What it presents already.
    public func notShown(presenter: String, presented: String) {
        guard waiter.isWaiting else { return }
        waiter.fail(.alreadyPresenting(presenter: presenter, presented: presented))
    }

    /// Taps the button at `index`; only the first tap counts, and an index outside the buttons
    /// does nothing.
    ///
    /// ```swift
    /// UIAlertAction(title: button.label, style: .default) { _ in answer.tap(at: index) }
    /// ```
    ///
    /// - Parameter index: The button's position in the alert's buttons.
    public func tap(at index: Int) {
        guard choices.indices.contains(index) else { return }
        waiter.deliver(choices[index])
    }
}
