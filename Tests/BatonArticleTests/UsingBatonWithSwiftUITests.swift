import Baton
import Observation
import Testing

// The Linux part of the article "Using Baton with SwiftUI": Observation outside SwiftUI. Its
// SwiftUI blocks are type-checked in Examples/BatonSwiftUIGuide by the iOS check.

private extension ContextValues {
    var userID: ContextEntry<String?> { .init() }
}

@MainActor struct UsingBatonWithSwiftUITests {
    @Test func aTrackedReadFiresWhenAnOuterContextChangesWhatItReads() {
        let app = ScreenContext(name: "app")
        let form = ScreenContext(parent: app)

        withObservationTracking {
            _ = form[\.userID]
        } onChange: {
            print("what form reads for userID changed")
        }
        app.set("12345", for: \.userID)  // prints, when form does not shadow userID

        let changes = trackChanges { _ = form[\.userID] }
        app.set("67890", for: \.userID)
        app.set("67890", for: \.userID)  // a tracking fires once
        #expect(changes.count == 1)
        #expect(form[\.userID] == "67890")
    }

    @Test func aShadowedValueDoesNotFire() {
        let app = ScreenContext(name: "app")
        let form = ScreenContext(parent: app)
        form.set("ada", for: \.userID)
        let changes = trackChanges { _ = form[\.userID] }
        app.set("12345", for: \.userID)
        #expect(changes.count == 0)
    }

    @Test func settingAnEqualValueFires() {
        let form = ScreenContext()
        form.set("ada", for: \.userID)
        let changes = trackChanges { _ = form[\.userID] }
        form.set("ada", for: \.userID)
        #expect(changes.count == 1)
    }

    @Test func goingFromAnExplicitNilToNoValueFires() {
        let form = ScreenContext()
        form.set(nil, for: \.userID)
        let changes = trackChanges { _ = form[\.userID] }
        form.remove(\.userID)
        #expect(changes.count == 1)
    }
}
