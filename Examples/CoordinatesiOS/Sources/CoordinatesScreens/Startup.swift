import Baton

#if os(iOS)
    import BatonSwiftUI
    import SwiftUI
#endif

/// Shown while the saved state loads.
final class SplashScreen: ScreenModel {}

/// The welcome screen of the first run; Continue finishes it, and the start-up flow goes on.
final class OnboardingScreen: ScreenModel {}

#if os(iOS)
    @available(iOS 17, *)
    extension SplashScreen: ViewScreen {
        var body: some View {
            VStack(spacing: 12) {
                Image(systemName: "location.north.circle").font(.system(size: 64)).foregroundStyle(.tint)
                Text("Coordinates").font(.largeTitle.bold())
                ProgressView()
            }
        }
    }

    @available(iOS 17, *)
    extension OnboardingScreen: ViewScreen {
        var body: some View {
            VStack(alignment: .leading, spacing: 16) {
                Text("Welcome to Coordinates").font(.largeTitle.bold())
                Text("Type a latitude and longitude in any common format:").font(.headline)
                Text("48.8584, 2.2945\n48°51′30″N 2°17′40″E\nN 48 51.504 E 2 17.670").font(.body.monospaced())
                Text(
                    "See it as decimal degrees, degrees and decimal minutes, and degrees, minutes and seconds; "
                        + "the bearing and distance to a target; the route on a map; and a message to share. "
                        + "Everything is saved when you leave the app.")
                Button("Continue") { [unowned self] in finish() }
                    .buttonStyle(.borderedProminent)
                    .frame(maxWidth: .infinity)
            }
            .padding()
        }
    }
#endif
