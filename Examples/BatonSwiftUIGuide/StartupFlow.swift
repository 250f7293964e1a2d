#if canImport(SwiftUI)
    import Baton
    import BatonSwiftUI
    import SwiftUI

    // MARK: - A start-up flow: splash → onboarding → home, with routes and ScreenScene

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    enum StartupRoute: ScreenRoute {
        case startup, home

        func makeScreen() throws -> ScreenModel {
            switch self {
            case .startup: StartupScreen(name: "startup")
            case .home: HomeScreen(name: "home")
            }
        }
    }

    /// Baton runs the steps once, when the flow first appears, and then shows its main route.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    final class StartupScreen: HoppingScreen {
        override var mainRoute: (any ScreenRoute)? { StartupRoute.home }

        override func run() async throws {
            try await hop(to: SplashScreen(name: "splash"))
            context[\.userID] = try await hop(to: OnboardingScreen(name: "onboarding"), returning: String.self)
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    struct StartupApp: App {
        var body: some Scene {
            WindowGroup { ScreenScene(root: StartupRoute.startup) }
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    final class SplashScreen: ScreenModel, ViewScreen {
        var body: some View { Text("Baton") }

        override func didAppear() {
            task { [unowned self] in
                try await Task.sleep(for: .seconds(1))  // cancelled if the splash leaves first
                finish()
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

    /// A scene that does not restore its screens: the view `ScreenScene` is made of, with no
    /// saved state.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    struct StartupWithoutRestorationView: View {
        @State private var window = ScreenWindow()

        var body: some View {
            WindowView(window).routes(root: StartupRoute.startup, links: nil, savedIn: nil)
        }
    }
#endif
