import CoordinatesApp
import SwiftUI

/// The headless entry screen, which edits the position or the target (it reads which from its
/// context, where the asking screen put it). Submitting hands the text to the screen: a valid
/// coordinate goes back to the asking screen through the shared context and the screen pops; an
/// invalid one stays, with the parser's message and the bad part marked in red.
struct EntryView: View {
    @State var presenter: ScreenPresenter
    @State private var text = ""
    @FocusState private var focused: Bool

    var body: some View {
        Form {
            Section {
                TextField("Latitude, longitude", text: $text, axis: .vertical)
                    .font(.body.monospaced())
                    .autocorrectionDisabled()
                    .textInputAutocapitalization(.never)
                    .submitLabel(.done)
                    .focused($focused)
                    .onSubmit { presenter.submit(text) }
                    .accessibilityIdentifier("coordinate")
            } footer: {
                VStack(alignment: .leading, spacing: 4) {
                    ForEach(Array(presenter.content.lines.enumerated()), id: \.offset) { _, line in
                        Text(line.trimmingCharacters(in: .whitespaces))
                    }
                }
            }
            if let field = presenter.content.field, let highlight = EntryErrorHighlight(field) {
                Section("Not a coordinate") {
                    (Text(highlight.before)
                        + Text(highlight.bad.isEmpty ? "␣" : highlight.bad).foregroundStyle(.red).bold().underline()
                        + Text(highlight.after))
                        .font(.body.monospaced())
                    if let status = presenter.status { Text(status).foregroundStyle(.red) }
                }
            }
        }
        .navigationTitle(presenter.content.title)
        .navigationBarTitleDisplayMode(.inline)
        .toolbar {
            ToolbarItem(placement: .confirmationAction) {
                Button("Save") { presenter.submit(text) }
                    .disabled(text.trimmingCharacters(in: .whitespaces).isEmpty)
            }
        }
        .onAppear {
            presenter.refresh()
            text = presenter.content.field?.text ?? ""
            focused = true
        }
    }
}
