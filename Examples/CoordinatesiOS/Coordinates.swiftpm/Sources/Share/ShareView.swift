import CoordinatesApp
import MessageUI
import SwiftUI

/// The headless share screen: the message the terminal app shows (`ShareMessage`, composed in
/// CoordinatesApp and tested on Linux), sent as a text message through UIKit's
/// `MFMessageComposeViewController` where the device can send one, else through the share sheet.
struct ShareView: View {
    @State var presenter: ScreenPresenter
    let composer: MessageComposer

    var body: some View {
        List {
            if let model = presenter.screen.model {
                // The same message the composer's resolver writes into its body.
                let message = ShareMessage.text(for: model)
                Section("Message") {
                    Text(message).font(.callout.monospaced()).textSelection(.enabled)
                }
                Section {
                    let channel = ShareChannel(canSendText: MFMessageComposeViewController.canSendText())
                    switch channel {
                    case .textMessage:
                        CommandButton(channel.actionTitle, icon: "message") {
                            composer.compose(from: presenter.screen) { presenter.show($0.statusText) }
                        }
                    case .shareSheet:
                        ShareLink(item: message) { Label(channel.actionTitle, systemImage: "square.and.arrow.up") }
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
