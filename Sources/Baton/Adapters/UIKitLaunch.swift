/// How a UIKit scene's window starts, decided in the core: its root, the screens the last run
/// saved, the links the scene was opened with, and a restoration that arrives after connection.
///
/// UIKit may not have the scene's restoration activity at connection: "The initial value of
/// stateRestorationActivity may not be immediately available when the scene is connected,
/// depending on the app's default protection class and the lock state of the device"
/// (`UIKit/UISceneSession.h:49-50`); it then calls `scene(_:restoreInteractionStateWith:)` "after
/// scene connection, but before activation" (`UIKit/UIScene.h:88-93`). ``restoreLate(_:saved:as:making:)``
/// restores it then, unless a link was opened at launch (the link the user tapped wins) or the
/// launch already restored.
///
/// ```swift
/// let failures = UIKitLaunch.launch(window, root: ShopRoute.main, restoring: json, opening: urls,
///                                   with: ShopRoute.links) { try $0.makeViewController() }
/// ```
@_spi(Adapters)
@MainActor
public enum UIKitLaunch {
    /// What a window's launch did, for a restoration that comes later.
    private struct Launched {
        weak var window: ScreenWindow?
        var restored: Bool
        var openedLink: Bool
    }

    private static var launched: [ObjectIdentifier: Launched] = [:]

    /// Starts a scene's window: shows `root` when the window shows nothing yet, restores `saved`
    /// over it (every part that still fits), then opens `urls` in order. Call it after
    /// `makeKeyAndVisible()`: UIKit presents only from a controller in a window.
    ///
    /// ```swift
    /// let failures = UIKitLaunch.launch(window, root: .main, restoring: json, opening: urls, with: links) {
    ///     try $0.makeViewController()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - window: The scene's window.
    ///   - root: The route of the window's root.
    ///   - saved: The JSON text of a saved tree, or `nil` (a first launch, or an activity not
    ///     available yet).
    ///   - urls: The URLs the scene was opened with.
    ///   - links: The app's links.
    ///   - make: Makes a controller for a route.
    /// - Returns: Every failure, in order: the root that could not be made (then nothing else is
    ///   tried), a saved text that cannot be read, the parts of the saved tree left out, the links
    ///   that could not be opened. Empty when everything was shown.
    public static func launch<Route: ScreenRoute>(
        _ window: any UIKitWindow, root: Route, restoring saved: String?, opening urls: [String],
        with links: ScreenLinks<Route>?, making make: @escaping @MainActor (Route) throws -> any UIKitScreen
    ) -> [NavigationError] {
        var failures: [NavigationError] = []
        if window.currentRoot == nil {
            do throws(NavigationError) {
                try UIKitNavigation.navigate(window, to: ScreenTree(root), animated: false, making: make)
            } catch {
                return [error]
            }
        }
        var state = Launched(window: window.batonWindow, restored: false, openedLink: false)
        if let saved {
            failures += restore(window, saved: saved, as: Route.self, making: make)
            state.restored = true
        }
        for url in urls {
            guard let links else {
                failures.append(.unknownLink(url, known: []))
                continue
            }
            do throws(NavigationError) {
                try UIKitNavigation.navigate(window, to: links.tree(for: url), animated: false, making: make)
                state.openedLink = true
            } catch {
                failures.append(error)
            }
        }
        launched = launched.filter { $0.value.window != nil }
        launched[ObjectIdentifier(window.batonWindow)] = state
        return failures
    }

    /// Restores the screens of a restoration activity that arrived after the launch
    /// (`scene(_:restoreInteractionStateWith:)`). A link opened at launch shows instead: the saved
    /// tree is left out and that is returned; a launch that already restored is not restored
    /// again.
    ///
    /// ```swift
    /// func scene(_ scene: UIScene, restoreInteractionStateWith activity: NSUserActivity) {
    ///     let failures = UIKitLaunch.restoreLate(window, saved: json, as: ShopRoute.self) { try $0.makeViewController() }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - window: The scene's window.
    ///   - saved: The JSON text of the saved tree.
    ///   - type: The app's route type.
    ///   - make: Makes a controller for a route.
    /// - Returns: What was left out, as for ``launch(_:root:restoring:opening:with:making:)``.
    public static func restoreLate<Route: ScreenRoute>(
        _ window: any UIKitWindow, saved: String, as type: Route.Type,
        making make: @escaping @MainActor (Route) throws -> any UIKitScreen
    ) -> [NavigationError] {
        let key = ObjectIdentifier(window.batonWindow)
        let state = launched[key].flatMap { $0.window === window.batonWindow ? $0 : nil }
        if state?.restored == true { return [] }
        if state?.openedLink == true {
            return [.dropped(path: "", reason: "a link the scene was opened with shows instead")]
        }
        let failures = restore(window, saved: saved, as: type, making: make)
        launched[key] = Launched(window: window.batonWindow, restored: true, openedLink: false)
        return failures
    }

    private static func restore<Route: ScreenRoute>(
        _ window: any UIKitWindow, saved: String, as type: Route.Type,
        making make: @escaping @MainActor (Route) throws -> any UIKitScreen
    ) -> [NavigationError] {
        do throws(NavigationError) {
            return try UIKitNavigation.restoreScreenTree(
                SavedScreenTree(json: saved), as: type, in: window, animated: false, making: make)
        } catch {
            return [error]
        }
    }
}
