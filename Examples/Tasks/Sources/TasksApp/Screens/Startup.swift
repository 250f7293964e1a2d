import Baton

#if canImport(SwiftUI)
    import BatonSwiftUI
    import SwiftUI
#endif

/// The start-up flow: splash while the items load, onboarding on the first run, login, main.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
final class StartupScreen: HoppingScreen {
    let services: Services

    init(services: Services) {
        self.services = services
        super.init(name: "startup")
    }

    func run(as restoredUser: User?) async throws {
        try hop(to: SplashScreen(name: "splash"), then: nil)
        await services.store.load()
        if !services.preferences.hasSeenOnboarding {
            try await hop(to: OnboardingScreen(name: "onboarding"))
            services.preferences.hasSeenOnboarding = true
        }
        let user: User
        if let restoredUser {
            user = restoredUser
        } else {
            user = try await hop(to: LoginScreen(accounts: services.accounts), returning: User.self)
        }
        try hop(to: MainScreen(user: user, store: services.store), then: nil)
    }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
final class SplashScreen: ScreenModel {}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
final class OnboardingScreen: ScreenModel {}

/// Logs in and returns the user to the start-up flow.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
final class LoginScreen: ScreenModel {
    let accounts: Accounts

    init(accounts: Accounts) {
        self.accounts = accounts
        super.init(name: "login")
    }

    func logIn(email: String, password: String) async throws {
        finish(with: try await accounts.logIn(email, password))
    }
}

#if canImport(SwiftUI)
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension SplashScreen: ViewScreen {
        var body: some View { ProgressView("Loading your tasks…") }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension OnboardingScreen: ViewScreen {
        var body: some View {
            ContentUnavailableView {
                Label("Welcome to Tasks", systemImage: "checklist")
            } actions: {
                Button("Get started") { [unowned self] in finish() }
            }
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension LoginScreen: ViewScreen {
        var body: some View { NavigationStack { LoginForm(logIn: logIn) } }
    }
#endif
