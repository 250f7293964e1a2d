#if canImport(SwiftUI)
    import Baton
    import BatonSwiftUI
    import SwiftUI

    // The examples of the "Using Baton with SwiftUI" article. Scripts/check-ios.sh type-checks
    // this folder against the iOS 17.0 SDK, so the article cannot drift from the API.

    // MARK: - Values

    extension ContextValues {
        var userID: ContextEntry<String?> { .init() }
        var favoriteColor: ContextEntry<String?> { .init() }
    }

    // MARK: - Passing data back (ControllerContext's sign-up example)

    /// The source: shows the user ID that the sign-up screen passes back.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    final class MainScreen: ScreenModel, ViewScreen {
        var body: some View { MainView(screen: self) }

        func signUp() {
            // .share: the sign-up screen uses this screen's context, so what it sets is what
            // this screen reads when it reappears. The task reports a failed push.
            task { try self.push(SignupScreen(name: "signup"), wiring: .share) }
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    struct MainView: View {
        let screen: MainScreen
        @ContextValue(\.userID) private var userID

        var body: some View {
            VStack {
                Text(userID.map { "Signed up as \($0)" } ?? "Not signed up")
                Button("Sign up") { screen.signUp() }
            }
            .navigationTitle("Main")
        }
    }

    /// The destination: writes the user ID into the shared context and goes back.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    final class SignupScreen: ScreenModel, ViewScreen {
        var body: some View { SignupView() }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    struct SignupView: View {
        @Environment(\.batonScreen) private var screen
        @ContextValue(\.userID) private var userID
        @State private var name = ""

        var body: some View {
            Form {
                TextField("User name", text: $name)
                Button("Create account") {
                    userID = name  // the remote service answered; stored in the shared context
                    screen?.finish()  // back to the main screen, as SwiftUI's dismiss() goes back
                }
            }
            .navigationTitle("Sign up")
        }
    }

    /// The app's window: its root is a stack over the main screen.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @MainActor
    func makeSignupWindow() throws -> ScreenWindow {
        let window = ScreenWindow()
        try window.setRoot(StackScreen(root: MainScreen(name: "main"), name: "navigation"))
        return window
    }

    /// The scene shows a window of its own; `WindowView` makes it visible when it appears.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    struct SignupScene: Scene {
        var body: some Scene {
            WindowGroup { SignupWindowView() }
        }
    }

    /// One Baton window per scene: each window of the app (on iPad, on the Mac) has its own
    /// screens, paths and sheets.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @MainActor
    struct SignupWindowView: View {
        @State private var scene = SignupWindow()

        var body: some View {
            switch scene.window {
            case .success(let window): WindowView(window)
            case .failure(let error): Text("The app could not start: \(error)")
            }
        }
    }

    /// The scene's window, made the first time the kept box is asked: SwiftUI evaluates a
    /// `@State` initial value each time it makes the view value and keeps only the first.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @MainActor
    final class SignupWindow {
        lazy var window = Result { try makeSignupWindow() }
    }

    // MARK: - Passing data back as a typed result

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    final class OrderedListScreen: ScreenModel, ViewScreen {
        func chooseOrder() async throws {
            context[\.sortOrder] = try await present(SortOrderScreen(name: "sort"), returning: SortOrder.self)
        }

        var body: some View {
            List { Text("…") }
                .toolbar { Button("Sort") { self.task(self.chooseOrder) } }
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    final class SortOrderScreen: ScreenModel, ViewScreen {
        var body: some View {
            List(SortOrder.allCases, id: \.self) { order in
                Button(order.rawValue) { self.finish(with: order) }
            }
        }
    }
#endif
