#if canImport(Observation)
    import Observation
#endif

/// A check of what BatonSwiftUI relies on in the Observation module: that a context read can tell
/// whether it happens inside a tracking scope (a SwiftUI view's body). Baton tells by the access
/// a tracking scope records, which is how Observation works today but is not a documented
/// promise; should an OS release change it, views would silently stop updating, so BatonSwiftUI
/// runs this check once in debug builds and stops with a message instead.
///
/// ```swift
/// ObservationSupport.checkOnce()   // when a SwiftUI scene's window is made
/// ```
@_spi(Adapters)
@MainActor
public enum ObservationSupport {
    /// Whether a read inside `withObservationTracking` is seen as tracked.
    ///
    /// ```swift
    /// ObservationSupport.detectsTracking()   // true
    /// ```
    ///
    /// - Returns: Whether tracking is detected; `false` where Observation does not exist.
    public static func detectsTracking() -> Bool {
        #if canImport(Observation)
            if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
                var detected = false
                withObservationTracking {
                    detected = isObservationTracking()
                } onChange: {
                }
                return detected && !isObservationTracking()
            }
        #endif
        return false
    }

    /// In debug builds, checks ``detectsTracking()`` the first time it is called, and stops with
    /// an assertion naming the problem when it fails. Does nothing in release builds.
    ///
    /// ```swift
    /// ObservationSupport.checkOnce()   // SceneRoutes.init, WindowView's onAppear
    /// ```
    public static func checkOnce() {
        #if DEBUG
            calls += 1
            guard !checked else { return }
            checked = true
            if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
                assert(
                    detectsTracking(),
                    "Baton cannot tell reads inside a SwiftUI body from others with this OS's Observation module:"
                        + " @ContextValue views will not update. Please report it with the OS version.")
            }
        #endif
    }

    #if DEBUG
        private static var checked = false
        /// How many times ``checkOnce()`` was called, for the tests that it runs at launch.
        private(set) static var calls = 0
    #endif
}
