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
