import Baton
import BatonTesting
import Testing

/// The app's store, which a resolver must give the list.
final class ItemStore {
    var items = ["milk", "eggs"]
}

/// A list whose store is a required dependency.
final class ItemListScreen: ScreenModel {
    @Resolved(fileID: "App/ItemList.swift", line: 3) var store: ItemStore
}

/// The list's old name, which a resolver still uses.
final class ItemsScreen: ScreenModel {}

extension DependenciesTests {
    /// `@Resolved` declares a dependency a resolver must provide; reading it unresolved stops
    /// with a report of the screen, the property, the transition and every resolver tried.
    @MainActor
    @Suite(.lenientMisuse)
    struct ResolvedTests {
        @Test func aResolverSetsTheDependencyBeforeTheScreenAppears() throws {
            let store = ItemStore()
            let coordinator = DependencyCoordinator(name: "app")
            try coordinator.register(.destination { (screen: ItemListScreen) in screen.store = store })
            let window = ScreenWindow()
            window.dependencyCoordinator = coordinator
            let list = ItemListScreen(name: "items")
            #expect(!list.$store.isResolved)
            try window.setRoot(list)
            #expect(list.$store.isResolved)
            #expect(list.store === store)
            #expect(list.store.items == ["milk", "eggs"])
        }

        @Test func aResolvedScreenIsFreedWithItsDependency() throws {
            weak var weakStore: ItemStore?
            weak var weakList: ItemListScreen?
            do {
                let store = ItemStore()
                weakStore = store
                let stack = try StackScreen(root: ScreenModel(name: "home"))
                let list = ItemListScreen(name: "items")
                weakList = list
                try DependencyCoordinator.resolvingNextTransition(
                    .destination { (screen: ItemListScreen) in screen.store = store }
                ) { try stack.push(list) }
                stack.pop()
            }
            #expect(weakList == nil)
            #expect(weakStore == nil)
        }

        #if !os(iOS) && !os(tvOS) && !os(watchOS)
            @Test func readingItUnresolvedStopsWithWhyEachResolverDidNotSetIt() async throws {
                let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                    await MainActor.run {
                        let home = ScreenModel(name: "home")
                        let stack = try? StackScreen(root: home, name: "stack")
                        let coordinator = DependencyCoordinator(name: "app")
                        _ = try? coordinator.register(
                            .destination(fileID: "App/Setup.swift", line: 12) { (_: ItemsScreen) in })
                        _ = try? coordinator.register(
                            .transition(identifier: "showItems", fileID: "App/Setup.swift", line: 14) {
                                (_, _: ScreenModel, list: ItemListScreen) in list.store = ItemStore()
                            })
                        _ = try? coordinator.register(
                            .direct(fileID: "App/Setup.swift", line: 16) { (_: ItemsScreen, list: ItemListScreen) in
                                list.store = ItemStore()
                            })
                        _ = try? coordinator.register(
                            .destination(fileID: "Analytics.swift", line: 1) { (_: ScreenModel) in })
                        home.dependencyCoordinator = coordinator
                        let list = ItemListScreen(name: "items")
                        try? stack?.push(list)
                        _ = list.store
                    }
                }
                let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
                #expect(
                    output.contains(
                        """
                        ItemListScreen.store (@Resolved ItemStore, App/ItemList.swift:3) was read before a resolver set it.
                        items (ItemListScreen) was shown by push: home → items, resolved by coordinator app:
                          - destination: ItemsScreen (App/Setup.swift:12): its destination type is not ItemListScreen
                          - transition: ScreenModel → ItemListScreen [showItems] (App/Setup.swift:14): it is limited to \
                        the identifier "showItems", and the transition had none
                          - direct: ItemsScreen → ItemListScreen (App/Setup.swift:16): its source type is not ScreenModel
                          - destination: ScreenModel (Analytics.swift:1): it matches ItemListScreen and ran, but did \
                        not set store
                        Register a resolver that sets it on coordinator app, for example .destination { (screen: \
                        ItemListScreen) in screen.store = … }
                        """), "\(output)")
            }

            @Test func readingItBeforeAnyTransitionSaysWhenResolversRun() async throws {
                let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                    await MainActor.run {
                        DependencyCoordinator.withDefault(DependencyCoordinator(name: "default")) {
                            _ = ItemListScreen(name: "items").store
                        }
                    }
                }
                let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
                #expect(
                    output.contains(
                        """
                        ItemListScreen.store (@Resolved ItemStore, App/ItemList.swift:3) was read before a resolver set it.
                        items (ItemListScreen) has not been shown by a transition yet: resolvers run when a push, a \
                        presentation, a hop or a root change shows it, before its first will-appear. Read store from \
                        willAppear or later.
                        Register a resolver that sets it on coordinator default, for example .destination { (screen: \
                        ItemListScreen) in screen.store = … }
                        """), "\(output)")
            }
        #endif
    }
}
