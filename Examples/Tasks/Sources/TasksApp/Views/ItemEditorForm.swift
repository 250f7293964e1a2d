#if canImport(SwiftUI)
    import SwiftUI

    /// The detail's form: edits an item's title, state and notes in place, under its title.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    struct ItemEditorForm: View {
        @Binding var item: Item

        var body: some View {
            Form {
                TextField("Title", text: $item.title)
                Toggle("Done", isOn: $item.isDone)
                Section("Notes") {
                    TextField("Notes", text: $item.notes, axis: .vertical)
                        .lineLimit(3...)
                }
            }
            .navigationTitle(item.title)
        }
    }
#endif
