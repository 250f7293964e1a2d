import Baton
import BatonTesting
import Testing

// The article "Coming from ProContext": its Baton declarations and blocks, each run as a test that
// checks what the article says of it. `self` in the article's blocks is a screen of the weights
// form, `WeightsScreen` here; its "In a UIKit app" blocks are type-checked in
// Examples/BatonUIKitArticle/ComingFromProContext.swift.

// MARK: - Declarations

extension ContextValues {
    fileprivate var totalWeight: ContextEntry<Double?> { .init() }
}

private enum TotalWeightChanged: ContextEvent { typealias Payload = Double }

private enum Saved: ContextEvent {}

private enum UserUsedTheTotalField: ContextFlag {}

private enum SwapWeightInputViews: ContextAction {}

private enum GradeBasis: ContextKey { typealias Value = String }

/// ProContext's `ClassContext`, the supercontext of the assignments and the exams.
private final class ClassContext: ScreenContext {}

private final class GradeSettings {
    var basis = "percent"
}

// MARK: - Executables become actions

private final class AssignmentWeightsContext: ScreenContext {
    var showsTotalField = true

    init(parent: ScreenContext) throws(ContextError) {  // an ancestor's live action is a conflict
        super.init(parent: parent)
        try register(SwapWeightInputViews.self, owner: self) { context, _ in
            context.swapWeightInputViews()
        }
    }

    func swapWeightInputViews() { showsTotalField.toggle() }
}

// MARK: - A screen of the weights form: `self` in the article

private final class WeightsScreen: ScreenModel {
    var weight: Double? = 40
    var totals: [Double] = []
    var saves = 0
    var refreshes = 0
    var swaps = 0

    func onTotalFieldChanged(_ total: Double) { totals.append(total) }
    func showSaved() { saves += 1 }
    func refresh() { refreshes += 1 }
    func swapWeightInputViews() { swaps += 1 }

    // Requestables become providers

    func provideWhileInWindow() throws {
        let isInWindow = Condition { [weak self] in self?.window != nil }
        try context.provide(\.totalWeight, owner: self, if: isInWindow) { owner in owner.weight }
    }

    var totalWeight: Double? { try? context.request(\.totalWeight) }

    func provideWhileOnScreen() throws {
        try context.provide(\.totalWeight, owner: self, if: .whileOnScreen(self)) { owner in owner.weight }
    }

    // Notifications become typed events

    func totalChanged(to total: Double) {
        context.post(TotalWeightChanged.self, total)
    }

    func observeWhileOnScreen() {
        context.observe(TotalWeightChanged.self, owner: self, if: .whileOnScreen(self)) { owner, total in
            owner.onTotalFieldChanged(total)
        }
    }

    func observeUntilOffScreen() {
        context.observe(TotalWeightChanged.self, owner: self, expiresIf: !.whileOnScreen(self)) { owner, total in
            owner.onTotalFieldChanged(total)
        }
    }

    func observeSavesAndTotals() {
        context.observePosts(ofAny: [Saved.self, TotalWeightChanged.self], owner: self) { owner, post in
            guard post.origin !== owner.context else { return }  // ignore our own posts
            if post.is(Saved.self) { owner.showSaved() } else { owner.refresh() }
        }
    }

    // Conditions

    func provideUntilItLeavesTheScreen() throws {
        try context.provide(\.totalWeight, owner: self, if: .whileOnScreen(self), expiresIf: !.whileOnScreen(self)) {
            owner in owner.weight
        }
    }

    // Actions with a condition

    func registerSwapAndSwap() throws {
        try context.register(SwapWeightInputViews.self, owner: self, if: .whileOnScreen(self)) { owner, _ in
            owner.swapWeightInputViews()
        }
        if context.canExecute(SwapWeightInputViews.self) { try context.execute(SwapWeightInputViews.self) }
    }
}

@MainActor
@Suite(.isolatedBaton)
struct ComingFromProContextTests {
    /// A window whose stack shows `screens`, the last one on top.
    private func shown(_ screens: ScreenModel...) throws -> (ScreenWindow, StackScreen) {
        let window = ScreenWindow()
        let stack = try StackScreen(root: screens[0], name: "form")
        try window.setRoot(stack)
        window.makeVisible()
        for screen in screens.dropFirst() { try stack.push(screen) }
        return (window, stack)
    }

    // MARK: - The API side by side

