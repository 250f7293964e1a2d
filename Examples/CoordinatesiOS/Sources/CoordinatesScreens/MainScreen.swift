import Baton
import CoordinatesApp
import CoordinatesKit

#if os(iOS)
    import BatonSwiftUI
    import SwiftUI
#endif

/// The position in the three formats and the target, with every command of the app.
final class MainScreen: ScreenModel {
    var model: CoordinatesModel { context[\.coordinatesModel] }
    var locator: (any PositionLocator)? { context[\.positionLocator] }

    /// Asks the entry screen for a new position and sets it; `nil` when the entry was left
    /// without one (the back button), and why when the entry could not be shown.
    func editPosition() async -> String? {
        let entry = EntryScreen(role: .position, current: model.position)
        do {
            guard let coordinate = try await push(entry, returningIfFinished: Coordinate.self) else { return nil }
            model.setPosition(coordinate)
            return "Position updated."
        } catch {
            return error.description
        }
    }

    /// Sets the position from the locator (CoreLocation on a device), and says how it went.
    func locate() async -> String {
        guard let locator else { return "This device cannot tell its location." }
        do {
            let fix = try await locator.locate()
            model.setPosition(fix.coordinate)
            return "Position set from \(locator.name)" + (fix.accuracyText.map { " (\($0))" } ?? "") + "."
        } catch {
            return error.description
        }
    }
}

#if os(iOS)
    @available(iOS 17, *)
    extension MainScreen: ViewScreen {
        var body: some View { MainView(screen: self) }
    }

    @available(iOS 17, *)
    @MainActor
    private struct MainView: View {
        let screen: MainScreen
        @State private var status: String?

        var body: some View {
            let model = screen.model
            let report = ConversionReport(model.position)
            List {
                Section("Position") {
                    FormatRow(title: "Decimal degrees", value: report.decimalDegrees)
                    FormatRow(title: "Degrees, decimal minutes", value: report.degreesDecimalMinutes)
                    FormatRow(title: "Degrees, minutes, seconds", value: report.degreesMinutesSeconds)
                }
                Section("Target") {
                    Text(model.target?.formatted() ?? "Not set")
                        .foregroundStyle(model.target == nil ? .secondary : .primary)
                }
                Section {
                    Button {
                        Task { status = await screen.editPosition() }
                    } label: {
                        Label("Edit Position", systemImage: "pencil")
                    }
                    if screen.locator != nil {
                        Button {
                            status = "Locating…"
                            Task { status = await screen.locate() }
                        } label: {
                            Label("Use My Location", systemImage: "location")
                        }
                    }
                    ScreenLink {
                        BearingScreen(name: "bearing")
                    } label: {
                        Label("Bearing & Distance", systemImage: "safari")
                    }
                    ScreenLink {
                        MapScreen(name: "map")
                    } label: {
                        Label("Map", systemImage: "map")
                    }
                    ScreenLink {
                        ShareScreen(name: "share")
                    } label: {
                        Label("Share", systemImage: "square.and.arrow.up")
                    }
                }
            }
            .navigationTitle("Coordinates")
            .toolbar {
                ScreenLink(action: .present) {
                    HelpScreen(name: "help")
                } label: {
                    Label("Help", systemImage: "questionmark.circle")
                }
            }
            .statusBanner(status)
        }
    }

    /// One format: its name, and the value, selectable for copying.
    @available(iOS 17, *)
    struct FormatRow: View {
        let title: String
        let value: String

        var body: some View {
            VStack(alignment: .leading, spacing: 2) {
                Text(title).font(.caption).foregroundStyle(.secondary)
                Text(value).font(.body.monospacedDigit()).textSelection(.enabled)
            }
        }
    }

    @available(iOS 17, *)
    extension View {
        /// A one-line message under the content, such as "Position updated.".
        func statusBanner(_ status: String?) -> some View {
            safeAreaInset(edge: .bottom) {
                if let status {
                    Text(status)
                        .font(.footnote)
                        .padding(10)
                        .frame(maxWidth: .infinity)
                        .background(.thinMaterial)
                }
            }
        }
    }
#endif
