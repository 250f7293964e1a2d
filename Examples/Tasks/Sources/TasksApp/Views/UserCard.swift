#if canImport(SwiftUI)
    import SwiftUI

    /// The profile screen's content: the logged-in user's name and address.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    struct UserCard: View {
        let user: User?

        var body: some View {
            Form {
                LabeledContent("Name", value: user?.name ?? "")
                LabeledContent("Email", value: user?.email ?? "")
            }
        }
    }
#endif
