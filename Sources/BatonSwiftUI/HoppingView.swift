#if canImport(SwiftUI)
    @_spi(Adapters) import Baton
    import SwiftUI

    /// Shows a `HoppingScreen`'s current step, for start-up flows (splash → onboarding → main),
    /// with a transition between steps.
    ///
    /// The flow itself is Baton's: a `HoppingScreen` subclass declares its `mainRoute` and awaits
    /// its steps in `run()`, which Baton runs once, the first time the flow appears, before it
    /// hops to the main route's screen. An error `run()` throws is reported with the flow named;
    /// nothing here starts the flow or drops its errors. ``ScreenView`` shows a hopping screen
    /// with a `HoppingView`; use one yourself for another transition:
    ///
    /// ```swift
    /// final class StartupScreen: HoppingScreen {
    ///     override var mainRoute: (any ScreenRoute)? { Route.main }
    ///     override func run() async throws {
    ///         try await hop(to: SplashScreen())
    ///         context[\.user] = try await hop(to: LoginScreen(), returning: User.self)
    ///     }
    /// }
    ///
    /// struct StartupView: View {
    ///     let startup: StartupScreen
    ///     var body: some View {
    ///         HoppingView(startup, transition: .opacity)
    ///     }
    /// }
    /// ```
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @MainActor
    public struct HoppingView: View {
        private let hopping: HoppingScreen
        private let transition: AnyTransition
        private let animation: Animation?

        /// Shows `hopping`'s current step.
        ///
        /// ```swift
        /// HoppingView(startup, transition: .move(edge: .trailing), animation: .easeInOut)
        /// ```
        ///
        /// - Parameters:
        ///   - hopping: The flow to show.
        ///   - transition: How a step enters and leaves; `.opacity` by default.
        ///   - animation: The animation of a hop; `nil` hops without one.
        public init(_ hopping: HoppingScreen, transition: AnyTransition = .opacity, animation: Animation? = .default) {
            self.hopping = hopping
            self.transition = transition
            self.animation = animation
        }

        /// The current step.
        public var body: some View {
            let current = hopping.currentScreen
            ZStack {
                if let current {
                    ScreenView(current)
                        .id(ScreenIdentity(current))
                        .transition(transition)
                }
            }
            .animation(animation, value: current.map(ScreenIdentity.init))
        }
    }

    /// Shows a Baton `ScreenWindow`'s root screen and makes the window visible when it appears, so
    /// that its screens receive their lifecycle callbacks.
    ///
    /// ```swift
    /// @main struct CoordinatesApp: App {
    ///     let window = ScreenWindow()
    ///     var body: some Scene {
    ///         WindowGroup { WindowView(window) }
    ///     }
    /// }
    /// ```
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @MainActor
    public struct WindowView: View {
        let window: ScreenWindow

        /// Shows `window`'s root screen.
        ///
        /// ```swift
        /// WindowView(window)
        /// ```
        ///
        /// - Parameter window: The window whose root to show.
        public init(_ window: ScreenWindow) {
            self.window = window
        }

        /// The root screen.
        public var body: some View {
            let window = self.window
            // A ZStack is one view whatever it holds (SwiftUI.swiftinterface:22539-22546, `_makeView`),
            // and Color.clear fills it while the window shows nothing: its modifiers always run. A
            // Group is only a list of its members (:23870-23885, `_makeViewList`), and a modifier on an
            // empty one runs for no one.
            ZStack {
                if let root = window.rootScreen {
                    ScreenView(root)
                } else {
                    Color.clear
                }
            }
            .batonContext(window.context)
            .onAppear {
                ObservationSupport.checkOnce()
                window.makeVisible()
            }
        }
    }
#endif
