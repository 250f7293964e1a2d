#if canImport(SwiftUI)
    import Baton
    import BatonSwiftUI
    import SwiftUI

    // MARK: - Deep links and state restoration in SwiftUI

    /// The app's routes: each screen as the data that recreates it.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    enum ShopRoute: ScreenRoute {
        case shop, catalog, cart
        case product(id: Int)

        @MainActor func makeScreen() throws -> ScreenModel {
            switch self {
            case .shop: try TabScreen(tabs: [ShopRoute.catalog.screen(), ShopRoute.cart.screen()], name: "shop")
            case .catalog: try StackScreen(root: CatalogScreen(name: "catalog"), name: "catalog tab")
            case .cart: CartScreen(name: "cart")
            case .product(let id): ProductScreen(id: id)
            }
        }

        /// `shop://product/42` opens product 42 in the catalog tab, whatever the app shows.
        static let links = ScreenLinks<ShopRoute>([
            LinkPattern("shop://product/{id}", .product(id: 0)),
            LinkPattern("shop://cart", .cart),
        ]) { route in
            switch route {
            case .cart: .tabs(.shop, [ScreenTree(.catalog), ScreenTree(.cart)], selected: 1)
            default:
                .tabs(
                    .shop, [.stack(.catalog, [ScreenTree(.catalog), ScreenTree(route)]), ScreenTree(.cart)], selected: 0
                )
            }
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    final class CatalogScreen: ScreenModel, ViewScreen, RoutedScreen {
        var route: ShopRoute { .catalog }
        var body: some View {
            List(1..<20) { id in
                // A link to a route: a NavigationLink(value:) that pushes the route's Baton screen.
                ScreenLink("Product \(id)", value: ShopRoute.product(id: id))
            }
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    final class ProductScreen: ScreenModel, ViewScreen, RoutedScreen {
        let id: Int
        init(id: Int) {
            self.id = id
            super.init(name: "product \(id)")
        }
        var route: ShopRoute { .product(id: id) }
        var body: some View { Text("Product \(id)") }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    final class CartScreen: ScreenModel, ViewScreen {
        var body: some View { Text("Cart") }
    }

    /// The app: each scene gets its own window, started at the shop's tabs, opening `shop://` links
    /// and restored from the scene's storage; failures are logged.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    struct ShopApp: App {
        var body: some Scene {
            WindowGroup { ScreenScene(root: ShopRoute.shop, links: ShopRoute.links) }
        }
    }

    /// The same, when the scene's view needs its window: `WindowView.routes(root:links:savedIn:onFailure:)`.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @MainActor
    struct ShopSceneView: View {
        @State private var window = ScreenWindow()
        @SceneStorage("screens") private var savedScreens: String?

        var body: some View {
            WindowView(window).routes(root: ShopRoute.shop, links: ShopRoute.links, savedIn: $savedScreens) { error in
                print("Navigation failed: \(error)")
            }
        }
    }
#endif