    @Test func contextsAreMadeAsTheTableSays() {
        let window = ScreenWindow()
        #expect(window.context.name == "app")
        let classContext = ClassContext(parent: window.context)
        #expect(classContext.name == "ClassContext")  // named after its type
        #expect(ScreenContext(name: "Exams", parent: classContext).parent === classContext)
        let exams = classContext.makeChild(name: "Exams")
        #expect(exams.name == "Exams")
        #expect(exams.parent === classContext)
        #expect(ScreenContext().parent == nil)
    }

    @Test func observePostsOfOneEventGivesTheContextThatPosted() {
        final class Owner {
            var origins: [String?] = []
        }
        let form = ScreenContext(name: "form")
        let each = form.makeChild(name: "each")
        let owner = Owner()
        form.observePosts(of: TotalWeightChanged.self, owner: owner) { owner, post in
            owner.origins.append(post.origin.name)
        }
        each.post(TotalWeightChanged.self, 42)
        #expect(owner.origins == ["each"])
    }

    @Test func conditionsCombineWithNotAndOr() throws {
        final class Owner {
            var a = true
            var b = false
        }
        let owner = Owner()
        let context = ScreenContext(name: "form")
        let aAndNotB =
            Condition { [weak owner] in owner?.a ?? false } && !Condition { [weak owner] in owner?.b ?? true }
        try context.provide(\.totalWeight, owner: owner, if: aAndNotB) { _ in 1 }
        #expect(context.canRequest(\.totalWeight))
        owner.b = true
        #expect(!context.canRequest(\.totalWeight))
        owner.a = false
        owner.b = false
        #expect(!context.canRequest(\.totalWeight))
        let aOrB = Condition { [weak owner] in owner?.a ?? false } || Condition { [weak owner] in owner?.b ?? false }
        try context.register(SwapWeightInputViews.self, owner: owner, if: aOrB) { _, _ in }
        #expect(!context.canExecute(SwapWeightInputViews.self))
        owner.b = true
        #expect(context.canExecute(SwapWeightInputViews.self))
    }

