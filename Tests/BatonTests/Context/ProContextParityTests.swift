import Baton
import BatonTesting
import Testing

@MainActor
private final class ClassContext: ScreenContext {}

@MainActor
private final class Field {
    var weight: Double = 40
    var seen: [String] = []
}

/// ProContext behaviour from its source and README that users rely on.
@MainActor
@Suite(.lenientMisuse)
struct ProContextParityTests {
    // MARK: - Executables with conditions

    @Test func addExecutableIfRunsOnlyWhileItsConditionHolds() throws {
        let context = ScreenContext(name: "assignments")
        let field = Field()
        let enabled = Switch()
        enabled.isOn = false
        try context.register(SwapWeightInputs.self, owner: field, if: Condition { enabled.isOn }) { field, _ in
            field.seen.append("swap")
        }
        #expect(!context.canExecute(SwapWeightInputs.self))
        #expect(
            throws: ContextError.actionUnavailable(action: "SwapWeightInputs", registeredIn: "assignments")
        ) {
            try context.execute(SwapWeightInputs.self)
        }
        #expect(
            ContextError.actionUnavailable(action: "SwapWeightInputs", registeredIn: "assignments").description
                == "The action SwapWeightInputs in assignments is not available: its condition is not met. "
                + "Check canExecute(SwapWeightInputs.self) before executing.")
        enabled.isOn = true
        #expect(context.canExecute(SwapWeightInputs.self))
        try context.execute(SwapWeightInputs.self)
        #expect(field.seen == ["swap"])
    }

    @Test func addExecutableIfInWindowIsWhileOnScreen() throws {
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        _ = try makeVisibleWindow(root: stack)
        let field = Field()
        try list.context.register(SwapWeightInputs.self, owner: field, if: .whileOnScreen(list)) { field, _ in
            field.seen.append("swap")
        }
        try list.context.execute(SwapWeightInputs.self)
        try stack.push(ScreenModel(name: "detail"))
        #expect(!list.context.canExecute(SwapWeightInputs.self))
        stack.pop()
        try list.context.execute(SwapWeightInputs.self)
        #expect(field.seen == ["swap", "swap"])
    }

    // MARK: - Observers

    @Test func addObserverExpiresIf() {
        let context = ScreenContext(name: "assignments")
        let field = Field()
        let expired = Switch()
        let registration = context.observe(TotalWeightChanged.self, owner: field, expiresIf: Condition { expired.isOn })
        {
            field, total in field.seen.append("\(total)")
        }
        context.post(TotalWeightChanged.self, 1)
        expired.isOn = true
        context.post(TotalWeightChanged.self, 2)
        expired.isOn = false  // expiry is one-way
        context.post(TotalWeightChanged.self, 3)
        #expect(field.seen == ["1.0"])
        #expect(!registration.isActive)
    }

    @Test func addObserverForASetOfNamesCallsOneObserverForEach() {
        let classContext = ScreenContext(name: "class")
        let exams = ScreenContext(name: "exams", parent: classContext)
        let field = Field()
        let registration = classContext.observePosts(
            ofAny: [Saved.self, TotalWeightChanged.self, Saved.self], owner: field
        ) { field, post in
            field.seen.append("\(post.eventName) from \(post.origin.name ?? "(unnamed)")")
        }
        exams.post(TotalWeightChanged.self, 70)
        classContext.post(Saved.self)
        #expect(field.seen == ["TotalWeightChanged from exams", "Saved from class"])
        registration.cancel()
        #expect(!registration.isActive)
        exams.post(Saved.self)
        #expect(field.seen.count == 2)
    }

    @Test func notificationOriginIsThePostingContext() {
        let classContext = ScreenContext(name: "class")
        let assignments = ScreenContext(name: "assignments", parent: classContext)
        let exams = ScreenContext(name: "exams", parent: classContext)
        let field = Field()
        classContext.observePosts(of: TotalWeightChanged.self, owner: field) { field, post in
            #expect(post.is(TotalWeightChanged.self))
            #expect(!post.is(Saved.self))
            field.seen.append("\(post.payload) from \(post.origin.name ?? "(unnamed)")")
            if post.origin === exams { assignments.post(TotalWeightChanged.self, 1) }  // a nested post
        }
        exams.post(TotalWeightChanged.self, 70)
        classContext.post(TotalWeightChanged.self, 30)
        #expect(field.seen == ["70.0 from exams", "1.0 from assignments", "30.0 from class"])
    }

    // MARK: - Conditions

    @Test func conditionsNegateAndCombine() {
        let a = Switch()
        let b = Switch()
        var evaluatedB = 0
        let countedB = Condition {
            evaluatedB += 1
            return b.isOn
        }
        let conditionA = Condition { a.isOn }
        #expect((!conditionA).evaluate())
        #expect(!(conditionA && countedB).evaluate())
        #expect(evaluatedB == 0)  // && stops at a false left side
        a.isOn = true
        #expect((conditionA || countedB).evaluate())
        #expect(evaluatedB == 0)  // || stops at a true left side
        #expect(!(conditionA && countedB).evaluate())
        b.isOn = true
        #expect((conditionA && countedB).evaluate())
        #expect((!conditionA || countedB).evaluate())
        #expect(!(!conditionA).evaluate())
    }

    @Test func addRequestableIfHasNotLeftWindow() throws {
        let list = ScreenModel(name: "list")
        let stack = try StackScreen(root: list, name: "stack")
        _ = try makeVisibleWindow(root: stack)
        let field = Field()
        try list.context.provide(
            TotalWeight.self, owner: field, if: .whileOnScreen(list), expiresIf: !.whileOnScreen(list)
        ) { $0.weight }
        #expect(try list.context.request(TotalWeight.self) == 40)
        try stack.push(ScreenModel(name: "detail"))
        // The list has left the window: the requestable has expired, for good.
        #expect(throws: ContextError.providerExpired(key: "TotalWeight", registeredIn: "list → stack → app")) {
            try list.context.request(TotalWeight.self)
        }
        stack.pop()
        #expect(list.isOnScreen)
        #expect(!list.context.canRequest(TotalWeight.self))
    }

    // MARK: - Feature contexts

    @Test func createSubcontextOfTypeNamesItAfterTheType() {
        let global = ScreenContext(name: "global")
        let classContext = ClassContext(parent: global)
        #expect(classContext.name == "ClassContext")
        #expect(ClassContext(name: "Class").name == "Class")
        #expect(ScreenContext(parent: global).name == nil)
        #expect(classContext.dump().contains("1:--- ClassContext ---"))
    }

    @Test func theWindowsAppContextReplacesContextGlobal() throws {
        let window = ScreenWindow()
        #expect(window.context.name == "app")
        // Context.global.createSubcontext(ofType: ClassContext.self)
        let classContext = ClassContext(parent: window.context)
        let assignments = ScreenContext(name: "Assignments", parent: classContext)
        let field = Field()
        try window.context.provide(TotalWeight.self, owner: field) { $0.weight }
        #expect(try assignments.request(TotalWeight.self) == 40)
        // Screens shown in the window read it too.
        let screen = ScreenModel(name: "home")
        try window.setRoot(screen)
        #expect(try screen.context.request(TotalWeight.self) == 40)
    }
}
