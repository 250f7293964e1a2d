import Baton
import BatonTesting
import Testing

@testable import TasksApp

/// The showcase returns the settings choice as a typed result and edits items in the shared
/// store: no value a screen writes dies unseen, so Baton's debug-build lost-write watch reports
/// nothing.
@MainActor
@Suite(.isolatedBaton)
struct LostWriteFreeTests {
    @MainActor
    final class Reports {
        var all: [String] = []
    }

    @Test func choosingAnOrderAndEditingAnItemLoseNoWrite() async throws {
        let reports = Reports()
        try await LostWrite.$reporter.withValue({ report in
            MainActor.assumeIsolated { reports.all.append(report.description) }
        }) {
            let (window, list) = try await loggedIn()
            _ = list.items  // the list shows the items in the chosen order
            let choosing = Task { try await list.chooseOrder() }
            try await window.next(Route.settings).finish(with: SortOrder.newest)
            try await choosing.value
            try window.items?.push(Route.item(id: 1).screen())
            let detail = try await window.next(ItemDetailScreen.self)
            detail.item?.title = "Buy oat milk"
            window.items?.pop()
            #expect(list.items.map(\.title) == ["Renew passport", "Book flights", "Call the plumber", "Buy oat milk"])
        }
        #expect(reports.all == [])
    }
}
