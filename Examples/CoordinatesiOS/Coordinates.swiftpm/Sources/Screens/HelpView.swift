import CoordinatesApp
import SwiftUI

/// The headless help screen, presented modally (as a sheet) over the screen that asked.
struct HelpView: View {
    @State var presenter: ScreenPresenter

    var body: some View {
        NavigationStack {
            ScrollView {
                VStack(alignment: .leading, spacing: 4) {
                    ForEach(Array(presenter.content.lines.enumerated()), id: \.offset) { _, line in
                        Text(line).font(.callout.monospaced())
                    }
                }
                .padding()
            }
            .navigationTitle(presenter.content.title)
            .onAppear { presenter.refresh() }
            .toolbar {
                ToolbarItem(placement: .confirmationAction) {
                    Button("Done") { presenter.run(.back) }
                }
            }
        }
    }
}
