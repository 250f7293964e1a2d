#if canImport(SwiftUI)
    import Baton
    import BatonSwiftUI
    import SwiftUI

    // MARK: - A start-up flow: splash → onboarding → main

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    final class SplashScreen: ScreenModel, ViewScreen {
        var body: some View {
            Text("Baton")
                .task { [unowned self] in
                    // Cancelled (the view went away), the sleep throws and the step does not unhop.
                    guard (try? await Task.sleep(for: .seconds(1))) != nil else { return }
                    try? unhop()
                }
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    final class OnboardingScreen: ScreenModel, ViewScreen {
        var body: some View {
            Button("Start as Ada") { [unowned self] in finish(with: "ada") }
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    final class HomeScreen: ScreenModel, ViewScreen {
        var body: some View { HomeView() }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    struct HomeView: View {
        @ContextValue(\.userID) private var userID
        var body: some View { Text("Welcome, \(userID ?? "guest")") }
    }

    /// The flow reads as straight-line code: each `hop` returns when its step unhops.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    final class StartupScreen: HoppingScreen {
        func run() async {
            do {
                try await hop(to: SplashScreen(name: "splash"))
                let user = try await hop(to: OnboardingScreen(name: "onboarding"), returning: String.self)
                context.set(user, for: \.userID)
                try hop(to: HomeScreen(name: "home"), then: nil)
            } catch {
                // Cancelled, or the flow left the screen tree.
            }
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    struct StartupView: View {
        let startup: StartupScreen

        var body: some View {
            HoppingView(startup, transition: .move(edge: .trailing), animation: .easeInOut)
                .task { await startup.run() }
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @MainActor
    func makeStartupWindow() throws -> (ScreenWindow, StartupScreen) {
        let window = ScreenWindow()
        let startup = StartupScreen(name: "startup")
        try window.setRoot(startup)
        return (window, startup)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    struct StartupScene: Scene {
        var body: some Scene {
            WindowGroup { StartupWindowView() }
        }
    }

    /// One window and one start-up flow per scene: a second window of the app (on iPad, on the
    /// Mac) runs its own flow instead of restarting the first one's.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @MainActor
    struct StartupWindowView: View {
        @State private var scene = StartupWindow()

        var body: some View {
            switch scene.flow {
            case .success(let (window, startup)):
                StartupView(startup: startup)
                    .batonContext(startup.context)
                    .onAppear { window.makeVisible() }
            case .failure(let error):
                Text("The app could not start: \(error)")
            }
        }
    }

    /// The scene's window and flow, made the first time the kept box is asked: SwiftUI evaluates
    /// a `@State` initial value each time it makes the view value and keeps only the first.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @MainActor
    final class StartupWindow {
        lazy var flow = Result { try makeStartupWindow() }
    }
#endif
