extension ScreenWindow {
    /// The window that shows `screen`: the one whose root screen is reached from `screen` through
    /// its containers and presenters.
    ///
    /// A ``ScreenModel`` tree finds its window through ``ScreenWindow/setRoot(_:identifier:sender:wiring:)``;
    /// a framework's screens (view controllers) find theirs through the last
    /// ``ExternalTransition`` of kind ``TransitionKind/replaceRoot`` begun in it, which is how an
    /// adapter reports a window's root change.
    ///
    /// ```swift
    /// try ExternalTransition.begin(.replaceRoot, from: nil, to: root, parentContext: window.context, in: window)
    /// ScreenWindow.containing(detailPushedLater) === window   // true
    /// ```
    ///
    /// - Parameter screen: Any screen.
    /// - Returns: The window, or `nil` when the screen's tree is in none.
    @_spi(Adapters) public static func containing(_ screen: any Screen) -> ScreenWindow? {
        var root: any Screen = screen
        while let next = root.parentScreen ?? root.presentingScreen { root = next }
        if let headless = root as? ScreenModel, let window = headless.window { return window }
        guard let entry = hostedRoots[ObjectIdentifier(root)], entry.root === root else { return nil }
        return entry.window
    }

    /// The screen an adapter last made this window's root, held weakly.
    ///
    /// ```swift
    /// window.hostedRoot === rootViewController
    /// ```
    @_spi(Adapters) public var hostedRoot: (any Screen)? {
        Self.hostedRoots.values.first { $0.window === self }?.root
    }

    static func setHostedRoot(_ root: any Screen, of window: ScreenWindow) {
        hostedRoots = hostedRoots.filter {
            $0.value.window !== window && $0.value.window != nil && $0.value.root != nil
        }
        hostedRoots[ObjectIdentifier(root)] = HostedRoot(root: root, window: window)
    }

    /// The window shows no root any more (its root was set to `nil`, or its scene closed).
    static func removeHostedRoot(of window: ScreenWindow) {
        hostedRoots = hostedRoots.filter {
            $0.value.window !== window && $0.value.window != nil && $0.value.root != nil
        }
    }

    private static var hostedRoots: [ObjectIdentifier: HostedRoot] = [:]
}

/// A framework screen shown as a window's root, and the window, both held weakly.
@MainActor
private struct HostedRoot {
    weak var root: (any Screen)?
    weak var window: ScreenWindow?
}
