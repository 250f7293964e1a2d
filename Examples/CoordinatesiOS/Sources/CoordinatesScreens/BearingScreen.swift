import Baton
import CoordinatesApp
import CoordinatesKit

#if os(iOS)
    import BatonSwiftUI
    import SwiftUI
#endif

/// The great-circle bearing and distance from the position to the target, with both and the
/// route on a map.
final class BearingScreen: ScreenModel {
    var model: CoordinatesModel { context[\.coordinatesModel] }

    /// The bearing and distance, once there is a target.
    var report: BearingReport? { model.target.map { BearingReport(from: model.position, to: $0) } }

    /// Asks the entry screen for a target and sets it; `nil` when the entry was left without one
    /// (the back button), and why when the entry could not be shown.
    func setTarget() async -> String? {
        let entry = EntryScreen(role: .target, current: model.target)
        do {
            guard let target = try await push(entry, returningIfFinished: Coordinate.self) else { return nil }
            model.setTarget(target)
            return "Target updated."
        } catch {
            return error.description
        }
    }

    /// Forgets the target.
    func clearTarget() -> String {
        model.setTarget(nil)
        return "Target cleared."
    }
}

#if os(iOS)
    @available(iOS 17, *)
    extension BearingScreen: ViewScreen {
        var body: some View { BearingView(screen: self) }
    }

    @available(iOS 17, *)
    @MainActor
    private struct BearingView: View {
        let screen: BearingScreen
        @State private var status: String?

        var body: some View {
            List {
                Section {
                    RouteMap(position: screen.model.position, target: screen.model.target)
                        .frame(height: 260)
                        .listRowInsets(EdgeInsets())
                }
                Section("Great circle") {
                    if let report = screen.report {
                        LabeledContent("From", value: report.from.decimalDegrees)
                        LabeledContent("To", value: report.to.decimalDegrees)
                        LabeledContent("Initial bearing", value: report.initialBearingText)
                        LabeledContent("Distance", value: report.distanceText)
                    } else {
                        LabeledContent("From", value: screen.model.position.formatted())
                        LabeledContent("To", value: "Not set")
                    }
                }
                Section {
                    Button {
                        Task { status = await screen.setTarget() }
                    } label: {
                        Label("Set Target", systemImage: "flag")
                    }
                    if screen.model.target != nil {
                        Button(role: .destructive) {
                            status = screen.clearTarget()
                        } label: {
                            Label("Clear Target", systemImage: "xmark.circle")
                        }
                    }
                }
            }
            .navigationTitle("Bearing & Distance")
            .navigationBarTitleDisplayMode(.inline)
            .statusBanner(status)
        }
    }
#endif
