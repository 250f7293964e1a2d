/// A screen shown without a route in a window whose root has one: saving leaves it out, a
/// relaunch loses it and no link reaches it. Baton's first rule, "make every screen through its
/// route", is checked for every screen a push, a presentation, a stack assignment or a hop brings
/// into such a window (a tab inside a tab container included), in debug builds.
///
/// A screen meant to have no route (an ``AlertScreen``, a share sheet that overrides
/// ``ScreenModel/isRouteless``) is not reported; nor are the steps of a start-up flow
/// (``HoppingScreen``), which the flow shows again when it runs, nor any screen of a window whose
/// root has no route.
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

    /// The report, with the fix.
    ///
    /// ```swift
    /// print(report)
    /// ```
    public var description: String {
        "\(screen) was shown by \(shown) without a route, in a window of \(routeType) routes: saving leaves it out"
            + " and no link reaches it. Make it through its route (\(fix)), or declare its route (RoutedScreen);"
            + " if it is meant to have none, as an alert or a share sheet, override isRouteless to return true."
    }

    /// Receives each screen shown without a route, in the current task and the tasks it creates.
    /// In debug builds the default prints the report (`Baton: ` and the ``description``), which
    /// Xcode shows in its console; under BatonTesting's `.isolatedBaton` each one fails the
    /// test; `nil` turns the check off. Release builds never check, whatever the value.
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

#if DEBUG
    extension ScreenWindow {
        /// The screens `transition` brought into this window without a route, when the window's
        /// root has one; the caller reports them once its own state is settled (the reporter is
        /// user code, which may navigate).
        func screensWithoutRoute(shownBy transition: ScreenTransition) -> [ScreenWithoutRoute] {
            guard let rootRoute = rootScreen?.anyRoute, let destination = transition.destination as? ScreenModel
            else { return [] }
            let checksDestination: Bool
            switch transition.kind {
            case .push, .present, .setStack, .segue, .manual: checksDestination = true
            // A hop step of a flow is shown again when the flow runs; its main screen's tabs are checked.
            case .hop, .replaceRoot, .embed: checksDestination = false
            case .selectTab, .pop, .dismiss: return []
            }
            let routeType = TypeNames.name(of: type(of: rootRoute))
            let shown = transition.record.description
            let fix: String
            switch transition.kind {
            case .present: fix = "try present(\(routeType).….screen())"
            case .push: fix = "try push(\(routeType).….screen())"
            default: fix = "try \(routeType).….screen()"
            }
            var found: [ScreenWithoutRoute] = []
            func visit(_ screen: ScreenModel, inside container: ScreenModel?) {
                guard !screen.isRouteless else { return }
                guard screen.anyRoute != nil else {
                    // Reported at the outermost screen without a route: making it through its
                    // route makes what it contains too.
                    found.append(
                        ScreenWithoutRoute(
                            screen: "\(screen.screenName) (\(TypeNames.name(of: type(of: screen))))",
                            shown: container.map { "\(shown) (inside \($0.screenName))" } ?? shown,
                            routeType: routeType, fix: fix))
                    return
                }
                // A flow's child is one of its steps, which the flow makes.
                guard !(screen is HoppingScreen) else { return }
                for case let child as ScreenModel in screen.childScreens { visit(child, inside: screen) }
            }
            if !checksDestination, destination.anyRoute == nil { return [] }
            visit(destination, inside: nil)
            return found
        }
    }
#endif
