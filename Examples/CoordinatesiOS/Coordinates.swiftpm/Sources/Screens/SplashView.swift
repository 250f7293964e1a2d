import CoordinatesApp
import SwiftUI

/// The headless splash screen (the start-up flow's first step, which loads the saved state and
/// unhops): a progress indicator while it works.
struct SplashView: View {
    @State var presenter: ScreenPresenter

    var body: some View {
        VStack(spacing: 16) {
            Image(systemName: "globe.europe.africa")
                .font(.system(size: 64))
                .foregroundStyle(.tint)
            Text(presenter.content.title).font(.largeTitle.bold())
            ProgressView()
            ForEach(presenter.content.lines, id: \.self) { Text($0).foregroundStyle(.secondary) }
        }
        .padding()
        .onAppear { presenter.refresh() }
    }
}
