#if canImport(SwiftUI)
    import Baton
    import SwiftUI

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension EnvironmentValues {
        /// The context of the screen this view belongs to, or `nil` outside any Baton screen.
        ///
        /// ``ScreenView`` sets it for every screen it shows; `batonContext(_:)`
        /// sets it by hand. Reads through it inside a view's body are tracked: the view updates
        /// when what it read changes.
        ///
        /// ```swift
        /// struct ProfileView: View {
        ///     @Environment(\.batonContext) private var context
        ///     var body: some View { Text(context?[UserID.self] ?? "signed out") }
        /// }
        /// ```
        public var batonContext: Context? {
            get { self[ContextEnvironmentKey.self] }
            set { self[ContextEnvironmentKey.self] = newValue }
        }

        /// The Baton screen this view belongs to, or `nil` outside any Baton screen.
        ///
        /// ``ScreenView`` sets it, so that a view can push, present, pop or unhop from its screen.
        ///
        /// ```swift
        /// struct SignupView: View {
        ///     @Environment(\.batonScreen) private var screen
        ///     var body: some View {
        ///         Button("Done") { try? screen?.unhop() }
        ///     }
        /// }
        /// ```
        public var batonScreen: HeadlessScreen? {
            get { self[ScreenEnvironmentKey.self] }
            set { self[ScreenEnvironmentKey.self] = newValue }
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension View {
        /// Gives this view hierarchy `context` as its Baton context.
        ///
        /// ``ScreenView`` does this for every screen; call it yourself to host a hierarchy that
        /// is not a Baton screen, such as a preview.
        ///
        /// ```swift
        /// ProfileView()
        ///     .batonContext(app)
        /// ```
        ///
        /// - Parameter context: The context that ``ContextValue`` and ``ContextRequest`` read.
        /// - Returns: The view with `context` in its environment.
        public func batonContext(_ context: Context?) -> some View {
            environment(\.batonContext, context)
        }
    }

    private struct ContextEnvironmentKey: EnvironmentKey {
        static var defaultValue: Context? { nil }
    }

    private struct ScreenEnvironmentKey: EnvironmentKey {
        static var defaultValue: HeadlessScreen? { nil }
    }
#endif
