import Baton
import CoordinatesApp
import CoordinatesKit

#if os(iOS)
    import BatonSwiftUI
    import SwiftUI
#endif

/// Edits the position or the target: a coordinate in any format. A valid one finishes the screen
/// with it, so the screen that pushed it (and awaits it) sets it; an invalid one stays, with the
/// parser's message and the bad part marked.
final class EntryScreen: ScreenModel {
    enum Role: String {
        case position
        case target
    }

    let role: Role
    let current: Coordinate?

    init(role: Role, current: Coordinate?) {
        self.role = role
        self.current = current
        super.init(name: "entry")
    }

    /// Finishes with the coordinate `text` holds, or says why it holds none.
    func submit(_ text: String) -> InvalidCoordinate? {
        do throws(CoordinateParseError) {
            finish(with: try Coordinate(parsing: text))
            return nil
        } catch {
            return InvalidCoordinate(text: text, error: error)
        }
    }
}

#if os(iOS)
    @available(iOS 17, *)
    extension EntryScreen: ViewScreen {
        var body: some View { EntryView(screen: self) }
    }

    @available(iOS 17, *)
    @MainActor
    private struct EntryView: View {
        let screen: EntryScreen
        @State private var text = ""
        @State private var invalid: InvalidCoordinate?
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
                        .onSubmit(submit)
                } footer: {
                    Text("For example 48.8584, 2.2945 or 48°51′30″N 2°17′40″E or S 33 52.128 E 151 12.558")
                }
                if let invalid {
                    Section("Not a coordinate") {
                        let highlight = EntryErrorHighlight(text: invalid.text, offset: invalid.error.offset ?? 0)
                        (Text(highlight.before)
                            + Text(highlight.bad.isEmpty ? "␣" : highlight.bad).foregroundStyle(.red).bold().underline()
                            + Text(highlight.after))
                            .font(.body.monospaced())
                        Text(invalid.error.message).foregroundStyle(.red)
                    }
                }
            }
            .navigationTitle(screen.role == .position ? "Edit Position" : "Set Target")
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: .confirmationAction) {
                    Button("Save", action: submit).disabled(text.trimmingCharacters(in: .whitespaces).isEmpty)
                }
            }
            .onAppear {
                text = screen.current?.formatted() ?? ""
                focused = true
            }
        }

        private func submit() {
            invalid = screen.submit(text)
        }
    }
#endif
