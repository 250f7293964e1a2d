extension ScreenWindow {
    /// Starts the window at launch: shows `root` when the window shows nothing yet, then restores
    /// the screens saved by the last run over it, keeping every part that still fits.
    ///
    /// ```swift
    /// let window = ScreenWindow()
    /// let failures = window.launch(AppRoute.main, restoring: savedScreens)
    /// for failure in failures { log(failure.description) }
    /// ```
    ///
    /// When `root` is a start-up flow (a ``HoppingScreen``), it starts empty and the saved screens
    /// wait until the flow reaches its main screen (<doc:DeepLinksAndStateRestoration>): the
    /// splash, onboarding and login of the flow are never skipped, and the user comes back where
    /// they were once they are through.
    ///
    /// - Parameters:
    ///   - root: The route of the window's root screen.
    ///   - saved: The JSON text of ``saveScreenTree(_:)``'s result, or `nil` on a first launch.
    /// - Returns: Every failure, in order: the root that could not be made, a saved text that is
    ///   not a saved tree (``NavigationError/unreadable(reason:)``,
    ///   ``NavigationError/unsupportedFormat(found:supported:)``), the parts of the saved tree
    ///   that were left out (``NavigationError/dropped(path:reason:)``) or restored in their own
    ///   style (``NavigationError/repaired(path:reason:)``). Empty when everything was shown.
    public func launch<Route: ScreenRoute>(_ root: Route, restoring saved: String? = nil) -> [NavigationError] {
        var failures: [NavigationError] = []
        if rootScreen == nil {
            do throws(NavigationError) {
                try navigate(to: ScreenTree(root))
            } catch {
                return [error]
            }
        }
        guard let saved else { return failures }
        do throws(NavigationError) {
            failures += try restoreScreenTree(SavedScreenTree(json: saved), as: Route.self)
        } catch {
            failures.append(error)
        }
        return failures
    }
}
