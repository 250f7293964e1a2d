#if canImport(SwiftUI)
    import Baton
    import SwiftUI

    /// A debug view of what a Baton window shows and what happened in it: its snapshot (screens,
    /// routes, phases, values, how each was resolved, waiting links) and its newest navigation
    /// events, refreshed on each event. The text is ``Baton/ScreenWindow/inspectorText(events:)``,
    /// the same as in tests and in a terminal.
    ///
    /// In a release build it shows nothing and records nothing, unless the app asks for it with
    /// `inReleaseBuilds: true` (an internal build for testers, say).
    ///
    /// ```swift
    /// .sheet(isPresented: $showsInspector) { WindowInspectorView(window) }
    /// ```
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    public struct WindowInspectorView: View {
        private let window: ScreenWindow
        private let isShown: Bool
        @State private var text = ""

        /// Inspects `window`; while shown, its ``Baton/ScreenWindow/recordsNavigationEvents`` is on.
        ///
        /// ```swift
        /// WindowInspectorView(window)
        /// ```
        ///
        /// - Parameters:
        ///   - window: The window to inspect.
        ///   - inReleaseBuilds: Whether a release build shows it too; by default only debug builds do.
        public init(_ window: ScreenWindow, inReleaseBuilds: Bool = false) {
            self.window = window
            #if DEBUG
                isShown = true
            #else
                isShown = inReleaseBuilds
            #endif
        }

        /// The page, monospaced and selectable, refreshed on each navigation event.
        public var body: some View {
            if isShown {
                ScrollView([.vertical, .horizontal]) {
                    Text(text)
                        .font(.system(.caption, design: .monospaced))
                        .textSelection(.enabled)
                        .frame(maxWidth: .infinity, alignment: .leading)
                        .padding()
                }
                .task {
                    window.recordsNavigationEvents = true
                    text = window.inspectorText()
                    for await _ in window.navigationEvents() { text = window.inspectorText() }
                }
            }
        }
    }
#endif
