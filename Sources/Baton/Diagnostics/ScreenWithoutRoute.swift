/// A screen shown without a route in a window whose root has one: saving leaves it out, a
/// relaunch loses it and no link reaches it. Baton's first rule, "make every screen through its
/// route", is checked for every screen a push, a presentation, a stack assignment or a hop brings
/// into such a window (a tab inside a tab container included, every screen a stack assignment
/// adds, not just its new top), whenever a ``reporter`` is set, in any build (the default
/// reporter prints in debug builds and is `nil` in release builds). The reporter is the one in
/// effect when the transition is asked for, even when the transition completes later (after an
/// animation or a hopping container's transition hook).
///
/// A screen meant to have no route (an ``AlertScreen``, a share sheet that overrides
/// ``ScreenModel/isRouteless``) is not reported; nor are the steps of a start-up flow
/// (``HoppingScreen``), which the flow shows again when it runs, nor any screen of a window whose
/// root has no route.
///
/// In a UIKit window (BatonUIKit) the rule holds for view controllers too: a controller pushed,
/// presented or set (`setViewControllers(_:animated:)`, the tabs of a new root) without the
/// route `viewController()` records is reported, with the fix that makes it through its route.
/// The system's controllers that are not places a user navigates to (`UIAlertController`,
/// `UIActivityViewController`, `UISearchController`, the system's pickers and composers,
/// `SFSafariViewController`, UIKit's private controllers, their subclasses, and what is inside
/// or presented above them) are not reported, nor is a controller that overrides BatonUIKit's
/// `UIViewController.isRouteless` to return `true` or a system controller marked with
/// `isMarkedRouteless`. A storyboard segue's destination, which the storyboard makes without a
/// route, is given one in `prepare(for:sender:)` with `segue.setDestinationRoute(_:root:)` (`root:`
/// for the root a storyboard embeds in a navigation controller destination). A route given there
/// that cannot be recorded (for an unwind segue, whose destination is already shown with its own,
/// or a `root:` for a destination that is no navigation controller) is reported too, naming the
/// segue and the route.
///
/// ```swift
/// try stack.push(DetailScreen(id: 4))
/// // Baton: detail 4 (DetailScreen) was shown by push: list → detail 4 without a route, in a
/// // window of AppRoute routes: saving leaves it out and no link reaches it. Make it through its
/// // route (try push(AppRoute.….screen())), or declare its route (RoutedScreen); if it is
/// // meant to have none, as an alert or a share sheet, override isRouteless to return true.
/// ```
public struct ScreenWithoutRoute: Sendable, Hashable, CustomStringConvertible {
    /// The screen, by name and type.
    ///
    /// ```swift
    /// report.screen   // "detail 4 (DetailScreen)"
    /// ```
    public let screen: String
    /// Where it was shown: the transition, and the container it is inside when it came in with
    /// the transition's destination.
    ///
    /// ```swift
    /// report.shown   // "push: list → detail 4"
    /// ```
    public let shown: String
    /// The route type of the window's root.
    ///
    /// ```swift
    /// report.routeType   // "AppRoute"
    /// ```
    public let routeType: String
    /// The call that shows it through its route, as the transition's kind makes it.
    let fix: String
    /// Whether it is a view controller, which declares no route of its own (a model screen may,
    /// with ``RoutedScreen``).
    var isController = false
    /// Whether it is the root of a navigation controller that came in with it, which a storyboard
    /// segue names with `root:`.
    var isStackRoot = false
    /// A route a segue was given that could not be recorded; `nil` for a screen shown without one.
    var ignored: IgnoredRoute?

    /// A route given in `prepare(for:sender:)` that names no screen it could be recorded on.
    enum IgnoredRoute: Sendable, Hashable {
        /// Routes given to an unwind segue, whose destination is already shown with its own.
        case unwind(String)
        /// A root route for a segue whose destination is no navigation controller with a root.
        case rootOfNoStack(root: String)
    }

    /// The report, with the fix.
    ///
    /// ```swift
    /// print(report)
    /// ```
    public var description: String {
        switch ignored {
        case .unwind(let given):
            return "The \(shown) was given \(given) (segue.setDestinationRoute), which is ignored: its destination"
                + " \(screen) is already shown, with its own route. Name a route only for a forward segue's new"
                + " destination: check segue.identifier in prepare(for:sender:) first."
        case .rootOfNoStack(let root):
            return "The \(shown) was given the root route \(root) (segue.setDestinationRoute(_:root:)), which is"
                + " ignored: its destination \(screen) is not a navigation controller with a root view controller."
                + " Give root: only for a navigation controller; name this destination's own route alone."
        case nil: break
        }
        return
            "\(screen) was shown by \(shown) without a route, in a window of \(routeType) routes: saving leaves it out"
            + " and no link reaches it. Make it through its route (\(fix))"
            + (isController
                ? (isStackRoot
                    ? ", or, for a storyboard segue to its navigation controller, name both routes in"
                        + " prepare(for:sender:) (segue.setDestinationRoute(\(routeType).…, root: \(routeType).…));"
                    : ", or, for a storyboard segue, name its route in prepare(for:sender:)"
                        + " (segue.setDestinationRoute(\(routeType).…));")
                : ", or declare its route (RoutedScreen);")
            + " if it is meant to have none, as an alert or a share sheet, override isRouteless to return true"
            + (isController ? ", or set isMarkedRouteless on a system controller you cannot subclass." : ".")
    }

