import Baton
import CoordinatesApp
import SwiftUI

/// Draws one headless screen of the app natively, by its kind. Each view gets the screen (and,
/// through it, the shared model that Baton's resolvers gave the screen) and nothing else.
struct CoordinatesScreenView: View {
    let screen: any Screen
    let host: AppHost

    var body: some View {
        if let screen = screen as? any CoordinatesScreen {
            switch screen.screenKind {
            case .splash: SplashView(presenter: ScreenPresenter(screen: screen))
            case .onboarding: OnboardingView(presenter: ScreenPresenter(screen: screen))
            case .main: MainView(presenter: ScreenPresenter(screen: screen), useMyLocation: host.useMyLocation)
            case .entry: EntryView(presenter: ScreenPresenter(screen: screen))
            case .bearing: BearingView(presenter: ScreenPresenter(screen: screen))
            case .share: ShareView(presenter: ScreenPresenter(screen: screen), composer: host.composer)
            case .map: MapScreenView(presenter: ScreenPresenter(screen: screen))
            case .help: HelpView(presenter: ScreenPresenter(screen: screen))
            case nil: Text("Unknown screen \(screen.screenName)")
            }
        } else {
            Text("Unknown screen \(screen.screenName)")
        }
    }
}
