#if canImport(SwiftUI)
    import Baton
    import BatonSwiftUI
    import SwiftUI

    // The SwiftUI view of the article "Coming from SwiftUI's environment and @Observable". The
    // article's other Baton code runs in Tests/BatonArticleTests/ComingFromSwiftUIEnvironmentTests.swift;
    // `SortOrder` and `\.sortOrder` are declared in ObservableScreens.swift.

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    struct SortLabel: View {
        @ContextValue(\.sortOrder) private var order
        var body: some View { Text(order.rawValue) }
    }
#endif
