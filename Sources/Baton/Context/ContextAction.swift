/// A type that names an action: a closure registered on a ``ScreenContext`` and executable from
/// anywhere on the chain below it (ProContext's executables).
///
/// `Input` and `Output` default to `Void`.
///
/// ```swift
/// enum SwapWeightInputs: ContextAction {}
/// enum Scale: ContextAction {
///     typealias Input = Double
///     typealias Output = Double
/// }
///
/// try context.register(Scale.self, owner: self) { owner, value in value * owner.factor }
/// let scaled = try context.execute(Scale.self, with: 2)
/// ```
public protocol ContextAction {
    /// What the action takes; `Void` by default.
    ///
    /// ```swift
    /// enum Rename: ContextAction { typealias Input = String }
    /// ```
    associatedtype Input = Void
    /// What the action returns; `Void` by default.
    ///
    /// ```swift
    /// enum CurrentTotal: ContextAction { typealias Output = Double }
    /// ```
    associatedtype Output = Void

    /// A readable name used in dumps and messages; by default the action type's name.
    ///
    /// ```swift
    /// SwapWeightInputs.name   // "SwapWeightInputs"
    /// ```
    static var name: String { get }
}

extension ContextAction {
    /// The action type's own name.
    ///
    /// ```swift
    /// enum Save: ContextAction {}
    /// Save.name   // "Save"
    /// ```
    public static var name: String { String(describing: Self.self) }
}

extension ScreenContext {
    /// Registers `perform` as `action` on this context.
    ///
    /// The action is tied to `owner`, held weakly, and `perform` receives it. Action names are
    /// unique per lineage (this context, its ancestors and its descendants; siblings may each
    /// register the name): registering one while a live one exists there is a misuse, and an
    /// expired one is replaced silently.
    ///
    /// ```swift
    /// final class AssignmentWeightsContext: ScreenContext {
    ///     init() throws(ContextError) {
    ///         super.init(name: "weights")
    ///         try register(SwapWeightInputs.self, owner: self) { owner, _ in owner.swap() }
    ///     }
    ///     func swap() { … }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - action: The action's name type.
    ///   - owner: The object the action lives with.
    ///   - condition: When given, executing succeeds only while it holds (ProContext's
    ///     `addExecutable(_:executing:if:expiresWith:)`; `.whileOnScreen(screen)` is its
    ///     `ifInWindow:`).
    ///   - expiry: When given, the action expires as soon as it holds.
    ///   - perform: Receives the owner and the input, returns the output.
    /// - Returns: A handle that can end the registration early.
    /// - Throws: ``ContextError/actionAlreadyRegistered(action:registeredIn:)`` while another
    ///   live action with this name exists on this context's lineage.
    @discardableResult
    public final func register<Action: ContextAction, Owner: AnyObject>(
        _ action: Action.Type,
        owner: Owner,
        if condition: Condition? = nil,
        expiresIf expiry: Condition? = nil,
        _ perform: @escaping @MainActor (Owner, Action.Input) -> Action.Output
    ) throws(ContextError) -> Registration {
        let id = ObjectIdentifier(action)
        // Expired actions removed on the way are released once this one is in place: a `deinit`
        // of what they captured may register again (DESIGN's re-entrancy rule).
        var dropped: [ActionRecord] = []
        defer { keepAlive(dropped) }
        // Checked again while expiries it runs register the action meanwhile (see liveHolderOnLineage).
        let holder = liveHolderOnLineage(of: id, in: \.actions, releasingLater: &dropped)
        if let holder {
            throw misuse(
                ContextError.actionAlreadyRegistered(action: Action.name, registeredIn: holder.pathDescription))
        }
        let record = TypedActionRecord<Action.Input, Action.Output>(
            action: action, owner: owner, condition: condition, expiry: expiry, context: self
        ) { owner, input in
            perform(unsafeDowncast(owner, to: Owner.self), input)
        }
        actions[id] = record
        KeyStamps.advance(id)
        LineageIndex.add(self, kind: .action, id: id)
        return Registration(record: record)
    }

    /// Executes the nearest registration of `action` on the chain with `input`.
    ///
    /// ```swift
    /// let scaled = try context.execute(Scale.self, with: 2)
    /// ```
    ///
    /// - Parameters:
    ///   - action: The action to execute.
    ///   - input: The value passed to the action.
    /// - Returns: The action's output.
    /// - Throws: ``ContextError/actionMissing(action:searched:available:offChain:commonAncestor:)`` when none is on the
    ///   chain, ``ContextError/actionExpired(action:registeredIn:)`` when the nearest has expired,
    ///   ``ContextError/actionUnavailable(action:registeredIn:)`` when its condition does not hold.
    @discardableResult
    public final func execute<Action: ContextAction>(_ action: Action.Type, with input: Action.Input)
        throws(ContextError) -> Action.Output
    {
        let id = ObjectIdentifier(action)
        let (record, owner) = try liveRegistration(of: id, .action, as: ActionRecord.self, named: action.name)
        // `register` made the record for this action, so its types are `Action.Input` and `Action.Output`.
        return unsafeDowncast(record, to: TypedActionRecord<Action.Input, Action.Output>.self).perform(owner, input)
    }

    /// Executes an action that takes no input.
    ///
    /// ```swift
    /// try context.execute(SwapWeightInputs.self)
    /// ```
    ///
    /// - Parameter action: The action to execute.
    /// - Returns: The action's output.
    /// - Throws: The errors of ``execute(_:with:)``.
    @discardableResult
    public final func execute<Action: ContextAction>(_ action: Action.Type) throws(ContextError) -> Action.Output
    where Action.Input == Void {
        try execute(action, with: ())
    }

    /// Whether executing `action` would succeed now: a live registration is on the chain and its
    /// condition holds.
    ///
    /// ```swift
    /// if context.canExecute(SwapWeightInputs.self) { try context.execute(SwapWeightInputs.self) }
    /// ```
    ///
    /// - Parameter action: The action to check.
    /// - Returns: `true` when ``execute(_:with:)`` would run it.
    public final func canExecute<Action: ContextAction>(_ action: Action.Type) -> Bool {
        let id = ObjectIdentifier(action)
        guard let cached = holderEntry(of: id, .action).record else { return false }
        // Retained: its expiry and condition are user code, which may end the registration.
        let record = cached.takeUnretainedValue()
        guard record.isLive else { return false }
        guard let condition = record.condition else { return true }
        return condition.isMet()
    }

    final var actionNamesOnChain: [String] {
        var names: [String] = []
        var current: ScreenContext? = self
        while let context = current {
            for record in context.actions.values where record.isLive && !names.contains(record.name) {
                names.append(record.name)
            }
            current = context.parent
        }
        return names.sorted()
    }
}
