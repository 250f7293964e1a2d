import CoordinatesApp
import CoordinatesKit
import SwiftUI

/// The headless main screen: the shared model's position in the three formats and the target.
/// Every button runs one of the screen's own commands, so navigation goes through the same
/// actions, registry and resolvers as in the terminal.
struct MainView: View {
    @State var presenter: ScreenPresenter
    /// Changes when background work (a location fix) changed the top screen's status.
    let updates: Int

    var body: some View {
        List {
            if let model = presenter.screen.model {
                let report = ConversionReport(model.position)
                Section("Position") {
                    FormatRow(title: "Decimal degrees", value: report.decimalDegrees)
                    FormatRow(title: "Degrees, decimal minutes", value: report.degreesDecimalMinutes)
                    FormatRow(title: "Degrees, minutes, seconds", value: report.degreesMinutesSeconds)
                }
                Section("Target") {
                    Text(model.target?.formatted() ?? "Not set").foregroundStyle(
                        model.target == nil ? .secondary : .primary)
                }
            }
            Section {
                CommandButton("Edit Position", icon: "pencil") { presenter.run(.editPosition) }
                if presenter.screen.availableCommands.contains(.locate) {
                    CommandButton("Use My Location", icon: "location") { presenter.run(.locate) }
                }
                CommandButton("Bearing & Distance", icon: "safari") { presenter.run(.bearing) }
                if presenter.screen.availableCommands.contains(.map) {
                    CommandButton("Map", icon: "map") { presenter.run(.map) }
                }
                CommandButton("Share", icon: "square.and.arrow.up") { presenter.run(.share) }
            }
        }
        .navigationTitle(presenter.content.title)
        .toolbar {
            ToolbarItem(placement: .primaryAction) {
                CommandButton("Help", icon: "questionmark.circle") { presenter.run(.help) }
            }
        }
        .statusBanner(presenter.status)
        .onAppear { presenter.refresh() }
        .onChange(of: updates) { presenter.refresh() }
    }
}

/// One format: its name, and the value, selectable for copying.
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
