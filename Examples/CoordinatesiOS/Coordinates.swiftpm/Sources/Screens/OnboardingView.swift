import CoordinatesApp
import SwiftUI

/// The headless onboarding screen (first run only, a step of the start-up flow): its text, and
/// Continue, which records onboarding in the shared model and unhops so the flow goes on.
struct OnboardingView: View {
    @State var presenter: ScreenPresenter

    var body: some View {
        VStack(alignment: .leading, spacing: 20) {
            Text(presenter.content.title).font(.largeTitle.bold())
            VStack(alignment: .leading, spacing: 6) {
                ForEach(Array(presenter.content.lines.enumerated()), id: \.offset) { _, line in
                    Text(line.trimmingCharacters(in: .whitespaces))
                }
            }
            Spacer()
            Button {
                presenter.run(.continue)
            } label: {
                Text("Continue").frame(maxWidth: .infinity)
            }
            .buttonStyle(.borderedProminent)
            .controlSize(.large)
        }
        .padding(24)
        .statusBanner(presenter.status)
        .onAppear { presenter.refresh() }
    }
}
