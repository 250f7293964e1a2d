import Baton
import CoordinatesApp
import CoordinatesKit

#if os(iOS)
    import BatonSwiftUI
    import MessageUI
    import SwiftUI
#endif

/// The message that shares the position (the terminal app's: the three formats, a `geo:` link
/// and the bearing to the target), sent as a text message or through the share sheet.
final class ShareScreen: ScreenModel {
    var model: CoordinatesModel { context[\.coordinatesModel] }

    /// The message, for the model as it is now.
    var message: String { ShareMessage.text(for: model) }

    /// Presents the text-message composer with the message, and says how it went.
    func sendAsText() async -> String {
        do {
            return try await present(MessageScreen(text: message), returning: ShareOutcome.self).statusText
        } catch {
            return ShareOutcome.cancelled.statusText
        }
    }
}

/// UIKit's text-message composer as a Baton screen: presented as a sheet like any screen, and
/// finishing with how the composer ended.
final class MessageScreen: ScreenModel {
    let text: String

    init(text: String) {
        self.text = text
        super.init(name: "message")
    }
}

#if os(iOS)
    @available(iOS 17, *)
    extension ShareScreen: ViewScreen {
        var body: some View { ShareView(screen: self) }
    }

    @available(iOS 17, *)
    @MainActor
    private struct ShareView: View {
        let screen: ShareScreen
        @State private var status: String?

        var body: some View {
            let channel = ShareChannel(canSendText: MFMessageComposeViewController.canSendText())
            List {
                Section("Message") {
                    Text(screen.message).font(.callout.monospaced()).textSelection(.enabled)
                }
                Section {
                    switch channel {
                    case .textMessage:
                        Button {
                            Task { status = await screen.sendAsText() }
                        } label: {
                            Label(channel.actionTitle, systemImage: "message")
                        }
                    case .shareSheet:
                        ShareLink(item: screen.message) {
                            Label(channel.actionTitle, systemImage: "square.and.arrow.up")
                        }
                    }
                }
            }
            .navigationTitle("Share")
            .navigationBarTitleDisplayMode(.inline)
            .statusBanner(status)
        }
    }

    @available(iOS 17, *)
    extension MessageScreen: ViewScreen {
        var body: some View {
            MessageComposer(text: text) { [unowned self] outcome in finish(with: outcome) }
                .ignoresSafeArea()
        }
    }

    /// `MFMessageComposeViewController` in SwiftUI: its delegate's answer is the outcome.
    @available(iOS 17, *)
    @MainActor
    private struct MessageComposer: UIViewControllerRepresentable {
        let text: String
        let finish: @MainActor (ShareOutcome) -> Void

        func makeUIViewController(context: Context) -> MFMessageComposeViewController {
            let composer = MFMessageComposeViewController()
            composer.body = text
            composer.messageComposeDelegate = context.coordinator
            return composer
        }

        func updateUIViewController(_ composer: MFMessageComposeViewController, context: Context) {}

        func makeCoordinator() -> Delegate { Delegate(finish: finish) }

        final class Delegate: NSObject, MFMessageComposeViewControllerDelegate {
            let finish: @MainActor (ShareOutcome) -> Void

            init(finish: @escaping @MainActor (ShareOutcome) -> Void) {
                self.finish = finish
            }

            func messageComposeViewController(
                _ controller: MFMessageComposeViewController, didFinishWith result: MessageComposeResult
            ) {
                let outcome: ShareOutcome =
                    switch result {
                    case .sent: .sent
                    case .cancelled: .cancelled
                    default: .failed
                    }
                MainActor.assumeIsolated { finish(outcome) }
            }
        }
    }
#endif
