import CoordinatesApp
import CoordinatesKit
import SwiftUI

/// The headless bearing & distance screen: the great-circle bearing and distance from the position
/// to the target, with both and the route on a map. Set Target asks the entry screen, which passes
/// the new target back through the shared context when this screen reappears.
struct BearingView: View {
    @State var presenter: ScreenPresenter

    var body: some View {
        List {
            if let model = presenter.screen.model {
                Section {
                    RouteMap(position: model.position, target: model.target)
                        .frame(height: 260)
                        .listRowInsets(EdgeInsets())
                }
                if let target = model.target {
                    let report = BearingReport(from: model.position, to: target)
                    Section("Great circle") {
                        LabeledContent("From", value: report.from.decimalDegrees)
                        LabeledContent("To", value: report.to.decimalDegrees)
                        LabeledContent("Initial bearing", value: report.initialBearingText)
                        LabeledContent("Distance", value: report.distanceText)
                    }
                } else {
                    Section("Great circle") {
                        LabeledContent("From", value: model.position.formatted())
                        LabeledContent("To", value: "Not set")
                    }
                }
            }
            Section {
                if presenter.screen.availableCommands.contains(.setTarget) {
                    CommandButton("Set Target", icon: "flag") { presenter.run(.setTarget) }
                }
                if presenter.screen.availableCommands.contains(.clearTarget) {
                    CommandButton("Clear Target", icon: "xmark.circle", role: .destructive) {
                        presenter.run(.clearTarget)
                    }
                }
            }
        }
        .navigationTitle(presenter.content.title)
        .navigationBarTitleDisplayMode(.inline)
        .statusBanner(presenter.status)
        .onAppear { presenter.refresh() }
    }
}