    @Test func aRequestLooksAtTheContextAndItsAncestorsOnly() throws {
        try MisuseMode.$current.withValue(.lenient) {
            let (window, _) = try shown(ScreenModel(name: "list"))
            defer { withExtendedLifetime(window) {} }
            let classContext = ScreenContext(name: "class")
            let assignments = classContext.makeChild(name: "assignments")
            let screen = WeightsScreen(name: "weights")
            try screen.context.attach(to: assignments)
            try screen.provideWhileInWindow()  // the condition is false: not in a window
            #expect(
                throws: ContextError.providerMissing(
                    key: "totalWeight", searched: ["class"], available: [], offChain: ["weights"],
                    commonAncestor: "class")
            ) { try classContext.request(\.totalWeight) }
        }
    }

    // MARK: - Requestables become providers

    @Test func aProviderServesWhileItsConditionHoldsAndEndsWithItsOwner() throws {
        try MisuseMode.$current.withValue(.lenient) {
            var screen: WeightsScreen? = WeightsScreen(name: "weights")
            let summary = ScreenModel(name: "summary")
            let (window, stack) = try shown(ScreenModel(name: "list"), screen!, summary)
            defer { withExtendedLifetime(window) {} }
            try screen!.provideWhileInWindow()
            #expect(screen!.totalWeight == 40)
            #expect(try summary.context.request(\.totalWeight) == 40)  // a screen shown after it

            screen!.weight = nil
            #expect(screen!.totalWeight == nil)  // the provider's own nil
            screen!.weight = 40

            _ = stack.popToRoot()  // out of the window: the condition no longer holds
            #expect(screen!.totalWeight == nil)
            #expect(
                throws: ContextError.providerUnavailable(key: "totalWeight", registeredIn: "weights")
            ) { try screen!.context.request(\.totalWeight) }

            weak let gone = screen
            let context = screen!.context
            screen = nil
            #expect(gone == nil)
            #expect(!context.canRequest(\.totalWeight))
            // Its owner is gone, so a new provider replaces it silently.
            final class Owner {}
            let owner = Owner()
            try context.provide(\.totalWeight, owner: owner) { _ in 7 }
            #expect(try context.request(\.totalWeight) == 7)
        }
    }

    @Test func aSecondLiveProviderOnTheLineageThrowsButSiblingsMayEachServeTheKey() throws {
        try MisuseMode.$current.withValue(.lenient) {
            final class Owner {}
            let owner = Owner()
            let classContext = ClassContext(parent: nil)
            let assignments = classContext.makeChild(name: "Assignments")
            let exams = classContext.makeChild(name: "Exams")
            try assignments.provide(\.totalWeight, owner: owner) { _ in 20 }
            try exams.provide(\.totalWeight, owner: owner) { _ in 80 }
            #expect(try assignments.request(\.totalWeight) == 20)
            #expect(try exams.request(\.totalWeight) == 80)
            #expect(
                throws: ContextError.providerAlreadyRegistered(
                    key: "totalWeight", registeredIn: "Assignments → ClassContext")
            ) { try assignments.makeChild(name: "total").provide(\.totalWeight, owner: owner) { _ in 1 } }
            #expect(throws: ContextError.self) {
                try classContext.provide(\.totalWeight, owner: owner) { _ in 1 }
            }

            // Attaching a subtree is checked the same way.
            let other = ScreenContext(name: "other")
            try other.provide(\.totalWeight, owner: owner) { _ in 3 }
            #expect(throws: ContextError.self) { try other.attach(to: assignments) }
            #expect(other.parent == nil)  // nothing changes when it throws
        }
    }

    @Test func whileOnScreenHoldsWhileTheScreenIsOnScreen() throws {
        try MisuseMode.$current.withValue(.lenient) {
            let screen = WeightsScreen(name: "weights")
            let (window, stack) = try shown(ScreenModel(name: "list"), screen)
            defer { withExtendedLifetime(window) {} }
            try screen.provideWhileOnScreen()
            #expect(screen.totalWeight == 40)
            try stack.push(ScreenModel(name: "cover"))
            #expect(screen.totalWeight == nil)
            #expect(
                throws: ContextError.providerUnavailable(
                    key: "totalWeight", registeredIn: "weights → list → form → app")
            ) { try screen.context.request(\.totalWeight) }
            _ = stack.pop()
            #expect(screen.totalWeight == 40)
        }
    }

    @Test func aProviderThatExpiresWhenItsScreenLeavesStaysExpired() throws {
        try MisuseMode.$current.withValue(.lenient) {
            let screen = WeightsScreen(name: "weights")
            let (window, stack) = try shown(ScreenModel(name: "list"), screen)
            defer { withExtendedLifetime(window) {} }
            try screen.provideUntilItLeavesTheScreen()
            #expect(screen.totalWeight == 40)
            try stack.push(ScreenModel(name: "cover"))
            #expect(
                throws: ContextError.providerExpired(key: "totalWeight", registeredIn: "weights → list → form → app")
            ) { try screen.context.request(\.totalWeight) }
            _ = stack.pop()  // back on screen: still expired, for good
            #expect(screen.isOnScreen)
            #expect(screen.totalWeight == nil)
            #expect(
                throws: ContextError.providerMissing(
                    key: "totalWeight", searched: ["weights", "list", "form", "app"], available: [])
            ) { try screen.context.request(\.totalWeight) }  // dropped once seen expired
            // An expired provider is replaced silently.
            try screen.provideWhileOnScreen()
            #expect(screen.totalWeight == 40)
        }
    }

    // MARK: - Notifications become typed events

    @Test func anObserverWhileOnScreenReceivesTheTypedPayload() throws {
        let screen = WeightsScreen(name: "weights")
        let total = ScreenModel(name: "total")
        let (window, stack) = try shown(ScreenModel(name: "list"), screen)
        defer { withExtendedLifetime(window) {} }
        screen.observeWhileOnScreen()
        screen.totalChanged(to: 42)
        try stack.push(total)
        total.context.post(TotalWeightChanged.self, 50)  // screen is covered: not delivered
        _ = stack.pop()
        screen.totalChanged(to: 60)
        #expect(screen.totals == [42, 60])
    }

    @Test func aPostReachesTheContextItsAncestorsAndItsDescendantsUnlessNarrowed() {
        final class Log {
            var heard: [String] = []
        }
        let log = Log()
        let app = ScreenContext(name: "app")
        let form = app.makeChild(name: "form")
        let each = form.makeChild(name: "each")
        let sibling = app.makeChild(name: "sibling")
        for context in [app, form, each, sibling] {
            context.observe(TotalWeightChanged.self, owner: log) { log, _ in log.heard.append(context.name ?? "") }
        }
        form.post(TotalWeightChanged.self, 1)
        #expect(log.heard.sorted() == ["app", "each", "form"])
        log.heard = []
        form.post(TotalWeightChanged.self, 1, reach: .local)
        #expect(log.heard == ["form"])
        log.heard = []
        form.post(TotalWeightChanged.self, 1, reach: .ancestors)
        #expect(log.heard.sorted() == ["app", "form"])
        log.heard = []
        form.post(TotalWeightChanged.self, 1, reach: .descendants)
        #expect(log.heard.sorted() == ["each", "form"])
    }

    @Test func anEventWithoutAPayloadIsPostedWithoutOne() {
        final class Owner {
            var saves = 0
        }
        let owner = Owner()
        let context = ScreenContext(name: "form")
        context.observe(Saved.self, owner: owner) { owner, _ in owner.saves += 1 }
        context.post(Saved.self)
        #expect(owner.saves == 1)
    }

    @Test func eventsDeliversThePayloadsAsAnAsyncSequence() async {
        let context = ScreenContext(name: "form")
        let stream = context.events(TotalWeightChanged.self)
        context.post(TotalWeightChanged.self, 42)
        context.post(TotalWeightChanged.self, 50)
        var received: [Double] = []
        for await total in stream {
            received.append(total)
            if received.count == 2 { break }
        }
        #expect(received == [42, 50])
    }

    @Test func anObserverThatExpiresWhenItsScreenLeavesHearsNoMore() throws {
        let screen = WeightsScreen(name: "weights")
        let (window, stack) = try shown(ScreenModel(name: "list"), screen)
        defer { withExtendedLifetime(window) {} }
        screen.observeUntilOffScreen()
        screen.totalChanged(to: 42)
        let cover = ScreenModel(name: "cover")
        try stack.push(cover)
        cover.context.post(TotalWeightChanged.self, 50)  // the expiry is seen: it ends for good
        _ = stack.pop()
        screen.totalChanged(to: 60)
        #expect(screen.totals == [42])
    }

    @Test func oneRegistrationObservesSeveralEventsAndSeesWhichContextPosted() throws {
        let screen = WeightsScreen(name: "weights")
        let summary = ScreenModel(name: "summary")
        let (window, _) = try shown(ScreenModel(name: "list"), screen, summary)
        defer { withExtendedLifetime(window) {} }
        screen.observeSavesAndTotals()
        summary.context.post(Saved.self)
        summary.context.post(TotalWeightChanged.self, 42)
        screen.context.post(Saved.self)  // our own: ignored
        #expect(screen.saves == 1)
        #expect(screen.refreshes == 1)
    }

    // MARK: - The global context

    @Test func theWindowsContextIsTheAppWideContext() throws {
        let settings = GradeSettings()

        let window = ScreenWindow()
        let classContext = ClassContext(parent: window.context)  // Context.global.createSubcontext(ofType:)
        try window.context.provide(GradeBasis.self, owner: settings) { $0.basis }

        #expect(window.context.name == "app")
        #expect(classContext.name == "ClassContext")
        #expect(try classContext.makeChild(name: "Exams").request(GradeBasis.self) == "percent")
        let screen = ScreenModel(name: "home")
        try window.setRoot(screen)
        #expect(screen.context.parent === window.context)  // every screen reads through it
        #expect(try screen.context.request(GradeBasis.self) == "percent")
    }

    // MARK: - Flags

    @Test func aFlagIsSetSeenAndUnset() throws {
        let context = ScreenContext(name: "form")

        try context.setFlag(UserUsedTheTotalField.self)
        let used = context.isSet(UserUsedTheTotalField.self)  // true
        try context.unsetFlag(UserUsedTheTotalField.self)

        #expect(used)
        #expect(!context.isSet(UserUsedTheTotalField.self))
    }

    @Test func flagMisusesThrowAndIsSetAgreesWithSetFlag() throws {
        try MisuseMode.$current.withValue(.lenient) {
            let app = ScreenContext(name: "app")
            let assignments = app.makeChild(name: "Assignments")
            let exams = app.makeChild(name: "Exams")
            try assignments.setFlag(UserUsedTheTotalField.self)
            #expect(assignments.makeChild(name: "total").isSet(UserUsedTheTotalField.self))
            #expect(
                throws: ContextError.flagAlreadySet(flag: "UserUsedTheTotalField", setIn: "Assignments → app")
            ) { try assignments.makeChild(name: "total").setFlag(UserUsedTheTotalField.self) }
            // A sibling branch's flag is neither seen nor in the way.
            #expect(!exams.isSet(UserUsedTheTotalField.self))
            try exams.setFlag(UserUsedTheTotalField.self)
            // Set further out, in a descendant: not seen by isSet, but it refuses a second setFlag.
            #expect(!app.isSet(UserUsedTheTotalField.self))
            #expect(
                throws: ContextError.flagAlreadySet(flag: "UserUsedTheTotalField", setIn: "Assignments → app")
            ) { try app.setFlag(UserUsedTheTotalField.self) }
            #expect(
                throws: ContextError.flagNotSet(flag: "UserUsedTheTotalField", searched: ["app"], setFlags: [])
            ) { try app.unsetFlag(UserUsedTheTotalField.self) }
        }
    }

    // MARK: - Executables become actions

    @Test func aFeatureContextRegistersItsActionAndIsNamedAfterItsType() throws {
        let classContext = ClassContext(parent: ScreenWindow().context)

        let assignments = try AssignmentWeightsContext(parent: classContext)
        try assignments.makeChild(name: "total-field").execute(SwapWeightInputViews.self)

        #expect(!assignments.showsTotalField)
        #expect(assignments.name == "AssignmentWeightsContext")
        #expect(try AssignmentWeightsContext(parent: classContext).name == "AssignmentWeightsContext")
    }

    @Test func anActionWithAConditionRunsOnlyWhileItHolds() throws {
        try MisuseMode.$current.withValue(.lenient) {
            let screen = WeightsScreen(name: "weights")
            let (window, stack) = try shown(ScreenModel(name: "list"), screen)
            defer { withExtendedLifetime(window) {} }
            try screen.registerSwapAndSwap()
            #expect(screen.swaps == 1)
            try stack.push(ScreenModel(name: "cover"))
            #expect(!screen.context.canExecute(SwapWeightInputViews.self))
            #expect(
                throws: ContextError.actionUnavailable(
                    action: "SwapWeightInputViews", registeredIn: "weights → list → form → app")
            ) { try screen.context.execute(SwapWeightInputViews.self) }
            #expect(screen.swaps == 1)
        }
    }

    @Test func anActionOwnedByItsContextLivesAsLongAsTheContext() throws {
        let classContext = ClassContext(parent: nil)
        weak var weakAssignments: AssignmentWeightsContext?
        do {
            let assignments = try AssignmentWeightsContext(parent: classContext)
            weakAssignments = assignments
            try assignments.execute(SwapWeightInputViews.self)
            #expect(!assignments.showsTotalField)
        }
        #expect(weakAssignments == nil)  // the action does not keep its context alive
    }

    // MARK: - Misuses

    @Test func anUnavailableOrExpiredProviderOrActionThrowsWithoutStoppingEvenInStrictMode() throws {
        final class Owner {
            var isAvailable = false
            var isExpired = false
        }
        let owner = Owner()
        let context = ScreenContext(name: "form")
        try MisuseMode.$current.withValue(.strict) {
            try context.provide(
                \.totalWeight, owner: owner, if: Condition { [weak owner] in owner?.isAvailable ?? false }
            ) {
                _ in 1
            }
            try context.register(
                SwapWeightInputViews.self, owner: owner,
                expiresIf: Condition { [weak owner] in owner?.isExpired ?? true }
            ) { _, _ in }
            #expect(throws: ContextError.providerUnavailable(key: "totalWeight", registeredIn: "form")) {
                try context.request(\.totalWeight)
            }
            owner.isExpired = true
            #expect(throws: ContextError.actionExpired(action: "SwapWeightInputViews", registeredIn: "form")) {
                try context.execute(SwapWeightInputViews.self)
            }
            let total = try? context.request(\.totalWeight)
            #expect(total == nil)  // try? is safe
        }
    }

    @Test func everyRegistrationEndsWithItsOwner() throws {
        final class Owner {
            var totals: [Double] = []
        }
        let context = ScreenContext(name: "form")
        var owner: Owner? = Owner()
        context.observe(TotalWeightChanged.self, owner: owner!) { owner, total in owner.totals.append(total) }
        try context.register(SwapWeightInputViews.self, owner: owner!) { _, _ in }
        context.post(TotalWeightChanged.self, 1)
        #expect(owner?.totals == [1])
        weak let gone = owner
        owner = nil
        #expect(gone == nil)  // no registration keeps its owner alive
        #expect(!context.canExecute(SwapWeightInputViews.self))
        context.post(TotalWeightChanged.self, 2)  // nobody left to call
    }

    @Test func aMisuseThrowsInLenientMode() throws {
        let context = try AssignmentWeightsContext(parent: ClassContext(parent: ScreenWindow().context))

        MisuseMode.$current.withValue(.lenient) {
            do {
                try context.unsetFlag(UserUsedTheTotalField.self)
            } catch {
                print(error)
                // Flag UserUsedTheTotalField is not set: searched AssignmentWeightsContext → ClassContext → app. Flags set on the chain: none.
            }
        }

        let error = MisuseMode.$current.withValue(.lenient) {
            #expect(throws: ContextError.self) { try context.unsetFlag(UserUsedTheTotalField.self) }
        }
        #expect(
            error?.description
                == "Flag UserUsedTheTotalField is not set: searched AssignmentWeightsContext → ClassContext → app. Flags set on the chain: none."
        )
    }
}
