#if canImport(SwiftUI)
    import SwiftUI

    /// The login screen's form: an address, a password, and the error of the last attempt.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    struct LoginForm: View {
        let logIn: (_ email: String, _ password: String) async throws -> Void
        @State private var email = ""
        @State private var password = ""
        @State private var error: String?
        @State private var isWorking = false

        var body: some View {
            Form {
                TextField("Email", text: $email)
                    .textContentType(.username)
                SecureField("Password", text: $password)
                    .textContentType(.password)
                if let error { Text(error).foregroundStyle(.red) }
                Button("Log in") {
                    isWorking = true
                    Task {
                        do { try await logIn(email, password) } catch { self.error = "\(error)" }
                        isWorking = false
                    }
                }
                .disabled(email.isEmpty || password.isEmpty || isWorking)
            }
            .navigationTitle("Log in")
        }
    }
#endif
