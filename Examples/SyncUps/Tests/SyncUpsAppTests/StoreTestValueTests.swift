@_spi(Testing) import Baton
import Testing

@testable import SyncUpsApp

/// A test that sets no store gets an empty one in memory: it never reads nor writes the user's
/// sync-ups file, and it does not fail for reading a live value.
@MainActor
@Suite
struct StoreTestValueTests {
    @Test func aTestThatSetsNoStoreGetsAnEmptyStoreInMemory() {
        var failures: [String] = []
        let store = TestDefaults.$current.withValue(TestDefaults { failures.append($0) }) {
            ScreenContext()[\.store]
        }
        #expect(failures == [])
        #expect(store.syncUps.isEmpty)
        #expect(store.problem == nil)
    }
}
