import Baton

#if os(iOS)
    import BatonSwiftUI
    import SwiftUI
#endif

/// What each screen does and the notations the entry accepts; presented over the main screen.
final class HelpScreen: ScreenModel {
    /// The accepted notations, as the terminal app's help lists them.
    static let notations = """
        Signed decimal degrees (-33.8688, 151.2093); N/S/E/W before or after the value; \
        degrees and decimal minutes (48 51.504); degrees, minutes and seconds with ° ′ ″, ' ", \
        d m s or spaces; a comma, semicolon or space between the latitude and the longitude.
        """
}

#if os(iOS)
    @available(iOS 17, *)
    extension HelpScreen: ViewScreen {
        var body: some View {
            NavigationStack {
                List {
                    Section("Screens") {
                        LabeledContent("Edit Position", value: "type a coordinate in any format")
                        LabeledContent("Use My Location", value: "sets the position from the device")
                        LabeledContent("Bearing & Distance", value: "to a target you set")
                        LabeledContent("Map", value: "the great-circle route")
                        LabeledContent("Share", value: "a text message with a geo: link")
                    }
                    Section("Accepted notations") { Text(Self.notations) }
                    Section {
                        Text("Distances are great circles on a sphere of radius 6371.0088 km.")
                    }
                }
                .navigationTitle("Help")
                .toolbar { Button("Done") { [unowned self] in finish() } }
            }
        }
    }
#endif
