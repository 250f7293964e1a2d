import SwiftUI

/// A screen's one-line status (a confirmation or an error from the headless screen), shown at the
/// bottom of the screen until the next command.
struct StatusBanner: View {
    let text: String?

    var body: some View {
        if let text {
            Text(text)
                .font(.footnote)
                .padding(.horizontal, 16)
                .padding(.vertical, 10)
                .frame(maxWidth: .infinity, alignment: .leading)
                .background(.thinMaterial)
                .accessibilityIdentifier("status")
        }
    }
}

extension View {
    /// Shows `status` in a banner at the bottom.
    func statusBanner(_ status: String?) -> some View {
        safeAreaInset(edge: .bottom, spacing: 0) { StatusBanner(text: status) }
    }
}

/// A button with a title and an SF Symbol, for a screen's commands.
struct CommandButton: View {
    let title: String
    let icon: String
    let role: ButtonRole?
    let action: () -> Void

    init(_ title: String, icon: String, role: ButtonRole? = nil, action: @escaping () -> Void) {
        self.title = title
        self.icon = icon
        self.role = role
        self.action = action
    }

    var body: some View {
        Button(role: role, action: action) { Label(title, systemImage: icon) }
    }
}