    /// Receives each screen shown without a route, and each route a storyboard segue was given
    /// that cannot be recorded, in the current task and the tasks it creates.
    /// In debug builds the default prints the report (`Baton: ` and the ``description``), which
    /// Xcode shows in its console; in release builds the default is `nil`. Under BatonTesting's
    /// `.isolatedBaton` each one fails the test, in any build; `nil` turns the check off. A
    /// transition is checked against the reporter in effect when it is asked for: a push asked
    /// for inside `withValue(nil)` is not checked, even when it completes after the scope ends.
    ///
    /// ```swift
    /// ScreenWithoutRoute.$reporter.withValue(nil) {
    ///     try stack.push(DebugMenuScreen())   // not checked
    /// }
    /// ```
    @TaskLocal public static var reporter: (@Sendable (ScreenWithoutRoute) -> Void)? = {
        #if DEBUG
            return { report in print("Baton: \(report)") }
        #else
            return nil
        #endif
    }()
}

/// Rule 1's check of one transition, taken when the transition is asked for: the reporter in
/// effect then, and the screens a stack assignment adds (its new top included), checked once
/// the transition completes.
@MainActor
struct RouteCheck {
    let reporter: @Sendable (ScreenWithoutRoute) -> Void
    /// For a ``TransitionKind/setStack`` transition, every screen that newly entered the stack;
    /// `nil` means the transition's destination.
    let entered: [any Screen]?

    /// The check of a transition asked for now, or `nil` when no reporter is set (one task-local
    /// read and nothing else).
    static func asked(entering entered: @autoclosure () -> [any Screen]? = nil) -> RouteCheck? {
        guard let reporter = ScreenWithoutRoute.reporter else { return nil }
        return RouteCheck(reporter: reporter, entered: entered())
    }
}

extension ScreenWindow {
    /// The screens `transition` brought into this window without a route, when the window's
    /// root has one: model screens and, in a UIKit window, view controllers. The caller reports
    /// them once its own state is settled (the reporter is user code, which may navigate).
    func screensWithoutRoute(shownBy transition: ScreenTransition, entered: [any Screen]? = nil)
        -> [ScreenWithoutRoute]
    {
        guard let root = currentRoot ?? hostedRoot, let rootRoute = Self.route(of: root) else { return [] }
        let destination = transition.destination
        let checksDestination: Bool
        switch transition.kind {
        case .push, .present, .setStack, .segue, .manual: checksDestination = true
        // A hop step of a flow is shown again when the flow runs; its main screen's tabs are checked.
        case .hop, .replaceRoot, .embed: checksDestination = false
        // A UIKit stack change whose new top was already in the stack puts new screens below it.
        case .pop where entered?.isEmpty == false: checksDestination = true
        case .selectTab, .pop, .dismiss: return []
        }
        let routeType = TypeNames.name(of: type(of: rootRoute))
        let shown = transition.record.description
        let isController = !(destination is ScreenModel)
        let made = isController ? "viewController()" : "screen()"
        let fix: String
        switch transition.kind {
        case .present: fix = "try present(\(routeType).….\(made))"
        case .push: fix = "try push(\(routeType).….\(made))"
        default: fix = "try \(routeType).….\(made)"
        }
        var found: [ScreenWithoutRoute] = []
        func report(_ screen: any Screen, inside container: (any Screen)?) {
            found.append(
                ScreenWithoutRoute(
                    screen: "\(screen.screenName) (\(TypeNames.name(of: type(of: screen))))",
                    shown: container.map { "\(shown) (inside \($0.screenName))" } ?? shown,
                    routeType: routeType, fix: fix, isController: isController,
                    isStackRoot: container.map { container in
                        guard case .stack(let screens) = UIKitNavigation.content(of: container) else { return false }
                        return screens.first === screen
                    } ?? false))
        }
        func visit(_ screen: any Screen, inside container: (any Screen)?) {
            if let screen = screen as? ScreenModel {
                guard !screen.isRouteless else { return }
                // Reported at the outermost screen without a route: making it through its
                // route makes what it contains too.
                guard screen.anyRoute != nil else { return report(screen, inside: container) }
                // A flow's child is one of its steps, which the flow makes.
                guard !(screen is HoppingScreen) else { return }
                for case let child as ScreenModel in screen.childScreens { visit(child, inside: screen) }
            } else if let controller = screen as? any UIKitScreen {
                guard controller.recordedScreenRoute != nil else {
                    if !UIKitEvents.isRouteless(controller) { report(controller, inside: container) }
                    return
                }
                guard !controller.isRouteless else { return }
                // The screens the tree shows: a stack, tabs (a flow's step is the flow's).
                switch UIKitNavigation.content(of: controller) {
                case .stack(let screens), .tabs(let screens, _):
                    for child in screens { visit(child, inside: controller) }
                case .plain, .hop: break
                }
            }
        }
        if !checksDestination, Self.route(of: destination) == nil { return [] }
        // A stack assignment shows its new top and puts the others below it: each is checked.
        for screen in entered ?? [destination] { visit(screen, inside: nil) }
        return found
    }

    /// A model screen's route, or the route recorded on a view controller.
    private static func route(of screen: any Screen) -> (any ScreenRoute)? {
        if let model = screen as? ScreenModel { return model.anyRoute }
        return UIKitNavigation.route(of: screen)
    }

    /// Checks `transition` as `check` took it when it was asked for, and reports what it finds.
    func report(_ transition: ScreenTransition, _ check: RouteCheck) {
        for report in screensWithoutRoute(shownBy: transition, entered: check.entered) { check.reporter(report) }
    }
}
