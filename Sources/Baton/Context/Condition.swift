/// A yes/no test evaluated on the main actor each time Baton needs it: whether a provider may be
/// requested, whether an observer is called, whether a registration has expired.
///
/// ProContext's `if:` and `expiresIf:` closures become conditions, and ``whileOnScreen(_:)`` is
/// ProContext's `ifInWindow:`.
///
/// A condition is stored with the registration it guards, so capture the objects it reads
/// weakly, as here, or the registration keeps them alive:
///
/// ```swift
/// let formIsValid = Condition { [weak form] in form?.isValid ?? false }
/// try context.provide(TotalWeight.self, owner: self, if: formIsValid) { owner in owner.weight }
/// ```
public struct Condition {
    let isMet: @MainActor () -> Bool

    /// Makes a condition from a closure evaluated on the main actor.
    ///
    /// ```swift
    /// let whileEditing = Condition { [weak field] in field?.isEditing ?? false }
    /// ```
    ///
    /// - Parameter isMet: Returns `true` while the condition holds.
    public init(_ isMet: @escaping @MainActor () -> Bool) {
        self.isMet = isMet
    }

    /// A condition that always holds.
    ///
    /// ```swift
    /// context.observe(Saved.self, owner: self, if: .always) { owner, _ in owner.refresh() }
    /// ```
    public static var always: Condition { Condition { true } }

    /// A condition that holds while `object` is alive; it is held weakly.
    ///
    /// ```swift
    /// let condition = Condition.whileAlive(session)
    /// ```
    ///
    /// - Parameter object: The object whose lifetime the condition follows.
    /// - Returns: A condition that is met until `object` is deallocated.
    @MainActor public static func whileAlive(_ object: AnyObject) -> Condition {
        Condition { [weak object] in object != nil }
    }

    /// Evaluates the condition now.
    ///
    /// ```swift
    /// if condition.evaluate() { … }
    /// ```
    ///
    /// - Returns: Whether the condition holds.
    @MainActor public func evaluate() -> Bool { isMet() }

    /// A condition that holds while `condition` does not, ProContext's
    /// `ifHasNotLeftWindow:` written as `expiresIf: !.whileOnScreen(self)`.
    ///
    /// ```swift
    /// try context.provide(TotalWeight.self, owner: self, if: .whileOnScreen(self), expiresIf: !.whileOnScreen(self)) {
    ///     $0.weight
    /// }
    /// ```
    ///
    /// - Parameter condition: The condition to negate.
    /// - Returns: Its negation, evaluated each time.
    @MainActor public static prefix func ! (condition: Condition) -> Condition {
        Condition { !condition.isMet() }
    }

    /// A condition that holds while both do; `rhs` is evaluated only when `lhs` holds.
    ///
    /// ```swift
    /// let editable = Condition.whileOnScreen(self) && formIsValid
    /// ```
    ///
    /// - Parameters:
    ///   - lhs: The first condition.
    ///   - rhs: The second condition.
    /// - Returns: Their conjunction, evaluated each time.
    @MainActor public static func && (lhs: Condition, rhs: Condition) -> Condition {
        Condition { lhs.isMet() && rhs.isMet() }
    }

    /// A condition that holds while either does; `rhs` is evaluated only when `lhs` does not hold.
    ///
    /// ```swift
    /// let visible = Condition.whileOnScreen(list) || .whileOnScreen(detail)
    /// ```
    ///
    /// - Parameters:
    ///   - lhs: The first condition.
    ///   - rhs: The second condition.
    /// - Returns: Their disjunction, evaluated each time.
    @MainActor public static func || (lhs: Condition, rhs: Condition) -> Condition {
        Condition { lhs.isMet() || rhs.isMet() }
    }
}
