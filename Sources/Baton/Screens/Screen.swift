/// An object that shows something and carries a ``ScreenContext``: a screen of the app.
///
/// The protocol names its members so that `UIViewController` can conform in a thin adapter
/// (`parentScreen` is UIKit's `parent`, `childScreens` its `children`, `presentedScreen` its
/// `presentedViewController`, `isOnScreen` its `viewIfLoaded?.window != nil`). The core ships
/// ``ScreenModel`` and its containers, which run whole flows without a display, in tests,
/// terminal apps and servers.
///
/// ```swift
/// final class ProfileScreen: ScreenModel {
///     override func willAppear() {
///         if let userID = context[UserID.self] { show(userID) }
///     }
///     func show(_ id: String) { … }
/// }
/// ```
@MainActor
public protocol Screen: AnyObject {
    /// The screen's context. Transitions wire it to the source screen's context.
    ///
    /// ```swift
    /// screen.context[UserID.self]
    /// ```
    var context: ScreenContext { get set }

    /// The container that holds this screen (UIKit's `parent`), if any.
    ///
    /// ```swift
    /// screen.parentScreen is StackScreen   // true when pushed on a stack
    /// ```
    var parentScreen: (any Screen)? { get }

    /// The screens this one contains (UIKit's `children`): a stack's screens, a tab container's
    /// tabs, a hopping container's current screen.
    ///
    /// ```swift
    /// tabs.childScreens.count   // the number of tabs
    /// ```
    var childScreens: [any Screen] { get }

    /// The screen this one presents modally (UIKit's `presentedViewController`), if any.
    ///
    /// ```swift
    /// main.presentedScreen === login   // true after main.present(login)
    /// ```
    var presentedScreen: (any Screen)? { get }

    /// The screen that presents this one modally (UIKit's `presentingViewController`), if any.
    ///
    /// ```swift
    /// login.presentingScreen === main   // true after main.present(login)
    /// ```
    var presentingScreen: (any Screen)? { get }

    /// Whether the screen is in the visible hierarchy (ProContext's "in window"): true from its
    /// did-appear until its did-disappear (still true during will-disappear).
    ///
    /// ```swift
    /// context.observe(Saved.self, owner: self, if: .whileOnScreen(self)) { owner, _ in owner.reload() }
    /// ```
    var isOnScreen: Bool { get }

    /// A readable name for logs, graphs and errors: the registry name or the type name.
    ///
    /// ```swift
    /// print(screen.screenName)   // "splash"
    /// ```
    var screenName: String { get }
}

extension Screen {
    /// The nearest ``HoppingScreen``: this screen when it is one, as CLHoppingViewController's
    /// `hoppingViewController` category returns the container itself, else the nearest enclosing
    /// one, found by walking up the parents and presenters.
    ///
    /// ```swift
    /// let startup = splash.hoppingScreen   // nil when no hopping container encloses splash
    /// startup.hoppingScreen === startup    // true
    /// ```
    public var hoppingScreen: HoppingScreen? {
        var current: (any Screen)? = self
        while let screen = current {
            if let hopping = screen as? HoppingScreen { return hopping }
            current = screen.enclosingScreen
        }
        return nil
    }

    /// Tells the nearest enclosing hopping container (a ``HoppingScreen`` or a
    /// ``HopFlowContainer``) that this step is finished, which runs the continuation given to
    /// ``HoppingScreen/hop(to:identifier:sender:wiring:then:)``.
    ///
    /// As in CLHoppingViewController, this does nothing when no hopping container encloses the
    /// screen. It works from any descendant of the hopping container's current screen, and on
    /// the hopping container itself, where it unhops the current step (CLHoppingViewController's
    /// `[startup unhop]`), like ``HoppingScreen/unhopCurrentScreen()``.
    ///
    /// This is CLHoppingViewController's verb, for code that comes from it. ``finish()`` does the
    /// same for a hop step, also ends a pushed or presented screen, ignores a second call, and
    /// ``finish(with:)`` returns a value to the awaiting flow.
    ///
    /// ```swift
    /// final class SplashScreen: ScreenModel {
    ///     func loadingFinished() throws(ScreenError) {
    ///         try unhop()   // or finish(), which never throws
    ///     }
    /// }
    /// ```
    ///
    /// - Throws: ``ScreenError/noPendingContinuation(hopping:screen:)`` when the current step was
    ///   hopped to without a continuation (a final step), and what the continuation throws (its
    ///   next hop's failure). A second unhop of a step that already finished (a double-tapped
    ///   button) is ignored.
    public func unhop() throws(ScreenError) {
        try unhopNearest(result: ())
    }

    /// This screen and every screen it contains, depth first, containers before their children.
    ///
    /// ```swift
    /// tabs.screenAndDescendants.count   // the container plus every tab and their children
    /// ```
    public var screenAndDescendants: [any Screen] {
        var result: [any Screen] = []
        var stack: [any Screen] = [self]
        while let screen = stack.popLast() {
            result.append(screen)
            stack.append(contentsOf: screen.childScreens.reversed())
        }
        return result
    }
}

extension Condition {
    /// A condition that holds while `screen` is on screen (ProContext's `ifInWindow:`). The screen
    /// is held weakly; the condition fails once it is gone.
    ///
    /// ```swift
    /// try context.provide(TotalWeight.self, owner: self, if: .whileOnScreen(self)) { $0.weight }
    /// ```
    ///
    /// - Parameter screen: The screen whose visibility the condition follows.
    /// - Returns: A condition met while the screen is on screen.
    @MainActor public static func whileOnScreen(_ screen: any Screen) -> Condition {
        Condition { [weak screen] in screen?.isOnScreen ?? false }
    }
}
