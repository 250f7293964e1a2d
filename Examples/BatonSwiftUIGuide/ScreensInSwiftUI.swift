#if canImport(SwiftUI)
    import Baton
    import BatonSwiftUI
    import SwiftUI

    // MARK: - Destinations resolved before they appear

    /// A destination whose order ID the dependency coordinator sets before it appears.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    final class OrderListScreen: ScreenModel, ViewScreen {
        var selectedOrder = "A-1"

        var body: some View {
            List(["A-1", "B-2"], id: \.self) { order in
                Button(order) { [unowned self] in
                    selectedOrder = order
                    task { try self.push(OrderDetailsScreen()) }  // a failure is reported, not dropped
                }
            }
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    final class OrderDetailsScreen: ScreenModel, ViewScreen {
        var orderID = ""
        var body: some View { Text("Order \(orderID)") }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @MainActor
    func registerOrderResolvers() throws {
        try DependencyCoordinator.default.register(
            .direct { (source: OrderListScreen, destination: OrderDetailsScreen) in
                destination.orderID = source.selectedOrder
            })
    }

    // MARK: - Tabs, sheets and full-screen covers

    /// A tab with its own label; the tabs share one context.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    final class ColorsScreen: ScreenModel, ViewScreen {
        var tabLabel: some View { Label("Colors", systemImage: "paintpalette") }
        var body: some View { ColorsView() }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    struct ColorsView: View {
        @ContextValue(\.favoriteColor) private var color
        @Environment(\.batonScreen) private var screen

        var body: some View {
            VStack {
                Button("Blue") { color = "Blue" }
                ScreenLink("Settings", action: .present) { SettingsScreen(name: "settings") }
                Button("Tour") {
                    // The screen's task reports a refused presentation (another one is shown).
                    if let screen {
                        screen.task { try screen.present(TourScreen(name: "tour"), style: .fullScreenCover) }
                    }
                }
                // No stack encloses a tab here: a push link would be refused, so it presents.
                ScreenLink(action: .present, wiring: .isolate) {
                    OrderListScreen(name: "orders")
                } label: {
                    Label("Orders", systemImage: "list.bullet")
                }
            }
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    final class SizesScreen: ScreenModel, ViewScreen {
        var tabLabel: some View { Label("Sizes", systemImage: "ruler") }
        var body: some View { SizesView() }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    struct SizesView: View {
        @ContextValue(\.favoriteColor) private var color  // set in the Colors tab
        var body: some View { Text("Sizes in \(color ?? "any color")") }
    }

    /// Presented as a sheet (the default); swiping it down dismisses it in Baton too.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    final class SettingsScreen: ScreenModel, ViewScreen {
        var body: some View {
            Button("Close") { [unowned self] in dismiss() }
        }
    }

    /// Presented as a full-screen cover, chosen where it is presented.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    final class TourScreen: ScreenModel, ViewScreen {
        var body: some View {
            Button("Done") { [unowned self] in dismiss() }
        }
    }

    /// Presents the tour over `settings` as a full-screen cover, as `fullScreenCover(item:)` would.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @MainActor
    func showTour(from settings: ScreenModel) throws {
        try settings.present(TourScreen(name: "tour"), style: .fullScreenCover)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @MainActor
    func makeTabs() throws -> TabScreen {
        try TabScreen(
            tabs: [ColorsScreen(name: "colors"), SizesScreen(name: "sizes")], sharesContext: true,
            name: "tabs")
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    struct TabsExample: View {
        let tabs: TabScreen
        var body: some View { TabsView(tabs) }
    }

    // MARK: - Screens from a module without SwiftUI

    /// A plain headless screen, as a UI-free module defines it.
    final class EntryScreen: ScreenModel {
        var entry = "48.8584, 2.2945"
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    struct HeadlessAppView: View {
        let window: ScreenWindow

        var body: some View {
            WindowView(window)
                .screenContent { screen in
                    if let entry = screen as? EntryScreen {
                        Text("Entry: \(entry.entry)")
                    } else {
                        Text(screen.screenName)
                    }
                }
        }
    }

    // MARK: - Screens that are only a view

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    enum CafeRoute: ScreenRoute {
        case splash, settings, drink(id: Int)

        func makeScreen() throws -> ScreenModel {
            ScreenModel(name: "\(self)")
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    struct CafeScene: Scene {
        var body: some Scene {
            WindowGroup {
                ScreenScene(root: CafeRoute.splash)
                    .screen(for: CafeRoute.self) { route, screen in
                        switch route {
                        case .splash: ProgressView("Loading…")
                        case .settings: Button("Newest first") { screen.finish(with: "newest") }
                        case .drink(let id): Text("Drink \(id)")
                        }
                    }
            }
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    enum CounterRoute: ScreenRoute {
        case tabs, menu, profile

        func makeScreen() throws -> ScreenModel {
            switch self {
            case .tabs: try TabScreen(tabs: [CounterRoute.menu.screen(), CounterRoute.profile.screen()], name: "tabs")
            case .menu, .profile: ScreenModel(name: "\(self)")
            }
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    struct CounterScene: Scene {
        var body: some Scene {
            WindowGroup {
                ScreenScene(root: CounterRoute.tabs)
                    .screen(CounterRoute.menu, tabLabel: Label("Menu", systemImage: "menucard")) { _ in
                        Text("Espresso")
                    }
                    .screen(CounterRoute.profile, tabLabel: Label("Profile", systemImage: "person")) { profile in
                        Text(profile.context[\.userID] ?? "Signed out")
                    }
            }
        }
    }

    // MARK: - Provider requests

    extension ContextValues {
        var totalWeight: ContextEntry<Double?> { .init() }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    struct TotalView: View {
        @ContextRequest(\.totalWeight) private var total
        var body: some View {
            Text(total.map { "Total \($0 ?? 0)" } ?? "No total yet")
            if case .failure(let error) = $total {
                Text(error.description).font(.footnote)
            }
        }
    }
#endif
