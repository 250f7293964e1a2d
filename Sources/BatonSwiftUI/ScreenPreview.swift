#if canImport(SwiftUI)
    @_spi(Testing) import Baton
    import SwiftUI

    /// A `#Preview` of a Baton screen as the app shows it: in a visible window, on a stack, with
    /// the app's dependency coordinator, so that the screen's resolvers run and its links push
    /// and present.
    ///
    /// The screen is made once, when the preview first draws; a resolver that throws shows its
    /// error instead of the screen. Context entries that declare a preview value
    /// (`.init(live: .server, preview: .samples)`) read it in a process that shows a
    /// `ScreenPreview`, where the preview's window sets none.
    ///
    /// ```swift
    /// #Preview {
    ///     ScreenPreview(coordinator: .app) { ItemScreen(item: .sample) }
    /// }
    /// ```
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @MainActor
    public struct ScreenPreview: View {
        @State private var shown: Shown

        /// Shows the screen `screen` makes with `coordinator` resolving it.
        ///
        /// ```swift
        /// ScreenPreview(coordinator: .app) { ItemScreen(item: .sample) }
        /// ScreenPreview(coordinator: .app, inStack: false) { SettingsScreen() }
        /// ```
        ///
        /// - Parameters:
        ///   - coordinator: The app's dependency coordinator, with its resolvers registered.
        ///   - inStack: Whether the screen is shown on a stack, so that its push links push;
        ///     `true` by default.
        ///   - screen: Makes the screen to preview.
        public init(
            coordinator: DependencyCoordinator, inStack: Bool = true,
            screen: @escaping @MainActor () -> ScreenModel
        ) {
            TestDefaults.usesPreviewValues = true
            _shown = State(initialValue: Shown(coordinator: coordinator, inStack: inStack, screen: screen))
        }

        /// The screen in its window, or the error that kept it from being shown.
        public var body: some View {
            switch shown.window {
            case .success(let window):
                WindowView(window)
            case .failure(let error):
                Text(error.description)
                    .font(.footnote.monospaced())
                    .foregroundStyle(.red)
                    .padding()
            }
        }

        /// Makes the window once, on the first draw, however often SwiftUI makes the view.
        @MainActor
        private final class Shown {
            private let make: @MainActor () -> Result<ScreenWindow, ScreenError>
            private var made: Result<ScreenWindow, ScreenError>?

            init(coordinator: DependencyCoordinator, inStack: Bool, screen: @escaping @MainActor () -> ScreenModel) {
                make = {
                    do throws(ScreenError) {
                        return .success(try ScreenWindow(showing: screen(), coordinator: coordinator, inStack: inStack))
                    } catch {
                        return .failure(error)
                    }
                }
            }

            var window: Result<ScreenWindow, ScreenError> {
                if let made { return made }
                let window = make()
                made = window
                return window
            }
        }
    }
#endif
