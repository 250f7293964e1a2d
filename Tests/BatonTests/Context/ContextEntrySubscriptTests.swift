import BatonTesting
import Testing

@testable import Baton

/// `context[\.x] = value`: the key-path subscript writes, as `set(_:for:)` does.
@MainActor
@Suite(.isolatedBaton)
struct ContextEntrySubscriptTests {
    @Test func assigningThroughTheSubscriptStoresInThisContextAndShadowsTheParents() {
        let app = ScreenContext(name: "app")
        let list = ScreenContext(name: "list", parent: app)
        let detail = ScreenContext(name: "detail", parent: list)
        app[\.sortOrder] = .byDate
        list[\.sortOrder] = .byName
        #expect(app[\.sortOrder] == .byDate)
        #expect(list[\.sortOrder] == .byName)
        #expect(detail[\.sortOrder] == .byName)
        #expect(list.holder(of: \.sortOrder) === list)
        #expect(detail.holder(of: \.sortOrder) === list)
    }

    @Test func assigningThroughTheSubscriptNotifiesItsObservers() {
        let list = ScreenContext(name: "list")
        var changes = 0
        let token = list.onChange(of: \.sortOrder, owner: list) { _, _ in changes += 1 }
        list[\.sortOrder] = .byDate
        #expect(changes == 1)
        _ = token
    }
}
