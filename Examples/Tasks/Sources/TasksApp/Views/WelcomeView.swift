#if canImport(SwiftUI)
    import SwiftUI

    /// The onboarding screen's content: a welcome, and a button that calls `getStarted`.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    struct WelcomeView: View {
        let getStarted: () -> Void

        var body: some View {
            ContentUnavailableView {
                Label("Welcome to Tasks", systemImage: "checklist")
            } description: {
                Text("Your tasks, on every device.")
            } actions: {
                Button("Get started", action: getStarted)
            }
        }
    }
#endif
