#if canImport(SwiftUI)
    @_spi(Adapters) import Baton
    import SwiftUI

    /// A button that shows a new Baton screen from the screen it is in: pushed on the enclosing
    /// stack, or presented. SwiftUI's `NavigationLink`, with Baton's wiring and resolution.
    ///
    /// The screen is made when the button is tapped and shown through a Baton transition, so it
    /// is wired to the source's context (`.inherit`, `.share` or `.isolate`) and resolved by the
    /// dependency coordinator before it appears. A refused transition (a resolver that throws, a
    /// misuse) shows nothing; Baton reports misuses as its `MisuseMode` says.
    ///
    /// ```swift
    /// ScreenLink("Sign up", wiring: .share) { SignupScreen(name: "signup") }
    /// ScreenLink("Settings", action: .present) { SettingsScreen() }
    /// ```
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @MainActor
    public struct ScreenLink<Label: View>: View {
        /// How a ``ScreenLink`` shows its screen.
        ///
        /// ```swift
        /// ScreenLink("Settings", action: .present) { SettingsScreen() }
        /// ```
        public enum Action: Sendable, Hashable {
            /// Pushed on the stack that encloses the link's screen; presented when there is none.
            ///
            /// ```swift
            /// ScreenLink("Details", action: .push) { DetailScreen() }
            /// ```
            case push
            /// Presented by the link's screen, as a sheet or a full-screen cover.
            ///
            /// ```swift
            /// ScreenLink("Settings", action: .present) { SettingsScreen() }
            /// ```
            case present
        }

        @Environment(\.batonScreen) private var screen
        private let action: Action
        private let wiring: ContextWiring
        private let destination: @MainActor () -> ScreenModel
        private let label: Label

        /// A link with a custom label.
        ///
        /// ```swift
        /// ScreenLink(action: .push) { DetailScreen() } label: { Label("Details", systemImage: "info") }
        /// ```
        ///
        /// - Parameters:
        ///   - action: Push (the default) or present.
        ///   - wiring: How the new screen's context joins the source's; `.inherit` by default.
        ///   - destination: Makes the screen to show, when the button is tapped.
        ///   - label: The button's label.
        public init(
            action: Action = .push, wiring: ContextWiring = .inherit,
            destination: @escaping @MainActor () -> ScreenModel, @ViewBuilder label: () -> Label
        ) {
            self.action = action
            self.wiring = wiring
            self.destination = destination
            self.label = label()
        }

        /// The button.
        public var body: some View {
            Button(action: show) { label }
        }

        private func show() {
            guard let screen else { return }
            let next = destination()
            if action == .push, let stack = screen.enclosingStack {
                _ = try? stack.push(next, wiring: wiring)
            } else {
                _ = try? screen.present(next, wiring: wiring)
            }
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension ScreenLink where Label == Text {
        /// A link labelled with a title.
        ///
        /// ```swift
        /// ScreenLink("Sign up", wiring: .share) { SignupScreen() }
        /// ```
        ///
        /// - Parameters:
        ///   - title: The button's title.
        ///   - action: Push (the default) or present.
        ///   - wiring: How the new screen's context joins the source's; `.inherit` by default.
        ///   - destination: Makes the screen to show, when the button is tapped.
        public init(
            _ title: String, action: Action = .push, wiring: ContextWiring = .inherit,
            destination: @escaping @MainActor () -> ScreenModel
        ) {
            self.init(action: action, wiring: wiring, destination: destination) { Text(title) }
        }
    }
#endif
