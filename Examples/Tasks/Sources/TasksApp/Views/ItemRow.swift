#if canImport(SwiftUI)
    import SwiftUI

    /// A row of the list: the item's state and title.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    struct ItemRow: View {
        let item: Item

        var body: some View {
            Label {
                Text(item.title).strikethrough(item.isDone)
            } icon: {
                Image(systemName: item.isDone ? "checkmark.circle.fill" : "circle")
            }
        }
    }
#endif
