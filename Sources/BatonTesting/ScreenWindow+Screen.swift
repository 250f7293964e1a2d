import Baton

extension ScreenWindow {
    /// The first screen of type `type` in this window's screen tree, typed, or `nil`: the root,
    /// then each container's screens (a stack's from its root up, every tab, a hopping
    /// container's step), each followed by what it presents. Unlike ``next(_:timeout:)`` it does
    /// not wait, and it finds screens that are not shown (another tab, beneath a sheet).
    ///
    /// ```swift
    /// let main = try #require(window.screen(TabScreen.self))
    /// #expect(main.selectedIndex == 0)
    /// ```
    ///
    /// - Parameter type: The screen's type: a class, or a protocol screens adopt.
    /// - Returns: The screen, or `nil` when the tree has none of that type.
    public func screen<Found>(_ type: Found.Type) -> Found? {
        guard let root = rootScreen else { return nil }
        return Self.first(type, in: root)
    }

    private static func first<Found>(_ type: Found.Type, in screen: ScreenModel) -> Found? {
        if let found = screen as? Found { return found }
        for child in screen.childScreens {
            if let child = child as? ScreenModel, let found = first(type, in: child) { return found }
        }
        if let presented = screen.presentedScreen as? ScreenModel { return first(type, in: presented) }
        return nil
    }
}
