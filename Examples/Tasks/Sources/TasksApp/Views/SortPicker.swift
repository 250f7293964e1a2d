#if canImport(SwiftUI)
    import SwiftUI

    /// The settings sheet's content: the sort orders, the current one checked; choosing one calls
    /// `choose`.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    struct SortPicker: View {
        let current: SortOrder
        let choose: (SortOrder) -> Void

        var body: some View {
            List(SortOrder.allCases, id: \.self) { order in
                Button {
                    choose(order)
                } label: {
                    LabeledContent(order.label) {
                        if order == current { Image(systemName: "checkmark") }
                    }
                }
            }
            .navigationTitle("Sort by")
        }
    }
#endif
