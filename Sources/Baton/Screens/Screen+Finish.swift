extension Screen {
    /// Says that this screen is done: the step it is in ends, and whoever awaits it resumes.
    ///
    /// One verb for every way a screen is shown, as `dismiss` is in SwiftUI: the nearest of
    /// these, walking up from this screen through its containers, ends.
    ///
    /// - A screen pushed or presented with an awaited result
    ///   (``ScreenModel/push(_:returning:identifier:sender:wiring:)``,
    ///   ``ScreenModel/present(_:returning:style:identifier:sender:wiring:)``) is popped or dismissed, and
    ///   the await returns.
    /// - The current step of a hopping container runs its continuation, or its awaiting
    ///   ``HoppingScreen/hop(to:returning:identifier:sender:wiring:)`` returns (the flow then hops
    ///   on; the step is not removed).
    /// - A screen pushed on a stack (not its root) is popped, with the screens above it.
    /// - A presented screen is dismissed, with what it presents.
    ///
    /// An await of ``ScreenModel/push(_:returningIfFinished:identifier:sender:wiring:)`` or
    /// ``ScreenModel/present(_:returningIfFinished:style:identifier:sender:wiring:)`` ends with
    /// `nil`; an await of a result of another type than `Void` ends with
    /// ``ScreenError/resultTypeMismatch(screen:expected:actual:)``.
    ///
    /// It is what SwiftUI's `dismiss()` is to a view: the way a screen goes back, whether it was
    /// pushed or presented, with no cast to the container that shows it.
    ///
    /// A second finish of the same step (a double-tapped "Done") does nothing, and so does a
    /// finish where none of these applies (a window's root). Called during a transition (from a
    /// lifecycle callback, a resolver, an observer), the pop or dismissal runs right after it.
    ///
    /// ```swift
    /// final class OnboardingScreen: ScreenModel {
    ///     func doneTapped() { finish() }
    /// }
    /// ```
    public func finish() {
        finishStep(with: ())
    }

    /// Says that this screen is done with `value`: the step it is in ends, as ``finish()`` says,
    /// and the flow awaiting it receives `value`.
    ///
    /// ```swift
    /// final class SortScreen: ScreenModel {
    ///     func choose(_ order: SortOrder) { finish(with: order) }
    /// }
    ///
    /// let order = try await list.present(SortScreen(), returning: SortOrder.self)
    /// ```
    ///
    /// A step that nothing awaits (a plain push, a hop with a continuation) ends all the same and
    /// the value is not used. When the await expects another type, it ends with
    /// ``ScreenError/resultTypeMismatch(screen:expected:actual:)`` (a misuse, which
    /// ``MisuseMode/strict`` stops at) and the screen leaves as a finished one does.
    ///
    /// - Parameter value: The result for the awaiting flow.
    public func finish<Value>(with value: Value) {
        finishStep(with: value)
    }

    /// Finds the step that `finish` ends and ends it.
    private func finishStep(with value: Any) {
        // What it requests is a call by this screen, delivering `value` (described only when a
        // window observes navigation events).
        let observed = ScreenWindow.containing(self)?.observesNavigation == true
        let result =
            observed && !(value is Void) ? (Box<Any>.debugText(value), String(describing: type(of: value))) : nil
        NavigationContext.with(observed ? .call(screen: screenName) : NavigationContext.cause, result: result) {
            finishStepNow(with: value)
        }
    }

    private func finishStepNow(with value: Any) {
        var current: any Screen = self
        while true {
            guard let model = current as? ScreenModel else {
                // A framework's screen (a view controller): only a hopping container's step ends
                // here; the framework pops and dismisses its own screens. A presented screen
                // belongs to the step that presented it.
                guard let parent = current.enclosingScreen else { return }
                if let container = parent as? any HopFlowContainer {
                    return container.hopFlow.finishStep(from: self, in: container, result: value)
                }
                current = parent
                continue
            }
            if model.isFinishing { return }
            if let waiter = model.awaitedResult, waiter.isWaiting {
                model.awaitedResult = nil
                model.leaveAsFinished()
                return waiter.deliver(value)
            }
            if let hopping = model.container as? HoppingScreen {
                return hopping.finishStep(from: self, result: value)
            }
            if let stack = model.container as? StackScreen, stack.stackedScreens.first !== model {
                return model.leaveAsFinished()
            }
            if model.presenter != nil { return model.leaveAsFinished() }
            guard let container = model.container else { return }
            current = container
        }
    }
}

extension ScreenModel {
    /// Takes this finished screen out of the tree: pops it, with the screens above it, off its
    /// stack, or dismisses it. During another transition this runs right after it, if the screen
    /// is still where it was.
    final func leaveAsFinished() {
        isFinishing = true
        weak let stack = container as? StackScreen
        weak let presenter = self.presenter
        // The body cannot throw (a pop or a dismissal wires and resolves nothing).
        try? requestTransition("finish of \(screenName)") { [weak self] () throws(ScreenError) in
            // It left meanwhile (leaving clears `isFinishing`), or was shown elsewhere.
            guard let self, self.isFinishing else { return }
            if let stack, self.container === stack, let index = stack.stackedScreens.firstIndex(where: { $0 === self }),
                index > 0
            {
                _ = stack.popTo(index: index - 1, sender: nil)
            } else if let presenter, self.presenter === presenter {
                presenter.performDismiss(sender: nil)
            } else {
                self.isFinishing = false
            }
        }
    }
}
