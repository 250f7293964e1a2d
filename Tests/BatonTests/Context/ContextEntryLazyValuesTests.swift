@_spi(Testing) import Baton
import Testing

/// The values a dependency declares for tests and previews are made only where they are used:
/// never in the shipping app, and never kept by the entry.
@MainActor
final class LazyEntryService {
    /// How many services of each origin were made.
    static var made: [String: Int] = [:]
    let origin: String
    init(_ origin: String) {
        self.origin = origin
        Self.made[origin, default: 0] += 1
    }
}

extension ContextValues {
    @MainActor fileprivate var lazyService: ContextEntry<LazyEntryService> {
        .init(live: LazyEntryService("live"), test: LazyEntryService("test"), preview: LazyEntryService("preview"))
    }
    @MainActor fileprivate var lazyTestService: ContextEntry<LazyEntryService> {
        .init(live: LazyEntryService("live 2"), test: LazyEntryService("test 2"))
    }
}

@MainActor
@Suite(.serialized)
struct ContextEntryLazyValuesTests {
    @Test func theAppMakesNeitherTheTestNorThePreviewValue() {
        let origin = TestDefaults.$current.withValue(nil) { ScreenContext()[\.lazyService].origin }
        #expect(origin == "live")
        #expect(LazyEntryService.made.filter { !$0.key.hasSuffix(" 2") } == ["live": 1])
        // A second read uses the live value made first, and still makes no other.
        _ = TestDefaults.$current.withValue(nil) { ScreenContext()[\.lazyService] }
        #expect(LazyEntryService.made.filter { !$0.key.hasSuffix(" 2") } == ["live": 1])
    }

    @Test func eachTestMakesItsOwnTestValueAndNoLiveValue() {
        var failures: [String] = []
        let defaults = TestDefaults { failures.append($0) }
        let first = TestDefaults.$current.withValue(defaults) { ScreenContext()[\.lazyTestService] }
        let again = TestDefaults.$current.withValue(defaults) { ScreenContext()[\.lazyTestService] }
        let other = TestDefaults.$current.withValue(TestDefaults { failures.append($0) }) {
            ScreenContext()[\.lazyTestService]
        }
        #expect(first.origin == "test 2")
        #expect(first === again)
        #expect(other !== first)
        #expect(LazyEntryService.made["test 2"] == 2)
        #expect(LazyEntryService.made["live 2"] == nil)
        #expect(failures == [])
    }
}
