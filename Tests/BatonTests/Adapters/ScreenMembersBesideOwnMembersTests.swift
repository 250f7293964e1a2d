import Baton
import Testing

/// BatonUIKit gives `UIViewController` its ``Screen`` members through a protocol extension
/// constrained to `UIViewController`, not as members of the class, so that an app's controller
/// may declare its own `context` (Core Data's, say). This is the same technique on a plain class,
/// which the Linux compiler checks as the iOS one does.
@MainActor
@Suite struct ScreenMembersBesideOwnMembersTests {
    /// Stands for `UIViewController`.
    @MainActor
    class PlainController {
        let ownContext = ScreenContext(name: "plain")
        weak var parent: PlainController?
    }

    /// Stands for an app's controller with Core Data's context.
    final class NotesController: PlainController {
        var context = "managed object context"
        var screenName = 42
    }

    @Test func aControllerKeepsItsOwnContextAndBatonsIsReachableThroughTheProtocol() {
        let notes = NotesController()
        #expect(notes.context == "managed object context")
        #expect(notes.screenName == 42)
        #expect(notes.baton.context.name == "plain")
        #expect(notes.baton.screenName == "NotesController")
        let screen: any Screen = notes
        #expect(screen.context === notes.ownContext)
    }
}

extension ScreenMembersBesideOwnMembersTests.PlainController: Screen {}

extension Screen where Self: ScreenMembersBesideOwnMembersTests.PlainController {
    var baton: any Screen { self }
    var context: ScreenContext {
        get { ownContext }
        set {}
    }
    var parentScreen: (any Screen)? { parent }
    var childScreens: [any Screen] { [] }
    var presentedScreen: (any Screen)? { nil }
    var presentingScreen: (any Screen)? { nil }
    var isOnScreen: Bool { false }
    var screenName: String { String(describing: type(of: self)) }
}
