#if canImport(SwiftUI)
    import Baton
    import BatonSwiftUI
    import SwiftUI

    // MARK: - Links: an identifier and a sender for resolvers, a result back

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    final class ShopListScreen: ScreenModel, ViewScreen {
        var sortOrder = "name"
        var body: some View { ShopListView(screen: self) }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    struct ShopListView: View {
        let screen: ShopListScreen

        var body: some View {
            List(["A-1", "B-2"], id: \.self) { product in
                // In a stack: a NavigationLink(value:), chevron included, pushed through Baton.
                ScreenLink(product, identifier: "showProduct", sender: product) { ShopItemScreen() }
            }
            .toolbar {
                ScreenLink("Sort", action: .present, returning: String.self) {
                    SortScreen()
                } onResult: { result in
                    if case .success(let order) = result { screen.sortOrder = order }
                }
            }
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    final class ShopItemScreen: ScreenModel, ViewScreen {
        var productID = ""
        var body: some View { Text("Product \(productID)") }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    final class SortScreen: ScreenModel, ViewScreen {
        var body: some View {
            Button("By price") { [unowned self] in finish(with: "price") }
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension DependencyCoordinator {
        /// The shop's coordinator, as the app and its previews make it.
        static func shop() throws -> DependencyCoordinator {
            let coordinator = DependencyCoordinator(name: "shop")
            try coordinator.register(
                .transition(identifier: "showProduct", sender: String.self) {
                    (_, id, _: ShopListScreen, product: ShopItemScreen) in product.productID = id
                })
            return coordinator
        }
    }

    // MARK: - Previews with the app's coordinator

    /// What `#Preview { ScreenPreview(coordinator: try! .shop()) { ShopListScreen() } }` shows
    /// (the iOS check does not expand macros, so it checks the same call here).
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    struct ShopListPreview: PreviewProvider {
        static var previews: some View {
            ScreenPreview(coordinator: try! .shop()) { ShopListScreen() }
        }
    }
#endif
