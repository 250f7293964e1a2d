import Baton
import BatonSwiftUI
import SwiftUI

/// Draws the headless window's screen tree as BatonSwiftUI's `WindowView` does (the start-up
/// flow's hopping container, the navigation stack, modal sheets), asking ``CoordinatesScreenView``
/// for each of the app's own screens: those are headless screens from `CoordinatesApp`, which knows
/// nothing of SwiftUI, so they are not BatonSwiftUI `ViewScreen`s.
///
/// Every container is bound to Baton's state, which Observation tracks: a push, pop, hop,
/// presentation or dismissal done by the headless app shows here, and the back button, the swipe
/// back and a sheet swiped down go back to Baton (`followNavigationPath`, `followPresentation`) as
/// pops and dismissals, with their transitions, lifecycle and resolvers.
@MainActor
struct AppWindowView: View {
    let window: Window
    let host: AppHost

    var body: some View {
        Group {
            if let root = window.rootScreen {
                AppScreenTree(screen: root, host: host)
            }
        }
        .batonContext(window.context)
    }
}

/// One screen of the tree and what it presents.
@MainActor
struct AppScreenTree: View {
    let screen: HeadlessScreen
    let host: AppHost

    var body: some View {
        let screen = self.screen
        content
            .batonContext(screen.context)
            .environment(\.batonScreen, screen)
            .sheet(
                item: Binding(
                    get: { (screen.presentedScreen as? HeadlessScreen).map(ScreenItem.init) },
                    set: { screen.followPresentation($0?.id) })
            ) { item in
                AppScreenTree(screen: item.screen, host: host)
            }
    }

    @ViewBuilder private var content: some View {
        if let hopping = screen as? HoppingScreen {
            let current = hopping.currentScreen
            ZStack {
                if let current {
                    AppScreenTree(screen: current, host: host)
                        .id(ScreenIdentity(current))
                        .transition(.opacity)
                }
            }
            .animation(.default, value: current.map(ScreenIdentity.init))
        } else if let stack = screen as? StackScreen {
            NavigationStack(
                path: Binding(
                    get: { stack.screens.dropFirst().map(ScreenItem.init) },
                    set: { stack.followNavigationPath($0.map(\.id)) })
            ) {
                Group {
                    if let root = stack.rootScreen {
                        AppScreenTree(screen: root, host: host)
                    }
                }
                .navigationDestination(for: ScreenItem.self) { item in
                    AppScreenTree(screen: item.screen, host: host)
                }
            }
        } else {
            CoordinatesScreenView(screen: screen, host: host)
        }
    }
}

/// A screen as an item of a navigation path or a sheet: equal by identity, and holding the screen so
/// that one Baton has already let go (popped, dismissed) is still drawn while SwiftUI animates it
/// away.
struct ScreenItem: Hashable, Identifiable {
    let screen: HeadlessScreen
    let id: ScreenIdentity

    @MainActor
    init(_ screen: HeadlessScreen) {
        self.screen = screen
        id = ScreenIdentity(screen)
    }

    static func == (lhs: ScreenItem, rhs: ScreenItem) -> Bool { lhs.id == rhs.id }

    func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
