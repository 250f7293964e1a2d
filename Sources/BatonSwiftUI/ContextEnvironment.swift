#if canImport(SwiftUI)
    @_spi(Adapters) import Baton
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
        public var batonContext: ScreenContext? {
            get { self[ContextEnvironmentKey.self] }
            set { self[ContextEnvironmentKey.self] = newValue }
        }

        /// The Baton screen this view belongs to, or `nil` outside any Baton screen.
        ///
        /// ``ScreenView`` sets it, so that a view can push, present or finish from its screen.
        ///
        /// ```swift
        /// struct SignupView: View {
        ///     @Environment(\.batonScreen) private var screen
        ///     var body: some View {
        ///         Button("Done") { screen?.finish() }   // pops, dismisses or ends its hop step
        ///     }
        /// }
        /// ```
        public var batonScreen: ScreenModel? {
            get { self[ScreenEnvironmentKey.self] }
            set { self[ScreenEnvironmentKey.self] = newValue }
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension EnvironmentValues {
        /// How ``ScreenView`` draws a leaf screen that neither a ``ViewScreen`` body nor a route
        /// registration draws, or `nil` to show its name; set it with `screenContent(_:)`.
        ///
        /// ```swift
        /// @Environment(\.batonScreenContent) private var screenContent
        /// ```
        public var batonScreenContent: (@MainActor (ScreenModel) -> AnyView)? {
            get { self[ScreenContentEnvironmentKey.self] }
            set { self[ScreenContentEnvironmentKey.self] = newValue }
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension View {
        /// Draws the leaf screens of this hierarchy that are not ``ViewScreen``s, such as the
        /// headless screens of a module that does not import SwiftUI.
        ///
        /// ``ScreenView`` shows containers itself, a ``ViewScreen``'s body, and the screens
        /// `screen(for:content:)` and `screen(_:content:)` draw by their route first; any other
        /// screen it gives to `content` (and none is reported as drawn by its name). Presented
        /// screens inherit it.
        ///
        /// ```swift
        /// WindowView(app.window)
        ///     .screenContent { screen in
        ///         switch screen {
        ///         case let entry as EntryScreen: EntryView(screen: entry)
        ///         default: Text(screen.screenName)
        ///         }
        ///     }
        /// ```
        ///
        /// - Parameter content: Makes the view of a leaf screen.
        /// - Returns: The view with `content` in its environment.
        public func screenContent<Content: View>(
            @ViewBuilder _ content: @escaping @MainActor (ScreenModel) -> Content
        ) -> some View {
            environment(\.batonScreenContent) { @MainActor screen in AnyView(content(screen)) }
        }

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
        public func batonContext(_ context: ScreenContext?) -> some View {
            environment(\.batonContext, context)
        }
    }

    private struct ContextEnvironmentKey: EnvironmentKey {
        static var defaultValue: ScreenContext? { nil }
    }

    private struct ScreenContentEnvironmentKey: EnvironmentKey {
        static var defaultValue: (@MainActor (ScreenModel) -> AnyView)? { nil }
    }

    private struct ScreenEnvironmentKey: EnvironmentKey {
        static var defaultValue: ScreenModel? { nil }
    }
#endif
