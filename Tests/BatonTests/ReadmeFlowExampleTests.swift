import Baton
import Foundation
import Testing

// README flow declarations: begin
extension ContextValues {
    var email: ContextEntry<String?> { .init() }
}

// README flow declarations: end

/// Compiles and runs the README's flow example, and checks that the README still shows exactly
/// this code.
@MainActor
@Suite
struct ReadmeFlowExampleTests {
    @Test func flowExampleRunsAsTheReadmeSays() throws {
        // README flow: begin
        final class SignupScreen: ScreenModel {
            func signedUp(as email: String) { context.set(email, for: \.email) }
        }

        let window = ScreenWindow()  // its context, "app", is the innermost layer
        let startup = HoppingScreen(name: "startup")
        try window.setRoot(startup)
        window.makeVisible()
        let splash = ScreenModel(name: "splash")
        let home = ScreenModel(name: "home")
        let main = try StackScreen(root: home, name: "main")
        try startup.hop(to: splash) { [unowned startup] () throws(ScreenError) in try startup.hop(to: main, then: nil) }
        try splash.unhop()  // the splash is done: the flow hops to main

        let signup = SignupScreen(name: "signup")
        try main.push(signup, wiring: .share)  // signup uses home's context
        signup.signedUp(as: "ada@example.com")
        main.pop()  // signup is released; home reads the email when it reappears
        let email = home.context[\.email]  // "ada@example.com"
        // README flow: end

        #expect(email == "ada@example.com")
        #expect(startup.currentScreen === main)
        #expect(window.topScreen === home)
        #expect(home.isOnScreen)
        #expect(!splash.isOnScreen)
        #expect(main.screens.count == 1)
        #expect(
            window.transitionLog.map(\.description) == [
                "replaceRoot: → startup", "hop: → splash", "hop: splash → main", "push: home → signup",
                "pop: signup → home",
            ])
    }

    @Test func readmeShowsTheFlowExampleOfThisFile() throws {
        let shown = try ReadmeExample.block(under: "## A flow")
        let declarations = try ReadmeExample.compiledLines(marker: "README flow declarations", in: #filePath)
        let compiled = try ReadmeExample.compiledLines(marker: "README flow", in: #filePath)
        #expect(shown == declarations + compiled)
    }
}
