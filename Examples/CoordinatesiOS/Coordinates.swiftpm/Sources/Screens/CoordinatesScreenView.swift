import Baton
import CoordinatesApp
import SwiftUI

/// Draws one headless screen of the app natively, by its kind. Each view gets the screen (and,
/// through it, the shared model that Baton's resolvers gave the screen) and nothing else.
struct CoordinatesScreenView: View {
    let screen: any Screen
    let host: AppHost

    var body: some View {
        if let app = screen as? any CoordinatesScreen {
            switch app.screenKind {
            case .splash: SplashView(presenter: ScreenPresenter(screen: app))
            case .onboarding: OnboardingView(presenter: ScreenPresenter(screen: app))
            case .main: MainView(presenter: ScreenPresenter(screen: app), updates: host.updates)
            case .entry: EntryView(presenter: ScreenPresenter(screen: app))
            case .bearing: BearingView(presenter: ScreenPresenter(screen: app))
            case .share: ShareView(presenter: ScreenPresenter(screen: app), composer: host.composer)
            case .map: MapScreenView(presenter: ScreenPresenter(screen: app))
            case .help: HelpView(presenter: ScreenPresenter(screen: app))
            case nil: Text("Unknown screen \(screen.screenName)")
            }
        } else {
            Text("Unknown screen \(screen.screenName)")
        }
    }
}
